/* The Domineering plugin: notation, moves, the integer rule, splitting, hashing, the
 * symmetry and database hooks, the generator, the bounds, and values.
 *
 * Values are checked against a referee written here with plain arrays (no bitboards, no
 * canonical forms): G equals a claimed game H exactly when the second player wins
 * G + (-H), decided by a memoized win/loss search over the board and an explicit tree
 * for H. A claimed value is first confirmed by the referee, then asserted against the
 * framework's exact engine (sg_cgt_from_game through the plugin). */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/cgt.h"
#include "sumgame/database.h"
#include "sumgame/params.h"
#include "sumgame/rng.h"

static support_game dom;

static const sg_game_desc *D(void) { return dom.game.desc; }
static void *I(void) { return dom.game.instance; }

typedef support_pos pos;

static pos parse_ok(const char *text) { return support_parse(&dom.game, text); }
static const char *fmt(const pos *p) { return support_format(&dom.game, p); }

static void assert_one_line(const char *err)
{
    assert_true(err[0] != '\0');
    assert_null(strchr(err, '\n'));
}

/* ---- The referee: boards ------------------------------------------------------------ */

/* A board as the referee sees it: rows from the top, square r * cols + c, at most 25. */
typedef struct ref_board {
    int rows, cols;
    uint32_t empty;
} ref_board;

static ref_board ref_from_text(const char *text)
{
    ref_board b = { 0, (int)strcspn(text, "/"), 0 };
    int i = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '/')
            continue;
        if (*p == '.')
            b.empty |= UINT32_C(1) << i;
        i++;
    }
    b.rows = i / b.cols;
    assert_true(b.rows * b.cols == i && i <= 25);
    return b;
}

static void ref_to_text(const ref_board *b, char *buf)
{
    char *w = buf;
    for (int r = 0; r < b->rows; r++) {
        if (r)
            *w++ = '/';
        for (int c = 0; c < b->cols; c++)
            *w++ = (b->empty >> (r * b->cols + c)) & 1 ? '.' : 'x';
    }
    *w = '\0';
}

static bool ref_is_empty(const ref_board *b, int r, int c)
{
    return r >= 0 && c >= 0 && r < b->rows && c < b->cols &&
           ((b->empty >> (r * b->cols + c)) & 1);
}

/* The dominoes of who (0 Left, vertical; 1 Right, horizontal) as pairs of squares. */
static int ref_moves(const ref_board *b, int who, uint32_t *pairs)
{
    int n = 0;
    for (int r = 0; r < b->rows; r++)
        for (int c = 0; c < b->cols; c++) {
            int r2 = who == 0 ? r + 1 : r, c2 = who == 0 ? c : c + 1;
            if (ref_is_empty(b, r, c) && ref_is_empty(b, r2, c2))
                pairs[n++] = (UINT32_C(1) << (r * b->cols + c)) |
                             (UINT32_C(1) << (r2 * b->cols + c2));
        }
    return n;
}

/* ---- The referee: explicit game trees ------------------------------------------------ */

#define TREE_MAX 8192
#define OPT_MAX 24
typedef struct tnode {
    int nl, nr;
    int l[OPT_MAX], r[OPT_MAX];
} tnode;
static tnode *tree;
static int tree_n;

static int t_make(int nl, const int *l, int nr, const int *r)
{
    assert_true(tree_n < TREE_MAX && nl <= OPT_MAX && nr <= OPT_MAX);
    tnode *t = &tree[tree_n];
    t->nl = nl;
    t->nr = nr;
    for (int i = 0; i < nl; i++)
        t->l[i] = l[i];
    for (int i = 0; i < nr; i++)
        t->r[i] = r[i];
    return tree_n++;
}

/* The integer n: {n-1 |} or {| n+1}. */
static int t_int(long n)
{
    int g = t_make(0, NULL, 0, NULL);
    for (long k = 0; k < (n < 0 ? -n : n); k++)
        g = n > 0 ? t_make(1, &g, 0, NULL) : t_make(0, NULL, 1, &g);
    return g;
}

/* num / 2^exp (num odd when exp > 0) as {(num-1)/2^exp | (num+1)/2^exp}, reduced. */
static int t_number(long num, int exp)
{
    if (exp == 0)
        return t_int(num);
    long lo = num - 1, hi = num + 1;
    int elo = exp, ehi = exp;
    while (elo > 0 && lo % 2 == 0) {
        lo /= 2;
        elo--;
    }
    while (ehi > 0 && hi % 2 == 0) {
        hi /= 2;
        ehi--;
    }
    int l = t_number(lo, elo), r = t_number(hi, ehi);
    return t_make(1, &l, 1, &r);
}

/* A claimed value in braces notation: integers, p/2^q, {A,B|C,D} (one bar per pair of
 * braces, so {2|0||0} is written {{2|0}|0}). */
static int t_parse(const char **p)
{
    if (**p == '{') {
        int sides[2][OPT_MAX], n[2] = { 0, 0 }, side = 0;
        (*p)++;
        while (**p != '}') {
            if (**p == '|') {
                side = 1;
                (*p)++;
                continue;
            }
            if (**p == ',') {
                (*p)++;
                continue;
            }
            sides[side][n[side]++] = t_parse(p);
        }
        (*p)++;
        return t_make(n[0], sides[0], n[1], sides[1]);
    }
    char *end;
    long num = strtol(*p, &end, 10);
    assert_true(end != *p);
    *p = end;
    int exp = 0;
    if (**p == '/') {
        long den = strtol(*p + 1, &end, 10);
        *p = end;
        while (den > 1) {
            assert_true(den % 2 == 0);
            den /= 2;
            exp++;
        }
    }
    return t_number(num, exp);
}

static int t_parse_text(const char *text)
{
    const char *p = text;
    int g = t_parse(&p);
    assert_true(*p == '\0');
    return g;
}

/* ---- The referee: search ------------------------------------------------------------ */

/* Memo of "the mover wins G + (-H) moving first": key = board | node | mover, valid
 * for the current generation only (boards of one shape at a time). */
#define MEMO_LOG 21
typedef struct memo_entry {
    uint64_t key;
    uint32_t gen;
    uint8_t win;
} memo_entry;
static memo_entry *memo;
static uint32_t memo_gen;

