#include "sumgame/thermostrat.h"

#include <stdio.h>
#include <stdlib.h>

#include "sumgame/params.h"

const sg_param_doc sg_thermostrat_param_docs[] = {
    { "estimator", "exact", "thermographs come from exact analysis (the only choice)" },
    { "max_positions", "0", "positions one exact analysis may visit (0 = no limit)" },
    { NULL, NULL, NULL },
};

int sg_thermostrat_params(const sg_params *params, size_t *max_positions, char *err,
                          size_t errlen)
{
    static const char *const known[] = { "estimator", "max_positions", NULL };
    static const char *const estimators[] = { "exact", NULL };
    int method = 0;
    long long max = 0;
    int rc = sg_params_check_known(params, known, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(params, "estimator", estimators, 0, &method, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(params, "max_positions", 0, 0, (long long)1 << 40, &max, err,
                           errlen);
    if (rc == SG_OK)
        *max_positions = (size_t)max;
    return rc;
}

int sg_thermostrat_thermographs(sg_thermo_cache *cache, const sg_sum *sum,
                                size_t max_positions, const sg_thermograph **out, char *err,
                                size_t errlen)
{
    for (size_t i = 0; i < sg_sum_count(sum); i++) {
        int rc = sg_thermograph_of_position(cache, sg_sum_game(sum, i), sg_sum_pos(sum, i),
                                            max_positions, &out[i], err, errlen);
        if (rc != SG_OK)
            return rc;
    }
    return SG_OK;
}

static sg_value width(const sg_thermograph *th, sg_value t)
{
    return sg_value_sub(sg_pl_eval(&th->left_wall, t), sg_pl_eval(&th->right_wall, t));
}

/* Left: R(t) + W(t). Right: the negative of (sum of left walls - W(t)), so that both
 * players look for the largest value. */
static sg_value boundary(const sg_thermograph *const *th, size_t count, sg_player who,
                         sg_value t)
{
    sg_value walls = sg_value_int(0), widest = sg_value_int(0);
    for (size_t i = 0; i < count; i++) {
        const sg_pl *wall = who == SG_LEFT ? &th[i]->right_wall : &th[i]->left_wall;
        walls = sg_value_add(walls, sg_pl_eval(wall, t));
        widest = sg_value_max(widest, width(th[i], t));
    }
    return who == SG_LEFT ? sg_value_add(walls, widest)
                          : sg_value_neg(sg_value_sub(walls, widest));
}

sg_value sg_thermostrat_ambient(const sg_thermograph *const *th, size_t count, sg_player who)
{
    sg_value t_max = sg_value_int(-1);
    for (size_t i = 0; i < count; i++)
        t_max = sg_value_max(t_max, th[i]->temperature);
    /* The boundary is piecewise linear and convex between the walls' breakpoints, so its
     * largest value is found at -1, at t_max or at one of those breakpoints. */
    sg_value best_t = sg_value_int(-1), best = boundary(th, count, who, best_t);
    for (size_t i = 0; i < count; i++)
        for (int side = 0; side < 2; side++) {
            const sg_pl *wall = side ? &th[i]->right_wall : &th[i]->left_wall;
            for (size_t k = 0; k <= wall->n; k++) {
                sg_value t = k < wall->n ? wall->t[k] : t_max;
                if (sg_value_cmp(t, t_max) > 0)
                    continue;
                sg_value v = boundary(th, count, who, t);
                int c = sg_value_cmp(v, best);
                if (c > 0 || (c == 0 && sg_value_cmp(t, best_t) > 0)) {
                    best = v;
                    best_t = t;
                }
            }
        }
    return best_t;
}

int sg_thermostrat_choose(sg_thermo_cache *cache, const sg_sum *sum, sg_player who,
                          size_t max_positions, sg_thermostrat_choice *out, char *err,
                          size_t errlen)
{
    size_t n = sg_sum_count(sum);
    const sg_thermograph **th = malloc((n + 1) * sizeof *th);
    if (!th)
        return SG_ERR_NOMEM;
    int rc = sg_thermostrat_thermographs(cache, sum, max_positions, th, err, errlen);
    if (rc != SG_OK) {
        free(th);
        return rc;
    }
    sg_value ambient = sg_thermostrat_ambient(th, n, who);
    /* Components in order of preference: widest at T, then hottest, then first. */
    bool found = false;
    size_t pick = 0;
    for (size_t i = 0; i < n; i++) {
        if (!found) {
            found = true;
            pick = i;
            continue;
        }
        int c = sg_value_cmp(width(th[i], ambient), width(th[pick], ambient));
        if (c > 0 || (c == 0 && sg_value_cmp(th[i]->temperature, th[pick]->temperature) > 0))
            pick = i;
    }
    free(th);
    if (!found) {
        snprintf(err, errlen, "thermostrat: the sum is over");
        return SG_ERR_INVALID;
    }
    bool has = false;
    rc = sg_thermograph_best_move(cache, sg_sum_game(sum, pick), sg_sum_pos(sum, pick), who,
                                  ambient, max_positions, &has, &out->move, err, errlen);
    if (rc == SG_OK && !has) {
        snprintf(err, errlen, "thermostrat: %s has no move in component %zu",
                 who == SG_LEFT ? "left" : "right", pick + 1);
        rc = SG_ERR_INVALID;
    }
    out->ambient = ambient;
    out->component = pick;
    return rc;
}
