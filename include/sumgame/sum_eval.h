/* Heuristic evaluation of sums from local analysis (Müller and Li, "Locally informed
 * global search for sums of combinatorial games", §3.2), and Hotstrat's choice of the
 * hottest component (§2.1), which the Hotstrat strategy and the rollouts share.
 *
 *   SE  static evaluation: the sum of the means of the live components.
 *   HR  Hotstrat+ rollout: a copy of the sum is played to its end by Hotstrat+ for both
 *       players, the player to move first. Each move is made in the component with the
 *       highest pseudo-temperature for the mover (ties to the component that comes
 *       first), the estimator's best move there. The value is what the live components
 *       contributed: the final frozen total minus the starting one. Should the mover have
 *       no move while components remain (only a game breaking its contract), the rollout
 *       stops there and adds the remaining components' numbers, or their means.
 *
 * Both are sg_search_evaluate_fn hooks (sumgame/search.h): the Left-view worth of the
 * live components, without the frozen total, so that a search installs them with
 * sg_search_set_evaluate(search, sg_sum_eval_static, ev). Means, temperatures and best
 * moves come from an sg_estimator (sumgame/estimator.h), which caches them by component;
 * a rollout plays in one pair of scratch sums that the evaluator keeps, and only the
 * components a move changed are estimated again, so once the caches are warm an
 * evaluation allocates nothing. Rollout values are remembered by sum (the hash of its
 * live components and the player to move), since a search reaches the same leaf by many
 * move orders.
 *
 * A hook cannot return an error. When an estimate fails (a limit of the estimator, out of
 * memory) the hook returns 0 and the evaluator remembers the first failure: the caller
 * asks sg_sum_eval_error after its search. */
#ifndef SUMGAME_SUM_EVAL_H
#define SUMGAME_SUM_EVAL_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/estimator.h"
#include "sumgame/host.h"
#include "sumgame/sum.h"
#include "sumgame/value.h"

SG_API_BEGIN

/* Hotstrat's pick: among the components where who has a move (has_best_left or
 * has_best_right of est[i]), the one with the highest heat: with plus (Hotstrat+) the
 * pseudo-temperature of who, else the temperature; ties go to the first. Writes the
 * estimator's best move for who there. False when who has a move in none. */
bool sg_hotstrat_pick(const sg_estimate *est, size_t count, sg_player who, bool plus,
                      sg_sum_move *move);

/* Whether who does better to pass than to play in any component: the sum lets a player
 * with moves pass (sg_sum_may_pass: Go) and no component where who has a move is
 * estimated hotter than 0, so every move there costs points or gains none (in Go, filling
 * one's own territory or throwing a stone into the opponent's). */
bool sg_hotstrat_passes(const sg_estimate *est, size_t count, const sg_sum *sum,
                        sg_player who);

/* A move within `seconds` for a strategy whose own analysis did not finish in its share
 * of the clock (exact thermographs, the exact solver): Hotstrat+ over anytime TDS+
 * estimates (delta 1/2) of the components, the clock shared between them
 * (sg_estimator_estimate_sum), or a pass where sg_hotstrat_passes says so. *est is made on
 * first use and kept by the caller (free it with sg_estimator_free; sg_estimator_reset it
 * at a new game), so that the estimates of components a move did not change carry over and
 * deepen. Seconds only: after sg_clock_share, sg_clock_fallback_within keeps a node budget
 * too. */
int sg_clock_fallback_move(sg_estimator **est, const sg_sum *sum, sg_player who,
                           double seconds, sg_sum_move *move, char *err, size_t errlen);
/* The same within rest, seconds or nodes or both (sg_clock_share_rest). */
int sg_clock_fallback_within(sg_estimator **est, const sg_sum *sum, sg_player who,
                             const sg_budget *rest, sg_sum_move *move, char *err,
                             size_t errlen);

/* Exact work under a strategy's clock: a meter for the share of the budget the exact
 * analysis may take (half), and what is left for sg_clock_fallback_within when it ran out.
 * A node budget is shared the same way. Without seconds or nodes in the budget the meter
 * is NULL and the work runs to the end.
 *     sg_clock_share c;
 *     sg_clock_share_start(&c, budget);
 *     sg_thermo_cache_set_meter(cache, sg_clock_share_meter(&c));
 *     rc = ...exact work...;
 *     sg_thermo_cache_set_meter(cache, NULL);
 *     if (sg_clock_share_ran_out(&c, rc)) {
 *         sg_budget rest = sg_clock_share_rest(&c);
 *         rc = sg_clock_fallback_within(&fallback, sum, who, &rest, ...);
 *     } */
