/* Cooling, heating and atomic weight (sg_cgt_cool, sg_cgt_heat, sg_cgt_atomic_weight)
 * against published values, each with its source beside it, and against the thermograph,
 * an independent computation of the same theory: the stops of G_t are the walls of G's
 * thermograph at t, its mean is G's and its temperature is G's less t. Atomic weight is
 * checked for additivity, a theorem (Siegel, CGT, §II.7), on sums of games it was not
 * given. */
#include "support.h"

#include <string.h>

#include "sumgame/cgt.h"
#include "sumgame/thermograph.h"

static sg_cgt *T;
static sg_thermo_cache *C;

static sg_value val(const char *text) { return support_value(text); }

static sg_cg num(const char *text) { return sg_cgt_number(T, val(text)); }

/* {l1, l2, ... | r1, ...}: nl Left options then nr Right options. */
static sg_cg game(size_t nl, size_t nr, ...)
{
    sg_cg opts[16];
    va_list ap;
    va_start(ap, nr);
    for (size_t i = 0; i < nl + nr; i++)
        opts[i] = va_arg(ap, sg_cg);
    va_end(ap);
    sg_cg g;
    assert_int_equal(sg_cgt_make(T, opts, nl, opts + nl, nr, &g), SG_OK);
    return g;
}

static sg_cg sw(const char *a, const char *b) { return game(1, 1, num(a), num(b)); }

static sg_cg plus(sg_cg a, sg_cg b)
{
    sg_cg s;
    assert_int_equal(sg_cgt_add(T, a, b, &s), SG_OK);
    return s;
}

static void assert_text(sg_cg g, const char *want)
{
    char buf[512];
    assert_int_equal(sg_cgt_format(T, g, buf, sizeof buf), SG_OK);
    assert_string_equal(buf, want);
}

static sg_cg cool(sg_cg g, const char *t)
{
    sg_cg out;
    assert_int_equal(sg_cgt_cool(T, g, val(t), &out), SG_OK);
    return out;
}

static sg_cg heat(sg_cg g, const char *t)
{
    sg_cg out;
    assert_int_equal(sg_cgt_heat(T, g, val(t), &out), SG_OK);
    return out;
}

static sg_cg aw(sg_cg g)
{
    sg_cg out;
    assert_int_equal(sg_cgt_atomic_weight(T, g, &out), SG_OK);
    return out;
}

static int setup(void **state)
{
    (void)state;
    T = sg_cgt_new();
    C = sg_thermo_cache_new(T);
    return T && C ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    sg_thermo_cache_free(C);
    sg_cgt_free(T);
    return 0;
}

static void test_cooling_published(void **state)
{
    (void)state;
    /* Sensei's Library, "Cooling / Examples", Example 2: G = {4 | 0} has G_1 = {3 | 1},
     * G_2 = {2 | 2} = 2*, and G_3 = G_5 = 2 (frozen at its mean once t exceeds its
     * temperature 2). */
    sg_cg g = sw("4", "0");
    assert_text(cool(g, "1"), "{3|1}");
    assert_text(cool(g, "2"), "2*");
    assert_text(cool(g, "3"), "2");
    assert_text(cool(g, "5"), "2");
    assert_text(cool(g, "0"), "{4|0}");
    /* Winning Ways, ch. 6 ("cooling"): ±1 cooled by 1 is *, and by more than 1 it is 0. */
    assert_text(cool(sw("1", "-1"), "1"), "*");
    assert_text(cool(sw("1", "-1"), "3/2"), "0");
    /* Sensei's Library, "Another Number" (Bill Spight): the Go position whose Black
     * move gives 0 and White move -1, {0 | -1}, chills (cools by 1) to -1/2. */
    assert_text(cool(sw("0", "-1"), "1"), "-1/2");
    /* Numbers do not cool (Winning Ways ch. 6; Siegel, CGT, §II.5). */
    assert_text(cool(num("-3/8"), "7"), "-3/8");
    /* Infinitesimals freeze at any t > 0: their temperature is 0. */
    sg_cg star = game(1, 1, num("0"), num("0"));
    sg_cg up = game(1, 1, num("0"), star);
    assert_text(cool(up, "0"), "^");
    assert_text(cool(up, "1/8"), "0");
    /* {1 || 0 | -2} chills to ↑: Winning Ways ch. 6 heats ↑ by 1 to ∫↑ = {1 || 0 | -2}, and
     * cooling undoes heating (Siegel, CGT, §II.5, heating as the inverse of cooling). */
    sg_cg g2 = game(1, 1, num("1"), sw("0", "-2"));
    assert_text(cool(g2, "1"), "^");
    /* An invalid temperature is refused. */
    sg_cg out;
    assert_int_equal(sg_cgt_cool(T, g, val("-1"), &out), SG_ERR_INVALID);
}

