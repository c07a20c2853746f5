/* The Clobber plugin: notation, moves, numbers, splitting, hashing, the symmetry and
 * database hooks, the generator, the bounds, and values.
 *
 * Values are checked against a referee written here that shares nothing with sumgame:
 * plain masks over a 4 x 16 grid (square r * 16 + c), the rules, and a memoized win/loss
 * search. A sum of boards is one grid with the boards side by side, an empty column
 * between them, and since a colour swap negates a Clobber position, G = H exactly when
 * the second player wins G + swap(H) on one grid. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <jansson.h>

#include "sumgame/cgt.h"
#include "sumgame/database.h"
#include "sumgame/local.h"
#include "sumgame/params.h"
#include "sumgame/rng.h"
#include "sumgame/solve.h"

static support_game clob;

static const sg_game_desc *D(void) { return clob.game.desc; }
static void *I(void) { return clob.game.instance; }

typedef support_pos pos;

static pos parse_ok(const char *text) { return support_parse(&clob.game, text); }
static const char *fmt(const pos *p) { return support_format(&clob.game, p); }

static void assert_one_line(const char *err)
{
    assert_true(err[0] != '\0');
    assert_null(strchr(err, '\n'));
}

/* ---- The referee --------------------------------------------------------------------- */

#define REF_ROWS 4
#define REF_COLS 16

/* A position of the referee: x's stones (Left) and o's stones (Right). */
typedef struct ref_pos {
    uint64_t x, o;
} ref_pos;

/* Adds the board in text (rows separated by '/') at column col; returns the column
 * after it. */
static int ref_place(ref_pos *p, const char *text, int col)
{
    int r = 0, c = 0, width = 0;
    for (const char *s = text; *s; s++) {
        if (*s == '/') {
            r++;
            c = 0;
            continue;
        }
        assert_true(r < REF_ROWS && col + c < REF_COLS);
        uint64_t bit = UINT64_C(1) << (r * REF_COLS + col + c);
        if (*s == 'x')
            p->x |= bit;
        else if (*s == 'o')
            p->o |= bit;
        c++;
        width = c > width ? c : width;
    }
    return col + width;
}

/* The text with x and o exchanged (the negative). */
static void swap_colours(const char *text, char *out)
{
    for (; *text; text++)
        *out++ = *text == 'x' ? 'o' : *text == 'o' ? 'x' : *text;
    *out = '\0';
}

/* The sum of the boards (NULL-terminated list), side by side. */
static ref_pos ref_sum(const char *const *boards)
{
    ref_pos p = { 0, 0 };
    int col = 0;
    for (size_t i = 0; boards[i]; i++)
        col = ref_place(&p, boards[i], col) + 1;
    return p;
}

#define MEMO_LOG 20
typedef struct memo_entry {
    uint64_t x, o;
    uint8_t used, win; /* used: bit 0 Left to move, bit 1 Right to move */
} memo_entry;
static memo_entry *memo;

static memo_entry *memo_slot(uint64_t x, uint64_t o)
{
    uint64_t h = (x * UINT64_C(0x9e3779b97f4a7c15)) ^ (o * UINT64_C(0xc2b2ae3d27d4eb4f));
    h ^= h >> 29;
    for (uint64_t i = h >> (64 - MEMO_LOG), k = 0; k < 64;
         k++, i = (i + 1) & ((1u << MEMO_LOG) - 1)) {
        memo_entry *e = &memo[i];
        if (!e->used || (e->x == x && e->o == o))
            return e;
    }
    return NULL; /* a full neighbourhood only costs speed */
}

/* Whether who (0 Left, 1 Right) wins p moving first. */
static bool ref_wins(ref_pos p, int who)
{
    memo_entry *e = memo_slot(p.x, p.o);
    if (e && (e->used >> who & 1))
        return e->win >> who & 1;
    uint64_t mine = who == 0 ? p.x : p.o, theirs = who == 0 ? p.o : p.x;
    bool win = false;
    for (uint64_t m = mine; m && !win; m &= m - 1) {
        int sq = __builtin_ctzll(m), r = sq / REF_COLS, c = sq % REF_COLS;
        static const int dr[4] = { -1, 1, 0, 0 }, dc[4] = { 0, 0, -1, 1 };
        for (int d = 0; d < 4 && !win; d++) {
            int nr = r + dr[d], nc = c + dc[d];
            if (nr < 0 || nr >= REF_ROWS || nc < 0 || nc >= REF_COLS)
                continue;
            uint64_t to = UINT64_C(1) << (nr * REF_COLS + nc), from = UINT64_C(1) << sq;
            if (!(theirs & to))
                continue;
            ref_pos next = p;
            if (who == 0) {
                next.x = (p.x & ~from) | to;
                next.o = p.o & ~to;
            } else {
                next.o = (p.o & ~from) | to;
                next.x = p.x & ~to;
            }
            win = !ref_wins(next, 1 - who);
        }
    }
    e = memo_slot(p.x, p.o);
    if (e) {
        if (!e->used)
            *e = (memo_entry){ p.x, p.o, 0, 0 };
        e->used |= (uint8_t)(1u << who);
        e->win |= (uint8_t)((win ? 1u : 0u) << who);
    }
    return win;
}

/* The outcome as the engine's comparison with 0 names it. */
static sg_cmp ref_outcome(ref_pos p)
{
    bool left = ref_wins(p, 0), right = ref_wins(p, 1);
    return left && right ? SG_CMP_FUZZY : left ? SG_CMP_GREATER : right ? SG_CMP_LESS
                                                                        : SG_CMP_EQUAL;
}

/* Whether the sum of the boards in a equals the sum of those in b. */
static bool ref_equal(const char *const *a, const char *const *b)
{
    const char *all[16];
    char swapped[8][80];
    size_t n = 0;
    for (size_t i = 0; a[i]; i++)
        all[n++] = a[i];
    for (size_t i = 0; b[i]; i++) {
        swap_colours(b[i], swapped[i]);
        all[n++] = swapped[i];
    }
    all[n] = NULL;
    return ref_outcome(ref_sum(all)) == SG_CMP_EQUAL;
}

/* The longest line of play from p, either player moving at any time. */
static int ref_longest(ref_pos p)
{
    int best = 0;
    for (int who = 0; who < 2; who++) {
        uint64_t mine = who == 0 ? p.x : p.o, theirs = who == 0 ? p.o : p.x;
        for (uint64_t m = mine; m; m &= m - 1) {
            int sq = __builtin_ctzll(m), r = sq / REF_COLS, c = sq % REF_COLS;
            static const int dr[4] = { -1, 1, 0, 0 }, dc[4] = { 0, 0, -1, 1 };
            for (int d = 0; d < 4; d++) {
                int nr = r + dr[d], nc = c + dc[d];
                if (nr < 0 || nr >= REF_ROWS || nc < 0 || nc >= REF_COLS)
                    continue;
                uint64_t to = UINT64_C(1) << (nr * REF_COLS + nc), from = UINT64_C(1) << sq;
                if (!(theirs & to))
                    continue;
                ref_pos next = p;
                if (who == 0) {
                    next.x = (p.x & ~from) | to;
                    next.o = p.o & ~to;
                } else {
                    next.o = (p.o & ~from) | to;
                    next.x = p.x & ~to;
                }
                int len = 1 + ref_longest(next);
                best = len > best ? len : best;
            }
        }
    }
    return best;
}

