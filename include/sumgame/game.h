/* The game plugin ABI, version 1 (minor 4).
 *
 * A game plugin is a shared object that exports one symbol:
 *
 *     const sg_game_desc *sumgame_game_plugin(void);
 *
 * returning a pointer to a static const descriptor. The host reads abi_version and size
 * first and refuses the plugin when the major version differs or the descriptor is
 * shorter than the host's ABI 1.0 descriptor.
 *
 * Model. An instance (create) holds everything a game needs that is not part of a
 * position: tables, Zobrist keys, explicit trees, generator parameters. A position is a
 * plain-old-data blob of exactly pos_size bytes: the host copies it with memcpy, hashes
 * it with hash(), stores it in transposition tables and may send it to another process
 * that created its instance from the same parameters and parsed the same texts. Moves
 * are 64-bit codes the game defines. play() is copy-make: it never changes its input.
 *
 * Threading: one instance is used by one thread at a time. A plugin has no mutable
 * global state; everything lives in the instance.
 *
 * Errors: functions return SG_OK or a negative sg_status and write one line into the
 * caller's err buffer (errlen bytes, always NUL-terminated when errlen > 0). A plugin
 * never prints and never exits. */
#ifndef SUMGAME_GAME_H
#define SUMGAME_GAME_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/host.h"
#include "sumgame/value.h"

SG_API_BEGIN

/* The exported entry symbol's name and type. */
#define SG_GAME_ENTRY "sumgame_game_plugin"
typedef struct sg_game_desc sg_game_desc;
typedef const sg_game_desc *(*sg_game_entry_fn)(void);

/* Describes one generator or instance parameter, for `sumgame list` and the docs. */
typedef struct sg_param_doc {
    const char *key;
    const char *default_value;
    const char *help;
} sg_param_doc;

/* A database shape as the game describes it (db_shape below). */
#define SG_DB_NONE UINT64_MAX
#define SG_DB_SYMMETRIES_MAX 16
typedef struct sg_db_shape {
    uint64_t indices;    /* index space: 0 .. indices - 1 */
    uint32_t layers;     /* strata, at least 1 */
    uint32_t symmetries; /* images per index, the identity included: 1 .. 16 */
    char title[200];     /* one line for the file header: what the shape holds */
} sg_db_shape;

struct sg_game_desc {
    uint32_t abi_version; /* SG_ABI_VERSION the plugin was compiled against */
    uint32_t size;        /* sizeof(sg_game_desc) as the plugin compiled it */
    const char *name;     /* identifier used in sums: "rcg" in rcg:114|66||49|0 */
    const char *version;  /* the plugin's own version, free text */
    const char *description;
    size_t pos_size; /* bytes in a position, at most SG_POS_MAX */
    const sg_param_doc *params; /* NULL-terminated (key == NULL) list; may be NULL */

    /* Creates an instance from params (the [sum] keys a game understands, or key=value
     * arguments of `sumgame gen`). Must reject unknown keys. The instance allocates
     * through host only and keeps the pointer. */
    int (*create)(const sg_host *host, const sg_params *params, void **instance, char *err,
                  size_t errlen);
    void (*destroy)(void *instance);

    /* Parses a position in the game's notation into pos (pos_size bytes). May grow the
     * instance (an explicit tree is stored there). */
    int (*parse)(void *instance, const char *text, void *pos, char *err, size_t errlen);
    /* Writes the notation of pos; parse(format(p)) must give a position equal to p.
     * Returns SG_OK or SG_ERR_RANGE when cap is too small. */
    int (*format)(void *instance, const void *pos, char *buf, size_t cap);

    /* Writes up to cap legal moves of who into moves and their number into *count.
     * Returns SG_ERR_RANGE when more than cap exist (count then holds the number).
     * The order must be the same every time for the same position. A settled position
     * (number() says integer) may still list moves; the host does not ask. The host asks
     * with cap 0 when it needs the count alone (perft's last ply), so a game may count
     * there without listing. */
    int (*moves)(void *instance, const void *pos, sg_player who, sg_move *moves, size_t cap,
                 size_t *count);
    /* Copy-make: writes the result of who playing move in pos into out (which may not
     * alias pos). Rejects a move that is not legal with SG_ERR_INVALID. */
    int (*play)(void *instance, const void *pos, sg_player who, sg_move move, void *out,
                char *err, size_t errlen);
    /* Parses a move in the game's move notation for who in pos. */
    int (*parse_move)(void *instance, const void *pos, sg_player who, const char *text,
                      sg_move *move, char *err, size_t errlen);
    int (*format_move)(void *instance, const void *pos, sg_move move, char *buf, size_t cap);

