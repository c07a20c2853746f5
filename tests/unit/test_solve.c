/* `sumgame solve` on sums whose stops and winners are known from theory or worked out by
 * hand (each case says how), and on bad input.
 *
 * Winners: a stop above 0 means Left wins, below 0 Right wins; at 0 it is the normal-play
 * outcome (a sum of numbers x is won by Left iff x > 0, or x = 0 with Right to move). */
#include "support.h"

#include <unistd.h>

#include <stdio.h>
#include <string.h>

/* Matches got against want, where "*" in want stands for any JSON string (a best move
 * where several are optimal). Returns the rest of got, or NULL. */
static const char *match(const char *got, const char *want)
{
    while (*want) {
        if (strncmp(want, "\"*\"", 3) == 0 && *got == '"') {
            const char *end = strchr(got + 1, '"');
            if (!end)
                return NULL;
            got = end + 1;
            want += 3;
        } else if (*got++ != *want++) {
            return NULL;
        }
    }
    return got;
}

/* Runs solve with --json and checks the object up to "exact", which must be true and be
 * followed (after the per-component list) by "nodes" with a count and "seconds". */
static void expect_json(const char *args, const char *want)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "solve %s --json", args);
    support_run r = support_host(cmd, NULL);
    if (r.status != 0)
        fail_msg("solve %s: exit %d: %s", args, r.status, r.err);
    const char *rest = match(r.out, want);
    static const char exact[] = ",\"exact\":true,\"reduced_components\":[";
    if (!rest || strncmp(rest, exact, sizeof exact - 1) != 0 ||
        !(rest = strstr(rest, "],\"nodes\":")))
        fail_msg("solve %s:\n got  %s want %s,\"exact\":true,...,\"nodes\":...", args, r.out,
                 want);
    rest++;
    if (!strstr(rest, ",\"seconds\":") || r.out[strlen(r.out) - 2] != '}')
        fail_msg("solve %s: malformed tail: %s", args, r.out);
    assert_string_equal(r.err, "");
    support_run_free(&r);
}

static void test_issue_values(void **state)
{
    (void)state;
    /* Müller-Li's two example trees: Left first 211, Right first 114 (issue 2). */
    expect_json("'rcg:{114|66}|{49|0} + rcg:{237|191}|{145|124}||{97|57}|{32|0}'",
                "{\"left_first\":\"211\",\"left_first_winner\":\"left\","
                "\"best_move_left_first\":\"2:L1\","
                "\"right_first\":\"114\",\"right_first_winner\":\"left\","
                "\"best_move_right_first\":\"2:R1\"");
    /* {1|0} + {1|0}: each player takes one switch, 1 either way. */
    expect_json("'rcg:{1|0} + rcg:{1|0}'",
                "{\"left_first\":\"1\",\"left_first_winner\":\"left\","
                "\"best_move_left_first\":\"*\","
                "\"right_first\":\"1\",\"right_first_winner\":\"left\","
                "\"best_move_right_first\":\"*\"");
    /* {0|1} is the number 1/2: nothing to play, Left wins either way. */
    expect_json("'rcg:{0|1}'",
                "{\"left_first\":\"1/2\",\"left_first_winner\":\"left\","
                "\"best_move_left_first\":null,"
                "\"right_first\":\"1/2\",\"right_first_winner\":\"left\","
                "\"best_move_right_first\":null");
    /* {0|1} + -1/2 is 0: the player to move loses. */
    expect_json("'rcg:{0|1} + rcg:-1/2'",
                "{\"left_first\":\"0\",\"left_first_winner\":\"right\","
                "\"best_move_left_first\":null,"
                "\"right_first\":\"0\",\"right_first_winner\":\"left\","
                "\"best_move_right_first\":null");
}