/* A board of rows x cols from base-3 digits (0 '.', 1 'x', 2 'o'), reading order. */
static void board_text(int rows, int cols, uint64_t index, char *buf)
{
    char *w = buf;
    for (int r = 0; r < rows; r++) {
        if (r)
            *w++ = '/';
        for (int c = 0; c < cols; c++, index /= 3)
            *w++ = ".xo"[index % 3];
    }
    *w = '\0';
}

static void random_board(sg_rng *rng, int rows, int cols, unsigned empty_in_4, char *buf)
{
    char *w = buf;
    for (int r = 0; r < rows; r++) {
        if (r)
            *w++ = '/';
        for (int c = 0; c < cols; c++)
            *w++ = sg_rng_below(rng, 4) < empty_in_4 ? '.' : sg_rng_below(rng, 2) ? 'x' : 'o';
    }
    *w = '\0';
}

/* ---- The engine ---------------------------------------------------------------------- */

static sg_cgt *T;

static sg_cg engine_form(const char *text)
{
    pos p = parse_ok(text);
    sg_cg g;
    char err[256] = "";
    if (sg_cgt_from_game(T, &clob.game, p.b, 0, &g, err, sizeof err) != SG_OK)
        fail_msg("engine on '%s': %s", text, err);
    return g;
}

static sg_cg zero(void) { return sg_cgt_number(T, sg_value_int(0)); }

static const char *engine_text(const char *board)
{
    static char buf[512];
    assert_int_equal(sg_cgt_format(T, engine_form(board), buf, sizeof buf), SG_OK);
    return buf;
}

static int setup(void **state)
{
    (void)state;
    support_game_open(&clob, "clobber", NULL);
    memo = calloc((size_t)1 << MEMO_LOG, sizeof *memo);
    T = sg_cgt_new();
    return memo && T ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    sg_cgt_free(T);
    free(memo);
    support_game_close(&clob);
    return 0;
}

/* ---- Notation ------------------------------------------------------------------------ */

static void test_notation_round_trips(void **state)
{
    (void)state;
    static const char *const texts[] = {
        ".", "x", "o", "xo", "x/o", "xo/ox", ".x./o.o/...", "xoxoxoxo", "x/o/x/o/x/o/x/o",
        ("xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxo."),
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        pos p = parse_ok(texts[i]);
        assert_string_equal(fmt(&p), texts[i]);
    }
    /* Equal boards are equal bytes: the blob has no stray bits or padding. */
    pos a = parse_ok("x./.o"), b;
    memset(b.b, 0xa5, sizeof b.b);
    char err[256];
    assert_int_equal(D()->parse(I(), "x./.o", b.b, err, sizeof err), SG_OK);
    assert_memory_equal(a.b, b.b, D()->pos_size);
    assert_int_equal(D()->pos_size, 24);
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
    assert_parse_error("xB", "clobber: bad square 'B' (expected '.', 'x' or 'o') in 'xB'");
    assert_parse_error("", "clobber: empty position");
    assert_parse_error("xo/", "empty row");
    assert_parse_error("/xo", "empty row");
    assert_parse_error("xo/xox", "row 2 has 3 squares but row 1 has 2");
    assert_parse_error("X", "bad square 'X'"); /* MCGS's upper case is converted first */
    assert_parse_error("xo ", "bad character 0x20");
    assert_parse_error("xo|ox", "bad square '|'"); /* CGSuite's row bar: write '/' */
    assert_parse_error(".........", "more than 8 squares");
    assert_parse_error("x/x/x/x/x/x/x/x/x", "more than 8 rows");
}

/* ---- Moves --------------------------------------------------------------------------- */

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
    if (D()->parse_move(I(), p.b, who, text, &m, err, sizeof err) != SG_ERR_INVALID)
        fail_msg("parse_move '%s' on '%s' is accepted", text, board);
    assert_one_line(err);
    if (!strstr(err, needle))
        fail_msg("parse_move '%s': message '%s' lacks '%s'", text, err, needle);
}

static void test_moves(void **state)
{
    (void)state;
    /* A full checkerboard of R rows and C columns has R(C-1) + C(R-1) adjacent pairs,
     * each one move for each player. */
    for (int rows = 1; rows <= 8; rows++)
        for (int cols = 1; cols <= 8; cols++) {
            char text[80], *w = text;
            for (int r = 0; r < rows; r++) {
                if (r)
                    *w++ = '/';
                for (int c = 0; c < cols; c++)
                    *w++ = (r + c) % 2 ? 'o' : 'x';
            }
            *w = '\0';
            pos p = parse_ok(text);
            size_t pairs = (size_t)(rows * (cols - 1) + cols * (rows - 1));
            assert_int_equal(count_moves(&p, SG_LEFT), pairs);
            assert_int_equal(count_moves(&p, SG_RIGHT), pairs);
        }
    /* Squares as in chess: rows count from the bottom. */
    pos p = parse_ok("xo./ox./...");
    assert_string_equal(fmt((pos[]){ play_text(&p, SG_LEFT, "a3-b3") }), ".x./ox./...");
    assert_string_equal(fmt((pos[]){ play_text(&p, SG_LEFT, "b2-a2") }), "xo./x../...");
    assert_string_equal(fmt((pos[]){ play_text(&p, SG_RIGHT, "b3-b2") }), "x../oo./...");
    assert_string_equal(fmt((pos[]){ play_text(&p, SG_RIGHT, "a2-a3") }), "oo./.x./...");

    assert_move_error("xo./ox./...", SG_RIGHT, "a3-b3", "not your stone");
    assert_move_error("xo./ox./...", SG_LEFT, "c1-c2", "not your stone");
    assert_move_error("xo./ox./...", SG_LEFT, "a3-b2", "not adjacent");
    assert_move_error("xo./ox./...", SG_LEFT, "a3-a1", "not adjacent");
    assert_move_error("xo./ox./...", SG_LEFT, "b2-b1", "not an opponent's stone");
    assert_move_error("xx./ox./...", SG_LEFT, "a3-b3", "not an opponent's stone");
    assert_move_error("xo./ox./...", SG_LEFT, "b2-c2", "not an opponent's stone");
    assert_move_error("xo./ox./...", SG_LEFT, "a3-a4", "off the board");
    assert_move_error("xo./ox./...", SG_LEFT, "d1-c1", "off the board");
    assert_move_error("xo./ox./...", SG_LEFT, "a3b3", "bad move");
    assert_move_error("xo./ox./...", SG_LEFT, "", "bad move");
    assert_move_error("xo./ox./...", SG_LEFT, "a3-b3 ", "bad move");
    assert_move_error("xo./ox./...", SG_LEFT, "i1-h1", "bad move");

    /* Every listed move round-trips through both formatters, and they agree. */
    static const char *const boards[] = {
        "xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox",
        ".x../xoox/o.x.", "x/o/x/o", "xxo",
    };
    for (size_t i = 0; i < sizeof boards / sizeof boards[0]; i++) {
        pos b = parse_ok(boards[i]);
        for (int who = 0; who < 2; who++) {
            sg_move list[256];
            size_t n;
            assert_int_equal(D()->moves(I(), b.b, (sg_player)who, list, 256, &n), SG_OK);
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
                /* the other player cannot play it: the stone on the first square is not his */
                pos out;
                assert_int_equal(D()->play(I(), b.b, (sg_player)(1 - who), list[k], out.b, err,
                                           sizeof err), SG_ERR_INVALID);
            }
        }
    }
    /* Codes that name no move are refused, never a crash. */
    char err[256];
    pos out;
    static const sg_move bad[] = { 1u << 12, 1000, UINT64_MAX, 0 /* a3 onto itself */,
                                   (sg_move)0 | (sg_move)9 << 6 /* a3 to b2 */ };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(D()->play(I(), p.b, SG_LEFT, bad[i], out.b, err, sizeof err),
                         SG_ERR_INVALID);
}

