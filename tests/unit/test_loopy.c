/* Games with cycles (the first step of issue #15): the exact engine, the reference
 * thermograph method and the αβ engine meet a cycle of play and stop with one clear
 * error, never looping and never answering as if the game were loop-free. The game is the
 * test plugin loopy_subtract: a heap where Left takes 1 or 2 tokens and Right takes 2 or
 * 3 or gives 1 back (while the heap is 2 to 19), so 3 -> 2 -> 3 is a cycle; heaps 0 and 1
 * cannot reach one. */
#include "support.h"

#include <string.h>

#include "sumgame/cgt.h"
#include "sumgame/search.h"
#include "sumgame/sum.h"
#include "sumgame/thermograph.h"

static support_game loopy;

static int setup(void **state)
{
    (void)state;
    support_test_game_open(&loopy, "loopy_subtract");
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    support_game_close(&loopy);
    return 0;
}

static void test_exact_engine_refuses_a_cycle(void **state)
{
    (void)state;
    support_pos p = support_parse(&loopy.game, "3");
    char err[512] = "";
    sg_cgt *t = sg_cgt_new();
    sg_cg g;
    assert_int_equal(sg_cgt_from_game(t, &loopy.game, p.b, 0, &g, err, sizeof err),
                     SG_ERR_UNSUPPORTED);
    support_assert_contains(err, "play from '");
    support_assert_contains(err, "comes back to it");
    assert_null(strchr(err, '\n'));
    /* thermographs go through the same engine */
    sg_thermo_cache *cache = sg_thermo_cache_new(NULL);
    const sg_thermograph *th;
    err[0] = '\0';
    assert_int_equal(sg_thermograph_of_position(cache, &loopy.game, p.b, 0, &th, err,
                                                sizeof err),
                     SG_ERR_UNSUPPORTED);
    support_assert_contains(err, "comes back to it");
    /* a heap that cannot reach the cycle is still a plain game: heap 1 is the integer 1 */
    support_pos one = support_parse(&loopy.game, "1");
    assert_int_equal(sg_cgt_from_game(t, &loopy.game, one.b, 0, &g, err, sizeof err), SG_OK);
    sg_value x;
    assert_true(sg_cgt_is_number(t, g, &x));
    assert_int_equal(x.num, 1);
    sg_thermo_cache_free(cache);
    sg_cgt_free(t);
}

static void test_reference_thermograph_stops(void **state)
{
    (void)state;
    support_pos p = support_parse(&loopy.game, "3");
    sg_thermograph th;
    char err[512] = "";
    assert_int_equal(sg_thermograph_unmemoized(&loopy.game, p.b, &th, err, sizeof err),
                     SG_ERR_UNSUPPORTED);
    support_assert_contains(err, "cycles");
}

static void test_complete_search_stops(void **state)
{
    (void)state;
    support_pos p = support_parse(&loopy.game, "3");
    char err[512] = "";
    sg_sum *sum = sg_sum_new(SG_FREEZE_NUMBERS);
    assert_int_equal(sg_sum_add(sum, &loopy.game, p.b, err, sizeof err), SG_OK);
    sg_search_config config = { 0 };
    config.tt_log2 = 12;
    sg_search *s = sg_search_new(&config, err, sizeof err);
    assert_non_null(s);
    sg_search_result r;
    int rc = sg_search_run(s, sum, SG_LEFT, &r, err, sizeof err);
    assert_int_not_equal(rc, SG_OK);
    support_assert_contains(err, "does not end");
    sg_search_free(s);
    sg_sum_free(sum);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_exact_engine_refuses_a_cycle),
        cmocka_unit_test(test_reference_thermograph_stops),
        cmocka_unit_test(test_complete_search_stops),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
