/* Static and Hotstrat+ rollout evaluation of sums (sumgame/sum_eval.h). */
#include "sumgame/sum_eval.h"

#include "sumgame/params.h"
#include "sumgame/game_call.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A rollout that has not ended after this many moves is a game that does not end. */
#define ROLLOUT_MOVE_LIMIT 1000000

/* Rollout values remembered by sum (the hash of its live components, their number and the
 * player to move): a search meets the same leaf by many move orders, and the engine does
 * not keep leaves in its table. Direct-mapped; a slot is overwritten on collision. */
#define MEMO_SLOTS 4096
typedef struct memo_slot {
    uint64_t key;
    uint32_t count;
    uint32_t generation; /* valid when it is the evaluator's; 0 = never filled */
    sg_value value;
} memo_slot;

struct sg_sum_eval {
    sg_estimator *estimator;
    sg_sum *scratch[2];       /* the rollout's sums, played into each other in turn */
    sg_estimate *estimates;   /* the estimates of the rollout's current components */
    size_t cap;
    memo_slot *memo;          /* MEMO_SLOTS rollout values */
    uint32_t generation;      /* of the valid slots: a reset starts a new one */
    int status;               /* the first failure of a hook, or SG_OK */
    char err[256];
    sg_sum_eval_stats stats;
};

bool sg_hotstrat_pick(const sg_estimate *est, size_t count, sg_player who, bool plus,
                      sg_sum_move *move)
{
    bool found = false;
    sg_value hottest = sg_value_int(0);
    for (size_t i = 0; i < count; i++) {
        const sg_estimate *e = &est[i];
        if (!(who == SG_LEFT ? e->has_best_left : e->has_best_right))
            continue;
        sg_value heat = !plus ? e->temperature : who == SG_LEFT ? e->pseudo_left
                                                                  : e->pseudo_right;
        if (!found || sg_value_cmp(heat, hottest) > 0) {
            found = true;
            hottest = heat;
            move->component = (uint32_t)i;
            move->move = who == SG_LEFT ? e->best_left : e->best_right;
        }
    }
    return found;
}

bool sg_hotstrat_passes(const sg_estimate *est, size_t count, const sg_sum *sum,
                        sg_player who)
{
    if (!sg_sum_may_pass(sum))
        return false;
    for (size_t i = 0; i < count; i++)
        if ((who == SG_LEFT ? est[i].has_best_left : est[i].has_best_right) &&
            sg_value_cmp(est[i].temperature, sg_value_int(0)) > 0)
            return false;
    return true;
}

int sg_clock_fallback_move(sg_estimator **est, const sg_sum *sum, sg_player who,
                           double seconds, sg_sum_move *move, char *err, size_t errlen)
{
    sg_budget rest = { .seconds = seconds };
    return sg_clock_fallback_within(est, sum, who, &rest, move, err, errlen);
}

int sg_clock_fallback_within(sg_estimator **est, const sg_sum *sum, sg_player who,
                             const sg_budget *rest, sg_sum_move *move, char *err,
                             size_t errlen)
{
    if (!*est) {
        const sg_param items[] = { { "delta", "1/2", 0 } };
        sg_params params = { "a strategy's clock", "estimator.tdsplus", items, 1 };
        int rc = sg_estimator_new("tdsplus", &params, est, err, errlen);
        if (rc != SG_OK)
            return rc;
    }
    size_t n = sg_sum_count(sum);
    sg_estimate *e = malloc((n ? n : 1) * sizeof *e);
    if (!e) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    sg_budget budget = { .seconds = rest->seconds > 1e-3 ? rest->seconds : 1e-3 };
    if (rest->nodes > 0) {
        budget.nodes = rest->nodes;
        budget.seconds = rest->seconds > 0 ? budget.seconds : 0;
    }
    int rc = sg_estimator_estimate_sum(*est, sum, &budget, e, err, errlen);
    if (rc == SG_OK && sg_hotstrat_passes(e, n, sum, who)) {
        move->component = SG_SUM_PASS;
        move->move = 0;
    } else if (rc == SG_OK && !sg_hotstrat_pick(e, n, who, true, move)) {
        snprintf(err, errlen, "no move for %s in the sum", who == SG_LEFT ? "left" : "right");
        rc = SG_ERR_INVALID;
    }
    free(e);
    return rc;
}