static void test_heating_published(void **state)
{
    (void)state;
    sg_cg star = game(1, 1, num("0"), num("0"));
    sg_cg up = game(1, 1, num("0"), star);
    /* Wikipedia, "Cooling and heating (combinatorial game theory)": ∫^t G = G for a number,
     * else {∫^t G^L + t | ∫^t G^R - t}. So ∫^1 * = {1 | -1} = ±1 and
     * ∫^1 ↑ = {1 | ±1 - 1} = {1 || 0 | -2}. */
    assert_text(heat(star, "1"), "\u00b11");
    assert_text(heat(up, "1"), "{1|{0|-2}}");
    assert_text(heat(num("5/2"), "3"), "5/2");
    /* ∫^2 {1|0} = {3 | -2} (the options are numbers) */
    assert_text(heat(sw("1", "0"), "2"), "{3|-2}");
    /* Cooling inverts heating on these forms (Siegel, CGT, §II.5). */
    assert_true(cool(heat(up, "1"), "1") == up);
    assert_true(cool(heat(star, "3"), "3") == star);
}

static void test_atomic_weight_published(void **state)
{
    (void)state;
    sg_cg zero = num("0");
    sg_cg star = game(1, 1, zero, zero);
    sg_cg star2 = game(2, 2, zero, star, zero, star);
    sg_cg up = game(1, 1, zero, star);
    sg_cg down = game(1, 1, star, zero);
    sg_cg double_up = plus(up, up);
    /* Winning Ways ch. 8, "atomic weights": aw(↑) = 1, aw(*) = 0, aw(↑*) = 1, aw(⇑) = 2,
     * aw(n.↑ + *m) = n; Siegel, CGT, §II.7 (Example: aw of a nimber is 0). CGSuite gives
     * the same (its AtomicWeight of ^ is 1, of ^^* is 2). */
    assert_text(aw(up), "1");
    assert_text(aw(star), "0");
    assert_text(aw(star2), "0");
    assert_text(aw(zero), "0");
    assert_text(aw(plus(up, star)), "1");
    assert_text(aw(double_up), "2");
    assert_text(aw(down), "-1");
    assert_text(aw(plus(plus(double_up, up), star2)), "3");
    assert_text(aw(plus(down, plus(down, star))), "-2");
    /* The eccentric case (Winning Ways ch. 8; Siegel §II.7): ⇑* = {0 | ↑} has
     * {aw(0) - 2 | aw(↑) + 2} = {-2 | 3} = 0, an integer, but ⇑* > far star, so its weight
     * is the largest integer n with n ◁| 3: 2. */
    sg_cg dus = game(1, 1, zero, up);
    assert_true(dus == plus(double_up, star));
    assert_text(aw(dus), "2");
    /* A number plus an all-small game: the number is taken out. */
    assert_text(aw(plus(num("3/2"), up)), "1");
    /* Not atomic here: a switch (stops differ), and {0 | {0 | -1}} whose option is not
     * all-small. */
    sg_cg out;
    assert_int_equal(sg_cgt_atomic_weight(T, sw("1", "-1"), &out), SG_ERR_UNSUPPORTED);
    assert_int_equal(sg_cgt_atomic_weight(T, game(1, 1, zero, sw("0", "-1")), &out),
                     SG_ERR_UNSUPPORTED);
}

/* A small random game: options from switches, numbers and smaller random games. */
static uint64_t seed = 88172645463325252ULL;
static unsigned next(unsigned n)
{
    seed ^= seed << 13;
    seed ^= seed >> 7;
    seed ^= seed << 17;
    return (unsigned)(seed % n);
}

static sg_cg random_game(int depth)
{
    if (depth == 0 || next(4) == 0) {
        static const char *const nums[] = { "-3", "-2", "-1", "-1/2", "0", "1/2", "1", "2", "5/2", "4" };
        return num(nums[next(10)]);
    }
    size_t nl = 1 + next(2), nr = 1 + next(2);
    sg_cg opts[4];
    for (size_t i = 0; i < nl + nr; i++)
        opts[i] = random_game(depth - 1);
    sg_cg g;
    assert_int_equal(sg_cgt_make(T, opts, nl, opts + nl, nr, &g), SG_OK);
    return g;
}

/* All-small random games: options 0 or smaller all-small games, both sides non-empty. */
static sg_cg random_small(int depth)
{
    if (depth == 0 || next(3) == 0)
        return num("0");
    size_t nl = 1 + next(2), nr = 1 + next(2);
    sg_cg opts[4];
    for (size_t i = 0; i < nl + nr; i++)
        opts[i] = random_small(depth - 1);
    sg_cg g;
    assert_int_equal(sg_cgt_make(T, opts, nl, opts + nl, nr, &g), SG_OK);
    return g;
}