static void test_hand_checked(void **state)
{
    (void)state;
    /* {3|1} + {2|-1}. Left first: to 3 then Right to -1 gives 2; to 2 then Right to 1
     * gives 3: stop 3. Right first: to 1 then Left to 2 gives 3; to -1 (in {2|-1}) then
     * Left to 3 gives 2: stop 2. Both above 0: Left wins either way. */
    expect_json("'rcg:{3|1} + rcg:{2|-1}'",
                "{\"left_first\":\"3\",\"left_first_winner\":\"left\","
                "\"best_move_left_first\":\"2:L1\","
                "\"right_first\":\"2\",\"right_first_winner\":\"left\","
                "\"best_move_right_first\":\"2:R1\"");
    /* ±1 + ±1 = 0: stops 0 and 0, and the second player wins. */
    expect_json("'rcg:{1|-1} + rcg:{1|-1}'",
                "{\"left_first\":\"0\",\"left_first_winner\":\"right\","
                "\"best_move_left_first\":\"*\","
                "\"right_first\":\"0\",\"right_first_winner\":\"left\","
                "\"best_move_right_first\":\"*\"");
    /* ±1 + {0|-1}. Left first: to 1 + {0|-1}, Right answers to -1: total 0 with Left to
     * move, so Right wins (to 0 instead lets Right take ±1 to -1). Right first: to -1,
     * Left's best is {0|-1} to 0: stop -1, Right wins. */
    expect_json("'rcg:{1|-1} + rcg:{0|-1}' --first both",
                "{\"left_first\":\"0\",\"left_first_winner\":\"right\","
                "\"best_move_left_first\":\"1:L1\","
                "\"right_first\":\"-1\",\"right_first_winner\":\"right\","
                "\"best_move_right_first\":\"1:R1\"");
    /* ±1/2 (options are the numbers 1/2 and -1/2): stops 1/2 and -1/2. */
    expect_json("'rcg:{1/2|-1/2}'",
                "{\"left_first\":\"1/2\",\"left_first_winner\":\"left\","
                "\"best_move_left_first\":\"1:L1\","
                "\"right_first\":\"-1/2\",\"right_first_winner\":\"right\","
                "\"best_move_right_first\":\"1:R1\"");
    /* {2|0} + -1: 1 with Left first, -1 with Right first. */
    expect_json("'rcg:{2|0} + rcg:-1'",
                "{\"left_first\":\"1\",\"left_first_winner\":\"left\","
                "\"best_move_left_first\":\"1:L1\","
                "\"right_first\":\"-1\",\"right_first_winner\":\"right\","
                "\"best_move_right_first\":\"1:R1\"");
    /* {1|0} alone: Left first ends at 1. Right first ends at 0 with Left to move, so
     * Right wins although the stop is 0. */
    expect_json("'rcg:{1|0}'",
                "{\"left_first\":\"1\",\"left_first_winner\":\"left\","
                "\"best_move_left_first\":\"1:L1\","
                "\"right_first\":\"0\",\"right_first_winner\":\"right\","
                "\"best_move_right_first\":\"1:R1\"");
    /* 114|66||49|0 alone: Left to 114|66, Right to 66; Right to 49|0, Left to 49. */
    expect_json("rcg:114\\|66\\|\\|49\\|0",
                "{\"left_first\":\"66\",\"left_first_winner\":\"left\","
                "\"best_move_left_first\":\"1:L1\","
                "\"right_first\":\"49\",\"right_first_winner\":\"left\","
                "\"best_move_right_first\":\"1:R1\"");
}

static void test_first_player_option(void **state)
{
    (void)state;
    expect_json("'rcg:{3|1} + rcg:{2|-1}' --first left",
                "{\"left_first\":\"3\",\"left_first_winner\":\"left\","
                "\"best_move_left_first\":\"2:L1\"");
    expect_json("--first=right 'rcg:{3|1} + rcg:{2|-1}'",
                "{\"right_first\":\"2\",\"right_first_winner\":\"left\","
                "\"best_move_right_first\":\"2:R1\"");
    /* An unquoted sum arrives as several arguments. */
    expect_json("rcg:{1\\|0} + rcg:{1\\|0} --first right",
                "{\"right_first\":\"1\",\"right_first_winner\":\"left\","
                "\"best_move_right_first\":\"*\"");
}

static void test_human_output(void **state)
{
    (void)state;
    support_run r = support_host("solve 'rcg:{114|66}|{49|0} + rcg:{237|191}|{145|124}||{97|57}|{32|0}'",
                                 NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "left first:  211, left wins, best move 2:L1\n"));
    assert_non_null(strstr(r.out, "right first: 114, left wins, best move 2:R1\n"));
    assert_non_null(strstr(r.out, "nodes:"));
    support_run_free(&r);
    r = support_host("solve 'rcg:{0|1} + rcg:-1/2' --first left", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "left first:  0, right wins"));
    assert_null(strstr(r.out, "right first"));
    support_run_free(&r);
}

static void expect_error(const char *args, const char *needle)
{
    support_run r = support_host(args, NULL);
    support_assert_error(&r, needle);
    assert_string_equal(r.out, "");
    support_run_free(&r);
}

static void test_bad_input(void **state)
{
    (void)state;
    expect_error("solve", "solve: missing SUM (try 'sumgame solve --help')");
    expect_error("solve --json", "solve: missing SUM");
    expect_error("solve nosuchgame:1", "nosuchgame");
    expect_error("solve '1|0'", "expected GAME:POSITION");
    expect_error("solve 'rcg:{1|'", "rcg:{1|");
    expect_error("solve 'rcg:1/3'", "rcg:1/3");
    expect_error("solve 'rcg:1 + '", "empty component");
    expect_error("solve 'rcg:{1|0}' --first middle", "--first");
    expect_error("solve 'rcg:{1|0}' --first", "--first");
    expect_error("solve 'rcg:{1|0}' --frist left", "--frist");
}

