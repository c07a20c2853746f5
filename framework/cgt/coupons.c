#include "sumgame/coupons.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/rng.h"

#define STATE_TAKEN_MASK UINT64_C(0xffffffff)
#define STATE_MINUS_SHIFT 32
#define STATE_MINUS_MASK UINT64_C(3)
#define STATE_GAME_FIRST (UINT64_C(1) << 34)
#define STATE_DELTA_SHIFT 35
#define STATE_DELTA_MASK UINT64_C(0x3f)
#define STATE_PATH_SHIFT 41
#define STATE_PATH_MASK (~UINT64_C(0) << STATE_PATH_SHIFT)

uint64_t sg_coupons_state(const sg_coupons *c, size_t taken, unsigned minus_ones,
                          bool game_first)
{
    size_t remaining = taken < c->count ? c->count - taken : 0;
    /* delta's exponent makes stacks of every spacing share one table (TDS+'s E3). */
    return ((uint64_t)remaining & STATE_TAKEN_MASK) |
           ((uint64_t)(minus_ones > 2 ? 2 : minus_ones) << STATE_MINUS_SHIFT) |
           (game_first ? STATE_GAME_FIRST : 0) |
           (((uint64_t)c->delta.exp & STATE_DELTA_MASK) << STATE_DELTA_SHIFT);
}

/* The code of "who took coupon i" in the path bits, for stacks whose table entries keep
 * the points the coupons gave (the original TDS's table, without TDS+'s E3). */
static uint64_t path_code(size_t i, sg_player who)
{
    uint64_t z = (uint64_t)i * 2 + (who == SG_LEFT ? 1 : 2) + UINT64_C(0x9E3779B97F4A7C15);
    return sg_mix64(z) << STATE_PATH_SHIFT;
}

size_t sg_coupons_state_taken(const sg_coupons *c, uint64_t state)
{
    size_t remaining = (size_t)(state & STATE_TAKEN_MASK);
    return remaining < c->count ? c->count - remaining : 0;
}

unsigned sg_coupons_state_minus_ones(uint64_t state)
{
    return (unsigned)((state >> STATE_MINUS_SHIFT) & STATE_MINUS_MASK);
}

bool sg_coupons_state_game_first(uint64_t state) { return (state & STATE_GAME_FIRST) != 0; }

/* True when v = 2^-j for some j >= 0, so that -1 is a multiple of v. */
static bool is_unit_fraction(sg_value v) { return v.num == 1 && v.exp >= 0; }

