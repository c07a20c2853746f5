/* Hotstrat, Hotstrat+, Thermostrat and Sentestrat choose the moves theory prescribes on
 * small sums of rcg trees. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
#include <string.h>

#include "sumgame/rng.h"
#include "sumgame/strategy.h"

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

struct strategy {
    sg_plugin plugin;
    void *instance;
};

static void open_strategy(struct strategy *s, const char *name, const char *key,
                          const char *value)
{
    char path[4096], err[256];
    snprintf(path, sizeof path, "%s/strategies/%s.so", support_build_dir(), name);
    if (sg_plugin_open_file(path, SG_PLUGIN_STRATEGY, &s->plugin, err, sizeof err) != SG_OK)
        fail_msg("%s", err);
    sg_param item = { key, value, 1 };
    sg_params params = { "test.ini", name, &item, key ? 1 : 0 };
    if (s->plugin.desc.strategy->create(sg_default_host(), &params, &s->instance, err,
                                        sizeof err) != SG_OK)
        fail_msg("%s", err);
    sg_rng rng;
    sg_rng_seed(&rng, 1);
    if (s->plugin.desc.strategy->new_game)
        s->plugin.desc.strategy->new_game(s->instance, &rng);
}

static void close_strategy(struct strategy *s)
{
    s->plugin.desc.strategy->destroy(s->instance);
    sg_plugin_close(&s->plugin);
}

static sg_sum *sum_of(const char *const *texts, size_t n)
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

/* The move text ("2:L1") the strategy chooses for who. */
static void assert_choice(struct strategy *s, const sg_sum *sum, sg_player who,
                          const char *want)
{
    sg_sum_move mv;
    char err[256], text[64];
    sg_budget budget = { 0, 0, 0 };
    if (s->plugin.desc.strategy->choose(s->instance, sum, who, &budget, &mv, err,
                                        sizeof err) != SG_OK)
        fail_msg("%s", err);
    assert_int_equal(sg_sum_format_move(sum, mv, text, sizeof text), SG_OK);
    assert_string_equal(text, want);
}

static void test_hotstrat_plays_the_hottest(void **state)
{
    (void)state;
    /* {10|0} has temperature 5, ±3 has 3 */
    static const char *const g[] = { "3|-3", "10|0" };
    sg_sum *sum = sum_of(g, 2);
    struct strategy s;
    open_strategy(&s, "hotstrat", NULL, NULL);
    assert_choice(&s, sum, SG_LEFT, "2:L1");
    assert_choice(&s, sum, SG_RIGHT, "2:R1");
    close_strategy(&s);
    sg_sum_free(sum);
}

static void test_hotstrat_plus_cashes_sente(void **state)
{
    (void)state;
    /* Müller–Li §2.1: 10|0||-1 has temperature 1 but Left's pseudo-temperature 5, so
     * Hotstrat+ as Left plays there before ±2 (temperature 2); plain Hotstrat, and
     * Right under either rule, play ±2 first. */
    static const char *const g[] = { "10|0||-1", "2|-2" };
    sg_sum *sum = sum_of(g, 2);
    struct strategy plain, plus;
    open_strategy(&plain, "hotstrat", "mode", "plain");
    open_strategy(&plus, "hotstrat", "mode", "plus");
    assert_choice(&plain, sum, SG_LEFT, "2:L1");
    assert_choice(&plus, sum, SG_LEFT, "1:L1");
    assert_choice(&plain, sum, SG_RIGHT, "2:R1");
    assert_choice(&plus, sum, SG_RIGHT, "2:R1");
    close_strategy(&plain);
    close_strategy(&plus);
    sg_sum_free(sum);
}

static void test_hotstrat_best_move_among_options(void **state)
{
    (void)state;
    /* {3,1|0,-2} = {3|-2}: Left's best option is 3 (L1), Right's is -2 (R2). */
    static const char *const g[] = { "{3,1|0,-2}" };
    sg_sum *sum = sum_of(g, 1);
    struct strategy s;
    open_strategy(&s, "hotstrat", NULL, NULL);
    assert_choice(&s, sum, SG_LEFT, "1:L1");
    assert_choice(&s, sum, SG_RIGHT, "1:R2");
    close_strategy(&s);
    sg_sum_free(sum);
}

static void test_thermostrat_on_switches(void **state)
{
    (void)state;
    /* Switches ±1, ±4, ±2: the widest at the ambient temperature is ±4. */
    static const char *const g[] = { "1|-1", "4|-4", "2|-2" };
    sg_sum *sum = sum_of(g, 3);
    struct strategy s;
    open_strategy(&s, "thermostrat", NULL, NULL);
    assert_choice(&s, sum, SG_LEFT, "2:L1");
    assert_choice(&s, sum, SG_RIGHT, "2:R1");
    close_strategy(&s);
    sg_sum_free(sum);
}