static uint64_t memo_slot(uint64_t key)
{
    key ^= key >> 31;
    key *= UINT64_C(0x9e3779b97f4a7c15);
    return key >> (64 - MEMO_LOG);
}

static bool memo_find(uint64_t key, bool *win)
{
    for (uint64_t i = memo_slot(key), k = 0; k < 64; k++, i = (i + 1) & ((1u << MEMO_LOG) - 1)) {
        if (memo[i].gen != memo_gen)
            return false;
        if (memo[i].key == key) {
            *win = memo[i].win;
            return true;
        }
    }
    return false;
}

static void memo_store(uint64_t key, bool win)
{
    for (uint64_t i = memo_slot(key), k = 0; k < 64; k++, i = (i + 1) & ((1u << MEMO_LOG) - 1))
        if (memo[i].gen != memo_gen) {
            memo[i] = (memo_entry){ key, memo_gen, win };
            return;
        }
    /* a full neighbourhood only costs speed */
}

/* Whether who (0 Left, 1 Right) wins board + (-node) moving first. In -H Left's options
 * are the negatives of H's Right options, and Right's those of H's Left options. */
static bool ref_wins(const ref_board *b, int node, int who)
{
    uint64_t key = (uint64_t)b->empty | ((uint64_t)node << 25) | ((uint64_t)who << 62);
    bool win;
    if (memo_find(key, &win))
        return win;
    win = false;
    uint32_t pairs[64];
    int n = ref_moves(b, who, pairs);
    for (int i = 0; i < n && !win; i++) {
        ref_board next = *b;
        next.empty &= ~pairs[i];
        win = !ref_wins(&next, node, 1 - who);
    }
    const tnode *t = &tree[node];
    int nopts = who == 0 ? t->nr : t->nl;
    for (int i = 0; i < nopts && !win; i++)
        win = !ref_wins(b, who == 0 ? t->r[i] : t->l[i], 1 - who);
    memo_store(key, win);
    return win;
}

/* Whether the board's value equals the tree's: a second-player win of G - H. */
static bool ref_equal(const ref_board *b, int node)
{
    memo_gen++;
    return !ref_wins(b, node, 0) && !ref_wins(b, node, 1);
}

/* The longest line of play from b, either player moving at any time. */
static int ref_longest(const ref_board *b)
{
    int best = 0;
    for (int who = 0; who < 2; who++) {
        uint32_t pairs[64];
        int n = ref_moves(b, who, pairs);
        for (int i = 0; i < n; i++) {
            ref_board next = *b;
            next.empty &= ~pairs[i];
            int len = 1 + ref_longest(&next);
            best = len > best ? len : best;
        }
    }
    return best;
}

/* ---- The engine ---------------------------------------------------------------------- */

static sg_cgt *T;

static sg_cg engine_form(const char *text)
{
    pos p = parse_ok(text);
    sg_cg g;
    char err[256] = "";
    if (sg_cgt_from_game(T, &dom.game, p.b, 0, &g, err, sizeof err) != SG_OK)
        fail_msg("engine on '%s': %s", text, err);
    return g;
}

static sg_cg tree_to_cg(int node)
{
    sg_cg l[OPT_MAX], r[OPT_MAX], g;
    for (int i = 0; i < tree[node].nl; i++)
        l[i] = tree_to_cg(tree[node].l[i]);
    for (int i = 0; i < tree[node].nr; i++)
        r[i] = tree_to_cg(tree[node].r[i]);
    assert_int_equal(sg_cgt_make(T, l, (size_t)tree[node].nl, r, (size_t)tree[node].nr, &g),
                     SG_OK);
    return g;
}

/* The engine's canonical form as an explicit tree (shared subgames shared). */
static int cg_to_tree(sg_cg g, sg_cg *seen, int *node_of, int *nseen)
{
    for (int i = 0; i < *nseen; i++)
        if (seen[i] == g)
            return node_of[i];
    int l[OPT_MAX], r[OPT_MAX];
    size_t nl = sg_cgt_left_count(T, g), nr = sg_cgt_right_count(T, g);
    assert_true(nl <= OPT_MAX && nr <= OPT_MAX);
    for (size_t i = 0; i < nl; i++)
        l[i] = cg_to_tree(sg_cgt_left(T, g, i), seen, node_of, nseen);
    for (size_t i = 0; i < nr; i++)
        r[i] = cg_to_tree(sg_cgt_right(T, g, i), seen, node_of, nseen);
    int node = t_make((int)nl, l, (int)nr, r);
    assert_true(*nseen < TREE_MAX);
    seen[*nseen] = g;
    node_of[*nseen] = node;
    (*nseen)++;
    return node;
}

static int engine_tree(const char *text)
{
    static sg_cg seen[TREE_MAX];
    static int node_of[TREE_MAX];
    int nseen = 0;
    return cg_to_tree(engine_form(text), seen, node_of, &nseen);
}

static int setup(void **state)
{
    (void)state;
    support_game_open(&dom, "domineering", NULL);
    tree = calloc(TREE_MAX, sizeof *tree);
    memo = calloc((size_t)1 << MEMO_LOG, sizeof *memo);
    T = sg_cgt_new();
    return tree && memo && T ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    sg_cgt_free(T);
    free(memo);
    free(tree);
    support_game_close(&dom);
    return 0;
}

/* ---- Notation ---------------------------------------------------------------------- */

static void test_notation_round_trips(void **state)
{
    (void)state;
    static const char *const texts[] = {
        ".", "x", "..", "./.", "../..", "x./.x", ".../.x./...", "........",
        "./././././././.", "x.......", ("......../......../......../......../......../"
         "......../......../.......x"),
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        pos p = parse_ok(texts[i]);
        assert_string_equal(fmt(&p), texts[i]);
    }
    /* Equal boards are equal bytes: the blob has no stray bits or padding. */
    pos a = parse_ok(".x/.."), b;
    memset(b.b, 0xa5, sizeof b.b);
    char err[256];
    assert_int_equal(D()->parse(I(), ".x/..", b.b, err, sizeof err), SG_OK);
    assert_memory_equal(a.b, b.b, D()->pos_size);
    assert_int_equal(D()->pos_size, 16);
}

static void assert_parse_error(const char *text, const char *needle)
{
    pos p;
    char err[256] = "";
    assert_int_equal(D()->parse(I(), text, p.b, err, sizeof err), SG_ERR_INVALID);
    assert_one_line(err);
    if (!strstr(err, needle))
        fail_msg("parse '%s': message '%s' lacks '%s'", text, err, needle);
}

