/* Global UCT search (Cazenave, "Monte-Carlo approximation of temperature", §3.1): one UCT
 * tree over the whole sum, a move in any component per node, playouts scored in points.
 *
 * Where we read the paper: `playouts` is the number of playouts per move (per search);
 * after the tree's descent the player to move starts the playout of the first live
 * component, and each next component is started by the player who would have moved next
 * in the one before (the paper's "the other player" once a board is over). The move played
 * is the root child with the most visits. With `threads` > 1 and every game of the sum
 * SG_GAME_REENTRANT, the playouts are shared by that many independent trees (root
 * parallelisation) whose root statistics are added; otherwise one thread is used.
 * Each decision draws from its own stream of the game's random stream (new_game), so a
 * game is replayed move for move from the match seed for a given thread count. Under a
 * time per move the search also stops when the move's time is spent (the moves then
 * depend on the machine). */
#include <stdio.h>
#include <string.h>

#include <sumgame/mc.h>
#include <sumgame/params.h>
#include <sumgame/rng.h>
#include <sumgame/strategy.h>

struct uct {
    const sg_host *host;
    sg_uct_config config;
    sg_rng rng;        /* the game's stream */
    uint64_t decision; /* decisions made in this game */
    sg_strategy_stats stats;
};

static const char *const known_keys[] = { "playouts", "c", "threads", NULL };

static int create(const sg_host *host, const sg_params *params, void **out, char *err,
                  size_t errlen)
{
    sg_uct_config config;
    sg_uct_config_default(&config);
    int rc = sg_params_check_known(params, known_keys, err, errlen);
    if (rc == SG_OK)
        rc = sg_uct_config_parse(params, &config, err, errlen);
    if (rc != SG_OK)
        return rc;
    struct uct *u = host->alloc(sizeof *u);
    if (!u)
        return SG_ERR_NOMEM;
    memset(u, 0, sizeof *u);
    u->host = host;
    u->config = config;
    sg_rng_seed(&u->rng, 0);
    *out = u;
    return SG_OK;
}

static void destroy(void *instance)
{
    struct uct *u = instance;
    u->host->free(u);
}

static void new_game(void *instance, const sg_rng *rng)
{
    struct uct *u = instance;
    u->rng = *rng;
    u->decision = 0;
}

static int choose(void *instance, const sg_sum *sum, sg_player who, const sg_budget *budget,
                  sg_sum_move *move, char *err, size_t errlen)
{
    struct uct *u = instance;
    double start = sg_clock_seconds();
    sg_rng rng = sg_rng_split(&u->rng, u->decision++);
    sg_uct_config config = u->config;
    config.seconds = sg_mc_search_seconds(budget ? budget->seconds : 0, 1, 1, false);
    sg_uct_result r;
    int rc = sg_uct_search(sum, who, &config, &rng, &r, err, errlen);
    if (rc != SG_OK)
        return rc;
    u->stats.nodes = r.nodes;
    u->stats.depth = 0;
    if (!r.has_best || r.children[r.best].pass) {
        snprintf(err, errlen, "uct: no move for %s in the sum",
                 who == SG_LEFT ? "left" : "right");
        rc = SG_ERR_INVALID;
    } else {
        *move = r.children[r.best].move;
    }
    sg_uct_result_free(&r);
    u->stats.seconds = sg_clock_seconds() - start;
    return rc;
}

static void stats(void *instance, sg_strategy_stats *out)
{
    *out = ((struct uct *)instance)->stats;
}

static const sg_param_doc params_doc[] = {
    SG_MC_PARAM_PLAYOUTS("playouts per move"),
    SG_MC_PARAM_C(SG_MC_HELP_C),
    SG_MC_PARAM_THREADS("independent trees, one per thread (only for reentrant games)"),
    { NULL, NULL, NULL },
};

static const sg_strategy_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_strategy_desc),
    .name = "uct",
    .version = "1.0",
    .description = "global UCT over the whole sum (Cazenave 3.1)",
    .params = params_doc,
    .create = create,
    .destroy = destroy,
    .new_game = new_game,
    .choose = choose,
    .stats = stats,
};

const sg_strategy_desc *sumgame_strategy_plugin(void);
const sg_strategy_desc *sumgame_strategy_plugin(void) { return &descriptor; }
