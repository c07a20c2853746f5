/* CGSuite's short forms read back (issue #28 item 5): every canonical form that
 * sg_cgt_format prints is a position of rcg again, with the same value.
 *
 * The round trip: random trees, their canonical forms through the library, the forms'
 * text parsed as rcg positions and made canonical again. Canonical forms are unique, so
 * two equal ids in one table say the text stood for the game it was printed from; the
 * reader and the formatter share no code. The short forms themselves are checked against
 * sums of games written out in braces only (↑ = {0|*}, *n = {0,*,..|0,*,..}), added by
 * the table, and against values from theory (Winning Ways ch. 2 and 7; Siegel, CGT,
 * ch. II): ↑ + ↓ = 0, * + * = 0, ↑* || 0, ±1 + ±1 = 0, *2 + *3 = *1 (nim addition),
 * {↑|↓} = *. */
#include "support.h"

#include <stdio.h>
#include <string.h>

#include "sumgame/cgt.h"
#include "sumgame/rng.h"

static support_game rcg;

static int open_game(void **state)
{
    (void)state;
    support_game_open(&rcg, "rcg", NULL);
    return 0;
}

static int close_game(void **state)
{
    (void)state;
    support_game_close(&rcg);
    return 0;
}

/* The canonical form of an rcg position written as text. */
static sg_cg cg(sg_cgt *t, const char *text)
{
    support_pos p = support_parse(&rcg.game, text);
    sg_cg g;
    char err[256];
    if (sg_cgt_from_game(t, &rcg.game, p.b, 0, &g, err, sizeof err) != SG_OK)
        fail_msg("canonical form of '%s': %s", text, err);
    return g;
}

static sg_cg add(sg_cgt *t, sg_cg a, sg_cg b)
{
    sg_cg s;
    assert_int_equal(sg_cgt_add(t, a, b, &s), SG_OK);
    return s;
}

static const char *text(sg_cgt *t, sg_cg g)
{
    static char buf[1 << 16];
    assert_int_equal(sg_cgt_format(t, g, buf, sizeof buf), SG_OK);
    return buf;
}

/* Appends *n in braces only, by its definition {*0, ..., *(n-1) | the same}. */
static void nimber_braces(unsigned n, char *buf, size_t cap)
{
    if (n == 0) {
        strncat(buf, "0", cap - strlen(buf) - 1);
        return;
    }
    strncat(buf, "{", cap - strlen(buf) - 1);
    for (int side = 0; side < 2; side++) {
        for (unsigned k = 0; k < n; k++) {
            if (k)
                strncat(buf, ",", cap - strlen(buf) - 1);
            nimber_braces(k, buf, cap);
        }
        strncat(buf, side ? "}" : "|", cap - strlen(buf) - 1);
    }
    assert_true(strlen(buf) + 1 < cap);
}

/* Asserts that text reads as the game made from its parts: x, then ups copies of ↑ (or
 * of ↓ when ups < 0) and *star, every part in braces only. */
static void assert_short(sg_cgt *t, const char *short_text, const char *x, int ups,
                         unsigned star)
{
    static char nim[1 << 16];
    nim[0] = '\0';
    nimber_braces(star, nim, sizeof nim);
    sg_cg want = add(t, cg(t, x), cg(t, nim));
    sg_cg arrow = cg(t, ups > 0 ? "{0|{0|0}}" : "{{0|0}|0}");
    for (int i = 0; i < (ups > 0 ? ups : -ups); i++)
        want = add(t, want, arrow);
    sg_cg got = cg(t, short_text);
    if (got != want)
        fail_msg("'%s' read as %s, expected %s", short_text, text(t, got), text(t, want));
}