static void test_notation_errors(void **state)
{
    (void)state;
    assert_parse_error("", "empty position");
    assert_parse_error("../", "empty row");
    assert_parse_error("/..", "empty row");
    assert_parse_error("../...", "row 2 has 3 squares but row 1 has 2");
    assert_parse_error("..B", "bad square 'B'");
    assert_parse_error(".. ", "bad character 0x20");
    assert_parse_error(".........", "more than 8 squares");
    assert_parse_error("./././././././././.", "more than 8 rows");
    assert_parse_error("X.", "bad square 'X'");
}

/* ---- Moves ------------------------------------------------------------------------- */

static size_t count_moves(const pos *p, sg_player who)
{
    size_t n = 0;
    sg_move one;
    int rc = D()->moves(I(), p->b, who, &one, 0, &n);
    assert_true(rc == SG_OK || rc == SG_ERR_RANGE);
    return n;
}

static pos play_text(const pos *p, sg_player who, const char *move)
{
    sg_move m;
    char err[256] = "";
    if (D()->parse_move(I(), p->b, who, move, &m, err, sizeof err) != SG_OK)
        fail_msg("parse_move '%s': %s", move, err);
    pos out;
    memset(&out, 0x55, sizeof out);
    if (D()->play(I(), p->b, who, m, out.b, err, sizeof err) != SG_OK)
        fail_msg("play '%s': %s", move, err);
    return out;
}

static void assert_move_error(const char *board, sg_player who, const char *text,
                              const char *needle)
{
    pos p = parse_ok(board);
    sg_move m;
    char err[256] = "";
    assert_int_equal(D()->parse_move(I(), p.b, who, text, &m, err, sizeof err), SG_ERR_INVALID);
    assert_one_line(err);
    if (!strstr(err, needle))
        fail_msg("parse_move '%s': message '%s' lacks '%s'", text, err, needle);
}

static void test_moves(void **state)
{
    (void)state;
    /* On an empty board of R rows and C columns Left has C * (R - 1) placements and
     * Right R * (C - 1). */
    for (int rows = 1; rows <= 8; rows++)
        for (int cols = 1; cols <= 8; cols++) {
            char text[80], *w = text;
            for (int r = 0; r < rows; r++) {
                if (r)
                    *w++ = '/';
                for (int c = 0; c < cols; c++)
                    *w++ = '.';
            }
            *w = '\0';
            pos p = parse_ok(text);
            assert_int_equal(count_moves(&p, SG_LEFT), (size_t)(cols * (rows - 1)));
            assert_int_equal(count_moves(&p, SG_RIGHT), (size_t)(rows * (cols - 1)));
        }
    /* Squares as in chess: b2v covers b2 and b3 (rows count from the bottom), a1h
     * covers a1 and b1. */
    pos p = parse_ok(".../.../...");
    assert_string_equal(fmt((pos[]){ play_text(&p, SG_LEFT, "b2v") }), ".x./.x./...");
    assert_string_equal(fmt((pos[]){ play_text(&p, SG_RIGHT, "a1h") }), ".../.../xx.");
    assert_string_equal(fmt((pos[]){ play_text(&p, SG_RIGHT, "b3h") }), ".xx/.../...");
    /* A bare square takes the mover's direction. */
    assert_string_equal(fmt((pos[]){ play_text(&p, SG_LEFT, "c1") }), ".../..x/..x");
    assert_string_equal(fmt((pos[]){ play_text(&p, SG_RIGHT, "a3") }), "xx./.../...");

    assert_move_error(".../.../...", SG_RIGHT, "b2v", "Right places horizontal");
    assert_move_error(".../.../...", SG_LEFT, "b2h", "Left places vertical");
    assert_move_error(".../.../...", SG_LEFT, "a3v", "leaves the board");
    assert_move_error(".../.../...", SG_RIGHT, "c1h", "leaves the board");
    assert_move_error(".../.../...", SG_LEFT, "d1v", "off the board");
    assert_move_error(".../.../...", SG_LEFT, "a4", "off the board");
    assert_move_error(".x./.../...", SG_LEFT, "b2v", "occupied");
    assert_move_error(".../.../...", SG_LEFT, "b2vv", "bad move");
    assert_move_error(".../.../...", SG_LEFT, "", "bad move");
    assert_move_error(".../.../...", SG_LEFT, "i1v", "bad move");

    /* Every listed move round-trips through both formatters, and they agree. */
    static const char *const boards[] = { ("......../......../......../......../......../"
                                           "......../......../........"),
                                          ".x../..../x..x", "./././.", "...." };
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        pos b = parse_ok(boards[i]);
        for (int who = 0; who < 2; who++) {
            sg_move list[128];
            size_t n;
            assert_int_equal(D()->moves(I(), b.b, (sg_player)who, list, 128, &n), SG_OK);
            for (size_t k = 0; k < n; k++) {
                char a[32], c[32], err[256];
                sg_move back;
                assert_int_equal(D()->format_move(I(), b.b, list[k], a, sizeof a), SG_OK);
                assert_int_equal(D()->format_move_for(I(), b.b, (sg_player)who, list[k], c,
                                                      sizeof c), SG_OK);
                assert_string_equal(a, c);
                assert_int_equal(D()->parse_move(I(), b.b, (sg_player)who, a, &back, err,
                                                 sizeof err), SG_OK);
                assert_true(back == list[k]);
                /* the other player cannot play it */
                pos out;
                assert_int_equal(D()->play(I(), b.b, (sg_player)(1 - who), list[k], out.b, err,
                                           sizeof err), SG_ERR_INVALID);
            }
        }
    }
    /* Codes that name no domino are refused, never a crash. */
    char err[256];
    pos out;
    static const sg_move bad[] = { 128, 1000, UINT64_MAX, 7 /* a8 vertical off a 3x3 */ };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(D()->play(I(), p.b, SG_LEFT, bad[i], out.b, err, sizeof err),
                         SG_ERR_INVALID);
}

/* ---- Numbers ----------------------------------------------------------------------- */

/* Every board of a shape, by the integer rule: a position where a player has no move is
 * reported, every reported integer is the referee's value, and a connected position
 * where both can move is never reported. */
