/* Solving by combinatorial summation (sumgame/summation.h, `solve --method summation`):
 * stops and winners of small sums worked out by hand (each case says how), the same as
 * decomposition search's on random sums of general trees (several options, dyadic
 * leaves, numbers), a best move that reaches the stop, and the meter stopping it; then
 * `sumgame experiment` with kind = solve-time: its INI errors, a small run whose rows
 * must agree, and the cap; and kind = ordering: its counts add up, and every position is
 * classified when sample = 1. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/solve.h"
#include "sumgame/summation.h"

static support_game rcg;

static int setup(void **state)
{
    (void)state;
    support_game_open(&rcg, "rcg", NULL);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    support_game_close(&rcg);
    return 0;
}

/* A sum of rcg components given as texts separated by " + ". */
static sg_sum *make_sum(const char *text)
{
    sg_sum *sum = sg_sum_new(SG_FREEZE_NUMBERS);
    char buf[4096];
    snprintf(buf, sizeof buf, "%s", text);
    char err[256];
    for (char *save = NULL, *t = strtok_r(buf, "+", &save); t; t = strtok_r(NULL, "+", &save)) {
        while (*t == ' ')
            t++;
        size_t n = strlen(t);
        while (n && t[n - 1] == ' ')
            t[--n] = '\0';
        support_pos p = support_parse(&rcg.game, t);
        if (sg_sum_add(sum, &rcg.game, p.b, err, sizeof err) != SG_OK)
            fail_msg("%s: %s", t, err);
    }
    return sum;
}

