/* Coupon stacks and Temperature Discovery Search.
 *
 * Stack values are checked against sums worked out by hand. Exact TDS is checked against
 * the exact thermograph (sg_thermograph_of_position) under the paper's condition for
 * exactness: every mean and temperature of the game and of its subpositions is a multiple
 * of 2 delta. A tree of height h with integer leaves has all of them in multiples of
 * 2^-h (each level halves: a kink of a thermograph is where walls of slopes 1 and -1
 * through such points cross), so rcg(k, n) needs delta = 2^-(k+1), and 1/16 serves every
 * tree of height 3 or less. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/coupons.h"
#include "sumgame/estimator.h"
#include "sumgame/params.h"
#include "sumgame/rng.h"
#include "sumgame/tds.h"
#include "sumgame/thermograph.h"

static support_game rcg;
static sg_thermo_cache *cache;
static sg_tds *tds;

static int setup(void **state)
{
    (void)state;
    support_game_open(&rcg, "rcg", NULL);
    cache = sg_thermo_cache_new(NULL);
    tds = support_tds_new();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    sg_tds_free(tds);
    sg_thermo_cache_free(cache);
    support_game_close(&rcg);
    return 0;
}

static sg_value V(const char *text) { return support_value(text); }

static void assert_value(sg_value got, const char *want)
{
    char text[SG_VALUE_TEXT_MAX];
    sg_value_format(got, text, sizeof text);
    assert_string_equal(text, want);
}

/* ---- coupon stacks -------------------------------------------------------------- */

static void test_simple_stack_by_hand(void **state)
{
    (void)state;
    sg_coupons c;
    char err[256];
    /* C(2, 1/2) = 2, 3/2, 1, 1/2: Left first gets 2 - 3/2 + 1 - 1/2 = 1 = ceil(4/2)/2. */
    assert_int_equal(sg_coupons_init(&c, V("2"), V("1/2"), false, err, sizeof err), SG_OK);
    assert_int_equal(c.count, 4);
    assert_value(sg_coupons_at(&c, 0), "2");
    assert_value(sg_coupons_at(&c, 3), "1/2");
    assert_value(sg_coupons_value(&c, 0, SG_LEFT), "1");
    assert_value(sg_coupons_value(&c, 0, SG_RIGHT), "-1");
    /* After 2 is gone: 3/2 - 1 + 1/2 = 1 for the next taker. */
    assert_value(sg_coupons_value(&c, 1, SG_RIGHT), "-1");
    /* Left took 2, Right 3/2: Left is 1/2 up. */
    assert_value(sg_coupons_taken_points(&c, 2, SG_LEFT), "1/2");
    assert_value(sg_coupons_taken_points(&c, 3, SG_RIGHT), "-3/2");
    assert_value(sg_coupons_value(&c, 4, SG_LEFT), "0");
    sg_coupons_free(&c);

    /* C(3/2, 1/2): 3/2 - 1 + 1/2 = 1 = ceil(3/2)/2. */
    assert_int_equal(sg_coupons_init(&c, V("3/2"), V("1/2"), false, err, sizeof err), SG_OK);
    assert_value(sg_coupons_value(&c, 0, SG_LEFT), "1");
    sg_coupons_free(&c);
    /* C(0, delta) is empty. */
    assert_int_equal(sg_coupons_init(&c, V("0"), V("1/4"), false, err, sizeof err), SG_OK);
    assert_int_equal(c.count, 0);
    assert_value(sg_coupons_value(&c, 0, SG_LEFT), "0");
    sg_coupons_free(&c);
}