static void check_number_rule(int rows, int cols, int *reported)
{
    for (uint32_t empty = 0; empty < (UINT32_C(1) << (rows * cols)); empty++) {
        ref_board b = { rows, cols, empty };
        char text[80];
        ref_to_text(&b, text);
        pos p = parse_ok(text);
        sg_value v;
        bool said = D()->number(I(), p.b, &v);
        uint32_t pairs[64];
        bool stuck = ref_moves(&b, 0, pairs) == 0 || ref_moves(&b, 1, pairs) == 0;
        if (stuck && !said)
            fail_msg("%s: a player has no move but number() says nothing", text);
        if (!said)
            continue;
        (*reported)++;
        assert_true(sg_value_is_integer(v));
        if (!ref_equal(&b, t_int((long)v.num)))
            fail_msg("%s: number() says %lld, the referee disagrees", text, (long long)v.num);
        size_t parts;
        pos split[64];
        assert_int_equal(D()->split(I(), p.b, split, 64, &parts), SG_OK);
        if (parts == 1 && !stuck)
            fail_msg("%s: one region, both players can move, yet reported", text);
    }
}

static void test_number_rule_exhaustive(void **state)
{
    (void)state;
    static const int shapes[][2] = { { 3, 3 }, { 2, 4 }, { 4, 2 }, { 1, 6 }, { 6, 1 },
                                     { 2, 5 }, { 3, 4 } };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        int reported = 0;
        check_number_rule(shapes[i][0], shapes[i][1], &reported);
        assert_true(reported > 0);
    }
}

static void test_number_examples(void **state)
{
    (void)state;
    static const struct {
        const char *board;
        const char *value; /* "none" when not a proven number */
    } cases[] = {
        { ".", "0" },
        { "..", "-1" },          /* Wikipedia "Domineering": a row of 2n or 2n+1 is -n */
        { "...", "-1" },
        { "....", "-2" },
        { "........", "-4" },
        { "./././.", "2" },      /* a column of 2n or 2n+1 is +n */
        { "./././././././.", "4" },
        { "./.", "1" },
        { "./x/./.", "1" },      /* a column cut into runs 1 and 2: floor(1/2) + floor(2/2) */
        { "./././x/./.", "2" },
        { "x.x/.../x.x", "none" }, /* a plus: both move, on shared squares */
        /* Left's column a and Right's row d1-e1 never meet: 1 - 1 = 0, and 2 - 1. */
        { ".xxx/.x../xxxx", "0" },
        { ".xxx/.x../.xxx/.xxx", "1" },
        { "../.x", "none" },     /* * */
        { "../..", "none" },     /* ±1 */
        { "xx/xx", "0" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pos p = parse_ok(cases[i].board);
        sg_value v;
        char buf[SG_VALUE_TEXT_MAX] = "none";
        if (D()->number(I(), p.b, &v))
            sg_value_format(v, buf, sizeof buf);
        if (strcmp(buf, cases[i].value) != 0)
            fail_msg("%s: number() gives %s, expected %s", cases[i].board, buf, cases[i].value);
        if (strcmp(cases[i].value, "none") != 0)
            assert_true(ref_equal((ref_board[]){ ref_from_text(cases[i].board) },
                                  t_int(strtol(cases[i].value, NULL, 10))));
    }
}

/* ---- Values ------------------------------------------------------------------------ */

/* Published values (CGSuite's convention: Left vertical). Each is confirmed by the
 * referee, then asserted against the engine. */
static const struct {
    const char *board, *claimed, *printed, *source;
} published[] = {
    { ".", "0", "0", "Wikipedia, Domineering: a single box is 0" },
    { "..", "-1", "-1", "Wikipedia: the 1x2 row is {|0} = -1" },
    { "...", "-1", "-1", "Wikipedia: the 1x3 row is -1" },
    { "....", "-2", "-2", "Wikipedia: the 1x4 row is {|0,-1} = -2" },
    { "./.", "1", "1", "Wikipedia: a column counts as +n" },
    { "../..", "{1|-1}", "±1",
      "Wikipedia (the 2x2 square is ±1); mathlib's Domineering example ≈ {1|-1}" },
    { ".../...", "{2|-1/2}", "{2|-1/2}",
      "Wikipedia: the 2x3 grid (2 rows, 3 columns) is {2|-1/2}, mean 3/4, temperature "
      "5/4; pycgt: temperature(rectangle(2, 3)) = 5/4" },
    { "../../..", "{1/2|-2}", "{1/2|-2}",
      "the transpose of the 2x3 grid, so its negative (transposing swaps the players)" },
    { "..../....", "{{2|0}|0}", "{{2|0}|0}",
      "pycgt README: rectangle(2, 4) renders as Miny(2), i.e. {2|0||0}" },
    { "../../../..", "{0|{0|-2}}", "{0|{0|-2}}", "the transpose of the 2x4 board: tiny-2" },
    { "../.x", "{0|0}", "*", "each player has one move, to 0 (worked by hand)" },
    { "xx./...", "{-1|0}", "-1/2",
      "Wikipedia: Right's moves in the 2x3 grid leave this shape, worth -1/2" },
};

static void test_published_values(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof published / sizeof published[0]; i++) {
        tree_n = 0;
        int h = t_parse_text(published[i].claimed);
        ref_board b = ref_from_text(published[i].board);
        if (!ref_equal(&b, h))
            fail_msg("%s: the referee refutes %s (%s)", published[i].board,
                     published[i].claimed, published[i].source);
        sg_cg g = engine_form(published[i].board);
        assert_int_equal(sg_cgt_compare(T, g, tree_to_cg(h)), SG_CMP_EQUAL);
        char buf[256];
        assert_int_equal(sg_cgt_format(T, g, buf, sizeof buf), SG_OK);
        assert_string_equal(buf, published[i].printed);
    }
}

/* Boards for which no published value was found here: the 3x3 square (±1) and the 3x4
 * board (3 rows, 4 columns: -3/2) rest on the referee alone. The 4x4 board is a
 * first-player win, checked by the referee and the engine. */
