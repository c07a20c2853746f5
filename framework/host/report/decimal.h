/* Statistics printed as fixed-point decimals (mean scores, standard deviations, error
 * averages). Exact values are never printed this way (value.h prints them as fractions).
 *
 * printf("%.2f") writes "-0.00" for a small negative number, or for a mean that is zero
 * up to rounding error; a table reader takes that for a loss. Every command that prints
 * a signed statistic goes through sg_decimal_format, which never writes a negative zero. */
#ifndef SUMGAME_DECIMAL_H
#define SUMGAME_DECIMAL_H

#include <stddef.h>

/* x with places digits after the point (0..17), as "%.*f" would write it, except that a
 * result that rounds to zero has no minus sign. Returns buf; an empty string when cap is
 * too small or x is not finite ("nan", "inf" and "-inf" are written as such). */
const char *sg_decimal_format(double x, int places, char *buf, size_t cap);

#endif
