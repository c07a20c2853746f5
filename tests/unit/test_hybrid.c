/* The hybrid strategy (strategies/hybrid): its keys, a hand-worked choice, exact play when
 * nothing is cut (width 0, bound 0, no depth limit: INC keeps exact play exact, and a
 * position with no component hotter than 0 is scored exactly on rcg trees), a legal move
 * under a budget too small for any search, and a match through the host.
 *
 * Hand example (Müller-Li §2.1): in 10|0||-1 + {3|-3} Left's best first move is the threat
 * to {10|0}: Right must answer at 0 and Left then takes the switch, 3; taking the switch
 * first lets Right play the reverse sente move to -1, 2. Right moving first takes the
 * switch (-3: Left's threat is then answered), not -1 (Left takes the switch, 2). */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sumgame/loader.h"
#include "sumgame/rng.h"
#include "sumgame/solve.h"
#include "sumgame/strategy.h"

static sg_plugin hybrid;
static support_game rcg;

static int setup(void **state)
{
    (void)state;
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/strategies/hybrid.so", support_build_dir());
    if (sg_plugin_open_file(path, SG_PLUGIN_STRATEGY, &hybrid, err, sizeof err) != SG_OK) {
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
    sg_plugin_close(&hybrid);
    return 0;
}

static void *create(const sg_param *items, size_t count)
{
    sg_params p = { "conf/h.ini", "strategy.hy", items, count };
    void *inst = NULL;
    char err[512];
    if (hybrid.desc.strategy->create(sg_default_host(), &p, &inst, err, sizeof err) != SG_OK)
        fail_msg("create: %s", err);
    return inst;
}

static void expect_create_error(const char *key, const char *value, const char *needle)
{
    sg_param item = { key, value, 9 };
    sg_params p = { "conf/h.ini", "strategy.hy", &item, 1 };
    void *inst = NULL;
    char err[512] = "";
    assert_int_not_equal(hybrid.desc.strategy->create(sg_default_host(), &p, &inst, err,
                                                      sizeof err),
                         SG_OK);
    if (!strstr(err, needle) || !strstr(err, "conf/h.ini:9: strategy.hy: "))
        fail_msg("%s=%s: message '%s' lacks '%s'", key, value, err, needle);
}

static void test_keys(void **state)
{
    (void)state;
    expect_create_error("widht", "2", "unknown key 'widht'");
    expect_create_error("width", "-1", "width");
    expect_create_error("root_width", "x", "root_width = 'x' is not an integer");
    expect_create_error("thermostrat", "maybe", "thermostrat = 'maybe' is not a boolean");
    expect_create_error("incentives", "2", "incentives = '2' is not a boolean");
    expect_create_error("bound", "-0.5", "bound = '-0.5' is not a non-negative factor");
    expect_create_error("depth", "-1", "depth");
    expect_create_error("leaf", "mean", "leaf = 'mean' is not one of: biased, static, rollout");
    expect_create_error("tt_log2", "3", "tt_log2");
    sg_param all[8] = { { "width", "2", 1 },         { "root_width", "3", 2 },
                        { "thermostrat", "yes", 3 }, { "incentives", "no", 4 },
                        { "bound", "3/4", 5 },       { "depth", "6", 6 },
                        { "leaf", "biased", 7 },     { "tt_log2", "10", 8 } };
    void *inst = create(all, 8);
    hybrid.desc.strategy->destroy(inst);
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

static void test_threat_first(void **state)
{
    (void)state;
    const char *texts[2] = { "10|0||-1", "{3|-3}" };
    sg_sum *sum = parse_sum(texts, 2);
    const sg_strategy_desc *d = hybrid.desc.strategy;
    /* The defaults and each key's variants find it (with root_width 1 the hottest for
     * Left is the threat: pseudo-temperature 5 against 3). */
    static const char *const keys[][2] = {
        { "depth", "8" },      { "width", "1" },     { "width", "2" },
        { "root_width", "1" }, { "thermostrat", "yes" }, { "incentives", "no" },
        { "leaf", "static" },  { "leaf", "biased" },
    };
    for (size_t k = 0; k < sizeof keys / sizeof keys[0]; k++) {
        sg_param one = { keys[k][0], keys[k][1], 1 };
        void *inst = create(&one, 1);
        sg_rng rng = { { 1, 2, 3, 4 } };
        d->new_game(inst, &rng);
        sg_budget unlimited = { 0 };
        sg_sum_move mv;
        char err[256];
        assert_int_equal(d->choose(inst, sum, SG_LEFT, &unlimited, &mv, err, sizeof err), SG_OK);
        assert_int_equal(mv.component, 0);
        assert_int_equal(d->choose(inst, sum, SG_RIGHT, &unlimited, &mv, err, sizeof err),
                         SG_OK);
        assert_int_equal(mv.component, 1);
        assert_true(sg_value_eq(support_self_play(d, inst, sum, SG_LEFT, &unlimited),
                                sg_value_int(3)));
        assert_true(sg_value_eq(support_self_play(d, inst, sum, SG_RIGHT, &unlimited),
                                sg_value_int(-3)));
        sg_strategy_stats st;
        d->stats(inst, &st);
        assert_true(st.nodes >= 1);
        d->destroy(inst);
    }
    sg_sum_free(sum);
}

static sg_value solver_stop(const sg_sum *sum, sg_player first)
{
    char err[256];
    sg_sum *frozen = sg_sum_new(SG_FREEZE_NUMBERS);
    sg_sum_add_frozen(frozen, sg_sum_frozen(sum));
    for (size_t i = 0; i < sg_sum_count(sum); i++)
        if (sg_sum_add(frozen, sg_sum_game(sum, i), sg_sum_pos(sum, i), err, sizeof err) != SG_OK)
            fail_msg("%s", err);
    sg_solve_config config = { .tt_log2 = 14 };
    sg_solver *s;
    sg_solve_answer a;
    if (sg_solver_new(&config, &s, err, sizeof err) != SG_OK ||
        sg_solver_load(s, frozen, err, sizeof err) != SG_OK ||
        sg_solver_solve(s, first, &a, err, sizeof err) != SG_OK)
        fail_msg("solve: %s", err);
    sg_solver_free(s);
    sg_sum_free(frozen);
    return a.stop;
}

/* With nothing cut, the hybrid plays both sides to the stop on random rcg(2, 50) sums. */
static void check_exact(const sg_param *extra, size_t nextra)
{
    sg_param items[8] = { { "width", "0", 1 }, { "bound", "0", 2 }, { "depth", "0", 3 } };
    for (size_t i = 0; i < nextra; i++)
        items[3 + i] = extra[i];
    const sg_strategy_desc *d = hybrid.desc.strategy;
    void *inst = create(items, 3 + nextra);
    sg_budget unlimited = { 0 };
    for (int k = 1; k <= 5; k++)
        for (int seed = 1; seed <= 3; seed++) {
            sg_rng rng;
            sg_rng_seed(&rng, (uint64_t)(9000 + 10 * k + seed));
            sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
            char err[256];
            for (int c = 0; c < k; c++) {
                support_pos pos;
                if (rcg.game.desc->generate(rcg.game.instance, &rng, pos.b, err, sizeof err) !=
                        SG_OK ||
                    sg_sum_add(sum, &rcg.game, pos.b, err, sizeof err) != SG_OK)
                    fail_msg("%s", err);
            }
            for (int first = 0; first < 2; first++) {
                sg_player who = first ? SG_RIGHT : SG_LEFT;
                sg_rng game_rng = { { 1, 2, 3, 4 } };
                d->new_game(inst, &game_rng);
                sg_value got = support_self_play(d, inst, sum, who, &unlimited);
                sg_value want = solver_stop(sum, who);
                if (!sg_value_eq(got, want)) {
                    char text[1024], a[64], b[64];
                    sg_sum_format(sum, text, sizeof text);
                    sg_value_format(got, a, sizeof a);
                    sg_value_format(want, b, sizeof b);
                    fail_msg("%s, %s first: hybrid %s, solver %s", text, first ? "right" : "left",
                             a, b);
                }
            }
            sg_sum_free(sum);
        }
    d->destroy(inst);
}

static void test_exact_when_nothing_is_cut(void **state)
{
    (void)state;
    check_exact(NULL, 0);
    sg_param noinc = { "incentives", "no", 4 };
    check_exact(&noinc, 1);
    sg_param thermo = { "thermostrat", "yes", 4 };
    check_exact(&thermo, 1);
    sg_param leaf = { "leaf", "static", 4 };
    check_exact(&leaf, 1);
    sg_param biased = { "leaf", "biased", 4 };
    check_exact(&biased, 1);
}

static void test_budget(void **state)
{
    (void)state;
    const char *texts[3] = { "114|66||49|0", "237|191||145|124|||97|57||32|0", "{3|1}" };
    sg_sum *sum = parse_sum(texts, 3);
    const sg_strategy_desc *d = hybrid.desc.strategy;
    void *inst = create(NULL, 0);
    sg_rng rng = { { 1, 2, 3, 4 } };
    d->new_game(inst, &rng);
    /* One node: no search finishes, Hotstrat+'s move comes back (the hottest component,
     * 237|191||145|124|||97|57||32|0, for either player). */
    sg_budget one = { .nodes = 1 };
    sg_sum_move mv;
    char err[256];
    for (int who = 0; who < 2; who++) {
        assert_int_equal(d->choose(inst, sum, (sg_player)who, &one, &mv, err, sizeof err), SG_OK);
        assert_int_equal(mv.component, 1); /* temperature 511/8; the others 131/4 and 1 */
        sg_sum *after = sg_sum_new(SG_FREEZE_INTEGERS);
        assert_int_equal(sg_sum_play(sum, (sg_player)who, mv, after, err, sizeof err), SG_OK);
        sg_sum_free(after);
        sg_strategy_stats st;
        d->stats(inst, &st);
        assert_int_equal(st.depth, 0);
    }
    /* Node budgets are reproducible. */
    sg_budget some = { .nodes = 50 };
    d->new_game(inst, &rng);
    sg_value a = support_self_play(d, inst, sum, SG_LEFT, &some);
    d->new_game(inst, &rng);
    assert_true(sg_value_eq(support_self_play(d, inst, sum, SG_LEFT, &some), a));
    d->destroy(inst);
    sg_sum_free(sum);
}

static void test_match(void **state)
{
    (void)state;
    char *ini = support_temp_file(".ini",
                                  "[match]\n"
                                  "left = hy\n"
                                  "right = exact\n"
                                  "games = 3\n"
                                  "seed = 1000\n"
                                  "[sum]\n"
                                  "generator = rcg\n"
                                  "components = 6\n"
                                  "[strategy.hy]\n"
                                  "plugin = hybrid\n"
                                  "[strategy.exact]\n"
                                  "plugin = alphabeta\n"
                                  "order = incentive\n"
                                  "incentives = yes\n");
    /* in-process: the summary's "left":"hy", "games":6, "forfeits":0 */
    match_plan plan;
    match_result m;
    char err[4096];
    if (support_match(ini, NULL, NULL, &plan, &m, err, sizeof err) != SG_OK)
        fail_msg("%s", err);
    assert_string_equal(plan.a.name, "hy");
    assert_int_equal(m.tally.games, 6);
    assert_int_equal(m.tally.forfeits, 0);
    match_result_free(&m);
    match_plan_free(&plan);
    unlink(ini);
    free(ini);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_keys),
        cmocka_unit_test(test_threat_first),
        cmocka_unit_test(test_exact_when_nothing_is_cut),
        cmocka_unit_test(test_budget),
        cmocka_unit_test(test_match),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