/* ---- Numbers ------------------------------------------------------------------------- */

/* Every board of 3x3: number() speaks exactly where no adjacent pair of opposite stones
 * remains, and then says 0, which the referee confirms (the first player loses). */
static void test_number_rule(void **state)
{
    (void)state;
    int reported = 0;
    for (uint64_t i = 0; i < 19683; i++) {
        char text[16];
        board_text(3, 3, i, text);
        pos p = parse_ok(text);
        sg_value v;
        bool said = D()->number(I(), p.b, &v);
        bool moves = count_moves(&p, SG_LEFT) > 0;
        assert_int_equal(count_moves(&p, SG_RIGHT) > 0, moves); /* all-small */
        if (said != !moves)
            fail_msg("%s: number() %s", text, said ? "speaks with moves left" : "is silent");
        if (!said)
            continue;
        reported++;
        assert_true(sg_value_eq(v, sg_value_int(0)));
        const char *one[] = { text, NULL };
        assert_int_equal(ref_outcome(ref_sum(one)), SG_CMP_EQUAL);
    }
    assert_true(reported > 1000);
}

/* ---- Values from the literature --------------------------------------------------------
 *
 * [CHEN25] X. Chen, T. Folkersen, K. Hasham, R. B. Hayward, D. Lee, O. Randall,
 *   L. Schultz, E. Vandermeer, "A Proof of the 2004 Albert-Grossman-Nowakowski-Wolfe
 *   Conjecture on Alternating Linear Clobber", arXiv:2509.08985 (2025), x = Left (black),
 *   o = Right (white) as here. Its standard-form rules: o, oo, ooo, ooxx and oxoxox are 0;
 *   oxo => ox; ooxo => xxo + ox. Its theorem (the conjecture of Albert, Grossman,
 *   Nowakowski and Wolfe, "An introduction to Clobber", Integers 5 (2005)): every
 *   non-empty even-length alternating strip other than oxoxox is a first-player win.
 * [MCGS] MCGS (github.com/ualberta-mueller-group/MCGS), test/input/unit_tests/clobber.test
 *   and input/autotests/clobber_autotests/clobber_nxn_alternating.test, "results from
 *   CGSuite 2.1.1": X = Black = Left, results for the player to move.
 * [MCGS-1xn] MCGS test/clobber_1xn_test.cpp: XOXO.. strips, Black to move.
 * [WOLFE] D. Wolfe's Clobber page (homepages.gac.edu/~wolfe/games/clobber/): every Clobber
 *   position is all-small, Left has a move iff Right has one.
 * Each equality is first confirmed by the referee (second-player win of G - H), then
 * asserted against the engine. */

static const struct {
    const char *a[4], *b[4]; /* sums of boards, equal */
    const char *source;
} equalities[] = {
    { { "o", NULL }, { NULL }, "[CHEN25] alpha: o = 0" },
    { { "oo", NULL }, { NULL }, "[CHEN25] alpha: oo = 0" },
    { { "ooo", NULL }, { NULL }, "[CHEN25] alpha: ooo = 0" },
    { { "ooxx", NULL }, { NULL }, "[CHEN25] alpha: ooxx = 0" },
    { { "oxoxox", NULL }, { NULL }, "[CHEN25] alpha: oxoxox = 0" },
    { { "xoxoxo", NULL }, { NULL }, "[MCGS-1xn] XOXOXO: Black to move loses (and oxoxox "
                                    "reflected)" },
    { { "oxo", NULL }, { "ox", NULL }, "[CHEN25] oxo => ox" },
    { { "ooxo", NULL }, { "xxo", "ox", NULL }, "[CHEN25] ooxo => xxo + ox" },
    { { "xox/oxo", NULL }, { NULL }, "[MCGS] XOX|OXO {B loss, W loss}" },
    { { "xo/ox/xo", NULL }, { NULL }, "[MCGS] XO|OX|XO {B loss, W loss}" },
};

/* Outcomes: GREATER Left wins either way, LESS Right does, FUZZY the first player. */
static const struct {
    const char *board;
    sg_cmp outcome;
    const char *source;
} outcomes[] = {
    { "ox", SG_CMP_FUZZY, "[CHEN25] even alternating strips other than oxoxox" },
    { "oxox", SG_CMP_FUZZY, "[CHEN25]" },
    { "oxoxoxox", SG_CMP_FUZZY, "[CHEN25]" },
    { "xoxoxoxo", SG_CMP_FUZZY, "[CHEN25] (the reflection of oxoxoxox)" },
    { "xo/ox", SG_CMP_FUZZY, "[MCGS] XO|OX {B win, W win}" },
    { "xox/oxo/xox", SG_CMP_FUZZY, "[MCGS] XOX|OXO|XOX {B win, W win}" },
    { "xoxo/oxox/xoxo/oxox", SG_CMP_FUZZY, "[MCGS] 4x4 alternating {B win, W win}" },
    { "x/x/o", SG_CMP_GREATER, "[MCGS] X|X|O {B win, W loss}" },
    { "x/o/o", SG_CMP_LESS, "[MCGS] X|O|O {B loss, W win}" },
    { "xox", SG_CMP_FUZZY, "[MCGS-1xn] XOX: Black to move wins (and xo.. by symmetry)" },
};

static sg_cg engine_sum(const char *const *boards)
{
    sg_cg g = zero();
    for (size_t i = 0; boards[i]; i++)
        assert_int_equal(sg_cgt_add(T, g, engine_form(boards[i]), &g), SG_OK);
    return g;
}

