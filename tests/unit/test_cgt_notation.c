/* The bar-notation reader and the move codec of explicit games (sumgame/cgt_notation.h),
 * against trees written out by hand: the builder below writes every node it is given
 * with braces, so "114|66||49|0" must come back as "{{114|66}|{49|0}}". */
#include "support.h"

#include <stdio.h>
#include <string.h>

#include "sumgame/cgt_notation.h"

#define MAX_NODES 64
#define TEXT_MAX 256

/* The nodes made so far, each as its fully braced text. */
typedef struct forest {
    const char *source;
    char text[MAX_NODES][TEXT_MAX];
    uint32_t count;
} forest;

static int add(forest *f, const char *text, uint32_t *id)
{
    if (f->count == MAX_NODES)
        return SG_ERR_RANGE;
    snprintf(f->text[f->count], TEXT_MAX, "%s", text);
    *id = f->count++;
    return SG_OK;
}

static int number(void *ctx, const sg_notation *n, uint32_t tok, sg_value v, uint32_t *id,
                  char *err, size_t errlen)
{
    (void)n;
    (void)tok;
    (void)err;
    (void)errlen;
    char text[SG_VALUE_TEXT_MAX];
    sg_value_format(v, text, sizeof text);
    return add(ctx, text, id);
}

static int name(void *ctx, const sg_notation *n, uint32_t tok, uint32_t *id, char *err,
                size_t errlen)
{
    (void)err;
    (void)errlen;
    forest *f = ctx;
    const sg_token *t = &sg_notation_tokens(n, NULL)[tok];
    char text[TEXT_MAX];
    snprintf(text, sizeof text, "%.*s", (int)t->len, f->source + t->col);
    return add(f, text, id);
}

static void put_list(const forest *f, const uint32_t *ids, uint32_t count, char *out,
                     size_t cap)
{
    for (uint32_t i = 0; i < count; i++) {
        size_t len = strlen(out);
        snprintf(out + len, cap - len, "%s%s", i ? "," : "", f->text[ids[i]]);
    }
}

static int node(void *ctx, const sg_notation *n, const uint32_t *left, uint32_t nleft,
                const uint32_t *right, uint32_t nright, uint32_t from, uint32_t to,
                uint32_t bars, uint32_t *id, char *err, size_t errlen)
{
    (void)n;
    (void)from;
    (void)to;
    (void)bars;
    (void)err;
    (void)errlen;
    forest *f = ctx;
    char text[TEXT_MAX] = "{";
    put_list(f, left, nleft, text, sizeof text);
    strcat(text, "|");
    put_list(f, right, nright, text, sizeof text);
    strcat(text, "}");
    return add(f, text, id);
}

static const sg_notation_syntax trees = { SG_NOTATION_TREES, 1000, 4, 6, 0 };
static const sg_notation_syntax graphs = { SG_NOTATION_GRAPHS, 1000, 4, 6, 0 };

/* Reads the whole text as one game: SG_OK and its braced text in out, or the error in
 * out. */
static int read_game(const sg_notation_syntax *syntax, const char *text, char *out,
                     size_t cap)
{
    static forest f;
    f.source = text;
    f.count = 0;
    sg_notation *n;
    int rc = sg_notation_open(sg_default_host(), syntax, text, &n, out, cap);
    if (rc != SG_OK) {
        assert_null(n);
        return rc;
    }
    uint32_t count;
    sg_notation_tokens(n, &count);
    const sg_notation_builder build = { &f, number, name, node };
    uint32_t id;
    rc = sg_notation_game(n, 0, count, &build, &id, out, cap);
    if (rc == SG_OK)
        snprintf(out, cap, "%s", f.text[id]);
    sg_notation_close(n);
    return rc;
}

static void assert_game(const sg_notation_syntax *syntax, const char *text, const char *want)
{
    char out[TEXT_MAX];
    int rc = read_game(syntax, text, out, sizeof out);
    if (rc != SG_OK)
        fail_msg("'%s': %s", text, out);
    assert_string_equal(out, want);
}

static void assert_error(const sg_notation_syntax *syntax, const char *text, const char *want)
{
    char out[TEXT_MAX];
    assert_int_equal(read_game(syntax, text, out, sizeof out), SG_ERR_INVALID);
    assert_string_equal(out, want);
}

