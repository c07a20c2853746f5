/* Sentestrat (Berlekamp, Winning Ways ch. 6): answer the opponent's move when it left its
 * component hotter than the ambient temperature, otherwise play Thermostrat.
 *
 * The ambient temperature is Thermostrat's T for the opponent in the sum our own last
 * move left. The component(s) the opponent's move produced are those whose hashes were
 * not in that sum; if one of them is now hotter than the ambient, we answer in the
 * hottest such component with the best move at its temperature.
 *
 * Under a clock the thermographs may take half of it; when they do not finish, the move
 * is Hotstrat+'s over anytime TDS+ estimates in the time left (sg_clock_fallback_within),
 * and the next move has no ambient temperature to compare with (it plays Thermostrat). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sumgame/params.h>
#include <sumgame/strategy.h>
#include <sumgame/sum_eval.h>
#include <sumgame/thermostrat.h>

struct sentestrat {
    const sg_host *host;
    size_t max_positions;
    sg_thermo_cache *cache;
    sg_sum *after;        /* the sum our last move left */
    bool have_after;
    sg_value ambient;     /* Thermostrat's T for the opponent there */
    sg_estimator *fallback; /* under a clock, when the thermographs do not finish */
    sg_strategy_stats stats;
};

static int create(const sg_host *host, const sg_params *params, void **out, char *err,
                  size_t errlen)
{
    size_t max_positions = 0;
    int rc = sg_thermostrat_params(params, &max_positions, err, errlen);
    if (rc != SG_OK)
        return rc;
    struct sentestrat *s = host->alloc(sizeof *s);
    if (!s)
        return SG_ERR_NOMEM;
    memset(s, 0, sizeof *s);
    s->host = host;
    s->max_positions = max_positions;
    s->after = sg_sum_new(SG_FREEZE_INTEGERS);
    if (!s->after || !(s->cache = sg_thermo_cache_new(NULL))) {
        sg_sum_free(s->after);
        host->free(s);
        return SG_ERR_NOMEM;
    }
    *out = s;
    return SG_OK;
}

static void destroy(void *instance)
{
    struct sentestrat *s = instance;
    sg_thermo_cache_free(s->cache);
    sg_sum_free(s->after);
    sg_estimator_free(s->fallback);
    s->host->free(s);
}

static void new_game(void *instance, const sg_rng *rng)
{
    (void)rng;
    struct sentestrat *s = instance;
    s->have_after = false;
    /* Cached analyses are keyed on the last game's instances. If the reset cannot get a
     * fresh table it keeps the old one, which stays correct, only larger. */
    sg_thermo_cache_reset(s->cache);
    if (s->fallback)
        sg_estimator_reset(s->fallback);
}

static bool was_there(const sg_sum *before, uint64_t hash)
{
    for (size_t i = 0; i < sg_sum_count(before); i++)
        if (sg_sum_component_hash(before, i) == hash)
            return true;
    return false;
}

/* The hottest component the opponent's move made hotter than the ambient, if any. */
static int find_threat(struct sentestrat *s, const sg_sum *sum, bool *found, size_t *where,
                       sg_value *temp, char *err, size_t errlen)
{
    *found = false;
    if (!s->have_after)
        return SG_OK;
    for (size_t i = 0; i < sg_sum_count(sum); i++) {
        if (was_there(s->after, sg_sum_component_hash(sum, i)))
            continue;
        const sg_thermograph *th;
        int rc = sg_thermograph_of_position(s->cache, sg_sum_game(sum, i), sg_sum_pos(sum, i),
                                            s->max_positions, &th, err, errlen);
        if (rc != SG_OK)
            return rc;
        if (sg_value_cmp(th->temperature, s->ambient) > 0 &&
            (!*found || sg_value_cmp(th->temperature, *temp) > 0)) {
            *found = true;
            *where = i;
            *temp = th->temperature;
        }
    }
    return SG_OK;
}

/* Remembers the sum our move leaves and the opponent's ambient temperature there. */
static int remember(struct sentestrat *s, const sg_sum *sum, sg_player who, sg_sum_move mv,
                    char *err, size_t errlen)
{
    s->have_after = false;
    int rc = sg_sum_play(sum, who, mv, s->after, err, errlen);
    if (rc != SG_OK)
        return rc;
    size_t n = sg_sum_count(s->after);
    const sg_thermograph **th = malloc((n + 1) * sizeof *th);
    if (!th)
        return SG_ERR_NOMEM;
    rc = sg_thermostrat_thermographs(s->cache, s->after, s->max_positions, th, err, errlen);
    if (rc == SG_OK) {
        s->ambient = sg_thermostrat_ambient(th, n, sg_opponent(who));
        s->have_after = true;
    }
    free(th);
    return rc;
}

static int choose(void *instance, const sg_sum *sum, sg_player who, const sg_budget *budget,
                  sg_sum_move *move, char *err, size_t errlen)
{
    struct sentestrat *s = instance;
    double start = sg_clock_seconds();
    sg_clock_share clock;
    sg_clock_share_start(&clock, budget);
    sg_thermo_cache_set_meter(s->cache, sg_clock_share_meter(&clock));
    size_t before = sg_cgt_size(sg_thermo_cache_table(s->cache));
    bool threat = false, has = false;
    size_t where = 0;
    sg_value temp = sg_value_int(0);
    int rc = find_threat(s, sum, &threat, &where, &temp, err, errlen);
    if (rc == SG_OK && threat) {
        rc = sg_thermograph_best_move(s->cache, sg_sum_game(sum, where), sg_sum_pos(sum, where),
                                      who, temp, s->max_positions, &has, &move->move, err,
                                      errlen);
        move->component = (uint32_t)where;
    }
    if (rc == SG_OK && !(threat && has)) {
        sg_thermostrat_choice choice;
        rc = sg_thermostrat_choose(s->cache, sum, who, s->max_positions, &choice, err, errlen);
        move->component = (uint32_t)choice.component;
        move->move = choice.move;
    }
    if (rc == SG_OK)
        rc = remember(s, sum, who, *move, err, errlen);
    sg_thermo_cache_set_meter(s->cache, NULL);
    if (sg_clock_share_ran_out(&clock, rc)) {
        s->have_after = false;
        sg_budget rest = sg_clock_share_rest(&clock);
        rc = sg_clock_fallback_within(&s->fallback, sum, who, &rest, move, err, errlen);
    }
    s->stats.nodes = sg_cgt_size(sg_thermo_cache_table(s->cache)) - before;
    s->stats.seconds = sg_clock_seconds() - start;
    return rc;
}

static void stats(void *instance, sg_strategy_stats *out)
{
    *out = ((struct sentestrat *)instance)->stats;
}

static const sg_strategy_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_strategy_desc),
    .name = "sentestrat",
    .version = "1.0",
    .description = "Sentestrat: answer moves that heat a component above the ambient, else Thermostrat",
    .params = sg_thermostrat_param_docs,
    .create = create,
    .destroy = destroy,
    .new_game = new_game,
    .choose = choose,
    .stats = stats,
};

const sg_strategy_desc *sumgame_strategy_plugin(void);
const sg_strategy_desc *sumgame_strategy_plugin(void) { return &descriptor; }
