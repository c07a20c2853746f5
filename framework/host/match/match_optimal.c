/* Loss accounting (`optimal = yes`): each position's optimal result, the CGT stop with
 * its games' first player moving first, by the exact solver in the parent before play;
 * and each game's loss, the points the `left=` strategy A gave away against it. Under
 * normal play (zero_score = mover_loses) only the winner counts, so the optimal result is
 * who wins, by the outcome search alone (`solve --outcome`: it answers where the stop is
 * out of reach, as in the open 4x4 Amazons room), and a loss is a won game lost. */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "host/cli/progress.h"
#include "host/match/match.h"
#include "sumgame/solve.h"

int match_compute_stops(match_plan *plan, char *err, size_t errlen)
{
    free(plan->stops);
    plan->stops = calloc(plan->positions ? plan->positions : 1, sizeof *plan->stops);
    sg_sum *frozen = sg_sum_new(SG_FREEZE_NUMBERS);
    sg_solver *solver = NULL;
    int rc = plan->stops && frozen ? SG_OK : SG_ERR_NOMEM;
    if (rc != SG_OK)
        snprintf(err, errlen, "out of memory");
    /* One solver for every position: its canonical forms and table carry over. Each
     * position has its own optimal_time on the meter, restarted before it. */
    sg_meter meter;
    sg_limits limits = { .seconds = plan->optimal_seconds };
    sg_meter_start(&meter, &limits);
    sg_solve_config config = { .meter = &meter };
    bool normal = plan->zero == ZERO_MOVER_LOSES;
    if (rc == SG_OK)
        rc = sg_solver_new(&config, &solver, err, errlen);
    if (rc == SG_OK && normal)
        sg_solver_set_reduce_days(solver, SG_SOLVE_OUTCOME_DAYS);
    progress_out pr;
    progress_start(&pr, isatty(STDERR_FILENO));
    for (unsigned long long p = plan->from; p < plan->positions && rc == SG_OK; p++) {
        if (!match_plan_owns(plan, p))
            continue; /* another shard's */
        progress_show(&pr, "optimal results: position %llu of %llu", p + 1, plan->positions);
        sg_solve_answer a;
        sg_meter_start(&meter, &limits);
        rc = sg_sum_refreeze(frozen, plan->sums[p], NULL, 0, err, errlen);
        if (rc == SG_OK)
            rc = sg_solver_load(solver, frozen, err, errlen);
        sg_player first = match_first_player(plan, 2 * p);
        if (rc == SG_OK)
            rc = normal ? sg_solver_outcome(solver, first, &a, err, errlen)
                        : sg_solver_solve(solver, first, &a, err, errlen);
        if (rc == SG_OK && !a.exact) {
            snprintf(err, errlen, "position %llu: the solver's %s is not exact: %s", p + 1,
                     normal ? "winner" : "stop", sg_solver_inexact_reason(solver));
            rc = SG_ERR_UNSUPPORTED;
        } else if (rc == SG_OK && normal) {
            plan->stops[p] = sg_value_int(a.winner == SG_LEFT ? 1 : -1);
        } else if (rc == SG_OK) {
            plan->stops[p] = sg_value_sub(a.stop, plan->komi);
        } else if (rc == SG_ERR_BUDGET && sg_meter_expired(&meter)) {
            snprintf(err, errlen, "position %llu: no optimal result within optimal_time = %g s "
                     "(raise it, or play without optimal = yes)", p + 1, plan->optimal_seconds);
        } else {
            char why[400];
            snprintf(why, sizeof why, "%s", err);
            snprintf(err, errlen, "position %llu: %s", p + 1, why);
        }
    }
    progress_clear(&pr);
    sg_solver_free(solver);
    sg_sum_free(frozen);
    if (rc == SG_OK)
        plan->optimal = true;
    return rc;
}

bool match_loss(const match_plan *plan, unsigned long long g, const match_record *r,
                sg_value *loss)
{
    if (!plan->optimal || !r->has_score || r->forfeit)
        return false;
    sg_value stop = plan->stops[g / 2];
    if (plan->zero == ZERO_MOVER_LOSES) {
        bool a_wins_start = (sg_value_cmp(stop, sg_value_int(0)) > 0) == match_a_is_left(g);
        *loss = sg_value_int(a_wins_start && match_result_sign(plan, g, r) <= 0 ? 1 : 0);
        return true;
    }
    *loss = match_a_is_left(g) ? sg_value_sub(stop, r->score) : sg_value_sub(r->score, stop);
    return true;
}
