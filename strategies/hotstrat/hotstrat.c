/* Hotstrat and Hotstrat+: move in the hottest component (Müller–Li §2.1).
 *
 * Plain Hotstrat ranks components by temperature; Hotstrat+ (mode = plus) ranks them by
 * the pseudo-temperature of the player to move, so a player cashes in a sente threat such
 * as Left's move in 10|0||-1 at t = 5 instead of waiting until t = 1. The move played in
 * the chosen component is the estimator's best move there. Ties go to the component that
 * comes first in the sum. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sumgame/estimator.h>
#include <sumgame/params.h>
#include <sumgame/strategy.h>

enum mode { MODE_PLAIN = 0, MODE_PLUS = 1 };

struct hotstrat {
    const sg_host *host;
    enum mode mode;
    sg_estimator *estimator;
    sg_estimate *estimates;
    size_t cap;
    sg_strategy_stats stats;
};

static const char *const known_keys[] = { "estimator", "mode", "max_positions", NULL };
static const char *const modes[] = { "plain", "plus", NULL };

static int create(const sg_host *host, const sg_params *params, void **out, char *err,
                  size_t errlen)
{
    int mode = MODE_PLAIN, method = 0;
    int rc = sg_params_check_known(params, known_keys, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(params, "mode", modes, MODE_PLAIN, &mode, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(params, "estimator", sg_estimator_methods, 0, &method, err, errlen);
    if (rc != SG_OK)
        return rc;
    /* The estimator gets the keys that are its own. */
    sg_param own[1];
    sg_params est = { params->file, params->section, own, 0 };
    const sg_param *mp = sg_params_find(params, "max_positions");
    if (mp)
        own[est.count++] = *mp;
    struct hotstrat *h = host->alloc(sizeof *h);
    if (!h)
        return SG_ERR_NOMEM;
    memset(h, 0, sizeof *h);
    h->host = host;
    h->mode = (enum mode)mode;
    rc = sg_estimator_new(sg_estimator_methods[method], &est, &h->estimator, err, errlen);
    if (rc != SG_OK) {
        host->free(h);
        return rc;
    }
    *out = h;
    return SG_OK;
}

static void destroy(void *instance)
{
    struct hotstrat *h = instance;
    sg_estimator_free(h->estimator);
    h->host->free(h->estimates);
    h->host->free(h);
}

static void new_game(void *instance, const sg_rng *rng)
{
    (void)rng;
    struct hotstrat *h = instance;
    /* Cached analyses are keyed on the last game's instances. If the reset cannot get a
     * fresh table it keeps the old one, which stays correct, only larger. */
    sg_estimator_reset(h->estimator);
}

static int choose(void *instance, const sg_sum *sum, sg_player who, const sg_budget *budget,
                  sg_sum_move *move, char *err, size_t errlen)
{
    struct hotstrat *h = instance;
    double start = sg_clock_seconds();
    size_t n = sg_sum_count(sum);
    if (n > h->cap) {
        sg_estimate *grown = h->host->realloc(h->estimates, n * sizeof *grown);
        if (!grown)
            return SG_ERR_NOMEM;
        h->estimates = grown;
        h->cap = n;
    }
    int rc = sg_estimator_estimate_sum(h->estimator, sum, budget, h->estimates, err, errlen);
    if (rc != SG_OK)
        return rc;
    bool found = false;
    sg_value hottest = sg_value_int(0);
    h->stats.nodes = 0;
    for (size_t i = 0; i < n; i++) {
        const sg_estimate *e = &h->estimates[i];
        h->stats.nodes += e->nodes;
        bool can_move = who == SG_LEFT ? e->has_best_left : e->has_best_right;
        if (!can_move)
            continue;
        sg_value heat = h->mode == MODE_PLAIN ? e->temperature
                        : who == SG_LEFT      ? e->pseudo_left
                                              : e->pseudo_right;
        if (!found || sg_value_cmp(heat, hottest) > 0) {
            found = true;
            hottest = heat;
            move->component = (uint32_t)i;
            move->move = who == SG_LEFT ? e->best_left : e->best_right;
        }
    }
    h->stats.seconds = sg_clock_seconds() - start;
    if (!found) {
        snprintf(err, errlen, "hotstrat: no move for %s in the sum",
                 who == SG_LEFT ? "left" : "right");
        return SG_ERR_INVALID;
    }
    return SG_OK;
}

static void stats(void *instance, sg_strategy_stats *out)
{
    *out = ((struct hotstrat *)instance)->stats;
}

static const sg_param_doc params_doc[] = {
    { "mode", "plain", "plain: rank by temperature; plus: by pseudo-temperature (Hotstrat+)" },
    { "estimator", "exact", "how components are analyzed" },
    { "max_positions", "0", "positions one exact analysis may visit (0 = no limit)" },
    { NULL, NULL, NULL },
};

static const sg_strategy_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_strategy_desc),
    .name = "hotstrat",
    .version = "1.0",
    .description = "Hotstrat / Hotstrat+: play in the hottest component",
    .params = params_doc,
    .create = create,
    .destroy = destroy,
    .new_game = new_game,
    .choose = choose,
    .stats = stats,
};

const sg_strategy_desc *sumgame_strategy_plugin(void);
const sg_strategy_desc *sumgame_strategy_plugin(void) { return &descriptor; }