/* The share of a clock that exact work may take before the fallback answers. */
#define EXACT_SHARE 0.5

void sg_clock_share_start(sg_clock_share *c, const sg_budget *budget)
{
    memset(c, 0, sizeof *c);
    c->start = sg_clock_seconds();
    c->on = budget && (budget->seconds > 0 || budget->nodes > 0);
    c->seconds = c->on && budget->seconds > 0 ? budget->seconds : 0;
    /* a node budget is shared the same way; the meter's limit keeps the exact share, so
     * the whole is twice it (sg_clock_share_rest) */
    uint64_t nodes = c->on ? budget->nodes : 0;
    uint64_t share = nodes ? (uint64_t)((double)nodes * EXACT_SHARE) : 0;
    sg_meter_start(&c->meter, &(sg_limits){ .seconds = c->seconds * EXACT_SHARE,
                                            .nodes = nodes && !share ? 1 : share });
}

sg_budget sg_clock_share_rest(const sg_clock_share *c)
{
    sg_budget rest = { .seconds = c->seconds > 0 ? sg_clock_share_left(c) : 0 };
    if (c->meter.limits.nodes) {
        uint64_t whole = (uint64_t)((double)c->meter.limits.nodes / EXACT_SHARE);
        rest.nodes = whole > c->meter.count ? whole - c->meter.count : 1;
    }
    return rest;
}

sg_meter *sg_clock_share_meter(sg_clock_share *c) { return c->on ? &c->meter : NULL; }

bool sg_clock_share_ran_out(const sg_clock_share *c, int rc)
{
    return c->on && rc != SG_OK && (rc == SG_ERR_BUDGET || sg_meter_expired(&c->meter));
}

double sg_clock_share_left(const sg_clock_share *c)
{
    double left = c->seconds - (sg_clock_seconds() - c->start);
    return left > 1e-3 ? left : 1e-3;
}