typedef struct sg_clock_share {
    bool on;
    double start, seconds;
    sg_meter meter;
} sg_clock_share;
/* Restarts c for a move; its meter always runs (without seconds, under no time limit), so
 * a solver may keep &c->meter from move to move. */
void sg_clock_share_start(sg_clock_share *c, const sg_budget *budget);
/* The meter under a clock, NULL without one. */
sg_meter *sg_clock_share_meter(sg_clock_share *c);
/* Whether the work failed (rc) because its share of the clock ran out. */
bool sg_clock_share_ran_out(const sg_clock_share *c, int rc);
/* Seconds left of the whole budget (at least a millisecond). */
double sg_clock_share_left(const sg_clock_share *c);
/* What is left of the whole budget: its seconds (sg_clock_share_left, 0 without a
 * clock) and its nodes (at least one, 0 without a node budget). */
sg_budget sg_clock_share_rest(const sg_clock_share *c);

typedef struct sg_sum_eval sg_sum_eval;

/* An evaluator over estimator (not owned; it must outlive the evaluator). */
int sg_sum_eval_new(sg_estimator *estimator, sg_sum_eval **out, char *err, size_t errlen);
void sg_sum_eval_free(sg_sum_eval *ev);
sg_estimator *sg_sum_eval_estimator(sg_sum_eval *ev);
/* Forgets what is keyed on game instances: the remembered rollouts and the estimator's
 * cache (sg_estimator_reset). Call it when the instances go away (a new game). */
void sg_sum_eval_reset(sg_sum_eval *ev);

/* The evaluations with their errors: *value is the Left-view worth of sum's live
 * components, without its frozen total. */
int sg_sum_eval_static_value(sg_sum_eval *ev, const sg_sum *sum, sg_value *value, char *err,
                             size_t errlen);
int sg_sum_eval_rollout_value(sg_sum_eval *ev, const sg_sum *sum, sg_player to_move,
                              sg_value *value, char *err, size_t errlen);
/* The hottest temperature (plain, not pseudo) of sum's live components; -1 when there is
 * none. */
int sg_sum_eval_tmax(sg_sum_eval *ev, const sg_sum *sum, sg_value *tmax, char *err,
                     size_t errlen);

/* The same as search hooks (ctx is the sg_sum_eval). On failure they return 0 and record
 * the error. */
sg_value sg_sum_eval_static(void *ctx, const sg_sum *sum, sg_player to_move);
sg_value sg_sum_eval_rollout(void *ctx, const sg_sum *sum, sg_player to_move);

/* SG_OK when no hook has failed since the last call; else the first failure's status and
 * message. Either way the record is cleared. */
int sg_sum_eval_error(sg_sum_eval *ev, char *err, size_t errlen);

/* Records a failure of a caller's own hook that uses the evaluator (a horizon asking for
 * t_max), to be reported by sg_sum_eval_error like the evaluator's own. */
void sg_sum_eval_record(sg_sum_eval *ev, int status, const char *why);

/* Evaluations and rollout moves since the evaluator was made. */
typedef struct sg_sum_eval_stats {
    uint64_t evaluations;
    uint64_t rollout_moves;
} sg_sum_eval_stats;
void sg_sum_eval_stats_get(const sg_sum_eval *ev, sg_sum_eval_stats *out);

/* The factor C of a temperature bound b = C × t_max(root) (Müller and Li's TEMP-αβ uses
 * 0.8), kept exactly as num / den: a non-negative decimal with at most 6 decimals
 * ("0.8", "1", ".25") or a dyadic ("3/4"). */
typedef struct sg_factor {
    int64_t num;
    int64_t den; /* > 0 */
} sg_factor;
/* Reads key from params: *given false (and *out untouched) when it is absent; a bad value
 * is an error "file:line: section: key = '...' is not ...". */
int sg_factor_param(const sg_params *params, const char *key, bool *given, sg_factor *out,
                    char *err, size_t errlen);
/* t <= c × ref, exactly. */
bool sg_factor_at_most(sg_value t, sg_factor c, sg_value ref);

SG_API_END
#endif
