/* Anytime TDS (sumgame/tds.h): under a node limit without a depth, whole estimates deepen
 * and the deepest finished one answers. Node limits make it deterministic, so these tests
 * do not depend on the machine's speed.
 * - With nodes enough, the anytime estimate of a small 4x4 position finishes exactly and
 *   equals the database's mean and temperature (conf/data/amazons-4x4-test-set.txt, built
 *   by the exact thermograph engine, independent of the coupon search), at the theory's
 *   delta 2^-e.
 * - Cut short, it answers a shallower iteration, inexact, with its depth reported; more
 *   nodes never give a shallower one; the same limit gives the same answer.
 * - sg_tds_estimate_deeper goes on from a shallow estimate to the exact one.
 * - analyze --json reports the depth: 0 for a complete search, at least 1 under --time
 *   (the first iteration always answers). */
#include "support.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/estimator.h"
#include "sumgame/tds.h"

/* `tdsplus` before E8, E9 and E10 joined its default: the five, t_min / 2 and E7. */
#define E7_ONLY (SG_TDS_ALL_ENHANCEMENTS | SG_TDS_HALF_TMIN | SG_TDS_E7)

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

/* An estimate under a node limit (anytime) or, with nodes = 0, to a fixed depth. */
static void limited(sg_tds *tds, const char *text, const char *delta, uint64_t nodes, int depth,
                    sg_estimate *e)
{
    char err[256];
    sg_tds_config c = { .delta = support_value(delta), .nodes = nodes, .depth = depth };
    support_pos p = support_parse(&amz.game, text);
    if (sg_tds_estimate(tds, &amz.game, p.b, &c, e, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", text, err);
}

static void anytime(sg_tds *tds, const char *text, const char *delta, uint64_t nodes,
                    sg_estimate *e)
{
    limited(tds, text, delta, nodes, 0, e);
}

/* Every 20th position of the test set with 4 to 6 empty squares: with 10 million nodes
 * the anytime estimate finishes (exact) and agrees with the database. */
static void test_enough_nodes_give_the_exact_values(void **state)
{
    (void)state;
    size_t n = 0;
    support_known *k = support_read_known("conf/data/amazons-4x4-test-set.txt", 20, 6, &n);
    sg_tds *tds = support_tds_new();
    sg_tds_set_enhancements(tds, SG_TDS_PLUS);
    size_t checked = 0;
    for (size_t i = 0; i < n; i++) {
        if (k[i].empty < 4)
            continue;
        char delta[16];
        snprintf(delta, sizeof delta, "1/%d", 1 << k[i].empty);
        sg_estimate e;
        anytime(tds, k[i].position, delta, 10000000, &e);
        if (!e.exact)
            fail_msg("%s: not finished in 10^7 nodes (depth %d)", k[i].position,
                     sg_tds_last_depth(tds));
        if (!sg_value_eq(e.mean, k[i].mean) || !sg_value_eq(e.temperature, k[i].temperature)) {
            char v[4][SG_VALUE_TEXT_MAX];
            sg_value_format(e.mean, v[0], sizeof v[0]);
            sg_value_format(e.temperature, v[1], sizeof v[1]);
            sg_value_format(k[i].mean, v[2], sizeof v[2]);
            sg_value_format(k[i].temperature, v[3], sizeof v[3]);
            fail_msg("%s: anytime %s / %s, database %s / %s", k[i].position, v[0], v[1], v[2],
                     v[3]);
        }
        assert_true(sg_tds_last_depth(tds) >= 1);
        checked++;
    }
    print_message("%zu positions exact\n", checked);
    assert_true(checked >= 5);
    free(k);
    sg_tds_free(tds);
}

/* A 14-empty position cut short: depth reported, inexact, deterministic, never shallower
 * with more nodes; deepening on from the shallow answer goes further. */
static void test_cut_short_answers_the_deepest_finished(void **state)
{
    (void)state;
    const char *room = "BW../x.x./x.../...."; /* mean -1, temperature 9 */
    sg_tds *tds = support_tds_new();
    sg_tds_set_enhancements(tds, SG_TDS_PLUS);
    sg_estimate small, again, large;
    anytime(tds, room, "1/2", 20000, &small);
    int d_small = sg_tds_last_depth(tds);
    sg_tds_free(tds);
    tds = support_tds_new();
    sg_tds_set_enhancements(tds, SG_TDS_PLUS);
    anytime(tds, room, "1/2", 20000, &again);
    assert_int_equal(sg_tds_last_depth(tds), d_small);
    assert_true(sg_value_eq(small.temperature, again.temperature));
    assert_true(sg_value_eq(small.mean, again.mean));
    anytime(tds, room, "1/2", 400000, &large);
    int d_large = sg_tds_last_depth(tds);
    print_message("depth %d with 2*10^4 nodes, %d with 4*10^5\n", d_small, d_large);
    assert_false(small.exact);
    assert_true(d_small >= 1);
    assert_true(d_large > d_small);

    /* Deepening on from the shallow estimate with the larger budget. */
    char err[256];
    sg_tds_config c = { .delta = support_value("1/2"), .nodes = 400000 };
    support_pos p = support_parse(&amz.game, room);
    sg_estimate deeper;
    assert_int_equal(sg_tds_estimate_deeper(tds, &amz.game, p.b, &c, &small, d_small, &deeper,
                                            err, sizeof err),
                     SG_OK);
    assert_true(sg_tds_last_depth(tds) > d_small);
    sg_tds_free(tds);
}

/* TDS+'s mean temperature error against the database under the enhancements `masks`
 * (at the same node limit, so deterministic) on hard rooms, 11 and 12 empty squares,
 * every 7th of the test set's. */
static int hard_room_errors_depths(const unsigned *masks, size_t count, uint64_t nodes,
                                   int depth, double *error, int *depths)
{
    size_t n = 0;
    support_known *k = support_read_known("conf/data/amazons-4x4-test-set.txt", 7, 12, &n);
    int rooms = 0;
    for (size_t v = 0; v < count; v++) {
        sg_tds *tds = support_tds_new();
        sg_tds_set_enhancements(tds, masks[v]);
        error[v] = 0;
        if (depths)
            depths[v] = 0;
        rooms = 0;
        for (size_t i = 0; i < n; i++) {
            if (k[i].empty < 11)
                continue;
            sg_estimate e;
            limited(tds, k[i].position, "1/16", nodes, depth, &e);
            if (depths)
                depths[v] += sg_tds_last_depth(tds);
            sg_value d = sg_value_sub(e.temperature, k[i].temperature);
            error[v] += fabs(sg_value_to_double(d));
            rooms++;
        }
        error[v] /= rooms;
        sg_tds_free(tds);
    }
    free(k);
    return rooms;
}

static int hard_room_errors(const unsigned *masks, size_t count, double *error)
{
    return hard_room_errors_depths(masks, count, 60000, 0, error, NULL);
}

/* E7 (thermographic leaves): with it, the error is at most 4/5 of the error with
 * evaluate()'s means at the leaves, whether coupons count against the depth or not (E8).
 * On the 40 rooms of docs/results/tds-anytime.md at 0.5 s, without E8, the two errors
 * are 1.88 and 2.49. */
static void test_thermographic_leaves_come_closer(void **state)
{
    (void)state;
    const unsigned plain = E7_ONLY & ~SG_TDS_E7;
    const unsigned masks[] = { plain, plain | SG_TDS_E7, plain | SG_TDS_E8, E7_ONLY | SG_TDS_E8 };
    double error[4];
    int rooms = hard_room_errors(masks, 4, error);
    print_message("%d rooms: mean t error %.3f with evaluate() means, %.3f with E7; with E8 "
                  "%.3f and %.3f\n",
                  rooms, error[0], error[1], error[2], error[3]);
    assert_true(rooms >= 6);
    assert_true(error[1] <= 0.8 * error[0]);
    assert_true(error[3] <= 0.8 * error[2]);
}

/* E8 (coupons free of depth): with it, the error is at most 4/5 of the error with coupons
 * counted as plies, with E7's leaves. On the 40 rooms of docs/results/tds-anytime.md at
 * 0.5 s the errors are 1.88 without E8 and 0.96 with it (with this session's faster
 * evaluation). */
static void test_free_coupons_come_closer(void **state)
{
    (void)state;
    const unsigned masks[] = { E7_ONLY, E7_ONLY | SG_TDS_E8 };
    double error[2];
    int rooms = hard_room_errors(masks, 2, error);
    print_message("%d rooms: mean t error %.3f with coupons as plies, %.3f free (E8)\n", rooms,
                  error[0], error[1]);
    assert_true(rooms >= 6);
    assert_true(error[1] <= 0.8 * error[0]);
}

/* E9 (the history heuristic) orders the moves, so the same node limit reaches deeper:
 * with E8, the rooms' depths add up to more, and the error is no larger. */
static void test_history_goes_deeper(void **state)
{
    (void)state;
    const unsigned masks[] = { E7_ONLY | SG_TDS_E8, E7_ONLY | SG_TDS_E8 | SG_TDS_E9 };
    double error[2];
    int depths[2];
    int rooms = hard_room_errors_depths(masks, 2, 400000, 0, error, depths);
    print_message("%d rooms: E8 mean t error %.3f, depths %d; with E9 %.3f, depths %d\n", rooms,
                  error[0], depths[0], error[1], depths[1]);
    assert_true(rooms >= 6);
    assert_true(depths[1] > depths[0]);
    assert_true(error[1] <= error[0]);
}

/* E10 (late move reductions) on top of E8 and E9: the same node limit reaches deeper, and
 * the error is no larger (0.679 and 31 plies in all without it, 0.542 and 40 with it). */
static void test_reductions_go_deeper(void **state)
{
    (void)state;
    const unsigned base = E7_ONLY | SG_TDS_E8 | SG_TDS_E9;
    const unsigned masks[] = { base, base | SG_TDS_E10 };
    double error[2];
    int depths[2];
    int rooms = hard_room_errors_depths(masks, 2, 400000, 0, error, depths);
    print_message("%d rooms: E8 E9 mean t error %.3f, depths %d; with E10 %.3f, depths %d\n",
                  rooms, error[0], depths[0], error[1], depths[1]);
    assert_true(rooms >= 6);
    assert_true(depths[1] > depths[0]);
    assert_true(error[1] <= error[0]);
}

/* E11 (lowering after heuristic searches): a depth-limited estimate answers the coupon
 * before the PV's first move in the game, which can be the mover's pseudo-temperature,
 * above t(G); lowering takes it down while forcing coupons leaves the score unchanged.
 * At a fixed depth (no clock, so deterministic) the error falls: here 0.710 to 0.667; on
 * the 40 rooms of docs/results/tds-anytime.md 0.930 to 0.738 at depth 2. */
static void test_lowering_comes_closer(void **state)
{
    (void)state;
    const unsigned masks[] = { SG_TDS_PLUS & ~SG_TDS_E11, SG_TDS_PLUS };
    double error[2];
    int rooms = hard_room_errors_depths(masks, 2, 0, 2, error, NULL);
    print_message("%d rooms at depth 2: tdsplus mean t error %.3f, with E11 %.3f\n", rooms,
                  error[0], error[1]);
    assert_true(rooms >= 6);
    assert_true(error[1] < error[0]);
}

static void test_analyze_reports_the_depth(void **state)
{
    (void)state;
    char depth[32];
    support_run r = support_host("analyze 'amazons:x.xx/.xBx/W.xx/xxxx' --method tdsplus "
                                 "--json",
                                 NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "\"depth\":0,");
    support_run_free(&r);
    r = support_host("analyze 'amazons:BW../x.x./x.../....' --method tds --time 0.2 --json",
                     NULL);
    assert_int_equal(r.status, 0);
    const char *at = strstr(r.out, "\"depth\":");
    assert_non_null(at);
    snprintf(depth, sizeof depth, "%s", at + 8);
    assert_true(atoi(depth) >= 1);
    support_assert_contains(r.out, "\"exact\":false");
    support_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_enough_nodes_give_the_exact_values),
        cmocka_unit_test(test_cut_short_answers_the_deepest_finished),
        cmocka_unit_test(test_thermographic_leaves_come_closer),
        cmocka_unit_test(test_free_coupons_come_closer),
        cmocka_unit_test(test_history_goes_deeper),
        cmocka_unit_test(test_reductions_go_deeper),
        cmocka_unit_test(test_lowering_comes_closer),
        cmocka_unit_test(test_analyze_reports_the_depth),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
