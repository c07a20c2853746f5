/* The TDS paper's averaging of the two players' temperatures (Experiment 2, `combine =
 * average`) at the exact delta, with the grid the paper states for its rooms.
 *
 * Lowering t while the score stays the same goes one coupon past t(G) for the player
 * who must take the coupon t(G) - delta when the opponent can then move in G and be
 * answered at once: with Left first in ^ = {0|{0|0}}, Left forced to take -delta is
 * answered by Right's ^ -> * and Left's * -> 0, and the score stays (the sums are worked
 * out in docs/results/tds-experiment-2.md), so Left's t is -delta while Right's is 0, and
 * their average is -delta/2. A game whose temperatures are multiples of a grid cannot have
 * t(G) - delta as its temperature when delta is half the grid; with the grid given
 * (sg_tds_config.grid), the lowering stops only on it and the average is exact.
 *
 * The truth: t(^) = 0 and t(10|0||-1) = 1 by hand (the thermograph's walls), and for the
 * Amazons rooms the exact database conf/data/amazons-rooms-N.txt (the exact thermograph
 * engine, independent of the coupon search). The rooms are those whose averaged t was
 * off before: 8 rooms of size 5 at delta = 1/8 (every one with t = 0: ^ and v shapes)
 * and some of the 42 rooms of size 6 at delta = 1/16 (t = 0, 1/4, 1/2, 3/4 and 1). */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/tds.h"
#include "sumgame/value.h"

static support_game amz, rcg;
static sg_tds *tds;

static int setup(void **state)
{
    (void)state;
    support_game_open(&amz, "amazons", NULL);
    support_game_open(&rcg, "rcg", NULL);
    tds = support_tds_new();
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    sg_tds_free(tds);
    support_game_close(&rcg);
    support_game_close(&amz);
    return 0;
}

static sg_value V(const char *text) { return support_value(text); }

static const char *text_of(sg_value v, char *buf)
{
    sg_value_format(v, buf, SG_VALUE_TEXT_MAX);
    return buf;
}

/* The database's mean and temperature of position in conf/data/amazons-rooms-n.txt. */
static void database(int n, const char *position, sg_value *mean, sg_value *temperature)
{
    char path[64], line[256];
    snprintf(path, sizeof path, "conf/data/amazons-rooms-%d.txt", n);
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s (run the tests from the repository root)", path);
    bool found = false;
    while (!found && fgets(line, sizeof line, f)) {
        char pos[64], m[32], t[32];
        if (line[0] == '#' || sscanf(line, "%63s %31s %31s", pos, m, t) != 3 ||
            strcmp(pos, position) != 0)
            continue;
        *mean = V(m);
        *temperature = V(t);
        found = true;
    }
    fclose(f);
    if (!found)
        fail_msg("%s: no room %s", path, position);
}

/* Exact TDS of one position: C_-1(tmax, delta), the temperatures combined as combine says,
 * grid 0 for none. */
