/* Cooling, heating and atomic weight of canonical short games.
 *
 * Cooling follows Winning Ways ch. 6 and Siegel, Combinatorial Game Theory, §II.5:
 *     G_t = x                          when G is the number x,
 *     G_t = the mean of G              when t > temperature(G) (G is then frozen),
 *     G_t = {G^L_t - t | G^R_t + t}    otherwise.
 * The temperature of a game that is not a number is the least t' at which G_t' is
 * infinitesimally close to a number, so "t > temperature" is the standard "unless some
 * t' < t makes G_t' infinitesimally close to a number x; then G_t = x".
 *
 * Heating is the inverse of cooling on the forms it is defined on (Winning Ways ch. 6):
 *     ∫^t x = x for a number x,   ∫^t G = {∫^t G^L + t | ∫^t G^R - t}.
 * It depends on the form, and is taken of the canonical form, as CGSuite does.
 *
 * Atomic weight follows the atomic weight calculus of Winning Ways ch. 8 and Siegel
 * §II.7, in the restatement of Larsson and Nowakowski (arXiv:2007.03949, Thm 10): for an
 * all-small G whose options have atomic weights, A = {aw(G^L) - 2 | aw(G^R) + 2}; if A is
 * not an integer, aw(G) = A; otherwise (the eccentric case) compare G with a far star ☆:
 *     G > ☆:   aw(G) = the largest integer n with n ◁| aw(G^R) + 2 for every G^R,
 *     G < ☆:   aw(G) = the least integer n with n |▷ aw(G^L) - 2 for every G^L,
 *     else:    aw(G) = 0.
 * A number x plus an all-small game G has atomic weight aw(G) (the number is taken out
 * first); other games are not atomic here. */
#include <stdlib.h>
#include <string.h>

#include "sumgame/cgt.h"
#include "sumgame/thermograph.h"

#define NONE UINT32_MAX

/* A memo from game id to game id, grown as the table grows. */
struct memo {
    sg_cg *at;
    size_t cap;
};

static bool memo_get(const struct memo *m, sg_cg g, sg_cg *out)
{
    if (g >= m->cap || m->at[g] == NONE)
        return false;
    *out = m->at[g];
    return true;
}

static int memo_put(struct memo *m, sg_cg g, sg_cg v)
{
    if (g >= m->cap) {
        size_t cap = ((size_t)g + 1) * 2;
        sg_cg *grown = realloc(m->at, cap * sizeof *grown);
        if (!grown)
            return SG_ERR_NOMEM;
        for (size_t i = m->cap; i < cap; i++)
            grown[i] = NONE;
        m->at = grown;
        m->cap = cap;
    }
    m->at[g] = v;
    return SG_OK;
}

/* The options of g shifted by +shift (Left) and -shift (Right) after f. */
struct transform {
    sg_cgt *t;
    struct memo memo;
    sg_value by;
    sg_thermo_cache *cache; /* cooling: temperatures */
    bool cool;
    sg_meter *meter;        /* NULL = none */
};

static int transform(struct transform *x, sg_cg g, sg_cg *out);

static int shifted_options(struct transform *x, sg_cg g, sg_value left_shift, sg_cg *out)
{
    sg_cgt *t = x->t;
    size_t nl = sg_cgt_left_count(t, g), nr = sg_cgt_right_count(t, g);
    sg_cg *opts = malloc((nl + nr + 1) * sizeof *opts);
    if (!opts)
        return SG_ERR_NOMEM;
    sg_cg lshift = sg_cgt_number(t, left_shift), rshift = sg_cgt_number(t, sg_value_neg(left_shift));
    int rc = SG_OK;
    for (size_t i = 0; i < nl + nr && rc == SG_OK; i++) {
        sg_cg o = i < nl ? sg_cgt_left(t, g, i) : sg_cgt_right(t, g, i - nl), v;
        rc = transform(x, o, &v);
        if (rc == SG_OK)
            rc = sg_cgt_add_metered(t, v, i < nl ? lshift : rshift, x->meter, &opts[i]);
    }
    if (rc == SG_OK)
        rc = sg_cgt_make(t, opts, nl, opts + nl, nr, out);
    free(opts);
    return rc;
}