static void test_extended_stack_by_hand(void **state)
{
    (void)state;
    sg_coupons c;
    char err[256];
    /* C_-1(3/2, 1/2) = 3/2, 1, 1/2 | 0, -1/2, -1 | 64 x -1 | -1/2. */
    assert_int_equal(sg_coupons_init(&c, V("3/2"), V("1/2"), true, err, sizeof err), SG_OK);
    assert_int_equal(c.count, 3 + 3 + SG_COUPONS_MINUS_ONES + 1);
    assert_value(sg_coupons_at(&c, 3), "0");
    assert_value(sg_coupons_at(&c, 4), "-1/2");
    assert_value(sg_coupons_at(&c, 5), "-1");
    assert_value(sg_coupons_at(&c, 6), "-1");
    assert_value(sg_coupons_at(&c, c.count - 1), "-1/2");
    /* Unbiased for delta = 1/2, V(C_-1, p) = V(C, p) = +-1. By hand, Left first:
     * 3/2 - 1 + 1/2 - 0 + (-1/2) - (-1), then the 64 coupons of -1 cancel in pairs and
     * Left takes the final -1/2: 3/2 - 1 + 1/2 - 1/2 + 1 - 1/2 = 1. */
    assert_value(sg_coupons_value(&c, 0, SG_LEFT), "1");
    assert_value(sg_coupons_value(&c, 0, SG_RIGHT), "-1");
    size_t i;
    assert_true(sg_coupons_index_of(&c, V("1/2"), &i));
    assert_int_equal(i, 2);
    assert_true(sg_coupons_index_of(&c, V("-1"), &i));
    assert_int_equal(i, 5);
    assert_false(sg_coupons_index_of(&c, V("2"), &i));
    sg_coupons_free(&c);

    /* delta = 1 is biased: C_-1(2, 1) = 2, 1, 0, -1, 64 x -1, -1/2 gives Left
     * 2 - 1 + 0 + 1 + 0 - 1/2 = 3/2, not V(C(2, 1), Left) = 1. */
    assert_int_equal(sg_coupons_init(&c, V("2"), V("1"), true, err, sizeof err), SG_OK);
    assert_value(sg_coupons_value(&c, 0, SG_LEFT), "3/2");
    sg_coupons_free(&c);
}

static void test_stack_errors(void **state)
{
    (void)state;
    sg_coupons c;
    char err[256];
    assert_int_equal(sg_coupons_init(&c, V("1"), V("0"), false, err, sizeof err),
                     SG_ERR_INVALID);
    assert_string_equal(err, "coupon stack: delta 0 is not positive");
    assert_int_equal(sg_coupons_init(&c, V("3/4"), V("1/2"), false, err, sizeof err),
                     SG_ERR_INVALID);
    assert_string_equal(err, "coupon stack: t_max 3/4 is not a multiple of delta 1/2");
    assert_int_equal(sg_coupons_init(&c, V("3/2"), V("3/4"), true, err, sizeof err),
                     SG_ERR_INVALID);
    assert_int_equal(sg_coupons_init(&c, V("-1"), V("1"), false, err, sizeof err),
                     SG_ERR_INVALID);
    assert_int_equal(sg_coupons_init(&c, V("1000"), V("1/16"), true, err, sizeof err),
                     SG_ERR_RANGE);
    assert_string_equal(err, "coupon stack: t_max 1000 / delta 1/16 is more than 4000 coupons");
}

/* The hooks the engine calls: the coupon move, points, the -1 run, pseudo-terminal
 * leaves, and the reset by a move in the game. */
