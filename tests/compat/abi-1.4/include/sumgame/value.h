/* Exact dyadic rationals num / 2^exp, the only number type used in exact search.
 *
 * A value is kept in lowest terms: exp >= 0, and when exp > 0 the numerator is odd.
 * Two equal values therefore have identical fields, so they can be compared with
 * sg_value_eq and hashed field by field. Printing gives "3/4", "-5/8", "2", "0". */
#ifndef SUMGAME_VALUE_H
#define SUMGAME_VALUE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct sg_value {
    int64_t num;
    int32_t exp; /* denominator is 2^exp */
} sg_value;

/* Largest denominator exponent and numerator magnitude the parser accepts; arithmetic
 * on values inside these bounds never overflows for the depths games reach. */
#define SG_VALUE_MAX_EXP 40
#define SG_VALUE_MAX_ABS (INT64_C(1) << 52)

/* Longest text sg_value_format writes, including the terminating NUL. */
#define SG_VALUE_TEXT_MAX 48

static inline sg_value sg_value_int(int64_t n) { sg_value v = { n, 0 }; return v; }
/* num / 2^exp, reduced to lowest terms. exp must be in [0, 62]. */
sg_value sg_value_make(int64_t num, int exp);

sg_value sg_value_add(sg_value a, sg_value b);
sg_value sg_value_sub(sg_value a, sg_value b);
sg_value sg_value_neg(sg_value a);
/* a / 2 */
sg_value sg_value_half(sg_value a);
/* a * n */
sg_value sg_value_mul_int(sg_value a, int64_t n);
/* -1, 0 or 1 */
int sg_value_cmp(sg_value a, sg_value b);
static inline bool sg_value_eq(sg_value a, sg_value b) { return a.num == b.num && a.exp == b.exp; }
static inline bool sg_value_is_integer(sg_value a) { return a.exp == 0; }
sg_value sg_value_min(sg_value a, sg_value b);
sg_value sg_value_max(sg_value a, sg_value b);
/* Largest integer <= a, and smallest integer >= a. */
int64_t sg_value_floor(sg_value a);
int64_t sg_value_ceil(sg_value a);

/* The simplest number strictly between lo and hi (lo < hi), as in CGT's simplicity
 * rule: an integer of least magnitude if one fits, else the dyadic with the smallest
 * denominator. has_lo / has_hi false mean "no bound on that side". Returns 0, or -1
 * when lo >= hi. */
int sg_value_simplest_between(bool has_lo, sg_value lo, bool has_hi, sg_value hi, sg_value *out);

/* Parses "-3", "5/2", "3/8". The denominator must be a power of two; the whole text
 * must be consumed. Returns 0, or -1 with a message in err. */
int sg_value_parse(const char *text, sg_value *out, char *err, size_t errlen);
/* Parses the longest prefix of text that is a value; *end points past it. */
int sg_value_parse_prefix(const char *text, const char **end, sg_value *out, char *err, size_t errlen);
/* Writes lowest-terms text; returns the number of characters written (snprintf rules). */
int sg_value_format(sg_value v, char *buf, size_t cap);
/* A double for display and statistics only, never for comparisons. */
double sg_value_to_double(sg_value v);

#ifdef __cplusplus
}
#endif
#endif