static void test_larger_boards(void **state)
{
    (void)state;
    tree_n = 0;
    int pm1 = t_parse_text("{1|-1}");
    assert_true(ref_equal((ref_board[]){ ref_from_text(".../.../...") }, pm1));
    assert_int_equal(sg_cgt_compare(T, engine_form(".../.../..."), tree_to_cg(pm1)),
                     SG_CMP_EQUAL);
    int m32 = t_parse_text("-3/2");
    assert_true(ref_equal((ref_board[]){ ref_from_text("..../..../....") }, m32));
    assert_int_equal(sg_cgt_compare(T, engine_form("..../..../...."), tree_to_cg(m32)),
                     SG_CMP_EQUAL);
    /* 4x4: the first player wins (against the zero game), by the referee and the engine. */
    int zero = t_int(0);
    ref_board b44 = ref_from_text("..../..../..../....");
    memo_gen++;
    assert_true(ref_wins(&b44, zero, 0));
    assert_true(ref_wins(&b44, zero, 1));
    assert_int_equal(sg_cgt_compare(T, engine_form("..../..../..../...."), sg_cgt_number(T,
                     sg_value_int(0))), SG_CMP_FUZZY);
}

/* The engine's canonical forms of random boards up to 12 squares, each confirmed by the
 * referee: G minus the engine's form is a second-player win. */
static void test_engine_against_referee(void **state)
{
    (void)state;
    static const int shapes[][2] = { { 3, 3 }, { 3, 4 }, { 4, 3 }, { 2, 6 }, { 1, 8 },
                                     { 4, 4 } };
    sg_rng rng;
    sg_rng_seed(&rng, 16);
    int nontrivial = 0;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++)
        for (int k = 0; k < 12; k++) {
            ref_board b = { shapes[s][0], shapes[s][1], 0 };
            for (int i = 0; i < b.rows * b.cols; i++)
                if (sg_rng_below(&rng, 4) != 0)
                    b.empty |= UINT32_C(1) << i;
            char text[80];
            ref_to_text(&b, text);
            tree_n = 0;
            int h = engine_tree(text);
            if (!ref_equal(&b, h))
                fail_msg("%s: the referee refutes the engine's form", text);
            nontrivial += tree[h].nl > 0 && tree[h].nr > 0;
            /* The referee can say no: {G|} > G for every G (Left wins {G|} - G either
             * way: first by moving to G - G, second by answering -G^L with {G|} -> G
             * and then G -> G^L), so it is never equal. */
            int above = t_make(1, &h, 0, NULL);
            assert_false(ref_equal(&b, above));
        }
    assert_true(nontrivial > 20);
}

/* ---- Split, hash, symmetry ----------------------------------------------------------- */

static void test_split(void **state)
{
    (void)state;
    char parts[64 * 16];
    size_t count;
    pos p = parse_ok("..x../..x../xxxxx/.x...");
    assert_int_equal(D()->split(I(), p.b, parts, 64, &count), SG_OK);
    assert_int_equal(count, 4);
    static const char *const expect[] = { "../..", "../..", ".", "..." };
    for (size_t i = 0; i < count; i++) {
        pos part;
        memcpy(part.b, parts + i * 16, 16);
        assert_string_equal(fmt(&part), expect[i]);
    }
    /* Bounding boxes keep the holes of an irregular region. */
    p = parse_ok("xxxx/x.xx/x...");
    assert_int_equal(D()->split(I(), p.b, parts, 64, &count), SG_OK);
    assert_int_equal(count, 1);
    pos whole;
    memcpy(whole.b, parts, 16);
    assert_string_equal(fmt(&whole), "xxxx/x.xx/x..."); /* one region: itself */
    p = parse_ok("x.xx/xxx./x...");
    assert_int_equal(D()->split(I(), p.b, parts, 64, &count), SG_OK);
    assert_int_equal(count, 2);
    memcpy(whole.b, parts + 16, 16);
    assert_string_equal(fmt(&whole), "xx./...");
    /* The cap: SG_ERR_RANGE with the full count; a full board and the largest count. */
    p = parse_ok("..x../..x../xxxxx/.x...");
    assert_int_equal(D()->split(I(), p.b, parts, 3, &count), SG_ERR_RANGE);
    assert_int_equal(count, 4);
    p = parse_ok("xx/xx");
    assert_int_equal(D()->split(I(), p.b, parts, 0, &count), SG_ERR_RANGE);
    assert_int_equal(count, 1);
    p = parse_ok(".x.x.x.x/x.x.x.x./.x.x.x.x/x.x.x.x./.x.x.x.x/x.x.x.x./.x.x.x.x/x.x.x.x.");
    assert_int_equal(D()->split(I(), p.b, parts, 64, &count), SG_OK);
    assert_int_equal(count, 32);
}

static void test_hash(void **state)
{
    (void)state;
    pos a = parse_ok("../.."), b = play_text(&a, SG_LEFT, "a1v");
    pos c = play_text(&a, SG_RIGHT, "a1h");
    pos d = parse_ok("x./x.");
    assert_true(D()->hash(I(), b.b) == D()->hash(I(), d.b));
    assert_true(D()->hash(I(), b.b) != D()->hash(I(), c.b));
    /* The size is part of the position: the same occupied squares on another board. */
    assert_true(D()->hash(I(), parse_ok("..").b) != D()->hash(I(), parse_ok("../xx").b));
    /* Transpositions: the same dominoes in either order give the same bytes. */
    pos e = parse_ok(".../...");
    pos e1 = play_text((pos[]){ play_text(&e, SG_LEFT, "a1v") }, SG_LEFT, "c1v");
    pos e2 = play_text((pos[]){ play_text(&e, SG_LEFT, "c1v") }, SG_LEFT, "a1v");
    assert_memory_equal(e1.b, e2.b, 16);
    assert_true(D()->hash(I(), e1.b) == D()->hash(I(), e2.b));
}

static void canonical_text(const char *text, char *buf)
{
    pos p = parse_ok(text), out;
    D()->canonical(I(), p.b, out.b);
    strcpy(buf, fmt(&out));
}

