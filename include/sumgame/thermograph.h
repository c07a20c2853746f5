/* Thermographs of short (loopfree) games, exact in dyadic arithmetic.
 *
 * A wall is a piecewise-linear function of the temperature t on [-1, oo), given by
 * breakpoints; above the game's temperature both walls are the mast at the mean. For a
 * game that is not a number, below its temperature
 *     LW(t) = max over G^L of (RW_{G^L}(t) - t)     (Left's taxed scaffold)
 *     RW(t) = min over G^R of (LW_{G^R}(t) + t)     (Right's taxed scaffold)
 * and the temperature is the least t at which the scaffolds meet. A number x has the mast
 * x everywhere and temperature -1 when x is an integer, -1/2^k when x = m/2^k (m odd).
 * The Left and Right stops are LW(0) and RW(0). Hotstrat+'s pseudo-temperature of a player
 * is the largest t at which that player's scaffold still lies on the mast (Müller–Li
 * §2.1); it is at least the temperature.
 *
 * References: Berlekamp, Conway, Guy, Winning Ways, ch. 6; Siegel, Combinatorial Game
 * Theory, §II.5; Müller and Li, Locally informed global search, §2.1. */
#ifndef SUMGAME_THERMOGRAPH_H
#define SUMGAME_THERMOGRAPH_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>

#include "sumgame/cgt.h"
#include "sumgame/meter.h"
#include "sumgame/value.h"

SG_API_BEGIN

/* A piecewise-linear function on [-1, oo): value x[i] at t[i] (t[0] = -1, increasing),
 * slope[i] on [t[i], t[i+1]) and slope[n-1] from t[n-1] on. Slopes are small integers. */
typedef struct sg_pl {
    size_t n;
    sg_value *t;
    sg_value *x;
    int *slope;
} sg_pl;

typedef struct sg_thermograph {
    sg_value mean;
    sg_value temperature;
    sg_value pseudo_left;  /* Hotstrat+ pseudo-temperature for Left */
    sg_value pseudo_right;
    sg_value left_stop, right_stop;
    sg_pl left_wall;  /* the whole left wall, mast included */
    sg_pl right_wall;
} sg_thermograph;

void sg_thermograph_free(sg_thermograph *th);
sg_value sg_pl_eval(const sg_pl *f, sg_value t);

/* The thermograph of the canonical game g. Memoized inside a cache owned by the caller
 * (sg_thermo_cache), so shared subgames are computed once. */
typedef struct sg_thermo_cache sg_thermo_cache;
/* A cache over table; with table NULL the cache makes and owns a table of its own. */
sg_thermo_cache *sg_thermo_cache_new(sg_cgt *table);
void sg_thermo_cache_free(sg_thermo_cache *cache);
sg_cgt *sg_thermo_cache_table(sg_thermo_cache *cache);
/* Analyses of new positions tick meter (NULL = none) and stop with SG_ERR_BUDGET when it
 * expires. */
void sg_thermo_cache_set_meter(sg_thermo_cache *cache, sg_meter *meter);
/* Forgets every cached analysis (and, when it owns its table, every canonical form):
 * call it when the game instances the cache was keyed on go away. */
int sg_thermo_cache_reset(sg_thermo_cache *cache);
/* The cached thermograph of g (owned by the cache; valid until the cache is freed). */
const sg_thermograph *sg_thermograph_of(sg_thermo_cache *cache, sg_cg g);

/* The thermograph of a plugin position: that of its canonical form, built from the
 * plugin's moves (sg_cgt_from_game, memoized by position hash), so positions of equal
 * value share one thermograph. From t = 0 up this equals the thermograph of the
 * position's own options; below 0 and for pseudo-temperatures the canonical form is
 * sumgame's definition. On success *out points into the cache. */
int sg_thermograph_of_position(sg_thermo_cache *cache, const sg_game *game, const void *pos,
                               size_t max_positions, const sg_thermograph **out, char *err,
                               size_t errlen);

/* The thermograph of a position as a move left it: when the game splits it into parts,
 * the thermograph of their sum. The same as sg_thermograph_of_position, which adds the
 * parts too; kept for callers that say which they mean. */
int sg_thermograph_of_played(sg_thermo_cache *cache, const sg_game *game, const void *pos,
                             size_t max_positions, const sg_thermograph **out, char *err,
                             size_t errlen);

/* Who's best move in one component at temperature t: the option whose taxed scaffold
 * is best there (Left: highest right wall; Right: lowest left wall), the first in move
 * order among equals. *has is false when who has no move. */
int sg_thermograph_best_move(sg_thermo_cache *cache, const sg_game *game, const void *pos,
                             sg_player who, sg_value t, size_t max_positions, bool *has,
                             sg_move *best, char *err, size_t errlen);

/* The thermograph of a position by plain recursion over the plugin's moves: no memo, no
 * canonical forms, numbers only where the plugin's number() reports them. Correct only
 * for games whose plugin recognizes every position equal to a number (rcg(k, n) trees);
 * kept as the baseline of `make bench`. The caller frees *out with sg_thermograph_free. */
int sg_thermograph_unmemoized(const sg_game *game, const void *pos, sg_thermograph *out,
                              char *err, size_t errlen);

SG_API_END
#endif
