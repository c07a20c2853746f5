/* sumgame experiment: INI errors as one "file:line: ..." line with a non-zero exit, bad
 * command-line overrides, and one small exact result: exact TDS agrees with the database
 * on all 132 four-point rooms (the TDS paper's Experiment 1, whose truth is the exact
 * thermograph database conf/data/amazons-rooms-4.txt). Run from the repository root. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void expect_ini_error(const char *text, const char *needle_after_path)
{
    char *path = support_temp_file(".ini", text);
    char args[4200], needle[4300];
    snprintf(args, sizeof args, "experiment '%s'", path);
    snprintf(needle, sizeof needle, "%s%s", path, needle_after_path);
    support_run r = support_host(args, NULL);
    support_assert_error(&r, needle);
    assert_string_equal(r.out, "");
    support_run_free(&r);
    remove(path);
    free(path);
}

static void test_ini_errors(void **state)
{
    (void)state;
    expect_ini_error("[experiment]\nkind = agree\nsizez = 4\n",
                     ":3: experiment: unknown key 'sizez'");
    expect_ini_error("; a comment\n[experiment]\nkind = agreed\n", ":3: experiment: kind");
    expect_ini_error("[experiment]\nkind = errors\n\ndeltas = 1, 3/4\n",
                     ":4: experiment: deltas = 1, 3/4: expected a list of 1, 1/2, 1/4");
    expect_ini_error("[experiment]\nkind = agree\nsizes = 4, 17\n",
                     ":3: experiment: sizes = 4, 17: expected room sizes from 2 to 16");
    expect_ini_error("[experiment]\nkind = agree\ndepths = 1-3\n",
                     ":3: experiment: depths = 1-3: only kind = depth");
    expect_ini_error("[experiment]\nsizes = 4\n", ":1: experiment: missing key 'kind'");
    /* the host assumes no game and no data */
    expect_ini_error("[experiment]\nkind = agree\n", ":1: experiment: missing key 'game'");
    expect_ini_error("[experiment]\nkind = agree\ngame = amazons\n",
                     ":1: experiment: missing key 'data'");
    expect_ini_error("[experiment]\nkind = errors\ngrid = yes\n", ":3: experiment: grid");
    expect_ini_error("[experiment]\nkind = agree\n[match]\nleft = x\n",
                     ":3: unknown section [match]");
}

static void test_missing_data_file(void **state)
{
    (void)state;
    char *path = support_temp_file(".ini", "[experiment]\nkind = agree\ngame = amazons\n"
                                           "sizes = 5\ndata = /nonexistent/rooms-{n}.txt\n");
    char args[4200];
    snprintf(args, sizeof args, "experiment '%s'", path);
    support_run r = support_host(args, NULL);
    support_assert_error(&r, "/nonexistent/rooms-5.txt: cannot open");
    support_run_free(&r);
    remove(path);
    free(path);
}

static void test_bad_arguments(void **state)
{
    (void)state;
    support_run r = support_host("experiment", NULL);
    support_assert_error(&r, "experiment: missing FILE.ini");
    support_run_free(&r);
    r = support_host("experiment conf/experiments/tds-exp1.ini --sizes 4,x", NULL);
    support_assert_error(&r, "experiment: --sizes '4,x'");
    support_run_free(&r);
    r = support_host("experiment conf/experiments/tds-exp1.ini --depths 3", NULL);
    support_assert_error(&r, "experiment: --depths: only kind = depth");
    support_run_free(&r);
    r = support_host("experiment /nonexistent.ini", NULL);
    support_assert_error(&r, "/nonexistent.ini: cannot open");
    support_run_free(&r);
    r = support_host("experiment --help", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "usage: sumgame experiment FILE.ini"));
    support_run_free(&r);
}

/* Experiment 1 on the 132 four-point rooms at the paper's delta 1/4 and at 1/16: all
 * agree (the database holds 60 rooms of integer value among them, the hard case). */
static void test_exp1_size_4(void **state)
{
    (void)state;
    support_run r =
        support_host("experiment conf/experiments/tds-exp1.ini --sizes 4 --json", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "{\"size\":4,\"delta\":\"1/4\",\"tmax\":\"5/4\",\"depth\":0,"
                                  "\"rooms\":132,\"agree\":132,\"errors\":0,\"exact\":132,"));
    assert_non_null(strstr(r.out, "{\"size\":4,\"delta\":\"1/16\",\"tmax\":\"17/16\","
                                  "\"depth\":0,\"rooms\":132,\"agree\":132,\"errors\":0,"));
    support_run_free(&r);
    r = support_host("experiment conf/experiments/tds-exp1.ini --sizes 4 --deltas paper", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "| 4 | 132 | 1/4 | 5/4 | 132 | 0 | 0 |"));
    support_run_free(&r);
}

/* Experiment 2 at size 4: delta = 1/4 is the paper's and exact (Table 1's bold 0 / 0). */
static void test_exp2_size_4_exact_delta(void **state)
{
    (void)state;
    support_run r = support_host(
        "experiment conf/experiments/tds-exp2.ini --sizes 4 --deltas 1/4 --json", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"rooms\":132,\"agree\":132,\"errors\":0,\"exact\":132,"
                                  "\"avg_error_t\":0.000000,\"avg_error_mean\":0.000000,"
                                  "\"max_error_t\":\"0\",\"max_error_mean\":\"0\""));
    support_run_free(&r);
}

/* Experiment 2 at size 5 and the paper's delta 1/8, averaged: with the paper's grid
 * (every temperature a multiple of 1/4, tds-exp2.ini) the bold 0 / 0 of Tables 1 and 2;
 * without it, the 8 rooms whose lowering passes t(G) by one coupon for one player are
 * delta/2 = 1/16 off (tests/unit/test_tds_average.c has the rooms). */
static void test_exp2_size_5_exact_delta(void **state)
{
    (void)state;
    support_run r = support_host(
        "experiment conf/experiments/tds-exp2.ini --sizes 5 --deltas 1/8 --json", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"grid\":\"paper\""));
    assert_non_null(strstr(r.out, "\"rooms\":690,\"agree\":690,\"errors\":0,\"exact\":690,"
                                  "\"avg_error_t\":0.000000,\"avg_error_mean\":0.000000,"
                                  "\"max_error_t\":\"0\",\"max_error_mean\":\"0\""));
    support_run_free(&r);
    char *path = support_temp_file(".ini", "[experiment]\nkind = errors\ngame = amazons\n"
                                           "combine = average\ngrid = none\n"
                                           "data = conf/data/amazons-rooms-{n}.txt\n");
    char args[4200];
    snprintf(args, sizeof args, "experiment '%s' --sizes 5 --deltas 1/8 --json", path);
    r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"rooms\":690,\"agree\":682,"));
    assert_non_null(strstr(r.out, "\"max_error_t\":\"1/16\",\"max_error_mean\":\"0\""));
    support_run_free(&r);
    remove(path);
    free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_ini_errors),
        cmocka_unit_test(test_missing_data_file),
        cmocka_unit_test(test_bad_arguments),
        cmocka_unit_test(test_exp1_size_4),
        cmocka_unit_test(test_exp2_size_4_exact_delta),
        cmocka_unit_test(test_exp2_size_5_exact_delta),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
