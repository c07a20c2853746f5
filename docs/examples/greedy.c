/* A complete strategy plugin, small enough to read in one sitting: one-ply greedy. It
 * tries every move of the sum and keeps the one after which the sum looks best for the
 * mover: the settled points plus each live component's evaluate() (0 for a game without
 * one), from Left's view, Left maximizing and Right minimizing. Ties go to the first move
 * listed, or to a random one with `random_ties = yes` (from the game's own random stream,
 * so a match still replays from its seed). Build it out of tree (docs/writing-a-strategy.md):
 *
 *     cc -std=c17 -shared -fPIC greedy.c -o strategies/greedy.so $(pkg-config --cflags --libs sumgame)
 *
 * and name it in a match file: [strategy.greedy] plugin = greedy. */
#include <stdio.h>

#include <sumgame/params.h>
#include <sumgame/rng.h>
#include <sumgame/strategy.h>

struct greedy {
    const sg_host *host;
    bool random_ties;
    sg_rng rng;
    sg_sum_move *moves; /* grown as sums need */
    size_t cap;
    sg_sum *after; /* the sum after the move being tried */
    sg_strategy_stats last;
};

static int create(const sg_host *host, const sg_params *params, void **instance, char *err,
                  size_t errlen)
{
    static const char *const known[] = { "random_ties", NULL };
    bool random_ties = false;
    if (sg_params_check_known(params, known, err, errlen) != SG_OK ||
        sg_params_bool(params, "random_ties", false, &random_ties, err, errlen) != SG_OK)
        return SG_ERR_INVALID;
    struct greedy *g = host->alloc(sizeof *g);
    if (!g)
        return SG_ERR_NOMEM;
    *g = (struct greedy){ .host = host, .random_ties = random_ties };
    sg_rng_seed(&g->rng, 0);
    *instance = g;
    return SG_OK;
}

static void destroy(void *instance)
{
    struct greedy *g = instance;
    if (g->after)
        sg_sum_free(g->after);
    g->host->free(g->moves);
    g->host->free(g);
}

static void new_game(void *instance, const sg_rng *rng)
{
    struct greedy *g = instance;
    g->rng = *rng;
}

/* The settled points plus every live component's evaluation, with who to move. */
static sg_value look(const sg_sum *sum, sg_player who)
{
    sg_value v = sg_sum_frozen(sum);
    for (size_t i = 0; i < sg_sum_count(sum); i++) {
        const sg_game *game = sg_sum_game(sum, i);
        if (game->desc->evaluate)
            v = sg_value_add(v, game->desc->evaluate(game->instance, sg_sum_pos(sum, i), who));
    }
    return v;
}

static int choose(void *instance, const sg_sum *sum, sg_player who, const sg_budget *budget,
                  sg_sum_move *move, char *err, size_t errlen)
{
    (void)budget; /* one ply costs what the sum has moves: no budget to keep */
    struct greedy *g = instance;
    double start = g->host->clock_seconds();
    size_t count = 0;
    int rc = sg_sum_moves(sum, who, g->moves, g->cap, &count);
    if (rc == SG_ERR_RANGE) {
        sg_sum_move *grown = g->host->realloc(g->moves, count * sizeof *grown);
        if (!grown) {
            snprintf(err, errlen, "greedy: out of memory for %zu moves", count);
            return SG_ERR_NOMEM;
        }
        g->moves = grown;
        g->cap = count;
        rc = sg_sum_moves(sum, who, g->moves, g->cap, &count);
    }
    if (rc != SG_OK || count == 0) {
        snprintf(err, errlen, "greedy: %s has no move to choose", who == SG_LEFT ? "left" : "right");
        return rc != SG_OK ? rc : SG_ERR_INVALID;
    }
    if (!g->after && !(g->after = sg_sum_new(sg_sum_policy(sum)))) {
        snprintf(err, errlen, "greedy: out of memory");
        return SG_ERR_NOMEM;
    }
    sg_value best = { 0, 0 };
    size_t chosen = 0, ties = 0;
    for (size_t i = 0; i < count; i++) {
        rc = sg_sum_play(sum, who, g->moves[i], g->after, err, errlen);
        if (rc != SG_OK)
            return rc;
        sg_value v = look(g->after, sg_opponent(who));
        int c = i == 0 ? 1 : sg_value_cmp(v, best) * (who == SG_LEFT ? 1 : -1);
        /* Reservoir sampling keeps each of the tied moves with equal chance. */
        if (c > 0) {
            best = v;
            chosen = i;
            ties = 1;
        } else if (c == 0 && g->random_ties && sg_rng_below(&g->rng, ++ties) == 0) {
            chosen = i;
        }
    }
    *move = g->moves[chosen];
    g->last = (sg_strategy_stats){ count, 1, g->host->clock_seconds() - start };
    return SG_OK;
}

static void stats(void *instance, sg_strategy_stats *out)
{
    struct greedy *g = instance;
    *out = g->last;
}

static const sg_param_doc params[] = {
    { "random_ties", "no", "break ties between equally good moves at random" },
    { NULL, NULL, NULL },
};

static const sg_strategy_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_strategy_desc),
    .name = "greedy",
    .version = "1.0",
    .description = "one-ply greedy on the games' evaluate(), the example of "
                   "docs/writing-a-strategy.md",
    .params = params,
    .create = create,
    .destroy = destroy,
    .new_game = new_game,
    .choose = choose,
    .stats = stats,
};

const sg_strategy_desc *sumgame_strategy_plugin(void);
const sg_strategy_desc *sumgame_strategy_plugin(void) { return &descriptor; }
