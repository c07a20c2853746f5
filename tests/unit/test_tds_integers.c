/* Exact TDS on games that equal a number without the game saying so.
 *
 * The rcg plugin recognizes every number exactly, so a sum freezes {-2|0} (= -1) before
 * TDS ever searches it. Amazons rooms are different: a room worth -1 in which both
 * players can still move is searched, and its temperature, -1, has to come out of the
 * lowering step at the bottom of C_-1, through the -1 coupons and pseudo-terminal
 * positions (the paper's Experiment 1: 712 of the 4152 n-point rooms did not before).
 *
 * Here the rcg game is wrapped so that number() answers only for positions in which a
 * player has no move (the least the ABI requires); every other position is searched. The
 * truth is the exact thermograph of the unwrapped game (canonical forms, bottom-up,
 * independent of the coupon search). Hand-worked cases first, then random trees. Two
 * Amazons rooms worked out by hand close the file. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/rng.h"
#include "sumgame/tds.h"
#include "sumgame/thermograph.h"

static support_game rcg, amz;
static sg_game_desc hidden_desc;
static sg_game hidden; /* rcg with number() only where a player is stuck */
static sg_thermo_cache *cache;
static sg_tds *tds;

static bool stuck_number(void *instance, const void *pos, sg_value *value)
{
    const sg_game_desc *d = rcg.game.desc;
    size_t left = 0, right = 0;
    if (d->moves(instance, pos, SG_LEFT, NULL, 0, &left) != SG_OK && left == 0)
        return false;
    if (d->moves(instance, pos, SG_RIGHT, NULL, 0, &right) != SG_OK && right == 0)
        return false;
    if (left > 0 && right > 0)
        return false;
    return d->number(instance, pos, value);
}

static int setup(void **state)
{
    (void)state;
    support_game_open(&rcg, "rcg", NULL);
    support_game_open(&amz, "amazons", NULL);
    hidden_desc = *rcg.game.desc;
    hidden_desc.name = "rcg-hidden-numbers";
    hidden_desc.number = stuck_number;
    hidden.desc = &hidden_desc;
    hidden.instance = rcg.game.instance;
    cache = sg_thermo_cache_new(NULL);
    tds = support_tds_new();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    sg_tds_free(tds);
    sg_thermo_cache_free(cache);
    support_game_close(&amz);
    support_game_close(&rcg);
    return 0;
}

static sg_value V(const char *text) { return support_value(text); }

