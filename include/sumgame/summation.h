/* Solving a sum by combinatorial summation: the canonical form of every component, added
 * up, and the stops read off the sum's canonical form (Müller and Li, "Locally informed
 * global search for sums of combinatorial games", §2.2 and the preliminary experiment of
 * §4.2, Table 1). Exact, and the baseline the global searches are measured against: the
 * canonical form of a sum of hot games grows quickly with the number of components.
 *
 * Everything runs under a meter (sumgame/meter.h): a limit that is reached, or a
 * canonical-form table that can no longer grow, ends the work with SG_ERR_BUDGET and a
 * message naming it, never an abort. */
#ifndef SUMGAME_SUMMATION_H
#define SUMGAME_SUMMATION_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>

#include "sumgame/cgt.h"
#include "sumgame/meter.h"
#include "sumgame/sum.h"
#include "sumgame/value.h"

SG_API_BEGIN

/* The canonical form of the whole sum (its live components and its frozen total) in
 * table, component after component. meter may be NULL (no limit). Returns SG_OK,
 * SG_ERR_BUDGET (err names the limit and the step), or a component game's error. */
int sg_summation(sg_cgt *table, const sg_sum *sum, sg_meter *meter, sg_cg *out, char *err,
                 size_t errlen);

typedef struct sg_summation_answer {
    sg_value left, right;  /* the Left stop and the Right stop of the sum */
    /* Normal-play winner with Left / Right moving first, from the sum's outcome class
     * (G > 0, G < 0, G = 0, G || 0). */
    sg_player left_first_winner, right_first_winner;
    size_t forms;          /* games in the canonical-form table at the end */
} sg_summation_answer;

/* The stops and winners of sum by summation, in a table of its own. */
int sg_summation_stops(const sg_sum *sum, sg_meter *meter, sg_summation_answer *answer,
                       char *err, size_t errlen);

/* A best first move for who by summation: a move of some component's own game after
 * which the rest of the sum plus the option has who's stop as its stop with the
 * opponent to move. *found is false when who has no move (the sum is a number).
 * Costs about two more summations of the sum. */
int sg_summation_best_move(sg_cgt *table, const sg_sum *sum, sg_player who, sg_meter *meter,
                           bool *found, sg_sum_move *move, char *err, size_t errlen);

SG_API_END
#endif
