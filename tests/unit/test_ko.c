/* The ko game plugin: its node-list notation and errors, the ko ban (set by a move whose
 * opponent could move straight back, lifted by a move elsewhere, replaced by every move
 * here), numbers at leaves only, positions and hashes that depend on (node, ban) alone,
 * check-plugin, and what the exact engine does with it (a loop-free graph is analysed,
 * a ko is refused). Expected texts and moves are worked out by hand from the rules in
 * docs/games/ko.md. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static support_game ko;

static int open_ko(void **state)
{
    (void)state;
    support_game_open(&ko, "ko", NULL);
    return 0;
}

static int close_ko(void **state)
{
    (void)state;
    support_game_close(&ko);
    return 0;
}

static const sg_game_desc *D(void) { return ko.game.desc; }
static void *I(void) { return ko.game.instance; }

typedef support_pos pos;

static pos parse_ok(const char *text) { return support_parse(&ko.game, text); }
static const char *fmt(const pos *p) { return support_format(&ko.game, p); }
static bool same(const pos *a, const pos *b) { return support_same(&ko.game, a, b); }
static bool bytes_equal(const pos *a, const pos *b)
{
    return memcmp(a->b, b->b, D()->pos_size) == 0;
}

/* The moves of who, formatted and joined by spaces ("" when none). */
static const char *moves_text(const pos *p, sg_player who)
{
    static char out[256];
    sg_move m[64];
    size_t n = 0;
    assert_int_equal(D()->moves(I(), p->b, who, m, 64, &n), SG_OK);
    out[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char t[32];
        assert_int_equal(D()->format_move(I(), p->b, m[i], t, sizeof t), SG_OK);
        if (i)
            strcat(out, " ");
        strcat(out, t);
    }
    return out;
}

/* The position after who plays the move written text. */
static pos play(const pos *p, sg_player who, const char *text)
{
    sg_move m;
    char err[256] = "";
    if (D()->parse_move(I(), p->b, who, text, &m, err, sizeof err) != SG_OK)
        fail_msg("parse_move '%s': %s", text, err);
    pos out;
    memset(out.b, 0x55, sizeof out.b);
    if (D()->play(I(), p->b, who, m, out.b, err, sizeof err) != SG_OK)
        fail_msg("play '%s': %s", text, err);
    return out;
}

static pos elsewhere(const pos *p, bool expect_change)
{
    pos out = *p;
    bool changed = D()->moved_elsewhere(I(), p->b, out.b);
    assert_int_equal(changed, expect_change);
    return changed ? out : *p;
}

static const char *number_of(const pos *p)
{
    static char buf[SG_VALUE_TEXT_MAX];
    sg_value v;
    if (!D()->number(I(), p->b, &v))
        return "none";
    sg_value_format(v, buf, sizeof buf);
    return buf;
}

static void assert_parse_error(const char *text, const char *needle)
{
    pos p;
    char err[512] = "";
    int rc = D()->parse(I(), text, p.b, err, sizeof err);
    if (rc == SG_OK)
        fail_msg("'%s' parses", text);
    assert_int_equal(rc, SG_ERR_INVALID);
    assert_null(strchr(err, '\n'));
    support_assert_contains(err, needle);
}

#define KO_TEXT "M={1|N}; N={M|-1}"

/* ---- Notation ---------------------------------------------------------------------- */

