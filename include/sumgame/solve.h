/* Exact solving of sums: the CGT stops, the normal-play winner and a best move, by
 * decomposition search (Müller, IJCAI 1999; Müller and Li, "Locally informed global
 * search for sums of combinatorial games", §2.2).
 *
 * Each component whose canonical form is found within the limits is replaced by that
 * form (a cg component, sumgame/cg_game.h). Components that are numbers then leave the
 * sum at their value, whatever their game reports, so the stops are those of CGT:
 * optimal play until the sum is a number, and that number. The sum of canonical forms is
 * searched by the shared αβ engine with one transposition table for both first players,
 * and at every node a move whose incentive (G^L - G for Left, G - G^R for Right) is
 * dominated by another move's is pruned: S + Δ1 <= S + Δ2 gives R(S + Δ1) <= R(S + Δ2),
 * since stops are order-preserving (Siegel, CGT, §II.4). The rest are tried in order of
 * their incentives' Left stops, largest first.
 *
 * A component that cannot be reduced is searched as its game plays it, with every new
 * position asked whether it is a number by its own canonical form. When such a question
 * cannot be answered within the limits, the stop searched is no longer the CGT stop for
 * certain: the answer is then marked inexact and says why.
 *
 * Everything runs under one meter (sumgame/meter.h): a limit that is reached ends the
 * work with SG_ERR_BUDGET and a message naming the limit, never an abort. */
#ifndef SUMGAME_SOLVE_H
#define SUMGAME_SOLVE_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/meter.h"
#include "sumgame/search.h"
#include "sumgame/sum.h"
#include "sumgame/value.h"

SG_API_BEGIN

typedef struct sg_solve_config {
    sg_limits limits;   /* for the solver's own meter */
    sg_meter *meter;    /* or a running meter of the caller's (limits are then ignored) */
    /* Positions one component's analysis may visit before it is searched as it is
     * (0 = only the limits bound it). Also bounds each number question about an
     * unreduced component's positions. */
    uint64_t component_positions;
    size_t tt_log2;     /* transposition table of 2^tt_log2 entries; 0 = the engine's
                           default (2^20, 32 MiB, zeroed when the solver is made) */
    bool no_decompose;  /* search every component as it is (for comparison) */
    bool no_incentives; /* keep moves with dominated incentives (no INC pruning) */
    /* Move ordering (sumgame/local.h). AUTO: by incentive, deepening iteratively only
     * when a component was not reduced (over canonical forms the incentive order already
     * puts the best moves first, and re-searching costs 3x on rcg sums). */
    sg_order order;
} sg_solve_config;

typedef struct sg_solve_answer {
    sg_value stop;      /* Left's view */
    sg_player winner;   /* normal play: who wins with this first player */
    bool has_move;      /* false when the sum is a number */
    sg_sum_move move;   /* a best first move, in the loaded sum's own components */
    bool exact;         /* false: see sg_solver_inexact_reason */
} sg_solve_answer;

typedef struct sg_solver sg_solver;

int sg_solver_new(const sg_solve_config *config, sg_solver **out, char *err, size_t errlen);
void sg_solver_free(sg_solver *s);
/* The meter every step ticks (to show progress, or read the work done). */
sg_meter *sg_solver_meter(sg_solver *s);

/* Takes sum (made with SG_FREEZE_NUMBERS; it must outlive the solver's use of it) and
 * reduces its components. SG_ERR_BUDGET when a limit ran out. */
int sg_solver_load(sg_solver *s, const sg_sum *sum, char *err, size_t errlen);
/* Whether live component i of the loaded sum was replaced by its canonical form; when
 * not, *why says why (a limit, or decomposition off). */
bool sg_solver_reduced(const sg_solver *s, size_t i, const char **why);
/* The canonical form's text of reduced component i (a number when it was frozen). */
int sg_solver_component_text(const sg_solver *s, size_t i, char *buf, size_t cap);

int sg_solver_solve(sg_solver *s, sg_player first, sg_solve_answer *answer, char *err,
                    size_t errlen);
/* "" while every answer so far is exact; else one line saying what was not analysed. */
const char *sg_solver_inexact_reason(const sg_solver *s);

/* Outcome solving: only components whose game bounds their birthday by at most days
 * (birthday_bound) are reduced to canonical forms, at load and during an outcome search;
 * larger ones are searched as their games play them, and their number questions skipped
 * (which costs speed, not exactness, in an outcome search). 0 (the default) reduces
 * every component. Set it before sg_solver_load. */
void sg_solver_set_reduce_days(sg_solver *s, unsigned days);
/* The day limit `solve --outcome` starts from: components born by this day are reduced
 * to canonical forms, larger ones are searched as they are until their parts are that
 * small (each game's limit rises during a search while its forms stay cheap,
 * docs/user-guide.md). The best day depends on the game's scale of birthdays; 4 was the
 * middle one on sets of seed 99, none of them a benchmark's
 * (docs/results/outcome-solving.md). */
#define SG_SOLVE_OUTCOME_DAYS 4
/* Who wins sum under normal play with first to move, by a boolean search alone (no
 * stop): answer's winner, a winning move when first wins (else a legal move), exact;
 * answer->stop is not computed (0). During the search every node whose components all
 * have canonical forms is decided by comparing their sum with 0. */
int sg_solver_outcome(sg_solver *s, sg_player first, sg_solve_answer *answer, char *err,
                      size_t errlen);

/* Loads sum into s and solves it with each player first: the Left and Right stops, and
 * whether both are exact. A solver kept across many sums (TDS's estimates) keeps its
 * canonical forms; sg_solver_inexact_reason stays set once an answer was not exact. */
int sg_solver_stops(sg_solver *s, const sg_sum *sum, sg_value *left, sg_value *right,
                    bool *exact, char *err, size_t errlen);

/* The stops of a sum by the solver above, for methods that report stops beside
 * their estimates (TDS), so that every method gives the CGT stops. meter may be NULL
 * (no limit). *exact is false when *why says what could not be analysed. */
int sg_exact_stops(const sg_sum *sum, sg_meter *meter, sg_value *left, sg_value *right,
                   bool *exact, char *why, size_t whylen, char *err, size_t errlen);

SG_API_END
#endif
