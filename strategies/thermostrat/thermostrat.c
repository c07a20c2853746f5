/* Thermostrat (Berlekamp, Winning Ways ch. 6) over exact thermographs. The rule itself
 * lives in libsumgame (sumgame/thermostrat.h) because sentestrat falls back on it. */
#include <stdio.h>
#include <string.h>

#include <sumgame/params.h>
#include <sumgame/strategy.h>
#include <sumgame/thermostrat.h>

struct thermostrat {
    const sg_host *host;
    size_t max_positions;
    sg_cgt *table;
    sg_thermo_cache *cache;
    sg_strategy_stats stats;
};

static const char *const known_keys[] = { "estimator", "max_positions", NULL };
static const char *const estimators[] = { "exact", NULL };

static int open_tables(struct thermostrat *s)
{
    s->table = sg_cgt_new();
    s->cache = s->table ? sg_thermo_cache_new(s->table) : NULL;
    return s->cache ? SG_OK : SG_ERR_NOMEM;
}

static void close_tables(struct thermostrat *s)
{
    sg_thermo_cache_free(s->cache);
    sg_cgt_free(s->table);
}

static int create(const sg_host *host, const sg_params *params, void **out, char *err,
                  size_t errlen)
{
    int method = 0;
    long long max_positions = 0;
    int rc = sg_params_check_known(params, known_keys, err, errlen);
    if (rc == SG_OK) /* thermographs are exact: no other estimator gives walls */
        rc = sg_params_enum(params, "estimator", estimators, 0, &method, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(params, "max_positions", 0, 0, (long long)1 << 40, &max_positions,
                           err, errlen);
    if (rc != SG_OK)
        return rc;
    struct thermostrat *s = host->alloc(sizeof *s);
    if (!s)
        return SG_ERR_NOMEM;
    memset(s, 0, sizeof *s);
    s->host = host;
    s->max_positions = (size_t)max_positions;
    if (open_tables(s) != SG_OK) {
        close_tables(s);
        host->free(s);
        return SG_ERR_NOMEM;
    }
    *out = s;
    return SG_OK;
}

static void destroy(void *instance)
{
    struct thermostrat *s = instance;
    close_tables(s);
    s->host->free(s);
}

static void new_game(void *instance, const sg_rng *rng)
{
    (void)rng;
    struct thermostrat *s = instance;
    close_tables(s);
    open_tables(s);
}

static int choose(void *instance, const sg_sum *sum, sg_player who, const sg_budget *budget,
                  sg_sum_move *move, char *err, size_t errlen)
{
    (void)budget;
    struct thermostrat *s = instance;
    if (!s->cache) {
        snprintf(err, errlen, "thermostrat: out of memory");
        return SG_ERR_NOMEM;
    }
    double start = sg_clock_seconds();
    size_t before = sg_cgt_size(s->table);
    sg_thermostrat_choice choice;
    int rc = sg_thermostrat_choose(s->cache, sum, who, s->max_positions, &choice, err, errlen);
    if (rc == SG_OK) {
        move->component = (uint32_t)choice.component;
        move->move = choice.move;
    }
    s->stats.nodes = sg_cgt_size(s->table) - before;
    s->stats.seconds = sg_clock_seconds() - start;
    return rc;
}

static void stats(void *instance, sg_strategy_stats *out)
{
    *out = ((struct thermostrat *)instance)->stats;
}

static const sg_param_doc params_doc[] = {
    { "estimator", "exact", "thermographs come from exact analysis (the only choice)" },
    { "max_positions", "0", "positions one exact analysis may visit (0 = no limit)" },
    { NULL, NULL, NULL },
};

static const sg_strategy_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_strategy_desc),
    .name = "thermostrat",
    .version = "1.0",
    .description = "Berlekamp's Thermostrat over exact thermographs",
    .params = params_doc,
    .create = create,
    .destroy = destroy,
    .new_game = new_game,
    .choose = choose,
    .stats = stats,
};

const sg_strategy_desc *sumgame_strategy_plugin(void);
const sg_strategy_desc *sumgame_strategy_plugin(void) { return &descriptor; }
