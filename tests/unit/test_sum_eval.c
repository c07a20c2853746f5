/* The sum evaluators of Müller-Li §3.2 (sumgame/sum_eval.h) on rcg sums worked out by
 * hand from the thermographs (Winning Ways ch. 6; the paper's §2.1):
 *
 *   114|66||49|0   Left option {114|66} (mean 90, t 24), Right option {49|0} (mean 49/2,
 *                  t 49/2). Left wall 66 below t = 24, then 90 - t; right wall 49 below
 *                  t = 49/2, then 49/2 + t; they meet at t = 131/4: mean 229/4.
 *   10|0||-1       Left wall 0 below t = 5, right wall -1 + t: temperature 1, mean 0.
 *                  Left's move to {10|0} is a threat worth playing at t = 5 (Left's
 *                  pseudo-temperature); Right's is 1.
 *   {3|-3}         a switch: mean 0, temperature 3.
 *
 * SE is the sum of the means. HR plays Hotstrat+ for both: each player moves in the
 * component with the highest pseudo-temperature for that player. */
#include "support.h"

#include <stdio.h>
#include <string.h>

#include "sumgame/estimator.h"
#include "sumgame/params.h"
#include "sumgame/sum_eval.h"

static support_game rcg, go;

static int setup(void **state)
{
    (void)state;
    support_game_open(&rcg, "rcg", NULL);
    support_game_open(&go, "go", NULL);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    support_game_close(&rcg);
    support_game_close(&go);
    return 0;
}

static sg_sum *parse_sum(const char *const *texts, size_t n)
{
    sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
    for (size_t i = 0; i < n; i++) {
        support_pos pos = support_parse(&rcg.game, texts[i]);
        char err[256];
        if (sg_sum_add(sum, &rcg.game, pos.b, err, sizeof err) != SG_OK)
            fail_msg("%s: %s", texts[i], err);
    }
    return sum;
}

static sg_sum_eval *new_eval(sg_estimator **est)
{
    char err[256];
    sg_sum_eval *ev = NULL;
    assert_int_equal(sg_estimator_new("exact", NULL, est, err, sizeof err), SG_OK);
    assert_int_equal(sg_sum_eval_new(*est, &ev, err, sizeof err), SG_OK);
    return ev;
}

static void assert_value(sg_value got, sg_value want)
{
    if (!sg_value_eq(got, want)) {
        char a[SG_VALUE_TEXT_MAX], b[SG_VALUE_TEXT_MAX];
        sg_value_format(got, a, sizeof a);
        sg_value_format(want, b, sizeof b);
        fail_msg("got %s, want %s", a, b);
    }
}

static sg_estimate estimate(sg_value t, sg_value pl, sg_value pr, bool left, bool right,
                            sg_move move)
{
    sg_estimate e;
    memset(&e, 0, sizeof e);
    e.temperature = t;
    e.pseudo_left = pl;
    e.pseudo_right = pr;
    e.has_best_left = left;
    e.has_best_right = right;
    e.best_left = move;
    e.best_right = move + 100;
    return e;
}

static void test_hotstrat_pick(void **state)
{
    (void)state;
    sg_estimate e[4] = {
        estimate(sg_value_int(1), sg_value_int(5), sg_value_int(1), true, true, 10),
        estimate(sg_value_int(3), sg_value_int(3), sg_value_int(3), true, true, 20),
        estimate(sg_value_int(3), sg_value_int(3), sg_value_int(3), true, true, 30),
        estimate(sg_value_int(9), sg_value_int(9), sg_value_int(9), false, false, 40),
    };
    sg_sum_move mv;
    /* Hotstrat+: Left's pseudo-temperature 5 wins; Right ties 3 and 3, the first wins. */
    assert_true(sg_hotstrat_pick(e, 4, SG_LEFT, true, &mv));
    assert_int_equal(mv.component, 0);
    assert_int_equal(mv.move, 10);
    assert_true(sg_hotstrat_pick(e, 4, SG_RIGHT, true, &mv));
    assert_int_equal(mv.component, 1);
    assert_int_equal(mv.move, 120);
    /* Plain Hotstrat ranks by temperature; the component without moves is skipped. */
    assert_true(sg_hotstrat_pick(e, 4, SG_LEFT, false, &mv));
    assert_int_equal(mv.component, 1);
    assert_false(sg_hotstrat_pick(e + 3, 1, SG_LEFT, true, &mv));
    assert_false(sg_hotstrat_pick(e, 0, SG_LEFT, true, &mv));
}

/* The clock's fallback passes where the sum lets a player pass (a Go region in it) and no
 * component where the mover has a move is hotter than 0: a move there gains nothing (0,
 * a dame) or costs points (below 0). A hot component where only the opponent moves does
 * not count; without a passing game there is never a pass. */
