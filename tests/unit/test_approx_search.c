/* Approximate global search (Müller-Li §3.2) where it must be exact: on random rcg(k, 50)
 * sums (the paper's generator, drawn by the rcg plugin),
 *   - temperature-bounded αβ with bound 0 equals the exact stop of sg_solver: below the
 *     root, a position with no component hotter than 0 is a leaf, and there the sum of
 *     means is the stop (every component's stops equal its mean, and L(G + H) <= L(G) +
 *     L(H), R(G + H) >= R(G) + R(H), L >= R), and for rcg trees the stop is what playing
 *     to the end gives (test_solve_random.c);
 *   - depth-bounded αβ whose depth reaches the end of every component equals it too;
 * by the engine's score with the evaluators installed (static and rollout), and by the
 * alphabeta strategy playing both sides (a player that never errs ends at the stop). */
#include "support.h"

#include <stdio.h>
#include <string.h>

#include "sumgame/estimator.h"
#include "sumgame/loader.h"
#include "sumgame/rng.h"
#include "sumgame/search.h"
#include "sumgame/solve.h"
#include "sumgame/strategy.h"
#include "sumgame/sum_eval.h"

static support_game rcg2, rcg3;
static sg_plugin alphabeta;

static int setup(void **state)
{
    (void)state;
    sg_param three = { "levels", "3", 0 };
    sg_params p3 = { "command line", "sum", &three, 1 };
    support_game_open(&rcg2, "rcg", NULL);
    support_game_open(&rcg3, "rcg", &p3);
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/strategies/alphabeta.so", support_build_dir());
    if (sg_plugin_open_file(path, SG_PLUGIN_STRATEGY, &alphabeta, err, sizeof err) != SG_OK) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    support_game_close(&rcg2);
    support_game_close(&rcg3);
    sg_plugin_close(&alphabeta);
    return 0;
}

/* k random components of g drawn with rng. */
static sg_sum *random_sum(support_game *g, sg_rng *rng, int k)
{
    sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
    char err[256];
    for (int c = 0; c < k; c++) {
        support_pos pos;
        if (g->game.desc->generate(g->game.instance, rng, pos.b, err, sizeof err) != SG_OK ||
            sg_sum_add(sum, &g->game, pos.b, err, sizeof err) != SG_OK)
            fail_msg("generate: %s", err);
    }
    return sum;
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
    assert_true(a.exact);
    sg_solver_free(s);
    sg_sum_free(frozen);
    return a.stop;
}

static void describe(const sg_sum *sum, char *buf, size_t cap)
{
    if (sg_sum_format(sum, buf, cap) != SG_OK)
        snprintf(buf, cap, "?");
}

/* The horizon of TEMP-αβ with b = 0: no live component hotter than 0. */
static bool not_hot(void *ctx, const sg_sum *sum, sg_player to_move)
{
    (void)to_move;
    sg_value t;
    char err[256];
    if (sg_sum_eval_tmax(ctx, sum, &t, err, sizeof err) != SG_OK)
        fail_msg("tmax: %s", err);
    return sg_value_cmp(t, sg_value_int(0)) <= 0;
}

/* Engine scores: bound 0 and full depth, each with SE and HR leaves, equal the stop. */
static void check_engine(support_game *g, int levels, int kmax, int seeds)
{
    char err[256];
    sg_estimator *est;
    sg_sum_eval *ev;
    assert_int_equal(sg_estimator_new("exact", NULL, &est, err, sizeof err), SG_OK);
    assert_int_equal(sg_sum_eval_new(est, &ev, err, sizeof err), SG_OK);
    sg_search_config base = { .tt_log2 = 14 };
    sg_search *search = sg_search_new(&base, err, sizeof err);
    assert_non_null(search);
    uint64_t horizon_leaves = 0;
    for (int k = 1; k <= kmax; k++) {
        for (int seed = 1; seed <= seeds; seed++) {
            sg_rng rng;
            sg_rng_seed(&rng, (uint64_t)(levels * 100000 + k * 1000 + seed));
            sg_sum *sum = random_sum(g, &rng, k);
            for (int first = 0; first < 2; first++) {
                sg_player who = first ? SG_RIGHT : SG_LEFT;
                sg_value want = solver_stop(sum, who);
                for (int mode = 0; mode < 4; mode++) {
                    bool bounded = mode < 2, rollout = mode % 2;
                    sg_search_config c = { .iterative = false };
                    c.max_depth = bounded ? 0 : 2 * levels * k;
                    sg_search_set_config(search, &c);
                    sg_search_clear(search);
                    sg_search_set_evaluate(search,
                                           rollout ? sg_sum_eval_rollout : sg_sum_eval_static, ev);
                    sg_search_set_horizon(search, bounded ? not_hot : NULL, ev);
                    sg_sum_eval_stats before, after;
                    sg_sum_eval_stats_get(ev, &before);
                    sg_search_result r;
                    if (sg_search_run(search, sum, who, &r, err, sizeof err) != SG_OK)
                        fail_msg("search: %s", err);
                    assert_int_equal(sg_sum_eval_error(ev, err, sizeof err), SG_OK);
                    sg_sum_eval_stats_get(ev, &after);
                    if (bounded)
                        horizon_leaves += after.evaluations - before.evaluations;
                    if (!sg_value_eq(r.score, want)) {
                        char text[2048], a[64], b[64];
                        describe(sum, text, sizeof text);
                        sg_value_format(r.score, a, sizeof a);
                        sg_value_format(want, b, sizeof b);
                        fail_msg("%s, %s first, %s %s: search %s, solver %s", text,
                                 first ? "right" : "left", bounded ? "bound 0" : "full depth",
                                 rollout ? "HR" : "SE", a, b);
                    }
                }
            }
            sg_sum_free(sum);
        }
    }
    /* The bound did cut: some positions were scored by the evaluators. */
    assert_true(horizon_leaves > 0);
    sg_search_free(search);
    sg_sum_eval_free(ev);
    sg_estimator_free(est);
}