static void test_published_values(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof equalities / sizeof equalities[0]; i++) {
        if (!ref_equal(equalities[i].a, equalities[i].b))
            fail_msg("%s: the referee refutes it", equalities[i].source);
        assert_int_equal(sg_cgt_compare(T, engine_sum(equalities[i].a),
                                        engine_sum(equalities[i].b)),
                         SG_CMP_EQUAL);
    }
    for (size_t i = 0; i < sizeof outcomes / sizeof outcomes[0]; i++) {
        const char *one[] = { outcomes[i].board, NULL };
        if (ref_outcome(ref_sum(one)) != outcomes[i].outcome)
            fail_msg("%s: the referee refutes %s", outcomes[i].board, outcomes[i].source);
        if (sg_cgt_compare(T, engine_form(outcomes[i].board), zero()) != outcomes[i].outcome)
            fail_msg("%s: the engine refutes %s", outcomes[i].board, outcomes[i].source);
    }
    /* Worked by hand (no source states them in these words): xo is {0|0} = *; in xxo Left
     * clobbers to x.x = 0 and Right to xo. = *, so xxo = {0|*} = up; oox is down; oxo has
     * the options of ox: *. The referee confirms up's defining facts: xxo > 0 and
     * xxo + * is a first-player win. */
    assert_string_equal(engine_text("xo"), "*");
    assert_string_equal(engine_text("x/o"), "*");
    assert_string_equal(engine_text("xxo"), "^");
    assert_string_equal(engine_text("oox"), "v");
    assert_string_equal(engine_text("oxo"), "*");
    assert_int_equal(ref_outcome(ref_sum((const char *[]){ "xxo", NULL })), SG_CMP_GREATER);
    assert_int_equal(ref_outcome(ref_sum((const char *[]){ "xxo", "xo", NULL })),
                     SG_CMP_FUZZY);
    /* [WOLFE] all-small: no number other than 0 appears (checked on every 2x4 board). */
    for (uint64_t i = 0; i < 6561; i += 7) {
        char text[16];
        board_text(2, 4, i, text);
        sg_value v;
        if (sg_cgt_is_number(T, engine_form(text), &v))
            assert_true(sg_value_eq(v, sg_value_int(0)));
    }
}

/* ---- The engine against the referee --------------------------------------------------- */

/* Every board of 3x3, 2x4 and 1x7: the outcome of the engine's canonical form (its
 * comparison with 0) is the referee's. */
static void test_engine_against_referee(void **state)
{
    (void)state;
    static const int shapes[][2] = { { 3, 3 }, { 2, 4 }, { 1, 7 } };
    int fuzzy = 0, positive = 0;
    for (size_t s = 0; s < sizeof shapes / sizeof shapes[0]; s++) {
        uint64_t n = 1;
        for (int k = 0; k < shapes[s][0] * shapes[s][1]; k++)
            n *= 3;
        for (uint64_t i = 0; i < n; i++) {
            char text[32];
            board_text(shapes[s][0], shapes[s][1], i, text);
            const char *one[] = { text, NULL };
            sg_cmp want = ref_outcome(ref_sum(one));
            sg_cmp got = sg_cgt_compare(T, engine_form(text), zero());
            if (want != got)
                fail_msg("%s: the referee says %d, the engine %d", text, want, got);
            fuzzy += want == SG_CMP_FUZZY;
            positive += want == SG_CMP_GREATER;
        }
    }
    assert_true(fuzzy > 100 && positive > 100);
}

/* A sum of boards as a sumgame sum. */
static sg_sum *make_sum(const char *const *boards)
{
    sg_sum *sum = sg_sum_new(SG_FREEZE_NUMBERS);
    assert_non_null(sum);
    for (size_t i = 0; boards[i]; i++) {
        pos p = parse_ok(boards[i]);
        char err[256] = "";
        if (sg_sum_add(sum, &clob.game, p.b, err, sizeof err) != SG_OK)
            fail_msg("sum: %s", err);
    }
    return sum;
}

/* Random sums of two or three boards up to 3x3: the solver's winner for each first
 * player is the referee's, in process for many sums and through `sumgame solve` for a
 * few. */
static void test_sums_against_referee(void **state)
{
    (void)state;
    sg_solve_config config;
    memset(&config, 0, sizeof config);
    config.tt_log2 = 14;
    sg_solver *solver;
    char err[256] = "";
    if (sg_solver_new(&config, &solver, err, sizeof err) != SG_OK)
        fail_msg("solver: %s", err);
    sg_rng rng;
    sg_rng_seed(&rng, 26);
    static const int shapes[][2] = { { 1, 3 }, { 1, 4 }, { 2, 2 }, { 2, 3 }, { 3, 3 }, { 3, 2 } };
    int wins[2] = { 0, 0 }, host_runs = 0;
    const int sums = UNDER_ASAN ? 60 : 150;
    for (int k = 0; k < sums; k++) {
        char boards[3][32];
        const char *list[4] = { NULL, NULL, NULL, NULL };
        int n = 2 + (int)sg_rng_below(&rng, 2);
        for (int i = 0; i < n; i++) {
            const int *s = shapes[sg_rng_below(&rng, 6)];
            random_board(&rng, s[0], s[1], 1, boards[i]);
            list[i] = boards[i];
        }
        ref_pos p = ref_sum(list);
        bool left_first = ref_wins(p, 0), right_first = ref_wins(p, 1);
        sg_sum *sum = make_sum(list);
        if (sg_solver_load(solver, sum, err, sizeof err) != SG_OK)
            fail_msg("load: %s", err);
        sg_solve_answer a;
        assert_int_equal(sg_solver_solve(solver, SG_LEFT, &a, err, sizeof err), SG_OK);
        assert_int_equal(a.winner, left_first ? SG_LEFT : SG_RIGHT);
        assert_int_equal(sg_solver_solve(solver, SG_RIGHT, &a, err, sizeof err), SG_OK);
        assert_int_equal(a.winner, right_first ? SG_RIGHT : SG_LEFT);
        sg_sum_free(sum);
        wins[0] += left_first;
        wins[1] += right_first;
        if (k % 10 == 0) {
            char args[512];
            int at = snprintf(args, sizeof args, "solve '");
            for (int i = 0; i < n; i++)
                at += snprintf(args + at, sizeof args - (size_t)at, "%sclobber:%s",
                               i ? " + " : "", list[i]);
            snprintf(args + at, sizeof args - (size_t)at, "' --json");
            support_run r = support_host(args, NULL);
            if (r.status != 0)
                fail_msg("%s: %s", args, r.err);
            char lw[16], rw[16];
            support_json_string(r.out, "left_first_winner", lw, sizeof lw);
            support_json_string(r.out, "right_first_winner", rw, sizeof rw);
            assert_string_equal(lw, left_first ? "left" : "right");
            assert_string_equal(rw, right_first ? "right" : "left");
            support_run_free(&r);
            host_runs++;
        }
    }
    assert_true(wins[0] > 5 && wins[0] < sums - 5 && wins[1] > 5 && wins[1] < sums - 5);
    assert_true(host_runs >= 6);
    sg_solver_free(solver);
}