static void test_canonical(void **state)
{
    (void)state;
    /* One board and its images under the reflections and the half turn. */
    static const char *const cls[] = { "x.../..../..x.", "...x/..../.x..",
                                       "..x./..../x...", ".x../..../...x" };
    char first[80], buf[80];
    canonical_text(cls[0], first);
    for (size_t i = 1; i < 4; i++) {
        canonical_text(cls[i], buf);
        assert_string_equal(buf, first);
    }
    /* The representative is one of the class, so it has the same value. */
    bool member = false;
    for (size_t i = 0; i < 4; i++)
        member |= strcmp(first, cls[i]) == 0;
    assert_true(member);
    /* A transpose negates the value, so it is not merged: 1x2 (-1) and 2x1 (+1). */
    canonical_text("..", buf);
    assert_string_equal(buf, "..");
    canonical_text("./.", buf);
    assert_string_equal(buf, "./.");
    /* An L and its top-bottom image are merged. */
    char l1[80], l2[80];
    canonical_text("x./..", l1);
    canonical_text("../x.", l2); /* top-bottom image: merged */
    assert_string_equal(l1, l2);
    /* Value check through the engine on random 3x4 boards: pos and its canonical form
     * have one canonical game. */
    sg_rng rng;
    sg_rng_seed(&rng, 5);
    for (int k = 0; k < 30; k++) {
        char text[40];
        char *w = text;
        for (int r = 0; r < 3; r++) {
            if (r)
                *w++ = '/';
            for (int c = 0; c < 4; c++)
                *w++ = sg_rng_below(&rng, 3) ? '.' : 'x';
        }
        *w = '\0';
        canonical_text(text, buf);
        assert_int_equal(sg_cgt_compare(T, engine_form(text), engine_form(buf)), SG_CMP_EQUAL);
    }
}

/* ---- Databases --------------------------------------------------------------------- */

static void assert_shape_error(const char *text, const char *needle)
{
    sg_db_shape shape;
    char err[256] = "";
    assert_int_equal(D()->db_shape(I(), text, &shape, err, sizeof err), SG_ERR_INVALID);
    assert_one_line(err);
    if (!strstr(err, needle))
        fail_msg("db_shape '%s': message '%s' lacks '%s'", text, err, needle);
}

static void test_db_shapes(void **state)
{
    (void)state;
    sg_db_shape shape;
    char err[256];
    assert_int_equal(D()->db_shape(I(), "3x5", &shape, err, sizeof err), SG_OK);
    assert_true(shape.indices == (UINT64_C(1) << 15));
    assert_int_equal(shape.layers, 16);
    assert_int_equal(shape.symmetries, 4);
    assert_non_null(strstr(shape.title, "3 rows and 5 columns"));
    assert_int_equal(D()->db_shape(I(), "5x5", &shape, err, sizeof err), SG_OK);
    assert_true(shape.indices == (UINT64_C(1) << 25));
    assert_int_equal(shape.symmetries, 8);
    assert_int_equal(D()->db_shape(I(), "1x8", &shape, err, sizeof err), SG_OK);
    assert_shape_error("5x6", "30 squares, at most 25");
    assert_shape_error("3x9", "bad database shape");
    assert_shape_error("0x3", "bad database shape");
    assert_shape_error("3x", "bad database shape");
    assert_shape_error("3x3x", "bad database shape");
    assert_shape_error("10x1", "bad database shape");
    assert_shape_error("", "bad database shape");
    assert_shape_error("4X4", "bad database shape");
}

static void check_db_shape(const char *text, int rows, int cols)
{
    sg_db_shape shape;
    char err[256];
    assert_int_equal(D()->db_shape(I(), text, &shape, err, sizeof err), SG_OK);
    assert_true(shape.indices == (UINT64_C(1) << (rows * cols)));
    uint32_t nsym = shape.symmetries;
    for (uint64_t i = 0; i < shape.indices; i++) {
        pos p;
        uint32_t layer;
        assert_true(D()->db_position(I(), i, p.b, &layer));
        assert_true(D()->db_index(I(), p.b) == i);
        /* The index is the occupied squares in reading order, the layer the empty ones. */
        const char *t = fmt(&p);
        int sq = 0, empty = 0;
        for (const char *c = t; *c; c++) {
            if (*c == '/')
                continue;
            assert_int_equal(*c == 'x', (int)((i >> sq) & 1));
            empty += *c == '.';
            sq++;
        }
        assert_int_equal(sq, rows * cols);
        assert_int_equal(layer, (uint32_t)empty);
        assert_true(layer < shape.layers);
        uint64_t out[SG_DB_SYMMETRIES_MAX];
        bool conj[SG_DB_SYMMETRIES_MAX];
        D()->db_images(I(), i, out, conj);
        assert_true(out[0] == i);
        assert_false(conj[0]);
        /* Values: an image is equal, a conjugate image is the negative (checked through
         * the engine on a sample, every position on boards up to 6 squares). */
        if (rows * cols > 6 && i % 37 != 0)
            continue;
        sg_cg g = engine_form(t);
        for (uint32_t k = 1; k < nsym; k++) {
            pos q;
            uint32_t ql;
            assert_true(out[k] < shape.indices);
            assert_true(D()->db_position(I(), out[k], q.b, &ql));
            assert_int_equal(ql, layer);
            sg_cg h = engine_form(fmt(&q));
            assert_int_equal(sg_cgt_compare(T, conj[k] ? sg_cgt_neg(T, g) : g, h),
                             SG_CMP_EQUAL);
        }
    }
    pos p;
    uint32_t layer;
    assert_false(D()->db_position(I(), shape.indices, p.b, &layer));
    assert_false(D()->db_position(I(), UINT64_MAX, p.b, &layer));
}

static void test_db_positions_and_images(void **state)
{
    (void)state;
    check_db_shape("2x3", 2, 3);
    check_db_shape("3x2", 3, 2);
    check_db_shape("3x3", 3, 3);
    check_db_shape("1x5", 1, 5);
    /* Worked by hand on 2x3: the top left square (bit 0) goes to the top right (bit 2)
     * left-right, to the bottom left (bit 3) top-bottom, to the bottom right (bit 5) by
     * the half turn; none is a conjugate. */
    sg_db_shape shape;
    char err[256];
    assert_int_equal(D()->db_shape(I(), "2x3", &shape, err, sizeof err), SG_OK);
    uint64_t out[SG_DB_SYMMETRIES_MAX];
    bool conj[SG_DB_SYMMETRIES_MAX];
    D()->db_images(I(), 1, out, conj);
    assert_true(out[0] == 1 && out[1] == 4 && out[2] == 8 && out[3] == 32);
    assert_false(conj[1] || conj[2] || conj[3]);
    /* 3x3: bit 1 (top middle) goes to the left middle (bit 3) under the transpose, a
     * conjugate; the quarter turns take it to the right (bit 5) or the left middle. */
    assert_int_equal(D()->db_shape(I(), "3x3", &shape, err, sizeof err), SG_OK);
    D()->db_images(I(), 2, out, conj);
    assert_true(out[1] == 2 && out[2] == 128 && out[3] == 128 && out[4] == 8);
    assert_true(conj[4] && conj[5] && conj[6] && conj[7]);
    uint64_t rot = out[6] | out[7];
    assert_true(rot == (8 | 32));
    /* Positions of other sizes are outside the shape. */
    assert_true(D()->db_index(I(), parse_ok("../..").b) == SG_DB_NONE);
    assert_true(D()->db_index(I(), parse_ok("..../..../....").b) == SG_DB_NONE);
    assert_true(D()->db_index(I(), parse_ok("x../.../...").b) == 1);
}

