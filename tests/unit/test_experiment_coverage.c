/* sumgame experiment, kind = coverage (the TDS+ lecture's coverage and error runs): every
 * complete search at delta = 2^-e answers the database's mean and temperature, a database
 * value the search does not reproduce is reported as finished but wrong, the stratified
 * sample, --out/--resume, the heuristic error table and plot, and configuration errors. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Positions of 2 to 4 empty squares with their database values, copied from
 * conf/data/amazons-4x4-test-set.txt (the exhaustive 4x4 database). */
static const char test_set[] = "# position mean temperature\n"
                               "BxW./xxxx/xxxx/x.xx -1 -1\n"
                               "BxxW/x..x/xxxx/xxxx 0 1\n"
                               "BWx./x.xx/xxxx/xxx. 0 0\n"
                               "BWxx/xxxx/..xx/xx.x 0 -1\n"
                               "BxW./xxxx/xxxx/x... -1 -1\n"
                               "B.xx/xxW./xxx./xx.x -3 0\n";

static const struct {
    const char *position, *mean, *temperature, *delta;
} db[] = {
    { "BxW./xxxx/xxxx/x.xx", "-1", "-1", "1/4" }, { "BxxW/x..x/xxxx/xxxx", "0", "1", "1/4" },
    { "BWx./x.xx/xxxx/xxx.", "0", "0", "1/8" },   { "BWxx/xxxx/..xx/xx.x", "0", "-1", "1/8" },
    { "BxW./xxxx/xxxx/x...", "-1", "-1", "1/16" }, { "B.xx/xxW./xxx./xx.x", "-3", "0", "1/16" },
};

static size_t count(const char *text, const char *needle)
{
    size_t n = 0;
    for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle))
        n++;
    return n;
}

static support_run run_ok(const char *args)
{
    support_run r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("sumgame %s: exit %d: %s", args, r.status, r.err);
    return r;
}

/* An experiment file over the test set at set_path. */
static char *config(const char *set_path, const char *experiment_keys, const char *variants)
{
    char text[4096];
    snprintf(text, sizeof text,
             "[experiment]\nkind = coverage\ngame = amazons\ntest_set = %s\n%s\n"
             "[variant.none]\nlabel = TDS\nmethod = tds\n"
             "[variant.plus]\nlabel = TDS+\nmethod = tdsplus\n"
             "[variant.plus1]\nlabel = TDS+ 1\nmethod = tdsplus\ndelta = 1\n"
             "[variant.some]\nlabel = TDS_13\nmethod = tds\nenhancements = 1,3\n%s",
             set_path, experiment_keys, variants);
    return support_temp_file(".ini", text);
}

static void complete_searches_match_the_database(void **state)
{
    (void)state;
    char *set = support_temp_file(".txt", test_set);
    char *ini = config(set, "limits = 30, 60\nvariants = none, plus, some, plus1\n", "");
    char *out = support_temp_file(".jsonl", "");
    char args[1024];
    snprintf(args, sizeof args, "experiment %s --out %s", ini, out);
    support_run r = run_ok(args);
    /* Every position of 2 to 4 empty squares is solved within seconds by every variant. */
    support_assert_contains(r.out, "| TDS | 2^-e | 6 | 6 | 0 | 0 |");
    support_assert_contains(r.out, "| TDS+ | 2^-e | 6 | 6 | 0 | 0 |");
    support_assert_contains(r.out, "| TDS_13 | 2^-e | 6 | 6 | 0 | 0 |");
    support_assert_contains(r.out, "| TDS+ 1 | 1 | 6 | 6 | 0 | 0 |");
    char *records = support_read_file(out);
    assert_int_equal(count(records, "\n"), 24);
    assert_int_equal(count(records, "\"variant\":\"plus\""), 6);
    assert_int_equal(count(records, "\"conjecture_violations\":0,"), 24);
    /* Each exact-delta record: delta = 2^-e and the database's values. */
    size_t checked = 0;
    for (char *line = records; *line;) {
        char *end = strchr(line, '\n');
        *end = '\0';
        char variant[32], position[32], mean[32], temperature[32], delta[32];
        support_json_string(line, "variant", variant, sizeof variant);
        support_json_string(line, "position", position, sizeof position);
        support_json_string(line, "mean", mean, sizeof mean);
        support_json_string(line, "temperature", temperature, sizeof temperature);
        support_json_string(line, "delta", delta, sizeof delta);
        support_assert_contains(line, "\"finished\":true");
        size_t i = 0;
        while (i < sizeof db / sizeof db[0] && strcmp(db[i].position, position) != 0)
            i++;
        assert_true(i < sizeof db / sizeof db[0]);
        if (strcmp(variant, "plus1") != 0) {
            assert_string_equal(delta, db[i].delta);
            assert_string_equal(mean, db[i].mean);
            assert_string_equal(temperature, db[i].temperature);
            support_assert_contains(line, "\"correct\":true");
            checked++;
        } else {
            assert_string_equal(delta, "1");
        }
        line = end + 1;
    }
    assert_int_equal(checked, 18);
    free(records);
    support_run_free(&r);
    remove(set);
    remove(ini);
    remove(out);
    free(set);
    free(ini);
    free(out);
}

