/* TDS+ (Zhang and Müller 2015, as the TDS lecture presents it; sumgame/tds.h).
 *
 * - Every subset of the five enhancements the lecture's dependencies allow (16 of 32)
 *   gives the exact mean and temperature of Amazons rooms and 4x4 positions, against the
 *   stored databases (conf/data/amazons-rooms-N.txt, conf/data/amazons-4x4-test-set.txt:
 *   built by the exact thermograph engine, independent of the coupon search), at the
 *   theory's delta = 2^-e for e empty squares.
 * - Each enhancement's effect on the node count of a fixed position, against the same
 *   estimate without it (node counts of complete searches are deterministic).
 * - The "possible temperatures" sets T_n by hand, and every database temperature is in
 *   the T_e of its empty squares (the theorem E2 rests on, checked on independent data).
 * - An ABI 1.0 plugin, whose descriptor ends before birthday_bound, loads and its
 *   deliberately wrong bound is never used.
 * - The lecture's t_min / 2 rule on a time-out; enhancement lists on the command line. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/estimator.h"
#include "sumgame/tds.h"
#include "sumgame/value.h"

static support_game amz;

static int setup(void **state)
{
    (void)state;
    support_game_open(&amz, "amazons", NULL);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    support_game_close(&amz);
    return 0;
}

#define V(text) support_value(text)

/* ---- data ------------------------------------------------------------------------- */