static void test_stack_as_extra(void **state)
{
    (void)state;
    sg_coupons c;
    char err[256];
    assert_int_equal(sg_coupons_init(&c, V("1/2"), V("1/2"), true, err, sizeof err), SG_OK);
    /* 1/2 | 0, -1/2, -1 | -1 x 64 | -1/2 */
    sg_search_extra x;
    sg_coupons_extra(&c, sg_coupons_state(&c, 0, 0, false), &x);
    uint64_t s = x.initial_state, next;
    sg_value pts;
    assert_int_equal(x.move_count(x.ctx, s, SG_LEFT), 1);
    x.play(x.ctx, s, SG_RIGHT, 0, &next, &pts);
    assert_value(pts, "-1/2");
    assert_int_equal(sg_coupons_state_taken(&c, next), 1);
    /* Take 0, -1/2 and the first -1 (index 3): a run of one. */
    s = next;
    for (int k = 0; k < 3; k++) {
        x.play(x.ctx, s, k % 2 ? SG_LEFT : SG_RIGHT, 0, &next, &pts);
        s = next;
    }
    assert_int_equal(sg_coupons_state_minus_ones(s), 1);
    sg_value leaf;
    assert_false(x.leaf(x.ctx, s, NULL, SG_LEFT, &leaf));
    /* A move in the game breaks the run. */
    uint64_t after = x.after_sum_move(x.ctx, s);
    assert_int_equal(sg_coupons_state_minus_ones(after), 0);
    assert_int_equal(sg_coupons_state_taken(&c, after), 4);
    /* Two -1 coupons in a row: pseudo-terminal. The rest is 63 x -1 and -1/2: Right
     * first takes 32 of the -1 coupons and Left 31, and Left the -1/2, so Right is 1 down
     * and 1/2 up: Left's view +1/2. Left first: -32 + 31 + 1/2 = -1/2. */
    x.play(x.ctx, s, SG_LEFT, 0, &next, &pts);
    assert_value(pts, "-1");
    assert_int_equal(sg_coupons_state_minus_ones(next), 2);
    assert_int_equal(x.move_count(x.ctx, next, SG_RIGHT), 0);
    assert_true(x.leaf(x.ctx, next, NULL, SG_RIGHT, &leaf));
    assert_value(leaf, "1/2");
    assert_value(x.value(x.ctx, next, SG_LEFT), "-1/2");
    /* The flag that withholds the coupon until a move in the game. */
    uint64_t g = sg_coupons_state(&c, 0, 0, true);
    assert_int_equal(x.move_count(x.ctx, g, SG_LEFT), 0);
    assert_int_equal(x.move_count(x.ctx, x.after_sum_move(x.ctx, g), SG_LEFT), 1);
    sg_coupons_free(&c);
}

/* ---- exact TDS ------------------------------------------------------------------ */

