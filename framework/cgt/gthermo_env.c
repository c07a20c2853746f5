/* Orthodox play against an enriched environment (gthermo.h): the independent check of
 * generalized thermographs, by retrograde analysis of position + coupon stack. */
#include "sumgame/gthermo.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "game_graph.h"

#define DEFAULT_MAX_POSITIONS 200000
#define MAX_CELLS (UINT64_C(1) << 26)

typedef struct env {
    game_graph g;
    int km;
    size_t k_max;
    sg_value delta;
    sg_value *val;
    unsigned char *state; /* 0 new, 1 open, 2 done */
    sg_value *z;          /* games with stops: no coupon left, z[(i * 2 + p) * 2 + passed] */
    sg_meter *meter;
    char *err;
    size_t errlen;
} env;

static size_t cell(const env *e, uint32_t i, size_t k, int p)
{
    return ((size_t)i * (e->k_max + 1) + k) * 2 + (size_t)p;
}

/* The stack of the k top coupons k*delta, ..., delta alone, p first. */
static sg_value stack_value(const env *e, size_t k, int p)
{
    sg_value v = sg_value_mul_int(e->delta, (int64_t)((k + 1) / 2));
    return p == SG_LEFT ? v : sg_value_neg(v);
}

/* k = t / delta when that is a whole number. */
static bool coupon_count(sg_value t, sg_value delta, int64_t *k)
{
    int ex = t.exp > delta.exp ? t.exp : delta.exp;
    int64_t a = t.num * ((int64_t)1 << (ex - t.exp));
    int64_t b = delta.num * ((int64_t)1 << (ex - delta.exp));
    if (b <= 0 || a % b != 0)
        return false;
    *k = a / b;
    return true;
}

static int env_fail(env *e, int rc, uint32_t i, const char *why)
{
    char text[160];
    gg_describe(&e->g, i, text, sizeof text);
    snprintf(e->err, e->errlen, "%s: '%s' %s", e->g.game->desc->name, text, why);
    return rc;
}

static int value(env *e, uint32_t i, size_t k, int p, sg_value *out)
{
    size_t c = cell(e, i, k, p);
    if (k == 0 && e->z) {
        *out = e->z[((size_t)i * 2 + (size_t)p) * 2];
        return SG_OK;
    }
    if (e->state[c] == 2) {
        *out = e->val[c];
        return SG_OK;
    }
    if (e->state[c] == 1)
        return env_fail(e, SG_ERR_UNSUPPORTED, i,
                        "goes round a cycle of passes and moves in the environment");
    if (e->meter && sg_meter_tick(e->meter)) {
        sg_meter_reason(e->meter, e->err, e->errlen);
        return SG_ERR_BUDGET;
    }
    const gg_node *nd = &e->g.node[i];
    if (nd->leaf || gg_dead_end(&e->g, i, e->km)) {
        *out = sg_value_add(nd->leaf ? nd->value : nd->stop, stack_value(e, k, p));
        e->val[c] = *out;
        e->state[c] = 2;
        return SG_OK;
    }
    e->state[c] = 1;
    int sign = p == SG_LEFT ? 1 : -1, rc = SG_OK;
    bool have = false;
    sg_value best = { 0, 0 }, v;
    for (uint32_t a = 0; a < nd->count && rc == SG_OK; a++) {
        const gg_edge *ed = &e->g.edge[nd->first + a];
        if (ed->who != p || !gg_edge_open(ed, e->km))
            continue;
        if (ed->tax == 2) {
            /* The komaster's double move takes two turns: the koloser answers the retake
             * elsewhere (the top coupon, or a pass when none is left) before the second
             * move, so the komaster pays two taxes, as in the thermograph. */
            rc = value(e, ed->to, k ? k - 1 : 0, 1 - p, &v);
            if (k)
                v = sg_value_sub(v, sg_value_mul_int(e->delta, sign * (int64_t)k));
        } else {
            rc = value(e, ed->to, k, 1 - p, &v);
        }
        if (rc == SG_OK && (!have || sg_value_cmp(v, best) * sign > 0)) {
            best = v;
            have = true;
        }
    }
    if (rc == SG_OK && k > 0 && !(nd->no_wait[p] && have)) {
        /* Taking the top coupon is a move elsewhere: it lifts a ban here. */
        rc = value(e, nd->lift, k - 1, 1 - p, &v);
        v = sg_value_add(v, sg_value_mul_int(e->delta, sign * (int64_t)k));
        if (rc == SG_OK && (!have || sg_value_cmp(v, best) * sign > 0)) {
            best = v;
            have = true;
        }
    }
    if (rc == SG_OK && !have) {
        /* No coupon and no move: pass, which lifts a ban as a move elsewhere does. */
        rc = value(e, nd->lift, 0, 1 - p, &best);
    }
    if (rc != SG_OK)
        return rc;
    e->val[c] = best;
    e->state[c] = 2;
    *out = best;
    return SG_OK;
}

/* One sweep of the no-coupon equations of a game with stops: either player may pass,
 * and a pass right after the opponent's ends play at the stop. true when a value moved. */