static void expect(const char *text, const char *left, const char *right, sg_player lw,
                   sg_player rw)
{
    sg_sum *sum = make_sum(text);
    sg_summation_answer a;
    char err[256];
    if (sg_summation_stops(sum, NULL, &a, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", text, err);
    char l[SG_VALUE_TEXT_MAX], r[SG_VALUE_TEXT_MAX];
    sg_value_format(a.left, l, sizeof l);
    sg_value_format(a.right, r, sizeof r);
    if (strcmp(l, left) != 0 || strcmp(r, right) != 0 || a.left_first_winner != lw ||
        a.right_first_winner != rw)
        fail_msg("%s: stops %s, %s (winners %d, %d); want %s, %s (%d, %d)", text, l, r,
                 a.left_first_winner, a.right_first_winner, left, right, lw, rw);
    sg_sum_free(sum);
}

static void test_hand_computed(void **state)
{
    (void)state;
    /* {5|0} + {3|2}. Left first: to 5 + {3|2}, Right answers 2: 7 (to 3 instead gives
     * {5|0} + 3 and Right's 0: 3). Right first: to 0 + {3|2}, Left takes 3: 3 (to 2
     * instead lets Left take 5: 7). */
    expect("{5|0} + {3|2}", "7", "3", SG_LEFT, SG_LEFT);
    /* {3|1} = 2 ± 1, and ±1 + ±1 + ±1 = ±1: 6 ± 1. */
    expect("{3|1} + {3|1} + {3|1}", "7", "5", SG_LEFT, SG_LEFT);
    /* ±1 + ±1 = 0: the second player wins. */
    expect("{1|-1} + {1|-1}", "0", "0", SG_RIGHT, SG_LEFT);
    /* * + * = 0 and * + *2 = *3, fuzzy with 0: the first player wins. */
    expect("{0|0} + {0|0}", "0", "0", SG_RIGHT, SG_LEFT);
    expect("{0|0} + {0,{0|0}|0,{0|0}}", "0", "0", SG_LEFT, SG_RIGHT);
    /* The paper's example alone: Left to 114|66, Right to 66; Right to 49|0, Left to 49. */
    expect("114|66||49|0", "66", "49", SG_LEFT, SG_LEFT);
    /* Numbers: 1/2 + {1|0} = {3/2 | 1/2}; -3 + 5/4 = -7/4. */
    expect("1/2 + {1|0}", "3/2", "1/2", SG_LEFT, SG_LEFT);
    expect("-3 + 5/4", "-7/4", "-7/4", SG_RIGHT, SG_RIGHT);
    /* {2|1} + {2|1} = 3 + (±1/2 + ±1/2) = 3. */
    expect("{2|1} + {2|1}", "3", "3", SG_LEFT, SG_LEFT);
}

/* Summation and decomposition search (and the search without decomposition) agree on
 * random sums of general trees; summation's best move reaches the stop. */
static void test_random_against_solver(void **state)
{
    (void)state;
    static const char *const leaves[] = { "0", "1", "-1", "2", "-2", "1/2", "-3/4", "3", "5" };
    sg_rng rng;
    sg_rng_seed(&rng, 12);
    for (int round = 0; round < 150; round++) {
        char text[4096] = "";
        int n = 1 + (int)sg_rng_below(&rng, 4);
        for (int i = 0; i < n; i++) {
            char tree[1024] = "";
            support_random_tree(&rng, 3, leaves, sizeof leaves / sizeof leaves[0], false, tree,
                                sizeof tree);
            if (i)
                strcat(text, " + ");
            strcat(text, tree);
        }
        sg_sum *sum = make_sum(text);
        char err[256];
        sg_summation_answer a;
        if (sg_summation_stops(sum, NULL, &a, err, sizeof err) != SG_OK)
            fail_msg("%s: %s", text, err);
        for (int nodec = 0; nodec < 2; nodec++) {
            sg_solve_config config = { .no_decompose = nodec, .tt_log2 = 12 };
            sg_solver *s;
            assert_int_equal(sg_solver_new(&config, &s, err, sizeof err), SG_OK);
            if (sg_solver_load(s, sum, err, sizeof err) != SG_OK)
                fail_msg("%s: %s", text, err);
            for (int f = 0; f < 2; f++) {
                sg_solve_answer sa;
                if (sg_solver_solve(s, f ? SG_RIGHT : SG_LEFT, &sa, err, sizeof err) != SG_OK)
                    fail_msg("%s: %s", text, err);
                sg_value want = f ? a.right : a.left;
                sg_player winner = f ? a.right_first_winner : a.left_first_winner;
                if (!sg_value_eq(sa.stop, want) || sa.winner != winner) {
                    char x[SG_VALUE_TEXT_MAX], y[SG_VALUE_TEXT_MAX];
                    sg_value_format(sa.stop, x, sizeof x);
                    sg_value_format(want, y, sizeof y);
                    fail_msg("%s, %s first%s: solver %s (winner %d), summation %s (%d)", text,
                             f ? "right" : "left", nodec ? ", no decomposition" : "", x,
                             sa.winner, y, winner);
                }
            }
            sg_solver_free(s);
        }
        /* The best move: the rest plus its option has the stop with the other to move. */
        for (int f = 0; f < 2; f++) {
            sg_player who = f ? SG_RIGHT : SG_LEFT;
            sg_cgt *t = sg_cgt_new();
            bool found;
            sg_sum_move mv;
            if (sg_summation_best_move(t, sum, who, NULL, &found, &mv, err, sizeof err) != SG_OK)
                fail_msg("%s: %s", text, err);
            size_t moves = 0;
            assert_int_equal(sg_sum_move_count(sum, who, &moves), SG_OK);
            assert_int_equal(found, moves > 0);
            if (found) {
                sg_sum *child = sg_sum_new(SG_FREEZE_NUMBERS);
                assert_int_equal(sg_sum_play(sum, who, mv, child, err, sizeof err), SG_OK);
                sg_summation_answer c;
                assert_int_equal(sg_summation_stops(child, NULL, &c, err, sizeof err), SG_OK);
                sg_cg g;
                assert_int_equal(sg_summation(t, sum, NULL, &g, err, sizeof err), SG_OK);
                sg_value x;
                /* A sum that is a number although its parts are not has that number as
                 * its stop, which no move need reach. */
                if (!sg_cgt_is_number(t, g, &x))
                    assert_true(sg_value_eq(f ? c.left : c.right, f ? a.right : a.left));
                sg_sum_free(child);
            }
            sg_cgt_free(t);
        }
        sg_sum_free(sum);
    }
}

/* A meter stops the summation with SG_ERR_BUDGET and a message naming the limit. */
static void test_meter(void **state)
{
    (void)state;
    sg_sum *sum = make_sum("237|191||145|124|||97|57||32|0 + 230|190||140|120|||90|50||30|0 + "
                           "231|181||146|122|||96|52||31|1 + 233|192||144|123|||95|55||33|2");
    sg_limits limits = { .nodes = 100 };
    sg_meter m;
    sg_meter_start(&m, &limits);
    sg_summation_answer a;
    char err[256];
    assert_int_equal(sg_summation_stops(sum, &m, &a, err, sizeof err), SG_ERR_BUDGET);
    assert_non_null(strstr(err, "stopped at the node limit of 100 while adding component"));
    sg_sum_free(sum);
}

static void test_cli(void **state)
{
    (void)state;
    support_run r = support_host("solve 'rcg:{5|0} + rcg:{3|2}' --method summation --json", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "{\"method\":\"summation\",\"left_first\":\"7\","
                                  "\"left_first_winner\":\"left\",\"best_move_left_first\":\"1:L1\","
                                  "\"right_first\":\"3\",\"right_first_winner\":\"left\","
                                  "\"best_move_right_first\":\"1:R1\",\"exact\":true,"));
    assert_non_null(strstr(r.out, ",\"nodes\":"));
    assert_string_equal(r.err, "");
    support_run_free(&r);
    r = support_host("solve 'rcg:{5|0} + rcg:{3|2}' --method summation --first right", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "right first: 3, left wins, best move 1:R1\n"));
    assert_null(strstr(r.out, "left first"));
    support_run_free(&r);
    r = support_host("solve 'rcg:237|191||145|124|||97|57||32|0 + rcg:230|190||140|120|||90|50||30|0"
                     " + rcg:231|181||146|122|||96|52||31|1' --method summation --nodes 50",
                     NULL);
    assert_int_equal(r.status, 3);
    assert_non_null(strstr(r.err, "sumgame: solve: stopped at the node limit of 50"));
    support_run_free(&r);
    r = support_host("solve 'rcg:1|0' --method summation --no-incentives", NULL);
    support_assert_error(&r, "solve: --method summation takes no --no-decompose");
    support_run_free(&r);
    r = support_host("solve 'rcg:1|0' --method sum", NULL);
    support_assert_error(&r, "solve: --method");
    support_run_free(&r);
}

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