static void parse(const char *text, unsigned char *pos)
{
    char err[256];
    if (rcg.game.desc->parse(rcg.game.instance, text, pos, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", text, err);
}

static sg_tds_config exact_config(const char *delta)
{
    sg_tds_config c = { .delta = V(delta) };
    return c;
}

static void tds_of(const char *text, const sg_tds_config *config, sg_estimate *e)
{
    unsigned char pos[SG_POS_MAX];
    parse(text, pos);
    char err[256];
    if (sg_tds_estimate(tds, &rcg.game, pos, config, e, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", text, err);
}

static void expect_exact(const char *text, const char *delta, const char *mean,
                         const char *temperature)
{
    sg_tds_config c = exact_config(delta);
    sg_estimate e;
    tds_of(text, &c, &e);
    assert_true(e.exact);
    char m[SG_VALUE_TEXT_MAX], t[SG_VALUE_TEXT_MAX];
    sg_value_format(e.mean, m, sizeof m);
    sg_value_format(e.temperature, t, sizeof t);
    if (strcmp(m, mean) != 0 || strcmp(t, temperature) != 0)
        fail_msg("%s, delta %s: mean %s temperature %s, want %s and %s", text, delta, m, t,
                 mean, temperature);
}

static void test_exact_by_hand(void **state)
{
    (void)state;
    /* {2|-1}: mean (2 + -1)/2, temperature (2 - -1)/2. */
    expect_exact("{2|-1}", "1/16", "1/2", "3/2");
    expect_exact("{2|-1}", "1/4", "1/2", "3/2");
    /* 114|66||49|0: Left's option 90 +- 24, Right's 49/2 +- 49/2; the walls 90 - t and
     * 49/2 + t meet at t = 131/4, x = 229/4. */
    expect_exact("114|66||49|0", "1/16", "229/4", "131/4");
    /* Left's 10|0 is a sente threat, Right's move to -1 at t = 1 sets the temperature. */
    expect_exact("10|0||-1", "1/16", "0", "1");
    expect_exact("1||0|-10", "1/16", "0", "1");
    /* miny-10: an infinitesimal, temperature 0, though Left may play it up to t = 5. */
    expect_exact("10|0||0", "1/16", "0", "0");
    /* 1* and a switch of the smallest possible spread. */
    expect_exact("{1|1}", "1/16", "1", "0");
    expect_exact("{1|0}", "1/4", "1/2", "1/2");
    /* Numbers need no search: -1 for integers, -1/2^k for m/2^k. */
    expect_exact("5/2", "1/16", "5/2", "-1/2");
    expect_exact("3", "1/16", "3", "-1");
}

static void test_best_moves_and_cases(void **state)
{
    (void)state;
    /* Left's L2 (to 1) beats L1 (to 0); Right's R1 (to -5) beats R2 (to -1). */
    sg_tds_config c = exact_config("1/4");
    sg_estimate e;
    tds_of("{0,1|-5,-1}", &c, &e);
    assert_value(e.mean, "-2");
    assert_value(e.temperature, "3");
    assert_true(e.has_best_left && e.has_best_right);
    assert_int_equal(e.best_left & 0xffffffffu, 1);
    assert_int_equal(e.best_right & 0xffffffffu, 0);
    assert_int_equal(e.tds_case_left, SG_TDS_REGULAR);
    assert_int_equal(e.tds_case_right, SG_TDS_REGULAR);
    assert_value(e.left_stop, "1");
    assert_value(e.right_stop, "-5");
    assert_value(e.tds_delta, "1/4");
    /* The game's bound is (1 - -5)/2 = 3; t_max = 3 + delta. */
    assert_value(e.tds_tmax, "13/4");
}

/* A stack that starts below the temperature: the first PV plays G at once (fail low);
 * exact TDS raises t_max until the stack is hot enough and is still exact. */
static void test_exact_fail_low_raises_tmax(void **state)
{
    (void)state;
    sg_tds_config c = exact_config("1/4");
    c.has_tmax = true;
    c.tmax = V("0");
    sg_estimate e;
    tds_of("{2|-1}", &c, &e);
    assert_int_equal(e.tds_case_left, SG_TDS_FAIL_LOW);
    assert_int_equal(e.tds_case_right, SG_TDS_FAIL_LOW);
    assert_true(sg_value_cmp(e.tds_tmax, V("3/2")) > 0);
    assert_value(e.mean, "1/2");
    assert_value(e.temperature, "3/2");
    assert_true(e.exact);
}

/* Heuristic TDS on {2|-1} + C_-1(4, 1) = 4, 3, 2, 1, 0, -1, 64 x -1, -1/2, depth 1.
 * Left first: the coupon 4 ends at a depth-limited leaf worth 4 + evaluate(G) = 1/2 +
 * V(rest, Right) = -(3 - 2 + 1 - 0 - 1 + 0 + 1/2) = -3/2, total 3; the move to 2 ends
 * the game: 2 + V(C, Right) = 2 - (4 - 3/2) = -1/2. The PV is the coupon: fail high.
 * Right first mirrors it (-2 against 3/2).
 * From t_max = 0 (0, -1, 64 x -1, -1/2), depth 2: Left's move to 2 scores 2 - 1/2 =
 * 3/2; after the coupon 0 Right moves to -1, scoring -1 + V(-1, 64 x -1, -1/2; Left) =
 * -1 - 1/2 = -3/2. The PV starts in G: fail low. */
static void test_heuristic_cases(void **state)
{
    (void)state;
    sg_tds_config c = exact_config("1");
    c.has_tmax = true;
    c.tmax = V("4");
    c.depth = 1;
    sg_estimate e;
    tds_of("{2|-1}", &c, &e);
    assert_int_equal(e.tds_case_left, SG_TDS_FAIL_HIGH);
    assert_int_equal(e.tds_case_right, SG_TDS_FAIL_HIGH);
    assert_false(e.exact);

    c.tmax = V("0");
    c.depth = 2;
    tds_of("{2|-1}", &c, &e);
    assert_int_equal(e.tds_case_left, SG_TDS_FAIL_LOW);
    assert_int_equal(e.tds_case_right, SG_TDS_FAIL_LOW);

    /* Deep enough to see the whole line from t_max = 2 (coupon 2, then G): regular. */
    c.tmax = V("2");
    c.depth = 40;
    tds_of("{2|-1}", &c, &e);
    assert_int_equal(e.tds_case_left, SG_TDS_REGULAR);
    assert_int_equal(e.tds_case_right, SG_TDS_REGULAR);
}

/* ---- random trees against the thermograph -------------------------------------- */

static void compare_with_thermograph(const unsigned char *pos, const char *delta, int *checked)
{
    char err[256], text[4096];
    const sg_thermograph *th;
    assert_int_equal(sg_thermograph_of_position(cache, &rcg.game, pos, 0, &th, err, sizeof err),
                     SG_OK);
    sg_tds_config c = exact_config(delta);
    sg_estimate e;
    if (sg_tds_estimate(tds, &rcg.game, pos, &c, &e, err, sizeof err) != SG_OK)
        fail_msg("tds: %s", err);
    if (!sg_value_eq(e.mean, th->mean) || !sg_value_eq(e.temperature, th->temperature) ||
        !e.exact) {
        char a[4][SG_VALUE_TEXT_MAX];
        rcg.game.desc->format(rcg.game.instance, pos, text, sizeof text);
        sg_value_format(e.mean, a[0], sizeof a[0]);
        sg_value_format(e.temperature, a[1], sizeof a[1]);
        sg_value_format(th->mean, a[2], sizeof a[2]);
        sg_value_format(th->temperature, a[3], sizeof a[3]);
        fail_msg("%s, delta %s: tds mean %s temperature %s, thermograph %s and %s", text, delta,
                 a[0], a[1], a[2], a[3]);
    }
    (*checked)++;
}

static void rcg_trees(int levels, int count, uint64_t seed, int *checked)
{
    char lv[8], err[256];
    snprintf(lv, sizeof lv, "%d", levels);
    sg_param items[] = { { "levels", lv, 0 }, { "size", "50", 0 } };
    sg_params params = { "test", "sum", items, 2 };
    support_game gen;
    support_game_open(&gen, "rcg", &params);
    sg_rng rng;
    sg_rng_seed(&rng, seed);
    /* The paper's delta for height k, and 1/16. */
    char paper_delta[16];
    snprintf(paper_delta, sizeof paper_delta, "1/%d", 1 << (levels + 1));
    for (int i = 0; i < count; i++) {
        unsigned char pos[SG_POS_MAX], mine[SG_POS_MAX];
        char text[4096];
        assert_int_equal(gen.game.desc->generate(gen.game.instance, &rng, pos, err, sizeof err),
                         SG_OK);
        gen.game.desc->format(gen.game.instance, pos, text, sizeof text);
        parse(text, mine);
        compare_with_thermograph(mine, "1/16", checked);
        if (levels < 3)
            compare_with_thermograph(mine, paper_delta, checked);
    }
    support_game_close(&gen);
}

static void test_random_rcg_trees(void **state)
{
    (void)state;
    int checked = 0;
    rcg_trees(1, 60, 11, &checked);
    rcg_trees(2, 60, 12, &checked);
    rcg_trees(3, 40, 13, &checked);
    assert_int_equal(checked, 60 * 2 + 60 * 2 + 40);
}

/* Trees of height <= 3 with integer leaves and up to three options a side, so dominated
 * and reversible options, sente and infinitesimals all occur. */
static void random_tree(sg_rng *rng, int depth, char *buf, size_t cap)
{
    static const char *const leaves[] = { "-6", "-5", "-4", "-3", "-2", "-1", "0",
                                          "1",  "2",  "3",  "4",  "5",  "6" };
    support_random_tree(rng, depth, leaves, 13, false, buf, cap);
}

static void test_random_general_trees(void **state)
{
    (void)state;
    sg_rng rng;
    sg_rng_seed(&rng, 2024);
    int checked = 0;
    for (int i = 0; i < 300; i++) {
        char text[4096] = "";
        random_tree(&rng, 3, text, sizeof text);
        unsigned char pos[SG_POS_MAX];
        parse(text, pos);
        compare_with_thermograph(pos, "1/16", &checked);
    }
    assert_int_equal(checked, 300);
}

/* ---- the estimator interface ------------------------------------------------------ */

static void test_estimator_tds(void **state)
{
    (void)state;
    char err[256];
    sg_estimator *est;
    sg_param items[] = { { "delta", "1/4", 3 }, { "enhancements", SUPPORT_TDS_ENHANCEMENTS_TEXT, 4 } };
    sg_params params = { "conf/x.ini", "strategy.tds", items, 2 };
    assert_int_equal(sg_estimator_new("tds", &params, &est, err, sizeof err), SG_OK);
    unsigned char pos[SG_POS_MAX];
    parse("{2|-1}", pos);
    sg_estimate e;
    assert_int_equal(sg_estimator_estimate(est, &rcg.game, pos, NULL, &e, err, sizeof err),
                     SG_OK);
    assert_value(e.mean, "1/2");
    assert_value(e.temperature, "3/2");
    assert_true(e.nodes > 0);
    /* The second estimate of the same component comes from the cache. */
    assert_int_equal(sg_estimator_estimate(est, &rcg.game, pos, NULL, &e, err, sizeof err),
                     SG_OK);
    assert_int_equal(e.nodes, 0);
    assert_value(e.temperature, "3/2");
    sg_estimator_free(est);

    items[0] = (sg_param){ "delta", "3/4", 3 };
    assert_int_equal(sg_estimator_new("tds", &params, &est, err, sizeof err), SG_ERR_INVALID);
    assert_string_equal(err, "conf/x.ini:3: strategy.tds: delta = 3/4 is not one of 1, 1/2, "
                             "1/4, ... (down to 1/2^30)");
    items[0] = (sg_param){ "detla", "1/4", 7 };
    assert_int_equal(sg_estimator_new("tds", &params, &est, err, sizeof err), SG_ERR_INVALID);
    assert_string_equal(err, "conf/x.ini:7: strategy.tds: unknown key 'detla'");
}

/* ---- the command line and the strategy ------------------------------------------- */

static void test_analyze_tds(void **state)
{
    (void)state;
    support_run r = support_host("analyze 'rcg:{2|-1}' --method tds --delta 1/4", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "method:                   tds (complete search)\n"));
    assert_non_null(strstr(r.out, "mean:                     1/2\n"));
    assert_non_null(strstr(r.out, "temperature:              3/2\n"));
    assert_non_null(strstr(r.out, "coupon stack:             C_-1(7/4, 1/4)\n"));
    assert_non_null(strstr(r.out, "TDS case, Left first:     regular\n"));
    assert_non_null(strstr(r.out, "best Left move:           L1\n"));
    support_run_free(&r);

    /* t(G) = 131/4 is far above the stack's top 4. At depth 1, Left's move to 114|66
     * (evaluate 90) beats the coupon 4 plus evaluate(G) = 115/2 by 49/2 + 2 V(rest) with
     * |V(rest)| <= 3: the PV starts in G, fail low; heuristic, so not exact. */
    r = support_host("analyze 'rcg:114|66||49|0' --method tds --depth 1 --tmax 4 --delta 1 "
                     "--json", NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"exact\":false"));
    assert_non_null(strstr(r.out, "\"tds_case_left\":\"fail-low\""));
    assert_non_null(strstr(r.out, "\"delta\":\"1\""));
    support_run_free(&r);

    r = support_host("analyze 'rcg:{2|-1}' --method tds --delta 3/4", NULL);
    support_assert_error(&r, "analyze: delta = 3/4 is not one of 1, 1/2, 1/4");
    support_run_free(&r);
    r = support_host("analyze 'rcg:{2|-1}' --method tds --depth -2", NULL);
    support_assert_error(&r, "depth = -2 is out of range");
    support_run_free(&r);
    r = support_host("analyze 'rcg:{2|-1}' --method tds --tmax -1", NULL);
    support_assert_error(&r, "tmax must not be negative");
    support_run_free(&r);
}

/* Against exact alpha-beta nobody does better than the optimum, so Hotstrat-TDS's mean
 * over colour-swapped pairs is at most 0; it must never forfeit. Once with exact TDS
 * (no move budget) and once heuristic (a node budget per move shared by components). */
static void test_hotstrat_tds_match(void **state)
{
    (void)state;
    static const char *const budgets[] = { "", "nodes_per_move = 20000\n" };
    for (int k = 0; k < 2; k++) {
        char cfg[1024];
        snprintf(cfg, sizeof cfg,
                 "[match]\nleft = htds\nright = ab\ngames = 6\nseed = 7\n%s"
                 "[sum]\ngenerator = rcg\ncomponents = 3\nlevels = 2\nsize = 30\n"
                 "[strategy.htds]\nplugin = hotstrat\nestimator = tds\ndelta = 1/8\n"
                 "[strategy.ab]\nplugin = alphabeta\n",
                 budgets[k]);
        char *path = support_temp_file(".ini", cfg);
        /* in-process, the summary's numbers: "games":12, "forfeits":0, "mean" */
        match_result r;
        support_match_ok(path, NULL, NULL, &r);
        assert_int_equal(r.tally.games, 12);
        assert_int_equal(r.tally.forfeits, 0);
        char mean[32], sd[32];
        support_tally_stats(&r.tally, mean, sd, sizeof mean);
        if (atof(mean) > 0)
            fail_msg("hotstrat-tds scored %s against an optimal player", mean);
        match_result_free(&r);
        remove(path);
        free(path);
    }
}

static void test_hotstrat_keys(void **state)
{
    (void)state;
    char *path = support_temp_file(".ini",
                                   "[match]\nleft = htds\nright = ab\ngames = 2\n"
                                   "[sum]\ngenerator = rcg\n"
                                   "[strategy.htds]\nplugin = hotstrat\ndelta = 1/8\n"
                                   "[strategy.ab]\nplugin = alphabeta\n");
    /* in-process: the error line `sumgame match` prints */
    match_plan plan;
    match_result m;
    char err[4096];
    assert_int_not_equal(support_match(path, NULL, NULL, &plan, &m, err, sizeof err), SG_OK);
    match_plan_free(&plan);
    match_result_free(&m);
    support_assert_contains(err, "strategy.htds: key 'delta' is not for estimator exact");
    remove(path);
    free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_simple_stack_by_hand),
        cmocka_unit_test(test_extended_stack_by_hand),
        cmocka_unit_test(test_stack_errors),
        cmocka_unit_test(test_stack_as_extra),
        cmocka_unit_test(test_exact_by_hand),
        cmocka_unit_test(test_best_moves_and_cases),
        cmocka_unit_test(test_exact_fail_low_raises_tmax),
        cmocka_unit_test(test_heuristic_cases),
        cmocka_unit_test(test_random_rcg_trees),
        cmocka_unit_test(test_random_general_trees),
        cmocka_unit_test(test_estimator_tds),
        cmocka_unit_test(test_analyze_tds),
        cmocka_unit_test(test_hotstrat_tds_match),
        cmocka_unit_test(test_hotstrat_keys),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
