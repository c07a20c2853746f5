/* The mixing function and the seeding against splitmix64's and xoshiro256**'s published
 * outputs (Vigna's reference code), not against the code under test. */
#include "support.h"

#include "sumgame/rng.h"

#define GOLDEN UINT64_C(0x9e3779b97f4a7c15)

/* splitmix64 from seed 0: the finalizer of 1, 2, 3, 4 times the increment. */
static const uint64_t splitmix_from_0[4] = {
    UINT64_C(0xe220a8397b1dcdaf),
    UINT64_C(0x6e789e6aa1b965f4),
    UINT64_C(0x06c45d188009454f),
    UINT64_C(0xf88bb8a8724c81ec),
};

static void test_mix64_is_the_splitmix64_finalizer(void **state)
{
    (void)state;
    for (uint64_t k = 1; k <= 4; k++)
        assert_true(sg_mix64(k * GOLDEN) == splitmix_from_0[k - 1]);
    /* 0 is the one fixed point: every step maps 0 to 0. */
    assert_true(sg_mix64(0) == 0);
    assert_true(sg_mix64(1) == UINT64_C(0x5692161d100b05e5));
    assert_true(sg_mix64(UINT64_MAX) == UINT64_C(0xb4d055fcf2cbbd7b));
}

static void test_seed_is_splitmix64_then_xoshiro256starstar(void **state)
{
    (void)state;
    sg_rng rng;
    sg_rng_seed(&rng, 0);
    for (int i = 0; i < 4; i++)
        assert_true(rng.s[i] == splitmix_from_0[i]);
    /* xoshiro256** from that state, computed apart from this code by the reference's steps. */
    assert_true(sg_rng_next(&rng) == UINT64_C(0x99ec5f36cb75f2b4));
    assert_true(sg_rng_next(&rng) == UINT64_C(0xbf6e1f784956452a));
    assert_true(sg_rng_next(&rng) == UINT64_C(0x1a5f849d4933e6e0));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_mix64_is_the_splitmix64_finalizer),
        cmocka_unit_test(test_seed_is_splitmix64_then_xoshiro256starstar),
    };
    return cmocka_run_group_tests_name("rng", tests, NULL, NULL);
}