static void test_notation_round_trips(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        { KO_TEXT, KO_TEXT },
        { " M = { 1 | N } ;\n N={ M |-1 } ", KO_TEXT },
        { "N={M|-1}; M={1|N}", "N={M|-1}; M={1|N}" },
        { "M=1|N; N=M|-1", KO_TEXT },            /* bar shorthand */
        { "M={1|N}; N={M|-1}; Z={5|4}", KO_TEXT }, /* Z is not reachable */
        { "G={H|J}; H={1|0}; J={K|L}; K={M|-1}; L={-3|-5}; M={1|K}",
          "G={H|J}; H={1|0}; J={K|L}; K={M|-1}; L={-3|-5}; M={1|K}" },
        { "G={J|H}; M={1|K}; L={-3|-5}; K={M|-1}; J={K|L}; H={1|0}",
          "G={J|H}; H={1|0}; J={K|L}; K={M|-1}; L={-3|-5}; M={1|K}" }, /* sorted by name */
        { "a={1|{a|0}}", "a={1|{a|0}}" },
        { "a=1||a|0", "a={1|{a|0}}" },
        { "M'={1|M''}; M''={M'|-1}", "M'={1|M''}; M''={M'|-1}" },
        { "{3|1}", "{3|1}" },
        { "3|1", "{3|1}" },
        { "{3,2|1,-1/2}", "{3,2|1,-1/2}" },
        { "5", "5" },
        { "5/2", "5/2" },
        { "-3/8", "-3/8" },
        { "6/4", "3/2" },
        { "a=7; b={a|0}", "7" },                  /* the current node is the leaf 7 */
        { "a=b; b={1|a}", "b={1|b}" },            /* a name defined as a name */
        { "{a|0}; a={1|-1}", "{a|0}; a={1|-1}" }, /* an unlabelled current node */
        { "x={x,1|x,-1}", "x={x,1|x,-1}" },
        { KO_TEXT " [ban=N]", KO_TEXT " [ban=N]" },
        { "N={M|-1}; M={1|N} [ban=M]", "N={M|-1}; M={1|N} [ban=M]" },
        { "N={M|-1}; M={1|N} [ ban = L : M ]", "N={M|-1}; M={1|N} [ban=M]" },
        { "x={x,1|x,-1} [ban=R:x]", "x={x,1|x,-1} [ban=R:x]" },
        { "{a|0}; a={1|{a|0}} [ban=a]", "{a|0}; a={1|{a|0}} [ban=a]" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pos p = parse_ok(cases[i][0]);
        assert_string_equal(fmt(&p), cases[i][1]);
        pos q = parse_ok(cases[i][1]);
        assert_true(bytes_equal(&p, &q));
        assert_true(D()->hash(I(), p.b) == D()->hash(I(), q.b));
    }
}

static void test_equal_graphs_are_equal_positions(void **state)
{
    (void)state;
    pos a = parse_ok(KO_TEXT);
    pos b = parse_ok("N={M|-1}; M={1|N}");
    assert_false(same(&a, &b)); /* M and N are different nodes */
    /* N of the first text is N of the second */
    pos taken = play(&a, SG_RIGHT, "R1");
    pos n = elsewhere(&taken, true);
    assert_true(bytes_equal(&n, &b));
    /* the names matter: the same shape with other names is another graph */
    pos c = parse_ok("A={1|B}; B={A|-1}");
    assert_false(same(&a, &c));
    assert_string_equal(fmt(&c), "A={1|B}; B={A|-1}");
}

static void test_errors(void **state)
{
    (void)state;
    assert_parse_error("M={1|X}", "undefined name 'X' at column 6");
    assert_parse_error("a={1|0}; a={2|0}", "duplicate name 'a'");
    assert_parse_error("a={|1}", "node 'a' has no Left option");
    assert_parse_error("a={1|}", "node 'a' has no Right option");
    assert_parse_error("a={1|{|0}}", "node '{|0}' has no Left option");
    assert_parse_error("{|}", "node '{|}' has no Left option");
    assert_parse_error("a={1/3|0}", "not a power of two");
    assert_parse_error("a={1|-}", "expected digits");
    assert_parse_error("a=a", "name 'a' is defined as itself");
    assert_parse_error("a=b; b=a", "cycle of names");
    assert_parse_error("", "empty position");
    assert_parse_error("   ", "empty position");
    assert_parse_error("a={1|0", "'{' is never closed");
    assert_parse_error("a={1|0}}", "unmatched '}'");
    assert_parse_error("a={1|0};", "expected a node after ';'");
    assert_parse_error("a={1|0};; b={2|1}", "expected a node after ';'");
    assert_parse_error("a={1|b}; {2|1}", "expected a definition NAME=...");
    assert_parse_error("a=", "expected a game after '='");
    assert_parse_error("3a", "a name cannot start with a digit");
    assert_parse_error("a={1|0} # b", "unexpected character '#'");
    assert_parse_error("a={1;0|2}", "';' inside braces");
    assert_parse_error("1|2|3", "ambiguous bars");
    assert_parse_error("a={1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17|0}",
                       "node 'a' has more than 16 Left options");
    assert_parse_error(KO_TEXT " [ban=M]", "not an option of the current node");
    assert_parse_error(KO_TEXT " [ban=L:N]", "not a Left option of the current node");
    assert_parse_error(KO_TEXT " [bam=N]", "expected 'ban' after '['");
    assert_parse_error(KO_TEXT " [ban=N", "expected ']' closing the ban");
    assert_parse_error(KO_TEXT " [ban=X]", "undefined name 'X'");
    assert_parse_error("x={x,1|x,-1} [ban=x]", "an option of both players");
    assert_parse_error("{1|0} [ban=1]", "not a number");
    assert_parse_error("5 [ban=1]", "a number has no ban");

    /* 256 nodes are allowed, 257 are too many */
    size_t cap = 64 * 1024;
    char *text = malloc(cap);
    assert_non_null(text);
    for (int total = 256; total <= 257; total++) {
        size_t len = 0;
        for (int i = 0; i < total; i++)
            len += (size_t)snprintf(text + len, cap - len, "%sn%d={n%d|%d}", i ? "; " : "", i,
                                    i + 1 < total ? i + 1 : 0, -i);
        if (total == 256) {
            pos p = parse_ok(text);
            assert_string_equal(number_of(&p), "none");
        } else {
            assert_parse_error(text, "too many nodes (more than 256 in one graph)");
        }
    }
    free(text);
}