int sg_coupons_init(sg_coupons *c, sg_value t_max, sg_value delta, bool extended, char *err,
                    size_t errlen)
{
    memset(c, 0, sizeof *c);
    char a[SG_VALUE_TEXT_MAX], b[SG_VALUE_TEXT_MAX];
    sg_value_format(t_max, a, sizeof a);
    sg_value_format(delta, b, sizeof b);
    if (sg_value_cmp(delta, sg_value_int(0)) <= 0) {
        snprintf(err, errlen, "coupon stack: delta %s is not positive", b);
        return SG_ERR_INVALID;
    }
    if (sg_value_cmp(t_max, sg_value_int(0)) < 0) {
        snprintf(err, errlen, "coupon stack: t_max %s is negative", a);
        return SG_ERR_INVALID;
    }
    if (extended && !is_unit_fraction(delta)) {
        snprintf(err, errlen, "coupon stack: delta %s is not 1, 1/2, 1/4, ... as an extended "
                              "stack needs", b);
        return SG_ERR_INVALID;
    }
    if (sg_value_cmp(t_max, sg_value_mul_int(delta, SG_COUPONS_MAX)) > 0) {
        snprintf(err, errlen, "coupon stack: t_max %s / delta %s is more than %d coupons", a, b,
                 SG_COUPONS_MAX);
        return SG_ERR_RANGE;
    }
    /* The quotient is at most SG_COUPONS_MAX, so the double is only a guess checked
     * exactly below. */
    long long n = llround(sg_value_to_double(t_max) / sg_value_to_double(delta));
    if (n < 0 || !sg_value_eq(sg_value_mul_int(delta, n), t_max)) {
        snprintf(err, errlen, "coupon stack: t_max %s is not a multiple of delta %s", a, b);
        return SG_ERR_INVALID;
    }
    size_t below = 0;
    if (extended) {
        /* 0, -delta, ..., -1, then k coupons of -1 and the final -1/2. */
        size_t steps = (size_t)1 << delta.exp;
        below = steps + 1 + SG_COUPONS_MINUS_ONES + 1;
    }
    if ((size_t)n + below > SG_COUPONS_MAX) {
        snprintf(err, errlen, "coupon stack: t_max %s / delta %s is more than %d coupons", a, b,
                 SG_COUPONS_MAX);
        return SG_ERR_RANGE;
    }
    c->t_max = t_max;
    c->delta = delta;
    c->extended = extended;
    c->positive = (size_t)n;
    c->count = (size_t)n + below;
    c->value = malloc((c->count + 1) * sizeof *c->value);
    c->rest = malloc((c->count + 1) * sizeof *c->rest);
    if (!c->value || !c->rest) {
        sg_coupons_free(c);
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    size_t i = 0;
    for (; i < c->positive; i++)
        c->value[i] = sg_value_mul_int(delta, (long long)(c->positive - i));
    if (extended) {
        size_t steps = (size_t)1 << delta.exp;
        for (size_t j = 0; j <= steps; j++)
            c->value[i++] = sg_value_neg(sg_value_mul_int(delta, (long long)j));
        for (size_t j = 0; j < SG_COUPONS_MINUS_ONES; j++)
            c->value[i++] = sg_value_int(-1);
        c->value[i++] = sg_value_make(-1, 1);
    }
    c->value[c->count] = sg_value_int(0);
    c->rest[c->count] = sg_value_int(0);
    for (size_t j = c->count; j-- > 0;)
        c->rest[j] = sg_value_sub(c->value[j], c->rest[j + 1]);
    return SG_OK;
}

void sg_coupons_free(sg_coupons *c)
{
    free(c->value);
    free(c->rest);
    c->value = c->rest = NULL;
    c->count = c->positive = 0;
}

sg_value sg_coupons_at(const sg_coupons *c, size_t i) { return c->value[i]; }

sg_value sg_coupons_value(const sg_coupons *c, size_t taken, sg_player who)
{
    sg_value v = taken < c->count ? c->rest[taken] : sg_value_int(0);
    return who == SG_LEFT ? v : sg_value_neg(v);
}

sg_value sg_coupons_taken_points(const sg_coupons *c, size_t taken, sg_player first)
{
    if (taken > c->count)
        taken = c->count;
    /* rest[0] = sum of the first `taken` coupons in turn +- rest[taken]. */
    sg_value tail = (taken % 2) ? sg_value_neg(c->rest[taken]) : c->rest[taken];
    sg_value mover = sg_value_sub(c->rest[0], tail);
    return first == SG_LEFT ? mover : sg_value_neg(mover);
}

bool sg_coupons_index_of(const sg_coupons *c, sg_value v, size_t *index)
{
    for (size_t i = 0; i < c->count; i++) {
        if (sg_value_eq(c->value[i], v)) {
            *index = i;
            return true;
        }
    }
    return false;
}

/* ---- the engine's extra component ------------------------------------------------- */

static size_t x_move_count(void *ctx, uint64_t state, sg_player who)
{
    (void)who;
    const sg_coupons *c = ctx;
    if (sg_coupons_state_game_first(state) || sg_coupons_state_minus_ones(state) >= 2)
        return 0;
    return sg_coupons_state_taken(c, state) < c->count ? 1 : 0;
}

static void x_play(void *ctx, uint64_t state, sg_player who, size_t k, uint64_t *next,
                   sg_value *points)
{
    (void)k;
    const sg_coupons *c = ctx;
    size_t taken = sg_coupons_state_taken(c, state);
    sg_value v = c->value[taken];
    unsigned run = sg_value_eq(v, sg_value_int(-1)) ? sg_coupons_state_minus_ones(state) + 1 : 0;
    uint64_t path = state & STATE_PATH_MASK;
    if (c->path_in_state)
        path ^= path_code(taken, who);
    *next = sg_coupons_state(c, taken + 1, run, false) | path;
    *points = who == SG_LEFT ? v : sg_value_neg(v);
}

static bool x_leaf(void *ctx, uint64_t state, const sg_sum *sum, sg_player to_move,
                   sg_value *value)
{
    (void)sum;
    const sg_coupons *c = ctx;
    if (sg_coupons_state_minus_ones(state) < 2)
        return false;
    /* Pseudo-terminal: both players refused to play on; the live game counts 0. */
    *value = sg_coupons_value(c, sg_coupons_state_taken(c, state), to_move);
    return true;
}

static sg_value x_value(void *ctx, uint64_t state, sg_player to_move)
{
    const sg_coupons *c = ctx;
    return sg_coupons_value(c, sg_coupons_state_taken(c, state), to_move);
}

static uint64_t x_after_sum_move(void *ctx, uint64_t state)
{
    const sg_coupons *c = ctx;
    return sg_coupons_state(c, sg_coupons_state_taken(c, state), 0, false) |
           (state & STATE_PATH_MASK);
}

void sg_coupons_extra(const sg_coupons *c, uint64_t state, sg_search_extra *out)
{
    memset(out, 0, sizeof *out);
    out->ctx = (void *)c;
    out->initial_state = state;
    out->move_count = x_move_count;
    out->play = x_play;
    out->leaf = x_leaf;
    out->value = x_value;
    out->after_sum_move = x_after_sum_move;
}