static sg_estimate estimate(support_game *g, const char *position, const char *delta,
                            const char *tmax, sg_tds_combine combine, const char *grid)
{
    char err[256];
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    if (g->game.desc->parse(g->game.instance, position, pos, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", position, err);
    sg_tds_config config = { .delta = V(delta), .has_tmax = true, .tmax = V(tmax),
                             .combine = combine, .grid = V(grid) };
    sg_estimate e;
    if (sg_tds_estimate(tds, &g->game, pos, &config, &e, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", position, err);
    if (!e.exact)
        fail_msg("%s: a complete search is not reported exact", position);
    return e;
}

/* Whether v is a multiple of grid. */
static bool on_grid(sg_value v, sg_value grid)
{
    for (int64_t k = -64; k <= 64; k++)
        if (sg_value_eq(sg_value_mul_int(grid, k), v))
            return true;
    return false;
}

/* Room positions of size n, averaged at delta with the paper's grid 2^(3-n): the exact
 * mean and temperature; and without the grid a temperature off the grid (so the rooms
 * still show what the grid corrects). */
static void check_rooms(int n, const char *delta, const char *tmax, const char *grid,
                        const char *const *rooms, size_t count)
{
    char a[SG_VALUE_TEXT_MAX], b[SG_VALUE_TEXT_MAX], c[SG_VALUE_TEXT_MAX];
    for (size_t i = 0; i < count; i++) {
        sg_value mean = sg_value_int(0), t = sg_value_int(0);
        database(n, rooms[i], &mean, &t);
        sg_estimate fixed = estimate(&amz, rooms[i], delta, tmax, SG_TDS_COMBINE_AVERAGE, grid);
        if (!sg_value_eq(fixed.temperature, t) || !sg_value_eq(fixed.mean, mean))
            fail_msg("%s, delta %s, grid %s: averaged t %s, mean %s; database t %s", rooms[i],
                     delta, grid, text_of(fixed.temperature, a), text_of(fixed.mean, b),
                     text_of(t, c));
        sg_estimate bare = estimate(&amz, rooms[i], delta, tmax, SG_TDS_COMBINE_AVERAGE, "0");
        if (on_grid(bare.temperature, V(grid)))
            fail_msg("%s, delta %s: without the grid the average is %s, on the grid %s: the "
                     "room no longer shows the overshoot", rooms[i], delta,
                     text_of(bare.temperature, a), grid);
        sg_estimate max = estimate(&amz, rooms[i], delta, tmax, SG_TDS_COMBINE_MAX, grid);
        assert_true(sg_value_eq(max.temperature, t));
    }
}

static void test_up_by_hand(void **state)
{
    (void)state;
    char a[SG_VALUE_TEXT_MAX];
    /* ^ = {0|*}: t = 0; its subpositions 0, * are multiples of 1/4 (and of any grid). */
    const char *deltas[] = { "1/4", "1/8", "1/16" };
    for (size_t i = 0; i < 3; i++) {
        sg_value d = V(deltas[i]);
        sg_estimate bare =
            estimate(&rcg, "{0|{0|0}}", deltas[i], deltas[i], SG_TDS_COMBINE_AVERAGE, "0");
        /* Left lowers to -delta, Right stops at 0. */
        if (!sg_value_eq(bare.temperature, sg_value_neg(sg_value_half(d))))
            fail_msg("^, delta %s, no grid: averaged t %s, expected -delta/2", deltas[i],
                     text_of(bare.temperature, a));
        sg_value grid = sg_value_mul_int(d, 2);
        char g[SG_VALUE_TEXT_MAX];
        text_of(grid, g);
        sg_estimate fixed =
            estimate(&rcg, "{0|{0|0}}", deltas[i], deltas[i], SG_TDS_COMBINE_AVERAGE, g);
        if (!sg_value_eq(fixed.temperature, sg_value_int(0)))
            fail_msg("^, delta %s, grid %s: averaged t %s, expected 0", deltas[i], g,
                     text_of(fixed.temperature, a));
        assert_true(sg_value_eq(fixed.mean, sg_value_int(0)));
    }
}

static void test_sente_by_hand(void **state)
{
    (void)state;
    char a[SG_VALUE_TEXT_MAX];
    /* 10|0||-1: mean 0, t = 1 (Left's scaffold 0 below 5, Right's -1 + t); Left's option
     * 10|0 has mean 5 and t 5, so every temperature is a multiple of 1/2 and delta = 1/4
     * is half of it. Right first lowers to 1 - delta without the grid (Left's sente
     * move to 10|0 answers the delay), so the average is off the grid. */
    sg_estimate bare = estimate(&rcg, "10|0||-1", "1/4", "21/4", SG_TDS_COMBINE_AVERAGE, "0");
    if (on_grid(bare.temperature, V("1/2")))
        fail_msg("10|0||-1, no grid: averaged t %s is on the grid 1/2",
                 text_of(bare.temperature, a));
    sg_estimate fixed =
        estimate(&rcg, "10|0||-1", "1/4", "21/4", SG_TDS_COMBINE_AVERAGE, "1/2");
    if (!sg_value_eq(fixed.temperature, sg_value_int(1)) ||
        !sg_value_eq(fixed.mean, sg_value_int(0)))
        fail_msg("10|0||-1, grid 1/2: averaged t %s, expected 1", text_of(fixed.temperature, a));
}

static void test_rooms_5(void **state)
{
    (void)state;
    static const char *const rooms[] = {
        ".BW./x.xx",      "xBW./..xx", "xBW./.x.x",      "xB../.xWx",
        ".Bx./x.Wx",      "..x./xBWx", "xxB./xW.x/.xxx", "xxBx/xW../.xxx",
    };
    check_rooms(5, "1/8", "17/8", "1/4", rooms, sizeof rooms / sizeof *rooms);
    check_rooms(5, "1/16", "33/16", "1/4", rooms, sizeof rooms / sizeof *rooms);
}

static void test_rooms_6(void **state)
{
    (void)state;
    /* t = 0 with mean 0, -1 and 1, and t = 1/4, 1/2, 3/4, 1. */
    static const char *const rooms[] = {
        "xBW./...x",         "x.../.BWx",         "xB../x.Wx/.xxx",     "xBW/.../.xx",
        "..x./Bx.x/xWxx",    "x.x./B..x/xWxx",    "xBxx/Wx.x/x.x./.xxx", "xxBx/..xW/xx.x/x.xx",
        "xBWx/x.../.xxx",
    };
    check_rooms(6, "1/16", "49/16", "1/8", rooms, sizeof rooms / sizeof *rooms);
}

/* Where delta is the grid or coarser, every coupon is on the grid: the grid changes
 * nothing, so the paper's rows for coarse deltas are what they were. */
static void test_coarse_delta_unchanged(void **state)
{
    (void)state;
    static const char *const rooms[] = { ".BW./x.xx", "xBW./.x.x", "B..W/.xxx", "B.W./.xxx" };
    const char *deltas[] = { "1", "1/2", "1/4" };
    const char *tmaxes[] = { "3", "5/2", "9/4" };
    for (size_t i = 0; i < sizeof rooms / sizeof *rooms; i++)
        for (size_t k = 0; k < 3; k++) {
            sg_estimate with = estimate(&amz, rooms[i], deltas[k], tmaxes[k],
                                        SG_TDS_COMBINE_AVERAGE, "1/4");
            sg_estimate without = estimate(&amz, rooms[i], deltas[k], tmaxes[k],
                                           SG_TDS_COMBINE_AVERAGE, "0");
            assert_true(sg_value_eq(with.temperature, without.temperature));
            assert_true(sg_value_eq(with.mean, without.mean));
        }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_up_by_hand),
        cmocka_unit_test(test_sente_by_hand),
        cmocka_unit_test(test_rooms_5),
        cmocka_unit_test(test_rooms_6),
        cmocka_unit_test(test_coarse_delta_unchanged),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
