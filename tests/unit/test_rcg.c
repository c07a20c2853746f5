/* The rcg game plugin: notation (bar shorthand, braces, dyadics), parse errors, moves and
 * copy-make, number recognition against CGT values worked by hand, exact hashing, and the
 * rcg(k, n) generator of Müller-Li §4.1 (shape, reproducibility, uniform increments). */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/params.h"
#include "sumgame/rng.h"

static support_game rcg;

static int open_rcg(void **state)
{
    (void)state;
    support_game_open(&rcg, "rcg", NULL);
    return 0;
}

static int close_rcg(void **state)
{
    (void)state;
    support_game_close(&rcg);
    return 0;
}

static const sg_game_desc *D(void) { return rcg.game.desc; }
static void *I(void) { return rcg.game.instance; }

typedef support_pos pos;

static pos parse_ok(const char *text) { return support_parse(&rcg.game, text); }
static bool same(const pos *a, const pos *b) { return support_same(&rcg.game, a, b); }
static const char *fmt(const pos *p) { return support_format(&rcg.game, p); }

static void assert_value(sg_value v, const char *want)
{
    char buf[SG_VALUE_TEXT_MAX];
    sg_value_format(v, buf, sizeof buf);
    assert_string_equal(buf, want);
}

/* The number text, or "none" when the game does not report a number. */
static const char *number_of(const pos *p)
{
    static char buf[SG_VALUE_TEXT_MAX];
    sg_value v;
    if (!D()->number(I(), p->b, &v))
        return "none";
    sg_value_format(v, buf, sizeof buf);
    return buf;
}

static const char *number_text(const char *text)
{
    pos p = parse_ok(text);
    return number_of(&p);
}

static size_t moves_of(const pos *p, sg_player who, sg_move *m, size_t cap)
{
    size_t n = 0;
    assert_int_equal(D()->moves(I(), p->b, who, m, cap, &n), SG_OK);
    return n;
}

/* The position after who plays its option number k (1-based). */
static pos option(const pos *p, sg_player who, size_t k)
{
    sg_move m[64];
    size_t n = moves_of(p, who, m, 64);
    assert_true(k >= 1 && k <= n);
    pos out;
    char err[256];
    if (D()->play(I(), p->b, who, m[k - 1], out.b, err, sizeof err) != SG_OK)
        fail_msg("play: %s", err);
    return out;
}

/* ---- Notation ---------------------------------------------------------------------- */

static void test_paper_examples_round_trip(void **state)
{
    (void)state;
    pos a = parse_ok("114|66||49|0");
    assert_string_equal(fmt(&a), "114|66||49|0");
    pos b = parse_ok("237|191||145|124|||97|57||32|0");
    assert_string_equal(fmt(&b), "237|191||145|124|||97|57||32|0");
    pos c = parse_ok("{114|66}|{49|0}");
    assert_true(same(&a, &c));
    pos d = parse_ok("{{237|191}|{145|124}}|{{97|57}|{32|0}}");
    assert_true(same(&b, &d));
}

static void test_hand_written_trees_print_canonically(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        { "5", "5" },
        { "-3", "-3" },
        { "0", "0" },
        { "  7  ", "7" },
        { "5/2", "5/2" },
        { "-3/8", "-3/8" },
        { "6/4", "3/2" },      /* lowest terms */
        { "8/4", "2" },
        { "{0|1}", "1/2" },    /* the expansion of a dyadic is that dyadic */
        { "{1/2|1}", "3/4" },
        { "{-1|0}", "-1/2" },
        { "{|}", "0" },        /* the same tree as the leaf 0 */
        { "{2|}", "{2|}" },
        { "{|-1}", "{|-1}" },
        { "{3,1|0,-2}", "{3,1|0,-2}" },
        { "{ 3 , 1 | 0 , -2 }", "{3,1|0,-2}" },
        { "{1|0}", "1|0" },
        { "1|0", "1|0" },
        { "{1|1}", "1|1" },
        { "{0|2}", "0|2" },    /* 1, but not the canonical form of a dyadic */
        { "1|0||0", "1|0||0" },
        { "{{1|0}|0}", "1|0||0" },
        { "5||1|0", "5||1|0" },
        { "{{1|0}|}", "{{1|0}|}" },
        { "{{1|0},5|-2}", "{{1|0},5|-2}" },
        { "{5/2|-1/4}", "5/2|-1/4" },
        { "5/2|-1/4", "5/2|-1/4" },
        { "{{3|2}||}", "{{3|2}|}" },
        { "{3||2|1}", "3||2|1" },
        { "1 | 0 || 0", "1|0||0" },
        { "{1|0}|||{2|{4|3}}", "1|0|||2||4|3" },
        { "{{1|0,{2|}}|}", "{{1|0,{2|}}|}" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pos p = parse_ok(cases[i][0]);
        if (strcmp(fmt(&p), cases[i][1]) != 0)
            fail_msg("'%s' printed as '%s', expected '%s'", cases[i][0], fmt(&p), cases[i][1]);
        char again[4096];
        snprintf(again, sizeof again, "%s", fmt(&p));
        pos q = parse_ok(again);
        if (!same(&p, &q))
            fail_msg("parse(format('%s')) is another node", cases[i][0]);
    }
}