/* A complete estimate of an Amazons position with the given enhancements. */
static void estimate(sg_tds *tds, unsigned mask, const char *text, const char *delta,
                     sg_estimate *e, sg_tds_stats *st)
{
    char err[256];
    sg_tds_set_enhancements(tds, mask);
    sg_tds_config c = { .delta = V(delta) };
    support_pos p = support_parse(&amz.game, text);
    if (sg_tds_estimate(tds, &amz.game, p.b, &c, e, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", text, err);
    sg_tds_last_stats(tds, st);
}

/* ---- enhancement sets ------------------------------------------------------------ */

static void test_enhancement_lists(void **state)
{
    (void)state;
    char err[160], buf[32];
    unsigned m = SG_TDS_HALF_TMIN;
    assert_int_equal(sg_tds_enhancements_parse("1,3,4", &m, err, sizeof err), SG_OK);
    assert_int_equal(m, SG_TDS_E1 | SG_TDS_E3 | SG_TDS_E4 | SG_TDS_HALF_TMIN);
    assert_int_equal(sg_tds_enhancements_parse("1235", &m, err, sizeof err), SG_OK);
    assert_int_equal(m & SG_TDS_ALL_ENHANCEMENTS, SG_TDS_E1 | SG_TDS_E2 | SG_TDS_E3 | SG_TDS_E5);
    assert_int_equal(sg_tds_enhancements_parse("all", &m, err, sizeof err), SG_OK);
    assert_int_equal(m & SG_TDS_ALL_ENHANCEMENTS, SG_TDS_ALL_ENHANCEMENTS);
    assert_int_equal(sg_tds_enhancements_parse("none", &m, err, sizeof err), SG_OK);
    assert_int_equal(m, SG_TDS_HALF_TMIN);
    sg_tds_enhancements_format(SG_TDS_E1 | SG_TDS_E3 | SG_TDS_E5, buf, sizeof buf);
    assert_string_equal(buf, "1,3,5");
    sg_tds_enhancements_format(0, buf, sizeof buf);
    assert_string_equal(buf, "none");
    sg_tds_enhancements_name(SG_TDS_ALL_ENHANCEMENTS, buf, sizeof buf);
    assert_string_equal(buf, "TDS_12345");
    sg_tds_enhancements_name(0, buf, sizeof buf);
    assert_string_equal(buf, "TDS");
    assert_int_equal(sg_tds_enhancements_parse("1,2,3,4,5,6", &m, err, sizeof err), SG_OK);
    assert_int_equal(m & ~SG_TDS_HALF_TMIN, SG_TDS_ALL_ENHANCEMENTS | SG_TDS_E6);
    sg_tds_enhancements_format(SG_TDS_E1 | SG_TDS_E6 | SG_TDS_HALF_TMIN, buf, sizeof buf);
    assert_string_equal(buf, "1,6");
    assert_int_equal(sg_tds_enhancements_parse("3,7", &m, err, sizeof err), SG_OK);
    assert_int_equal(m & ~SG_TDS_HALF_TMIN, SG_TDS_E3 | SG_TDS_E7);
    sg_tds_enhancements_format(SG_TDS_PLUS, buf, sizeof buf);
    assert_string_equal(buf, "1,2,3,4,5,7,8,9,10,11");
    sg_tds_enhancements_name(SG_TDS_PLUS, buf, sizeof buf);
    assert_string_equal(buf, "TDS_12345789_10_11");
    assert_int_equal(sg_tds_enhancements_parse("7 8", &m, err, sizeof err), SG_OK);
    assert_int_equal(m & ~SG_TDS_HALF_TMIN, SG_TDS_E7 | SG_TDS_E8);
    sg_tds_enhancements_name(SG_TDS_ALL_ENHANCEMENTS | SG_TDS_E7 | SG_TDS_E8, buf, sizeof buf);
    assert_string_equal(buf, "TDS_1234578");
    sg_tds_enhancements_name(SG_TDS_E3 | SG_TDS_E5 | SG_TDS_E7, buf, sizeof buf);
    assert_string_equal(buf, "TDS_357");
    /* Lists, the bits they set, and how those bits print back: "10" is E10 and "11" E11;
     * other digits run together are one number each. NULL: not checked. */
    static const struct {
        const char *text;
        unsigned bits;
        const char *format, *name;
    } lists[] = {
        { "1,2,3,4,5,7,8,9", SG_TDS_ALL_ENHANCEMENTS | SG_TDS_E7 | SG_TDS_E8 | SG_TDS_E9,
          "1,2,3,4,5,7,8,9", "TDS_12345789" },
        { "1,2,3,4,5,7,9", SG_TDS_ALL_ENHANCEMENTS | SG_TDS_E7 | SG_TDS_E9, NULL,
          "TDS_1234579" },
        { "3,10", SG_TDS_E3 | SG_TDS_E10, NULL, "TDS_3_10" },
        { "1,2,3,4,5,7,8,9,10",
          SG_TDS_ALL_ENHANCEMENTS | SG_TDS_E7 | SG_TDS_E8 | SG_TDS_E9 | SG_TDS_E10,
          "1,2,3,4,5,7,8,9,10", NULL },
        { "3 10 5", SG_TDS_E3 | SG_TDS_E5 | SG_TDS_E10, NULL, NULL },
        { "101", SG_TDS_E1 | SG_TDS_E10, NULL, NULL },
        { "3,5,11", SG_TDS_E3 | SG_TDS_E5 | SG_TDS_E11, "3,5,11", "TDS_35_11" },
        { "1011", SG_TDS_E10 | SG_TDS_E11, NULL, NULL },
    };
    for (size_t i = 0; i < sizeof lists / sizeof lists[0]; i++) {
        m = SG_TDS_HALF_TMIN;
        assert_int_equal(sg_tds_enhancements_parse(lists[i].text, &m, err, sizeof err), SG_OK);
        assert_int_equal(m & ~SG_TDS_HALF_TMIN, lists[i].bits);
        sg_tds_enhancements_format(m, buf, sizeof buf);
        if (lists[i].format)
            assert_string_equal(buf, lists[i].format);
        sg_tds_enhancements_name(m, buf, sizeof buf);
        if (lists[i].name)
            assert_string_equal(buf, lists[i].name);
    }

    static const struct { const char *text, *needle; } bad[] = {
        { "1,0", "expected none, all or numbers 1-11" },
        { "0,1", "expected none, all or numbers 1-11" },
        { "", "expected none, all or numbers 1-11" },
        { "1,x", "expected none, all or numbers 1-11" },
        { "4", "4 (recursive TDS) needs 1 and 3" },
        { "1,4", "4 (recursive TDS) needs 1 and 3" },
        { "1,5", "5 (GHI-correct states) needs 3" },
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        m = 0;
        assert_int_equal(sg_tds_enhancements_parse(bad[i].text, &m, err, sizeof err),
                         SG_ERR_INVALID);
        if (!strstr(err, bad[i].needle))
            fail_msg("'%s': %s", bad[i].text, err);
        assert_int_equal(m, 0);
    }
}

/* The 16 masks of the lecture's five that its dependencies allow, then ours (E6) alone
 * and with all five. */
static size_t valid_masks(unsigned *out)
{
    size_t n = 0;
    char err[160];
    for (unsigned bits = 0; bits < 32; bits++) {
        char text[16] = "";
        size_t used = 0;
        for (int k = 0; k < 5; k++)
            if (bits & (1u << k))
                text[used++] = (char)('1' + k);
        unsigned m = 0;
        if (sg_tds_enhancements_parse(used ? text : "none", &m, err, sizeof err) == SG_OK)
            out[n++] = m;
    }
    out[n++] = SG_TDS_E6;
    out[n++] = SG_TDS_ALL_ENHANCEMENTS | SG_TDS_E6;
    return n;
}

/* ---- possible temperatures ------------------------------------------------------- */

static void test_possible_temperatures_by_hand(void **state)
{
    (void)state;
    /* Day 1: 0, 1, -1, * have temperatures -1 and 0 only. */
    assert_true(sg_tds_temperature_member(V("-1"), 1));
    assert_true(sg_tds_temperature_member(V("0"), 1));
    assert_false(sg_tds_temperature_member(V("1/2"), 1));
    assert_false(sg_tds_temperature_member(V("-1/2"), 1));
    /* Day 2: {1|-1} is 1 hot, {1|0} 1/2, the number 1/2 has -1/2. */
    static const char *const day2[] = { "-1", "-1/2", "0", "1/2", "1" };
    for (size_t i = 0; i < 5; i++)
        assert_true(sg_tds_temperature_member(V(day2[i]), 2));
    assert_false(sg_tds_temperature_member(V("1/4"), 2));
    assert_false(sg_tds_temperature_member(V("3/2"), 2));
    assert_false(sg_tds_temperature_member(V("2"), 2));
    assert_false(sg_tds_temperature_member(V("-1/4"), 2));
    /* Day 3: {2|-2} is 2 hot, {2|-1} 3/2, {2|-1/2} 5/4; 5/2 and 7/4 are too hot. */
    static const char *const day3[] = { "2", "3/2", "5/4", "3/4", "1/4", "-1/4" };
    for (size_t i = 0; i < 6; i++)
        assert_true(sg_tds_temperature_member(V(day3[i]), 3));
    assert_false(sg_tds_temperature_member(V("5/2"), 3));
    assert_false(sg_tds_temperature_member(V("7/4"), 3));
    assert_false(sg_tds_temperature_member(V("1/8"), 3));
    assert_false(sg_tds_temperature_member(V("-3/4"), 3));
    assert_false(sg_tds_temperature_member(V("-2"), 3));
    /* No bound: every positive value, negative ones only -1/2^b. */
    assert_true(sg_tds_temperature_member(V("37/64"), 0));
    assert_true(sg_tds_temperature_member(V("-1/64"), 0));
    assert_false(sg_tds_temperature_member(V("-3/8"), 0));
}

/* An Amazons position with e empty squares is born by day e: its temperature is in T_e. */
static void test_database_temperatures_possible(void **state)
{
    (void)state;
    static const char *const files[] = { "conf/data/amazons-rooms-4.txt",
                                         "conf/data/amazons-rooms-5.txt",
                                         "conf/data/amazons-rooms-6.txt",
                                         "conf/data/amazons-4x4-test-set.txt" };
    size_t checked = 0;
    for (size_t f = 0; f < 4; f++) {
        size_t n;
        support_known *k = support_read_known(files[f], 1, 16, &n);
        for (size_t i = 0; i < n; i++, checked++)
            if (!sg_tds_temperature_member(k[i].temperature, (unsigned)k[i].empty))
                fail_msg("%s: temperature not in T_%d", k[i].position, k[i].empty);
        free(k);
    }
    assert_int_equal(checked, 132 + 690 + 3330 + 600);
}

/* ---- exactness of every subset ------------------------------------------------------ */

static void check_subsets(const char *path, size_t stride, int max_empty, size_t want)
{
    unsigned masks[32];
    size_t nmasks = valid_masks(masks);
    assert_int_equal(nmasks, 18);
    size_t n;
    support_known *k = support_read_known(path, stride, max_empty, &n);
    assert_int_equal(n, want);
    sg_tds *tds = support_tds_new();
    size_t bad = 0;
    for (size_t m = 0; m < nmasks; m++) {
        char name[32];
        sg_tds_enhancements_name(masks[m], name, sizeof name);
        for (size_t i = 0; i < n; i++) {
            char delta[16];
            snprintf(delta, sizeof delta, "1/%d", 1 << k[i].empty);
            sg_estimate e;
            sg_tds_stats st;
            estimate(tds, masks[m], k[i].position, delta, &e, &st);
            assert_true(e.exact);
            if (!sg_value_eq(e.mean, k[i].mean) || !sg_value_eq(e.temperature, k[i].temperature)) {
                char a[SG_VALUE_TEXT_MAX], b[SG_VALUE_TEXT_MAX];
                sg_value_format(e.mean, a, sizeof a);
                sg_value_format(e.temperature, b, sizeof b);
                print_message("%s: %s: mean %s temperature %s\n", name, k[i].position, a, b);
                bad++;
            }
            /* A check per pre-search; on these positions the conjecture held. */
            assert_int_equal(st.conjecture_checks, st.presearches);
        }
    }
    sg_tds_free(tds);
    free(k);
    if (bad)
        fail_msg("%zu estimates differ from the database", bad);
}

static void test_every_subset_exact_on_rooms(void **state)
{
    (void)state;
    check_subsets("conf/data/amazons-rooms-5.txt", 7, 16, 99);
    check_subsets("conf/data/amazons-rooms-6.txt", 83, 16, 41);
}

static void test_every_subset_exact_on_4x4(void **state)
{
    (void)state;
    /* Every other position of the test set with at most 4 empty squares (the plain TDS
     * of the 2004 paper takes seconds on some with 5). */
    check_subsets("conf/data/amazons-4x4-test-set.txt", 2, 4, 59);
}

/* ---- each enhancement's effect -------------------------------------------------------- */

static uint64_t nodes_of(sg_tds *tds, unsigned mask, const char *pos, const char *delta,
                         const char *mean, const char *temperature, sg_tds_stats *st)
{
    sg_estimate e;
    estimate(tds, mask, pos, delta, &e, st);
    assert_true(e.exact);
    assert_true(sg_value_eq(e.mean, V(mean)));
    assert_true(sg_value_eq(e.temperature, V(temperature)));
    return e.nodes;
}

static void test_each_enhancement_saves_nodes(void **state)
{
    (void)state;
    sg_tds *tds = support_tds_new();
    sg_tds_stats st;
    /* Means and temperatures from the 4x4 test set. */
    const char *a = "xBxW/.x.x/x..x/xxxx", *b = "xB../xWxx/x..x/xxxx",
               *c = "B.xx/..xx/x.xW/.x.x";
    uint64_t plain = nodes_of(tds, 0, a, "1/16", "5/4", "7/4", &st);
    /* E1: the pre-searches set t_max near t: few coupons above the first move. */
    uint64_t e1 = nodes_of(tds, SG_TDS_E1, b, "1/16", "-1", "0", &st);
    uint64_t plain_b = nodes_of(tds, 0, b, "1/16", "-1", "0", &st);
    print_message("E1 on %s: %llu nodes, plain TDS %llu\n", b, (unsigned long long)e1,
                  (unsigned long long)plain_b);
    assert_true(e1 * 10 < plain_b);
    /* E2: no move in the game above the hottest temperature its birthday allows. */
    uint64_t e2 = nodes_of(tds, SG_TDS_E2, a, "1/16", "5/4", "7/4", &st);
    print_message("E2 on %s: %llu nodes, %llu coupon-only; plain TDS %llu\n", a,
                  (unsigned long long)e2, (unsigned long long)st.e2_closed,
                  (unsigned long long)plain);
    assert_true(st.e2_closed > 0);
    assert_true(e2 < plain);
    /* E3: the table shared by all searches, entries free of the points taken. */
    uint64_t e3 = nodes_of(tds, SG_TDS_E3, a, "1/16", "5/4", "7/4", &st);
    print_message("E3 on %s: %llu nodes\n", a, (unsigned long long)e3);
    assert_true(e3 * 10 < plain);
    /* E4 over E1 + E3: temperature drops skipped inside the search. */
    uint64_t e13 = nodes_of(tds, SG_TDS_E1 | SG_TDS_E3, c, "1/64", "9/4", "11/4", &st);
    uint64_t e134 = nodes_of(tds, SG_TDS_E1 | SG_TDS_E3 | SG_TDS_E4, c, "1/64", "9/4", "11/4",
                             &st);
    print_message("E4 on %s: %llu nodes (%llu coupon-only), E1+E3 %llu\n", c,
                  (unsigned long long)e134, (unsigned long long)st.e4_closed,
                  (unsigned long long)e13);
    assert_true(st.e4_closed > 0);
    assert_true(e134 < e13);
    /* E5 over E3: states after -1 coupons are stored too. */
    uint64_t e3b = nodes_of(tds, SG_TDS_E3, b, "1/16", "-1", "0", &st);
    uint64_t e35 = nodes_of(tds, SG_TDS_E3 | SG_TDS_E5, b, "1/16", "-1", "0", &st);
    print_message("E5 on %s: %llu nodes, E3 alone %llu\n", b, (unsigned long long)e35,
                  (unsigned long long)e3b);
    assert_true(e35 < e3b);
    /* E6 over E1 + E3: exact temperatures of small positions close the gate (the exact
     * engine's own work is not in the node count). */
    uint64_t e13a = nodes_of(tds, SG_TDS_E1 | SG_TDS_E3, a, "1/16", "5/4", "7/4", &st);
    uint64_t e136 = nodes_of(tds, SG_TDS_E1 | SG_TDS_E3 | SG_TDS_E6, a, "1/16", "5/4", "7/4",
                             &st);
    print_message("E6 on %s: %llu nodes (%llu coupon-only), E1+E3 %llu\n", a,
                  (unsigned long long)e136, (unsigned long long)st.e6_closed,
                  (unsigned long long)e13a);
    assert_true(st.e6_closed > 0);
    assert_true(e136 * 2 < e13a);
    sg_tds_free(tds);
}

/* ---- the ABI 1.0 plugin ----------------------------------------------------------- */

static void test_abi_1_0_plugin_loads_and_keeps_its_bound_unused(void **state)
{
    (void)state;
    support_game old, ref;
    support_test_game_open(&old, "abi_1_0_subtract");
    support_test_game_open(&ref, "good_subtract");
    assert_int_equal(old.game.desc->size, SG_GAME_DESC_SIZE_1_0);
    assert_false(SG_GAME_HAS(old.game.desc, birthday_bound));
    /* The full-size descriptor has no hook either: NULL. */
    assert_false(SG_GAME_HAS(ref.game.desc, birthday_bound));
    char err[256];
    sg_estimator *exact, *plus;
    assert_int_equal(sg_estimator_new("exact", NULL, &exact, err, sizeof err), SG_OK);
    sg_param items[] = { { "delta", "1/8", 1 } };
    sg_params params = { "test_tdsplus", "estimator.tdsplus", items, 1 };
    assert_int_equal(sg_estimator_new("tdsplus", &params, &plus, err, sizeof err), SG_OK);
    for (int heap = 2; heap <= 7; heap++) {
        char text[16]; /* room for any int: gcc -O1 with ASan warns otherwise */
        snprintf(text, sizeof text, "%d", heap);
        support_pos p = support_parse(&old.game, text);
        sg_estimate x, y;
        assert_int_equal(sg_estimator_estimate(exact, &old.game, p.b, NULL, &x, err, sizeof err),
                         SG_OK);
        assert_int_equal(sg_estimator_estimate(plus, &old.game, p.b, NULL, &y, err, sizeof err),
                         SG_OK);
        if (!sg_value_eq(x.mean, y.mean) || !sg_value_eq(x.temperature, y.temperature))
            fail_msg("heap %d: TDS+ differs from the exact values", heap);
    }
    sg_estimator_free(exact);
    sg_estimator_free(plus);
    support_game_close(&old);
    support_game_close(&ref);
}

/* ---- E7's leaves from evaluate_options ------------------------------------------- */

/* E7 asks each leaf's best child of the game's evaluate_options (ABI 1.8), which Amazons
 * computes on its own boards; without the hook TDS+ makes every child through moves(),
 * play() and evaluate(). The two must give the same estimates, node for node: depth-2
 * searches on rooms of 4x4 to 6x6 (and one of 8 rows, on the 128-bit board), where
 * every leaf asks it for both players. */
static void test_leaves_same_with_and_without_evaluate_options(void **state)
{
    (void)state;
    assert_true(SG_GAME_HAS(amz.game.desc, evaluate_options));
    sg_game_desc bare = *amz.game.desc;
    bare.evaluate_options = NULL;
    sg_game plain = amz.game;
    plain.desc = &bare;
    static const char *const rooms[] = {
        "B..W/.x.x/.x../....", "x..../...x./..Wx./....B/.....",
        ".....x/.x..../.B..../...x../....../...W..",
        "B.x.xxxx/..x.xxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxx.x../xxxxx..W",
        "xxxxx/xBxxx/xx.xx/x..Wx/xxxxx/xxxxx/xxxxx/.x...",
    };
    char err[256];
    for (size_t i = 0; i < sizeof rooms / sizeof rooms[0]; i++) {
        sg_estimate e[2];
        for (int k = 0; k < 2; k++) {
            sg_tds *tds = support_tds_new();
            /* Without E8 (coupons count as plies): two moves in the game on the 8-row
             * rooms would take seconds. */
            sg_tds_set_enhancements(tds, SG_TDS_ALL_ENHANCEMENTS | SG_TDS_HALF_TMIN | SG_TDS_E7);
            sg_tds_config c = { .delta = V("1/2"), .has_tmax = true, .tmax = V("4"),
                                .depth = 2 };
            const sg_game *g = k ? &plain : &amz.game;
            support_pos p = support_parse(g, rooms[i]);
            if (sg_tds_estimate(tds, g, p.b, &c, &e[k], err, sizeof err) != SG_OK)
                fail_msg("%s: %s", rooms[i], err);
            sg_tds_free(tds);
        }
        if (!sg_value_eq(e[0].mean, e[1].mean) ||
            !sg_value_eq(e[0].temperature, e[1].temperature) || e[0].nodes != e[1].nodes)
            fail_msg("%s: with evaluate_options %g, %g in %llu nodes; without %g, %g in %llu",
                     rooms[i], sg_value_to_double(e[0].mean),
                     sg_value_to_double(e[0].temperature), (unsigned long long)e[0].nodes,
                     sg_value_to_double(e[1].mean), sg_value_to_double(e[1].temperature),
                     (unsigned long long)e[1].nodes);
    }
}

/* ---- time-outs ------------------------------------------------------------------ */

/* Out of nodes while the principal variation takes coupons only, TDS+ guesses half the
 * lowest coupon (the lecture's t_min / 2) where TDS takes that coupon. */
static void test_time_out_halves_t_min(void **state)
{
    (void)state;
    char err[256];
    sg_tds *tds = support_tds_new();
    support_pos p = support_parse(&amz.game, "BWxx/x.x./..xx/x...");
    sg_tds_config c = { .delta = V("1/2"), .has_tmax = true, .tmax = V("24"), .nodes = 30 };
    sg_estimate plain, half;
    sg_tds_stats st;
    sg_tds_set_enhancements(tds, 0);
    assert_int_equal(sg_tds_estimate(tds, &amz.game, p.b, &c, &plain, err, sizeof err), SG_OK);
    sg_tds_last_stats(tds, &st);
    assert_true(st.timed_out);
    sg_tds_set_enhancements(tds, SG_TDS_HALF_TMIN);
    assert_int_equal(sg_tds_estimate(tds, &amz.game, p.b, &c, &half, err, sizeof err), SG_OK);
    char a[SG_VALUE_TEXT_MAX], b[SG_VALUE_TEXT_MAX];
    sg_value_format(plain.temperature, a, sizeof a);
    sg_value_format(half.temperature, b, sizeof b);
    print_message("t on a time-out: %s, with t_min / 2: %s\n", a, b);
    assert_true(sg_value_cmp(plain.temperature, V("0")) > 0);
    assert_true(sg_value_eq(half.temperature, sg_value_half(plain.temperature)));
    sg_tds_free(tds);
}

/* ---- the command line -------------------------------------------------------------- */

static void test_analyze_tdsplus(void **state)
{
    (void)state;
    support_run r = support_host("analyze 'amazons:xBxx/W.xx/x..x/xxxx' --method tdsplus "
                                 "--delta 1/8 --json",
                                 NULL);
    assert_int_equal(r.status, 0);
    if (!strstr(r.out, "\"mean\":\"-3/4\"") || !strstr(r.out, "\"temperature\":\"5/4\"") ||
        !strstr(r.out, "\"enhancements\":\"1,2,3,4,5,7,8,9,10,11\"") ||
        !strstr(r.out, "\"exact\":true"))
        fail_msg("unexpected output: %s", r.out);
    support_run_free(&r);
    r = support_host("analyze 'amazons:xBxx/W.xx/x..x/xxxx' --method tds --enhancements 1,3 "
                     "--delta 1/8 --json",
                     NULL);
    assert_int_equal(r.status, 0);
    if (!strstr(r.out, "\"enhancements\":\"1,3\"") || !strstr(r.out, "\"temperature\":\"5/4\""))
        fail_msg("unexpected output: %s", r.out);
    support_run_free(&r);
    r = support_host("analyze 'amazons:xBxx/W.xx/x..x/xxxx' --method tds --enhancements 4", NULL);
    support_assert_error(&r, "enhancements '4': 4 (recursive TDS) needs 1 and 3");
    support_run_free(&r);
    r = support_host("analyze 'amazons:xBxx/W.xx/x..x/xxxx' --enhancements 1", NULL);
    support_assert_error(&r, "--enhancements is for method tds or tdsplus, not exact");
    support_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_enhancement_lists),
        cmocka_unit_test(test_possible_temperatures_by_hand),
        cmocka_unit_test(test_database_temperatures_possible),
        cmocka_unit_test(test_every_subset_exact_on_rooms),
        cmocka_unit_test(test_every_subset_exact_on_4x4),
        cmocka_unit_test(test_each_enhancement_saves_nodes),
        cmocka_unit_test(test_abi_1_0_plugin_loads_and_keeps_its_bound_unused),
        cmocka_unit_test(test_leaves_same_with_and_without_evaluate_options),
        cmocka_unit_test(test_time_out_halves_t_min),
        cmocka_unit_test(test_analyze_tdsplus),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
