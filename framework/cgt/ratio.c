#include "sumgame/ratio.h"

#include <stdio.h>

typedef __int128 wide;

/* Reduces a wide fraction into a ratio, flagging results that do not fit. */
static sg_ratio reduce(wide num, wide den, bool *overflow)
{
    sg_ratio zero = { 0, 1 };
    if (den == 0) {
        *overflow = true;
        return zero;
    }
    if (den < 0) {
        num = -num;
        den = -den;
    }
    wide a = num < 0 ? -num : num, b = den;
    while (b) {
        wide r = a % b;
        a = b;
        b = r;
    }
    if (a > 1) {
        num /= a;
        den /= a;
    }
    if (num > INT64_MAX || num < -INT64_MAX || den > INT64_MAX) {
        *overflow = true;
        return zero;
    }
    sg_ratio r = { (int64_t)num, (int64_t)den };
    return r;
}

sg_ratio sg_ratio_from_value(sg_value v)
{
    sg_ratio r = { v.num, (int64_t)1 << v.exp };
    return r;
}

sg_ratio sg_ratio_make(int64_t num, int64_t den, bool *overflow)
{
    return reduce(num, den, overflow);
}

sg_ratio sg_ratio_add(sg_ratio a, sg_ratio b, bool *overflow)
{
    if (a.den == b.den)
        return reduce((wide)a.num + b.num, a.den, overflow);
    return reduce((wide)a.num * b.den + (wide)b.num * a.den, (wide)a.den * b.den, overflow);
}

sg_ratio sg_ratio_neg(sg_ratio a)
{
    a.num = -a.num;
    return a;
}

sg_ratio sg_ratio_sub(sg_ratio a, sg_ratio b, bool *overflow)
{
    return sg_ratio_add(a, sg_ratio_neg(b), overflow);
}

sg_ratio sg_ratio_mul_int(sg_ratio a, int64_t k, bool *overflow)
{
    return reduce((wide)a.num * k, a.den, overflow);
}

sg_ratio sg_ratio_div_int(sg_ratio a, int64_t k, bool *overflow)
{
    return reduce(a.num, (wide)a.den * k, overflow);
}

int sg_ratio_cmp(sg_ratio a, sg_ratio b)
{
    wide l = (wide)a.num * b.den, r = (wide)b.num * a.den;
    return (l > r) - (l < r);
}

bool sg_ratio_to_value(sg_ratio r, sg_value *out)
{
    if (r.den & (r.den - 1))
        return false;
    int e = 0;
    while (((int64_t)1 << e) < r.den)
        e++;
    out->num = r.num;
    out->exp = e;
    return true;
}

double sg_ratio_to_double(sg_ratio r) { return (double)r.num / (double)r.den; }

int sg_ratio_format(sg_ratio r, char *buf, size_t cap)
{
    if (r.den == 1)
        return snprintf(buf, cap, "%lld", (long long)r.num);
    return snprintf(buf, cap, "%lld/%lld", (long long)r.num, (long long)r.den);
}

static int64_t floor_div(wide num, wide den)
{
    wide q = num / den;
    if ((num % den != 0) && ((num < 0) != (den < 0)))
        q--;
    return (int64_t)q;
}

bool sg_ratio_simplest_between(sg_ratio lo, sg_ratio hi, sg_ratio *out)
{
    bool ovf = false;
    if (sg_ratio_cmp(lo, hi) >= 0)
        return false;
    if (lo.num < 0 && hi.num > 0) {
        *out = sg_ratio_int(0);
        return true;
    }
    int64_t n = lo.num >= 0 ? floor_div(lo.num, lo.den) + 1 : -floor_div(-hi.num, hi.den) - 1;
    if (sg_ratio_cmp(lo, sg_ratio_int(n)) < 0 && sg_ratio_cmp(sg_ratio_int(n), hi) < 0) {
        *out = sg_ratio_int(n);
        return true;
    }
    /* Both bounds in one unit interval: the dyadic with the smallest denominator. */
    for (int j = 1; j <= 60; j++) {
        wide scale = (wide)1 << j;
        int64_t m = floor_div((wide)lo.num * scale, lo.den) + 1;
        sg_ratio cand = sg_ratio_make(m, (int64_t)scale, &ovf);
        if (ovf)
            return false;
        if (sg_ratio_cmp(cand, hi) < 0) {
            *out = cand;
            return true;
        }
    }
    return false;
}