static void test_bar_precedence(void **state)
{
    (void)state;
    /* 1|0||0 is {{1|0}|0}: Left's option is the switch 1|0, Right's is 0. */
    pos g = parse_ok("1|0||0");
    pos l = option(&g, SG_LEFT, 1), r = option(&g, SG_RIGHT, 1);
    assert_string_equal(fmt(&l), "1|0");
    assert_string_equal(fmt(&r), "0");
    pos h = parse_ok("114|66||49|0");
    l = option(&h, SG_LEFT, 1);
    r = option(&h, SG_RIGHT, 1);
    assert_string_equal(fmt(&l), "114|66");
    assert_string_equal(fmt(&r), "49|0");
    /* 0||1|0 is {0|{1|0}}. */
    pos k = parse_ok("0||1|0");
    r = option(&k, SG_RIGHT, 1);
    assert_string_equal(fmt(&r), "1|0");
    l = option(&k, SG_LEFT, 1);
    assert_string_equal(fmt(&l), "0");
    /* The three-level example: the root splits at |||. */
    pos t = parse_ok("237|191||145|124|||97|57||32|0");
    l = option(&t, SG_LEFT, 1);
    r = option(&t, SG_RIGHT, 1);
    assert_string_equal(fmt(&l), "237|191||145|124");
    assert_string_equal(fmt(&r), "97|57||32|0");
    pos rl = option(&r, SG_LEFT, 1);
    assert_string_equal(fmt(&rl), "97|57");
    /* Commas bind tighter than bars: {1|0,2||0} is {{1|0,2}|0}. */
    pos c = parse_ok("{1|0,2||0}");
    l = option(&c, SG_LEFT, 1);
    assert_string_equal(fmt(&l), "{1|0,2}");
}

static void assert_parse_error(const char *text, const char *needle)
{
    pos p;
    char err[256] = "";
    int rc = D()->parse(I(), text, p.b, err, sizeof err);
    if (rc == SG_OK)
        fail_msg("'%.60s' was accepted as %s", text, fmt(&p));
    assert_int_equal(rc, SG_ERR_INVALID);
    assert_true(strlen(err) > 0);
    assert_null(strchr(err, '\n'));
    if (!strstr(err, needle))
        fail_msg("error for '%.60s' is '%s', lacks '%s'", text, err, needle);
}

static void test_malformed_notation_is_rejected(void **state)
{
    (void)state;
    assert_parse_error("", "empty position");
    assert_parse_error("   ", "empty position");
    assert_parse_error("{", "'{' is never closed at column 1");
    assert_parse_error("}", "unmatched '}' at column 1");
    assert_parse_error("{1|0", "never closed");
    assert_parse_error("1|0}", "unmatched '}' at column 4");
    assert_parse_error("{1}", "expected '|' inside braces, found '}' at column 3");
    assert_parse_error("{}", "expected '|' inside braces");
    assert_parse_error("1|2|3", "ambiguous bars");
    assert_parse_error("1||2||3", "ambiguous bars");
    assert_parse_error("{1,|0}", "expected a game after ',', found '|' at column 4");
    assert_parse_error("{,1|0}", "expected a number or '{', found ','");
    assert_parse_error("{1|0,}", "expected a game after ','");
    assert_parse_error("1 2", "expected '|' between games, found a number at column 3");
    assert_parse_error("abc", "unexpected character 'a' at column 1");
    assert_parse_error("1|0 x", "unexpected character 'x' at column 5");
    assert_parse_error("5/3", "not a power of two");
    assert_parse_error("1/0", "not a power of two");
    assert_parse_error("--1", "expected digits");
    assert_parse_error("-", "expected digits");
    assert_parse_error("5/", "unexpected character '/'");
    assert_parse_error("99999999999999999999", "too large");
    assert_parse_error("1|99999999999999999999", "column 3");
    assert_parse_error("1/2199023255552", "denominator too large"); /* 2^-41 */
    assert_parse_error("{1|0}{2|3}", "expected '|' between games");
    assert_parse_error("{1|0},{2|3}", "expected '|' between games, found ','");
    assert_parse_error("|", "an empty side needs braces");
    assert_parse_error("2|", "found the end of the text");
    assert_parse_error("|0", "found '|'");
    assert_parse_error("{1|0|2}", "ambiguous bars");
    assert_parse_error("1|0\x01", "unexpected byte 0x01");
    assert_parse_error("{1|{}}", "expected '|' inside braces");
    /* 2^-40 is fine, but a game whose value needs a finer denominator is refused. */
    pos fine = parse_ok("1/1099511627776");
    assert_string_equal(number_of(&fine), "1/1099511627776");
    assert_parse_error("{0|1/1099511627776}", "beyond the supported numbers");
}

