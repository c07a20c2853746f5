/* The `random` strategy: a uniformly random legal move of the whole sum (every move of
 * every live component equally likely). It draws from the random stream the host gives
 * it for each game (new_game), so a match replays exactly from its seed. */
#include <stddef.h>
#include <stdio.h>
#include <stdint.h>

#include "sumgame/params.h"
#include "sumgame/rng.h"
#include "sumgame/strategy.h"

typedef struct random_strategy {
    const sg_host *host;
    sg_rng rng;
    sg_sum_move *moves;
    size_t cap;
} random_strategy;

static int create(const sg_host *host, const sg_params *params, void **instance, char *err,
                  size_t errlen)
{
    static const char *const known[] = { NULL };
    if (sg_params_check_known(params, known, err, errlen) != SG_OK)
        return SG_ERR_INVALID;
    random_strategy *r = host->alloc(sizeof *r);
    if (!r)
        return SG_ERR_NOMEM;
    r->host = host;
    /* A fixed stream until the host starts a game, so play is reproducible even then. */
    sg_rng_seed(&r->rng, 0);
    r->moves = NULL;
    r->cap = 0;
    *instance = r;
    return SG_OK;
}

static void destroy(void *instance)
{
    random_strategy *r = instance;
    if (!r)
        return;
    r->host->free(r->moves);
    r->host->free(r);
}

static void new_game(void *instance, const sg_rng *rng)
{
    random_strategy *r = instance;
    r->rng = *rng;
}

static int choose(void *instance, const sg_sum *sum, sg_player who, const sg_budget *budget,
                  sg_sum_move *move, char *err, size_t errlen)
{
    (void)budget; /* one draw costs nothing worth budgeting */
    random_strategy *r = instance;
    size_t count = 0;
    int rc = sg_sum_moves(sum, who, r->moves, r->cap, &count);
    if (rc == SG_ERR_RANGE) {
        sg_sum_move *grown = r->host->realloc(r->moves, count * sizeof *grown);
        if (!grown) {
            snprintf(err, errlen, "random: out of memory for %zu moves", count);
            return SG_ERR_NOMEM;
        }
        r->moves = grown;
        r->cap = count;
        rc = sg_sum_moves(sum, who, r->moves, r->cap, &count);
    }
    if (rc != SG_OK) {
        snprintf(err, errlen, "random: cannot list the moves (error %d)", rc);
        return rc;
    }
    if (count == 0) {
        snprintf(err, errlen, "random: %s has no move", who == SG_LEFT ? "left" : "right");
        return SG_ERR_INVALID;
    }
    *move = r->moves[sg_rng_below(&r->rng, count)];
    return SG_OK;
}

static void stats(void *instance, sg_strategy_stats *out)
{
    (void)instance;
    out->nodes = 0;
    out->depth = 0;
    out->seconds = 0;
}

static const sg_strategy_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_strategy_desc),
    .name = "random",
    .version = "1.0",
    .description = "a uniformly random legal move of the sum, drawn from the game's seed",
    .params = NULL,
    .create = create,
    .destroy = destroy,
    .new_game = new_game,
    .choose = choose,
    .stats = stats,
};

const sg_strategy_desc *sumgame_strategy_plugin(void);
const sg_strategy_desc *sumgame_strategy_plugin(void) { return &descriptor; }
