/* Hotstrat-TDS (hotstrat with estimator = tds) on Amazons rooms: the global-search
 * fallback when every temperature is -1, and the time management under a time budget
 * per move (deepening within the budget, estimates of unchanged rooms kept).
 *
 * The fallback position, worked out by hand: G = .BW. (a 1x4 room, squares a1..d1) and
 * H = xBx/.W. (2x3: Black on b2 between two arrows, White on b1).
 *   G: Black's only move b1-a1xb1 leaves BxW. (Black stuck, White has 1 move) = -1;
 *      White's only move c1-d1xc1 leaves .BxW = 1. G = {-1|1} = 0.
 *   H: Black's moves b2-a1xb2 and b2-c1xb2 leave Black stuck beside White, whose only
 *      move then ends the room at 0: {|0} = -1. White's moves b1-a1xb1 and b1-c1xb1
 *      leave White stuck beside Black: {0|} = 1; b1-a1xc1 and b1-c1xa1 leave
 *      {0|0} = *. H = {-1|1, *} = 0.
 * Both are integers, so TDS finds temperature -1 in both and Hotstrat has no hottest
 * room. Real play of G + H with Black to move, to the end:
 *   - Black in G: G settles at -1; White answers in H with b1-a1xc1 (*), Black's only
 *     move there settles it at 0: final -1;
 *   - Black in H: H settles at -1 and White must play G (+1): final 0.
 * So Black's best moves are in the second room. Plain Hotstrat would play in the first
 * (ties go to the first component) and end at -1; the global search finds 0. The colour
 * swap (.BW. + .B./xWx, White to move) is the same with signs reversed. */
#include "support.h"

#include <stdio.h>
#include <string.h>

#include "sumgame/clock.h"
#include "sumgame/rng.h"
#include "sumgame/strategy.h"

static support_game amazons;

static int setup(void **state)
{
    (void)state;
    support_game_open(&amazons, "amazons", NULL);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    support_game_close(&amazons);
    return 0;
}

struct strategy {
    sg_plugin plugin;
    void *instance;
};

static void open_hotstrat_tds(struct strategy *s)
{
    char path[4096], err[256];
    snprintf(path, sizeof path, "%s/strategies/hotstrat.so", support_build_dir());
    if (sg_plugin_open_file(path, SG_PLUGIN_STRATEGY, &s->plugin, err, sizeof err) != SG_OK)
        fail_msg("%s", err);
    sg_param items[2] = { { "estimator", "tds", 1 }, { "delta", "1/2", 2 } };
    sg_params params = { "test.ini", "strategy.hotstrat_tds", items, 2 };
    if (s->plugin.desc.strategy->create(sg_default_host(), &params, &s->instance, err,
                                        sizeof err) != SG_OK)
        fail_msg("%s", err);
}

static void new_game(struct strategy *s)
{
    sg_rng rng;
    sg_rng_seed(&rng, 1);
    s->plugin.desc.strategy->new_game(s->instance, &rng);
}

static void close_strategy(struct strategy *s)
{
    s->plugin.desc.strategy->destroy(s->instance);
    sg_plugin_close(&s->plugin);
}

static sg_sum *sum_of(const char *const *rooms, size_t n)
{
    sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
    for (size_t i = 0; i < n; i++) {
        support_pos pos = support_parse(&amazons.game, rooms[i]);
        char err[256];
        if (sg_sum_add(sum, &amazons.game, pos.b, err, sizeof err) != SG_OK)
            fail_msg("%s: %s", rooms[i], err);
    }
    return sum;
}

static const char *choose_text(struct strategy *s, const sg_sum *sum, sg_player who,
                               const sg_budget *budget)
{
    static char text[64];
    sg_sum_move mv;
    char err[256];
    if (s->plugin.desc.strategy->choose(s->instance, sum, who, budget, &mv, err,
                                        sizeof err) != SG_OK)
        fail_msg("choose: %s", err);
    assert_int_equal(sg_sum_format_move(sum, mv, text, sizeof text), SG_OK);
    return text;
}

