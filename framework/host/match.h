/* `sumgame match`: what a head-to-head is made of (match_plan, read from an INI file by
 * match_config.c), how one game is played inside a worker process (match_play.c), and
 * how games are farmed out to workers and gathered in order (match_run.c).
 *
 * Games and pairs. Position p (0-based) is played twice: game 2p with the `left=`
 * strategy ("A") playing Left, game 2p+1 with A playing Right. `first` fixes who moves
 * first: left (default), right, or alternate (Left in both games of even pairs, Right in
 * both games of odd pairs, so the two games of a pair always differ only in colors).
 *
 * Randomness. root = sg_rng_seed(seed). Position p is generated from
 * sg_rng_split(root, p) (its components one after another from that one stream), so
 * with components = 1 the positions are exactly those of `sumgame gen --seed S`. Game g
 * draws its strategies' streams from sg_rng_split(sg_rng_split(root, 2^64-1), g): A gets
 * sg_rng_split(that, 0), the `right=` strategy ("B") sg_rng_split(that, 1). Each game is
 * played in a fresh process forked from the prepared parent, so no strategy state
 * (transposition tables, ...) carries from one game to the next: results do not depend
 * on --jobs or on which worker ran which game, nor on --from. */
#ifndef SUMGAME_HOST_MATCH_H
#define SUMGAME_HOST_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "catalog.h"
#include "sumgame/clock.h"
#include "sumgame/config.h"
#include "sumgame/strategy.h"
#include "sumgame/sum.h"

typedef enum match_first { FIRST_LEFT = 0, FIRST_RIGHT = 1, FIRST_ALTERNATE = 2 } match_first;
/* What a final score of 0 means: a draw (scoring games such as rcg or Go) or, under
 * normal play, a loss for the player to move at the end (Amazons). */
typedef enum match_zero { ZERO_DRAW = 0, ZERO_MOVER_LOSES = 1 } match_zero;

typedef struct match_side {
    const char *name; /* NAME of [strategy.NAME] (points into the config) */
    const sg_strategy_desc *desc;
    void *instance;
} match_side;

typedef struct match_plan {
    sg_config *cfg;
    catalog *cat;
    match_side a, b; /* a: the `left=` strategy, b: the `right=` one */
    unsigned long long positions;
    unsigned long long from; /* first position played (--from); earlier ones are skipped */
    uint64_t seed;
    sg_budget budget;
    match_first first;
    match_zero zero;
    sg_sum **sums;  /* start of each position */
    char **texts;   /* each position as "GAME:POS + ..." */
    sg_param *kept[3]; /* parameter lists given to create(), kept while instances live */
} match_plan;

/* Command-line values that replace the file's (NULL / false = keep the file's). */
typedef struct match_overrides {
    bool has_games, has_seed;
    unsigned long long games;
    unsigned long long from; /* --from: positions before it are built but not played */
    uint64_t seed;
    const char *plugin_path;
} match_overrides;

/* Reads the configuration at path, opens and creates both strategies and builds every
 * position. On failure err holds one line, normally "file:line: ...". */
int match_plan_load(match_plan *plan, const char *path, const match_overrides *ov, char *err,
                    size_t errlen);
void match_plan_free(match_plan *plan);

/* Game g's colors and first player. */
static inline bool match_a_is_left(unsigned long long g) { return g % 2 == 0; }
sg_player match_first_player(const match_plan *plan, unsigned long long g);

/* Plays game g inside a worker and reports on fd, one line per message:
 *   "M TEXT"               a move was played (sg_sum_format_move text)
 *   "F L|R REASON"         that player forfeits (its strategy failed or moved illegally)
 *   "E SCORE NL NR SECS"   the game ended: final score (Left's view) or "-" after a
 *                          forfeit, nodes of the Left and Right players, seconds */
void match_play_game(const match_plan *plan, unsigned long long g, int fd);

/* Plays games 2 * plan->from onward with up to jobs worker processes, writes one JSON
 * line per game to out (may be NULL) in game order, and the summary to stdout (as JSON
 * when json). Positions and games keep the numbers of a run from position 0, so a run
 * split with --from gives the same games as one run.
 * Returns the exit status. */
int match_run(const match_plan *plan, unsigned jobs, FILE *out, bool json);

#endif