static void test_bars_nest_longest_run_first(void **state)
{
    (void)state;
    assert_game(&trees, "5", "5");
    assert_game(&trees, "-3/8", "-3/8");
    assert_game(&trees, "1|0", "{1|0}");
    assert_game(&trees, "114|66||49|0", "{{114|66}|{49|0}}");
    assert_game(&trees, "237|191||145|124|||97|57||32|0",
                "{{{237|191}|{145|124}}|{{97|57}|{32|0}}}");
    assert_game(&trees, "1||2|3", "{1|{2|3}}");
    assert_game(&trees, "{1||2|3}", "{1|{2|3}}");
    assert_game(&trees, "{3,1|0,-2}", "{3,1|0,-2}");
    assert_game(&trees, "{{1|0},5/2|{0|-1},-2}", "{{1|0},5/2|{0|-1},-2}");
    assert_game(&trees, " { 1 | 0 } || 2 ", "{{1|0}|2}");
    assert_game(&trees, "{|}", "{|}");
    assert_game(&trees, "{2|}", "{2|}");
    assert_game(&graphs, "{M||N|-1}", "{M|{N|-1}}");
    assert_game(&graphs, "M", "M");
}

static void test_errors_name_the_column(void **state)
{
    (void)state;
    assert_error(&trees, "", "expected a game, found the end of the text at column 1 of ''");
    assert_error(&trees, "1 2", "expected '|' between games, found a number at column 3 of '1 2'");
    assert_error(&graphs, "1 2",
                 "expected '|' between games, found the number '2' at column 3 of '1 2'");
    assert_error(&graphs, "1 N",
                 "expected '|' between games, found the name 'N' at column 3 of '1 N'");
    assert_error(&trees, "1|2|3", "ambiguous bars: runs of 1 bar at columns 2 and 4 of '1|2|3' "
                                  "split at the same level (use braces)");
    assert_error(&trees, "2|", "expected a game (an empty side needs braces: {2|}), found the "
                               "end of the text at column 3 of '2|'");
    assert_error(&trees, "{1,|0}", "expected a game after ',', found '|' at column 4 of '{1,|0}'");
    assert_error(&trees, "{1 2|0}", "expected ',' or '|', found a number at column 4 of '{1 2|0}'");
    assert_error(&trees, "{|}|}", "unmatched '}' at column 5 of '{|}|}'");
    assert_error(&trees, "{5}", "expected '|' inside braces, found '}' at column 3 of '{5}'");
    assert_error(&trees, "{}", "expected '|' inside braces, found '}' at column 2 of '{}'");
    assert_error(&trees, "1|,", "expected a number or '{', found ',' at column 3 of '1|,'");
    assert_error(&trees, "{1|{0|", "'{' is never closed at column 4 of '{1|{0|'");
    assert_error(&trees, "1|a", "unexpected character 'a' at column 3 of '1|a'");
    assert_error(&trees, "1|\x01", "unexpected byte 0x01 at column 3 of '1|\x01'");
    assert_error(&trees, "1|N=0", "unexpected character 'N' at column 3 of '1|N=0'");
    assert_error(&trees, "1/3|0",
                 "bad number '1/3|0': denominator is not a power of two at column 1 of '1/3|0'");
    assert_error(&trees, "{{{{{1|0}}}}}",
                 "braces nested too deeply (at most 4 levels) at column 5 of '{{{{{1|0}}}}}'");
    /* the left side of the run of k bars holds the runs below k: runs of 1 to k bars nest
     * k - 1 levels below the whole game */
    assert_game(&trees, "0|1||1|||1||||1|||||1||||||1|||||||1",
                "{{{{{{{0|1}|1}|1}|1}|1}|1}|1}");
    assert_error(&trees, "0|1||1|||1||||1|||||1||||||1|||||||1||||||||1",
                 "game nested too deeply at column 1 of "
                 "'0|1||1|||1||||1|||||1||||||1|||||||1||||||||1'");
    assert_error(&graphs, "0|1||1|||1||||1|||||1||||||1|||||||1||||||||1",
                 "game nested too deeply (at most 6 levels) at column 1 of "
                 "'0|1||1|||1||||1|||||1||||||1|||||||1||||||||1'");
    char long_text[1002];
    memset(long_text, ' ', 1001);
    long_text[1001] = '\0';
    char out[TEXT_MAX];
    assert_int_equal(read_game(&trees, long_text, out, sizeof out), SG_ERR_INVALID);
    assert_string_equal(out, "position text too long (1001 bytes, at most 1000)");
}

