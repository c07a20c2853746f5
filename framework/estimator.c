#include "sumgame/estimator.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/cgt.h"
#include "sumgame/params.h"
#include "sumgame/thermograph.h"

const char *const sg_estimator_methods[] = { "exact", NULL };

struct sg_estimator {
    size_t max_positions;
    sg_thermo_cache *cache;
};

int sg_estimator_new(const char *method, const sg_params *params, sg_estimator **out,
                     char *err, size_t errlen)
{
    if (strcmp(method, "exact") != 0) {
        snprintf(err, errlen, "unknown estimator '%s' (known: exact)", method);
        return SG_ERR_INVALID;
    }
    static const char *const known[] = { "max_positions", NULL };
    long long max_positions = 0;
    int rc = sg_params_check_known(params, known, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(params, "max_positions", 0, 0, (long long)1 << 40, &max_positions,
                           err, errlen);
    if (rc != SG_OK)
        return rc;
    sg_estimator *e = calloc(1, sizeof *e);
    if (!e || !(e->cache = sg_thermo_cache_new(NULL))) {
        free(e);
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    e->max_positions = (size_t)max_positions;
    *out = e;
    return SG_OK;
}

void sg_estimator_free(sg_estimator *e)
{
    if (!e)
        return;
    sg_thermo_cache_free(e->cache);
    free(e);
}

int sg_estimator_reset(sg_estimator *e) { return sg_thermo_cache_reset(e->cache); }

int sg_estimator_estimate(sg_estimator *e, const sg_game *game, const void *pos,
                          const sg_budget *budget, sg_estimate *out, char *err, size_t errlen)
{
    (void)budget; /* exact analysis runs to the end; max_positions bounds it instead */
    double start = sg_clock_seconds();
    size_t before = sg_cgt_size(sg_thermo_cache_table(e->cache));
    memset(out, 0, sizeof *out);
    const sg_thermograph *th;
    int rc = sg_thermograph_of_position(e->cache, game, pos, e->max_positions, &th, err,
                                        errlen);
    if (rc != SG_OK)
        return rc;
    out->mean = th->mean;
    out->temperature = th->temperature;
    out->pseudo_left = th->pseudo_left;
    out->pseudo_right = th->pseudo_right;
    out->left_stop = th->left_stop;
    out->right_stop = th->right_stop;
    out->exact = true;
    rc = sg_thermograph_best_move(e->cache, game, pos, SG_LEFT, th->temperature,
                                  e->max_positions, &out->has_best_left, &out->best_left, err,
                                  errlen);
    if (rc == SG_OK)
        rc = sg_thermograph_best_move(e->cache, game, pos, SG_RIGHT, th->temperature,
                                      e->max_positions, &out->has_best_right,
                                      &out->best_right, err, errlen);
    out->nodes = sg_cgt_size(sg_thermo_cache_table(e->cache)) - before;
    out->seconds = sg_clock_seconds() - start;
    return rc;
}

int sg_estimator_estimate_sum(sg_estimator *e, const sg_sum *sum, const sg_budget *budget,
                              sg_estimate *out, char *err, size_t errlen)
{
    for (size_t i = 0; i < sg_sum_count(sum); i++) {
        int rc = sg_estimator_estimate(e, sg_sum_game(sum, i), sg_sum_pos(sum, i), budget,
                                       &out[i], err, errlen);
        if (rc != SG_OK)
            return rc;
    }
    return SG_OK;
}
