/* Sum bookkeeping: settling, freezing, copy-make and order-independent hashing, on rcg
 * components whose values are known from theory. */
#include "support.h"

#include <string.h>

#include "sumgame/cgt.h"
#include "sumgame/estimator.h"
#include "sumgame/rng.h"
#include "sumgame/sum.h"

static support_game rcg;

static int setup(void **state)
{
    (void)state;
    support_game_open(&rcg, "rcg", NULL);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    support_game_close(&rcg);
    return 0;
}

static void add(sg_sum *s, const char *text)
{
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    char err[256];
    if (rcg.game.desc->parse(rcg.game.instance, text, pos, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", text, err);
    if (sg_sum_add(s, &rcg.game, pos, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", text, err);
}

static void assert_frozen(const sg_sum *s, const char *want)
{
    char buf[SG_VALUE_TEXT_MAX];
    sg_value_format(sg_sum_frozen(s), buf, sizeof buf);
    assert_string_equal(buf, want);
}

static void test_integers_settle(void **state)
{
    (void)state;
    sg_sum *s = sg_sum_new(SG_FREEZE_INTEGERS);
    add(s, "3");
    add(s, "{1|0}");
    add(s, "-5");
    assert_int_equal(sg_sum_count(s), 1);
    assert_frozen(s, "-2");
    /* Left takes {1|0} to 1: the sum is over at -1. */
    sg_sum_move mv = { 0, 0 };
    size_t n = 0;
    sg_sum_move moves[8];
    assert_int_equal(sg_sum_moves(s, SG_LEFT, moves, 8, &n), SG_OK);
    assert_int_equal(n, 1);
    mv = moves[0];
    sg_sum *t = sg_sum_new(SG_FREEZE_INTEGERS);
    char err[256];
    assert_int_equal(sg_sum_play(s, SG_LEFT, mv, t, err, sizeof err), SG_OK);
    assert_true(sg_sum_is_over(t));
    assert_frozen(t, "-1");
    /* copy-make: the source is untouched */
    assert_int_equal(sg_sum_count(s), 1);
    assert_frozen(s, "-2");
    sg_sum_free(s);
    sg_sum_free(t);
}

static void test_numbers_freeze_only_when_asked(void **state)
{
    (void)state;
    sg_sum *real = sg_sum_new(SG_FREEZE_INTEGERS);
    sg_sum *exact = sg_sum_new(SG_FREEZE_NUMBERS);
    add(real, "{0|1}");
    add(exact, "{0|1}");
    add(exact, "-1/2");
    assert_int_equal(sg_sum_count(real), 1);
    assert_frozen(real, "0");
    assert_int_equal(sg_sum_count(exact), 0);
    assert_frozen(exact, "0");
    sg_sum_free(real);
    sg_sum_free(exact);
}

static void test_hash_ignores_order(void **state)
{
    (void)state;
    sg_sum *a = sg_sum_new(SG_FREEZE_INTEGERS);
    sg_sum *b = sg_sum_new(SG_FREEZE_INTEGERS);
    sg_sum *c = sg_sum_new(SG_FREEZE_INTEGERS);
    add(a, "{1|0}");
    add(a, "114|66||49|0");
    add(b, "114|66||49|0");
    add(b, "1|0");
    add(c, "{2|0}");
    add(c, "114|66||49|0");
    assert_true(sg_sum_hash(a) == sg_sum_hash(b));
    assert_true(sg_sum_hash(a) != sg_sum_hash(c));
    /* a multiset: two copies differ from one */
    add(b, "{1|0}");
    assert_true(sg_sum_hash(a) != sg_sum_hash(b));
    sg_sum_free(a);
    sg_sum_free(b);
    sg_sum_free(c);
}

/* The game's hash mixed with the game's salt, alike inside a sum (also after a play) and
 * out of one; the estimator finds a remembered component either way. */
static void test_component_hash(void **state)
{
    (void)state;
    sg_sum *s = sg_sum_new(SG_FREEZE_INTEGERS);
    sg_sum *t = sg_sum_new(SG_FREEZE_INTEGERS);
    add(s, "114|66||49|0");
    add(s, "{3,1|0,-2}");
    char err[256];
    assert_int_equal(sg_sum_play(s, SG_LEFT, (sg_sum_move){ 0, 0 }, t, err, sizeof err), SG_OK);
    const sg_sum *sums[2] = { s, t };
    for (int k = 0; k < 2; k++)
        for (size_t i = 0; i < sg_sum_count(sums[k]); i++) {
            const sg_game *g = sg_sum_game(sums[k], i);
            const void *pos = sg_sum_pos(sums[k], i);
            uint64_t want = sg_mix64(g->desc->hash(g->instance, pos) ^ g->salt);
            assert_true(sg_component_hash(g, pos) == want);
            assert_true(sg_sum_component_hash(sums[k], i) == want);
        }

    sg_estimator *e;
    assert_int_equal(sg_estimator_new("exact", NULL, &e, err, sizeof err), SG_OK);
    sg_estimate out[2];
    for (size_t i = 0; i < 2; i++)
        assert_int_equal(sg_estimator_cached_depth_in(e, s, i), -1);
    assert_int_equal(sg_estimator_estimate_sum(e, s, NULL, out, err, sizeof err), SG_OK);
    for (size_t i = 0; i < 2; i++) {
        /* exact estimates are complete: depth 0 */
        assert_int_equal(sg_estimator_cached_depth_in(e, s, i), 0);
        assert_int_equal(sg_estimator_cached_depth(e, sg_sum_game(s, i), sg_sum_pos(s, i)), 0);
    }
    assert_int_equal(sg_estimator_cached_depth_in(e, t, 0), -1); /* 114|66 is new */
    assert_int_equal(sg_estimator_cached_depth_in(e, t, 1), 0);
    sg_estimator_free(e);
    sg_sum_free(s);
    sg_sum_free(t);
}

static void test_illegal_move_rejected(void **state)
{
    (void)state;
    sg_sum *s = sg_sum_new(SG_FREEZE_INTEGERS);
    sg_sum *t = sg_sum_new(SG_FREEZE_INTEGERS);
    add(s, "{1|0}");
    char err[256] = "";
    sg_sum_move bad_component = { 5, 0 };
    assert_int_equal(sg_sum_play(s, SG_LEFT, bad_component, t, err, sizeof err), SG_ERR_INVALID);
    assert_true(strlen(err) > 0);
    sg_sum_move bad_move = { 0, UINT64_C(0xffffffff) };
    err[0] = '\0';
    assert_int_equal(sg_sum_play(s, SG_LEFT, bad_move, t, err, sizeof err), SG_ERR_INVALID);
    assert_true(strlen(err) > 0);
    sg_sum_free(s);
    sg_sum_free(t);
}

static void test_format(void **state)
{
    (void)state;
    sg_sum *s = sg_sum_new(SG_FREEZE_INTEGERS);
    char buf[256];
    assert_int_equal(sg_sum_format(s, buf, sizeof buf), SG_OK);
    assert_string_equal(buf, "0");
    add(s, "114|66||49|0");
    add(s, "7");
    add(s, "{1|0}");
    assert_int_equal(sg_sum_format(s, buf, sizeof buf), SG_OK);
    assert_string_equal(buf, "rcg:114|66||49|0 + rcg:1|0");
    assert_int_equal(sg_sum_format(s, buf, 8), SG_ERR_RANGE);
    sg_sum_free(s);
}

/* rcg with a number() that only knows positions where nobody can move, standing for a
 * game that cannot recognize its numbers. */
static const sg_game_desc *real_rcg;

static bool only_dead_ends(void *instance, const void *pos, sg_value *value)
{
    size_t nl = 0, nr = 0;
    real_rcg->moves(instance, pos, SG_LEFT, NULL, 0, &nl);
    real_rcg->moves(instance, pos, SG_RIGHT, NULL, 0, &nr);
    return nl == 0 && nr == 0 && real_rcg->number(instance, pos, value);
}

static void test_number_oracle_freezes_what_the_game_misses(void **state)
{
    (void)state;
    real_rcg = rcg.game.desc;
    sg_game_desc blind = *rcg.game.desc;
    blind.number = only_dead_ends;
    sg_game game;
    sg_game_init(&game, &blind, rcg.game.instance);
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    char err[256];
    /* {*|*} = 0 and {0|{1|}} = {0|2} = 1, numbers whose options are not all numbers */
    static const char *const texts[] = { "{{0|0}|{0|0}}", "{0|{1|}}" };
    sg_sum *plain = sg_sum_new(SG_FREEZE_NUMBERS), *helped = sg_sum_new(SG_FREEZE_NUMBERS);
    sg_cgt_oracle oracle = { sg_cgt_new(), 0 };
    sg_sum_set_number_oracle(helped, sg_cgt_number_oracle, &oracle);
    for (size_t i = 0; i < 2; i++) {
        assert_int_equal(rcg.game.desc->parse(rcg.game.instance, texts[i], pos, err, sizeof err),
                         SG_OK);
        assert_int_equal(sg_sum_add(plain, &game, pos, err, sizeof err), SG_OK);
        assert_int_equal(sg_sum_add(helped, &game, pos, err, sizeof err), SG_OK);
    }
    assert_int_equal(sg_sum_count(plain), 2);
    assert_int_equal(sg_sum_count(helped), 0);
    assert_frozen(helped, "1");
    /* copies and plays keep the oracle */
    sg_sum *copy = sg_sum_new(SG_FREEZE_INTEGERS);
    assert_int_equal(sg_sum_copy(copy, helped), SG_OK);
    assert_int_equal(sg_sum_add(copy, &game, pos, err, sizeof err), SG_OK);
    assert_int_equal(sg_sum_count(copy), 0);
    assert_frozen(copy, "2");
    sg_sum_free(copy);
    sg_sum_free(plain);
    sg_sum_free(helped);
    sg_cgt_free(oracle.table);
}

static size_t gcd(size_t a, size_t b) { return b ? gcd(b, a % b) : a; }

/* Plays mv in src into dst and checks dst against the sum built from scratch: the
 * components after the move added one by one in order, the moved one split and settled
 * by sg_sum_add. Returns how the count and frozen total changed, to see which cases ran. */
static void check_play(sg_sum *src, sg_player who, sg_sum_move mv, sg_sum *dst, sg_sum *want,
                       size_t *splits, size_t *settles)
{
    char err[256];
    assert_int_equal(sg_sum_play(src, who, mv, dst, err, sizeof err), SG_OK);
    sg_sum_clear(want);
    sg_sum_add_frozen(want, sg_sum_frozen(src));
    for (size_t i = 0; i < sg_sum_count(src); i++) {
        sg_game *g = sg_sum_game(src, i);
        _Alignas(16) unsigned char next[SG_POS_MAX];
        const void *pos = sg_sum_pos(src, i);
        if (i == mv.component) {
            assert_int_equal(g->desc->play(g->instance, pos, who, mv.move, next, err,
                                           sizeof err),
                             SG_OK);
            pos = next;
        }
        assert_int_equal(sg_sum_add(want, g, pos, err, sizeof err), SG_OK);
    }
    *splits += sg_sum_count(want) > sg_sum_count(src);
    *settles += !sg_value_eq(sg_sum_frozen(want), sg_sum_frozen(src));
    assert_int_equal(sg_sum_count(dst), sg_sum_count(want));
    assert_true(sg_value_eq(sg_sum_frozen(dst), sg_sum_frozen(want)));
    assert_true(sg_sum_hash(dst) == sg_sum_hash(want));
    for (size_t i = 0; i < sg_sum_count(want); i++) {
        sg_game *g = sg_sum_game(want, i);
        assert_ptr_equal(sg_sum_game(dst, i), g);
        assert_true(sg_sum_component_hash(dst, i) == sg_sum_component_hash(want, i));
        assert_memory_equal(sg_sum_pos(dst, i), sg_sum_pos(want, i), g->desc->pos_size);
    }
}

/* sg_sum_play on a sum of Amazons rooms (which split and settle) and rcg components, for
 * every move of either player, into one dst reused from play to play as a search's ply
 * sums are (it starts out larger than any result), and again after the source changed
 * between two plays. */
static void test_play_equals_rebuild(void **state)
{
    (void)state;
    support_game amz;
    support_game_open(&amz, "amazons", NULL);
    struct {
        const sg_game *game;
        const char *text;
    } parts[] = {
        { &amz.game, "B..x/x.x./..xx/xxW." },
        { &rcg.game, "{2|{1|0}}" },
        { &amz.game, "B....W" },
        { &amz.game, "B.xW./..x../W...B" },
        { &rcg.game, "{1|0}" },
    };
    size_t nparts = sizeof parts / sizeof parts[0];
    sg_sum *src = sg_sum_new(SG_FREEZE_INTEGERS), *dst = sg_sum_new(SG_FREEZE_INTEGERS);
    sg_sum *want = sg_sum_new(SG_FREEZE_INTEGERS);
    char err[256];
    for (int copy = 0; copy < 2; copy++)
        for (size_t i = 0; i < nparts; i++) {
            support_pos p = support_parse(parts[i].game, parts[i].text);
            assert_int_equal(sg_sum_add(copy ? dst : src, (sg_game *)parts[i].game, p.b, err,
                                        sizeof err),
                             SG_OK);
        }
    assert_int_equal(sg_sum_count(src), nparts);
    sg_sum_add_frozen(src, sg_value_int(3));
    sg_sum_move moves[512];
    size_t splits = 0, settles = 0;
    for (int side = 0; side < 2; side++) {
        sg_player who = side ? SG_RIGHT : SG_LEFT;
        size_t n = 0;
        assert_int_equal(sg_sum_moves(src, who, moves, 512, &n), SG_OK);
        /* in a scrambled order, so that consecutive plays change different components */
        size_t step = n / 2 + 1;
        while (gcd(step, n) != 1)
            step++;
        for (size_t m = 0; m < n; m++)
            check_play(src, who, moves[m * step % n], dst, want, &splits, &settles);
    }
    /* the cases the layout has to shift for were met */
    assert_true(splits > 0);
    assert_true(settles > 0);
    /* a play from a source that changed since the last play into dst */
    size_t n = 0;
    assert_int_equal(sg_sum_moves(src, SG_LEFT, moves, 512, &n), SG_OK);
    check_play(src, SG_LEFT, moves[0], dst, want, &splits, &settles);
    sg_sum_add_frozen(src, sg_value_int(1));
    check_play(src, SG_LEFT, moves[1], dst, want, &splits, &settles);
    support_pos extra = support_parse(&rcg.game, "{3|1}");
    assert_int_equal(sg_sum_add(src, &rcg.game, extra.b, err, sizeof err), SG_OK);
    check_play(src, SG_LEFT, moves[0], dst, want, &splits, &settles);
    sg_sum_free(src);
    sg_sum_free(dst);
    sg_sum_free(want);
    support_game_close(&amz);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_integers_settle),
        cmocka_unit_test(test_numbers_freeze_only_when_asked),
        cmocka_unit_test(test_hash_ignores_order),
        cmocka_unit_test(test_component_hash),
        cmocka_unit_test(test_illegal_move_rejected),
        cmocka_unit_test(test_format),
        cmocka_unit_test(test_number_oracle_freezes_what_the_game_misses),
        cmocka_unit_test(test_play_equals_rebuild),
    };
    return cmocka_run_group_tests_name("sum", tests, setup, teardown);
}