static void test_hotstrat_passes(void **state)
{
    (void)state;
    sg_sum *go_sum = sg_sum_new(SG_FREEZE_INTEGERS);
    support_pos pos = support_parse(&go.game, "X.O/X.O");
    char err[256];
    assert_int_equal(sg_sum_add(go_sum, &go.game, pos.b, err, sizeof err), SG_OK);
    const char *texts[1] = { "{3|-3}" };
    sg_sum *rcg_sum = parse_sum(texts, 1);
    sg_estimate e[3] = {
        estimate(sg_value_int(-1), sg_value_int(-1), sg_value_int(-1), true, true, 10),
        estimate(sg_value_int(0), sg_value_int(0), sg_value_int(0), true, true, 20),
        estimate(sg_value_int(3), sg_value_int(3), sg_value_int(3), false, true, 30),
    };
    assert_true(sg_hotstrat_passes(e, 3, go_sum, SG_LEFT));   /* Right's hot move is not Left's */
    assert_false(sg_hotstrat_passes(e, 3, go_sum, SG_RIGHT)); /* Right has a move at 3 */
    assert_false(sg_hotstrat_passes(e, 3, rcg_sum, SG_LEFT)); /* rcg does not pass */
    e[1].temperature = sg_value_make(1, 8);
    assert_false(sg_hotstrat_passes(e, 3, go_sum, SG_LEFT)); /* a move worth 1/8 */
    sg_sum_free(go_sum);
    sg_sum_free(rcg_sum);
}

static void test_static(void **state)
{
    (void)state;
    sg_estimator *est;
    sg_sum_eval *ev = new_eval(&est);
    const char *texts[4] = { "114|66||49|0", "10|0||-1", "{3|-3}", "5" };
    sg_sum *sum = parse_sum(texts, 4);
    assert_int_equal(sg_sum_count(sum), 3); /* 5 is settled */
    char err[256];
    sg_value v;
    assert_int_equal(sg_sum_eval_static_value(ev, sum, &v, err, sizeof err), SG_OK);
    assert_value(v, sg_value_make(229, 2));
    /* The hook is the same, for either player, and leaves the frozen 5 out. */
    assert_value(sg_sum_eval_static(ev, sum, SG_LEFT), sg_value_make(229, 2));
    assert_value(sg_sum_eval_static(ev, sum, SG_RIGHT), sg_value_make(229, 2));
    assert_int_equal(sg_sum_eval_error(ev, err, sizeof err), SG_OK);
    /* t_max is the plain temperature: 131/4; an empty sum has -1. */
    assert_int_equal(sg_sum_eval_tmax(ev, sum, &v, err, sizeof err), SG_OK);
    assert_value(v, sg_value_make(131, 2));
    sg_sum *empty = sg_sum_new(SG_FREEZE_INTEGERS);
    assert_int_equal(sg_sum_eval_tmax(ev, empty, &v, err, sizeof err), SG_OK);
    assert_value(v, sg_value_int(-1));
    assert_int_equal(sg_sum_eval_static_value(ev, empty, &v, err, sizeof err), SG_OK);
    assert_value(v, sg_value_int(0));
    sg_sum_free(empty);
    sg_sum_free(sum);
    sg_sum_eval_free(ev);
    sg_estimator_free(est);
}

static sg_value rollout(sg_sum_eval *ev, const sg_sum *sum, sg_player first)
{
    char err[256];
    sg_value v;
    if (sg_sum_eval_rollout_value(ev, sum, first, &v, err, sizeof err) != SG_OK)
        fail_msg("rollout: %s", err);
    assert_value(sg_sum_eval_rollout(ev, sum, first), v);
    assert_int_equal(sg_sum_eval_error(ev, err, sizeof err), SG_OK);
    return v;
}

static void test_rollout(void **state)
{
    (void)state;
    sg_estimator *est;
    sg_sum_eval *ev = new_eval(&est);

    /* 10|0||-1 + {3|-3}. Left first: Left's pseudo-temperature 5 beats the switch's 3,
     * so Left plays the threat to {10|0}; Right answers there (5 > 3) at 0; Left takes
     * the switch: 3. (Plain Hotstrat would take the switch first and lose the threat to
     * Right's reverse sente move to -1: 2.) Right first: Right's 1 is below 3, Right takes
     * the switch at -3; Left plays the threat, Right answers: -3. */
    const char *two[2] = { "10|0||-1", "{3|-3}" };
    sg_sum *sum = parse_sum(two, 2);
    assert_value(rollout(ev, sum, SG_LEFT), sg_value_int(3));
    assert_value(rollout(ev, sum, SG_RIGHT), sg_value_int(-3));
    sg_sum_free(sum);

    /* 114|66||49|0 + 10|0||-1 + {3|-3} + 5 (settled: left out of the value).
     * Left first: L to {114|66} (131/4), R to 66 (24), L to {10|0} (5), R to 0 (5),
     * L to 3: 66 + 0 + 3 = 69. Right first: R to {49|0} (131/4), L to 49 (49/2),
     * R to -3 (3 > 1), L to {10|0} (5), R to 0: 49 - 3 + 0 = 46. */
    const char *four[4] = { "114|66||49|0", "10|0||-1", "{3|-3}", "5" };
    sum = parse_sum(four, 4);
    assert_value(rollout(ev, sum, SG_LEFT), sg_value_int(69));
    assert_value(rollout(ev, sum, SG_RIGHT), sg_value_int(46));
    /* The evaluated sum is untouched, and asking again gives the same. */
    assert_int_equal(sg_sum_count(sum), 3);
    assert_value(sg_sum_frozen(sum), sg_value_int(5));
    assert_value(rollout(ev, sum, SG_LEFT), sg_value_int(69));
    /* Each sum and first player was played out once: 3 + 3 + 5 + 5 moves; the second
     * asking (the hook, and the third rollout) found the value remembered. */
    sg_sum_eval_stats st;
    sg_sum_eval_stats_get(ev, &st);
    assert_int_equal(st.evaluations, 10);
    assert_int_equal(st.rollout_moves, 16);
    /* After a reset (new game instances) it is played out again. */
    sg_sum_eval_reset(ev);
    assert_value(rollout(ev, sum, SG_LEFT), sg_value_int(69));
    sg_sum_eval_stats_get(ev, &st);
    assert_int_equal(st.rollout_moves, 21);
    sg_sum_free(sum);

    /* A non-integer number is played out as in real play: {0|1} alone ends at 0 with
     * Left first (Left must move to 0) and 1 with Right first. */
    const char *half[1] = { "{0|1}" };
    sum = parse_sum(half, 1);
    assert_value(rollout(ev, sum, SG_LEFT), sg_value_int(0));
    assert_value(rollout(ev, sum, SG_RIGHT), sg_value_int(1));
    sg_sum_free(sum);

    sg_sum_eval_free(ev);
    sg_estimator_free(est);
}

