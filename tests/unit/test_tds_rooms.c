/* Experiment 1 of the TDS paper (Müller, Enzenberger, Schaeffer 2004): exact TDS agrees
 * with the exact mean and temperature of every n-point Amazons room, n = 4, 5, 6 (132,
 * 690 and 3330 rooms; docs/results/tds-experiment-1.md).
 *
 * The truth is the stored databases conf/data/amazons-rooms-N.txt, built by the exact
 * thermograph engine (`sumgame rooms N --values`), a bottom-up method independent of the
 * forward coupon search under test; test_rooms checks that they rebuild byte for byte
 * and their values against hand computation.
 *
 * The stack is the paper's: an n-point room lasts at most n - 2 moves, so its means and
 * temperatures are multiples of 2^(3-n) and its temperature at most n - 3; delta =
 * 2^(2-n) (half the grid, Berlekamp's condition) and t_max = n - 3 + delta. The issue
 * also asks for delta = 1/16 on every size, which is finer than the paper's delta for
 * n <= 6 and so must agree as well. Every room of every file is checked: the whole run
 * takes a few seconds. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/estimator.h"
#include "sumgame/params.h"
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

/* Runs exact TDS with C_-1(n - 3 + delta, delta) on every room of size n; prints each
 * disagreement and returns their number. */
static size_t disagreements(int n, const char *delta_text, size_t *checked)
{
    char err[256], tmax_text[SG_VALUE_TEXT_MAX];
    sg_value delta;
    assert_int_equal(sg_value_parse(delta_text, &delta, err, sizeof err), SG_OK);
    sg_value tmax = sg_value_add(sg_value_int(n - 3), delta);
    sg_value_format(tmax, tmax_text, sizeof tmax_text);
    sg_param items[] = { { "delta", delta_text, 1 },
                         { "tmax", tmax_text, 2 },
                         { "enhancements", SUPPORT_TDS_ENHANCEMENTS_TEXT, 3 } };
    sg_params params = { "test_tds_rooms", "estimator.tds", items, 3 };
    sg_estimator *est;
    if (sg_estimator_new("tds", &params, &est, err, sizeof err) != SG_OK)
        fail_msg("%s", err);

    size_t count;
    char path[64];
    snprintf(path, sizeof path, "conf/data/amazons-rooms-%d.txt", n);
    support_known *rooms = support_read_known(path, 1, 64, &count);
    size_t bad = 0;
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    for (size_t i = 0; i < count; i++) {
        if (amz.game.desc->parse(amz.game.instance, rooms[i].position, pos, err,
                                 sizeof err) != SG_OK)
            fail_msg("%s: %s", rooms[i].position, err);
        sg_estimate e;
        if (sg_estimator_estimate(est, &amz.game, pos, NULL, &e, err, sizeof err) != SG_OK) {
            /* Counted and reported with the others so that one run lists them all. */
            print_message("size %d, delta %s: %s: error: %s\n", n, delta_text,
                          rooms[i].position, err);
            bad++;
            continue;
        }
        if (!e.exact)
            fail_msg("%s: a complete TDS search is not reported exact", rooms[i].position);
        if (!sg_value_eq(e.mean, rooms[i].mean) ||
            !sg_value_eq(e.temperature, rooms[i].temperature)) {
            char m[SG_VALUE_TEXT_MAX], t[SG_VALUE_TEXT_MAX], xm[SG_VALUE_TEXT_MAX],
                xt[SG_VALUE_TEXT_MAX];
            sg_value_format(e.mean, m, sizeof m);
            sg_value_format(e.temperature, t, sizeof t);
            sg_value_format(rooms[i].mean, xm, sizeof xm);
            sg_value_format(rooms[i].temperature, xt, sizeof xt);
            print_message("size %d, delta %s: %s: TDS mean %s temperature %s, exact mean %s "
                          "temperature %s\n",
                          n, delta_text, rooms[i].position, m, t, xm, xt);
            bad++;
        }
    }
    free(rooms);
    sg_estimator_free(est);
    print_message("size %d, delta %s, t_max %s: %zu rooms, %zu agree\n", n, delta_text,
                  tmax_text, count, count - bad);
    *checked = count;
    return bad;
}

static void check_size(int n, size_t want_rooms)
{
    /* The paper's delta = 2^(2-n). */
    char paper_delta[16];
    snprintf(paper_delta, sizeof paper_delta, "1/%d", 1 << (n - 2));
    size_t checked;
    size_t bad = disagreements(n, paper_delta, &checked);
    assert_int_equal(checked, want_rooms);
    if (strcmp(paper_delta, "1/16") != 0) {
        bad += disagreements(n, "1/16", &checked);
        assert_int_equal(checked, want_rooms);
    }
    if (bad)
        fail_msg("size %d: %zu disagreements with the exact values", n, bad);
}

/* The paper's counts: 22, 69 and 222 shapes times n(n-1)/2 amazon placements. */
static void test_rooms_4(void **state)
{
    (void)state;
    check_size(4, 132);
}

static void test_rooms_5(void **state)
{
    (void)state;
    check_size(5, 690);
}

static void test_rooms_6(void **state)
{
    (void)state;
    check_size(6, 3330);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_rooms_4),
        cmocka_unit_test(test_rooms_5),
        cmocka_unit_test(test_rooms_6),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