static void test_experiment_errors(void **state)
{
    (void)state;
    expect_ini_error("[experiment]\nkind = solve-time\nlevels = 2\n",
                     ":1: experiment: missing key 'methods'");
    expect_ini_error("[experiment]\nkind = solve-time\nmethods = a\n",
                     ":3: experiment: methods: no section [method.a]");
    expect_ini_error("[experiment]\nkind = solve-time\nmethods = a\n[method.a]\norder = best\n",
                     ":5: method.a: order");
    expect_ini_error("[experiment]\nkind = solve-time\nmethods = a\n[method.a]\nmethod = summation\n"
                     "incentives = no\n",
                     ":6: method.a: incentives: only method = search takes it");
    expect_ini_error("[experiment]\nkind = solve-time\nmethods = a\ncomponents = 5-3\n[method.a]\n",
                     ":4: experiment: components = 5-3: expected increasing counts");
    expect_ini_error("[experiment]\nkind = solve-time\nmethods = a\nsizes = 4\n[method.a]\n",
                     ":4: experiment: unknown key 'sizes'");
    expect_ini_error("[experiment]\nkind = solve-time\nmethods = a\n[method.a]\n[strategy.x]\n",
                     ":5: unknown section [strategy.x]");
    char *path = support_temp_file(".ini", "[experiment]\nkind = solve-time\nmethods = a\n"
                                           "[method.a]\n");
    char args[4200];
    snprintf(args, sizeof args, "experiment '%s' --sizes 4", path);
    support_run r = support_host(args, NULL);
    support_assert_error(&r, "experiment: --sizes, --deltas, --depths and --combine are for the "
                             "TDS kinds");
    support_run_free(&r);
    remove(path);
    free(path);
}

/* Four rows over the same positions agree on every stop (the runner checks), and the
 * table has their labels and one column per count. */