static void test_record(void **state)
{
    (void)state;
    sg_estimator *est;
    sg_sum_eval *ev = new_eval(&est);
    char err[256] = "";
    sg_sum_eval_record(ev, SG_ERR_BUDGET, "first");
    sg_sum_eval_record(ev, SG_ERR_NOMEM, "second");
    assert_int_equal(sg_sum_eval_error(ev, err, sizeof err), SG_ERR_BUDGET);
    assert_string_equal(err, "first");
    assert_int_equal(sg_sum_eval_error(ev, err, sizeof err), SG_OK);
    sg_sum_eval_free(ev);
    sg_estimator_free(est);
}

static void expect_factor(const char *text, int64_t num, int64_t den)
{
    sg_param item = { "bound", text, 7 };
    sg_params p = { "conf/t.ini", "strategy.x", &item, 1 };
    bool given = false;
    sg_factor f = { -1, -1 };
    char err[256] = "";
    if (sg_factor_param(&p, "bound", &given, &f, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", text, err);
    assert_true(given);
    assert_int_equal(f.num, num);
    assert_int_equal(f.den, den);
}

static void expect_bad_factor(const char *text)
{
    sg_param item = { "bound", text, 7 };
    sg_params p = { "conf/t.ini", "strategy.x", &item, 1 };
    bool given = false;
    sg_factor f;
    char err[256] = "";
    assert_int_equal(sg_factor_param(&p, "bound", &given, &f, err, sizeof err), SG_ERR_INVALID);
    assert_false(given);
    if (!strstr(err, "conf/t.ini:7: strategy.x: bound = ") || !strstr(err, text))
        fail_msg("%s: message '%s'", text, err);
}

static void test_factor(void **state)
{
    (void)state;
    expect_factor("0.8", 8, 10);
    expect_factor("1", 1, 1);
    expect_factor(".25", 25, 100);
    expect_factor("0", 0, 1);
    expect_factor("3/4", 3, 4);
    expect_factor("0.000001", 1, 1000000);
    expect_bad_factor("-1");
    expect_bad_factor("-1/2");
    expect_bad_factor("0.1234567");
    expect_bad_factor("x");
    expect_bad_factor("");
    expect_bad_factor(".");
    expect_bad_factor("1/3");
    expect_bad_factor("0.8x");
    sg_params none = { "conf/t.ini", "strategy.x", NULL, 0 };
    bool given = true;
    sg_factor f = { 5, 7 };
    char err[64];
    assert_int_equal(sg_factor_param(&none, "bound", &given, &f, err, sizeof err), SG_OK);
    assert_false(given);
    assert_int_equal(f.num, 5);

    /* 4 <= 0.8 × 5, 17/4 > 0.8 × 5; exact at the boundary; negative references. */
    sg_factor c = { 8, 10 };
    assert_true(sg_factor_at_most(sg_value_int(4), c, sg_value_int(5)));
    assert_false(sg_factor_at_most(sg_value_make(17, 2), c, sg_value_int(5)));
    assert_true(sg_factor_at_most(sg_value_make(-1, 1), c, sg_value_make(-1, 1)));
    assert_false(sg_factor_at_most(sg_value_make(-1, 2), c, sg_value_make(-1, 1)));
    sg_factor zero = { 0, 1 };
    assert_true(sg_factor_at_most(sg_value_int(0), zero, sg_value_int(30)));
    assert_false(sg_factor_at_most(sg_value_make(1, 8), zero, sg_value_int(30)));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hotstrat_pick),
        cmocka_unit_test(test_hotstrat_passes),
        cmocka_unit_test(test_static),
        cmocka_unit_test(test_rollout),
        cmocka_unit_test(test_record),
        cmocka_unit_test(test_factor),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