static char *repeat(const char *head, size_t n, const char *middle, const char *tail)
{
    size_t hl = strlen(head), ml = strlen(middle), tl = strlen(tail);
    char *s = malloc(n * (hl + tl) + ml + 1);
    assert_non_null(s);
    char *w = s;
    for (size_t i = 0; i < n; i++, w += hl)
        memcpy(w, head, hl);
    memcpy(w, middle, ml);
    w += ml;
    for (size_t i = 0; i < n; i++, w += tl)
        memcpy(w, tail, tl);
    *w = '\0';
    return s;
}

static void test_hostile_input_gives_errors(void **state)
{
    (void)state;
    char *s = repeat("{", 100000, "", "");
    assert_parse_error(s, "nested too deeply");
    free(s);
    s = repeat("{", 100000, "1|0", "}");
    assert_parse_error(s, "nested too deeply");
    free(s);
    s = repeat("{0|", 250, "0", "}");
    assert_parse_error(s, "nested too deeply");
    free(s);
    /* Bar shorthand nests without braces: 300 levels of 0|0||0|||... */
    s = malloc(300 * 400);
    assert_non_null(s);
    strcpy(s, "0");
    for (int i = 1; i <= 300; i++) {
        size_t n = strlen(s);
        memset(s + n, '|', (size_t)i);
        strcpy(s + n + (size_t)i, "0");
    }
    assert_parse_error(s, "too deep");
    free(s);
    /* Deep but within the caps: {0|{0|...{0|0}...}} with 150 levels parses. */
    s = repeat("{0|", 150, "0", "}");
    pos p = parse_ok(s);
    assert_string_equal(number_of(&p), "none");
    free(s);
    /* A long list of options; printing it needs a large enough buffer. */
    s = repeat("1,", 5000, "1|0", "");
    p = parse_ok(s);
    sg_move m[8];
    size_t n = 0;
    assert_int_equal(D()->moves(I(), p.b, SG_LEFT, m, 8, &n), SG_ERR_RANGE);
    assert_int_equal(n, 5001);
    assert_string_equal(number_of(&p), "none");
    char small[100];
    assert_int_equal(D()->format(I(), p.b, small, sizeof small), SG_ERR_RANGE);
    assert_true(strlen(small) < sizeof small);
    char *big = malloc(20000);
    assert_non_null(big);
    assert_int_equal(D()->format(I(), p.b, big, 20000), SG_OK);
    assert_int_equal(strlen(big), 2 * 5001 + 3);
    free(big);
    free(s);
    assert_parse_error("1|2|3|4|5|6|7|8|9", "ambiguous");
}

/* ---- Moves and play ---------------------------------------------------------------- */

static void test_moves_and_copy_make(void **state)
{
    (void)state;
    pos g = parse_ok("{3,1|0,-2}");
    sg_move m[8];
    assert_int_equal(moves_of(&g, SG_LEFT, m, 8), 2);
    assert_int_equal(moves_of(&g, SG_RIGHT, m, 8), 2);
    /* A short buffer reports the full count. */
    size_t n = 0;
    assert_int_equal(D()->moves(I(), g.b, SG_LEFT, m, 1, &n), SG_ERR_RANGE);
    assert_int_equal(n, 2);

    static const char *const want[2][2] = { { "3", "1" }, { "0", "-2" } };
    for (int who = 0; who < 2; who++) {
        assert_int_equal(moves_of(&g, (sg_player)who, m, 8), 2);
        for (int k = 0; k < 2; k++) {
            pos before = g, out;
            memset(out.b, 0x55, sizeof out.b);
            char err[256];
            assert_int_equal(D()->play(I(), g.b, (sg_player)who, m[k], out.b, err, sizeof err),
                             SG_OK);
            assert_true(same(&g, &before)); /* copy-make: input untouched */
            assert_string_equal(fmt(&out), want[who][k]);
            char text[32];
            assert_int_equal(D()->format_move(I(), g.b, m[k], text, sizeof text), SG_OK);
            char expect[16];
            snprintf(expect, sizeof expect, "%c%d", who == 0 ? 'L' : 'R', k + 1);
            assert_string_equal(text, expect);
            sg_move back;
            assert_int_equal(D()->parse_move(I(), g.b, (sg_player)who, text, &back, err,
                                             sizeof err),
                             SG_OK);
            assert_true(back == m[k]);
        }
    }
    /* Integers are settled leaves: no moves. A dyadic plays out: 5/2 = {2|3}. */
    pos five = parse_ok("5");
    assert_int_equal(moves_of(&five, SG_LEFT, m, 8), 0);
    assert_int_equal(moves_of(&five, SG_RIGHT, m, 8), 0);
    pos d = parse_ok("5/2");
    pos dl = option(&d, SG_LEFT, 1), dr = option(&d, SG_RIGHT, 1);
    assert_string_equal(fmt(&dl), "2");
    assert_string_equal(fmt(&dr), "3");
    assert_int_equal(moves_of(&d, SG_LEFT, m, 8), 1);
    /* -3/8 = {-1/2 | -1/4}. */
    pos e = parse_ok("-3/8");
    pos el = option(&e, SG_LEFT, 1), er = option(&e, SG_RIGHT, 1);
    assert_string_equal(fmt(&el), "-1/2");
    assert_string_equal(fmt(&er), "-1/4");
    /* {2|} : Left only. */
    pos t = parse_ok("{2|}");
    assert_int_equal(moves_of(&t, SG_LEFT, m, 8), 1);
    assert_int_equal(moves_of(&t, SG_RIGHT, m, 8), 0);
}