/* ---- The ko ban -------------------------------------------------------------------- */

static void test_simple_ko(void **state)
{
    (void)state;
    pos m = parse_ok(KO_TEXT);
    assert_string_equal(moves_text(&m, SG_LEFT), "L1");
    assert_string_equal(moves_text(&m, SG_RIGHT), "R1");

    /* Right takes the ko, M -> N: Left could answer N -> M, so that is banned */
    pos n = play(&m, SG_RIGHT, "R1");
    assert_string_equal(fmt(&n), "N={M|-1}; M={1|N} [ban=M]");
    assert_string_equal(moves_text(&n, SG_LEFT), "");
    assert_string_equal(moves_text(&n, SG_RIGHT), "R1");
    assert_string_equal(number_of(&n), "none"); /* Left has no move, yet it is no number */

    /* the banned move is refused with one line */
    char err[256] = "";
    pos out;
    assert_int_equal(D()->play(I(), n.b, SG_LEFT, (sg_move)SG_LEFT << 32, out.b, err, sizeof err),
                     SG_ERR_INVALID);
    support_assert_contains(err, "may not retake the ko");
    assert_null(strchr(err, '\n'));
    sg_move mv;
    assert_int_equal(D()->parse_move(I(), n.b, SG_LEFT, "L1", &mv, err, sizeof err),
                     SG_ERR_INVALID);

    /* a move elsewhere lifts the ban, once */
    pos lifted = elsewhere(&n, true);
    assert_string_equal(fmt(&lifted), "N={M|-1}; M={1|N}");
    assert_string_equal(moves_text(&lifted, SG_LEFT), "L1");
    elsewhere(&lifted, false);

    /* Left retakes, N -> M: now Right may not go back to N at once */
    pos back = play(&lifted, SG_LEFT, "L1");
    assert_string_equal(fmt(&back), KO_TEXT " [ban=N]");
    assert_string_equal(moves_text(&back, SG_RIGHT), "");
    assert_string_equal(moves_text(&back, SG_LEFT), "L1");

    /* a move here replaces the ban: Left plays M -> 1, a leaf, which sets none */
    pos one = play(&back, SG_LEFT, "L1");
    assert_string_equal(fmt(&one), "1");
    assert_string_equal(number_of(&one), "1");
    elsewhere(&one, false);

    /* and Right ends it from N with -1 */
    pos end = play(&n, SG_RIGHT, "R1");
    assert_string_equal(fmt(&end), "-1");
}

