#include "host/match/stats.h"

#include <float.h>
#include <math.h>

double sg_normal_cdf(double z) { return 0.5 * erfc(-z / sqrt(2.0)); }

/* Bisection: slow next to a rational approximation, but exact to the last bits for
 * every p and simple enough to check by reading; reports call it a few times. */
static double invert(double (*cdf)(double, double), double df, double p, double lo, double hi)
{
    for (int i = 0; i < 200 && hi - lo > 4 * DBL_EPSILON * fmax(1.0, fabs(hi)); i++) {
        double mid = 0.5 * (lo + hi);
        if (cdf(mid, df) < p)
            lo = mid;
        else
            hi = mid;
    }
    return 0.5 * (lo + hi);
}

static double normal_cdf2(double z, double unused)
{
    (void)unused;
    return sg_normal_cdf(z);
}

double sg_normal_quantile(double p)
{
    if (!(p > 0 && p < 1))
        return NAN;
    return invert(normal_cdf2, 0, p, -40, 40);
}

/* The continued fraction of the regularized incomplete beta function I_x(a, b)
 * (DLMF 8.17.22), evaluated by the modified Lentz method; it converges quickly for
 * x < (a + 1) / (a + b + 2), and the caller uses I_x(a, b) = 1 - I_{1-x}(b, a) otherwise. */
static double beta_fraction(double a, double b, double x)
{
    const double tiny = 1e-300;
    double c = 1, d = 1 - (a + b) * x / (a + 1);
    if (fabs(d) < tiny)
        d = tiny;
    d = 1 / d;
    double f = d;
    for (int m = 1; m <= 1000; m++) {
        /* the even step d_{2m}, then the odd step d_{2m+1} */
        for (int odd = 0; odd < 2; odd++) {
            double num = odd ? -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))
                             : m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
            d = 1 + num * d;
            if (fabs(d) < tiny)
                d = tiny;
            c = 1 + num / c;
            if (fabs(c) < tiny)
                c = tiny;
            d = 1 / d;
            double step = c * d;
            f *= step;
            if (odd && fabs(step - 1) < 1e-16)
                return f;
        }
    }
    return f;
}

static double incomplete_beta(double a, double b, double x)
{
    if (x <= 0)
        return 0;
    if (x >= 1)
        return 1;
    double front = exp(lgamma(a + b) - lgamma(a) - lgamma(b) + a * log(x) + b * log1p(-x));
    if (x < (a + 1) / (a + b + 2))
        return front * beta_fraction(a, b, x) / a;
    return 1 - front * beta_fraction(b, a, 1 - x) / b;
}

double sg_t_cdf(double t, double df)
{
    if (!(df > 0) || isnan(t))
        return NAN;
    if (isinf(t))
        return t > 0 ? 1 : 0;
    /* P(|T| > |t|) = I_{df/(df+t^2)}(df/2, 1/2) */
    double tail = 0.5 * incomplete_beta(df / 2, 0.5, df / (df + t * t));
    return t > 0 ? 1 - tail : tail;
}

double sg_t_quantile(double p, double df)
{
    if (!(p > 0 && p < 1) || !(df > 0))
        return NAN;
    if (p < 0.5)
        return -sg_t_quantile(1 - p, df);
    double hi = 1;
    while (sg_t_cdf(hi, df) < p && hi < 1e300)
        hi *= 2;
    return invert(sg_t_cdf, df, p, 0, hi);
}

sg_sample_stats sg_sample_summary(const double *x, size_t n, double level, sg_ci_method method)
{
    sg_sample_stats s = { n, NAN, NAN, NAN, NAN };
    if (n == 0)
        return s;
    /* Two passes: the plain sum keeps a mean of integers correctly rounded, so tables
     * agree with other tools to the last printed digit. */
    double sum = 0;
    for (size_t i = 0; i < n; i++)
        sum += x[i];
    s.mean = sum / (double)n;
    if (n < 2)
        return s;
    double ss = 0;
    for (size_t i = 0; i < n; i++)
        ss += (x[i] - s.mean) * (x[i] - s.mean);
    s.sd = sqrt(ss / (double)(n - 1));
    double p = 0.5 + level / 2;
    double q = method == SG_CI_NORMAL ? sg_normal_quantile(p) : sg_t_quantile(p, (double)(n - 1));
    double half = q * s.sd / sqrt((double)n);
    s.lo = s.mean - half;
    s.hi = s.mean + half;
    return s;
}

void sg_wilson_interval(double wins, double n, double level, double *lo, double *hi)
{
    if (!(n > 0)) {
        *lo = *hi = NAN;
        return;
    }
    double z = sg_normal_quantile(0.5 + level / 2), z2 = z * z;
    double p = wins / n;
    double centre = (p + z2 / (2 * n)) / (1 + z2 / n);
    double half = z / (1 + z2 / n) * sqrt(p * (1 - p) / n + z2 / (4 * n * n));
    *lo = fmax(0, centre - half);
    *hi = fmin(1, centre + half);
}