    /* Returns true and writes the value when the game knows pos is a number. An integer
     * means settled: the component is over and counts that many points. A position in
     * which one player has no move is always an integer and must be reported (its CGT
     * value; when the stuck player can never get a move back, that is the other player's
     * longest run of moves, with sign, but in some games a walled-in piece is freed when
     * an opposing neighbour moves away, so in general it is not). A non-integer
     * dyadic is frozen by exact solvers and played out in real play. Must never claim a
     * number it has not proved. */
    bool (*number)(void *instance, const void *pos, sg_value *value);

    /* Equal positions give equal hashes; the host mixes it with the game's identity. */
    uint64_t (*hash)(void *instance, const void *pos);

    /* Heuristic estimate of the position's minimax value with to_move to play, from
     * Left's point of view, in the value unit. Optional (NULL): the host then uses 0. */
    sg_value (*evaluate)(void *instance, const void *pos, sg_player to_move);

    /* An upper bound on the temperature (and so on the birthday-based coupon stack size
     * TDS needs). Optional (NULL): the host bounds it by search. */
    bool (*temperature_bound)(void *instance, const void *pos, sg_value *bound);

    /* Splits pos into independent components. Optional (NULL): never splits. Writes up
     * to cap positions of pos_size bytes each into parts and their number into *count
     * (1 when pos does not split). SG_ERR_RANGE when cap is too small. */
    int (*split)(void *instance, const void *pos, void *parts, size_t cap, size_t *count);

    /* Writes a random position drawn with rng according to the instance's generator
     * parameters. Optional (NULL): the game cannot be generated. */
    int (*generate)(void *instance, sg_rng *rng, void *pos, char *err, size_t errlen);

    /* ---- ABI 1.1: optional, present when size covers them (SG_GAME_HAS) ---- */

    /* An upper bound on the birthday of pos: every line of play from pos (alternating or
     * not) ends within *days moves. TDS+ (E2) uses it to skip temperatures no game born
     * by that day can have. Optional (NULL). A board whose every move fills a square is bounded by its empty
     * squares. */
    bool (*birthday_bound)(void *instance, const void *pos, unsigned *days);

    /* ---- ABI 1.2: optional, present when size covers them (SG_GAME_FLAGS, SG_GAME_HAS) -- */

    /* Properties of the game, SG_GAME_* bits below; read it with SG_GAME_FLAGS(d). */
    uint32_t flags;
    /* Ko. Writes into out what pos becomes when a move is made in another component and
     * returns true when that differs from pos: a ban that a move elsewhere lifts (a ko
     * ban set by a capture here expires once the opponent plays a ko threat elsewhere).
     * False when a move elsewhere changes nothing (out is then unspecified). The sum
     * applies it to every other component after each move, so a ban lasts exactly one
     * turn of the sum. A position for which it returns true has a live ban: exact
     * solvers (canonical forms, thermographs) refuse it, naming the component.
     * Optional (NULL): moves elsewhere never change a component. */
    bool (*moved_elsewhere)(void *instance, const void *pos, void *out);
    /* A fast playout: plays pos to its end under the game's own default policy, who
     * first, drawing only from rng, and writes the final score (Left's view, an integer)
     * into *score and the player who would move after the last move into *next.
     * Optional (NULL): the framework plays uniformly random moves until the component is
     * settled (sumgame/mc.h). */
    int (*playout)(void *instance, const void *pos, sg_player who, sg_rng *rng,
                   sg_value *score, sg_player *next);

    /* ---- ABI 1.3: optional, present when size covers them (SG_GAME_HAS) ---- */

    /* format_move, told who makes the move, so a move code need not carry it (a Domineering
     * placement is vertical because Left makes it). The host calls it instead of
     * format_move wherever it knows the mover; parse_move(format_move_for(m)) must give m
     * back for the same who. Optional (NULL): format_move. */
    int (*format_move_for)(void *instance, const void *pos, sg_player who, sg_move move,
                           char *buf, size_t cap);

    /* Symmetry: writes into out the representative of pos's class under the game's
     * symmetries (board rotations and reflections, translations): every position of a
     * class gives the same bytes, and they are a position of the class, so all of them
     * have one value. Exact analysis memoizes positions under their representative.
     * Optional (NULL): no symmetry. */
    void (*canonical)(void *instance, const void *pos, void *out);

