/* Properties that must hold for every game, checked on random trees parsed by the rcg
 * plugin: additivity of means, negation, G - G = 0, integer translation, and equality of
 * the thermograph computed from the plugin's own moves (dominated and reversible options
 * included) with the one computed from the canonical form. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/cgt.h"
#include "sumgame/rng.h"
#include "sumgame/thermograph.h"

static support_game rcg;
static sg_cgt *T;
static sg_thermo_cache *C;

static int setup(void **state)
{
    (void)state;
    support_game_open(&rcg, "rcg", NULL);
    T = sg_cgt_new();
    C = sg_thermo_cache_new(T);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    sg_thermo_cache_free(C);
    sg_cgt_free(T);
    support_game_close(&rcg);
    return 0;
}

/* A random explicit tree with up to 3 options a side and small dyadic leaves. */
static void random_tree(sg_rng *rng, int depth, char *buf, size_t cap)
{
    static const char *const leaves[] = { "-3", "-2", "-1", "0", "1", "2", "3", "4",
                                          "1/2", "-1/2", "3/4", "5/2" };
    support_random_tree(rng, depth, leaves, 12, true, buf, cap);
}

static void parse(const char *text, void *pos)
{
    char err[256];
    if (rcg.game.desc->parse(rcg.game.instance, text, pos, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", text, err);
}

static sg_cg canonical(const char *text)
{
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    parse(text, pos);
    sg_cg g;
    char err[256];
    if (sg_cgt_from_game(T, &rcg.game, pos, 0, &g, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", text, err);
    return g;
}

static void assert_same_value(sg_value a, sg_value b, const char *what, const char *text)
{
    if (!sg_value_eq(a, b)) {
        char x[SG_VALUE_TEXT_MAX], y[SG_VALUE_TEXT_MAX];
        sg_value_format(a, x, sizeof x);
        sg_value_format(b, y, sizeof y);
        fail_msg("%s: %s differs: %s vs %s", text, what, x, y);
    }
}

static void print_wall(const char *name, const sg_pl *f)
{
    fprintf(stderr, "%s:", name);
    for (size_t i = 0; i < f->n; i++) {
        char t[SG_VALUE_TEXT_MAX], x[SG_VALUE_TEXT_MAX];
        sg_value_format(f->t[i], t, sizeof t);
        sg_value_format(f->x[i], x, sizeof x);
        fprintf(stderr, " (%s, %s, slope %d)", t, x, f->slope[i]);
    }
    fprintf(stderr, "\n");
}

/* The walls agree from `from` up (at every breakpoint of either, and just after it). */
static void assert_same_wall(const sg_pl *a, const sg_pl *b, sg_value from, const char *what,
                             const char *text)
{
    if (getenv("SUMGAME_TEST_VERBOSE")) {
        print_wall("a", a);
        print_wall("b", b);
    }
    for (int side = 0; side < 2; side++) {
        const sg_pl *f = side ? b : a;
        for (size_t i = 0; i < f->n; i++) {
            sg_value t = sg_value_cmp(f->t[i], from) < 0 ? from : f->t[i];
            assert_same_value(sg_pl_eval(a, t), sg_pl_eval(b, t), what, text);
            sg_value later = sg_value_add(t, sg_value_make(1, 3));
            assert_same_value(sg_pl_eval(a, later), sg_pl_eval(b, later), what, text);
        }
    }
}

/* The thermograph computed by plain recursion over the plugin's moves, dominated and
 * reversible options included, against the canonical form's (what sumgame reports): from
 * t = 0 up every form of a game has the same walls. Below 0 and for pseudo-temperatures
 * the form matters, and sumgame takes the canonical form's (thermograph.h). The rcg
 * plugin reports every position equal to a number, as the recursion needs. */
static void test_moves_and_canonical_thermographs_agree(void **state)
{
    (void)state;
    sg_rng rng;
    sg_rng_seed(&rng, 20261123);
    size_t hot = 0;
    for (int k = 0; k < 400; k++) {
        char text[4096] = "";
        random_tree(&rng, 4, text, sizeof text);
        _Alignas(16) unsigned char pos[SG_POS_MAX];
        parse(text, pos);
        sg_thermograph by_moves;
        const sg_thermograph *by_canon, *by_position;
        char err[256];
        if (sg_thermograph_unmemoized(&rcg.game, pos, &by_moves, err, sizeof err) != SG_OK)
            fail_msg("%s: %s", text, err);
        by_canon = sg_thermograph_of(C, canonical(text));
        assert_non_null(by_canon);
        assert_same_value(by_moves.mean, by_canon->mean, "mean", text);
        assert_same_value(by_moves.left_stop, by_canon->left_stop, "left stop", text);
        assert_same_value(by_moves.right_stop, by_canon->right_stop, "right stop", text);
        if (sg_value_cmp(by_canon->temperature, sg_value_int(0)) >= 0) {
            assert_same_value(by_moves.temperature, by_canon->temperature, "temperature", text);
            hot++;
        }
        assert_same_wall(&by_moves.left_wall, &by_canon->left_wall, sg_value_int(0),
                         "left wall", text);
        assert_same_wall(&by_moves.right_wall, &by_canon->right_wall, sg_value_int(0),
                         "right wall", text);
        sg_thermograph_free(&by_moves);
        /* What the plugin-position interface returns is the canonical form's. */
        if (sg_thermograph_of_position(C, &rcg.game, pos, 0, &by_position, err, sizeof err) !=
            SG_OK)
            fail_msg("%s: %s", text, err);
        assert_ptr_equal(by_position, by_canon);
    }
    assert_true(hot > 100);
}

static void test_algebraic_laws_on_rcg_trees(void **state)
{
    (void)state;
    sg_rng rng;
    sg_rng_seed(&rng, 7);
    for (int k = 0; k < 150; k++) {
        char a[4096] = "", b[4096] = "";
        random_tree(&rng, 3, a, sizeof a);
        random_tree(&rng, 3, b, sizeof b);
        sg_cg g = canonical(a), h = canonical(b), s, d;
        assert_int_equal(sg_cgt_add(T, g, h, &s), SG_OK);
        const sg_thermograph *tg = sg_thermograph_of(C, g), *th = sg_thermograph_of(C, h),
                             *ts = sg_thermograph_of(C, s);
        /* mean is additive */
        assert_same_value(ts->mean, sg_value_add(tg->mean, th->mean), "mean of sum", a);
        /* mean(-G) = -mean(G) */
        assert_same_value(sg_thermograph_of(C, sg_cgt_neg(T, g))->mean, sg_value_neg(tg->mean),
                          "mean of negative", a);
        /* G - G = 0 */
        assert_int_equal(sg_cgt_sub(T, g, g, &d), SG_OK);
        sg_value zero;
        assert_true(sg_cgt_is_number(T, d, &zero) && zero.num == 0);
        /* adding an integer moves the mean and keeps the temperature */
        sg_cg shifted;
        assert_int_equal(sg_cgt_add(T, g, sg_cgt_number(T, sg_value_int(3)), &shifted), SG_OK);
        const sg_thermograph *tt = sg_thermograph_of(C, shifted);
        assert_same_value(tt->temperature, tg->temperature, "temperature after +3", a);
        assert_same_value(tt->mean, sg_value_add(tg->mean, sg_value_int(3)), "mean after +3", a);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_moves_and_canonical_thermographs_agree),
        cmocka_unit_test(test_algebraic_laws_on_rcg_trees),
    };
    return cmocka_run_group_tests_name("thermo_props", tests, setup, teardown);
}
