/* Exact TDS (delta = 1/16, t_max from the game's bound) on Amazons positions with up to 4
 * empty squares, as issue #5 asks of "rooms that have up to 4 empty squares": against the
 * full 4x4 database (`sumgame db amazons 4x4`, sumgame/database.h: canonical forms from
 * the plugin's moves, independent of the coupon search), single rooms and boards of several rooms, every
 * STRIDE-th position of those layers so the suite stays fast (the whole run is in
 * docs/results/tds-experiment-1.md); and against the canonical form of random rooms on
 * boards of any size up to 10x10 with up to three amazons a side. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/database.h"
#include "sumgame/estimator.h"
#include "sumgame/params.h"
#include "sumgame/rng.h"
#include "sumgame/thermograph.h"

#ifndef STRIDE
#define STRIDE 10
#endif
#ifndef MAX_EMPTY
#define MAX_EMPTY 4
#endif

/* Whether the TDS estimate has the thermograph's mean and temperature; prints the
 * position and both when not. */
static bool agrees(const char *text, const sg_estimate *e, const sg_thermograph *th)
{
    if (sg_value_eq(e->mean, th->mean) && sg_value_eq(e->temperature, th->temperature))
        return true;
    char m[SG_VALUE_TEXT_MAX], t[SG_VALUE_TEXT_MAX], xm[SG_VALUE_TEXT_MAX],
        xt[SG_VALUE_TEXT_MAX];
    sg_value_format(e->mean, m, sizeof m);
    sg_value_format(e->temperature, t, sizeof t);
    sg_value_format(th->mean, xm, sizeof xm);
    sg_value_format(th->temperature, xt, sizeof xt);
    print_message("%s: TDS mean %s temperature %s, exact %s %s\n", text, m, t, xm, xt);
    return false;
}

static void test_tds_matches_grid_database(void **state)
{
    (void)state;
    char err[256];
    support_game amz;
    support_game_open(&amz, "amazons", NULL);
    sg_db *db;
    if (sg_db_build(&db, &amz.game, "4x4", SG_DB_VALUES, NULL, err, sizeof err) != SG_OK)
        fail_msg("%s", err);
    sg_thermo_cache *cache = sg_thermo_cache_new(sg_db_table(db));
    assert_non_null(cache);
    sg_param items[] = { { "delta", "1/16", 1 }, { "enhancements", SUPPORT_TDS_ENHANCEMENTS_TEXT, 2 } };
    sg_params params = { "test_tds_grid", "estimator.tds", items, 2 };
    sg_estimator *est;
    if (sg_estimator_new("tds", &params, &est, err, sizeof err) != SG_OK)
        fail_msg("%s", err);

    size_t checked[MAX_EMPTY + 1] = { 0 }, bad = 0;
    for (size_t i = 0; i < sg_db_count(db); i += STRIDE) {
        int empty = (int)sg_db_layer(db, i); /* the layer is the number of empty squares */
        if (empty > MAX_EMPTY)
            break; /* listed by empty squares */
        support_pos pos;
        char text[32];
        assert_int_equal(sg_db_position(db, i, pos.b), SG_OK);
        assert_int_equal(amz.game.desc->format(amz.game.instance, pos.b, text, sizeof text),
                         SG_OK);
        const sg_thermograph *th = sg_thermograph_of(cache, sg_db_value(db, i));
        assert_non_null(th);
        sg_estimate e;
        if (sg_estimator_estimate(est, &amz.game, pos.b, NULL, &e, err, sizeof err) != SG_OK)
            fail_msg("%s: %s", text, err);
        assert_true(e.exact);
        bad += !agrees(text, &e, th);
        checked[empty]++;
    }
    for (int e = 0; e <= MAX_EMPTY; e++)
        print_message("%d empty squares: %zu positions checked\n", e, checked[e]);
    print_message("%zu wrong\n", bad);
    sg_estimator_free(est);
    sg_thermo_cache_free(cache);
    sg_db_free(db);
    support_game_close(&amz);
    assert_int_equal(bad, 0);
    assert_true(checked[MAX_EMPTY] > 0);
}

#ifndef RANDOM_ROOMS
#define RANDOM_ROOMS 300
#endif

/* A w x h board text with rows separated by '/': `cells` squares grown as one or two
 * clusters of king-adjacent squares (so the amazons usually can move), nb Black and nw
 * White amazons on random cells of them, the other cells of them empty, the rest arrows. */
