/* Estimating one component: mean, temperature, the Hotstrat+ pseudo-temperatures and the
 * best move of each player, behind one interface whatever the method. `exact` computes
 * them from the exact thermograph; TDS, TDS+ and Monte-Carlo dual search (mcdual) answer
 * through the same calls and say in `exact` whether they proved their values. */
#ifndef SUMGAME_ESTIMATOR_H
#define SUMGAME_ESTIMATOR_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/clock.h"
#include "sumgame/host.h"
#include "sumgame/meter.h"
#include "sumgame/sum.h"
#include "sumgame/value.h"

SG_API_BEGIN

/* How a TDS search ended (the paper's classification of its principal variation):
 * regular, the PV takes coupons and then moves in the game; fail high, the PV never moves
 * in the game before the stack is down to its -1 coupons (or not at all); fail low, the
 * PV's first move is in the game. NONE for other methods. */
typedef enum sg_tds_case {
    SG_TDS_NONE = 0,
    SG_TDS_REGULAR = 1,
    SG_TDS_FAIL_HIGH = 2,
    SG_TDS_FAIL_LOW = 3
} sg_tds_case;

/* "regular", "fail-high", "fail-low" or "none". */
const char *sg_tds_case_name(sg_tds_case c);

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
    /* TDS only. The first search with Left (Right) to move first classified as above. */
    sg_tds_case tds_case_left, tds_case_right;
    int tds_searches;       /* searches run, re-searches and best-move searches included */
    sg_value tds_delta;     /* the coupon stack used: C_-1(tds_tmax, tds_delta) */
    sg_value tds_tmax;
} sg_estimate;

typedef struct sg_estimator sg_estimator;

/* Methods by name; NULL-terminated. */
extern const char *const sg_estimator_methods[];

/* Creates an estimator of the named method from params (its configuration keys; NULL
 * for defaults). Unknown methods and keys are errors.
 *   exact: max_positions (0 = no limit).
 *   tds:   delta (default 1/16), tmax (default: the game's temperature_bound rounded up
 *          to a multiple of delta, plus delta), depth (plies, 0 = none), time (seconds
 *          per estimate, 0 = none), combine, enhancements (TDS+'s, default none: the
 *          2004 paper's TDS). With neither depth nor time nor a budget the search is
 *          complete (exact TDS); otherwise heuristic TDS. See sg_tds_config_parse.
 *   tdsplus: TDS+: the same keys, enhancements default all (sumgame/tds.h).
 *   mcdual: Cazenave's Monte-Carlo dual search (sumgame/mc.h, sg_mc_boards): playouts
 *          (per UCT search, default 1000), c (UCT constant, default 0.3), threads
 *          (default 1; used only when the game is SG_GAME_REENTRANT), seed (default 1).
 *          mean = (mu_L + mu_R) / 2 and temperature = (mu_L - mu_R) / 2 from the mean
 *          playout scores mu_L, mu_R of the searches with Left and Right first, each
 *          rounded to a multiple of 1/1024; stops mu_L and mu_R; both pseudo-temperatures
 *          are the temperature; best moves are the most visited root children; never
 *          exact. A component's estimate is a function of the seed and the component
 *          (not of the thread count or of the other components). A budget's seconds
 *          are spread over the searches, which stop early when their share is spent
 *          (estimates then depend on the machine); a meter counts playouts.
 * Estimates of either method are cached by component (game and position) until
 * sg_estimator_reset: asking again costs a lookup and allocates nothing. */
int sg_estimator_new(const char *method, const sg_params *params, sg_estimator **out,
                     char *err, size_t errlen);
void sg_estimator_free(sg_estimator *e);
/* Forgets cached analyses: call when the game instances they were keyed on go away. */
int sg_estimator_reset(sg_estimator *e);

/* mcdual: the searches draw from streams split from rng from now on (a strategy hands
 * each game's own stream here); forgets cached estimates. Other methods ignore it. */
void sg_estimator_set_rng(sg_estimator *e, const sg_rng *rng);

/* Every position analysed and every search node ticks meter (NULL = none); when it
 * expires, estimates fail with SG_ERR_BUDGET and a message naming the limit. */
void sg_estimator_set_meter(sg_estimator *e, sg_meter *meter);

/* exact under a budget with seconds (and no meter set): the exact analysis may take half
 * of them; a component it cannot finish in that time gets an anytime TDS+ estimate
 * (delta 1/2, not exact, not remembered) in the time left, so that a strategy given a
 * clock answers in time whatever the component. Without seconds it runs to the end. */
int sg_estimator_estimate(sg_estimator *e, const sg_game *game, const void *pos,
                          const sg_budget *budget, sg_estimate *out, char *err, size_t errlen);
/* How many answers of an exact estimator came from its TDS+ fallback. */
uint64_t sg_estimator_fallbacks(const sg_estimator *e);

/* The TDS+ counters of the last estimate that ran a search (sumgame/tds.h); false for the
 * exact method, before the first estimate, and after an answer from the cache. */
struct sg_tds_stats;
bool sg_estimator_tds_stats(const sg_estimator *e, struct sg_tds_stats *out);

/* Whether the last estimate that ran a TDS search met a ko (sg_tds_met_ko): its values are
 * play against the coupon stack under the ko rule, not a combinatorial game value. */
bool sg_estimator_met_ko(const sg_estimator *e);

/* tds and tdsplus: the plies per search of the last answer (cached or not): the deepest
 * iteration an anytime estimate finished, the configured depth, or 0 for complete
 * searches; 0 for the other methods. With a time or node budget and no depth, a TDS
 * estimate deepens until the budget is spent (sumgame/tds.h, anytime TDS), and asking
 * again about a remembered component with such a budget deepens it further from there. */
int sg_estimator_depth(const sg_estimator *e);
/* The depth of the remembered estimate of a component (as sg_estimator_depth); -1 when
 * none is remembered. */
int sg_estimator_cached_depth(const sg_estimator *e, const sg_game *game, const void *pos);
/* The same for component i of sum, found by the hash the sum keeps for it: no call into
 * the game. */
int sg_estimator_cached_depth_in(const sg_estimator *e, const sg_sum *sum, size_t i);

/* Estimates every live component of sum into out[0..sg_sum_count(sum)). A TDS budget is
 * spent on the components without an estimate first, then on deepening the others,
 * hottest first, each taking an equal share of what is left, in passes while time is
 * left and a pass took some estimate deeper (docs/algorithms.md). out[i].nodes counts
 * every pass. */
int sg_estimator_estimate_sum(sg_estimator *e, const sg_sum *sum, const sg_budget *budget,
                              sg_estimate *out, char *err, size_t errlen);

SG_API_END
#endif