static void a_wrong_database_value_is_reported(void **state)
{
    (void)state;
    /* BxxW/x..x/xxxx/xxxx is 0 with temperature 1 (a switch +-1): the search finishes and
     * disagrees with this false entry. */
    char *set = support_temp_file(".txt", "BxxW/x..x/xxxx/xxxx 0 2\nBxW./xxxx/xxxx/x.xx -1 -1\n");
    char *ini = config(set, "limits = 30\nvariants = plus\n", "");
    char args[1024];
    snprintf(args, sizeof args, "experiment %s --json", ini);
    support_run r = run_ok(args);
    support_assert_contains(r.out, "\"covered\":1,\"finished_wrong\":1,\"failed_otherwise\":0,"
                           "\"error_t\":0.500000,\"error_mu\":0.000000");
    support_run_free(&r);
    remove(set);
    remove(ini);
    free(set);
    free(ini);
}

static void sample_and_resume(void **state)
{
    (void)state;
    char *set = support_temp_file(".txt", test_set);
    char *ini = config(set, "limits = 30\nsample = 1\nseed = 7\nempties = 2-3\nvariants = plus\n",
                       "");
    char *out = support_temp_file(".jsonl", "");
    char args[1024];
    snprintf(args, sizeof args, "experiment %s --out %s", ini, out);
    support_run first = run_ok(args);
    /* One position of each chosen class. */
    char *records = support_read_file(out);
    assert_int_equal(count(records, "\n"), 2);
    assert_int_equal(count(records, "\"empties\":2,"), 1);
    assert_int_equal(count(records, "\"empties\":3,"), 1);
    support_assert_contains(first.out, "2 positions (1 per number of empty squares, seed 7)");
    /* Resumed: nothing is searched again and the table is the same. */
    snprintf(args, sizeof args, "experiment %s --out %s --resume", ini, out);
    support_run again = run_ok(args);
    assert_string_equal(again.err, "");
    support_assert_contains(again.out, "records read back from the --out file: 2");
    const char *row = strstr(first.out, "| TDS+ |");
    assert_non_null(row);
    char line[256];
    snprintf(line, sizeof line, "%.*s", (int)strcspn(row, "\n"), row);
    /* The seconds column is the sum of the records' times, printed the same way. */
    support_assert_contains(again.out, line);
    char *records2 = support_read_file(out);
    assert_string_equal(records, records2);
    free(records);
    free(records2);
    support_run_free(&first);
    support_run_free(&again);
    remove(set);
    remove(ini);
    remove(out);
    free(set);
    free(ini);
    free(out);
}