    /* Databases (`sumgame db GAME SHAPE`). A shape is a finite family of positions the
     * game names by a text of its own ("4x4", "rooms:5") and numbers densely: indices
     * 0 .. shape->indices - 1, not each of them a position. db_shape selects the shape in
     * the instance (later db_ calls refer to it) and describes it; SG_ERR_INVALID with one
     * line for a text the game does not know. All four are needed for a database. */
    int (*db_shape)(void *instance, const char *text, sg_db_shape *shape, char *err,
                    size_t errlen);
    /* The position of index: false when index names none. *layer is its stratum
     * (0 .. shape->layers - 1): the file lists positions by layer, then by index, and
     * samples draw a quota from each layer. */
    bool (*db_position)(void *instance, uint64_t index, void *pos, uint32_t *layer);
    /* The index of pos, or SG_DB_NONE when pos is not in the shape (a move may leave it:
     * its value is then found by plain exact analysis). */
    uint64_t (*db_index)(void *instance, const void *pos);
    /* The images of index under the shape's symmetries: writes shape->symmetries indices
     * into out, out[0] being index itself, SG_DB_NONE for an image outside the shape, and
     * into conjugate whether that image also exchanges the players' roles (its value is
     * then the negative: the colours swapped, a Domineering board transposed). A
     * position is listed when no image that is not a conjugate has a smaller index. */
    void (*db_images)(void *instance, uint64_t index, uint64_t *out, bool *conjugate);

    /* GTP (`sumgame gtp`, docs/gtp.md): a whole board played move by move against a GUI.
     * A game offers GTP when it sets all four; the host checks gtp_name and refuses a game
     * that lacks any of them. The host keeps the whole board as one position, plays moves on
     * it with play(), and hands it to strategies as a one-component sum that split() may
     * cut into parts, so a game that splits promises that its parts keep the board's
     * coordinates: a move code listed in a part is the same move, through play(), on the
     * unsplit board (a room can be the board with the other rooms' squares blocked).
     * "pass" and "resign" are the host's words and never reach these functions: a pass is
     * a move elsewhere (moved_elsewhere) and is legal only for SG_GAME_PASSES games. */
    /* The game's name in GTP: the answer to Quarry's list_games and the argument its
     * set_game sends (Quarry's names, such as "Go"). */
    const char *gtp_name;
    /* Writes the start position of a size x size board (GTP boardsize, clear_board): the
     * usual setup of the game, the one the GUIs draw. SG_ERR_INVALID with one line for a
     * size the game does not play (the host answers "unacceptable size"). */
    int (*gtp_start)(void *instance, unsigned size, void *pos, char *err, size_t errlen);
    /* Parses a move of who on pos as GUIs write it (GTP vertices, any letter case:
     * "C3", "D1-D7-G7"). SG_ERR_INVALID with one line when the text is not a legal move of
     * who (the host answers "illegal move"). */
    int (*gtp_parse_move)(void *instance, const void *pos, sg_player who, const char *text,
                          sg_move *move, char *err, size_t errlen);
    /* Writes move, made by who on pos (the whole board or one of its parts), as GUIs
     * read it: upper-case vertices ("C3", "D1-D7-G7"). gtp_parse_move must read it back. */
    int (*gtp_format_move)(void *instance, const void *pos, sg_player who, sg_move move,
                           char *buf, size_t cap);

    /* The indices of the positions that who's moves from index lead to, one per move that
     * moves() lists (in any order), into out (cap entries), and their number into *count:
     * SG_ERR_RANGE when there are more than cap (count then holds the number), and
     * SG_ERR_UNSUPPORTED when a move leaves the shape. A database walk then needs no
     * position made, played and numbered per move; it is what makes a game's database as
     * fast as code written for that database alone. Optional (NULL, or UNSUPPORTED): the
     * host uses moves, play and db_index. */
    int (*db_children)(void *instance, uint64_t index, sg_player who, uint64_t *out,
                       size_t cap, size_t *count);

    /* ---- ABI 1.4: optional, present when size covers it (SG_GAME_HAS) ---- */

    /* For games that pass (SG_GAME_PASSES): what pos counts, in Left's view, if both
     * players pass now and play stops there (Go: the area score as the stones stand).
     * Generalized thermography then lets either player pass at t = 0, where a pass is all
     * a move elsewhere can be, and ends play at two passes in a row, as Go ends. False
     * when pos is not a position of the game. Optional (NULL): at t = 0 a player passes
     * only to let a ko ban lift or when he has no move, and play ends only at a number. */
    bool (*stop_score)(void *instance, const void *pos, sg_value *value);

    /* ---- ABI 1.5: optional, present when size covers it (SG_GAME_HAS) ---- */

    /* For GTP's final_status_list: the stones of pos, one part of a split board whose
     * exact value (both stops) is the integer value, that optimal play leaves captured,
     * written as GTP vertices separated by spaces ("" when none); SG_ERR_RANGE when cap is
     * too small. Optional (NULL): final_status_list dead is refused. */
    int (*gtp_dead)(void *instance, const void *pos, sg_value value, char *buf, size_t cap);

    /* ---- ABI 1.6: optional, present when size covers it (SG_GAME_HAS) ---- */

