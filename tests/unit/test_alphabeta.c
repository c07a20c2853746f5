/* The alphabeta strategy plugin: key validation, optimal play on rcg sums whose values
 * are known (issue 2: Müller-Li's trees give 211 with Left first and 114 with Right
 * first; {0|1} played out ends at 0 with Left first and 1 with Right first), and a legal
 * move under budgets too small for any search. */
#include "support.h"

#include <stdio.h>
#include <string.h>

#include "sumgame/loader.h"
#include "sumgame/strategy.h"

static sg_plugin strategy;
static support_game rcg;

static int setup(void **state)
{
    (void)state;
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/strategies/alphabeta.so", support_build_dir());
    if (sg_plugin_open_file(path, SG_PLUGIN_STRATEGY, &strategy, err, sizeof err) != SG_OK) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    support_game_open(&rcg, "rcg", NULL);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    support_game_close(&rcg);
    sg_plugin_close(&strategy);
    return 0;
}

static void *create(const sg_param *items, size_t count)
{
    sg_params p = { "conf/t.ini", "strategy.ab", items, count };
    void *inst = NULL;
    char err[512];
    if (strategy.desc.strategy->create(sg_default_host(), &p, &inst, err, sizeof err) != SG_OK)
        fail_msg("create: %s", err);
    return inst;
}

static void expect_create_error(const char *key, const char *value, const char *needle)
{
    sg_param item = { key, value, 12 };
    sg_params p = { "conf/t.ini", "strategy.ab", &item, 1 };
    void *inst = NULL;
    char err[512] = "";
    assert_int_not_equal(strategy.desc.strategy->create(sg_default_host(), &p, &inst, err,
                                                        sizeof err),
                         SG_OK);
    if (!strstr(err, needle) || !strstr(err, "conf/t.ini:12: strategy.ab: "))
        fail_msg("%s=%s: message '%s' lacks '%s'", key, value, err, needle);
}

static void test_keys(void **state)
{
    (void)state;
    expect_create_error("detla", "1", "unknown key 'detla'");
    expect_create_error("depth", "x", "depth");
    expect_create_error("depth", "-1", "depth");
    expect_create_error("tt_log2", "3", "tt_log2");
    expect_create_error("tt_log2", "29", "tt_log2");
    sg_param ok[2] = { { "depth", "3", 1 }, { "tt_log2", "10", 2 } };
    void *inst = create(ok, 2);
    strategy.desc.strategy->destroy(inst);

    /* The approximate searches' keys (Müller-Li §3.2). */
    expect_create_error("evaluate", "mean", "evaluate = 'mean' is not one of: game, static, rollout");
    expect_create_error("bound", "-0.8", "bound = '-0.8' is not a non-negative factor");
    expect_create_error("bound", "0.8.1", "bound = '0.8.1'");
    expect_create_error("bound", "1/3", "bound = '1/3'");
    expect_create_error("order", "hot", "order = 'hot' is not one of: auto, none, prev, temp, "
                                        "temp+prev, incentive");
    expect_create_error("incentives", "maybe", "incentives = 'maybe' is not a boolean");
    static const char *const good[][2] = {
        { "evaluate", "game" }, { "evaluate", "static" }, { "evaluate", "rollout" },
        { "bound", "0.8" },     { "bound", "3/4" },       { "bound", "0" },
        { "order", "auto" },    { "order", "none" },      { "order", "temp+prev" },
        { "order", "incentive" }, { "incentives", "yes" }, { "incentives", "no" },
    };
    for (size_t i = 0; i < sizeof good / sizeof good[0]; i++) {
        sg_param one = { good[i][0], good[i][1], 3 };
        inst = create(&one, 1);
        strategy.desc.strategy->destroy(inst);
    }
    /* The paper's players. */
    sg_param temp_hr[3] = { { "bound", "0.8", 1 }, { "evaluate", "rollout", 2 },
                            { "tt_log2", "12", 3 } };
    inst = create(temp_hr, 3);
    strategy.desc.strategy->destroy(inst);
}

static sg_sum *parse_sum(const char *const *texts, size_t n)
{
    sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
    for (size_t i = 0; i < n; i++) {
        _Alignas(16) unsigned char pos[SG_POS_MAX];
        char err[256];
        if (rcg.game.desc->parse(rcg.game.instance, texts[i], pos, err, sizeof err) != SG_OK ||
            sg_sum_add(sum, &rcg.game, pos, err, sizeof err) != SG_OK)
            fail_msg("%s: %s", texts[i], err);
    }
    return sum;
}

