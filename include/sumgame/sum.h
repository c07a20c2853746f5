/* Sums of components: the global position every strategy and search works on.
 *
 * A sum holds live components (a game instance plus a position) and the frozen total:
 * the values of components that are over. Adding or playing keeps the sum tidy:
 *   - a component that splits (a move that cuts a room in two) becomes its parts;
 *   - a component the game reports as an integer is settled: removed, value added to
 *     the frozen total;
 *   - under SG_FREEZE_NUMBERS (exact solving, by number avoidance) a non-integer number
 *     is frozen the same way; under SG_FREEZE_INTEGERS (real play) it stays live and is
 *     played out.
 * The player to move is not part of a sum; it is passed alongside.
 *
 * After a move in one component, every other component's game is told (game.h,
 * moved_elsewhere): a ko ban in a component lasts until the next move in another.
 *
 * Playing is copy-make: sg_sum_play(src, ..., dst) leaves src untouched, so a search
 * keeps one sum per ply. Only the moved component is split, settled and hashed; the
 * others are copied with their cached hashes, and when dst last took a play from the same
 * unchanged src (the siblings of a search node), only the two components that differ are
 * copied. Hashes of components are combined with addition, so the sum's hash does not
 * depend on the order of its components. */
#ifndef SUMGAME_SUM_H
#define SUMGAME_SUM_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/game.h"
#include "sumgame/host.h"
#include "sumgame/value.h"

SG_API_BEGIN

/* A game plugin together with one instance of it; shared by all its components. */
typedef struct sg_game {
    const sg_game_desc *desc;
    void *instance;
    uint64_t salt; /* mixed into component hashes, so equal blobs of two games differ */
} sg_game;

/* Wraps an instance. The salt is derived from the game's name. */
void sg_game_init(sg_game *game, const sg_game_desc *desc, void *instance);

typedef enum sg_freeze {
    SG_FREEZE_INTEGERS = 0, /* real play: only settled (integer) components leave */
    SG_FREEZE_NUMBERS = 1   /* exact solving: every number the game reports leaves */
} sg_freeze;

typedef struct sg_sum sg_sum;

/* A move in a sum: which live component, and the game's move code there. */
typedef struct sg_sum_move {
    uint32_t component;
    sg_move move;
} sg_sum_move;

/* The component of a pass by choice: legal where sg_sum_may_pass (Go), so a player who
 * has moves may still hand the turn over, as a Go player passes rather than fill his own
 * territory. sg_sum_play plays it as sg_sum_pass does; two passes in a row end play at
 * sg_sum_stop_score. The move code is ignored. */
#define SG_SUM_PASS UINT32_MAX

sg_sum *sg_sum_new(sg_freeze policy);
void sg_sum_free(sg_sum *sum);
/* Empties the sum (frozen total 0), keeping its storage and policy. */
void sg_sum_clear(sg_sum *sum);

/* Appends a component (splitting and settling it as described above). */
int sg_sum_add(sg_sum *sum, sg_game *game, const void *pos, char *err, size_t errlen);
/* Adds v to the frozen total (an integer or number the caller knows). */
void sg_sum_add_frozen(sg_sum *sum, sg_value v);

sg_freeze sg_sum_policy(const sg_sum *sum);

/* A second opinion on numbers, asked about every component the game itself does not
 * report as a number (exact solving uses canonical forms here, so that components equal
 * to numbers are frozen even when their game cannot tell). Copies and plays inherit it.
 * Returns true and the value only for proven numbers. */
typedef bool (*sg_number_oracle_fn)(void *ctx, const sg_game *game, const void *pos,
                                    sg_value *value);
void sg_sum_set_number_oracle(sg_sum *sum, sg_number_oracle_fn fn, void *ctx);
size_t sg_sum_count(const sg_sum *sum);
sg_game *sg_sum_game(const sg_sum *sum, size_t i);
const void *sg_sum_pos(const sg_sum *sum, size_t i);
uint64_t sg_sum_component_hash(const sg_sum *sum, size_t i);
/* The hash sg_sum_component_hash keeps for pos as a component of game: the game's hash
 * (called in a fault frame, game_call.h) mixed with the game's salt. For tables keyed by
 * component where there is no sum; with a sum, its kept hash costs no call. */