static void assert_play_error(const pos *p, sg_player who, sg_move m, const char *needle)
{
    pos out;
    char err[256] = "";
    assert_int_equal(D()->play(I(), p->b, who, m, out.b, err, sizeof err), SG_ERR_INVALID);
    if (!strstr(err, needle))
        fail_msg("play error '%s' lacks '%s'", err, needle);
}

static void assert_move_error(const pos *p, sg_player who, const char *text, const char *needle)
{
    sg_move m;
    char err[256] = "";
    assert_int_equal(D()->parse_move(I(), p->b, who, text, &m, err, sizeof err),
                     SG_ERR_INVALID);
    if (!strstr(err, needle))
        fail_msg("parse_move('%s') error '%s' lacks '%s'", text, err, needle);
}

static void test_illegal_moves_are_rejected(void **state)
{
    (void)state;
    pos g = parse_ok("{3,1|0}");
    sg_move lm[4], rm[4];
    moves_of(&g, SG_LEFT, lm, 4);
    moves_of(&g, SG_RIGHT, rm, 4);
    assert_play_error(&g, SG_RIGHT, lm[0], "not a move of Right"); /* wrong player */
    assert_play_error(&g, SG_LEFT, rm[0], "not a move of Left");
    assert_play_error(&g, SG_RIGHT, rm[0] + 1, "Right has 1 option here"); /* index */
    assert_play_error(&g, SG_LEFT, lm[0] + 2, "Left has 2 options here");
    assert_play_error(&g, SG_LEFT, UINT64_MAX, "not a move of Left");
    pos five = parse_ok("5");
    assert_play_error(&five, SG_LEFT, lm[0], "Left has 0 options here");

    assert_move_error(&g, SG_LEFT, "L3", "Left has only 2 options here");
    assert_move_error(&g, SG_LEFT, "R1", "is Right's, but Left is to play");
    assert_move_error(&g, SG_LEFT, "L0", "bad move 'L0'");
    assert_move_error(&g, SG_LEFT, "L", "bad move");
    assert_move_error(&g, SG_LEFT, "X1", "bad move");
    assert_move_error(&g, SG_LEFT, "L1x", "bad move");
    assert_move_error(&g, SG_LEFT, "", "bad move");
    assert_move_error(&g, SG_LEFT, "L99999999999999999999", "bad move");
    assert_move_error(&five, SG_RIGHT, "R1", "Right has no move here");
    sg_move m;
    char err[256];
    assert_int_equal(D()->parse_move(I(), g.b, SG_RIGHT, "R1", &m, err, sizeof err), SG_OK);
    assert_true(m == rm[0]);
}

/* ---- Numbers ----------------------------------------------------------------------- */