static int transform(struct transform *x, sg_cg g, sg_cg *out)
{
    if (sg_cgt_is_number(x->t, g, NULL)) {
        *out = g;
        return SG_OK;
    }
    if (memo_get(&x->memo, g, out))
        return SG_OK;
    if (x->meter && sg_meter_tick(x->meter))
        return SG_ERR_BUDGET;
    int rc;
    if (x->cool) {
        const sg_thermograph *th = sg_thermograph_of(x->cache, g);
        if (!th)
            return SG_ERR_NOMEM;
        if (sg_value_cmp(x->by, th->temperature) > 0) {
            *out = sg_cgt_number(x->t, th->mean);
            rc = SG_OK;
        } else {
            rc = shifted_options(x, g, sg_value_neg(x->by), out);
        }
    } else {
        rc = shifted_options(x, g, x->by, out);
    }
    return rc == SG_OK ? memo_put(&x->memo, g, *out) : rc;
}

static int run(sg_cgt *t, sg_cg g, sg_value by, bool cool, sg_meter *meter, sg_cg *out)
{
    struct transform x = { t, { NULL, 0 }, by, NULL, cool, meter };
    if (cool && !(x.cache = sg_thermo_cache_new(t)))
        return SG_ERR_NOMEM;
    if (x.cache)
        sg_thermo_cache_set_meter(x.cache, meter);
    sg_cgt_limit_memory(t, meter);
    int rc = transform(&x, g, out);
    sg_thermo_cache_free(x.cache);
    free(x.memo.at);
    return rc;
}

int sg_cgt_cool_metered(sg_cgt *t, sg_cg g, sg_value temp, sg_meter *meter, sg_cg *out)
{
    if (temp.num < 0)
        return SG_ERR_INVALID;
    return run(t, g, temp, true, meter, out);
}

int sg_cgt_cool(sg_cgt *t, sg_cg g, sg_value temp, sg_cg *out)
{
    return sg_cgt_cool_metered(t, g, temp, NULL, out);
}

int sg_cgt_heat_metered(sg_cgt *t, sg_cg g, sg_value temp, sg_meter *meter, sg_cg *out)
{
    return run(t, g, temp, false, meter, out);
}

int sg_cgt_heat(sg_cgt *t, sg_cg g, sg_value temp, sg_cg *out)
{
    return run(t, g, temp, false, NULL, out);
}

/* ---- atomic weight ---- */

struct aw {
    sg_cgt *t;
    struct memo memo;
    sg_cg far_star;
    sg_meter *meter; /* NULL = none */
};

/* The least integer n with x <= n (x a game with stops). */
static int64_t least_above(sg_cgt *t, sg_cg x)
{
    sg_value ls, rs;
    sg_cgt_stops(t, x, &ls, &rs);
    int64_t n = sg_value_ceil(ls) + 1; /* x < n */
    while (n > sg_value_floor(rs) - 1 && sg_cgt_le(t, x, sg_cgt_number(t, sg_value_int(n - 1))))
        n--;
    return n;
}

/* The greatest integer n with n <= x. */
static int64_t greatest_below(sg_cgt *t, sg_cg x)
{
    sg_value ls, rs;
    sg_cgt_stops(t, x, &ls, &rs);
    int64_t n = sg_value_floor(rs) - 1; /* n < x */
    while (n < sg_value_ceil(ls) + 1 && sg_cgt_le(t, sg_cgt_number(t, sg_value_int(n + 1)), x))
        n++;
    return n;
}

