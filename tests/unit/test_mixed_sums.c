/* One sum of amazons, rcg and go components through analyze, solve and match. Every
 * expected value comes from CGT by hand, not from the engine:
 *   rcg {3|-1}                          = 1 + ±2: mean 1, temperature 2, stops 3, -1;
 *   amazons B..W (1x4 line)             = ±1: Black's best is to leave itself one move
 *                                         and White none (a1-c1xa1 or a1-b1xc1), and
 *                                         symmetrically for White; mean 0, temperature 1
 *                                         (conf/data/amazons-rooms-4.txt: "B..W 0 1");
 *   amazons xB.W/.xxx                   = {0|1} = 1/2 (Black's only useful move leaves
 *                                         nothing, White's leaves Black one move; the
 *                                         database: "xB.W/.xxx 1/2 -1/2");
 *   go X.XXO.O/XXXXOOO/X.XXO.O          = 3: a finished region, Black 10 stones + 2 eyes
 *                                         against White 7 + 2 (tests/unit/test_go.c).
 * The sum is 9/2 + ±2 + ±1 = {{15/2|11/2}|{7/2|3/2}}: mean 9/2, temperature 2 (the
 * temperature of ±2 + ±1), Left stop 9/2 + 1 = 11/2, Right stop 9/2 - 1 = 7/2.
 *
 * With domineering's empty 2x2 board (±1, Winning Ways; tests/unit/test_domineering.c)
 * added, the sum is 9/2 + ±2 + ±1 + ±1 = 9/2 + ±2 = {13/2|5/2}, since ±1 + ±1 = 0: the
 * two switches cancel, so the mean and temperature stay and the stops widen to 13/2 and
 * 5/2. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define MIXED "rcg:{3|-1} + amazons:B..W + amazons:xB.W/.xxx + go:X.XXO.O/XXXXOOO/X.XXO.O"
#define WITH_DOMINEERING MIXED " + domineering:../.."

static support_run ok(const char *args)
{
    support_run r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("'%s' failed (%d): %s", args, r.status, r.err);
    assert_string_equal(r.err, "");
    return r;
}

static void test_analyze_mixed_sum(void **state)
{
    (void)state;
    support_run r = ok("analyze '" MIXED "' --canonical --json");
    /* the whole sum */
    support_assert_contains(r.out, "{\"method\":\"exact\",\"position\":\"" MIXED "\",");
    support_assert_contains(r.out, "\"mean\":\"9/2\",\"temperature\":\"2\",\"pseudo_left\":\"2\","
                                   "\"pseudo_right\":\"2\",\"left_stop\":\"11/2\","
                                   "\"right_stop\":\"7/2\",\"exact\":true,\"ko\":false,");
    support_assert_contains(r.out, "\"canonical\":\"{{15/2|11/2}|{7/2|3/2}}\"");
    /* the hottest component is rcg's (row 1), where both best moves are */
    support_assert_contains(r.out, "\"best_left\":\"1:L1\",\"best_right\":\"1:R1\"");
    /* the rows */
    support_assert_contains(r.out, "{\"component\":1,\"game\":\"rcg\",\"position\":\"{3|-1}\","
                                   "\"parsed\":\"3|-1\",\"mean\":\"1\",\"temperature\":\"2\","
                                   "\"left_stop\":\"3\",\"right_stop\":\"-1\",\"exact\":true,");
    support_assert_contains(r.out, "{\"component\":2,\"game\":\"amazons\",\"position\":\"B..W\","
                                   "\"parsed\":\"B..W\",\"mean\":\"0\",\"temperature\":\"1\","
                                   "\"left_stop\":\"1\",\"right_stop\":\"-1\",");
    support_assert_contains(r.out, "{\"component\":3,\"game\":\"amazons\",\"position\":"
                                   "\"xB.W/.xxx\",\"parsed\":\"xB.W/.xxx\",\"mean\":\"1/2\","
                                   "\"temperature\":\"-1/2\",\"left_stop\":\"1/2\","
                                   "\"right_stop\":\"1/2\",");
    support_assert_contains(r.out, "{\"component\":4,\"game\":\"go\",\"position\":"
                                   "\"X.XXO.O/XXXXOOO/X.XXO.O\",\"parsed\":"
                                   "\"X.XXO.O/XXXXOOO/X.XXO.O\",\"mean\":\"3\","
                                   "\"temperature\":\"-1\",\"left_stop\":\"3\","
                                   "\"right_stop\":\"3\",\"exact\":true,\"best_left\":null,"
                                   "\"best_right\":null}");
    support_run_free(&r);

    /* the human table: a row per component, with its game and position */
    r = ok("analyze '" MIXED "'");
    support_assert_contains(r.out, "Left stop:                11/2\n");
    support_assert_contains(r.out, "Right stop:               7/2\n");
    support_assert_contains(r.out, "\n1    rcg      3|-1 ");
    support_assert_contains(r.out, "\n3    amazons  xB.W/.xxx ");
    support_assert_contains(r.out, "\n4    go       X.XXO.O/XXXXOOO/X.XXO.O  3  ");
    support_run_free(&r);

    /* only exact analysis values a whole sum */
    r = support_host("analyze '" MIXED "' --method tds", NULL);
    support_assert_error(&r, "analyze: a sum is analysed by --method exact only, not tds");
    support_run_free(&r);
    r = support_host("analyze 'rcg:{3|-1} + chess:e4'", NULL);
    support_assert_error(&r, "analyze: component 2: ");
    support_run_free(&r);
}

