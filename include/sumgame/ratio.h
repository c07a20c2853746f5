/* Exact rationals p/q for generalized thermography, where a ko's walls cross at thirds
 * and other non-dyadic points (the mean of a simple ko is a third of its swing). Dyadic
 * values (value.h) stay the number type of every search; this type is only for walls of
 * loopy games.
 *
 * A ratio is kept in lowest terms with den > 0, so equal ratios have equal fields.
 * Arithmetic is checked: a result that does not fit in 64 bits sets *overflow and
 * returns 0, so a caller can report it instead of computing garbage. */
#ifndef SUMGAME_RATIO_H
#define SUMGAME_RATIO_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/value.h"

SG_API_BEGIN

typedef struct sg_ratio {
    int64_t num;
    int64_t den; /* > 0 */
} sg_ratio;

static inline sg_ratio sg_ratio_int(int64_t n) { sg_ratio r = { n, 1 }; return r; }
sg_ratio sg_ratio_from_value(sg_value v);
/* num/den reduced; den != 0. */
sg_ratio sg_ratio_make(int64_t num, int64_t den, bool *overflow);
sg_ratio sg_ratio_add(sg_ratio a, sg_ratio b, bool *overflow);
sg_ratio sg_ratio_sub(sg_ratio a, sg_ratio b, bool *overflow);
sg_ratio sg_ratio_mul_int(sg_ratio a, int64_t k, bool *overflow);
sg_ratio sg_ratio_div_int(sg_ratio a, int64_t k, bool *overflow);
sg_ratio sg_ratio_neg(sg_ratio a);
int sg_ratio_cmp(sg_ratio a, sg_ratio b);
static inline bool sg_ratio_eq(sg_ratio a, sg_ratio b) { return a.num == b.num && a.den == b.den; }
/* The simplest number (dyadic of least birthday) strictly between lo and hi, the value
 * of a game whose options' stops are lo and hi; false when lo >= hi. */
bool sg_ratio_simplest_between(sg_ratio lo, sg_ratio hi, sg_ratio *out);
/* Whether r is dyadic, and then its value. */
bool sg_ratio_to_value(sg_ratio r, sg_value *out);
double sg_ratio_to_double(sg_ratio r);
/* "1/3", "-5/8", "2", as snprintf: returns the length the text needs. */
int sg_ratio_format(sg_ratio r, char *buf, size_t cap);
#define SG_RATIO_TEXT_MAX 48

SG_API_END
#endif