/* Both sides played by inst until the sum is over; returns the final score. */
static sg_value self_play(void *inst, const sg_sum *start, sg_player first,
                          const sg_budget *budget)
{
    sg_rng rng = { { 1, 2, 3, 4 } };
    strategy.desc.strategy->new_game(inst, &rng);
    return support_self_play(strategy.desc.strategy, inst, start, first, budget);
}

static void test_optimal_play(void **state)
{
    (void)state;
    const char *trees[2] = { "114|66||49|0", "237|191||145|124|||97|57||32|0" };
    sg_sum *sum = parse_sum(trees, 2);
    void *inst = create(NULL, 0);
    sg_budget unlimited = { 0 };
    assert_true(sg_value_eq(self_play(inst, sum, SG_LEFT, &unlimited), sg_value_int(211)));
    assert_true(sg_value_eq(self_play(inst, sum, SG_RIGHT, &unlimited), sg_value_int(114)));

    /* The only optimal first move for Left is in the second tree (1:L1 leads to 163). */
    sg_sum_move mv;
    char err[256];
    const sg_strategy_desc *d = strategy.desc.strategy;
    assert_int_equal(d->choose(inst, sum, SG_LEFT, &unlimited, &mv, err, sizeof err), SG_OK);
    assert_int_equal(mv.component, 1);
    sg_strategy_stats st;
    d->stats(inst, &st);
    assert_true(st.nodes > 0);
    assert_true(st.depth >= 1);
    d->destroy(inst);
    sg_sum_free(sum);

    /* {0|1} is played out in real play: Left first ends at 0, Right first at 1. */
    const char *half[1] = { "{0|1}" };
    sum = parse_sum(half, 1);
    inst = create(NULL, 0);
    assert_true(sg_value_eq(self_play(inst, sum, SG_LEFT, &unlimited), sg_value_int(0)));
    assert_true(sg_value_eq(self_play(inst, sum, SG_RIGHT, &unlimited), sg_value_int(1)));
    d->destroy(inst);
    sg_sum_free(sum);
}

static void test_budgets(void **state)
{
    (void)state;
    const char *trees[3] = { "114|66||49|0", "237|191||145|124|||97|57||32|0", "{3|1}" };
    sg_sum *sum = parse_sum(trees, 3);
    const sg_strategy_desc *d = strategy.desc.strategy;
    char err[256];
    sg_sum_move mv;
    sg_strategy_stats st;

    /* One node: no iteration completes, yet a legal move comes back. */
    void *inst = create(NULL, 0);
    sg_budget one = { .nodes = 1 };
    assert_int_equal(d->choose(inst, sum, SG_RIGHT, &one, &mv, err, sizeof err), SG_OK);
    sg_sum *after = sg_sum_new(SG_FREEZE_INTEGERS);
    assert_int_equal(sg_sum_play(sum, SG_RIGHT, mv, after, err, sizeof err), SG_OK);
    d->stats(inst, &st);
    assert_int_equal(st.depth, 0);
    assert_int_equal(st.nodes, 1);

    /* The depth key and the budget's depth limit the lookahead. */
    d->destroy(inst);
    sg_param depth1 = { "depth", "1", 1 };
    inst = create(&depth1, 1);
    sg_budget unlimited = { 0 };
    assert_int_equal(d->choose(inst, sum, SG_LEFT, &unlimited, &mv, err, sizeof err), SG_OK);
    d->stats(inst, &st);
    assert_int_equal(st.depth, 1);
    d->destroy(inst);
    inst = create(NULL, 0);
    sg_budget depth2 = { .depth = 2 };
    assert_int_equal(d->choose(inst, sum, SG_LEFT, &depth2, &mv, err, sizeof err), SG_OK);
    d->stats(inst, &st);
    assert_int_equal(st.depth, 2);

    /* Node budgets are reproducible: the same game twice gives the same score. */
    sg_budget some = { .nodes = 40 };
    sg_value first = self_play(inst, sum, SG_LEFT, &some);
    assert_true(sg_value_eq(self_play(inst, sum, SG_LEFT, &some), first));
    d->destroy(inst);
    sg_sum_free(after);
    sg_sum_free(sum);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keys),
        cmocka_unit_test(test_optimal_play),
        cmocka_unit_test(test_budgets),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