static void test_engine_two_level(void **state)
{
    (void)state;
    check_engine(&rcg2, 2, 6, 6);
}

static void test_engine_three_level(void **state)
{
    (void)state;
    check_engine(&rcg3, 3, 3, 6);
}

static void *create(const sg_param *items, size_t count)
{
    sg_params p = { "conf/t.ini", "strategy.ab", items, count };
    void *inst = NULL;
    char err[512];
    if (alphabeta.desc.strategy->create(sg_default_host(), &p, &inst, err, sizeof err) != SG_OK)
        fail_msg("create: %s", err);
    return inst;
}

/* The strategy playing both sides ends at the stop. */
static void check_strategy(const sg_param *items, size_t count, support_game *g, int kmax,
                           int seeds)
{
    const sg_strategy_desc *d = alphabeta.desc.strategy;
    void *inst = create(items, count);
    sg_budget unlimited = { 0 };
    for (int k = 1; k <= kmax; k++) {
        for (int seed = 1; seed <= seeds; seed++) {
            sg_rng rng;
            sg_rng_seed(&rng, (uint64_t)(7000 + k * 100 + seed));
            sg_sum *sum = random_sum(g, &rng, k);
            for (int first = 0; first < 2; first++) {
                sg_player who = first ? SG_RIGHT : SG_LEFT;
                sg_rng game_rng = { { 1, 2, 3, 4 } };
                d->new_game(inst, &game_rng);
                sg_value got = support_self_play(d, inst, sum, who, &unlimited);
                sg_value want = solver_stop(sum, who);
                if (!sg_value_eq(got, want)) {
                    char text[2048], a[64], b[64];
                    describe(sum, text, sizeof text);
                    sg_value_format(got, a, sizeof a);
                    sg_value_format(want, b, sizeof b);
                    fail_msg("%s, %s first: self-play %s, solver %s (%s = %s)", text,
                             first ? "right" : "left", a, b, items[0].key, items[0].value);
                }
            }
            sg_sum_free(sum);
        }
    }
    d->destroy(inst);
}

static void test_strategy_bound_zero(void **state)
{
    (void)state;
    sg_param se[2] = { { "bound", "0", 1 }, { "evaluate", "static", 2 } };
    sg_param hr[2] = { { "bound", "0", 1 }, { "evaluate", "rollout", 2 } };
    sg_param game[2] = { { "bound", "0", 1 }, { "tt_log2", "12", 2 } };
    check_strategy(se, 2, &rcg2, 5, 4);
    check_strategy(hr, 2, &rcg2, 5, 4);
    /* The rcg plugin's own evaluate() (the mean of the stops) is exact there too. */
    check_strategy(game, 2, &rcg2, 4, 3);
    check_strategy(se, 2, &rcg3, 2, 4);
}

static void test_strategy_full_depth(void **state)
{
    (void)state;
    /* Four rcg(2, 50) trees last at most 16 plies. */
    sg_param se[2] = { { "depth", "16", 1 }, { "evaluate", "static", 2 } };
    sg_param hr[2] = { { "depth", "16", 1 }, { "evaluate", "rollout", 2 } };
    check_strategy(se, 2, &rcg2, 4, 4);
    check_strategy(hr, 2, &rcg2, 4, 4);
}

static void test_strategy_orders(void **state)
{
    (void)state;
    /* Every order, with and without INC, leaves exact search exact; and TEMP-αβ with
     * bound 0 too. */
    static const char *const orders[] = { "auto", "none", "prev", "temp", "temp+prev",
                                          "incentive" };
    for (size_t i = 0; i < sizeof orders / sizeof orders[0]; i++)
        for (int inc = 0; inc < 2; inc++) {
            sg_param items[3] = { { "order", orders[i], 1 },
                                  { "incentives", inc ? "yes" : "no", 2 },
                                  { "tt_log2", "12", 3 } };
            check_strategy(items, 3, &rcg2, 4, 2);
            sg_param bounded[4] = { { "order", orders[i], 1 },
                                    { "incentives", inc ? "yes" : "no", 2 },
                                    { "bound", "0", 3 },
                                    { "evaluate", "rollout", 4 } };
            check_strategy(bounded, 4, &rcg2, 4, 2);
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_engine_two_level),
        cmocka_unit_test(test_engine_three_level),
        cmocka_unit_test(test_strategy_bound_zero),
        cmocka_unit_test(test_strategy_full_depth),
        cmocka_unit_test(test_strategy_orders),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