static void test_graphs_need_options_for_both_players(void **state)
{
    (void)state;
    assert_error(&graphs, "{|0}", "node '{|0}' has no Left option (every node needs options for "
                                  "both players) at column 1 of '{|0}'");
    assert_error(&graphs, "1|{0|}", "node '{0|}' has no Right option (every node needs options "
                                    "for both players) at column 3 of '1|{0|}'");
    assert_error(&graphs, "{}", "expected '|' inside braces ({|} has no options: every node "
                                "needs options for both players), found '}' at column 2 of '{}'");
    assert_error(&graphs, "3a", "bad number: a name cannot start with a digit or '-' at column 1 "
                                "of '3a'");
    assert_error(&graphs, "{1;0|2}", "';' inside braces at column 3 of '{1;0|2}'");
    assert_error(&graphs, "1|,", "expected a number, a name or '{', found ',' at column 3 of "
                                 "'1|,'");

    /* a definition's right-hand side goes by its name */
    const char *text = "M={|N}";
    sg_notation *n;
    char err[TEXT_MAX];
    assert_int_equal(sg_notation_open(sg_default_host(), &graphs, text, &n, err, sizeof err),
                     SG_OK);
    static forest f;
    f.source = text;
    f.count = 0;
    const sg_notation_builder build = { &f, number, name, node };
    uint32_t id;
    sg_notation_name_game(n, 2, 6, 0);
    assert_int_equal(sg_notation_game(n, 2, 6, &build, &id, err, sizeof err), SG_ERR_INVALID);
    assert_string_equal(err, "node 'M' has no Left option (every node needs options for both "
                             "players) at column 3 of 'M={|N}'");
    sg_notation_name_game(n, SG_NOTATION_NONE, SG_NOTATION_NONE, SG_NOTATION_NONE);
    char what[80];
    sg_notation_describe(n, 2, 6, what, sizeof what);
    assert_string_equal(what, "'{|N}'");
    sg_notation_close(n);
}

static void test_tokens(void **state)
{
    (void)state;
    const char *text = "M={1|N}; N=1||-3/2 [ban=L:M]";
    sg_notation *n;
    char err[TEXT_MAX];
    assert_int_equal(sg_notation_open(sg_default_host(), &graphs, text, &n, err, sizeof err),
                     SG_OK);
    uint32_t count;
    const sg_token *t = sg_notation_tokens(n, &count);
    static const struct {
        sg_token_kind kind;
        uint32_t col, len;
    } want[] = {
        { SG_TOKEN_NAME, 0, 1 },    { SG_TOKEN_EQ, 1, 1 },      { SG_TOKEN_OPEN, 2, 1 },
        { SG_TOKEN_NUMBER, 3, 1 },  { SG_TOKEN_BARS, 4, 1 },    { SG_TOKEN_NAME, 5, 1 },
        { SG_TOKEN_CLOSE, 6, 1 },   { SG_TOKEN_SEMI, 7, 1 },    { SG_TOKEN_NAME, 9, 1 },
        { SG_TOKEN_EQ, 10, 1 },     { SG_TOKEN_NUMBER, 11, 1 }, { SG_TOKEN_BARS, 12, 2 },
        { SG_TOKEN_NUMBER, 14, 4 }, { SG_TOKEN_LBRACK, 19, 1 }, { SG_TOKEN_NAME, 20, 3 },
        { SG_TOKEN_EQ, 23, 1 },     { SG_TOKEN_NAME, 24, 1 },   { SG_TOKEN_COLON, 25, 1 },
        { SG_TOKEN_NAME, 26, 1 },   { SG_TOKEN_RBRACK, 27, 1 }, { SG_TOKEN_END, 28, 0 },
    };
    assert_int_equal(count + 1, sizeof want / sizeof want[0]);
    for (uint32_t i = 0; i <= count; i++) {
        assert_int_equal(t[i].kind, want[i].kind);
        assert_int_equal(t[i].col, want[i].col);
        assert_int_equal(t[i].len, want[i].len);
    }
    assert_int_equal(t[2].arg, 6); /* '{' knows its '}' */
    assert_int_equal(t[11].arg, 2); /* a run of bars its length */
    assert_int_equal(sg_notation_skip(n, 2), 7);
    assert_int_equal(sg_notation_skip(n, 3), 4);
    assert_int_equal(sg_notation_expected(n, 13, "a game", err, sizeof err), SG_ERR_INVALID);
    assert_string_equal(err, "expected a game, found '[' at column 20 of "
                             "'M={1|N}; N=1||-3/2 [ban=L:M]'");
    sg_notation_close(n);
}