/* The local analysis's per-game day limit (sumgame/local.h, sg_local_set_max_days):
 * Clobber's forms one day past the limit are cheap, so after the first 32 of them the
 * limit moves up and a board two days past the start gets a form; not before. Then
 * single boards solved for the winner from reduce_days 2, where the limit climbs through
 * most of the search, give the referee's winners. */
static void test_form_days_rise(void **state)
{
    (void)state;
    sg_local_config lc;
    memset(&lc, 0, sizeof lc);
    sg_local *l;
    char err[256] = "";
    if (sg_local_new(&lc, NULL, &l, err, sizeof err) != SG_OK)
        fail_msg("local: %s", err);
    sg_local_set_max_days(l, 2);
    pos far = parse_ok("xoxox"); /* five stones in a group: born by day 4 at most */
    unsigned days;
    assert_true(D()->birthday_bound(I(), far.b, &days));
    assert_int_equal(days, 4);
    sg_cg g;
    assert_false(sg_local_form(l, &clob.game, far.b, &g));
    sg_rng rng;
    sg_rng_seed(&rng, 3);
    int fed = 0;
    bool risen = false;
    for (int k = 0; k < 5000 && !risen; k++) {
        char board[32];
        random_board(&rng, 2, 3, 1, board);
        pos p = parse_ok(board);
        if (!D()->birthday_bound(I(), p.b, &days) || days != 3)
            continue;
        assert_true(sg_local_form(l, &clob.game, p.b, &g));
        fed++;
        risen = sg_local_form(l, &clob.game, far.b, &g);
    }
    assert_true(risen);
    assert_true(fed >= 32);
    sg_local_free(l);

    sg_solve_config config;
    memset(&config, 0, sizeof config);
    config.tt_log2 = 16;
    sg_solver *solver;
    if (sg_solver_new(&config, &solver, err, sizeof err) != SG_OK)
        fail_msg("solver: %s", err);
    sg_rng_seed(&rng, 27);
    const int boards = UNDER_ASAN ? 6 : 16;
    int wins[2] = { 0, 0 };
    for (int k = 0; k < boards; k++) {
        char board[32];
        random_board(&rng, 3, 4, 0, board);
        const char *list[2] = { board, NULL };
        ref_pos p = ref_sum(list);
        bool left_first = ref_wins(p, 0), right_first = ref_wins(p, 1);
        sg_sum *sum = make_sum(list);
        sg_solver_set_reduce_days(solver, 2);
        if (sg_solver_load(solver, sum, err, sizeof err) != SG_OK)
            fail_msg("load: %s", err);
        sg_solve_answer a;
        if (sg_solver_outcome(solver, SG_LEFT, &a, err, sizeof err) != SG_OK)
            fail_msg("%s, Left first: %s", board, err);
        assert_int_equal(a.winner, left_first ? SG_LEFT : SG_RIGHT);
        if (sg_solver_outcome(solver, SG_RIGHT, &a, err, sizeof err) != SG_OK)
            fail_msg("%s, Right first: %s", board, err);
        assert_int_equal(a.winner, right_first ? SG_RIGHT : SG_LEFT);
        sg_sum_free(sum);
        wins[0] += left_first;
        wins[1] += right_first;
    }
    /* Both first players win some and lose some: the check sees both answers. */
    assert_true(wins[0] > 0 && wins[0] < boards && wins[1] > 0 && wins[1] < boards);
    sg_solver_free(solver);
}

/* ---- Split, hash, symmetry ------------------------------------------------------------ */

static size_t split_texts(const char *board, char texts[][80], size_t cap)
{
    char parts[64 * 24];
    size_t count;
    pos p = parse_ok(board);
    assert_int_equal(D()->split(I(), p.b, parts, 64, &count), SG_OK);
    assert_true(count <= cap);
    for (size_t i = 0; i < count; i++) {
        pos part;
        memcpy(part.b, parts + i * 24, 24);
        strcpy(texts[i], fmt(&part));
    }
    return count;
}

static void test_split(void **state)
{
    (void)state;
    char t[64][80];
    /* Groups in reading order of their first stone, each in its bounding box; groups of
     * one colour (x, oo) are left out. */
    assert_int_equal(split_texts("xo.x./....o/x.xo./o..oo", t, 64), 3);
    assert_string_equal(t[0], "xo");
    assert_string_equal(t[1], "x/o");
    assert_string_equal(t[2], "xo./.oo");
    /* One group filling its box: itself. No live group: itself. */
    assert_int_equal(split_texts("xo/.x", t, 64), 1);
    assert_string_equal(t[0], "xo/.x");
    assert_int_equal(split_texts("x.o/.../o.x", t, 64), 1);
    assert_string_equal(t[0], "x.o/.../o.x");
    /* One live group and dead stones: the live group alone. */
    assert_int_equal(split_texts("xo../...x", t, 64), 1);
    assert_string_equal(t[0], "xo");
    /* The cap: SG_ERR_RANGE with the full count; the most parts, 32 dominoes xo. */
    char parts[64 * 24];
    size_t count;
    pos p = parse_ok("xo.xo/.....");
    assert_int_equal(D()->split(I(), p.b, parts, 1, &count), SG_ERR_RANGE);
    assert_int_equal(count, 2);
    p = parse_ok("xo");
    assert_int_equal(D()->split(I(), p.b, parts, 0, &count), SG_ERR_RANGE);
    assert_int_equal(count, 1);
    /* Values: on random 2x4 and 3x3 boards, the referee confirms that the board equals
     * the sum of its parts (board + swap(parts) is a second-player win). */
    sg_rng rng;
    sg_rng_seed(&rng, 7);
    int split_cases = 0;
    for (int k = 0; k < 120; k++) {
        char board[32];
        int rows = k % 2 ? 3 : 2, cols = k % 2 ? 3 : 4;
        random_board(&rng, rows, cols, 2, board);
        size_t n = split_texts(board, t, 64);
        const char *whole[] = { board, NULL };
        const char *list[65];
        for (size_t i = 0; i < n; i++)
            list[i] = t[i];
        list[n] = NULL;
        int width = cols + 1;
        for (size_t i = 0; i < n; i++)
            width += (int)strcspn(t[i], "/") + 1;
        if (width > REF_COLS)
            continue;
        split_cases += n > 1 || strcmp(t[0], board) != 0;
        if (!ref_equal(whole, list))
            fail_msg("%s: the referee says it is not the sum of its %zu parts", board, n);
    }
    assert_true(split_cases > 20);
}