/* --batch: every sum of a file in one process, one JSON line each with its line number;
 * a bad line is one error line naming FILE:LINE (and an object in its place), the others
 * are still solved, and the exit status says a line failed. Values from theory: ±1 and *
 * are won by the first player, 1 by Left and -1/2 by Right whoever starts. */
static void test_batch(void **state)
{
    (void)state;
    char path[64];
    snprintf(path, sizeof path, "/tmp/sumgame-batch-%d.txt", (int)getpid());
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("# four sums and a bad one\nrcg:{1|-1}\n\nrcg:1\nrcg:{1|\n  rcg:-1/2\nclobber:xo\n", f);
    fclose(f);
    char args[256];
    snprintf(args, sizeof args, "solve --batch %s --first right --json --outcome", path);
    support_run r = support_host(args, NULL);
    assert_int_equal(r.status, 1);
    support_assert_contains(r.out, "{\"line\":2,\"outcome\":true,\"right_first_winner\":\"right\"");
    support_assert_contains(r.out, "{\"line\":4,\"outcome\":true,\"right_first_winner\":\"left\"");
    support_assert_contains(r.out, "{\"line\":5,\"error\":");
    support_assert_contains(r.out, "{\"line\":6,\"outcome\":true,\"right_first_winner\":\"right\"");
    support_assert_contains(r.out, "{\"line\":7,\"outcome\":true,\"right_first_winner\":\"right\"");
    int lines = 0;
    for (const char *c = r.out; *c; c++)
        lines += *c == '\n';
    assert_int_equal(lines, 5);
    char want[128];
    snprintf(want, sizeof want, "sumgame: solve: %s:5: ", path);
    if (strncmp(r.err, want, strlen(want)) != 0 || strchr(r.err, '\n') != r.err + strlen(r.err) - 1)
        fail_msg("stderr: %s", r.err);
    support_run_free(&r);
    /* the stop search and summation take it too */
    snprintf(args, sizeof args, "solve --batch %s --first left", path);
    r = support_host(args, NULL);
    assert_int_equal(r.status, 1);
    support_assert_contains(r.out, "line:        2\nsum:         rcg:1|-1\nleft first:  1, left wins");
    support_assert_contains(r.out, "line:        6\nsum:         -1/2 (a number)\nleft first:  -1/2, right wins");
    support_run_free(&r);
    snprintf(args, sizeof args, "solve --batch %s --method summation --first left", path);
    r = support_host(args, NULL);
    assert_int_equal(r.status, 1);
    support_assert_contains(r.out, "line:        7\nleft first:  0, left wins");
    support_run_free(&r);
    snprintf(args, sizeof args, "solve --batch %s rcg:1", path);
    expect_error(args, "solve: --batch takes its sums from FILE, not from the command line");
    unlink(path);
    snprintf(args, sizeof args, "solve --batch %s", path);
    expect_error(args, "cannot open");
}

/* --outcome on a sum of four 3x3 rooms, each "born after day 4" (the default reduce_days):
 * reduced all the same, it is decided at once, where searching the rooms as they are
 * took over 2 million nodes. The winners are those of the sum of the canonical forms
 * (--method summation, no search): Left, whoever starts. */
static void test_outcome_of_a_sum_of_late_components(void **state)
{
    (void)state;
    static const char sum[] = "'amazons:B../WB./... + amazons:..W/.../.BB + "
                              "amazons:BW./B../.W. + amazons:.WB/.../BW.'";
    char args[512];
    snprintf(args, sizeof args, "solve %s --method summation --json", sum);
    support_run r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "\"left_first_winner\":\"left\"");
    support_assert_contains(r.out, "\"right_first_winner\":\"left\"");
    support_run_free(&r);
    snprintf(args, sizeof args, "solve %s --outcome --nodes 100000 --json", sum);
    r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("exit %d: %s", r.status, r.err);
    support_assert_contains(r.out, "\"left_first_winner\":\"left\"");
    support_assert_contains(r.out, "\"right_first_winner\":\"left\"");
    support_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_issue_values),
        cmocka_unit_test(test_hand_checked),
        cmocka_unit_test(test_first_player_option),
        cmocka_unit_test(test_human_output),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_batch),
        cmocka_unit_test(test_outcome_of_a_sum_of_late_components),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