static bool bottom_pass(env *e, const bool *fixed)
{
    const game_graph *g = &e->g;
    bool changed = false;
    for (uint32_t i = 0; i < g->n; i++) {
        const gg_node *nd = &g->node[i];
        if (fixed[i])
            continue;
        for (int p = 0; p < 2; p++) {
            int sign = p == SG_LEFT ? 1 : -1;
            bool have = false;
            sg_value best = { 0, 0 };
            for (uint32_t a = 0; a < nd->count; a++) {
                const gg_edge *ed = &g->edge[nd->first + a];
                if (ed->who != p || !gg_edge_open(ed, e->km))
                    continue;
                sg_value v = e->z[((size_t)ed->to * 2 + (size_t)(1 - p)) * 2];
                if (!have || sg_value_cmp(v, best) * sign > 0) {
                    best = v;
                    have = true;
                }
            }
            for (int passed = 0; passed < 2; passed++) {
                sg_value v = passed ? nd->stop
                                    : e->z[((size_t)nd->lift * 2 + (size_t)(1 - p)) * 2 + 1];
                sg_value b = !have || sg_value_cmp(v, best) * sign > 0 ? v : best;
                sg_value *slot = &e->z[((size_t)i * 2 + (size_t)p) * 2 + (size_t)passed];
                if (sg_value_cmp(*slot, b) != 0) {
                    *slot = b;
                    changed = true;
                }
            }
        }
    }
    return changed;
}

/* Values without coupons for a game with stops, where passes can go round a cycle: solved
 * by sidling from above and from below, as the thermograph's bottom is; where the two
 * differ, the komaster's side wins (docs/algorithms.md). */
static int env_bottom(env *e)
{
    const game_graph *g = &e->g;
    size_t cells = g->n * 4;
    e->z = malloc(cells * sizeof *e->z);
    sg_value *upper = malloc(cells * sizeof *upper);
    bool *fixed = malloc((g->n ? g->n : 1) * sizeof *fixed);
    if (!e->z || !upper || !fixed) {
        free(upper);
        free(fixed);
        return SG_ERR_NOMEM;
    }
    /* Leaves and positions superko has ended keep their values. */
    for (uint32_t i = 0; i < g->n; i++)
        fixed[i] = g->node[i].leaf || gg_dead_end(g, i, e->km);
    int64_t most = 0;
    for (uint32_t i = 0; i < g->n; i++) {
        sg_value v = g->node[i].leaf ? g->node[i].value : g->node[i].stop;
        int64_t a = (v.num < 0 ? -v.num : v.num) + 1;
        if (a > most)
            most = a;
    }
    int64_t big = most + 2 * (int64_t)g->n + 8;
    int rc = SG_OK;
    for (int from = 0; from < 2 && rc == SG_OK; from++) {
        for (uint32_t i = 0; i < g->n; i++) {
            sg_value v = g->node[i].leaf ? g->node[i].value
                         : fixed[i]      ? g->node[i].stop
                                         : sg_value_int(from == 0 ? big : -big);
            for (size_t k = 0; k < 4; k++)
                e->z[(size_t)i * 4 + k] = v;
        }
        size_t round = 0, limit = 4 * (size_t)g->n + 64;
        while (bottom_pass(e, fixed))
            if (++round > limit || (e->meter && (sg_meter_tick(e->meter) ||
                                                 sg_meter_check(e->meter)))) {
                rc = e->meter && sg_meter_expired(e->meter)
                         ? SG_ERR_BUDGET
                         : env_fail(e, SG_ERR_UNSUPPORTED, 0,
                                    "has no-coupon values that do not settle");
                break;
            }
        if (from == 0)
            memcpy(upper, e->z, cells * sizeof *upper);
    }
    for (size_t c = 0; c < cells && rc == SG_OK; c++) {
        if (sg_value_cmp(upper[c], e->z[c]) == 0)
            continue;
        sg_value v = e->km == SG_KOMASTER_LEFT ? upper[c] : e->z[c];
        if (e->km == SG_KOMASTER_NONE || sg_value_cmp(v, sg_value_int(most)) > 0 ||
            sg_value_cmp(v, sg_value_int(-most)) < 0)
            rc = env_fail(e, SG_ERR_UNSUPPORTED, (uint32_t)(c / 4),
                          "goes round a cycle of passes and moves in the environment");
        else
            e->z[c] = v;
    }
    free(upper);
    free(fixed);
    return rc;
}