static void test_hash(void **state)
{
    (void)state;
    pos a = parse_ok("xo/ox"), b = play_text(&a, SG_LEFT, "a2-b2");
    pos d = parse_ok(".x/ox");
    assert_memory_equal(b.b, d.b, 24);
    assert_true(D()->hash(I(), b.b) == D()->hash(I(), d.b));
    assert_true(D()->hash(I(), parse_ok("xo").b) != D()->hash(I(), parse_ok("ox").b));
    /* The size is part of the position: the same stones on another board. */
    assert_true(D()->hash(I(), parse_ok("xo").b) != D()->hash(I(), parse_ok("xo/..").b));
    /* Transpositions: the same two moves in either order give the same bytes. */
    pos e = parse_ok("xox/oxo");
    pos e1 = play_text((pos[]){ play_text(&e, SG_LEFT, "a2-b2") }, SG_RIGHT, "a1-b1");
    pos e2 = play_text((pos[]){ play_text(&e, SG_RIGHT, "a1-b1") }, SG_LEFT, "a2-b2");
    assert_memory_equal(e1.b, e2.b, 24);
    /* Two instances (as in two processes) hash alike. */
    support_game other;
    support_game_open(&other, "clobber", NULL);
    assert_true(other.game.desc->hash(other.game.instance, e1.b) == D()->hash(I(), e1.b));
    support_game_close(&other);
}

/* The image of a board text under symmetry k (as board.h numbers them), written here
 * independently: square (r, c) of an h x w board goes to the given place. */
static void image_text(const char *text, int k, char *out)
{
    char grid[8][9];
    int h = 0, w = (int)strcspn(text, "/");
    for (const char *s = text; *s; s += *s == '/' ? 1 : 0, h++) {
        memcpy(grid[h], s, (size_t)w);
        s += w;
        if (!*s) {
            h++;
            break;
        }
    }
    int nh = k >= 4 ? w : h, nw = k >= 4 ? h : w;
    char img[8][9];
    for (int r = 0; r < h; r++)
        for (int c = 0; c < w; c++) {
            int nr, nc;
            switch (k) {
            case 0: nr = r; nc = c; break;
            case 1: nr = r; nc = w - 1 - c; break;
            case 2: nr = h - 1 - r; nc = c; break;
            case 3: nr = h - 1 - r; nc = w - 1 - c; break;
            case 4: nr = c; nc = r; break;
            case 5: nr = w - 1 - c; nc = h - 1 - r; break;
            case 6: nr = c; nc = h - 1 - r; break;
            default: nr = w - 1 - c; nc = r; break;
            }
            img[nr][nc] = grid[r][c];
        }
    char *o = out;
    for (int r = 0; r < nh; r++) {
        if (r)
            *o++ = '/';
        memcpy(o, img[r], (size_t)nw);
        o += nw;
    }
    *o = '\0';
}

static void canonical_text(const char *text, char *buf)
{
    pos p = parse_ok(text), out;
    D()->canonical(I(), p.b, out.b);
    strcpy(buf, fmt(&out));
}

static void test_symmetry(void **state)
{
    (void)state;
    /* All eight images of a board (rotations, reflections, transposes: Clobber moves
     * the same way in every direction) have one representative and one value; the
     * colour swap gives the negative. */
    sg_rng rng;
    sg_rng_seed(&rng, 5);
    for (int k = 0; k < 40; k++) {
        char board[32], first[80], img[80], buf[80], swapped[32];
        random_board(&rng, 2 + k % 2, 3 + k % 2, 1, board);
        canonical_text(board, first);
        sg_cg g = engine_form(board);
        for (int s = 0; s < 8; s++) {
            image_text(board, s, img);
            canonical_text(img, buf);
            assert_string_equal(buf, first);
            assert_int_equal(sg_cgt_compare(T, engine_form(img), g), SG_CMP_EQUAL);
        }
        assert_int_equal(sg_cgt_compare(T, engine_form(first), g), SG_CMP_EQUAL);
        swap_colours(board, swapped);
        assert_int_equal(sg_cgt_compare(T, engine_form(swapped), sg_cgt_neg(T, g)),
                         SG_CMP_EQUAL);
        /* and the referee agrees that a quarter turn equals the board (small boards) */
        if (k % 4 == 0) {
            image_text(board, 6, img);
            assert_true(ref_equal((const char *[]){ board, NULL },
                                  (const char *[]){ img, NULL }));
        }
    }
    /* A row and a column are one class: the representative has the fewest rows. */
    char buf[80];
    canonical_text("x/o/o", buf);
    assert_string_equal(buf, "xoo");
    canonical_text("oox", buf);
    assert_string_equal(buf, "xoo");
    canonical_text("o./x.", buf); /* not cropped: the least image of the 2x2 board */
    assert_string_equal(buf, "xo/..");
}

/* ---- Databases ----------------------------------------------------------------------- */

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
    assert_int_equal(D()->db_shape(I(), "2x3", &shape, err, sizeof err), SG_OK);
    assert_true(shape.indices == 729);
    assert_int_equal(shape.layers, 7);
    assert_int_equal(shape.symmetries, 8);
    assert_non_null(strstr(shape.title, "2 rows and 3 columns"));
    assert_int_equal(D()->db_shape(I(), "4x4", &shape, err, sizeof err), SG_OK);
    assert_true(shape.indices == 43046721);
    assert_int_equal(shape.symmetries, 16);
    assert_int_equal(D()->db_shape(I(), "1x8", &shape, err, sizeof err), SG_OK);
    assert_shape_error("3x6", "18 squares, at most 16");
    assert_shape_error("3x9", "bad database shape");
    assert_shape_error("0x3", "bad database shape");
    assert_shape_error("3x", "bad database shape");
    assert_shape_error("", "bad database shape");
    assert_shape_error("4X4", "bad database shape");
    /* Worked by hand on 2x3: index = sum of digit * 3^square in reading order. Index 1
     * is x on the top left; left-right takes it to the top right (3^2 = 9), top-bottom to
     * the bottom left (3^3 = 27), the half turn to the bottom right (3^5 = 243); the
     * colour swaps give o there (digit 2), conjugates. */
    uint64_t out[SG_DB_SYMMETRIES_MAX];
    bool conj[SG_DB_SYMMETRIES_MAX];
    assert_int_equal(D()->db_shape(I(), "2x3", &shape, err, sizeof err), SG_OK);
    D()->db_images(I(), 1, out, conj);
    assert_true(out[0] == 1 && out[1] == 9 && out[2] == 27 && out[3] == 243);
    assert_true(out[4] == 2 && out[5] == 18 && out[6] == 54 && out[7] == 486);
    for (int k = 0; k < 8; k++)
        assert_int_equal(conj[k], k >= 4);
    pos p;
    uint32_t layer;
    assert_true(D()->db_position(I(), 1 + 2 * 3 + 2 * 243, p.b, &layer));
    assert_string_equal(fmt(&p), "xo./..o");
    assert_int_equal(layer, 3);
    assert_true(D()->db_index(I(), p.b) == 1 + 2 * 3 + 2 * 243);
    assert_false(D()->db_position(I(), 729, p.b, &layer));
    assert_true(D()->db_index(I(), parse_ok("xo/ox").b) == SG_DB_NONE);
}

