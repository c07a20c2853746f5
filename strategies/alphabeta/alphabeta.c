/* Strategy `alphabeta`: global αβ over the whole sum on the shared engine (search.h),
 * the baseline of the Müller-Li experiments, and their approximate searches (§3.2).
 *
 * Keys of [strategy.NAME]:
 *   depth      = plies of lookahead; 0 (default) searches until the sum is over, so
 *                within an unlimited budget (and without `bound`) it plays perfectly
 *   tt_log2    = transposition table of 2^tt_log2 entries (default 20, from 4 to 28; with
 *                `bound` 14, since the table is then cleared at every move)
 *   evaluate   = how leaves cut off by `depth`, the budget's depth or `bound` are scored:
 *                game (default: the games' own evaluate()), static (SE: the sum of the
 *                components' means) or rollout (HR: a Hotstrat+ playout of the sum by both
 *                players); sumgame/sum_eval.h, over exact thermographs
 *   bound      = C, a factor such as 0.8 or 3/4 (absent: no temperature bound). TEMP-αβ:
 *                for each move b = C × t_max(root), where t_max is the highest temperature
 *                of the live components, and a position below the root whose t_max is at
 *                most b is a leaf, scored by `evaluate`. The table is cleared before each
 *                decision (b changes) and the search is one pass to the end (`depth`, if
 *                given, still limits it). Bound 0 is exact on games whose stops are their
 *                means once no component is hot (rcg trees)
 *   order      = auto (default: iterative deepening, the table's best move first, the
 *                games' order: today's behaviour), none (the games' order, one pass),
 *                prev (as auto), temp (hottest component first by the mover's Hotstrat+
 *                pseudo-temperature, one pass), temp+prev, incentive (the moves'
 *                incentives' Left stops, largest first, iterative); sumgame/local.h
 *   incentives = no (default) or yes: drop moves whose incentive another move's dominates
 *                (INC pruning, sumgame/local.h)
 * The paper's players: 3-ply αβ SE is depth = 3, evaluate = static; 3-ply αβ HR is
 * depth = 3, evaluate = rollout; TEMP-αβ SE and HR are bound = 0.8 with evaluate = static
 * or rollout.
 *
 * It searches by iterative deepening (unless the order or a bound says one pass) within
 * the match's per-move budget (seconds and/or nodes, and the budget's depth if set).
 * Under a limit it plays the first move of the principal variation of the deepest
 * iteration that completed; if none did, the table's move for the position (from the
 * previous move's search) or else the first legal move, rather than failing. Without a
 * bound the table is kept from move to move within a game; it is cleared at each new game,
 * so node-budgeted matches are reproducible. It plays the sum as given: in matches
 * (SG_FREEZE_INTEGERS) non-integer numbers stay live and are played out. */
#include <stdio.h>
#include <string.h>

#include "sumgame/estimator.h"
#include "sumgame/local.h"
#include "sumgame/params.h"
#include "sumgame/search.h"
#include "sumgame/strategy.h"
#include "sumgame/sum_eval.h"

enum evaluate { EVALUATE_GAME = 0, EVALUATE_STATIC = 1, EVALUATE_ROLLOUT = 2 };
static const char *const evaluate_names[] = { "game", "static", "rollout", NULL };

typedef struct alphabeta {
    const sg_host *host;
    int depth;
    enum evaluate evaluate;
    bool bounded;
    sg_factor bound;      /* C */
    sg_order order;
    bool iterative;
    sg_search *engine;
    sg_estimator *estimator; /* for evaluate = static or rollout, and for bound */
    sg_sum_eval *eval;
    sg_local *local;      /* for an order other than auto, or incentives */
    sg_value root_tmax;   /* t_max of the position being decided */
    sg_strategy_stats last;
} alphabeta;

static const char *const known_keys[] = { "depth", "tt_log2", "evaluate", "bound", "order",
                                          "incentives", NULL };

static void ab_destroy(void *instance)
{
    alphabeta *ab = instance;
    if (!ab)
        return;
    sg_search_free(ab->engine);
    if (ab->local)
        sg_local_free(ab->local);
    sg_sum_eval_free(ab->eval);
    sg_estimator_free(ab->estimator);
    ab->host->free(ab);
}