static void test_sentestrat_answers_a_threat(void **state)
{
    (void)state;
    /* In 10|0||-1 + ±2, Right plays a first move (Thermostrat's, as no threat exists
     * yet), then Left moves 10|0||-1 to {10|0}, raising that component to temperature 5,
     * above the ambient. Sentestrat must answer there, whatever else is on the board. */
    static const char *const before[] = { "10|0||-1", "2|-2" };
    sg_sum *sum = sum_of(before, 2);
    struct strategy s;
    open_strategy(&s, "sentestrat", NULL, NULL);
    sg_sum_move mv;
    char err[256];
    sg_budget budget = { 0, 0, 0 };
    assert_int_equal(s.plugin.desc.strategy->choose(s.instance, sum, SG_RIGHT, &budget, &mv,
                                                    err, sizeof err),
                     SG_OK);
    sg_sum *after = sg_sum_new(SG_FREEZE_INTEGERS), *threat = sg_sum_new(SG_FREEZE_INTEGERS);
    assert_int_equal(sg_sum_play(sum, SG_RIGHT, mv, after, err, sizeof err), SG_OK);
    size_t n = 0;
    sg_sum_move moves[16];
    assert_int_equal(sg_sum_moves(after, SG_LEFT, moves, 16, &n), SG_OK);
    bool played = false;
    for (size_t i = 0; i < n && !played; i++) {
        char comp[256];
        _Alignas(16) unsigned char next[SG_POS_MAX];
        rcg.game.desc->play(rcg.game.instance, sg_sum_pos(after, moves[i].component), SG_LEFT,
                            moves[i].move, next, err, sizeof err);
        rcg.game.desc->format(rcg.game.instance, next, comp, sizeof comp);
        if (strcmp(comp, "10|0") == 0) {
            assert_int_equal(sg_sum_play(after, SG_LEFT, moves[i], threat, err, sizeof err),
                             SG_OK);
            played = true;
        }
    }
    assert_true(played);
    size_t where = 0;
    for (size_t i = 0; i < sg_sum_count(threat); i++) {
        char comp[256];
        rcg.game.desc->format(rcg.game.instance, sg_sum_pos(threat, i), comp, sizeof comp);
        if (strcmp(comp, "10|0") == 0)
            where = i;
    }
    char want[16];
    snprintf(want, sizeof want, "%zu:R1", where + 1);
    assert_choice(&s, threat, SG_RIGHT, want);
    close_strategy(&s);
    sg_sum_free(sum);
    sg_sum_free(after);
    sg_sum_free(threat);
}

/* Against exact alpha-beta nobody can do better than the optimum: playing Left, A ends at
 * most at the Left stop v; playing Right against an optimal Left, at least at v. So A's
 * mean score over colour-swapped pairs is at most 0, and it must never forfeit. */
static void test_each_plays_full_matches(void **state)
{
    (void)state;
    static const char *const strategies[] = { "hotstrat_plus", "hotstrat_plain", "thermostrat",
                                               "sentestrat" };
    for (size_t i = 0; i < 4; i++) {
        char args[512], cfg_cmd[512];
        snprintf(cfg_cmd, sizeof cfg_cmd,
                 "sed 's/^left = hotstrat_plus/left = %s/' conf/sum-strategies.ini > /tmp/sumgame-sumstrat-%d.ini",
                 strategies[i], (int)getpid());
        assert_int_equal(system(cfg_cmd), 0);
        /* in-process, the summary's numbers: "games":8, "forfeits":0, "mean" */
        snprintf(args, sizeof args, "/tmp/sumgame-sumstrat-%d.ini", (int)getpid());
        match_overrides ov = { .has_games = true, .games = 4 };
        match_result r;
        support_match_ok(args, &ov, NULL, &r);
        assert_int_equal(r.tally.games, 8);
        assert_int_equal(r.tally.forfeits, 0);
        char mean[32], sd[32];
        support_tally_stats(&r.tally, mean, sd, sizeof mean);
        double m = atof(mean);
        if (m > 0)
            fail_msg("%s scored %f on average against an optimal player", strategies[i], m);
        match_result_free(&r);
    }
    char rm[128];
    snprintf(rm, sizeof rm, "rm -f /tmp/sumgame-sumstrat-%d.ini", (int)getpid());
    assert_int_equal(system(rm), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hotstrat_plays_the_hottest),
        cmocka_unit_test(test_hotstrat_plus_cashes_sente),
        cmocka_unit_test(test_hotstrat_best_move_among_options),
        cmocka_unit_test(test_thermostrat_on_switches),
        cmocka_unit_test(test_sentestrat_answers_a_threat),
        cmocka_unit_test(test_each_plays_full_matches),
    };
    return cmocka_run_group_tests_name("sum_strategies", tests, setup, teardown);
}