static void test_solve_mixed_sum(void **state)
{
    (void)state;
    support_run r = ok("solve '" MIXED "' --json");
    /* the input as given and as parsed (the finished Go region frozen at 3) */
    support_assert_contains(r.out, ",\"sum\":\"" MIXED "\",\"parsed\":\"rcg:3|-1 + "
                                   "amazons:B..W + amazons:xB.W/.xxx + 3\"}\n");
    support_assert_contains(r.out, "\"left_first\":\"11/2\",\"left_first_winner\":\"left\"");
    support_assert_contains(r.out, "\"right_first\":\"7/2\",\"right_first_winner\":\"left\"");
    support_run_free(&r);
    r = ok("solve '" MIXED "' --method summation --json");
    support_assert_contains(r.out, "\"left_first\":\"11/2\"");
    support_assert_contains(r.out, "\"right_first\":\"7/2\"");
    support_run_free(&r);
}

/* Perfect players on both sides, real play: on a sum without non-integer numbers the
 * final score is the stop. Left first: Left takes rcg's 3, Right answers with the Amazons
 * -1, and the Go region counts 3: 5 = 2 + 3. Right first: -1 + 1 + 3 = 3. */
static void test_match_mixed_sum(void **state)
{
    (void)state;
    char *ini = support_temp_file(
        ".ini", "[match]\nleft = a\nright = b\ngames = 2\nfirst = alternate\noptimal = yes\n"
                "[sum]\nsum.1 = rcg:{3|-1} + amazons:B..W + go:X.XXO.O/XXXXOOO/X.XXO.O\n"
                "sum.2 = go:X.XXO.O/XXXXOOO/X.XXO.O + amazons:B..W + rcg:{3|-1}\n"
                "[strategy.a]\nplugin = solver\n[strategy.b]\nplugin = solver\n");
    char *out = support_temp_file(".jsonl", "");
    match_run_opts opts = { .jobs = 1, .out = out };
    match_result r; /* in-process */
    support_match_ok(ini, NULL, &opts, &r);
    char *lines = support_read_file(out);
    size_t games = 0, fives = 0, threes = 0;
    for (char *l = lines; (l = strstr(l, "\"game\":")); l++)
        games++;
    for (char *l = lines; (l = strstr(l, "\"final_score\":\"5\",")); l++)
        fives++;
    for (char *l = lines; (l = strstr(l, "\"final_score\":\"3\",")); l++)
        threes++;
    assert_int_equal(games, 4);
    assert_int_equal(fives, 2);  /* position 0: Left first */
    assert_int_equal(threes, 2); /* position 1: Right first */
    assert_null(strstr(lines, "\"forfeit\":\""));
    /* the summary's "loss of a against optimal play: 0 as first player (2 games), 0 as
     * second player (2 games)" */
    char l0[64], l1[64];
    sg_value_format(r.tally.loss[0], l0, sizeof l0);
    sg_value_format(r.tally.loss[1], l1, sizeof l1);
    assert_string_equal(l0, "0");
    assert_string_equal(l1, "0");
    assert_int_equal(r.tally.loss_games[0], 2);
    assert_int_equal(r.tally.loss_games[1], 2);
    free(lines);
    match_result_free(&r);
    unlink(ini);
    unlink(out);
    free(ini);
    free(out);
}

