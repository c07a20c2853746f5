/* sumgame/bitmatrix.h against the square-by-square maps it replaces: on random w x h
 * boards (1 <= w, h <= 8), the transpose sends (x, y) to (y, x), flip_x (x, y) to
 * (w - 1 - x, y) and flip_y (x, y) to (x, h - 1 - y), bit 8 * y + x each. */
#include "support.h"

#include "sumgame/bitmatrix.h"
#include "sumgame/rng.h"

static uint64_t square_map(uint64_t m, int w, int h, int which)
{
    uint64_t out = 0;
    for (; m; m &= m - 1) {
        int sq = __builtin_ctzll(m), x = sq % 8, y = sq / 8, nx = x, ny = y;
        if (which == 0) {
            nx = y;
            ny = x;
        } else if (which == 1) {
            nx = w - 1 - x;
        } else {
            ny = h - 1 - y;
        }
        out |= UINT64_C(1) << (8 * ny + nx);
    }
    return out;
}

static void test_maps_agree_square_by_square(void **state)
{
    (void)state;
    sg_rng rng;
    sg_rng_seed(&rng, 88);
    for (int t = 0; t < 20000; t++) {
        int w = 1 + (int)sg_rng_below(&rng, 8), h = 1 + (int)sg_rng_below(&rng, 8);
        uint64_t mask = 0;
        for (int y = 0; y < h; y++)
            mask |= ((UINT64_C(1) << w) - 1) << (8 * y);
        uint64_t m = sg_rng_next(&rng) & mask;
        assert_true(sg_bm8_transpose(m) == square_map(m, w, h, 0));
        assert_true(sg_bm8_flip_x(m, w) == square_map(m, w, h, 1));
        assert_true(sg_bm8_flip_y(m, h) == square_map(m, w, h, 2));
    }
    /* hand values: the corner (0, 0) of a 3 x 2 board */
    assert_true(sg_bm8_flip_x(1, 3) == UINT64_C(1) << 2);
    assert_true(sg_bm8_flip_y(1, 2) == UINT64_C(1) << 8);
    assert_true(sg_bm8_transpose(UINT64_C(1) << 2) == UINT64_C(1) << 16);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_maps_agree_square_by_square),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