/* `sumgame db clobber RxC` through the generic database: the list sizes are those
 * Burnside's lemma gives for the symmetries that keep the players (2x2: (81 + 3 + 3 + 9 +
 * 9 + 9 + 27 + 27) / 8 = 21; 2x3: (729 + 81 + 27 + 27) / 4 = 216; 3x3: (19683 + 27 + 27 +
 * 243 + 4 * 729) / 8 = 2862), and every listed value is the engine's for that board,
 * whose outcome the referee confirms. */
static void test_db_command(void **state)
{
    (void)state;
    static const struct {
        const char *shape;
        size_t count;
    } shapes[] = { { "2x2", 21 }, { "2x3", 216 }, { "3x2", 216 }, { "3x3", 2862 } };
    for (size_t k = 0; k < sizeof shapes / sizeof shapes[0]; k++) {
        sg_db *db;
        char err[256];
        if (sg_db_build(&db, &clob.game, shapes[k].shape, SG_DB_VALUES, NULL, err,
                        sizeof err) != SG_OK)
            fail_msg("%s", err);
        assert_int_equal(sg_db_count(db), shapes[k].count);
        for (size_t i = 0; i < sg_db_count(db); i += k == 3 ? 11 : 1) {
            pos p;
            assert_int_equal(sg_db_position(db, i, p.b), SG_OK);
            char text[32];
            strcpy(text, fmt(&p));
            sg_cg direct;
            assert_int_equal(sg_cgt_from_game(sg_db_table(db), &clob.game, p.b, 0, &direct,
                                              err, sizeof err), SG_OK);
            if (sg_cgt_compare(sg_db_table(db), sg_db_value(db, i), direct) != SG_CMP_EQUAL)
                fail_msg("db %s: '%s' is not listed with the engine's value", shapes[k].shape,
                         text);
            const char *one[] = { text, NULL };
            assert_int_equal(ref_outcome(ref_sum(one)),
                             sg_cgt_compare(T, engine_form(text), zero()));
        }
        sg_db_free(db);
    }
    support_run r = support_host("db clobber 2x2", NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "# 21 positions (sumgame db clobber 2x2)\n");
    support_assert_contains(r.out, "\nxo/ox 0 0\n");
    support_assert_contains(r.out, "\nxx/xx 0 -1\n");
    support_run_free(&r);
}

/* ---- Generator and bounds ----------------------------------------------------------- */

static int open_with(support_game *g, const char *const *kv, size_t n)
{
    sg_param items[4];
    for (size_t i = 0; i < n; i++)
        items[i] = (sg_param){ kv[2 * i], kv[2 * i + 1], 0 };
    sg_params params = { "command line", "sum", items, n };
    void *inst = NULL;
    char err[256] = "";
    int rc = D()->create(sg_default_host(), &params, &inst, err, sizeof err);
    if (rc != SG_OK) {
        assert_one_line(err);
        return rc;
    }
    D()->destroy(inst);
    support_game_open(g, "clobber", &params);
    return SG_OK;
}

static void test_generate(void **state)
{
    (void)state;
    support_game g;
    static const char *const checker[] = { "width", "5", "height", "3", "pattern", "checker" };
    assert_int_equal(open_with(&g, checker, 3), SG_OK);
    sg_rng r1;
    sg_rng_seed(&r1, 9);
    pos a;
    char err[256];
    assert_int_equal(g.game.desc->generate(g.game.instance, &r1, a.b, err, sizeof err), SG_OK);
    assert_string_equal(support_format(&g.game, &a), "xoxox/oxoxo/xoxox");
    support_game_close(&g);

    static const char *const random[] = { "width", "6", "height", "4", "fill", "1/2" };
    assert_int_equal(open_with(&g, random, 3), SG_OK);
    sg_rng_seed(&r1, 9);
    sg_rng r2;
    sg_rng_seed(&r2, 9);
    int stones = 0, xs = 0;
    for (int k = 0; k < 50; k++) {
        pos b;
        assert_int_equal(g.game.desc->generate(g.game.instance, &r1, a.b, err, sizeof err),
                         SG_OK);
        assert_int_equal(g.game.desc->generate(g.game.instance, &r2, b.b, err, sizeof err),
                         SG_OK);
        assert_memory_equal(a.b, b.b, 24);
        const char *t = support_format(&g.game, &a);
        assert_int_equal(strlen(t), 27); /* 4 rows of 6 */
        for (const char *c = t; *c; c++) {
            stones += *c == 'x' || *c == 'o';
            xs += *c == 'x';
        }
    }
    /* 1200 squares at chance 1/2: 600 +- 69 (4 standard deviations); x about half. */
    assert_in_range(stones, 531, 669);
    assert_in_range(xs, stones / 2 - 60, stones / 2 + 60);
    support_game_close(&g);

    static const char *const bad[][2] = { { "width", "9" }, { "height", "0" },
                                          { "fill", "3/2" }, { "fill", "-1/4" },
                                          { "pattern", "stripes" }, { "arrows", "3" } };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        assert_int_equal(open_with(&g, bad[i], 1), SG_ERR_INVALID);
}

static void test_bounds(void **state)
{
    (void)state;
    /* A group of k stones holds k - 1 moves at most, a group of one colour none, and
     * groups add up. Worked by hand, the longest lines: xo 1; xox 1 (either move ends
     * it); xoxo 3 (a4-b4, d4-c4, b4-c4); xx/oo 2; xo.xo 2. */
    static const struct {
        const char *board;
        unsigned days;
        int longest;
    } cases[] = { { "xo", 1, 1 }, { "xox", 2, 1 }, { "xoxo", 3, 3 }, { "xx/oo", 3, 2 },
                  { "x.o/.x.", 0, 0 }, { "xo.xo", 2, 2 }, { "xxx", 0, 0 } };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pos p = parse_ok(cases[i].board);
        unsigned days;
        sg_value t;
        assert_true(D()->birthday_bound(I(), p.b, &days));
        assert_int_equal(days, cases[i].days);
        assert_int_equal(ref_longest(ref_sum((const char *[]){ cases[i].board, NULL })),
                         cases[i].longest);
        assert_true(D()->temperature_bound(I(), p.b, &t));
        assert_true(sg_value_eq(t, sg_value_int(0)));
    }
    /* On random boards the bound is never below the longest line, and the temperature of
     * every exact value is at most 0. */
    sg_rng rng;
    sg_rng_seed(&rng, 3);
    for (int k = 0; k < 40; k++) {
        char board[32];
        random_board(&rng, 2, 4, 1, board);
        unsigned days;
        assert_true(D()->birthday_bound(I(), parse_ok(board).b, &days));
        assert_true((int)days >= ref_longest(ref_sum((const char *[]){ board, NULL })));
    }
}

