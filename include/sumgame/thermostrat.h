/* Berlekamp's Thermostrat over exact thermographs, shared by the thermostrat and
 * sentestrat strategies.
 *
 * The rule as implemented (our reading of Winning Ways, ch. 6, "Thermostrat"; see
 * docs/algorithms.md): for Left, the compound thermograph of the live components has the
 * right boundary R(t) = sum of the right walls and the left boundary L(t) = R(t) + W(t),
 * where W(t) is the largest width LW_i(t) - RW_i(t) of any component. The ambient
 * temperature T is the highest t in [-1, t_max] at which L is largest (t_max: the
 * hottest component's temperature). Left moves in a component of largest width at T
 * (ties: the hotter, then the first), choosing the option whose right wall is highest at
 * T. Right mirrors this with L'(t) = (sum of left walls) - W(t), taking its smallest value. */
#ifndef SUMGAME_THERMOSTRAT_H
#define SUMGAME_THERMOSTRAT_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>

#include "sumgame/game.h"
#include "sumgame/host.h"
#include "sumgame/sum.h"
#include "sumgame/thermograph.h"

SG_API_BEGIN

typedef struct sg_thermostrat_choice {
    sg_value ambient;   /* T */
    size_t component;   /* where to move */
    sg_move move;       /* the move there */
} sg_thermostrat_choice;

/* The configuration keys every thermograph-based strategy takes: `estimator` (only
 * `exact` gives walls) and `max_positions` (0 = no limit). Rejects any other key. */
int sg_thermostrat_params(const sg_params *params, size_t *max_positions, char *err,
                          size_t errlen);
/* The documentation of those keys, for the strategies' descriptors. */
extern const sg_param_doc sg_thermostrat_param_docs[];

/* The thermographs of the live components of sum, in order, from cache. */
int sg_thermostrat_thermographs(sg_thermo_cache *cache, const sg_sum *sum,
                                size_t max_positions, const sg_thermograph **out, char *err,
                                size_t errlen);

/* Thermostrat's ambient temperature for who over the given thermographs. */
sg_value sg_thermostrat_ambient(const sg_thermograph *const *th, size_t count, sg_player who);

/* Thermostrat's move for who in sum. SG_ERR_INVALID when who has no move. */
int sg_thermostrat_choose(sg_thermo_cache *cache, const sg_sum *sum, sg_player who,
                          size_t max_positions, sg_thermostrat_choice *out, char *err,
                          size_t errlen);

SG_API_END
#endif
