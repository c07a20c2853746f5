/* Thermostrat (Berlekamp, Winning Ways ch. 6) over exact thermographs. The rule itself
 * lives in libsumgame (sumgame/thermostrat.h) because sentestrat falls back on it.
 * Under a clock the thermographs may take half of it; when they do not finish, the move
 * is Hotstrat+'s over anytime TDS+ estimates in the time left (sg_clock_fallback_within),
 * and the next move tries the thermographs again from what the cache holds. */
#include <stdio.h>
#include <string.h>

#include <sumgame/params.h>
#include <sumgame/strategy.h>
#include <sumgame/sum_eval.h>
#include <sumgame/thermostrat.h>

struct thermostrat {
    const sg_host *host;
    size_t max_positions;
    sg_thermo_cache *cache;
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
    struct thermostrat *s = host->alloc(sizeof *s);
    if (!s)
        return SG_ERR_NOMEM;
    memset(s, 0, sizeof *s);
    s->host = host;
    s->max_positions = max_positions;
    if (!(s->cache = sg_thermo_cache_new(NULL))) {
        host->free(s);
        return SG_ERR_NOMEM;
    }
    *out = s;
    return SG_OK;
}

static void destroy(void *instance)
{
    struct thermostrat *s = instance;
    sg_thermo_cache_free(s->cache);
    sg_estimator_free(s->fallback);
    s->host->free(s);
}

static void new_game(void *instance, const sg_rng *rng)
{
    (void)rng;
    struct thermostrat *s = instance;
    /* Cached analyses are keyed on the last game's instances. If the reset cannot get a
     * fresh table it keeps the old one, which stays correct, only larger. */
    sg_thermo_cache_reset(s->cache);
    if (s->fallback)
        sg_estimator_reset(s->fallback);
}

static int choose(void *instance, const sg_sum *sum, sg_player who, const sg_budget *budget,
                  sg_sum_move *move, char *err, size_t errlen)
{
    struct thermostrat *s = instance;
    double start = sg_clock_seconds();
    size_t before = sg_cgt_size(sg_thermo_cache_table(s->cache));
    sg_thermostrat_choice choice;
    sg_clock_share clock;
    sg_clock_share_start(&clock, budget);
    sg_thermo_cache_set_meter(s->cache, sg_clock_share_meter(&clock));
    int rc = sg_thermostrat_choose(s->cache, sum, who, s->max_positions, &choice, err, errlen);
    sg_thermo_cache_set_meter(s->cache, NULL);
    if (rc == SG_OK) {
        move->component = (uint32_t)choice.component;
        move->move = choice.move;
    } else if (sg_clock_share_ran_out(&clock, rc)) {
        sg_budget rest = sg_clock_share_rest(&clock);
        rc = sg_clock_fallback_within(&s->fallback, sum, who, &rest, move, err, errlen);
    }
    s->stats.nodes = sg_cgt_size(sg_thermo_cache_table(s->cache)) - before;
    s->stats.seconds = sg_clock_seconds() - start;
    return rc;
}

static void stats(void *instance, sg_strategy_stats *out)
{
    *out = ((struct thermostrat *)instance)->stats;
}

static const sg_strategy_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_strategy_desc),
    .name = "thermostrat",
    .version = "1.0",
    .description = "Berlekamp's Thermostrat over exact thermographs",
    .params = sg_thermostrat_param_docs,
    .create = create,
    .destroy = destroy,
    .new_game = new_game,
    .choose = choose,
    .stats = stats,
};

const sg_strategy_desc *sumgame_strategy_plugin(void);
const sg_strategy_desc *sumgame_strategy_plugin(void) { return &descriptor; }
