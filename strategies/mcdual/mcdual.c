/* Dual search (Cazenave, "Monte-Carlo approximation of temperature", §3.2): every live
 * component is estimated by two UCT searches of its own, Left first and Right first, and
 * the mover plays the best UCT move of the board with the greatest estimated temperature
 * (mu_L - mu_R) / 2, among boards where it has a move (ties: the first board). The
 * estimates are the estimator's method mcdual (sumgame/estimator.h) and the pick is
 * Hotstrat's (sg_hotstrat_pick).
 *
 * Where we read the paper: `playouts` is per search (each board costs 2 x playouts per
 * move); a playout that ends a board leaves the board's score, and the search is of the
 * board alone, so "the other player" never arises within one board. An unchanged board
 * keeps its estimate for the rest of the game (the searches of a board draw from a stream
 * that is a function of the game's stream and the board, so recomputing would give the
 * same answer). With `threads` > 1 and every game SG_GAME_REENTRANT the searches of all
 * boards share that many threads; the moves do not depend on the thread count. Under a
 * time per move the searches of the boards that need one share the move's time, and stop
 * early when their share is spent (the moves then depend on the machine). */
#include <stdio.h>
#include <string.h>

#include <sumgame/estimator.h>
#include <sumgame/mc.h>
#include <sumgame/params.h>
#include <sumgame/strategy.h>
#include <sumgame/sum_eval.h>

struct mcdual {
    const sg_host *host;
    sg_estimator *estimator;
    sg_estimate *estimates;
    size_t cap;
    sg_strategy_stats stats;
};

static const char *const known_keys[] = { "playouts", "c", "threads", "exact_positions",
                                          NULL };

static int create(const sg_host *host, const sg_params *params, void **out, char *err,
                  size_t errlen)
{
    int rc = sg_params_check_known(params, known_keys, err, errlen);
    if (rc != SG_OK)
        return rc;
    struct mcdual *m = host->alloc(sizeof *m);
    if (!m)
        return SG_ERR_NOMEM;
    memset(m, 0, sizeof *m);
    m->host = host;
    rc = sg_estimator_new("mcdual", params, &m->estimator, err, errlen);
    if (rc != SG_OK) {
        host->free(m);
        return rc;
    }
    *out = m;
    return SG_OK;
}

static void destroy(void *instance)
{
    struct mcdual *m = instance;
    sg_estimator_free(m->estimator);
    m->host->free(m->estimates);
    m->host->free(m);
}

static void new_game(void *instance, const sg_rng *rng)
{
    struct mcdual *m = instance;
    sg_estimator_set_rng(m->estimator, rng);
}

static int choose(void *instance, const sg_sum *sum, sg_player who, const sg_budget *budget,
                  sg_sum_move *move, char *err, size_t errlen)
{
    struct mcdual *m = instance;
    double start = sg_clock_seconds();
    size_t n = sg_sum_count(sum);
    if (n > m->cap) {
        sg_estimate *grown = m->host->realloc(m->estimates, n * sizeof *grown);
        if (!grown)
            return SG_ERR_NOMEM;
        m->estimates = grown;
        m->cap = n;
    }
    /* Only seconds bound the searches; depth and nodes mean nothing to them. */
    sg_budget time_only = { budget ? budget->seconds : 0, 0, 0 };
    int rc = sg_estimator_estimate_sum(m->estimator, sum, &time_only, m->estimates, err,
                                       errlen);
    if (rc != SG_OK)
        return rc;
    m->stats.nodes = 0;
    for (size_t i = 0; i < n; i++)
        m->stats.nodes += m->estimates[i].nodes;
    m->stats.depth = 0;
    m->stats.seconds = sg_clock_seconds() - start;
    if (!sg_hotstrat_pick(m->estimates, n, who, false, move)) {
        snprintf(err, errlen, "mcdual: no move for %s in the sum",
                 who == SG_LEFT ? "left" : "right");
        return SG_ERR_INVALID;
    }
    return SG_OK;
}

static void stats(void *instance, sg_strategy_stats *out)
{
    *out = ((struct mcdual *)instance)->stats;
}

static const sg_param_doc params_doc[] = {
    SG_MC_PARAM_PLAYOUTS("playouts per UCT search (two searches per board)"),
    SG_MC_PARAM_C(SG_MC_HELP_C),
    SG_MC_PARAM_THREADS(SG_MC_HELP_BOARD_THREADS),
    { "exact_positions", "0", "ours, not the paper's: first try the exact engine on a board "
                              "that changed, within this many positions; boards it cannot "
                              "finish (or a ko) are searched. 0 = never" },
    { NULL, NULL, NULL },
};

static const sg_strategy_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_strategy_desc),
    .name = "mcdual",
    .version = "1.0",
    .description = "Monte-Carlo dual search: the best UCT move on the hottest board "
                   "(Cazenave 3.2)",
    .params = params_doc,
    .create = create,
    .destroy = destroy,
    .new_game = new_game,
    .choose = choose,
    .stats = stats,
};

const sg_strategy_desc *sumgame_strategy_plugin(void);
const sg_strategy_desc *sumgame_strategy_plugin(void) { return &descriptor; }
