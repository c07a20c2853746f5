/* sumgame experiment: INI errors as one "file:line: ..." line with a non-zero exit, bad
 * command-line overrides, and one small exact result: exact TDS agrees with the database
 * on all 132 four-point rooms (the TDS paper's Experiment 1, whose truth is the exact
 * thermograph database conf/data/amazons-rooms-4.txt). Run from the repository root. */
#include "support.h"

#include <stdbool.h>
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

/* The rows of the registry of kinds (framework/host/experiments/exp_kinds.h), in order: the names of
 * its ROW("name", ...) lines. */
#define KINDS_MAX 64
static size_t registry_kinds(char names[][32])
{
    char *text = support_read_file("framework/host/experiments/exp_kinds.h");
    const char *p = strstr(text, "#define EXPERIMENT_KINDS(ROW)");
    assert_non_null(p);
    size_t n = 0;
    while ((p = strstr(p, "ROW(\"")) && n < KINDS_MAX) {
        p += strlen("ROW(\"");
        snprintf(names[n++], 32, "%.*s", (int)strcspn(p, "\""), p);
    }
    free(text);
    return n;
}

/* names[0..n) joined by sep, the last two by last. */
static void join(char *buf, size_t cap, char names[][32], size_t n, const char *sep,
                 const char *last)
{
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++)
        snprintf(buf + strlen(buf), cap - strlen(buf), "%s%s",
                 i == 0 ? "" : i + 1 == n ? last : sep, names[i]);
}

/* Every message about kinds, the usage line and --help are made from the registry: an
 * unknown or missing kind names every registered kind, in the registry's order, and the
 * synopses list every kind, in order. */
static void test_kinds_from_registry(void **state)
{
    (void)state;
    char names[KINDS_MAX][32];
    size_t n = registry_kinds(names);
    assert_true(n >= 8);
    static const char *const known[] = { "agree", "errors", "depth", "solve-time", "ordering",
                                         "loss", "tradeoff", "coverage", NULL };
    for (const char *const *k = known; *k; k++) {
        bool found = false;
        for (size_t i = 0; i < n; i++)
            found = found || strcmp(names[i], *k) == 0;
        if (!found)
            fail_msg("kind %s is not a row of the registry", *k);
    }
    char list[1024], needle[1200];
    join(list, sizeof list, names, n, ", ", ", ");
    snprintf(needle, sizeof needle, ":3: experiment: kind = 'agreed' is not one of: %s\n", list);
    expect_ini_error("; a comment\n[experiment]\nkind = agreed\n", needle);
    /* before any option of a kind the file does not name */
    char *path = support_temp_file(".ini", "[experiment]\nkind = los\nstrategies = a\n");
    char args[4200];
    snprintf(args, sizeof args, "experiment '%s' --jobs 2", path);
    support_run r = support_host(args, NULL);
    snprintf(needle, sizeof needle, "%s:2: experiment: kind = 'los' is not one of: %s\n", path,
             list);
    support_assert_error(&r, needle);
    support_run_free(&r);
    remove(path);
    free(path);
    join(list, sizeof list, names, n, ", ", " or ");
    snprintf(needle, sizeof needle, ":1: experiment: missing key 'kind' (%s)\n", list);
    expect_ini_error("[experiment]\nsizes = 4\n", needle);
    join(list, sizeof list, names, n, "|", "|");
    snprintf(needle, sizeof needle, ": missing section [experiment] (kind = %s)\n", list);
    expect_ini_error("", needle);

    /* The synopsis, which ends the usage error of a missing file, names every kind in the
     * registry's order; `experiment --help` gives each group of kinds its block of
     * options, in the same order. */
    support_run none = support_host("experiment", NULL);
    const char *prefix = "sumgame: experiment: missing FILE.ini (usage: sumgame experiment ";
    assert_int_equal(none.status, 2);
    assert_int_equal(strncmp(none.err, prefix, strlen(prefix)), 0);
    support_run help = support_host("experiment --help", NULL);
    assert_int_equal(help.status, 0);
    support_assert_contains(help.out, "usage: sumgame experiment FILE.ini");
    const char *texts[] = { none.err, help.out };
    for (size_t t = 0; t < 2; t++) {
        const char *at = texts[t];
        for (size_t i = 0; i < n; i++) {
            /* each name stands alone: after "= " or "|", before "|" or ":" */
            const char *hit = at;
            size_t nl = strlen(names[i]);
            while ((hit = strstr(hit, names[i])) &&
                   !((hit[-1] == ' ' || hit[-1] == '|') && (hit[nl] == '|' || hit[nl] == ':')))
                hit++;
            if (!hit)
                fail_msg("kind %s is not in the %s after %s: %s", names[i],
                         t ? "help" : "synopsis", i ? names[i - 1] : "its start", texts[t]);
            at = hit + nl;
        }
    }
    support_run all = support_host("--help", NULL);
    support_assert_contains(all.out, "\n  experiment ");
    support_run_free(&help);
    support_run_free(&all);
    support_run_free(&none);
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
        cmocka_unit_test(test_kinds_from_registry),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