static void test_cooling_matches_thermograph(void **state)
{
    (void)state;
    static const char *const temps[] = { "0", "1/4", "1/2", "3/4", "1", "3/2", "2", "3" };
    for (int k = 0; k < 300; k++) {
        sg_cg g = random_game(4);
        const sg_thermograph *th = sg_thermograph_of(C, g);
        assert_non_null(th);
        for (size_t i = 0; i < sizeof temps / sizeof temps[0]; i++) {
            sg_value t = val(temps[i]);
            sg_cg gt = cool(g, temps[i]);
            const sg_thermograph *ct = sg_thermograph_of(C, gt);
            assert_non_null(ct);
            /* the mean does not change */
            assert_true(sg_value_eq(ct->mean, th->mean));
            sg_value ls, rs;
            assert_true(sg_cgt_stops(T, gt, &ls, &rs));
            if (sg_value_cmp(t, th->temperature) <= 0) {
                /* the stops of G_t are the walls at t; the temperature drops by t */
                assert_true(sg_value_eq(ls, sg_pl_eval(&th->left_wall, t)));
                assert_true(sg_value_eq(rs, sg_pl_eval(&th->right_wall, t)));
                if (sg_value_cmp(t, th->temperature) < 0)
                    assert_true(sg_value_eq(ct->temperature, sg_value_sub(th->temperature, t)));
            } else {
                /* frozen: the number at the mean */
                sg_value x;
                assert_true(sg_cgt_is_number(T, gt, &x));
                assert_true(sg_value_eq(x, th->mean));
            }
        }
    }
}

static void test_cooling_is_additive(void **state)
{
    (void)state;
    /* Cooling by t is a homomorphism: (G + H)_t = G_t + H_t (Siegel, CGT, §II.5;
     * Winning Ways ch. 6 "cooling is additive"). */
    sg_cg a = sw("4", "0"), b = sw("3", "-1");
    assert_true(cool(plus(a, b), "1") == plus(cool(a, "1"), cool(b, "1")));
    static const char *const temps[] = { "1/4", "1/2", "1", "3/2", "2" };
    for (int k = 0; k < 100; k++) {
        sg_cg g = random_game(3), h = random_game(3);
        const char *t = temps[next(5)];
        assert_true(cool(plus(g, h), t) == plus(cool(g, t), cool(h, t)));
    }
}

static void test_atomic_weight_is_additive(void **state)
{
    (void)state;
    /* aw(G + H) = aw(G) + aw(H) (Siegel, CGT, §II.7; Winning Ways ch. 8). */
    int checked = 0;
    for (int k = 0; k < 200; k++) {
        sg_cg g = random_small(4), h = random_small(3);
        sg_cg ag, ah, as;
        if (sg_cgt_atomic_weight(T, g, &ag) != SG_OK || sg_cgt_atomic_weight(T, h, &ah) != SG_OK)
            continue;
        assert_int_equal(sg_cgt_atomic_weight(T, plus(g, h), &as), SG_OK);
        assert_true(as == plus(ag, ah));
        checked++;
    }
    assert_true(checked > 100);
}

static void test_metered_forms_stop_at_the_limit(void **state)
{
    (void)state;
    /* The _metered forms are analyze's: a meter of a few nodes must stop them on a game
     * with more forms than that, and a meter without a limit must give the result of
     * the plain call. The game, a sum of five switches of temperatures 1 to 4, has more
     * than a dozen forms of temperature above 1/2. */
    sg_cg g = plus(plus(sw("8", "0"), sw("6", "-2")), plus(sw("5", "1"), sw("3", "0")));
    g = plus(g, sw("5/2", "1/2"));
    sg_limits tight = { .nodes = 3 }, none = { 0 };
    sg_meter m;
    sg_cg out, want;

    sg_meter_start(&m, &tight);
    assert_int_equal(sg_cgt_cool_metered(T, g, val("1/2"), &m, &out), SG_ERR_BUDGET);
    assert_int_equal(m.stop, SG_METER_NODES);
    sg_meter_start(&m, &tight);
    assert_int_equal(sg_cgt_heat_metered(T, g, val("1"), &m, &out), SG_ERR_BUDGET);
    /* ^ + ^ + ^ = {0|*} three times: atomic weight 3 (Winning Ways ch. 8). */
    sg_cg star = game(1, 1, num("0"), num("0")), up = game(1, 1, num("0"), star);
    sg_cg ups = plus(plus(up, up), up);
    assert_int_equal(sg_cgt_atomic_weight(T, ups, &want), SG_OK);
    assert_true(want == num("3"));
    sg_meter_start(&m, &tight);
    m.limits.nodes = 1;
    assert_int_equal(sg_cgt_atomic_weight_metered(T, ups, &m, &out), SG_ERR_BUDGET);
    sg_meter_start(&m, &none);
    assert_int_equal(sg_cgt_atomic_weight_metered(T, ups, &m, &out), SG_OK);
    assert_true(out == want);

    sg_meter_start(&m, &none);
    assert_int_equal(sg_cgt_cool_metered(T, g, val("1/2"), &m, &out), SG_OK);
    assert_true(out == cool(g, "1/2"));
    assert_true(m.count > 12);
    sg_meter_start(&m, &none);
    assert_int_equal(sg_cgt_heat_metered(T, g, val("1"), &m, &out), SG_OK);
    assert_true(out == heat(g, "1"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_cooling_published),
        cmocka_unit_test(test_heating_published),
        cmocka_unit_test(test_atomic_weight_published),
        cmocka_unit_test(test_cooling_matches_thermograph),
        cmocka_unit_test(test_cooling_is_additive),
        cmocka_unit_test(test_atomic_weight_is_additive),
        cmocka_unit_test(test_metered_forms_stop_at_the_limit),
    };
    return cmocka_run_group_tests_name("cool", tests, setup, teardown);
}