static void random_room(sg_rng *rng, int w, int h, int nb, int nw, int cells, char *text)
{
    char board[10][10];
    memset(board, 'x', sizeof board);
    int xs[40], ys[40], n = 0;
    int clusters = 1 + (int)sg_rng_below(rng, 2);
    while (n < cells) {
        bool grown = false;
        if (n > 0 && !(clusters == 2 && n == cells / 2)) {
            for (int tries = 0; tries < 32 && !grown; tries++) {
                int k = (int)sg_rng_below(rng, (uint64_t)n);
                int x = xs[k] + (int)sg_rng_below(rng, 3) - 1;
                int y = ys[k] + (int)sg_rng_below(rng, 3) - 1;
                if (x >= 0 && x < w && y >= 0 && y < h && board[y][x] == 'x') {
                    board[y][x] = '.';
                    xs[n] = x, ys[n] = y, n++;
                    grown = true;
                }
            }
        }
        while (!grown) { /* a new cluster, or the first square */
            int x = (int)sg_rng_below(rng, (uint64_t)w), y = (int)sg_rng_below(rng, (uint64_t)h);
            if (board[y][x] == 'x') {
                board[y][x] = '.';
                xs[n] = x, ys[n] = y, n++;
                grown = true;
            }
        }
    }
    for (int i = 0; i < nb + nw; i++) { /* partial Fisher-Yates over the cells */
        int j = i + (int)sg_rng_below(rng, (uint64_t)(n - i));
        int tx = xs[i], ty = ys[i];
        xs[i] = xs[j], ys[i] = ys[j], xs[j] = tx, ys[j] = ty;
        board[ys[i]][xs[i]] = i < nb ? 'B' : 'W';
    }
    char *out = text;
    for (int y = 0; y < h; y++) {
        if (y)
            *out++ = '/';
        memcpy(out, board[y], (size_t)w);
        out += w;
    }
    *out = '\0';
}

static void test_tds_matches_exact_on_random_rooms(void **state)
{
    (void)state;
    char err[256];
    support_game amz;
    support_game_open(&amz, "amazons", NULL);
    sg_param items[] = { { "delta", "1/16", 1 }, { "enhancements", SUPPORT_TDS_ENHANCEMENTS_TEXT, 2 } };
    sg_params params = { "test_tds_grid", "estimator.tds", items, 2 };
    sg_estimator *est;
    if (sg_estimator_new("tds", &params, &est, err, sizeof err) != SG_OK)
        fail_msg("%s", err);
    sg_thermo_cache *cache = sg_thermo_cache_new(NULL);
    assert_non_null(cache);
    sg_rng rng;
    sg_rng_seed(&rng, 5);
    size_t hot = 0, bad = 0, multi = 0;
    for (int i = 0; i < RANDOM_ROOMS; i++) {
        int w = 2 + (int)sg_rng_below(&rng, 9), h = 2 + (int)sg_rng_below(&rng, 9);
        int empty = (int)sg_rng_below(&rng, 5);
        int nb = 1 + (int)sg_rng_below(&rng, 3), nw = 1 + (int)sg_rng_below(&rng, 3);
        if (nb + nw + empty > w * h)
            continue;
        char text[128];
        random_room(&rng, w, h, nb, nw, nb + nw + empty, text);
        support_pos pos = support_parse(&amz.game, text);
        const sg_thermograph *th;
        if (sg_thermograph_of_position(cache, &amz.game, pos.b, 0, &th, err, sizeof err) != SG_OK)
            fail_msg("%s: %s", text, err);
        sg_estimate e;
        if (sg_estimator_estimate(est, &amz.game, pos.b, NULL, &e, err, sizeof err) != SG_OK)
            fail_msg("%s: %s", text, err);
        assert_true(e.exact);
        bad += !agrees(text, &e, th);
        hot += sg_value_cmp(th->temperature, sg_value_int(0)) > 0;
        multi += nb + nw > 2;
    }
    print_message("%d random rooms: %zu hot, %zu with more than two amazons, %zu wrong\n",
                  RANDOM_ROOMS, hot, multi, bad);
    sg_thermo_cache_free(cache);
    sg_estimator_free(est);
    support_game_close(&amz);
    assert_int_equal(bad, 0);
    /* The sample must reach the interesting cases, or the test proves little. */
    assert_true(hot >= RANDOM_ROOMS / 10);
    assert_true(multi >= RANDOM_ROOMS / 3);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tds_matches_exact_on_random_rooms),
        cmocka_unit_test(test_tds_matches_grid_database),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