uint64_t sg_component_hash(const sg_game *game, const void *pos);
sg_value sg_sum_frozen(const sg_sum *sum);
/* True when no live component is left: the value is the frozen total. */
static inline bool sg_sum_is_over(const sg_sum *sum) { return sg_sum_count(sum) == 0; }

/* dst becomes a copy of src (policy included). */
int sg_sum_copy(sg_sum *dst, const sg_sum *src);
/* dst (emptied first) takes src's frozen total and src's live components, each added
 * again under dst's own policy: how a real-play sum (SG_FREEZE_INTEGERS) is handed to
 * the exact solver (SG_FREEZE_NUMBERS). Components that are numbers under dst's policy
 * leave, so indices shift: origin (may be NULL) receives for each live component of
 * dst the index in src it came from; a component that splits into several parts gives
 * them all the same origin. SG_ERR_RANGE when dst gets more than cap components. */
int sg_sum_refreeze(sg_sum *dst, const sg_sum *src, uint32_t *origin, size_t cap, char *err,
                    size_t errlen);

/* All moves of who: component by component, each game's order. */
int sg_sum_moves(const sg_sum *sum, sg_player who, sg_sum_move *moves, size_t cap,
                 size_t *count);
/* The number of who's moves, as sg_sum_moves would count them, without listing them:
 * each game is asked through moves() with cap 0, which games may answer faster than a
 * full list. */
int sg_sum_move_count(const sg_sum *sum, sg_player who, size_t *count);
/* Moves of who in component i. */
int sg_sum_component_moves(const sg_sum *sum, size_t i, sg_player who, sg_move *moves,
                           size_t cap, size_t *count);

/* dst = src after who plays mv (SG_SUM_PASS: a pass, where sg_sum_may_pass). dst must
 * not be src. Illegal moves are SG_ERR_INVALID. */
int sg_sum_play(const sg_sum *src, sg_player who, sg_sum_move mv, sg_sum *dst, char *err,
                size_t errlen);

/* dst = src after a pass: the move elsewhere of every component (game.h,
 * moved_elsewhere), so a pass, like a move in another component, lifts ko bans. Used
 * where a player without a move passes (SG_GAME_PASSES) and for moves outside the sum
 * (a TDS coupon). */
int sg_sum_pass(const sg_sum *src, sg_sum *dst);
/* What the sum counts, in Left's view, if both players pass now and play stops: the
 * frozen total plus each live component's stop_score (game.h; Go: the count as the
 * stones stand). False when a live component's game has no stop_score or refuses it. */
bool sg_sum_stop_score(const sg_sum *sum, sg_value *out);
/* True when a live component's game lets a player without a move pass there
 * (SG_GAME_PASSES, game.h): only then may a player with no move in the sum hand the turn
 * over instead of ending play. */
bool sg_sum_may_pass(const sg_sum *sum);
/* True when a live component holds a ban a move elsewhere would lift (a fresh ko), with
 * the first such component's index. */
bool sg_sum_has_ban(const sg_sum *sum, size_t *component);

/* Perft on a sum: the number of move sequences of exactly depth moves from sum, players
 * alternating from who, played with sg_sum_play (so under the sum's rules: split
 * components continue as their parts, settled ones have no moves). A sequence reaching a
 * player without a move ends early and is not a leaf. *nodes counts every position
 * visited, the leaves included. The last ply is counted with sg_sum_move_count, not
 * played. */
int sg_sum_perft(const sg_sum *sum, sg_player who, int depth, uint64_t *leaves,
                 uint64_t *nodes, char *err, size_t errlen);

/* Order-independent hash of the live components (the frozen total is not included). */
uint64_t sg_sum_hash(const sg_sum *sum);

/* "rcg:114|66||49|0 + rcg:{1|0}", live components only, or "0" when none. */
int sg_sum_format(const sg_sum *sum, char *buf, size_t cap);
/* "2:L1": component number counted from 1, then the game's move text. */
int sg_sum_format_move(const sg_sum *sum, sg_sum_move mv, char *buf, size_t cap);
/* The same, told that who makes the move (the game's format_move_for when it has one). */
int sg_sum_format_move_for(const sg_sum *sum, sg_player who, sg_sum_move mv, char *buf,
                           size_t cap);
/* A move's text in one game: format_move_for when the game has it, else format_move. */
int sg_game_format_move(const sg_game *game, const void *pos, sg_player who, sg_move move,
                        char *buf, size_t cap);

SG_API_END
#endif
