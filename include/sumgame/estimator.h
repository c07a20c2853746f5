/* Estimating one component: mean, temperature, the Hotstrat+ pseudo-temperatures and the
 * best move of each player, behind one interface whatever the method. `exact` computes
 * them from the exact thermograph; TDS, TDS+ and Monte-Carlo dual search plug in behind
 * the same calls in later versions and say so in `exact`. */
#ifndef SUMGAME_ESTIMATOR_H
#define SUMGAME_ESTIMATOR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/clock.h"
#include "sumgame/host.h"
#include "sumgame/sum.h"
#include "sumgame/value.h"

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sg_estimate {
    sg_value mean;
    sg_value temperature;
    sg_value pseudo_left;
    sg_value pseudo_right;
    sg_value left_stop;
    sg_value right_stop;
    bool has_best_left, has_best_right; /* false when that player has no move */
    sg_move best_left, best_right;
    bool exact;      /* the method proved these values */
    uint64_t nodes;  /* positions or search nodes visited */
    double seconds;
} sg_estimate;

typedef struct sg_estimator sg_estimator;

/* Methods by name; NULL-terminated. */
extern const char *const sg_estimator_methods[];

/* Creates an estimator of the named method ("exact") from params (its configuration
 * keys; NULL for defaults). Unknown methods and keys are errors. */
int sg_estimator_new(const char *method, const sg_params *params, sg_estimator **out,
                     char *err, size_t errlen);
void sg_estimator_free(sg_estimator *e);
/* Forgets cached analyses: call when the game instances they were keyed on go away. */
int sg_estimator_reset(sg_estimator *e);

int sg_estimator_estimate(sg_estimator *e, const sg_game *game, const void *pos,
                          const sg_budget *budget, sg_estimate *out, char *err, size_t errlen);

/* Estimates every live component of sum into out[0..sg_sum_count(sum)). */
int sg_estimator_estimate_sum(sg_estimator *e, const sg_sum *sum, const sg_budget *budget,
                              sg_estimate *out, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