static void test_evaluate(void **state)
{
    (void)state;
    /* Left's stones minus Right's in live groups, in 64ths; 0 where number() speaks. */
    assert_true(sg_value_eq(D()->evaluate(I(), parse_ok("xxo").b, SG_LEFT),
                            sg_value_make(1, 6)));
    assert_true(sg_value_eq(D()->evaluate(I(), parse_ok("ooox/x...").b, SG_RIGHT),
                            sg_value_make(-1, 6)));
    assert_true(sg_value_eq(D()->evaluate(I(), parse_ok("xx.oo").b, SG_LEFT),
                            sg_value_int(0)));
}

/* ---- The host ----------------------------------------------------------------------- */

static void test_cli(void **state)
{
    (void)state;
    support_run r = support_host("analyze 'clobber:xo' --method exact --json", NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "\"mean\":\"0\"");
    support_assert_contains(r.out, "\"temperature\":\"0\"");
    support_assert_contains(r.out, "\"best_left\":\"a1-b1\"");
    support_run_free(&r);
    /* {^|*} + *: the winner for each first player is the referee's (Left first wins,
     * Right first wins). */
    r = support_host("solve 'clobber:xox/o.o + clobber:xo' --json", NULL);
    assert_int_equal(r.status, 0);
    ref_pos p = ref_sum((const char *[]){ "xox/o.o", "xo", NULL });
    char lw[16], rw[16];
    support_json_string(r.out, "left_first_winner", lw, sizeof lw);
    support_json_string(r.out, "right_first_winner", rw, sizeof rw);
    assert_string_equal(lw, ref_wins(p, 0) ? "left" : "right");
    assert_string_equal(rw, ref_wins(p, 1) ? "right" : "left");
    support_run_free(&r);
    /* xo/ox: Left has 4 moves (each pair of neighbours is one). */
    r = support_host("perft 'clobber:xo/ox' 1 --json", NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "\"leaves\":4");
    support_run_free(&r);
    r = support_host("analyze 'clobber:xB'", NULL);
    support_assert_error(&r, "bad square 'B' (expected '.', 'x' or 'o')");
    support_run_free(&r);
    r = support_host("gen clobber --count 4 --seed 7 width=3 height=2", NULL);
    assert_int_equal(r.status, 0);
    support_run r2 = support_host("gen clobber --count 4 --seed 7 width=3 height=2", NULL);
    assert_string_equal(r.out, r2.out);
    support_run_free(&r2);
    support_run_free(&r);

    char args[1024];
    snprintf(args, sizeof args,
             "check-plugin %s/games/clobber.so --db-shape 2x3 --position 'xox/oxo/xox' "
             "--position 'xo.x/o.ox/xxo.' --position 'xoxoxo' --count 10",
             support_build_dir());
    r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("check-plugin failed:\n%s%s", r.out, r.err);
    support_assert_contains(r.out, "0 failed");
    support_run_free(&r);
}

/* `experiment` kind = outcome on random 4x3 boards: each position's class (L, R, N, P)
 * is the referee's, with each player first, and the summary counts them. */
static void test_outcome_experiment(void **state)
{
    (void)state;
    char dir[] = "/tmp/sumgame-outcome-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char ini[64], args[128];
    snprintf(ini, sizeof ini, "%s/o.ini", dir);
    FILE *f = fopen(ini, "w");
    assert_non_null(f);
    fputs("[experiment]\nkind = outcome\ngenerator = clobber\nwidth = 4\nheight = 3\n"
          "pattern = random\ncount = 40\nseed = 99\n", f);
    fclose(f);
    snprintf(args, sizeof args, "experiment %s --json", ini);
    support_run r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("experiment failed: %s", r.err);
    json_error_t jerr;
    json_t *out = json_loads(r.out, 0, &jerr);
    assert_non_null(out);
    json_t *positions = json_object_get(out, "positions");
    assert_int_equal(json_array_size(positions), 40);
    size_t classes[4] = { 0 };
    for (size_t i = 0; i < json_array_size(positions); i++) {
        json_t *item = json_array_get(positions, i);
        const char *text = json_string_value(json_object_get(item, "position"));
        assert_non_null(text);
        assert_true(strncmp(text, "clobber:", 8) == 0);
        ref_pos p = ref_sum((const char *[]){ text + 8, NULL });
        bool left_first = ref_wins(p, 0), right_first = ref_wins(p, 1);
        char want = left_first ? (right_first ? 'N' : 'L') : (right_first ? 'R' : 'P');
        const char *got = json_string_value(json_object_get(item, "class"));
        assert_non_null(got);
        if (got[0] != want)
            fail_msg("%s: class %s, the referee's %c", text, got, want);
        classes[strchr("LRNP", want) - "LRNP"]++;
    }
    json_t *cls = json_object_get(out, "classes");
    assert_int_equal(json_integer_value(json_object_get(cls, "L")), classes[0]);
    assert_int_equal(json_integer_value(json_object_get(cls, "R")), classes[1]);
    assert_int_equal(json_integer_value(json_object_get(cls, "N")), classes[2]);
    assert_int_equal(json_integer_value(json_object_get(cls, "P")), classes[3]);
    assert_int_equal(json_integer_value(json_object_get(out, "unsolved")), 0);
    /* a test that met one class only would not tell the classes apart */
    int kinds = (classes[0] > 0) + (classes[1] > 0) + (classes[2] > 0) + (classes[3] > 0);
    assert_true(kinds >= 3);
    json_decref(out);
    support_run_free(&r);
    /* a node limit reached leaves the position unsolved, and the run goes on */
    f = fopen(ini, "w");
    assert_non_null(f);
    fputs("[experiment]\nkind = outcome\ngenerator = clobber\nwidth = 4\nheight = 4\n"
          "fill = 1\ncount = 2\nnodes = 3\n", f);
    fclose(f);
    r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("experiment failed: %s", r.err);
    support_assert_contains(r.out, "\"class\":null,\"unsolved\":\"");
    support_assert_contains(r.out, "\"unsolved\":2,");
    support_assert_contains(r.err, "position 1: stopped at the node limit of 3");
    support_run_free(&r);
    remove(ini);
    rmdir(dir);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_notation_round_trips),
        cmocka_unit_test(test_notation_errors),
        cmocka_unit_test(test_moves),
        cmocka_unit_test(test_number_rule),
        cmocka_unit_test(test_published_values),
        cmocka_unit_test(test_engine_against_referee),
        cmocka_unit_test(test_sums_against_referee),
        cmocka_unit_test(test_form_days_rise),
        cmocka_unit_test(test_split),
        cmocka_unit_test(test_hash),
        cmocka_unit_test(test_symmetry),
        cmocka_unit_test(test_db_shapes),
        cmocka_unit_test(test_db_command),
        cmocka_unit_test(test_generate),
        cmocka_unit_test(test_bounds),
        cmocka_unit_test(test_evaluate),
        cmocka_unit_test(test_cli),
        cmocka_unit_test(test_outcome_experiment),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