static void test_numbers_from_theory(void **state)
{
    (void)state;
    /* Leaves. */
    assert_string_equal(number_text("5"), "5");
    assert_string_equal(number_text("-3"), "-3");
    assert_string_equal(number_text("0"), "0");
    assert_string_equal(number_text("5/2"), "5/2");
    assert_string_equal(number_text("-3/8"), "-3/8");
    /* Simplicity rule over numeric options. */
    assert_string_equal(number_text("{0|1}"), "1/2");
    assert_string_equal(number_text("{-1|1}"), "0");
    assert_string_equal(number_text("{0|2}"), "1");
    assert_string_equal(number_text("{1/2|2}"), "1");
    assert_string_equal(number_text("{1|7/4}"), "3/2");
    assert_string_equal(number_text("{-5|-1,-2}"), "-3");
    assert_string_equal(number_text("{0|{0|}}"), "1/2"); /* {0|} = 1 */
    /* Hot and tepid games are not numbers. */
    assert_string_equal(number_text("{1|0}"), "none");
    assert_string_equal(number_text("{0|0}"), "none"); /* * */
    assert_string_equal(number_text("{1|1}"), "none"); /* 1* */
    assert_string_equal(number_text("{3,1|0,-2}"), "none");
    assert_string_equal(number_text("114|66||49|0"), "none");
    assert_string_equal(number_text("{0|{0|0}}"), "none"); /* up */
    assert_string_equal(number_text("{1|{0|0}}"), "none"); /* {1|*} is hot */
    /* One side empty: an integer, the simplest number beyond the other side. */
    assert_string_equal(number_text("{|}"), "0");
    assert_string_equal(number_text("{5|}"), "6");
    assert_string_equal(number_text("{-3|}"), "0");
    assert_string_equal(number_text("{|-1}"), "-2");
    assert_string_equal(number_text("{|3}"), "0");
    assert_string_equal(number_text("{1/2|}"), "1");
    assert_string_equal(number_text("{{{{5|}|}|}|}"), "9");
    assert_string_equal(number_text("{{{|}|}|}"), "2"); /* Left's run of 2 moves */
    /* One side empty, the other not numeric: {{1|0}|} = 0 (the switch reverses through
     * its Right option 0 <= G: Left moving first to {1|0} is answered to 0 and loses),
     * and {up|} = 1 (up's Right option * is <= G, replaced by *'s Left option 0). */
    assert_string_equal(number_text("{{1|0}|}"), "0");
    assert_string_equal(number_text("{{0|{0|0}}|}"), "1");
    assert_string_equal(number_text("{|{1|0}}"), "0");
    /* {{3|1}|} = 1: {3|1} reverses through its Right option 1 <= G, replaced by the
     * Left options of the game 1 = {0|}. Left's longest run would say 2. */
    assert_string_equal(number_text("{{3|1}|}"), "1");
    /* Non-numeric options can still give a number: {{2|1}|{4|3}} = 1 (check G - 1 = 0:
     * Left first must play to {2|1} - 1, Right answers 0; Right first plays to {4|3} - 1,
     * Left answers 3 - 1 > 0, or Right plays -1 to 0 and loses the race). And
     * {{3|2}|{2|1}} = 2, {* | 1} = 0. */
    assert_string_equal(number_text("2|1||4|3"), "1");
    assert_string_equal(number_text("3|2||2|1"), "2");
    assert_string_equal(number_text("{{0|0}|1}"), "0");
    assert_string_equal(number_text("3|2||1|0"), "none");
}

static void test_dyadic_options(void **state)
{
    (void)state;
    pos d = parse_ok("5/2");
    pos l = option(&d, SG_LEFT, 1), r = option(&d, SG_RIGHT, 1);
    assert_string_equal(number_of(&l), "2");
    assert_string_equal(number_of(&r), "3");
    pos q = parse_ok("3/8");
    l = option(&q, SG_LEFT, 1);
    r = option(&q, SG_RIGHT, 1);
    assert_string_equal(number_of(&l), "1/4");
    assert_string_equal(number_of(&r), "1/2");
    pos ll = option(&l, SG_LEFT, 1);
    assert_string_equal(number_of(&ll), "0");
    /* The leaf 1/2 and the written-out {0|1} are one node. */
    pos a = parse_ok("1/2"), b = parse_ok("{0|1}");
    assert_true(same(&a, &b));
}

static void test_hash_is_exact(void **state)
{
    (void)state;
    pos a = parse_ok("{1|0}"), b = parse_ok("1|0"), c = parse_ok(" { 1 | 0 } ");
    assert_true(same(&a, &b));
    assert_true(same(&a, &c));
    assert_true(D()->hash(I(), a.b) == D()->hash(I(), b.b));
    pos e = parse_ok("114|66||49|0"), f = parse_ok("{{114|66}|{49|0}}");
    assert_true(same(&e, &f));
    assert_true(D()->hash(I(), e.b) == D()->hash(I(), f.b));
    /* Structurally different trees differ in id and hash, even when equal as games. */
    static const char *const distinct[] = { "1|0", "0|1", "1", "{0|}", "{1|0,0}", "{0,1|0}",
                                            "0", "{0|0}", "{|0}", "2|1", "1|0||0", "0||1|0" };
    size_t n = sizeof distinct / sizeof distinct[0];
    for (size_t i = 0; i < n; i++)
        for (size_t j = i + 1; j < n; j++) {
            pos x = parse_ok(distinct[i]), y = parse_ok(distinct[j]);
            assert_false(same(&x, &y));
            assert_true(D()->hash(I(), x.b) != D()->hash(I(), y.b));
        }
    /* Padding is zeroed: the whole blob is determined by the node. */
    pos g;
    memset(g.b, 0xff, sizeof g.b);
    char err[64];
    assert_int_equal(D()->parse(I(), "1|0", g.b, err, sizeof err), SG_OK);
    assert_true(same(&g, &a));
    assert_int_equal(D()->pos_size, 8);
}