/* ---- Generator and bounds --------------------------------------------------------- */

static void open_with(support_game *g, const char *w, const char *h, const char *fill)
{
    sg_param items[3] = { { "width", w, 0 }, { "height", h, 0 }, { "fill", fill, 0 } };
    sg_params params = { "command line", "sum", items, 3 };
    support_game_open(g, "domineering", &params);
}

static void test_generate(void **state)
{
    (void)state;
    support_game g;
    open_with(&g, "5", "3", "1/2");
    sg_rng r1, r2;
    sg_rng_seed(&r1, 9);
    sg_rng_seed(&r2, 9);
    int occupied = 0;
    for (int k = 0; k < 50; k++) {
        pos a, b;
        char err[256];
        assert_int_equal(g.game.desc->generate(g.game.instance, &r1, a.b, err, sizeof err),
                         SG_OK);
        assert_int_equal(g.game.desc->generate(g.game.instance, &r2, b.b, err, sizeof err),
                         SG_OK);
        assert_memory_equal(a.b, b.b, 16);
        const char *t = support_format(&g.game, &a);
        assert_int_equal(strlen(t), 17); /* 3 rows of 5 */
        for (const char *c = t; *c; c++)
            occupied += *c == 'x';
    }
    /* 750 squares at chance 1/2: far inside 375 +- 60 (over 4 standard deviations). */
    assert_in_range(occupied, 315, 435);
    support_game_close(&g);
    static const char *const fills[] = { "0", "1" };
    static const char *const expect[] = { "../../..", "xx/xx/xx" };
    for (int f = 0; f < 2; f++) {
        open_with(&g, "2", "3", fills[f]);
        pos a;
        char err[256];
        assert_int_equal(g.game.desc->generate(g.game.instance, &r1, a.b, err, sizeof err),
                         SG_OK);
        assert_string_equal(support_format(&g.game, &a), expect[f]);
        support_game_close(&g);
    }
    static const char *const bad[][3] = { { "9", "3", "0" }, { "3", "0", "0" },
                                          { "3", "3", "3/2" }, { "3", "3", "-1/4" } };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        sg_param items[3] = { { "width", bad[i][0], 0 }, { "height", bad[i][1], 0 },
                              { "fill", bad[i][2], 0 } };
        sg_params params = { "command line", "sum", items, 3 };
        void *inst = NULL;
        char err[256] = "";
        assert_int_equal(D()->create(sg_default_host(), &params, &inst, err, sizeof err),
                         SG_ERR_INVALID);
        assert_one_line(err);
    }
    sg_param unknown[1] = { { "arrows", "3", 0 } };
    sg_params params = { "command line", "sum", unknown, 1 };
    void *inst = NULL;
    char err[256] = "";
    assert_int_equal(D()->create(sg_default_host(), &params, &inst, err, sizeof err),
                     SG_ERR_INVALID);
    assert_non_null(strstr(err, "unknown key 'arrows'"));
}

static void test_bounds(void **state)
{
    (void)state;
    /* Worked by hand: 2x2 holds two dominoes, a 1x5 row two, a 3x3 four. */
    static const struct {
        const char *board;
        unsigned days;
    } cases[] = { { "../..", 2 }, { ".....", 2 }, { ".../.../...", 4 }, { "x", 0 },
                  { ".x./x.x/.x.", 0 } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pos p = parse_ok(cases[i].board);
        unsigned days;
        sg_value t;
        assert_true(D()->birthday_bound(I(), p.b, &days));
        assert_int_equal(days, cases[i].days);
        assert_int_equal(ref_longest((ref_board[]){ ref_from_text(cases[i].board) }),
                         (int)cases[i].days);
        assert_true(D()->temperature_bound(I(), p.b, &t));
        assert_true(sg_value_eq(t, sg_value_int(days)));
    }
    /* On random boards the bound is never below the longest line. */
    sg_rng rng;
    sg_rng_seed(&rng, 3);
    for (int k = 0; k < 40; k++) {
        ref_board b = { 3, 4, 0 };
        for (int i = 0; i < 12; i++)
            if (sg_rng_below(&rng, 3) != 0)
                b.empty |= UINT32_C(1) << i;
        char text[40];
        ref_to_text(&b, text);
        unsigned days;
        assert_true(D()->birthday_bound(I(), parse_ok(text).b, &days));
        assert_true((int)days >= ref_longest(&b));
    }
}

static void test_evaluate(void **state)
{
    (void)state;
    /* Left's most dominoes minus Right's: a column of 5 is 2, a row of 4 is -2, and the
     * 2x3 grid is 3 - 2. */
    assert_true(sg_value_eq(D()->evaluate(I(), parse_ok("./././.").b, SG_LEFT),
                            sg_value_int(2)));
    assert_true(sg_value_eq(D()->evaluate(I(), parse_ok("....").b, SG_RIGHT),
                            sg_value_int(-2)));
    assert_true(sg_value_eq(D()->evaluate(I(), parse_ok(".../...").b, SG_LEFT),
                            sg_value_int(1)));
}

/* ---- The host ----------------------------------------------------------------------- */

