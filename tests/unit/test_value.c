/* Dyadic arithmetic and printing, against hand-computed values. */
#include "support.h"

#include <string.h>

#include "host/report/decimal.h"
#include "sumgame/value.h"

static sg_value v(const char *text)
{
    sg_value x;
    char err[128];
    if (sg_value_parse(text, &x, err, sizeof err) != 0)
        fail_msg("%s", err);
    return x;
}

static void assert_prints(sg_value x, const char *want)
{
    char buf[SG_VALUE_TEXT_MAX];
    sg_value_format(x, buf, sizeof buf);
    assert_string_equal(buf, want);
}

static void test_parse_print(void **state)
{
    (void)state;
    assert_prints(v("3/4"), "3/4");
    assert_prints(v("-5/8"), "-5/8");
    assert_prints(v("2"), "2");
    assert_prints(v("0"), "0");
    assert_prints(v("-0"), "0");
    assert_prints(v("6/4"), "3/2");
    assert_prints(v("8/4"), "2");
    assert_prints(v("-12/8"), "-3/2");
    assert_prints(v("0/16"), "0");
}

static void test_parse_errors(void **state)
{
    (void)state;
    const char *bad[] = { "", "-", "3/", "3/0", "3/3", "1/6", "abc", "1.5", "1/2x", "--1",
                          "99999999999999999999999", "1/2199023255552000" };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sg_value x;
        char err[128] = "";
        assert_int_not_equal(sg_value_parse(bad[i], &x, err, sizeof err), 0);
        assert_true(strlen(err) > 0);
    }
}

static void test_arithmetic(void **state)
{
    (void)state;
    assert_prints(sg_value_add(v("1/2"), v("1/4")), "3/4");
    assert_prints(sg_value_add(v("1/2"), v("1/2")), "1");
    assert_prints(sg_value_sub(v("1/8"), v("3/4")), "-5/8");
    assert_prints(sg_value_neg(v("5/2")), "-5/2");
    assert_prints(sg_value_half(v("3")), "3/2");
    assert_prints(sg_value_half(v("-1/2")), "-1/4");
    assert_prints(sg_value_mul_int(v("3/8"), 4), "3/2");
    assert_int_equal(sg_value_cmp(v("1/2"), v("3/4")), -1);
    assert_int_equal(sg_value_cmp(v("-1/2"), v("-3/4")), 1);
    assert_int_equal(sg_value_cmp(v("4/8"), v("1/2")), 0);
    assert_true(sg_value_eq(v("4/8"), v("1/2")));
    assert_int_equal(sg_value_floor(v("-1/2")), -1);
    assert_int_equal(sg_value_ceil(v("-1/2")), 0);
    assert_int_equal(sg_value_floor(v("7/4")), 1);
    assert_int_equal(sg_value_ceil(v("7/4")), 2);
}

static void assert_simplest(const char *lo, const char *hi, const char *want)
{
    sg_value out;
    bool has_lo = lo != NULL, has_hi = hi != NULL;
    assert_int_equal(sg_value_simplest_between(has_lo, has_lo ? v(lo) : sg_value_int(0), has_hi,
                                               has_hi ? v(hi) : sg_value_int(0), &out),
                     0);
    assert_prints(out, want);
}

static void test_simplest_between(void **state)
{
    (void)state;
    /* {0|1} = 1/2, {0|} = 1, {|0} = -1, {1/2|1} = 3/4, {-1|1} = 0, {1|4} = 2 */
    assert_simplest("0", "1", "1/2");
    assert_simplest("0", NULL, "1");
    assert_simplest(NULL, "0", "-1");
    assert_simplest(NULL, NULL, "0");
    assert_simplest("1/2", "1", "3/4");
    assert_simplest("-1", "1", "0");
    assert_simplest("1", "4", "2");
    assert_simplest("-4", "-1", "-2");
    assert_simplest("5/8", "3/4", "11/16");
    assert_simplest("-3/4", "-5/8", "-11/16");
    assert_simplest("2", NULL, "3");
    assert_simplest(NULL, "-1/2", "-1");
    assert_simplest(NULL, "1/2", "0");
    assert_simplest("-7/2", "-3", "-13/4");
    sg_value out;
    assert_int_not_equal(sg_value_simplest_between(true, v("1"), true, v("1"), &out), 0);
    assert_int_not_equal(sg_value_simplest_between(true, v("2"), true, v("1"), &out), 0);
}

/* Fixed-point statistics never print a negative zero, and otherwise print what %.Nf
 * prints. */
static void test_decimal_has_no_negative_zero(void **state)
{
    (void)state;
    char buf[32];
    assert_string_equal(sg_decimal_format(-0.001, 2, buf, sizeof buf), "0.00");
    assert_string_equal(sg_decimal_format(-0.0, 2, buf, sizeof buf), "0.00");
    assert_string_equal(sg_decimal_format(-1e-17, 2, buf, sizeof buf), "0.00");
    assert_string_equal(sg_decimal_format(-0.004999, 2, buf, sizeof buf), "0.00");
    assert_string_equal(sg_decimal_format(-0.4, 0, buf, sizeof buf), "0");
    assert_string_equal(sg_decimal_format(-0.005001, 2, buf, sizeof buf), "-0.01");
    assert_string_equal(sg_decimal_format(-0.65, 1, buf, sizeof buf), "-0.7");
    assert_string_equal(sg_decimal_format(-160.675, 3, buf, sizeof buf), "-160.675");
    assert_string_equal(sg_decimal_format(2.5, 2, buf, sizeof buf), "2.50");
    assert_string_equal(sg_decimal_format(-10.0, 2, buf, sizeof buf), "-10.00");
    assert_string_equal(sg_decimal_format(1.0 / 0.0, 2, buf, sizeof buf), "inf");
    assert_string_equal(sg_decimal_format(-123.0, 2, buf, 4), ""); /* does not fit */
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_parse_print),
        cmocka_unit_test(test_parse_errors),
        cmocka_unit_test(test_arithmetic),
        cmocka_unit_test(test_simplest_between),
        cmocka_unit_test(test_decimal_has_no_negative_zero),
    };
    return cmocka_run_group_tests_name("value", tests, NULL, NULL);
}