/* Short forms expand into their canonical forms (Siegel, CGT, ch. II): * = {0|0},
 * ^ = {0|*}, v = {*|0}, *n = {0,*,..,*(n-1)|the same}, x* = {x|x}, ^* = {0,*|0},
 * ⇑ = {0|^*}, ⇑* = {0|^}, ^*2 = {0|*3}; and ±G = {G|-G}. */
static void test_short_forms(void **state)
{
    (void)state;
    assert_game(&trees, "*", "{0|0}");
    assert_game(&trees, "*0", "0");
    assert_game(&trees, "^", "{0|{0|0}}");
    assert_game(&trees, "v", "{{0|0}|0}");
    assert_game(&trees, "↑", "{0|{0|0}}");
    assert_game(&trees, "↓", "{{0|0}|0}");
    assert_game(&trees, "*2", "{0,{0|0}|0,{0|0}}");
    assert_game(&trees, "-1/2*", "{-1/2|-1/2}");
    assert_game(&trees, "3^", "{3|{3|3}}");
    assert_game(&trees, "^*", "{0,{0|0}|0}");
    assert_game(&trees, "v*", "{0|0,{0|0}}");
    assert_game(&trees, "^^", "{0|{0,{0|0}|0}}");
    assert_game(&trees, "⇑*", "{0|{0|{0|0}}}");
    static const sg_notation_syntax roomy = { SG_NOTATION_TREES, 1000, 8, 8, 0 };
    assert_game(&roomy, "^*2", "{0|{0,{0|0},{0,{0|0}|0,{0|0}}|0,{0|0},{0,{0|0}|0,{0|0}}}}");
    /* 4 levels high, printed one deeper than it stands at most: more than 4 braces */
    assert_error(&trees, "^*2", "game nested too deeply at column 1 of '^*2'");
    assert_game(&roomy, "1v3", "{{{{1|1}|1}|1}|1}"); /* {1v2*|1}, 1v2* = {1v|1} */
    assert_game(&trees, "±1", "{1|-1}");
    assert_game(&trees, "±-1/2", "{-1/2|1/2}");
    assert_game(&trees, "±{2|1}", "{{2|1}|{-1|-2}}");
    assert_game(&trees, "±1||0|-1", "{{1|-1}|{0|-1}}");
    assert_game(&trees, "±±1", "{{1|-1}|{1|-1}}");
    assert_game(&trees, "{2|±1,-1/2}", "{2|{1|-1},-1/2}");
    assert_game(&trees, "±^", "{{0|{0|0}}|{{0|0}|0}}");
    assert_game(&graphs, "{M|^}", "{M|{0|{0|0}}}");
    assert_game(&graphs, "±{1|2}||↓", "{{{1|2}|{-2|-1}}|{{0|0}|0}}");
    assert_game(&graphs, "v", "v"); /* a name there */
    assert_error(&graphs, "±{M|1}", "the name 'M' under '±' (±G needs -G, which a name cannot "
                                    "give: write the node out) at column 4 of '±{M|1}'");
    assert_error(&trees, "^v", "ups and downs mixed in one short form (write ^ or v alone, as "
                               "many as the sum has) at column 2 of '^v'");
    assert_error(&trees, "^^3", "a count follows a single ^ or v (^3 is three ups, ^^3 is not "
                                "read) at column 3 of '^^3'");
    assert_error(&trees, "^7", "short form too large (its ups or downs and its nimber together "
                               "at most 6) at column 1 of '^7'");
    assert_error(&trees, "*2*", "expected '|' between games, found the short form '*' at "
                                "column 3 of '*2*'");
    assert_error(&trees, "{1|±}", "expected a number or '{', found '}' at column 6 of '{1|±}'");
    assert_error(&trees, "1|^ *", "expected ',' or '|', found the short form '*' at column 5 of "
                                  "'1|^ *'");

    /* what prints back is bounded, generously: ±*2 counts 89 bytes, {*3,*3|0} 179 */
    static const sg_notation_syntax small = { SG_NOTATION_TREES, 1000, 8, 8, 100 };
    assert_game(&small, "±*2", "{{0,{0|0}|0,{0|0}}|{0,{0|0}|0,{0|0}}}");
    assert_game(&small, "{1,2,3,4,5,6,7,8,9|0}", "{1,2,3,4,5,6,7,8,9|0}");
    assert_error(&small, "{*3,*3|0}", "short forms and '±' unfold into more than 100 bytes "
                                      "written out in braces, as the game prints the position "
                                      "at column 1 of '{*3,*3|0}'");

    const char *text = "1/2v*3 ±↑";
    sg_notation *n;
    char err[TEXT_MAX];
    assert_int_equal(sg_notation_open(sg_default_host(), &trees, text, &n, err, sizeof err),
                     SG_OK);
    uint32_t count;
    const sg_token *t = sg_notation_tokens(n, &count);
    assert_int_equal(count, 3);
    assert_int_equal(t[0].kind, SG_TOKEN_SHORT);
    assert_int_equal(t[0].len, 6);
    assert_int_equal(t[1].kind, SG_TOKEN_PM);
    assert_int_equal(t[1].col, 7);
    assert_int_equal(t[2].kind, SG_TOKEN_SHORT);
    assert_int_equal(t[2].len, 3);
    sg_notation_close(n);
}