static int atomic(struct aw *a, sg_cg g, sg_cg *out)
{
    sg_cgt *t = a->t;
    sg_value x;
    if (sg_cgt_is_number(t, g, &x)) {
        if (x.num != 0)
            return SG_ERR_UNSUPPORTED; /* a nonzero number inside: not all-small */
        *out = g;
        return SG_OK;
    }
    if (memo_get(&a->memo, g, out))
        return SG_OK;
    size_t nl = sg_cgt_left_count(t, g), nr = sg_cgt_right_count(t, g);
    if (nl == 0 || nr == 0)
        return SG_ERR_UNSUPPORTED;
    if (a->meter && sg_meter_tick(a->meter))
        return SG_ERR_BUDGET;
    sg_cg *opts = malloc((nl + nr) * sizeof *opts);
    if (!opts)
        return SG_ERR_NOMEM;
    sg_cg two = sg_cgt_number(t, sg_value_int(2)), minus_two = sg_cgt_number(t, sg_value_int(-2));
    int rc = SG_OK;
    for (size_t i = 0; i < nl + nr && rc == SG_OK; i++) {
        sg_cg o = i < nl ? sg_cgt_left(t, g, i) : sg_cgt_right(t, g, i - nl), w;
        rc = atomic(a, o, &w);
        if (rc == SG_OK)
            rc = sg_cgt_add_metered(t, w, i < nl ? minus_two : two, a->meter, &opts[i]);
    }
    sg_cg cand = 0;
    if (rc == SG_OK)
        rc = sg_cgt_make(t, opts, nl, opts + nl, nr, &cand);
    if (rc == SG_OK && sg_cgt_is_number(t, cand, &x) && sg_value_is_integer(x)) {
        sg_cmp c = sg_cgt_compare(t, g, a->far_star);
        if (c == SG_CMP_GREATER) {
            /* the largest n with not (aw(G^R) + 2 <= n) for every G^R */
            int64_t best = INT64_MAX;
            for (size_t i = 0; i < nr; i++) {
                int64_t m = least_above(t, opts[nl + i]) - 1;
                best = m < best ? m : best;
            }
            cand = sg_cgt_number(t, sg_value_int(best));
        } else if (c == SG_CMP_LESS) {
            int64_t best = INT64_MIN;
            for (size_t i = 0; i < nl; i++) {
                int64_t m = greatest_below(t, opts[i]) + 1;
                best = m > best ? m : best;
            }
            cand = sg_cgt_number(t, sg_value_int(best));
        } else {
            cand = sg_cgt_number(t, sg_value_int(0));
        }
    }
    free(opts);
    if (rc == SG_OK)
        rc = memo_put(&a->memo, g, cand);
    if (rc == SG_OK)
        *out = cand;
    return rc;
}

/* An upper bound of the birthdays in g (the longest run of options down to a number,
 * plus the number's own birthday bound), memoized in m as a number id. */
static int depth(sg_cgt *t, struct memo *m, sg_cg g, uint32_t *out)
{
    sg_value x;
    if (sg_cgt_is_number(t, g, &x)) {
        int64_t a = x.num < 0 ? -x.num : x.num;
        *out = (uint32_t)(a > 64 ? 64 : a) + (uint32_t)x.exp + 1;
        return SG_OK;
    }
    sg_cg got;
    if (memo_get(m, g, &got)) {
        *out = got;
        return SG_OK;
    }
    uint32_t best = 0;
    size_t nl = sg_cgt_left_count(t, g), nr = sg_cgt_right_count(t, g);
    for (size_t i = 0; i < nl + nr; i++) {
        uint32_t d;
        int rc = depth(t, m, i < nl ? sg_cgt_left(t, g, i) : sg_cgt_right(t, g, i - nl), &d);
        if (rc != SG_OK)
            return rc;
        best = d + 1 > best ? d + 1 : best;
    }
    *out = best;
    return memo_put(m, g, best);
}

int sg_cgt_atomic_weight_metered(sg_cgt *t, sg_cg g, sg_meter *meter, sg_cg *out)
{
    sg_cgt_limit_memory(t, meter);
    sg_value ls, rs;
    if (!sg_cgt_stops(t, g, &ls, &rs) || !sg_value_eq(ls, rs))
        return SG_ERR_UNSUPPORTED; /* not infinitesimally close to a number */
    sg_cg base = g;
    if (ls.num != 0) {
        int rc = sg_cgt_sub_metered(t, g, sg_cgt_number(t, ls), meter, &base);
        if (rc != SG_OK)
            return rc;
    }
    /* A far star: *N with N beyond every nim-value of g's positions. */
    struct memo dm = { NULL, 0 };
    uint32_t b = 0;
    int rc = depth(t, &dm, base, &b);
    free(dm.at);
    if (rc != SG_OK)
        return rc;
    if (b > 255)
        return SG_ERR_RANGE;
    size_t n = 1;
    while (n <= (size_t)b + 1)
        n *= 2;
    sg_cg *nims = malloc(n * sizeof *nims);
    if (!nims)
        return SG_ERR_NOMEM;
    nims[0] = sg_cgt_number(t, sg_value_int(0));
    for (size_t k = 1; k < n && rc == SG_OK; k++)
        rc = sg_cgt_make(t, nims, k, nims, k, &nims[k]);
    struct aw a = { t, { NULL, 0 }, 0, meter };
    if (rc == SG_OK) {
        rc = sg_cgt_make(t, nims, n, nims, n, &a.far_star);
        if (rc == SG_OK)
            rc = atomic(&a, base, out);
    }
    free(nims);
    free(a.memo.at);
    return rc;
}

int sg_cgt_atomic_weight(sg_cgt *t, sg_cg g, sg_cg *out)
{
    return sg_cgt_atomic_weight_metered(t, g, NULL, out);
}