/* Builds the environment of pos with k_max coupons of delta; env_close frees it. */
static int env_open(env *e, const sg_game *game, const void *pos, sg_komaster km,
                    sg_value t_max, sg_value delta, const sg_gthermo_options *opt, char *err,
                    size_t errlen)
{
    memset(e, 0, sizeof *e);
    if (sg_value_cmp(delta, sg_value_int(0)) <= 0 || sg_value_cmp(t_max, sg_value_int(0)) < 0) {
        snprintf(err, errlen, "the environment needs delta > 0 and t_max >= 0");
        return SG_ERR_INVALID;
    }
    int64_t steps;
    if (!coupon_count(t_max, delta, &steps)) {
        snprintf(err, errlen, "t_max must be a multiple of delta");
        return SG_ERR_INVALID;
    }
    e->km = (int)km;
    e->k_max = (size_t)steps;
    e->delta = delta;
    e->meter = opt->meter;
    e->err = err;
    e->errlen = errlen;
    size_t max = opt->max_positions ? opt->max_positions : DEFAULT_MAX_POSITIONS;
    int rc = gg_build(&e->g, game, pos, max, opt->meter, err, errlen);
    if (rc == SG_OK && !opt->komonster)
        rc = gg_commit(&e->g, e->km);
    size_t pruned = 0;
    if (rc == SG_OK)
        rc = gg_prune_cycles(&e->g, e->km, &pruned);
    uint64_t cells = (uint64_t)e->g.n * (e->k_max + 1) * 2;
    if (rc == SG_OK && cells > MAX_CELLS) {
        snprintf(err, errlen,
                 "the environment needs %llu cells (positions x coupons x 2), more than %llu; "
                 "use a larger delta or a smaller t_max",
                 (unsigned long long)cells, (unsigned long long)MAX_CELLS);
        rc = SG_ERR_BUDGET;
    }
    if (rc == SG_OK && e->g.stops)
        rc = env_bottom(e);
    if (rc == SG_OK) {
        e->val = malloc(cells * sizeof *e->val);
        e->state = calloc(cells, 1);
        if (!e->val || !e->state) {
            snprintf(err, errlen, "out of memory for the environment (%llu cells)",
                     (unsigned long long)cells);
            rc = SG_ERR_NOMEM;
        }
    }
    return rc;
}

static void env_close(env *e)
{
    free(e->z);
    free(e->val);
    free(e->state);
    gg_free(&e->g);
}

int sg_gthermo_environment(const sg_game *game, const void *pos, sg_komaster km,
                           sg_value t_max, sg_value delta, const sg_gthermo_options *opt,
                           sg_value *left_first, sg_value *right_first, char *err,
                           size_t errlen)
{
    sg_gthermo_options none = { 0 };
    env e;
    int rc = env_open(&e, game, pos, km, t_max, delta, opt ? opt : &none, err, errlen);
    if (rc == SG_OK)
        rc = value(&e, 0, e.k_max, SG_LEFT, left_first);
    if (rc == SG_OK)
        rc = value(&e, 0, e.k_max, SG_RIGHT, right_first);
    env_close(&e);
    return rc;
}

int sg_gthermo_check_environment(const sg_game *game, const void *pos,
                                 const sg_gthermograph *th, sg_value delta, sg_value t_hi,
                                 const sg_gthermo_options *opt, sg_ratio *worst,
                                 sg_value *worst_t, char *err, size_t errlen)
{
    sg_value quarter = sg_value_make(1, 2);
    if (sg_value_cmp(delta, quarter) > 0 || sg_value_cmp(t_hi, quarter) < 0) {
        snprintf(err, errlen, "the check needs delta <= 1/4 and t_hi >= 1/4");
        return SG_ERR_INVALID;
    }
    *worst = sg_ratio_int(0);
    *worst_t = quarter;
    sg_gthermo_options none = { 0 };
    env e;
    /* One environment for the whole grid: its table holds every smaller stack too. */
    int rc = env_open(&e, game, pos, th->komaster, t_hi, delta, opt ? opt : &none, err, errlen);
    bool o = false;
    for (sg_value t = quarter; rc == SG_OK && sg_value_cmp(t, t_hi) <= 0;
         t = sg_value_add(t, quarter)) {
        int64_t k = 0;
        sg_value vl, vr;
        if (!coupon_count(t, delta, &k)) {
            snprintf(err, errlen, "delta must divide 1/4");
            rc = SG_ERR_INVALID;
            break;
        }
        rc = value(&e, 0, (size_t)k, SG_LEFT, &vl);
        if (rc == SG_OK)
            rc = value(&e, 0, (size_t)k, SG_RIGHT, &vr);
        if (rc != SG_OK)
            break;
        /* The stack of k coupons alone, Left first: ceil(k/2) delta. */
        sg_value stack = sg_value_mul_int(delta, (k + 1) / 2);
        sg_ratio tr = sg_ratio_from_value(t);
        sg_ratio d[2] = {
            sg_ratio_sub(sg_ratio_from_value(sg_value_sub(vl, stack)),
                         sg_rwall_eval(&th->left_wall, tr, &o), &o),
            sg_ratio_sub(sg_ratio_from_value(sg_value_add(vr, stack)),
                         sg_rwall_eval(&th->right_wall, tr, &o), &o),
        };
        for (int s = 0; s < 2; s++) {
            sg_ratio a = d[s].num < 0 ? sg_ratio_neg(d[s]) : d[s];
            if (sg_ratio_cmp(a, *worst) > 0) {
                *worst = a;
                *worst_t = t;
            }
        }
    }
    env_close(&e);
    if (rc == SG_OK && o) {
        snprintf(err, errlen, "the check overflowed 64-bit rationals");
        rc = SG_ERR_UNSUPPORTED;
    }
    return rc;
}