static void test_cli(void **state)
{
    (void)state;
    support_run r = support_host("analyze 'domineering:.../...' --method exact --json", NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "\"mean\":\"3/4\"");
    support_assert_contains(r.out, "\"temperature\":\"5/4\"");
    support_assert_contains(r.out, "\"best_left\":\"b1v\"");
    support_run_free(&r);
    /* ±1 + {2|-1/2} + ±1: Left first gets 2, Right first -1/2 (the ±1s cancel). */
    r = support_host("solve 'domineering:../.. + domineering:.../... + rcg:{1|-1}' --json", NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "\"left_first\":\"2\"");
    support_assert_contains(r.out, "\"right_first\":\"-1/2\"");
    support_run_free(&r);
    /* A board that splits into a 2x2 and a 2x3 region, ±1 + {2|-1/2}: Left first
     * takes 2 and Right answers in ±1 (1), or takes 1 and Right answers with -1/2
     * (1/2): 1. Right first: -1 then Left's 2 (1), or -1/2 then Left's 1 (1/2): 1/2. */
    r = support_host("solve 'domineering:..x.../..x...' --json", NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "\"left_first\":\"1\"");
    support_assert_contains(r.out, "\"right_first\":\"1/2\"");
    support_run_free(&r);
    /* Left's a1v or c1v leave Right two moves, b1v none: 4 lines of two moves. */
    r = support_host("perft 'domineering:.../...' 2 --json", NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "\"leaves\":4");
    support_run_free(&r);
    r = support_host("analyze 'domineering:../...'", NULL);
    support_assert_error(&r, "row 2 has 3 squares but row 1 has 2");
    support_run_free(&r);
    r = support_host("gen domineering --count 4 --seed 7 width=3 height=2", NULL);
    assert_int_equal(r.status, 0);
    support_run r2 = support_host("gen domineering --count 4 --seed 7 width=3 height=2", NULL);
    assert_string_equal(r.out, r2.out);
    support_run_free(&r2);
    support_run_free(&r);

    char cfg[] = "[match]\nleft = a\nright = b\ngames = 2\nseed = 4\nzero_score = mover_loses\n"
                 "[sum]\ngenerator = domineering\ncomponents = 3\nwidth = 3\nheight = 3\n"
                 "[strategy.a]\nplugin = alphabeta\n[strategy.b]\nplugin = random\n";
    char *path = support_temp_file(".ini", cfg);
    char args[1024];
    match_result m; /* in-process: the summary's "games":4, "forfeits":0 */
    support_match_ok(path, NULL, NULL, &m);
    assert_int_equal(m.tally.games, 4);
    assert_int_equal(m.tally.forfeits, 0);
    match_result_free(&m);
    remove(path);
    free(path);
    char listed[] = "[match]\nleft = a\nright = b\ngames = 1\n"
                    "[sum]\nsum.1 = domineering:.../... + amazons:x.xx/.xBx/W.xx/xxxx + "
                    "rcg:{2|-2}\n"
                    "[strategy.a]\nplugin = solver\n[strategy.b]\nplugin = solver\n";
    path = support_temp_file(".ini", listed);
    support_match_ok(path, NULL, NULL, &m);
    assert_int_equal(m.tally.forfeits, 0);
    match_result_free(&m);
    remove(path);
    free(path);

    snprintf(args, sizeof args,
             "check-plugin %s/games/domineering.so --position '..../..../..../....' "
             "--position '..x./.x../...x' --position '........' --count 10",
             support_build_dir());
    r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("check-plugin failed:\n%s%s", r.out, r.err);
    support_run_free(&r);
}

/* `sumgame db domineering RxC` through the generic database: every listed position's
 * value is confirmed by the referee (G - value is a second-player win), and the lists
 * have the sizes Burnside's lemma gives for the four symmetries that keep the players'
 * roles (identity, half turn, two mirrors): 2x2 (16 + 4 + 4 + 4) / 4 = 7, 3x3
 * (512 + 32 + 64 + 64) / 4 = 168, 2x3 (64 + 8 + 8 + 16) / 4 = 24. */
static void test_db_command(void **state)
{
    (void)state;
    static const struct {
        const char *shape;
        size_t count;
    } shapes[] = { { "2x2", 7 }, { "3x3", 168 }, { "2x3", 24 }, { "3x2", 24 } };
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        sg_db *db;
        char err[256];
        if (sg_db_build(&db, &dom.game, shapes[k].shape, SG_DB_VALUES, NULL, err,
                        sizeof err) != SG_OK)
            fail_msg("%s", err);
        assert_int_equal(sg_db_count(db), shapes[k].count);
        sg_cgt *saved = T;
        T = sg_db_table(db); /* cg_to_tree reads the table the value lives in */
        for (size_t i = 0; i < sg_db_count(db); i++) {
            pos p;
            assert_int_equal(sg_db_position(db, i, p.b), SG_OK);
            static sg_cg seen[TREE_MAX];
            static int node_of[TREE_MAX];
            int nseen = 0;
            tree_n = 0;
            int node = cg_to_tree(sg_db_value(db, i), seen, node_of, &nseen);
            ref_board b = ref_from_text(fmt(&p));
            if (!ref_equal(&b, node))
                fail_msg("db %s: '%s' is not its listed value", shapes[k].shape, fmt(&p));
        }
        T = saved;
        sg_db_free(db);
    }
    /* the whole file for 2x2, worked by hand: ±1, the L of three squares is {0|0} = *, a
     * free column is Left's move (1), a free row Right's (-1) */
    support_run r = support_host("db domineering 2x2", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "# domineering 2x2: every set of occupied squares of the board "
                               "of 2 rows and 2 columns, by empty squares\n"
                               "# 7 positions (sumgame db domineering 2x2)\n"
                               "# position mean temperature\n"
                               "xx/xx 0 -1\nxx/x. 0 -1\nxx/.. -1 -1\nx./x. 1 -1\n"
                               ".x/x. 0 -1\nx./.. 0 0\n../.. 0 1\n");
    support_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notation_round_trips),
        cmocka_unit_test(test_notation_errors),
        cmocka_unit_test(test_moves),
        cmocka_unit_test(test_number_rule_exhaustive),
        cmocka_unit_test(test_number_examples),
        cmocka_unit_test(test_published_values),
        cmocka_unit_test(test_larger_boards),
        cmocka_unit_test(test_engine_against_referee),
        cmocka_unit_test(test_split),
        cmocka_unit_test(test_hash),
        cmocka_unit_test(test_canonical),
        cmocka_unit_test(test_db_shapes),
        cmocka_unit_test(test_db_positions_and_images),
        cmocka_unit_test(test_db_command),
        cmocka_unit_test(test_generate),
        cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_evaluate),
        cmocka_unit_test(test_cli),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