static void test_short_forms_are_their_sums(void **state)
{
    (void)state;
    sg_cgt *t = sg_cgt_new();
    assert_short(t, "*", "0", 0, 1);
    assert_short(t, "^", "0", 1, 0);
    assert_short(t, "v", "0", -1, 0);
    assert_short(t, "↑", "0", 1, 0);
    assert_short(t, "↓", "0", -1, 0);
    assert_short(t, "⇑", "0", 2, 0);
    assert_short(t, "⇓*", "0", -2, 1);
    assert_short(t, "^^^", "0", 3, 0);
    assert_short(t, "-3/4^5*3", "-3/4", 5, 3);
    assert_short(t, "1/2vv*2", "1/2", -2, 2); /* CGSuite's own example */
    assert_short(t, "7*", "7", 0, 1);
    assert_short(t, "*0", "0", 0, 0);
    for (unsigned m = 0; m <= 6; m++)
        for (int u = -12; u <= 12; u++) {
            char s[64];
            int len = snprintf(s, sizeof s, "5/8");
            if (u != 0)
                len += snprintf(s + len, sizeof s - (size_t)len, "%s%d", u > 0 ? "^" : "v",
                                u > 0 ? u : -u);
            snprintf(s + len, sizeof s - (size_t)len, "*%u", m);
            assert_short(t, s, "5/8", u, m);
        }
    sg_cgt_free(t);
}

static void test_values_from_theory(void **state)
{
    (void)state;
    sg_cgt *t = sg_cgt_new();
    sg_cg zero = sg_cgt_number(t, sg_value_int(0));
    assert_int_equal(add(t, cg(t, "^"), cg(t, "v")), zero);
    assert_int_equal(add(t, cg(t, "*"), cg(t, "*")), zero);
    assert_int_equal(sg_cgt_compare(t, cg(t, "^*"), zero), SG_CMP_FUZZY);
    assert_int_equal(sg_cgt_compare(t, cg(t, "^"), zero), SG_CMP_GREATER);
    assert_int_equal(sg_cgt_compare(t, cg(t, "v"), zero), SG_CMP_LESS);
    assert_int_equal(add(t, cg(t, "±1"), cg(t, "±1")), zero);
    assert_int_equal(add(t, cg(t, "*2"), cg(t, "*3")), cg(t, "*"));
    assert_int_equal(add(t, cg(t, "*5"), cg(t, "*6")), cg(t, "*3"));
    assert_int_equal(cg(t, "{^|v}"), cg(t, "*"));
    assert_int_equal(cg(t, "±1"), cg(t, "{1|-1}"));
    assert_int_equal(cg(t, "±{2|1}"), cg(t, "{{2|1}|{-1|-2}}"));
    assert_int_equal(cg(t, "±^"), cg(t, "*")); /* {↑|↓} */
    assert_int_equal(cg(t, "±±1"), zero);     /* {±1|±1}: whoever moves first loses */
    assert_int_equal(cg(t, "±1|0"), cg(t, "{{1|-1}|0}"));
    /* the formatter's own texts come back as themselves */
    static const char *const same[] = { "{2|±1,-1/2}", "^", "v", "*", "*2", "1/2*3", "-1*",
                                        "±1/2", "{0,*|0}", "{0|^}", "{1|-2}", "3/4" };
    for (size_t i = 0; i < sizeof same / sizeof same[0]; i++)
        assert_string_equal(text(t, cg(t, same[i])), same[i]);
    sg_cgt_free(t);
}