int sg_sum_eval_new(sg_estimator *estimator, sg_sum_eval **out, char *err, size_t errlen)
{
    sg_sum_eval *ev = calloc(1, sizeof *ev);
    if (ev) {
        ev->estimator = estimator;
        ev->scratch[0] = sg_sum_new(SG_FREEZE_INTEGERS);
        ev->scratch[1] = sg_sum_new(SG_FREEZE_INTEGERS);
        ev->memo = calloc(MEMO_SLOTS, sizeof *ev->memo);
        ev->generation = 1;
    }
    if (!ev || !ev->scratch[0] || !ev->scratch[1] || !ev->memo) {
        sg_sum_eval_free(ev);
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    *out = ev;
    return SG_OK;
}

void sg_sum_eval_free(sg_sum_eval *ev)
{
    if (!ev)
        return;
    sg_sum_free(ev->scratch[0]);
    sg_sum_free(ev->scratch[1]);
    free(ev->estimates);
    free(ev->memo);
    free(ev);
}

sg_estimator *sg_sum_eval_estimator(sg_sum_eval *ev) { return ev->estimator; }

void sg_sum_eval_reset(sg_sum_eval *ev)
{
    if (++ev->generation == 0) { /* wrapped: the old generations must not match */
        memset(ev->memo, 0, MEMO_SLOTS * sizeof *ev->memo);
        ev->generation = 1;
    }
    /* A reset that cannot get a fresh table keeps the old one: correct, only larger. */
    (void)sg_estimator_reset(ev->estimator);
}

static int estimate(sg_sum_eval *ev, const sg_sum *sum, size_t i, sg_estimate *out, char *err,
                    size_t errlen)
{
    return sg_estimator_estimate(ev->estimator, sg_sum_game(sum, i), sg_sum_pos(sum, i), NULL,
                                 out, err, errlen);
}

int sg_sum_eval_static_value(sg_sum_eval *ev, const sg_sum *sum, sg_value *value, char *err,
                             size_t errlen)
{
    sg_value total = sg_value_int(0);
    ev->stats.evaluations++;
    for (size_t i = 0, n = sg_sum_count(sum); i < n; i++) {
        sg_estimate e;
        int rc = estimate(ev, sum, i, &e, err, errlen);
        if (rc != SG_OK)
            return rc;
        total = sg_value_add(total, e.mean);
    }
    *value = total;
    return SG_OK;
}

int sg_sum_eval_tmax(sg_sum_eval *ev, const sg_sum *sum, sg_value *tmax, char *err,
                     size_t errlen)
{
    sg_value t = sg_value_int(-1);
    for (size_t i = 0, n = sg_sum_count(sum); i < n; i++) {
        sg_estimate e;
        int rc = estimate(ev, sum, i, &e, err, errlen);
        if (rc != SG_OK)
            return rc;
        t = sg_value_max(t, e.temperature);
    }
    *tmax = t;
    return SG_OK;
}

static int reserve(sg_sum_eval *ev, size_t n)
{
    if (n <= ev->cap)
        return SG_OK;
    size_t cap = ev->cap ? ev->cap : 16;
    while (cap < n)
        cap *= 2;
    sg_estimate *grown = realloc(ev->estimates, cap * sizeof *grown);
    if (!grown)
        return SG_ERR_NOMEM;
    ev->estimates = grown;
    ev->cap = cap;
    return SG_OK;
}

/* What the components left in a stuck rollout are worth: their numbers, else means. */
static int stuck_value(sg_sum_eval *ev, const sg_sum *sum, sg_value *value, char *err,
                       size_t errlen)
{
    sg_value total = sg_value_int(0);
    for (size_t i = 0, n = sg_sum_count(sum); i < n; i++) {
        const sg_game *g = sg_sum_game(sum, i);
        sg_value v;
        if (!sg_gc_number(g->desc, g->instance, sg_sum_pos(sum, i), &v))
            v = ev->estimates[i].mean;
        total = sg_value_add(total, v);
    }
    *value = total;
    (void)err;
    (void)errlen;
    return SG_OK;
}

int sg_sum_eval_rollout_value(sg_sum_eval *ev, const sg_sum *sum, sg_player to_move,
                              sg_value *value, char *err, size_t errlen)
{
    ev->stats.evaluations++;
    size_t n = sg_sum_count(sum);
    if (n == 0) {
        *value = sg_value_int(0);
        return SG_OK;
    }
    uint64_t key = (sg_sum_hash(sum) ^ (to_move == SG_LEFT ? 0 : UINT64_C(0x9E3779B97F4A7C15)));
    memo_slot *slot = &ev->memo[(key ^ (key >> 31)) & (MEMO_SLOTS - 1)];
    if (slot->key == key && slot->count == n && slot->generation == ev->generation) {
        *value = slot->value;
        return SG_OK;
    }
    int rc = reserve(ev, n);
    if (rc != SG_OK) {
        snprintf(err, errlen, "out of memory");
        return rc;
    }
    for (size_t i = 0; i < n; i++) {
        rc = estimate(ev, sum, i, &ev->estimates[i], err, errlen);
        if (rc != SG_OK)
            return rc;
    }
    size_t n0 = n;
    sg_sum *cur = ev->scratch[0], *next = ev->scratch[1];
    rc = sg_sum_copy(cur, sum);
    if (rc != SG_OK) {
        snprintf(err, errlen, "out of memory");
        return rc;
    }
    sg_value start = sg_sum_frozen(sum), rest = sg_value_int(0);
    sg_player who = to_move;
    for (long moves = 0; !sg_sum_is_over(cur); moves++) {
        if (moves == ROLLOUT_MOVE_LIMIT) {
            snprintf(err, errlen, "rollout: no end after %d moves: a game does not end",
                     ROLLOUT_MOVE_LIMIT);
            return SG_ERR_INTERNAL;
        }
        sg_sum_move mv;
        if (!sg_hotstrat_pick(ev->estimates, n, who, true, &mv)) {
            rc = stuck_value(ev, cur, &rest, err, errlen);
            if (rc != SG_OK)
                return rc;
            break;
        }
        rc = sg_sum_play(cur, who, mv, next, err, errlen);
        if (rc != SG_OK)
            return rc;
        ev->stats.rollout_moves++;
        /* The moved component became parts (0 when it settled, more when it split) at
         * its place; the others kept their order. */
        size_t m = sg_sum_count(next), j = mv.component, parts = m + 1 - n;
        rc = reserve(ev, m);
        if (rc != SG_OK) {
            snprintf(err, errlen, "out of memory");
            return rc;
        }
        memmove(&ev->estimates[j + parts], &ev->estimates[j + 1],
                (n - j - 1) * sizeof *ev->estimates);
        for (size_t k = j; k < j + parts; k++) {
            rc = estimate(ev, next, k, &ev->estimates[k], err, errlen);
            if (rc != SG_OK)
                return rc;
        }
        n = m;
        sg_sum *t = cur;
        cur = next;
        next = t;
        who = sg_opponent(who);
    }
    *value = sg_value_add(sg_value_sub(sg_sum_frozen(cur), start), rest);
    slot->key = key;
    slot->generation = ev->generation;
    slot->count = (uint32_t)n0;
    slot->value = *value;
    return SG_OK;
}

static sg_value hook_failed(sg_sum_eval *ev, int rc, const char *why)
{
    if (ev->status == SG_OK) {
        ev->status = rc;
        snprintf(ev->err, sizeof ev->err, "%s", why);
    }
    return sg_value_int(0);
}

sg_value sg_sum_eval_static(void *ctx, const sg_sum *sum, sg_player to_move)
{
    (void)to_move;
    sg_sum_eval *ev = ctx;
    sg_value v;
    char why[256];
    int rc = sg_sum_eval_static_value(ev, sum, &v, why, sizeof why);
    return rc == SG_OK ? v : hook_failed(ev, rc, why);
}

sg_value sg_sum_eval_rollout(void *ctx, const sg_sum *sum, sg_player to_move)
{
    sg_sum_eval *ev = ctx;
    sg_value v;
    char why[256];
    int rc = sg_sum_eval_rollout_value(ev, sum, to_move, &v, why, sizeof why);
    return rc == SG_OK ? v : hook_failed(ev, rc, why);
}

void sg_sum_eval_record(sg_sum_eval *ev, int status, const char *why)
{
    (void)hook_failed(ev, status, why);
}

int sg_sum_eval_error(sg_sum_eval *ev, char *err, size_t errlen)
{
    int rc = ev->status;
    if (rc != SG_OK)
        snprintf(err, errlen, "%s", ev->err);
    ev->status = SG_OK;
    ev->err[0] = '\0';
    return rc;
}

void sg_sum_eval_stats_get(const sg_sum_eval *ev, sg_sum_eval_stats *out) { *out = ev->stats; }

/* ---- temperature-bound factors ------------------------------------------------------ */

int sg_factor_param(const sg_params *params, const char *key, bool *given, sg_factor *out,
                    char *err, size_t errlen)
{
    const sg_param *it = params ? sg_params_find(params, key) : NULL;
    *given = false;
    if (!it)
        return SG_OK;
    const char *t = it->value;
    sg_factor f = { 0, 1 };
    bool ok = true;
    if (strchr(t, '/')) {
        sg_value v;
        char why[128];
        ok = sg_value_parse(t, &v, why, sizeof why) == 0 && v.num >= 0 && v.exp <= 30;
        if (ok) {
            f.num = v.num;
            f.den = (int64_t)1 << v.exp;
        }
    } else {
        /* digits, optionally '.' and at most 6 more digits; at least one digit */
        int digits = 0, decimals = 0;
        bool point = false;
        for (const char *c = t; *c && ok; c++) {
            if (*c == '.' && !point) {
                point = true;
            } else if (*c >= '0' && *c <= '9') {
                digits++;
                if (point)
                    decimals++;
                f.num = f.num * 10 + (*c - '0');
                if (point)
                    f.den *= 10;
                ok = decimals <= 6 && f.num < ((int64_t)1 << 40);
            } else {
                ok = false;
            }
        }
        ok = ok && digits > 0;
    }
    if (!ok) {
        sg_params_error(params, it, err, errlen,
                        "%s = '%s' is not a non-negative factor (a decimal such as 0.8 with "
                        "at most 6 decimals, or a dyadic such as 3/4)",
                        key, t);
        return SG_ERR_INVALID;
    }
    *out = f;
    *given = true;
    return SG_OK;
}

bool sg_factor_at_most(sg_value t, sg_factor c, sg_value ref)
{
    return sg_value_cmp(sg_value_mul_int(t, c.den), sg_value_mul_int(ref, c.num)) <= 0;
}