/* Four games in one sum, through analyze, solve and match. */
static void test_domineering_joins(void **state)
{
    (void)state;
    support_run r = ok("analyze '" WITH_DOMINEERING "' --canonical --json");
    support_assert_contains(r.out, "\"mean\":\"9/2\",\"temperature\":\"2\",");
    support_assert_contains(r.out, "\"left_stop\":\"13/2\",\"right_stop\":\"5/2\",");
    support_assert_contains(r.out, "\"canonical\":\"{13/2|5/2}\"");
    support_assert_contains(r.out, "{\"component\":5,\"game\":\"domineering\",\"position\":"
                                   "\"../..\",\"parsed\":\"../..\",\"mean\":\"0\","
                                   "\"temperature\":\"1\",\"left_stop\":\"1\","
                                   "\"right_stop\":\"-1\",");
    support_run_free(&r);
    for (int m = 0; m < 2; m++) {
        r = ok(m ? "solve '" WITH_DOMINEERING "' --method summation --json"
                 : "solve '" WITH_DOMINEERING "' --json");
        support_assert_contains(r.out, "\"left_first\":\"13/2\"");
        support_assert_contains(r.out, "\"right_first\":\"5/2\"");
        support_run_free(&r);
    }
    /* Solver against solver with optimal play checked move by move: rcg {3|-1} + amazons
     * B..W + domineering ../.. + the Go region 3 is 4 + ±2 + ±1 + ±1 = 4 + ±2, so 6 with
     * Left first (position 0, both games of its pair) and 2 with Right first (position
     * 1), and no loss. */
    char *ini = support_temp_file(
        ".ini", "[match]\nleft = a\nright = b\ngames = 2\nfirst = alternate\noptimal = yes\n"
                "[sum]\nsum.1 = rcg:{3|-1} + amazons:B..W + domineering:../.. + "
                "go:X.XXO.O/XXXXOOO/X.XXO.O\n"
                "sum.2 = domineering:../.. + go:X.XXO.O/XXXXOOO/X.XXO.O + rcg:{3|-1} + "
                "amazons:B..W\n"
                "[strategy.a]\nplugin = solver\n[strategy.b]\nplugin = solver\n");
    char *out = support_temp_file(".jsonl", "");
    match_run_opts opts = { .jobs = 1, .out = out };
    match_result m; /* in-process */
    support_match_ok(ini, NULL, &opts, &m);
    char *lines = support_read_file(out);
    size_t six = 0, two = 0;
    for (char *l = lines; (l = strstr(l, "\"final_score\":\"6\",")); l++)
        six++;
    for (char *l = lines; (l = strstr(l, "\"final_score\":\"2\",")); l++)
        two++;
    assert_int_equal(six, 2);
    assert_int_equal(two, 2);
    assert_null(strstr(lines, "\"forfeit\":\""));
    /* the summary's "loss of a against optimal play: 0 as first player" */
    char l0[64];
    sg_value_format(m.tally.loss[0], l0, sizeof l0);
    assert_string_equal(l0, "0");
    free(lines);
    match_result_free(&m);
    unlink(ini);
    unlink(out);
    free(ini);
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_analyze_mixed_sum),
        cmocka_unit_test(test_solve_mixed_sum),
        cmocka_unit_test(test_match_mixed_sum),
        cmocka_unit_test(test_domineering_joins),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
