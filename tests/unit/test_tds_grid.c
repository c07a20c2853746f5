/* Exact TDS (delta = 1/16, t_max from the game's bound) against the full 4x4 Amazons
 * database (amazons_grid_db.h, a retrograde analysis of canonical forms independent of the
 * coupon search) on positions with up to 4 empty squares: single rooms and boards of
 * several rooms, as issue #5 asks of "rooms that have up to 4 empty squares". Every
 * STRIDE-th position of those layers is checked, so the suite stays fast; the whole run is
 * in docs/results/tds-experiment-1.md. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/amazons_grid_db.h"
#include "sumgame/estimator.h"
#include "sumgame/params.h"
#include "sumgame/thermograph.h"

#ifndef STRIDE
#define STRIDE 10
#endif
#ifndef MAX_EMPTY
#define MAX_EMPTY 4
#endif

static void test_tds_matches_grid_database(void **state)
{
    (void)state;
    char err[256];
    sg_grid_db *db;
    if (sg_grid_db_build(&db, NULL, NULL, err, sizeof err) != SG_OK)
        fail_msg("%s", err);
    sg_thermo_cache *cache = sg_thermo_cache_new(sg_grid_db_table(db));
    assert_non_null(cache);
    support_game amz;
    support_game_open(&amz, "amazons", NULL);
    sg_param items[] = { { "delta", "1/16", 1 } };
    sg_params params = { "test_tds_grid", "estimator.tds", items, 1 };
    sg_estimator *est;
    if (sg_estimator_new("tds", &params, &est, err, sizeof err) != SG_OK)
        fail_msg("%s", err);

    size_t checked[MAX_EMPTY + 1] = { 0 }, bad = 0;
    for (size_t i = 0; i < sg_grid_db_count(db); i += STRIDE) {
        sg_grid_pos p = sg_grid_db_position(db, i);
        int empty = sg_grid_empty_squares(p);
        if (empty > MAX_EMPTY)
            break; /* listed by empty squares */
        char text[SG_GRID_TEXT_MAX];
        sg_grid_format(p, text);
        support_pos pos = support_parse(&amz.game, text);
        sg_cg g;
        assert_int_equal(sg_grid_db_value(db, p, &g), SG_OK);
        const sg_thermograph *th = sg_thermograph_of(cache, g);
        assert_non_null(th);
        sg_estimate e;
        if (sg_estimator_estimate(est, &amz.game, pos.b, NULL, &e, err, sizeof err) != SG_OK)
            fail_msg("%s: %s", text, err);
        assert_true(e.exact);
        if (!sg_value_eq(e.mean, th->mean) || !sg_value_eq(e.temperature, th->temperature)) {
            char m[SG_VALUE_TEXT_MAX], t[SG_VALUE_TEXT_MAX], xm[SG_VALUE_TEXT_MAX],
                xt[SG_VALUE_TEXT_MAX];
            sg_value_format(e.mean, m, sizeof m);
            sg_value_format(e.temperature, t, sizeof t);
            sg_value_format(th->mean, xm, sizeof xm);
            sg_value_format(th->temperature, xt, sizeof xt);
            print_message("%s: TDS mean %s temperature %s, exact %s %s\n", text, m, t, xm, xt);
            bad++;
        }
        checked[empty]++;
    }
    for (int e = 0; e <= MAX_EMPTY; e++)
        print_message("%d empty squares: %zu positions checked\n", e, checked[e]);
    print_message("%zu wrong\n", bad);
    sg_estimator_free(est);
    support_game_close(&amz);
    sg_thermo_cache_free(cache);
    sg_grid_db_free(db);
    assert_int_equal(bad, 0);
    assert_true(checked[MAX_EMPTY] > 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tds_matches_grid_database),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