static void test_move_without_return_sets_no_ban(void **state)
{
    (void)state;
    pos g = parse_ok("G={H|J}; H={1|0}; J={K|L}; K={M|-1}; L={-3|-5}; M={1|K}");
    /* G -> H: Right has no move from H back to G */
    pos h = play(&g, SG_LEFT, "L1");
    assert_string_equal(fmt(&h), "H={1|0}");
    elsewhere(&h, false);
    assert_string_equal(moves_text(&h, SG_RIGHT), "R1");
    /* G -> J -> K: Left's K -> M has no Right answer M -> J... */
    pos j = play(&g, SG_RIGHT, "R1");
    assert_string_equal(fmt(&j), "J={K|L}; K={M|-1}; L={-3|-5}; M={1|K}");
    pos k = play(&j, SG_LEFT, "L1");
    assert_string_equal(fmt(&k), "K={M|-1}; M={1|K}");
    elsewhere(&k, false);
    /* ...but K -> M by Left bans Right's M -> K, and M -> K by Right bans Left's K -> M */
    pos m = play(&k, SG_LEFT, "M"); /* the target's name works as a move */
    assert_string_equal(fmt(&m), "M={1|K}; K={M|-1} [ban=K]");
    assert_string_equal(moves_text(&m, SG_RIGHT), "");
    pos m_lifted = elsewhere(&m, true);
    pos k2 = play(&m_lifted, SG_RIGHT, "K");
    assert_string_equal(fmt(&k2), "K={M|-1}; M={1|K} [ban=M]");
    assert_string_equal(moves_text(&k2, SG_LEFT), "");
    assert_string_equal(moves_text(&k2, SG_RIGHT), "R1");
}

static void test_ban_of_one_player_only(void **state)
{
    (void)state;
    /* x is an option of both players of x: Left's x -> x bans Right's x -> x only */
    pos x = parse_ok("x={x,1|x,-1}");
    pos after = play(&x, SG_LEFT, "L1");
    assert_string_equal(fmt(&after), "x={x,1|x,-1} [ban=R:x]");
    assert_string_equal(moves_text(&after, SG_LEFT), "L1 L2");
    assert_string_equal(moves_text(&after, SG_RIGHT), "R2");
    /* an anonymous node as the current one and as the banned one */
    pos a = parse_ok("a={1|{a|0}}");
    pos anon = play(&a, SG_RIGHT, "R1");
    assert_string_equal(fmt(&anon), "{a|0}; a={1|{a|0}} [ban=a]");
    pos anon_lifted = elsewhere(&anon, true);
    pos a2 = play(&anon_lifted, SG_LEFT, "a");
    assert_string_equal(fmt(&a2), "a={1|{a|0}} [ban={a|0}]");
    pos a3 = parse_ok("a={1|{a|0}} [ban={a|0}]");
    assert_true(bytes_equal(&a2, &a3));
    assert_string_equal(moves_text(&a2, SG_RIGHT), "");
}

static void test_numbers_at_leaves_only(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        { "5", "5" },   { "-3", "-3" },     { "5/2", "5/2" },   { "a=-3/8", "-3/8" },
        { "{3|1}", "none" }, { "{0|1}", "none" }, /* braces make an internal node */
        { KO_TEXT, "none" }, { "N={M|-1}; M={1|N} [ban=M]", "none" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pos p = parse_ok(cases[i][0]);
        assert_string_equal(number_of(&p), cases[i][1]);
    }
    /* a dyadic leaf has its canonical options: 5/2 = {2|3} */
    pos d = parse_ok("5/2");
    assert_string_equal(moves_text(&d, SG_LEFT), "L1");
    pos l = play(&d, SG_LEFT, "L1"), r = play(&d, SG_RIGHT, "R1");
    assert_string_equal(fmt(&l), "2");
    assert_string_equal(fmt(&r), "3");
    pos q = parse_ok("-3/8");
    pos ql = play(&q, SG_LEFT, "L1"), qr = play(&q, SG_RIGHT, "R1");
    assert_string_equal(fmt(&ql), "-1/2");
    assert_string_equal(fmt(&qr), "-1/4");
    /* an integer leaf has no moves */
    pos five = parse_ok("5");
    assert_string_equal(moves_text(&five, SG_LEFT), "");
    assert_string_equal(moves_text(&five, SG_RIGHT), "");
}

