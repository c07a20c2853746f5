#include "sumgame/value.h"

#include <ctype.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>

/* Intermediate results use 128 bits, so alignment shifts of values within the parser's
 * bounds cannot overflow before the result is reduced. */
typedef __int128 wide;

static sg_value reduce(wide num, int exp)
{
    if (num == 0)
        return sg_value_int(0);
    while (exp > 0 && (num & 1) == 0) {
        num /= 2;
        exp--;
    }
    while (exp < 0) {
        num *= 2;
        exp++;
    }
    sg_value v = { (int64_t)num, exp };
    return v;
}

sg_value sg_value_make(int64_t num, int exp) { return reduce(num, exp); }

static int max_exp(sg_value a, sg_value b) { return a.exp > b.exp ? a.exp : b.exp; }
/* Multiplies rather than shifts: left-shifting a negative number is undefined. */
static wide aligned(sg_value a, int exp) { return (wide)a.num * ((wide)1 << (exp - a.exp)); }

/* Searches add and subtract at every node, nearly always integers: those skip the wide
 * arithmetic (unless the 64-bit result overflows, which the wide path handles). */
sg_value sg_value_add(sg_value a, sg_value b)
{
    int64_t n;
    if ((a.exp | b.exp) == 0 && !__builtin_add_overflow(a.num, b.num, &n))
        return sg_value_int(n);
    int e = max_exp(a, b);
    return reduce(aligned(a, e) + aligned(b, e), e);
}

sg_value sg_value_sub(sg_value a, sg_value b)
{
    int64_t n;
    if ((a.exp | b.exp) == 0 && !__builtin_sub_overflow(a.num, b.num, &n))
        return sg_value_int(n);
    int e = max_exp(a, b);
    return reduce(aligned(a, e) - aligned(b, e), e);
}

sg_value sg_value_neg(sg_value a)
{
    a.num = -a.num;
    return a;
}

sg_value sg_value_half(sg_value a) { return reduce(a.num, a.exp + 1); }

sg_value sg_value_mul_int(sg_value a, int64_t n) { return reduce((wide)a.num * n, a.exp); }

int sg_value_cmp(sg_value a, sg_value b)
{
    if ((a.exp | b.exp) == 0)
        return (a.num > b.num) - (a.num < b.num);
    int e = max_exp(a, b);
    wide x = aligned(a, e), y = aligned(b, e);
    return (x > y) - (x < y);
}

sg_value sg_value_min(sg_value a, sg_value b) { return sg_value_cmp(a, b) <= 0 ? a : b; }
sg_value sg_value_max(sg_value a, sg_value b) { return sg_value_cmp(a, b) >= 0 ? a : b; }

int64_t sg_value_floor(sg_value a)
{
    if (a.exp == 0)
        return a.num;
    /* Arithmetic shift rounds toward minus infinity. */
    return a.num >> a.exp;
}

int64_t sg_value_ceil(sg_value a) { return -sg_value_floor(sg_value_neg(a)); }

int sg_value_simplest_between(bool has_lo, sg_value lo, bool has_hi, sg_value hi, sg_value *out)
{
    if (has_lo && has_hi && sg_value_cmp(lo, hi) >= 0)
        return -1;
    /* An integer fits: take the one of least magnitude. */
    if ((!has_lo || lo.num < 0) && (!has_hi || hi.num > 0)) {
        *out = sg_value_int(0);
        return 0;
    }
    if (!has_hi || (has_lo && lo.num >= 0)) { /* whole interval above 0 */
        int64_t n = sg_value_floor(lo) + 1;
        if (!has_hi || sg_value_cmp(sg_value_int(n), hi) < 0) {
            *out = sg_value_int(n);
            return 0;
        }
    } else { /* whole interval below 0 */
        int64_t n = sg_value_ceil(hi) - 1;
        if (!has_lo || sg_value_cmp(sg_value_int(n), lo) > 0) {
            *out = sg_value_int(n);
            return 0;
        }
    }
    /* Both bounds lie in one unit interval: the dyadic with the smallest denominator. */
    for (int j = 1; j <= 62; j++) {
        sg_value scaled = { lo.num, lo.exp - j };
        wide m;
        if (scaled.exp <= 0)
            m = (wide)lo.num * ((wide)1 << -scaled.exp) + 1;
        else
            m = (wide)(lo.num >> scaled.exp) + 1;
        sg_value cand = reduce(m, j);
        if (sg_value_cmp(cand, hi) < 0) {
            *out = cand;
            return 0;
        }
    }
    return -1;
}

static int fail(char *err, size_t errlen, const char *text, const char *why)
{
    if (errlen)
        snprintf(err, errlen, "bad number '%.40s': %s", text, why);
    return -1;
}

int sg_value_parse_prefix(const char *text, const char **end, sg_value *out, char *err,
                          size_t errlen)
{
    const char *p = text;
    bool neg = false;
    if (*p == '-') {
        neg = true;
        p++;
    }
    if (!isdigit((unsigned char)*p))
        return fail(err, errlen, text, "expected digits");
    uint64_t num = 0;
    for (; isdigit((unsigned char)*p); p++) {
        if (num > (UINT64_C(1) << 62) / 10)
            return fail(err, errlen, text, "too large");
        num = num * 10 + (uint64_t)(*p - '0');
    }
    int exp = 0;
    if (*p == '/' && isdigit((unsigned char)p[1])) {
        p++;
        uint64_t den = 0;
        for (; isdigit((unsigned char)*p); p++) {
            den = den * 10 + (uint64_t)(*p - '0');
            if (den > (UINT64_C(1) << SG_VALUE_MAX_EXP))
                return fail(err, errlen, text, "denominator too large");
        }
        if (den == 0 || (den & (den - 1)) != 0)
            return fail(err, errlen, text, "denominator is not a power of two");
        while ((UINT64_C(1) << exp) < den)
            exp++;
    }
    sg_value v = reduce(neg ? -(wide)num : (wide)num, exp);
    if (v.num > SG_VALUE_MAX_ABS || v.num < -SG_VALUE_MAX_ABS)
        return fail(err, errlen, text, "too large");
    *out = v;
    if (end)
        *end = p;
    return 0;
}

int sg_value_parse(const char *text, sg_value *out, char *err, size_t errlen)
{
    const char *end;
    sg_value v;
    if (sg_value_parse_prefix(text, &end, &v, err, errlen) != 0)
        return -1;
    if (*end != '\0')
        return fail(err, errlen, text, "unexpected characters");
    *out = v;
    return 0;
}

int sg_value_format(sg_value v, char *buf, size_t cap)
{
    if (v.exp == 0)
        return snprintf(buf, cap, "%lld", (long long)v.num);
    return snprintf(buf, cap, "%lld/%llu", (long long)v.num, (unsigned long long)1 << v.exp);
}

double sg_value_to_double(sg_value v)
{
    double d = (double)v.num;
    for (int i = 0; i < v.exp; i++)
        d /= 2;
    return d;
}
