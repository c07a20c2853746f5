/* Statistics of a tournament's results: the mean of a sample with its confidence interval
 * (Student's t), a win rate with its Wilson score interval, and the quantiles they need.
 *
 * Results are floating point; the game values they come from are exact (value.h). The
 * t quantile is computed, not looked up: Student's t distribution function through the
 * regularized incomplete beta function (its continued fraction), inverted by bisection,
 * so it holds for any number of degrees of freedom, not only those of a printed table. */
#ifndef SUMGAME_STATS_H
#define SUMGAME_STATS_H

#include <stddef.h>

/* P(Z <= z) for a standard normal Z. */
double sg_normal_cdf(double z);
/* The z with P(Z <= z) = p, 0 < p < 1 (NAN otherwise). 0.975 gives 1.959964. */
double sg_normal_quantile(double p);
/* P(T <= t) for Student's t with df > 0 degrees of freedom. */
double sg_t_cdf(double t, double df);
/* The t with P(T <= t) = p for df > 0 degrees of freedom, 0 < p < 1 (NAN otherwise).
 * sg_t_quantile(0.975, 10) = 2.228139. */
double sg_t_quantile(double p, double df);

/* How an interval of a mean is made: Student's t with n - 1 degrees of freedom (right for
 * small samples of roughly normal data), or the normal approximation (z). */
typedef enum sg_ci_method { SG_CI_T = 0, SG_CI_NORMAL = 1 } sg_ci_method;

/* A sample's summary. sd is the sample standard deviation (divisor n - 1); lo and hi
 * bound the mean at the given confidence. With n = 0 everything but n is NAN; with
 * n = 1, sd, lo and hi are NAN. */
typedef struct sg_sample_stats {
    size_t n;
    double mean, sd;
    double lo, hi;
} sg_sample_stats;

/* The summary of x[0..n) at confidence level (e.g. 0.95). */
sg_sample_stats sg_sample_summary(const double *x, size_t n, double level, sg_ci_method method);

/* The Wilson score interval of a proportion: wins successes out of n trials at the
 * confidence level; lo = hi = NAN when n = 0. Unlike p +- z sqrt(p(1-p)/n) it stays inside
 * [0, 1] and is not empty at 0 or n wins. */
void sg_wilson_interval(double wins, double n, double level, double *lo, double *hi);

#endif