static void test_move_codes(void **state)
{
    (void)state;
    assert_true(sg_notation_move(SG_LEFT, 0) == 0);
    assert_true(sg_notation_move(SG_RIGHT, 2) == UINT64_C(0x100000002));
    char buf[32], err[TEXT_MAX];
    assert_int_equal(sg_notation_format_move(UINT64_C(0x100000002), buf, sizeof buf), SG_OK);
    assert_string_equal(buf, "R3");
    assert_int_equal(sg_notation_format_move(UINT64_C(41), buf, sizeof buf), SG_OK);
    assert_string_equal(buf, "L42");
    assert_int_equal(sg_notation_format_move(UINT64_C(0x200000000), buf, sizeof buf), SG_OK);
    assert_string_equal(buf, "invalid-0x200000000");
    assert_int_equal(sg_notation_format_move(UINT64_C(41), buf, 3), SG_ERR_RANGE);

    uint32_t index = 99;
    assert_int_equal(sg_notation_parse_move("r3", SG_RIGHT, &index, err, sizeof err), SG_OK);
    assert_int_equal(index, 2);
    assert_int_equal(sg_notation_parse_move("L4294967295", SG_LEFT, &index, err, sizeof err),
                     SG_OK);
    assert_true(index == UINT32_C(4294967294));
    strcpy(err, "untouched");
    static const char *const other[] = { "L0", "L01", "L", "", "X1", "L1x", "L4294967296",
                                         "M", NULL };
    for (int i = 0; other[i]; i++)
        assert_int_equal(sg_notation_parse_move(other[i], SG_LEFT, &index, err, sizeof err),
                         SG_ERR_UNSUPPORTED);
    assert_string_equal(err, "untouched");
    assert_int_equal(sg_notation_parse_move("L1", SG_RIGHT, &index, err, sizeof err),
                     SG_ERR_INVALID);
    assert_string_equal(err, "move 'L1' is Left's, but Right is to play");

    assert_int_equal(sg_notation_move_index(UINT64_C(0x100000001), SG_RIGHT, 2, &index, err,
                                            sizeof err),
                     SG_OK);
    assert_int_equal(index, 1);
    assert_int_equal(sg_notation_move_index(UINT64_C(0x100000002), SG_RIGHT, 2, &index, err,
                                            sizeof err),
                     SG_ERR_INVALID);
    assert_string_equal(err, "illegal move R3: Right has 2 options here");
    assert_int_equal(sg_notation_move_index(0, SG_LEFT, 1, &index, err, sizeof err), SG_OK);
    assert_int_equal(sg_notation_move_index(1, SG_LEFT, 1, &index, err, sizeof err),
                     SG_ERR_INVALID);
    assert_string_equal(err, "illegal move L2: Left has 1 option here");
    assert_int_equal(sg_notation_move_index(UINT64_C(0x100000000), SG_LEFT, 1, &index, err,
                                            sizeof err),
                     SG_ERR_INVALID);
    assert_string_equal(err, "illegal move code 0x100000000: not a move of Left");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_bars_nest_longest_run_first),
        cmocka_unit_test(test_errors_name_the_column),
        cmocka_unit_test(test_graphs_need_options_for_both_players),
        cmocka_unit_test(test_tokens),
        cmocka_unit_test(test_short_forms),
        cmocka_unit_test(test_move_codes),
    };
    return cmocka_run_group_tests_name("cgt_notation", tests, NULL, NULL);
}