    /* For GTP's final_status_list alive: every stone on pos (the whole board), written as
     * GTP vertices separated by spaces ("" when none); SG_ERR_RANGE when cap is too small.
     * The host lists those gtp_dead does not call dead. Optional (NULL): final_status_list
     * alive is refused. */
    int (*gtp_stones)(void *instance, const void *pos, char *buf, size_t cap);

    /* ---- ABI 1.8: optional, present when size covers it (SG_GAME_HAS) ---- */

    /* evaluate() one move ahead: writes into *best the greatest (who = SG_LEFT) or the
     * least (SG_RIGHT) evaluate(child, opponent of who) over the children play() makes
     * from who's moves() in pos; false when who has no move. It must give exactly what
     * that loop gives (check-plugin compares them). TDS+'s thermographic leaves (E7) ask
     * it of every leaf, for both players, so a game that makes its children without
     * play()'s checks and copies searches faster. Optional (NULL): the framework runs the
     * loop over moves(), play() and evaluate(). */
    bool (*evaluate_options)(void *instance, const void *pos, sg_player who, sg_value *best);

    /* ---- ABI 1.9: optional, present when size covers it (SG_GAME_HAS) ---- */

    /* For GTP's final_status_list seki: the stones of pos, one part of a split board whose
     * exact value (both stops) is the integer value, that stay on the board in seki:
     * stones gtp_dead does not call dead that share a liberty with a string of the other
     * colour gtp_dead does not call dead either, so that neither player fills it. Written
     * as GTP vertices separated by spaces ("" when none); SG_ERR_RANGE when cap is too
     * small. Optional (NULL): final_status_list seki is an empty list, and such stones
     * are listed alive. */
    int (*gtp_seki)(void *instance, const void *pos, sg_value value, char *buf, size_t cap);

    /* ---- ABI 1.10: optional, present when size covers it (SG_GAME_HAS) ---- */

    /* A move who must make now on pos, the whole board GTP plays (before its split), to
     * keep an assumption the game's split makes that the opponent's play has put in
     * question: Go's split takes chains marked alive as uncapturable, and an attack on
     * them must be answered on the real board, which no part sees. Writes the move into
     * *move and true into *found, or false into *found when nothing needs an answer; an
     * error code for a position that is not the game's. It may take `seconds` (0: no
     * limit). GTP's genmove gives it a quarter of the move's time, plays the move in
     * place of its strategy's choice, and takes the time spent here from the strategy's
     * budget. (A match plays the parts, and its players play only their moves.) Optional
     * (NULL): the strategy always chooses. */
    int (*urgent_move)(void *instance, const void *pos, sg_player who, double seconds,
                       sg_move *move, bool *found);
};

/* A player without a move in a component passes there, and the component stays live
 * until number() reports it: a Go region ends only when neither player can move (both
 * have passed), so number() need not report positions where just one player is out of
 * moves. A match lets a player who has no move in the whole sum pass while the opponent
 * still has one in such a component. Without the flag a player with no move in a
 * component can never move there again, and number() must report it. */
#define SG_GAME_PASSES (1u << 0)
/* moves, play, number, hash, moved_elsewhere and playout may run in several threads at
 * once on one instance (they only read it), so Monte-Carlo strategies may search its
 * components in parallel. Without it they are called from one thread at a time. */
#define SG_GAME_REENTRANT (1u << 1)

/* Normal play: the last player to move wins, and a settled position is worth the moves
 * its owner can still make (Amazons, Domineering, Clobber). A match of such games
 * counts a final score of 0 as a loss for the player to move (zero_score = mover_loses,
 * unless the match says otherwise) and leads its summary with wins. Without the flag
 * the score is the goal, as in Go or rcg, and a score of 0 is a draw. Exact play aims at
 * the win either way: among the moves that reach the best score it takes one that wins
 * under normal play, so the flag changes how results are counted, not moves. */
#define SG_GAME_NORMAL_PLAY (1u << 2)

/* Whether descriptor d, as its plugin compiled it, has the optional field f (fields after
 * ABI 1.0's are read only when the plugin's size covers them). */
#define SG_GAME_HAS(d, f)                                                                   \
    ((d)->size >= offsetof(sg_game_desc, f) + sizeof((d)->f) && (d)->f != NULL)
/* The descriptor's flags, 0 for a plugin built before ABI 1.2. */
#define SG_GAME_FLAGS(d)                                                                    \
    ((d)->size >= offsetof(sg_game_desc, flags) + sizeof(uint32_t) ? (d)->flags : 0u)
/* The size of an ABI 1.0 game descriptor: the least the host accepts. */
#define SG_GAME_DESC_SIZE_1_0 offsetof(sg_game_desc, birthday_bound)

/* Largest position any game may declare. */
#define SG_POS_MAX 512

SG_API_END
#endif