/* TEMP-αβ's horizon: a position whose hottest component is at most b = C × t_max(root). */
static bool below_bound(void *ctx, const sg_sum *sum, sg_player to_move)
{
    (void)to_move;
    alphabeta *ab = ctx;
    sg_value t;
    char why[256];
    int rc = sg_sum_eval_tmax(ab->eval, sum, &t, why, sizeof why);
    if (rc != SG_OK) {
        /* Reported after the search, as a failed evaluation is; searched deeper here. */
        sg_sum_eval_record(ab->eval, rc, why);
        return false;
    }
    return sg_factor_at_most(t, ab->bound, ab->root_tmax);
}

static int ab_create(const sg_host *host, const sg_params *params, void **instance, char *err,
                     size_t errlen)
{
    long long depth = 0, tt_log2 = 20;
    int evaluate = EVALUATE_GAME, order = SG_ORDER_AUTO;
    bool incentives = false, bounded = false;
    sg_factor bound = { 0, 1 };
    int rc = sg_params_check_known(params, known_keys, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(params, "depth", 0, 0, 10000, &depth, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(params, "tt_log2", 20, 4, 28, &tt_log2, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(params, "evaluate", evaluate_names, EVALUATE_GAME, &evaluate, err,
                            errlen);
    if (rc == SG_OK)
        rc = sg_factor_param(params, "bound", &bounded, &bound, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(params, "order", sg_order_names, SG_ORDER_AUTO, &order, err,
                            errlen);
    if (rc == SG_OK)
        rc = sg_params_bool(params, "incentives", false, &incentives, err, errlen);
    if (rc != SG_OK)
        return rc;
    /* A bounded search clears its table at every move: a small one is cleared fast. */
    if (bounded && !sg_params_find(params, "tt_log2"))
        tt_log2 = 14;
    alphabeta *ab = host->alloc(sizeof *ab);
    if (!ab) {
        snprintf(err, errlen, "alphabeta: out of memory");
        return SG_ERR_NOMEM;
    }
    memset(ab, 0, sizeof *ab);
    ab->host = host;
    ab->depth = (int)depth;
    ab->evaluate = (enum evaluate)evaluate;
    ab->bounded = bounded;
    ab->bound = bound;
    ab->order = (sg_order)order;
    ab->iterative = ab->order == SG_ORDER_AUTO || sg_order_uses_prev(ab->order);
    sg_search_config config = { .max_depth = ab->depth, .iterative = ab->iterative,
                                .tt_log2 = (size_t)tt_log2 };
    char why[256];
    ab->engine = sg_search_new(&config, why, sizeof why);
    rc = ab->engine ? SG_OK : SG_ERR_NOMEM;
    if (rc == SG_OK && (ab->evaluate != EVALUATE_GAME || ab->bounded)) {
        rc = sg_estimator_new("exact", NULL, &ab->estimator, why, sizeof why);
        if (rc == SG_OK)
            rc = sg_sum_eval_new(ab->estimator, &ab->eval, why, sizeof why);
    }
    if (rc == SG_OK && (ab->order != SG_ORDER_AUTO || incentives)) {
        /* auto with incentives: today's order (prev) with INC pruning. */
        sg_local_config lc = { .order = ab->order == SG_ORDER_AUTO ? SG_ORDER_PREV : ab->order,
                               .incentives = incentives };
        rc = sg_local_new(&lc, NULL, &ab->local, why, sizeof why);
        if (rc == SG_OK)
            sg_local_attach(ab->local, ab->engine);
    }
    if (rc != SG_OK) {
        snprintf(err, errlen, "alphabeta: %s", why);
        ab_destroy(ab);
        return rc;
    }
    if (ab->evaluate == EVALUATE_STATIC)
        sg_search_set_evaluate(ab->engine, sg_sum_eval_static, ab->eval);
    else if (ab->evaluate == EVALUATE_ROLLOUT)
        sg_search_set_evaluate(ab->engine, sg_sum_eval_rollout, ab->eval);
    if (ab->bounded)
        sg_search_set_horizon(ab->engine, below_bound, ab);
    *instance = ab;
    return SG_OK;
}

static void ab_new_game(void *instance, const sg_rng *rng)
{
    (void)rng;
    alphabeta *ab = instance;
    sg_search_clear(ab->engine);
    /* Cached analyses are keyed on the last game's instances. */
    if (ab->eval)
        sg_sum_eval_reset(ab->eval); /* and its estimator */
    if (ab->local)
        sg_local_reset(ab->local);
}

static int ab_choose(void *instance, const sg_sum *sum, sg_player who, const sg_budget *budget,
                     sg_sum_move *move, char *err, size_t errlen)
{
    alphabeta *ab = instance;
    sg_search_config config = { .max_depth = ab->depth, .iterative = ab->iterative };
    if (budget)
        config.budget = *budget;
    char why[256] = "";
    if (ab->bounded) {
        /* b changes from move to move, and with it what the table's entries mean. */
        config.iterative = false;
        sg_search_clear(ab->engine);
        int rc = sg_sum_eval_tmax(ab->eval, sum, &ab->root_tmax, why, sizeof why);
        if (rc != SG_OK) {
            snprintf(err, errlen, "alphabeta: %s", why);
            return rc;
        }
    }
    sg_search_set_config(ab->engine, &config);
    sg_search_result r;
    int rc = sg_search_run(ab->engine, sum, who, &r, why, sizeof why);
    if (rc == SG_OK)
        rc = sg_search_keep_win(ab->engine, sum, who, &r, why, sizeof why);
    ab->last.nodes = r.nodes;
    ab->last.depth = r.completed ? r.depth : 0;
    ab->last.seconds = r.seconds;
    if (rc != SG_OK && rc != SG_ERR_BUDGET) {
        snprintf(err, errlen, "alphabeta: %s", why);
        return rc;
    }
    if (ab->eval) {
        int erc = sg_sum_eval_error(ab->eval, why, sizeof why);
        if (erc != SG_OK) {
            snprintf(err, errlen, "alphabeta: evaluation failed: %s", why);
            return erc;
        }
    }
    if (r.pv_length > 0 && r.pv[0].component != SG_EXTRA_COMPONENT) {
        *move = r.pv[0];
        return SG_OK;
    }
    /* Nothing searched in time: any legal move beats forfeiting the game. */
    sg_sum_move first;
    size_t count = 0;
    rc = sg_sum_moves(sum, who, &first, 1, &count);
    if ((rc == SG_OK || rc == SG_ERR_RANGE) && count > 0) {
        *move = first;
        return SG_OK;
    }
    snprintf(err, errlen, "alphabeta: %s has no legal move",
             who == SG_LEFT ? "left" : "right");
    return SG_ERR_INVALID;
}

static void ab_stats(void *instance, sg_strategy_stats *stats)
{
    const alphabeta *ab = instance;
    *stats = ab->last;
}

static const sg_param_doc params_doc[] = {
    { "depth", "0", "plies of lookahead; 0 searches until the sum is over" },
    { "tt_log2", "20", "transposition table of 2^tt_log2 entries (4 to 28); 14 with bound" },
    { "evaluate", "game", "leaves cut off by depth or bound: game (the games' evaluate()), "
                          "static (SE: sum of means) or rollout (HR: Hotstrat+ playout)" },
    { "bound", "none", "TEMP-ab factor C (0.8, 3/4): a position below the root is a leaf when "
                       "no component is hotter than C x t_max(root); one pass, table cleared "
                       "per move" },
    { "order", "auto", "auto (iterative, table move first, games' order), none, prev, temp, "
                       "temp+prev, incentive" },
    { "incentives", "no", "yes: prune moves with dominated incentives (INC)" },
    { NULL, NULL, NULL },
};

static const sg_strategy_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_strategy_desc),
    .name = "alphabeta",
    .version = "1.1",
    .description = "global alpha-beta over the whole sum with iterative deepening and a "
                   "transposition table; depth- or temperature-bounded with static or "
                   "rollout evaluation",
    .params = params_doc,
    .create = ab_create,
    .destroy = ab_destroy,
    .new_game = ab_new_game,
    .choose = ab_choose,
    .stats = ab_stats,
};

const sg_strategy_desc *sumgame_strategy_plugin(void);
const sg_strategy_desc *sumgame_strategy_plugin(void) { return &descriptor; }