static void test_evaluate_and_temperature_bound(void **state)
{
    (void)state;
    pos s = parse_ok("{114|66}|{49|0}");
    /* Left stop 66 (Left to 114|66, Right answers), Right stop 49: mean of stops 115/2. */
    assert_value(D()->evaluate(I(), s.b, SG_LEFT), "115/2");
    sg_value t;
    assert_true(D()->temperature_bound(I(), s.b, &t));
    /* Its temperature is (90 - 49/2)/2 = 131/4 <= the bound (114 - 0)/2 = 57. */
    assert_value(t, "57");
    /* A switch {a|b}: temperature (a - b)/2 exactly, and the bound is tight. */
    pos w = parse_ok("7|-3");
    assert_true(D()->temperature_bound(I(), w.b, &t));
    assert_value(t, "5");
    assert_value(D()->evaluate(I(), w.b, SG_RIGHT), "2");
    /* Numbers: value itself, bound 0 (a number's temperature is negative). */
    pos n = parse_ok("5/2");
    assert_value(D()->evaluate(I(), n.b, SG_LEFT), "5/2");
    assert_true(D()->temperature_bound(I(), n.b, &t));
    assert_value(t, "0");
}

/* ---- Parameters -------------------------------------------------------------------- */

static void assert_create_error(const char *key, const char *value, const char *needle)
{
    sg_param item = { key, value, 3 };
    sg_params params = { "conf/x.ini", "sum", &item, 1 };
    void *inst = NULL;
    char err[256] = "";
    assert_int_equal(D()->create(sg_default_host(), &params, &inst, err, sizeof err),
                     SG_ERR_INVALID);
    assert_null(inst);
    if (!strstr(err, needle))
        fail_msg("create error '%s' lacks '%s'", err, needle);
    assert_non_null(strstr(err, "conf/x.ini:3: sum: "));
}

static void test_param_errors_name_the_key(void **state)
{
    (void)state;
    assert_create_error("depth", "3", "unknown key 'depth'");
    assert_create_error("levels", "0", "levels = 0 is out of range [1, 12]");
    assert_create_error("levels", "13", "levels = 13 is out of range");
    assert_create_error("size", "abc", "size = 'abc' is not an integer");
    assert_create_error("size", "0", "size = 0 is out of range");
    assert_create_error("offset", "-1", "offset = -1 is out of range");
    assert_create_error("offset", "", "offset = '' is not an integer");
}

/* ---- The rcg(k, n) generator ------------------------------------------------------- */

typedef struct gen {
    void *inst;
    sg_rng rng;
} gen;

static void gen_open(gen *g, const char *levels, const char *size, const char *offset,
                     uint64_t seed)
{
    sg_param items[3] = { { "levels", levels, 0 }, { "size", size, 0 }, { "offset", offset, 0 } };
    sg_params params = { "command line", "rcg", items, 3 };
    char err[256];
    if (D()->create(sg_default_host(), &params, &g->inst, err, sizeof err) != SG_OK)
        fail_msg("%s", err);
    sg_rng_seed(&g->rng, seed);
}

static void gen_next(gen *g, pos *p)
{
    char err[256];
    if (D()->generate(g->inst, &g->rng, p->b, err, sizeof err) != SG_OK)
        fail_msg("%s", err);
}

/* Walks the generated tree: checks that every inner node has exactly one option per side
 * and that all leaves are at depth k, and writes the leaves from left to right. */
static void collect_leaves(void *inst, const pos *p, int depth, int64_t *out, size_t *n)
{
    sg_move m[4];
    size_t nl = 0, nr = 0;
    assert_int_equal(D()->moves(inst, p->b, SG_LEFT, m, 4, &nl), SG_OK);
    assert_int_equal(D()->moves(inst, p->b, SG_RIGHT, m, 4, &nr), SG_OK);
    if (depth == 0) {
        assert_int_equal(nl, 0);
        assert_int_equal(nr, 0);
        sg_value v;
        assert_true(D()->number(inst, p->b, &v));
        assert_int_equal(v.exp, 0);
        out[(*n)++] = v.num;
        return;
    }
    assert_int_equal(nl, 1);
    assert_int_equal(nr, 1);
    for (int who = 0; who < 2; who++) {
        pos c;
        char err[64];
        D()->moves(inst, p->b, (sg_player)who, m, 4, &nl);
        assert_int_equal(D()->play(inst, p->b, (sg_player)who, m[0], c.b, err, sizeof err), SG_OK);
        collect_leaves(inst, &c, depth - 1, out, n);
    }
}