/* Plays the sum out with s on both sides; returns the final settled score. */
static sg_value self_play(struct strategy *s, const sg_sum *start, sg_player first,
                          const sg_budget *budget)
{
    new_game(s);
    return support_self_play(s->plugin.desc.strategy, s->instance, start, first, budget);
}

static void check_fallback(struct strategy *s, const char *second, sg_player who,
                           const char *const *best)
{
    const char *rooms[2] = { ".BW.", second };
    sg_sum *sum = sum_of(rooms, 2);
    sg_budget unlimited = { 0, 0, 0 };
    sg_budget timed = { 0.5, 0, 0 };
    for (int k = 0; k < 2; k++) {
        const sg_budget *budget = k == 0 ? &unlimited : &timed;
        new_game(s);
        const char *got = choose_text(s, sum, who, budget);
        if (strcmp(got, best[0]) != 0 && strcmp(got, best[1]) != 0)
            fail_msg("%s to move in .BW. + %s: %s is not one of the best moves %s, %s",
                     who == SG_LEFT ? "Black" : "White", second, got, best[0], best[1]);
        assert_true(sg_value_eq(self_play(s, sum, who, budget), sg_value_int(0)));
    }
    sg_sum_free(sum);
}

static void test_global_fallback(void **state)
{
    (void)state;
    struct strategy s;
    open_hotstrat_tds(&s);
    static const char *const black_best[2] = { "2:b2-a1xb2", "2:b2-c1xb2" };
    check_fallback(&s, "xBx/.W.", SG_LEFT, black_best);
    static const char *const white_best[2] = { "2:b1-a2xb1", "2:b1-c2xb1" };
    check_fallback(&s, ".B./xWx", SG_RIGHT, white_best);
    close_strategy(&s);
}

/* Under a time budget the move comes within the budget (plus the slack of one depth-1
 * estimate), every room gets an estimate, and rooms whose estimates are complete are
 * not searched again: the second decision on the same sum visits no node. */
static void test_time_budget_and_cache(void **state)
{
    (void)state;
    /* The TDS paper's Figure 2 room (mean 3/4, temperature 5/4) and a 2x3 room of
     * temperature 5/4; TDS with delta = 1/2 finishes both within milliseconds. */
    static const char *const small[2] = { "x.xx/.xBx/W.xx/xxxx", "B.W/..x" };
    sg_sum *sum = sum_of(small, 2);
    struct strategy s;
    open_hotstrat_tds(&s);
    new_game(&s);
    sg_budget budget = { 1.0, 0, 0 };
    const sg_strategy_desc *d = s.plugin.desc.strategy;
    sg_strategy_stats st;
    choose_text(&s, sum, SG_LEFT, &budget);
    d->stats(s.instance, &st);
    assert_true(st.nodes > 0);
    assert_true(st.seconds < 1.0);
    choose_text(&s, sum, SG_RIGHT, &budget);
    d->stats(s.instance, &st);
    assert_int_equal(st.nodes, 0);
    sg_sum_free(sum);

    /* Three open 6x6 rooms that no search completes in 0.3 s: the move still comes in
     * time (generous slack for a loaded machine), after at least a depth-1 estimate of
     * every room. */
    static const char *const large[3] = { "B...../....../..x.../....../...x../.....W",
                                          "....../.B..../....x./....../..W.../x.....",
                                          "W....x/....../....../..B.../....../......" };
    sum = sum_of(large, 3);
    new_game(&s);
    budget.seconds = 0.3;
    double start = sg_clock_seconds();
    choose_text(&s, sum, SG_LEFT, &budget);
    double took = sg_clock_seconds() - start;
    d->stats(s.instance, &st);
    if (took > 1.0)
        fail_msg("a 0.3 s move took %.3f s", took);
    assert_true(st.depth >= 1);
    assert_true(st.nodes > 0);

    /* With no time at all, every room still gets its depth-1 estimate (the reported
     * depth is the shallowest room's). */
    new_game(&s);
    budget.seconds = 0.001;
    choose_text(&s, sum, SG_RIGHT, &budget);
    d->stats(s.instance, &st);
    assert_int_equal(st.depth, 1);
    sg_sum_free(sum);
    close_strategy(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_global_fallback),
        cmocka_unit_test(test_time_budget_and_cache),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