static void heuristic_errors_and_plot(void **state)
{
    (void)state;
    char *set = support_temp_file(".txt", test_set);
    char *ini = config(set, "limits = 0.05, 0.1\nvariants = heur\n",
                       "[variant.heur]\nmethod = tdsplus\ndelta = 1/2\nsearch = heuristic\n");
    char *out = support_temp_file(".jsonl", "");
    char *svg = support_temp_file(".svg", "");
    char args[1024];
    snprintf(args, sizeof args, "experiment %s --out %s --svg %s", ini, out, svg);
    support_run r = run_ok(args);
    support_assert_contains(r.out, "| TDS_12345789_10_11 | 1/2 | 0.05s | 6 |");
    support_assert_contains(r.out, "| TDS_12345789_10_11 | 1/2 | 0.1s | 6 |");
    char *records = support_read_file(out);
    assert_int_equal(count(records, "\"limit\":0.05,"), 6);
    assert_int_equal(count(records, "\"limit\":0.1,"), 6);
    assert_int_equal(count(records, "\"search\":\"heuristic\""), 12);
    char *picture = support_read_file(svg);
    support_assert_contains(picture, "<svg");
    support_assert_contains(picture, "TDS_12345789_10_11, temperature");
    support_assert_contains(picture, "TDS_12345789_10_11, mean");
    free(picture);
    free(records);
    support_run_free(&r);
    remove(set);
    remove(ini);
    remove(out);
    remove(svg);
    free(set);
    free(ini);
    free(out);
    free(svg);
}

static void expect_error(const char *set, const char *keys, const char *variants,
                         const char *extra_args, const char *needle)
{
    char *ini = config(set, keys, variants);
    char args[1024];
    snprintf(args, sizeof args, "experiment %s %s", ini, extra_args);
    support_run r = support_host(args, NULL);
    char full[1200];
    /* Messages about the file name it and the line. */
    if (strchr(needle, '@'))
        snprintf(full, sizeof full, "%s%s", ini, strchr(needle, '@') + 1);
    else
        snprintf(full, sizeof full, "%s", needle);
    support_assert_error(&r, full);
    support_run_free(&r);
    remove(ini);
    free(ini);
}

static void configuration_errors(void **state)
{
    (void)state;
    char *set = support_temp_file(".txt", test_set);
    /* Line 5 holds the first experiment key after kind, game and test_set. */
    expect_error(set, "limits = 1\nvariants = plus\ndetla = 1\n", "", "",
                 "unknown key 'detla'");
    expect_error(set, "limits = 2, 1\nvariants = plus\n", "", "",
                 "@:5: experiment: limits = 2, 1: expected increasing seconds");
    expect_error(set, "limits = 1\nvariants = plus, zz\n", "", "",
                 "no section [variant.zz]");
    expect_error(set, "limits = 1\nvariants = bad\n", "[variant.bad]\nmethod = tds\ndelta = 0\n",
                 "", "delta = 0: expected exact or a value above 0");
    expect_error(set, "limits = 1\nvariants = bad\n",
                 "[variant.bad]\nmethod = tds\nenhancements = 1,0\n", "", "enhancements = 1,0");
    expect_error(set, "limits = 1\nvariants = bad\n", "[variant.bad]\nmethod = mcts\n", "",
                 "method");
    expect_error(set, "limits = 1\nvariants = plus\n", "[other]\n", "", "unknown section [other]");
    expect_error(set, "variants = plus\n", "", "", "missing key 'limits'");
    expect_error(set, "limits = 1\nvariants = plus\n", "", "--resume", "--resume needs --out");
    expect_error(set, "limits = 1\nvariants = plus\n", "", "--sample x", "--sample 'x'");
    expect_error(set, "limits = 1\nvariants = plus\nempties = 9\n", "", "",
                 "no position with the chosen numbers of empty squares");
    expect_error(set, "limits = 1\nvariants = plus\n", "", "--empties 3-99", "--empties '3-99'");
    remove(set);
    free(set);
    char *bad = support_temp_file(".txt", "BxW./xxxx/xxxx/x.xx -1\n");
    expect_error(bad, "limits = 1\nvariants = plus\n", "", "", ":1: expected POSITION MEAN");
    remove(bad);
    free(bad);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(complete_searches_match_the_database),
        cmocka_unit_test(a_wrong_database_value_is_reported),
        cmocka_unit_test(sample_and_resume),
        cmocka_unit_test(heuristic_errors_and_plot),
        cmocka_unit_test(configuration_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