static void test_generator_shape(void **state)
{
    (void)state;
    for (int k = 1; k <= 5; k++) {
        char levels[8];
        snprintf(levels, sizeof levels, "%d", k);
        gen g;
        gen_open(&g, levels, "50", "0", 100 + (uint64_t)k);
        for (int rep = 0; rep < 50; rep++) {
            pos p;
            gen_next(&g, &p);
            int64_t leaves[64];
            size_t n = 0;
            collect_leaves(g.inst, &p, k, leaves, &n);
            assert_int_equal(n, (size_t)1 << k);
            assert_int_equal(leaves[n - 1], 0); /* the rightmost leaf is v1 = 0 */
            for (size_t i = 0; i + 1 < n; i++) {
                int64_t inc = leaves[i] - leaves[i + 1];
                assert_true(inc >= 0 && inc <= 49); /* v(i+1) - v(i) = rnd(50) */
            }
            /* The notation is the paper's bar shorthand and reads back. */
            char text[1024];
            assert_int_equal(D()->format(g.inst, p.b, text, sizeof text), SG_OK);
            assert_null(strchr(text, '{'));
            pos q;
            char err[256];
            assert_int_equal(D()->parse(g.inst, text, q.b, err, sizeof err), SG_OK);
            assert_true(memcmp(p.b, q.b, D()->pos_size) == 0);
        }
        D()->destroy(g.inst);
    }
    /* levels = 12 gives 4096 leaves. */
    gen g;
    gen_open(&g, "12", "1000000", "0", 5);
    pos p;
    gen_next(&g, &p);
    int64_t *leaves = malloc(4096 * sizeof *leaves);
    size_t n = 0;
    collect_leaves(g.inst, &p, 12, leaves, &n);
    assert_int_equal(n, 4096);
    assert_int_equal(leaves[4095], 0);
    for (size_t i = 0; i + 1 < n; i++)
        assert_true(leaves[i] - leaves[i + 1] >= 0 && leaves[i] - leaves[i + 1] < 1000000);
    free(leaves);
    D()->destroy(g.inst);
}

static void test_generator_is_reproducible(void **state)
{
    (void)state;
    gen a, b, c;
    gen_open(&a, "3", "50", "0", 42);
    gen_open(&b, "3", "50", "0", 42);
    gen_open(&c, "3", "50", "0", 43);
    int differ = 0;
    for (int i = 0; i < 20; i++) {
        pos x, y, z;
        gen_next(&a, &x);
        gen_next(&b, &y);
        gen_next(&c, &z);
        char tx[512], ty[512], tz[512];
        D()->format(a.inst, x.b, tx, sizeof tx);
        D()->format(b.inst, y.b, ty, sizeof ty);
        D()->format(c.inst, z.b, tz, sizeof tz);
        assert_string_equal(tx, ty);
        differ += strcmp(tx, tz) != 0;
    }
    assert_true(differ >= 19); /* two seeds agreeing on 7 draws of rnd(50): ~1e-12 */
    D()->destroy(a.inst);
    D()->destroy(b.inst);
    D()->destroy(c.inst);
}

/* Pearson's chi-square statistic of counts against a uniform expectation. */
static double chi_square(const long *count, int bins, long total)
{
    double e = (double)total / bins, x = 0;
    for (int i = 0; i < bins; i++)
        x += (count[i] - e) * (count[i] - e) / e;
    return x;
}

