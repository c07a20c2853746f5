/* Strategy `alphabeta`: global αβ over the whole sum on the shared engine (search.h),
 * the baseline of the Müller-Li experiments.
 *
 * Keys of [strategy.NAME]:
 *   depth   = plies of lookahead; 0 (default) searches until the sum is over, so within
 *             an unlimited budget it plays perfectly
 *   tt_log2 = transposition table of 2^tt_log2 entries (default 20, from 4 to 28)
 *
 * It searches by iterative deepening within the match's per-move budget (seconds and/or
 * nodes, and the budget's depth if set). Under a limit it plays the first move of the
 * principal variation of the deepest iteration that completed; if none did, the table's
 * move for the position (from the previous move's search) or else the first legal move,
 * rather than failing. The table is kept from move to move within a game and cleared at
 * each new game, so node-budgeted matches are reproducible. It plays the sum as given:
 * in matches (SG_FREEZE_INTEGERS) non-integer numbers stay live and are played out. */
#include <stdio.h>
#include <string.h>

#include "sumgame/params.h"
#include "sumgame/search.h"
#include "sumgame/strategy.h"

typedef struct alphabeta {
    const sg_host *host;
    int depth;
    sg_search *engine;
    sg_strategy_stats last;
} alphabeta;

static const char *const known_keys[] = { "depth", "tt_log2", NULL };

static int ab_create(const sg_host *host, const sg_params *params, void **instance, char *err,
                     size_t errlen)
{
    long long depth = 0, tt_log2 = 20;
    int rc = sg_params_check_known(params, known_keys, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(params, "depth", 0, 0, 10000, &depth, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(params, "tt_log2", 20, 4, 28, &tt_log2, err, errlen);
    if (rc != SG_OK)
        return rc;
    alphabeta *ab = host->alloc(sizeof *ab);
    if (!ab) {
        snprintf(err, errlen, "alphabeta: out of memory");
        return SG_ERR_NOMEM;
    }
    memset(ab, 0, sizeof *ab);
    ab->host = host;
    ab->depth = (int)depth;
    sg_search_config config = { .max_depth = ab->depth, .iterative = true,
                                .tt_log2 = (size_t)tt_log2 };
    char why[256];
    ab->engine = sg_search_new(&config, why, sizeof why);
    if (!ab->engine) {
        snprintf(err, errlen, "alphabeta: %s", why);
        host->free(ab);
        return SG_ERR_NOMEM;
    }
    *instance = ab;
    return SG_OK;
}

static void ab_destroy(void *instance)
{
    alphabeta *ab = instance;
    if (!ab)
        return;
    sg_search_free(ab->engine);
    ab->host->free(ab);
}

static void ab_new_game(void *instance, const sg_rng *rng)
{
    (void)rng;
    alphabeta *ab = instance;
    sg_search_clear(ab->engine);
}

static int ab_choose(void *instance, const sg_sum *sum, sg_player who, const sg_budget *budget,
                     sg_sum_move *move, char *err, size_t errlen)
{
    alphabeta *ab = instance;
    sg_search_config config = { .max_depth = ab->depth, .iterative = true };
    if (budget)
        config.budget = *budget;
    sg_search_set_config(ab->engine, &config);
    sg_search_result r;
    char why[256] = "";
    int rc = sg_search_run(ab->engine, sum, who, &r, why, sizeof why);
    ab->last.nodes = r.nodes;
    ab->last.depth = r.completed ? r.depth : 0;
    ab->last.seconds = r.seconds;
    if (rc != SG_OK && rc != SG_ERR_BUDGET) {
        snprintf(err, errlen, "alphabeta: %s", why);
        return rc;
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
    { "tt_log2", "20", "transposition table of 2^tt_log2 entries (4 to 28)" },
    { NULL, NULL, NULL },
};

static const sg_strategy_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_strategy_desc),
    .name = "alphabeta",
    .version = "1.0",
    .description = "global alpha-beta over the whole sum with iterative deepening and a "
                   "transposition table",
    .params = params_doc,
    .create = ab_create,
    .destroy = ab_destroy,
    .new_game = ab_new_game,
    .choose = ab_choose,
    .stats = ab_stats,
};

const sg_strategy_desc *sumgame_strategy_plugin(void);
const sg_strategy_desc *sumgame_strategy_plugin(void) { return &descriptor; }
