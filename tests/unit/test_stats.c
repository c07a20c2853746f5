/* The statistics of reports against values worked out by hand from the textbook formulas
 * or read from printed tables (the comments give the arithmetic). */
#include "support.h"

#include <math.h>

#include "host/match/stats.h"

#define assert_near(x, want, tol) \
    do { \
        double got_ = (x); \
        if (!(fabs(got_ - (want)) <= (tol))) \
            fail_msg("%s = %.9f, want %.9f", #x, got_, (double)(want)); \
    } while (0)

static void test_normal(void **state)
{
    (void)state;
    /* Tables of the standard normal: Phi(0) = 0.5, Phi(1.96) = 0.9750021, Phi(-1) =
     * 0.1586553; the quantiles 1.959964 (97.5%) and 2.575829 (99.5%). */
    assert_near(sg_normal_cdf(0), 0.5, 1e-15);
    assert_near(sg_normal_cdf(1.96), 0.9750021, 1e-7);
    assert_near(sg_normal_cdf(-1), 0.1586553, 1e-7);
    assert_near(sg_normal_quantile(0.975), 1.959964, 1e-6);
    assert_near(sg_normal_quantile(0.995), 2.575829, 1e-6);
    assert_near(sg_normal_quantile(0.025), -1.959964, 1e-6);
    assert_true(isnan(sg_normal_quantile(0)) && isnan(sg_normal_quantile(1)));
}

static void test_t_cdf_closed_forms(void **state)
{
    (void)state;
    /* df = 1 is the Cauchy distribution: F(t) = 1/2 + atan(t)/pi, so F(1) = 3/4 and
     * F(-3) = 1/2 - atan(3)/pi = 0.1024164. df = 2 has F(t) = 1/2 + t / (2 sqrt(2 + t^2)):
     * F(2) = 1/2 + 2 / (2 sqrt 6) = 0.9082483. */
    assert_near(sg_t_cdf(0, 7), 0.5, 1e-15);
    assert_near(sg_t_cdf(1, 1), 0.75, 1e-12);
    assert_near(sg_t_cdf(-3, 1), 0.1024164, 1e-7);
    assert_near(sg_t_cdf(2, 2), 0.9082483, 1e-7);
    assert_true(isnan(sg_t_cdf(1, 0)));
}

static void test_t_quantiles_match_the_printed_table(void **state)
{
    (void)state;
    /* Two-sided 95% points t_{0.975, df} from a printed table (e.g. Fisher & Yates):
     * 12.706205 (1), 4.302653 (2), 2.570582 (5), 2.364624 (7), 2.228139 (10),
     * 2.042272 (30), 2.009575 (49); 99%: t_{0.995, 10} = 3.169273. Large df tends to z. */
    assert_near(sg_t_quantile(0.975, 1), 12.706205, 1e-6);
    assert_near(sg_t_quantile(0.975, 2), 4.302653, 1e-6);
    assert_near(sg_t_quantile(0.975, 5), 2.570582, 1e-6);
    assert_near(sg_t_quantile(0.975, 7), 2.364624, 1e-6);
    assert_near(sg_t_quantile(0.975, 10), 2.228139, 1e-6);
    assert_near(sg_t_quantile(0.975, 30), 2.042272, 1e-6);
    assert_near(sg_t_quantile(0.975, 49), 2.009575, 1e-6);
    assert_near(sg_t_quantile(0.995, 10), 3.169273, 1e-6);
    assert_near(sg_t_quantile(0.025, 10), -2.228139, 1e-6);
    assert_near(sg_t_quantile(0.975, 1e7), 1.959964, 1e-5);
    /* df = 1: the quantile is tan(pi (p - 1/2)); p = 0.9 gives tan(0.4 pi) = 3.0776835 */
    assert_near(sg_t_quantile(0.9, 1), 3.0776835, 1e-6);
    assert_true(isnan(sg_t_quantile(1, 3)) && isnan(sg_t_quantile(0.5, -1)));
}

static void test_sample_summary(void **state)
{
    (void)state;
    /* {2,4,4,4,5,5,7,9}: mean 40/8 = 5, squared deviations 9+1+1+1+0+0+4+16 = 32,
     * sd = sqrt(32/7) = 2.1380899. t interval: 2.364624 * 2.1380899 / sqrt 8 = 1.7874877,
     * so [3.2125123, 6.7874877]; normal: 1.959964 * 2.1380899 / sqrt 8 = 1.4815935. */
    const double x[] = { 2, 4, 4, 4, 5, 5, 7, 9 };
    sg_sample_stats s = sg_sample_summary(x, 8, 0.95, SG_CI_T);
    assert_int_equal(s.n, 8);
    assert_near(s.mean, 5, 1e-15);
    assert_near(s.sd, 2.1380899, 1e-7);
    assert_near(s.lo, 3.2125123, 1e-6);
    assert_near(s.hi, 6.7874877, 1e-6);
    s = sg_sample_summary(x, 8, 0.95, SG_CI_NORMAL);
    assert_near(s.hi - s.mean, 1.4815935, 1e-6);
    /* one value: a mean, nothing else; none: nothing */
    s = sg_sample_summary(x + 7, 1, 0.95, SG_CI_T);
    assert_near(s.mean, 9, 0);
    assert_true(isnan(s.sd) && isnan(s.lo) && isnan(s.hi));
    s = sg_sample_summary(x, 0, 0.95, SG_CI_T);
    assert_true(s.n == 0 && isnan(s.mean));
}

static void test_wilson(void **state)
{
    (void)state;
    double lo, hi;
    /* 7 of 10 at 95%: z = 1.959964, z^2 = 3.841459, p = 0.7;
     * centre = (0.7 + 3.841459/20) / (1 + 3.841459/10) = 0.8920729 / 1.3841459 = 0.6444934;
     * half = 1.959964 / 1.3841459 * sqrt(0.21/10 + 3.841459/400) = 1.4160097 * 0.1749390
     *      = 0.2477153; so [0.3967781, 0.8922087] (the usual tables: 0.3968, 0.8922). */
    sg_wilson_interval(7, 10, 0.95, &lo, &hi);
    assert_near(lo, 0.3967781, 1e-6);
    assert_near(hi, 0.8922087, 1e-6);
    /* 0 of 10: centre = half = 0.1920729 / 1.3841459, so [0, 2 * 0.1387664 = 0.2775328] */
    sg_wilson_interval(0, 10, 0.95, &lo, &hi);
    assert_near(lo, 0, 1e-12);
    assert_near(hi, 0.2775328, 1e-6);
    /* 10 of 10 mirrors it */
    sg_wilson_interval(10, 10, 0.95, &lo, &hi);
    assert_near(lo, 1 - 0.2775328, 1e-6);
    assert_near(hi, 1, 1e-12);
    sg_wilson_interval(0, 0, 0.95, &lo, &hi);
    assert_true(isnan(lo) && isnan(hi));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_normal),
        cmocka_unit_test(test_t_cdf_closed_forms),
        cmocka_unit_test(test_t_quantiles_match_the_printed_table),
        cmocka_unit_test(test_sample_summary),
        cmocka_unit_test(test_wilson),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