static void test_generator_distribution(void **state)
{
    (void)state;
    /* rcg(3, 7): 7 increments per tree, each uniform on [0, 6]. With 3000 trees, 21000
     * draws, 6 degrees of freedom: P(chi2 > 50) < 1e-8. A wrong range (e.g. [0, n] or
     * [1, n]) puts counts into a bin that must stay empty or empties bin 0. */
    gen g;
    gen_open(&g, "3", "7", "0", 2024);
    long count[7] = { 0 };
    long total = 0;
    for (int rep = 0; rep < 3000; rep++) {
        pos p;
        gen_next(&g, &p);
        int64_t leaves[8];
        size_t n = 0;
        collect_leaves(g.inst, &p, 3, leaves, &n);
        for (size_t i = 0; i + 1 < n; i++) {
            int64_t inc = leaves[i] - leaves[i + 1];
            assert_true(inc >= 0 && inc < 7);
            count[inc]++;
            total++;
        }
    }
    D()->destroy(g.inst);
    assert_int_equal(total, 21000);
    double x = chi_square(count, 7, total);
    if (x > 50)
        fail_msg("increments are not uniform on [0, 6]: chi2 = %.1f", x);

    /* rcg(1, 1) + rnd(5): the tree is {o|o} with one offset o uniform on [0, 4] added to
     * both leaves. 10000 draws, 4 degrees of freedom: P(chi2 > 45) < 1e-8. */
    gen_open(&g, "1", "1", "5", 7);
    long off[5] = { 0 };
    for (int rep = 0; rep < 10000; rep++) {
        pos p;
        gen_next(&g, &p);
        int64_t leaves[2];
        size_t n = 0;
        collect_leaves(g.inst, &p, 1, leaves, &n);
        assert_int_equal(leaves[0], leaves[1]); /* one draw for the whole tree */
        assert_true(leaves[0] >= 0 && leaves[0] < 5);
        off[leaves[0]]++;
    }
    D()->destroy(g.inst);
    x = chi_square(off, 5, 10000);
    if (x > 45)
        fail_msg("offsets are not uniform on [0, 4]: chi2 = %.1f", x);

    /* rcg(2, 50) + rnd(50), the 2-level games of [4]: the rightmost leaf is the offset,
     * the others add rnd(50) each; no leaf exceeds 3 * 49 + 49. */
    gen_open(&g, "2", "50", "50", 9);
    long right[50] = { 0 };
    for (int rep = 0; rep < 5000; rep++) {
        pos p;
        gen_next(&g, &p);
        int64_t leaves[4];
        size_t n = 0;
        collect_leaves(g.inst, &p, 2, leaves, &n);
        assert_true(leaves[3] >= 0 && leaves[3] < 50);
        assert_true(leaves[0] <= 4 * 49);
        right[leaves[3]]++;
    }
    D()->destroy(g.inst);
    /* 49 degrees of freedom, mean 49, sd ~9.9: P(chi2 > 130) < 1e-8. */
    x = chi_square(right, 50, 5000);
    if (x > 130)
        fail_msg("offsets are not uniform on [0, 49]: chi2 = %.1f", x);
}

/* ---- Through the host ------------------------------------------------------------- */

static void test_host_gen_and_errors(void **state)
{
    (void)state;
    support_run r = support_host("gen rcg --count 3 --seed 11 levels=3 size=50", NULL);
    if (r.status != 0)
        fail_msg("gen failed: %s", r.err);
    /* Three lines in the paper's 3-level shorthand, each a valid rcg(3, 50) tree. */
    int lines = 0;
    for (char *line = strtok(r.out, "\n"); line; line = strtok(NULL, "\n"), lines++) {
        pos p = parse_ok(line);
        assert_string_equal(fmt(&p), line);
        int64_t leaves[8];
        size_t n = 0;
        collect_leaves(I(), &p, 3, leaves, &n);
        assert_int_equal(leaves[7], 0);
        for (int i = 0; i < 7; i++)
            assert_true(leaves[i] - leaves[i + 1] >= 0 && leaves[i] - leaves[i + 1] < 50);
    }
    assert_int_equal(lines, 3);
    support_run_free(&r);

    r = support_host("gen rcg levels=0", NULL);
    support_assert_error(&r, "levels = 0 is out of range [1, 12]");
    support_run_free(&r);
    r = support_host("gen rcg size=abc", NULL);
    support_assert_error(&r, "size = 'abc' is not an integer");
    support_run_free(&r);
    r = support_host("gen rcg depth=3", NULL);
    support_assert_error(&r, "unknown key 'depth'");
    support_run_free(&r);
    r = support_host("perft 'rcg:{1|0' 1", NULL);
    support_assert_error(&r, "'{' is never closed at column 1 of '{1|0'");
    support_run_free(&r);
    r = support_host("perft 'rcg:1|2|3' 1", NULL);
    support_assert_error(&r, "ambiguous bars");
    support_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_paper_examples_round_trip),
        cmocka_unit_test(test_hand_written_trees_print_canonically),
        cmocka_unit_test(test_bar_precedence),
        cmocka_unit_test(test_malformed_notation_is_rejected),
        cmocka_unit_test(test_hostile_input_gives_errors),
        cmocka_unit_test(test_moves_and_copy_make),
        cmocka_unit_test(test_illegal_moves_are_rejected),
        cmocka_unit_test(test_numbers_from_theory),
        cmocka_unit_test(test_dyadic_options),
        cmocka_unit_test(test_hash_is_exact),
        cmocka_unit_test(test_evaluate_and_temperature_bound),
        cmocka_unit_test(test_param_errors_name_the_key),
        cmocka_unit_test(test_generator_shape),
        cmocka_unit_test(test_generator_is_reproducible),
        cmocka_unit_test(test_generator_distribution),
        cmocka_unit_test(test_host_gen_and_errors),
    };
    return cmocka_run_group_tests_name("rcg", tests, open_rcg, close_rcg);
}