static void estimate(const sg_game *game, const char *text, const char *delta,
                     const char *tmax, sg_estimate *e)
{
    char err[256];
    support_pos pos = support_parse(game, text);
    sg_tds_config c = { .delta = V(delta) };
    if (tmax) {
        c.has_tmax = true;
        c.tmax = V(tmax);
    }
    if (sg_tds_estimate(tds, game, pos.b, &c, e, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", text, err);
}

static void expect(const sg_game *game, const char *text, const char *delta, const char *tmax,
                   const char *mean, const char *temperature)
{
    sg_estimate e;
    estimate(game, text, delta, tmax, &e);
    char m[SG_VALUE_TEXT_MAX], t[SG_VALUE_TEXT_MAX];
    sg_value_format(e.mean, m, sizeof m);
    sg_value_format(e.temperature, t, sizeof t);
    if (!e.exact || strcmp(m, mean) != 0 || strcmp(t, temperature) != 0)
        fail_msg("%s, delta %s: mean %s temperature %s%s, want %s and %s", text, delta, m, t,
                 e.exact ? "" : " (inexact)", mean, temperature);
}

static void test_wrapper_hides_numbers(void **state)
{
    (void)state;
    sg_value v;
    support_pos p = support_parse(&hidden, "{-2|0}");
    assert_true(rcg.game.desc->number(rcg.game.instance, p.b, &v));
    assert_false(hidden.desc->number(hidden.instance, p.b, &v));
    /* Right has no move: {1|} = 2, and {-2|} = 0 (the simplest number above -2). */
    p = support_parse(&hidden, "{1|}");
    assert_true(hidden.desc->number(hidden.instance, p.b, &v));
    assert_int_equal(sg_value_cmp(v, V("2")), 0);
    p = support_parse(&hidden, "{-2|}");
    assert_true(hidden.desc->number(hidden.instance, p.b, &v));
    assert_int_equal(sg_value_cmp(v, V("0")), 0);
}

/* Integers and dyadic numbers in disguise; each searched, none frozen at the root. */
static void test_numbers_by_hand(void **state)
{
    (void)state;
    static const char *const deltas[] = { "1/2", "1/4", "1/16" };
    for (size_t k = 0; k < 3; k++) {
        const char *d = deltas[k];
        /* {-1|1}: the simplest number between -1 and 1 is 0; integers have t = -1. */
        expect(&hidden, "{-1|1}", d, NULL, "0", "-1");
        /* {-2|0} = -1 and {0|2} = 1: each move costs its mover exactly 1, as a -1 coupon
         * does, so play switches to G only once the -1 coupons are reached. */
        expect(&hidden, "{-2|0}", d, NULL, "-1", "-1");
        expect(&hidden, "{0|2}", d, NULL, "1", "-1");
        expect(&hidden, "{-4|3}", d, NULL, "0", "-1"); /* the paper's zugzwang */
        /* {*|*} = 0: a move to * is answered at once, so it is free at every coupon
         * down to -1; the first PV may enter G at a coupon of 0 or above. */
        expect(&hidden, "{{0|0}|{0|0}}", d, NULL, "0", "-1");
        /* {1*|1*} = 1 likewise. */
        expect(&hidden, "{{1|1}|{1|1}}", d, NULL, "1", "-1");
    }
    /* {0|1} = 1/2, temperature -1/2, and {1|2} = 3/2: one coupon -1/2 below the
     * others; delta = 1/4 resolves halves. */
    expect(&hidden, "{0|1}", "1/4", NULL, "1/2", "-1/2");
    expect(&hidden, "{1|2}", "1/4", NULL, "3/2", "-1/2");
    expect(&hidden, "{0|{0|1}}", "1/8", NULL, "1/4", "-1/4");
}

/* Trees of height <= 3 with integer leaves, 1..3 options a side: against the thermograph
 * of the unwrapped game, at delta 1/16 (enough for height 3). */
static void test_random_trees_hidden_numbers(void **state)
{
    (void)state;
    static const char *const leaves[] = { "-4", "-3", "-2", "-1", "0", "1", "2", "3", "4" };
    sg_rng rng;
    sg_rng_seed(&rng, 77);
    int numbers = 0;
    for (int i = 0; i < 400; i++) {
        char text[4096] = "", err[256];
        support_random_tree(&rng, 1 + i % 3, leaves, 9, false, text, sizeof text);
        support_pos pos = support_parse(&rcg.game, text);
        const sg_thermograph *th;
        assert_int_equal(sg_thermograph_of_position(cache, &rcg.game, pos.b, 0, &th, err,
                                                    sizeof err),
                         SG_OK);
        sg_value v;
        if (rcg.game.desc->number(rcg.game.instance, pos.b, &v))
            numbers++;
        sg_estimate e;
        estimate(&hidden, text, "1/16", NULL, &e);
        if (!e.exact || !sg_value_eq(e.mean, th->mean) ||
            !sg_value_eq(e.temperature, th->temperature)) {
            char a[4][SG_VALUE_TEXT_MAX];
            sg_value_format(e.mean, a[0], sizeof a[0]);
            sg_value_format(e.temperature, a[1], sizeof a[1]);
            sg_value_format(th->mean, a[2], sizeof a[2]);
            sg_value_format(th->temperature, a[3], sizeof a[3]);
            fail_msg("%s: tds mean %s temperature %s, thermograph %s and %s", text, a[0], a[1],
                     a[2], a[3]);
        }
    }
    /* The draw must hold numbers in disguise, or this test checks nothing new. */
    assert_true(numbers >= 40);
}

/* Amazons rooms worked out by hand; the paper's stack for 4 points, C_-1(5/4, 1/4), and
 * delta = 1/16. */
static void test_amazons_rooms_by_hand(void **state)
{
    (void)state;
    /* .BW. : Black's only move b1-a1xb1 leaves Black stuck and White one move (-1);
     * White's only move c1-d1xc1 mirrors it (+1). {-1|1} = 0, temperature -1. */
    expect(&amz.game, ".BW.", "1/4", "5/4", "0", "-1");
    expect(&amz.game, ".BW.", "1/16", "17/16", "0", "-1");
    /* B./.W : Black a2, White b1. Each of Black's four moves (to a1 or b2, the arrow on
     * a2 or on the other empty square) leaves one empty square that either amazon can
     * reach, after which nobody moves: {0|0} = *. White's moves mirror them. So the room
     * is {*|*} = 0, temperature -1. */
    expect(&amz.game, "B./.W", "1/4", "5/4", "0", "-1");
    expect(&amz.game, "B./.W", "1/16", "17/16", "0", "-1");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wrapper_hides_numbers),
        cmocka_unit_test(test_numbers_by_hand),
        cmocka_unit_test(test_random_trees_hidden_numbers),
        cmocka_unit_test(test_amazons_rooms_by_hand),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