/* Random trees, then sums of two, made canonical, printed, read back. */
static void test_round_trip(void **state)
{
    (void)state;
    static const char *const numbers[] = { "0", "1", "-1", "2", "-2", "1/2", "-1/2", "3/4" };
    /* short forms among the leaves give ups and nimbers of every size to print */
    static const char *const mixed[] = { "0", "1", "-1", "1/2", "*", "^", "v", "*2", "±1",
                                         "^*", "1*", "-1/2v" };
    sg_cgt *t = sg_cgt_new();
    sg_rng rng;
    sg_rng_seed(&rng, 28);
    enum { TREES = 3000 };
    sg_cg prev = 0;
    unsigned checked = 0, shorts = 0, seen[4] = { 0 }; /* ±, ^, v, * printed */
    for (int i = 0; i < TREES; i++) {
        char tree[8192] = "";
        bool plain = i % 2 == 0;
        support_random_tree(&rng, 1 + i % 4, plain ? numbers : mixed, plain ? 8 : 12,
                            i % 3 == 0, tree, sizeof tree);
        sg_cg g = cg(t, tree);
        for (int pass = 0; pass < 2; pass++) {
            sg_cg h = g;
            if (pass == 1)
                h = add(t, g, prev);
            char printed[1 << 16];
            snprintf(printed, sizeof printed, "%s", text(t, h));
            sg_cg back = cg(t, printed);
            if (back != h)
                fail_msg("'%s' (from '%s') read back as %s", printed, tree, text(t, back));
            checked++;
            shorts += strpbrk(printed, "*^v") != NULL || strstr(printed, "±") != NULL;
            seen[0] += strstr(printed, "±") != NULL;
            seen[1] += strchr(printed, '^') != NULL;
            seen[2] += strchr(printed, 'v') != NULL;
            seen[3] += strchr(printed, '*') != NULL;
        }
        prev = g;
    }
    print_message("round trip: %u canonical forms, %u with short forms (± %u, ^ %u, v %u, "
                  "* %u)\n", checked, shorts, seen[0], seen[1], seen[2], seen[3]);
    assert_true(shorts > checked / 4);
    for (int k = 0; k < 4; k++)
        assert_true(seen[k] > 50);
    sg_cgt_free(t);
}

/* The command line reads them too. */
static void assert_json(const char *args, const char *key, const char *want)
{
    support_run r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("sumgame %s: exit %d: %s", args, r.status, r.err);
    char got[256];
    support_json_string(r.out, key, got, sizeof got);
    if (strcmp(got, want) != 0)
        fail_msg("sumgame %s: %s is '%s', expected '%s'", args, key, got, want);
    support_run_free(&r);
}

static void test_command_line(void **state)
{
    (void)state;
    assert_json("analyze 'rcg:{2|±1,-1/2}' --canonical --json", "canonical", "{2|±1,-1/2}");
    assert_json("analyze 'rcg:^ + rcg:v' --canonical --json", "canonical", "0");
    assert_json("analyze 'rcg:* + rcg:*' --canonical --json", "canonical", "0");
    assert_json("analyze 'rcg:±1 + rcg:±1' --canonical --json", "canonical", "0");
    assert_json("analyze 'rcg:*2 + rcg:*3' --canonical --json", "canonical", "*");
    assert_json("analyze 'rcg:^ + rcg:*' --canonical --json", "canonical", "{0,*|0}");
    assert_json("analyze 'rcg:1/2vv*2' --canonical --json", "canonical", "{{1/2*2|1/2}|1/2}");
    assert_json("analyze 'ko:↓' --canonical --json", "canonical", "v");
    /* ↑* is fuzzy with 0: whoever moves first wins; ↑ + ↓ = 0: the second player */
    assert_json("solve 'rcg:^ + rcg:*' --json", "left_first_winner", "left");
    assert_json("solve 'rcg:^ + rcg:*' --json", "right_first_winner", "right");
    assert_json("solve 'rcg:^ + rcg:v' --json", "left_first_winner", "right");
    assert_json("solve 'rcg:^ + rcg:v' --json", "right_first_winner", "left");
    assert_json("solve 'rcg:*2 + rcg:*3 + rcg:*' --json", "left_first_winner", "right");
    support_run r = support_host("analyze 'rcg:^v'", NULL);
    support_assert_error(&r, "ups and downs mixed in one short form");
    support_run_free(&r);
    /* *8 + *4 prints as *12, which written out in braces is too long to read back */
    assert_json("analyze 'rcg:*8 + rcg:*4' --canonical --json", "canonical", "*12");
    r = support_host("analyze 'rcg:*12'", NULL);
    support_assert_error(&r, "short forms and '±' unfold into more than 60000 bytes");
    support_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_short_forms_are_their_sums),
        cmocka_unit_test(test_values_from_theory),
        cmocka_unit_test(test_round_trip),
        cmocka_unit_test(test_command_line),
    };
    return cmocka_run_group_tests_name("short_forms", tests, open_game, close_game);
}