static void test_experiment_run(void **state)
{
    (void)state;
    char *path = support_temp_file(
        ".ini", "[experiment]\nkind = solve-time\ntitle = Small\nlevels = 2\ncomponents = 1-3\n"
                "instances = 5\nseed = 3\nmethods = dec, sum, plain, inc\n"
                "[method.dec]\nlabel = Decomposition\n"
                "[method.sum]\nlabel = Summation\nmethod = summation\n"
                "[method.plain]\nlabel = Plain\ndecompose = no\nincentives = no\norder = none\n"
                "[method.inc]\nlabel = INC\ndecompose = no\n");
    char args[4200];
    snprintf(args, sizeof args, "experiment '%s'", path);
    support_run r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("exit %d: %s", r.status, r.err);
    assert_non_null(strstr(r.out, "# Small\n"));
    assert_non_null(strstr(r.out, "| Method | 1 | 2 | 3 |\n"));
    for (const char *const *l = (const char *const[]){ "| Decomposition | ", "| Summation | ",
                                                         "| Plain | ", "| INC | ", NULL };
         *l; l++)
        assert_non_null(strstr(r.out, *l));
    assert_null(strstr(r.out, "| N/A"));
    support_run_free(&r);
    snprintf(args, sizeof args, "experiment '%s' --json", path);
    r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"kind\":\"solve-time\",\"levels\":2,\"size\":50,"
                                  "\"instances\":5,\"seed\":3,\"first\":\"left\""));
    assert_non_null(strstr(r.out, "{\"components\":3,\"status\":\"ok\""));
    assert_non_null(strstr(r.out, "\"solved\":5"));
    support_run_free(&r);
    remove(path);
    free(path);
}

/* A cap smaller than one instance ends the row at its first cell; extend adds columns
 * only while cells stay under it. */
static void test_experiment_cap(void **state)
{
    (void)state;
    char *path = support_temp_file(
        ".ini", "[experiment]\nkind = solve-time\nlevels = 3\ncomponents = 2, 3\n"
                "instances = 3\nmethods = slow, fast\nextend = yes\nmax_components = 5\n"
                "[method.slow]\nlabel = Slow\nmethod = summation\ncap = 0.000001\n"
                "[method.fast]\nlabel = Fast\n");
    char args[4200];
    snprintf(args, sizeof args, "experiment '%s'", path);
    support_run r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("exit %d: %s", r.status, r.err);
    assert_non_null(strstr(r.out, "| Method | 2 | 3 | 4 | 5 |\n"));
    assert_non_null(strstr(r.out, "| Slow | > 1e-06 | N/A | N/A | N/A |\n"));
    assert_null(strstr(r.out, "| Fast | N/A"));
    support_run_free(&r);
    remove(path);
    free(path);
}

/* The value of "key": N in a one-line JSON object, or -1. */
static long long json_int(const char *json, const char *key)
{
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(json, pat);
    return p ? strtoll(p + strlen(pat), NULL, 10) : -1;
}

static void test_ordering(void **state)
{
    (void)state;
    expect_ini_error("[experiment]\nkind = ordering\nsample = 0\n",
                     ":3: experiment: sample = 0: expected a probability in (0, 1]");
    expect_ini_error("[experiment]\nkind = ordering\nmethods = a\n",
                     ":3: experiment: unknown key 'methods'");
    char *path = support_temp_file(".ini", "[experiment]\nkind = ordering\ncomponents = 6\n"
                                           "instances = 4\nseed = 5\nsample = 1\n");
    char args[4200];
    snprintf(args, sizeof args, "experiment '%s' --json", path);
    support_run r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("exit %d: %s", r.status, r.err);
    long long searched = json_int(r.out, "searched"), classified = json_int(r.out, "classified");
    assert_true(searched > 0);
    assert_int_equal(searched, classified);
    const char *all = strstr(r.out, "\"all\":{");
    assert_non_null(all);
    long long sum = json_int(all, "both") + json_int(all, "temp_only") +
                    json_int(all, "prev_only") + json_int(all, "neither");
    assert_int_equal(sum, classified);
    /* The subsets are nested. */
    const char *choice = strstr(r.out, "\"choice\":{"), *cand = strstr(r.out, "\"candidate\":{");
    assert_non_null(choice);
    assert_non_null(cand);
    assert_true(json_int(choice, "neither") <= json_int(all, "neither"));
    assert_true(json_int(cand, "both") <= json_int(choice, "both"));
    support_run_free(&r);
    snprintf(args, sizeof args, "experiment '%s'", path);
    r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "| all sampled positions | "));
    support_run_free(&r);
    remove(path);
    free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_computed),     cmocka_unit_test(test_random_against_solver),
        cmocka_unit_test(test_meter),             cmocka_unit_test(test_cli),
        cmocka_unit_test(test_experiment_errors), cmocka_unit_test(test_experiment_run),
        cmocka_unit_test(test_experiment_cap),    cmocka_unit_test(test_ordering),
    };
    return cmocka_run_group_tests_name("ml_exact", tests, setup, teardown);
}
