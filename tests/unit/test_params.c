/* Typed configuration getters: values and the exact "file:line: section: ..." messages. */
#include "support.h"

#include <string.h>

#include "sumgame/params.h"

static const sg_param items[] = {
    { "depth", "12", 3 },     { "delta", "1/2", 4 },   { "time", "1.5", 5 },
    { "quick", "200ms", 6 },  { "flag", "yes", 7 },    { "mode", "plus", 8 },
    { "bad_int", "12x", 9 },  { "bad_val", "1/3", 10 }, { "bad_time", "-1", 11 },
    { "bad_bool", "maybe", 12 }, { "big", "99", 13 },
};
static const sg_params params = { "conf/x.ini", "strategy.tds", items,
                                  sizeof items / sizeof items[0] };

static void test_good_values(void **state)
{
    (void)state;
    char err[256];
    long long n;
    assert_int_equal(sg_params_int(&params, "depth", 0, 0, 100, &n, err, sizeof err), SG_OK);
    assert_int_equal(n, 12);
    assert_int_equal(sg_params_int(&params, "absent", 7, 0, 100, &n, err, sizeof err), SG_OK);
    assert_int_equal(n, 7);
    sg_value v;
    assert_int_equal(sg_params_value(&params, "delta", sg_value_int(1), &v, err, sizeof err), SG_OK);
    assert_true(sg_value_eq(v, sg_value_make(1, 1)));
    double s;
    assert_int_equal(sg_params_seconds(&params, "time", 0, &s, err, sizeof err), SG_OK);
    assert_true(s == 1.5);
    assert_int_equal(sg_params_seconds(&params, "quick", 0, &s, err, sizeof err), SG_OK);
    assert_true(s > 0.19999 && s < 0.20001);
    bool b;
    assert_int_equal(sg_params_bool(&params, "flag", false, &b, err, sizeof err), SG_OK);
    assert_true(b);
    static const char *const modes[] = { "plain", "plus", NULL };
    int m;
    assert_int_equal(sg_params_enum(&params, "mode", modes, 0, &m, err, sizeof err), SG_OK);
    assert_int_equal(m, 1);
}

static void test_errors_name_file_line_key(void **state)
{
    (void)state;
    char err[256];
    long long n;
    assert_int_equal(sg_params_int(&params, "bad_int", 0, 0, 100, &n, err, sizeof err),
                     SG_ERR_INVALID);
    assert_string_equal(err, "conf/x.ini:9: strategy.tds: bad_int = '12x' is not an integer");
    assert_int_equal(sg_params_int(&params, "big", 0, 0, 50, &n, err, sizeof err),
                     SG_ERR_INVALID);
    assert_string_equal(err, "conf/x.ini:13: strategy.tds: big = 99 is out of range [0, 50]");
    sg_value v;
    assert_int_equal(sg_params_value(&params, "bad_val", sg_value_int(0), &v, err, sizeof err),
                     SG_ERR_INVALID);
    assert_non_null(strstr(err, "conf/x.ini:10: strategy.tds: bad_val"));
    double s;
    assert_int_equal(sg_params_seconds(&params, "bad_time", 0, &s, err, sizeof err),
                     SG_ERR_INVALID);
    assert_non_null(strstr(err, "conf/x.ini:11: "));
    bool b;
    assert_int_equal(sg_params_bool(&params, "bad_bool", false, &b, err, sizeof err),
                     SG_ERR_INVALID);
    assert_non_null(strstr(err, "conf/x.ini:12: "));
    static const char *const modes[] = { "plain", "extra", NULL };
    int m;
    assert_int_equal(sg_params_enum(&params, "mode", modes, 0, &m, err, sizeof err),
                     SG_ERR_INVALID);
    assert_string_equal(err, "conf/x.ini:8: strategy.tds: mode = 'plus' is not one of: plain, extra");
}

static void test_unknown_key(void **state)
{
    (void)state;
    static const sg_param typo[] = { { "delta", "1", 11 }, { "detla", "1/2", 12 } };
    sg_params p = { "conf/x.ini", "strategy.tds", typo, 2 };
    static const char *const known[] = { "delta", "depth", NULL };
    char err[256];
    assert_int_equal(sg_params_check_known(&p, known, err, sizeof err), SG_ERR_INVALID);
    assert_string_equal(err, "conf/x.ini:12: strategy.tds: unknown key 'detla'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_values),
        cmocka_unit_test(test_errors_name_file_line_key),
        cmocka_unit_test(test_unknown_key),
    };
    return cmocka_run_group_tests_name("params", tests, NULL, NULL);
}