static void test_equal_node_and_ban_hash_equally(void **state)
{
    (void)state;
    pos start = parse_ok(KO_TEXT);
    uint64_t h0 = D()->hash(I(), start.b);
    /* M -> N (ban) -> lifted -> M (ban on N) -> lifted: M without a ban again */
    pos n = play(&start, SG_RIGHT, "R1");
    pos n_lifted = elsewhere(&n, true);
    pos m = play(&n_lifted, SG_LEFT, "L1");
    assert_false(bytes_equal(&m, &start));
    pos again = elsewhere(&m, true);
    assert_true(bytes_equal(&again, &start));
    assert_true(D()->hash(I(), again.b) == h0);
    /* the banned N reached by play and by parse */
    pos parsed = parse_ok("N={M|-1}; M={1|N} [ban=M]");
    assert_true(bytes_equal(&parsed, &n));
    assert_true(D()->hash(I(), parsed.b) == D()->hash(I(), n.b));
    /* a ban changes the position and its hash */
    pos lifted = elsewhere(&n, true);
    assert_false(bytes_equal(&lifted, &n));
    assert_true(D()->hash(I(), lifted.b) != D()->hash(I(), n.b));
    /* a second instance that parses the same text agrees on the bytes */
    support_game other;
    support_game_open(&other, "ko", NULL);
    support_pos o = support_parse(&other.game, KO_TEXT);
    assert_true(bytes_equal(&o, &start));
    support_game_close(&other);
}

static void test_descriptor(void **state)
{
    (void)state;
    assert_int_equal(D()->size, sizeof(sg_game_desc));
    assert_true(SG_GAME_HAS(D(), moved_elsewhere));
    assert_true(SG_GAME_FLAGS(D()) & SG_GAME_REENTRANT);
    assert_true(SG_GAME_FLAGS(D()) & SG_GAME_PASSES);
    assert_null(D()->generate);
}

/* ---- The host ---------------------------------------------------------------------- */

static void test_check_plugin_passes(void **state)
{
    (void)state;
    char args[2048];
    snprintf(args, sizeof args,
             "check-plugin '%s/games/ko.so' --playouts 8 --position '" KO_TEXT "' "
             "--position 'N={M|-1}; M={1|N} [ban=M]' "
             "--position 'G={H|J}; H={1|0}; J={K|L}; K={M|-1}; L={-3|-5}; M={1|K}' "
             "--position 'a={1|{a|0}}' --position 'x={x,1|x,-1}' --position '{3|1}' "
             "--position '5/2' --position 'a={b|b}; b={a|a}'",
             support_build_dir());
    support_run r = support_host(args, NULL);
    if (r.status != 0 || strstr(r.out, "FAIL"))
        fail_msg("check-plugin failed (%d):\n%s%s", r.status, r.out, r.err);
    assert_string_equal(r.err, "");
    support_assert_contains(r.out, "ok   a move elsewhere lifts a ban once");
    support_assert_contains(r.out, " checks passed, 0 failed\n");
    support_run_free(&r);
}

static void test_exact_engine(void **state)
{
    (void)state;
    support_run r = support_host("analyze 'ko:{3|1}'", NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "mean:                     2\n");
    support_assert_contains(r.out, "temperature:              1\n");
    support_run_free(&r);
    /* loop-free with names: {H|J} with H = {1|0}, J = {-1|-3}. Left's scaffold is
     * RW(H)(t) - t = 1/2 - t above t = 1/2, Right's LW(J)(t) + t = -2 + t above t = 1:
     * they meet at t = 5/4, value -3/4 */
    r = support_host("analyze 'ko:G={H|J}; H={1|0}; J={-1|-3}'", NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "mean:                     -3/4\n");
    support_assert_contains(r.out, "temperature:              5/4\n");
    support_run_free(&r);
    /* a ko is refused with one line */
    r = support_host("analyze 'ko:M={1|N}; N={M|-1}'", NULL);
    support_assert_error(&r, "ko");
    support_run_free(&r);
    r = support_host("analyze 'ko:M={1|X}'", NULL);
    support_assert_error(&r, "undefined name 'X'");
    support_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notation_round_trips),
        cmocka_unit_test(test_equal_graphs_are_equal_positions),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_simple_ko),
        cmocka_unit_test(test_move_without_return_sets_no_ban),
        cmocka_unit_test(test_ban_of_one_player_only),
        cmocka_unit_test(test_numbers_at_leaves_only),
        cmocka_unit_test(test_equal_node_and_ban_hash_equally),
        cmocka_unit_test(test_descriptor),
        cmocka_unit_test(test_check_plugin_passes),
        cmocka_unit_test(test_exact_engine),
    };
    return cmocka_run_group_tests_name("ko", tests, open_ko, close_ko);
}
