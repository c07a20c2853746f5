/* The go plugin: captures, suicide, ko inside one region and across a sum (a ban lifted by
 * a ko threat elsewhere), area scores of finished regions, true and false eyes, notation,
 * playouts whose result is forced, exact solvers refusing ko, passes and komi in a match
 * that mixes go with Amazons and rcg. Every expected value is worked by hand from the
 * rules. The string engine's incremental liberties are checked against a flood fill of
 * the same board after every move of random games (board.c is compiled in for that). */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/params.h"
#include "sumgame/rng.h"
#include "sumgame/sum.h"

#include "../../plugins/go/board.c"
#include "../../plugins/go/patterns.c"

static support_game go, rcg;

static int setup(void **state)
{
    (void)state;
    support_game_open(&go, "go", NULL);
    support_game_open(&rcg, "rcg", NULL);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    support_game_close(&go);
    support_game_close(&rcg);
    return 0;
}

static const sg_game_desc *D(void) { return go.game.desc; }
static void *I(void) { return go.game.instance; }

typedef support_pos pos;

static pos parse_ok(const char *text) { return support_parse(&go.game, text); }
static const char *fmt(const pos *p) { return support_format(&go.game, p); }

static sg_move point(const pos *p, const char *text)
{
    sg_move m;
    char err[256];
    if (D()->parse_move(I(), p->b, SG_LEFT, text, &m, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", text, err);
    return m;
}

static pos play_ok(const pos *p, sg_player who, const char *move)
{
    pos out;
    char err[256];
    if (D()->play(I(), p->b, who, point(p, move), out.b, err, sizeof err) != SG_OK)
        fail_msg("%s at %s: %s", who == SG_LEFT ? "black" : "white", move, err);
    return out;
}

/* The error of an illegal move. */
static const char *play_error(const pos *p, sg_player who, const char *move)
{
    static char err[256];
    pos out;
    err[0] = '\0';
    assert_int_equal(D()->play(I(), p->b, who, point(p, move), out.b, err, sizeof err),
                     SG_ERR_INVALID);
    return err;
}

/* who's moves in p as text, "a1 c2 ...". */
static const char *moves_text(const pos *p, sg_player who)
{
    static char buf[512];
    sg_move m[128];
    size_t n = 0;
    assert_int_equal(D()->moves(I(), p->b, who, m, 128, &n), SG_OK);
    buf[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        char t[8];
        assert_int_equal(D()->format_move(I(), p->b, m[i], t, sizeof t), SG_OK);
        strcat(buf, i ? " " : "");
        strcat(buf, t);
    }
    return buf;
}

static bool lists(const pos *p, sg_player who, const char *move)
{
    char want[16];
    snprintf(want, sizeof want, " %s ", move);
    char have[520];
    snprintf(have, sizeof have, " %s ", moves_text(p, who));
    return strstr(have, want) != NULL;
}

static void assert_number(const pos *p, const char *want)
{
    sg_value v;
    if (!want) {
        assert_false(D()->number(I(), p->b, &v));
        return;
    }
    assert_true(D()->number(I(), p->b, &v));
    char buf[SG_VALUE_TEXT_MAX];
    sg_value_format(v, buf, sizeof buf);
    assert_string_equal(buf, want);
}

static void test_captures(void **state)
{
    (void)state;
    /* one stone with its last liberty at c2 */
    pos p = parse_ok(".X./XO./.X.");
    pos q = play_ok(&p, SG_LEFT, "c2");
    assert_string_equal(fmt(&q), ".X./X.X/.X.[moves=1]");
    /* two stones; three liberties are left to the capturing stone, so no ko */
    p = parse_ok(".XX./XOO./.XX.");
    q = play_ok(&p, SG_LEFT, "d2");
    assert_string_equal(fmt(&q), ".XX./X..X/.XX.[moves=1]");
    /* walls are edges: the White stone at b2 has only c2 */
    p = parse_ok("..../XX#./XO.X/XX#.");
    q = play_ok(&p, SG_LEFT, "c2");
    assert_string_equal(fmt(&q), "..../XX#./X.XX/XX#.[moves=1]");
    /* White a2 takes a3 and keeps two liberties: no ko */
    p = parse_ok("XO./.X./...");
    q = play_ok(&p, SG_RIGHT, "a2");
    assert_string_equal(fmt(&q), ".O./OX./...[moves=1]");
}

static void test_suicide_is_not_a_move(void **state)
{
    (void)state;
    pos p = parse_ok(".X./X.X/.X.");
    /* every neighbour of b2 is Black and no Black string is in atari */
    assert_false(lists(&p, SG_RIGHT, "b2"));
    assert_non_null(strstr(play_error(&p, SG_RIGHT, "b2"), "suicide"));
    /* a1 would fill the last liberty of White's two stones, and the Black string around
     * keeps d2 and d1: a multi-stone suicide */
    p = parse_ok("XXXX/OOX./.XX.");
    assert_string_equal(moves_text(&p, SG_RIGHT), "d2 d1");
    assert_non_null(strstr(play_error(&p, SG_RIGHT, "a1"), "suicide"));
    /* the same point is legal for Black, who captures there */
    assert_true(lists(&p, SG_LEFT, "a1"));
    pos q = play_ok(&p, SG_LEFT, "a1");
    assert_string_equal(fmt(&q), "XXXX/..X./XXX.[moves=1]");
}

/* The classic ko: Black c2 takes b2, White may not take back at b2 at once. */
static const char *const KO = ".XO./XO.O/.XO.";

static void test_ko_in_one_region(void **state)
{
    (void)state;
    pos p = parse_ok(KO);
    pos q = play_ok(&p, SG_LEFT, "c2");
    assert_string_equal(fmt(&q), ".XO./X.XO/.XO.[ko=b2,moves=1]");
    assert_false(lists(&q, SG_RIGHT, "b2"));
    assert_non_null(strstr(play_error(&q, SG_RIGHT, "b2"), "ko"));
    /* Black is not banned: filling b2 is Black's to choose */
    assert_true(lists(&q, SG_LEFT, "b2"));
    /* a move elsewhere in the region ends the ban too */
    pos r = play_ok(&q, SG_RIGHT, "d3");
    assert_string_equal(fmt(&r), ".XOO/X.XO/.XO.[moves=2]");
    assert_true(lists(&r, SG_RIGHT, "b2"));
    pos t = play_ok(&r, SG_RIGHT, "b2"); /* takes back c2: now Black is banned */
    assert_string_equal(fmt(&t), ".XOO/XO.O/.XO.[ko=c2,moves=3]");
    assert_false(lists(&t, SG_LEFT, "c2"));
    /* the ban survives parse and format, with the banned colour recovered */
    pos u = parse_ok(".XOO/XO.O/.XO.[ko=c2,moves=3]");
    assert_true(support_same(&go.game, &t, &u));
    assert_false(lists(&u, SG_LEFT, "c2"));
}

static void add(sg_sum *s, support_game *g, const char *text)
{
    _Alignas(16) unsigned char b[SG_POS_MAX];
    char err[256];
    if (g->game.desc->parse(g->game.instance, text, b, err, sizeof err) != SG_OK ||
        sg_sum_add(s, &g->game, b, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", text, err);
}

static void sum_play(const sg_sum *src, sg_player who, uint32_t component, const char *move,
                     sg_sum *dst)
{
    const sg_game *g = sg_sum_game(src, component);
    sg_sum_move mv = { component, 0 };
    char err[256];
    if (g->desc->parse_move(g->instance, sg_sum_pos(src, component), who, move, &mv.move, err,
                            sizeof err) != SG_OK ||
        sg_sum_play(src, who, mv, dst, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", move, err);
}

static const char *sum_text(const sg_sum *s)
{
    static char buf[512];
    assert_int_equal(sg_sum_format(s, buf, sizeof buf), SG_OK);
    return buf;
}

/* The hash of a sum built afresh from text, to compare with the cached hashes. */
static uint64_t fresh_hash(const char *go_text, const char *rcg_text)
{
    sg_sum *s = sg_sum_new(SG_FREEZE_INTEGERS);
    add(s, &go, go_text);
    if (rcg_text)
        add(s, &rcg, rcg_text);
    uint64_t h = sg_sum_hash(s);
    sg_sum_free(s);
    return h;
}

static void test_ko_threat_elsewhere_lifts_the_ban(void **state)
{
    (void)state;
    sg_sum *start = sg_sum_new(SG_FREEZE_INTEGERS), *a = sg_sum_new(SG_FREEZE_INTEGERS),
           *b = sg_sum_new(SG_FREEZE_INTEGERS), *c = sg_sum_new(SG_FREEZE_INTEGERS);
    add(start, &go, KO);
    add(start, &rcg, "9|{9|-9}"); /* White's move there threatens -9 */
    sum_play(start, SG_LEFT, 0, "c2", a); /* Black takes the ko */
    assert_string_equal(sum_text(a), "go:.XO./X.XO/.XO.[ko=b2,moves=1] + rcg:9||9|-9");
    size_t where = 9;
    assert_true(sg_sum_has_ban(a, &where));
    assert_int_equal(where, 0);
    /* White's threat lifts the ban */
    sum_play(a, SG_RIGHT, 1, "R1", b);
    assert_string_equal(sum_text(b), "go:.XO./X.XO/.XO.[moves=1] + rcg:9|-9");
    assert_false(sg_sum_has_ban(b, NULL));
    assert_int_equal(sg_sum_hash(b), fresh_hash(".XO./X.XO/.XO.[moves=1]", "9|-9"));
    /* siblings played into one child sum take the fast copy path; each must still be
     * right, with the ban lifted or kept as the move says */
    sum_play(a, SG_RIGHT, 0, "d3", c); /* White elsewhere in the region: ban gone too */
    assert_string_equal(sum_text(c), "go:.XOO/X.XO/.XO.[moves=2] + rcg:9||9|-9");
    sum_play(a, SG_RIGHT, 1, "R1", c);
    assert_string_equal(sum_text(c), "go:.XO./X.XO/.XO.[moves=1] + rcg:9|-9");
    assert_int_equal(sg_sum_hash(c), fresh_hash(".XO./X.XO/.XO.[moves=1]", "9|-9"));
    /* Black answers the threat, then White takes back: a ban on Black now */
    sum_play(c, SG_LEFT, 1, "L1", b);
    char v[SG_VALUE_TEXT_MAX];
    sg_value_format(sg_sum_frozen(b), v, sizeof v);
    assert_string_equal(v, "9");
    sum_play(b, SG_RIGHT, 0, "b2", a);
    assert_string_equal(sum_text(a), "go:.XO./XO.O/.XO.[ko=c2,moves=2]");
    /* a pass is a move elsewhere as well */
    assert_int_equal(sg_sum_pass(a, b), SG_OK);
    assert_string_equal(sum_text(b), "go:.XO./XO.O/.XO.[moves=2]");
    assert_int_equal(sg_sum_hash(b), fresh_hash(".XO./XO.O/.XO.[moves=2]", NULL));
    sg_sum_free(start);
    sg_sum_free(a);
    sg_sum_free(b);
    sg_sum_free(c);
}

static void test_finished_regions_settle_at_their_area(void **state)
{
    (void)state;
    /* two true eyes each: no move for either player; Black 10 stones + 2 eyes, White 7 + 2 */
    pos p = parse_ok("X.XXO.O/XXXXOOO/X.XXO.O");
    assert_string_equal(moves_text(&p, SG_LEFT), "");
    assert_string_equal(moves_text(&p, SG_RIGHT), "");
    assert_number(&p, "3");
    /* four Black stones in atari around one point are not an eye: White takes them */
    p = parse_ok("#X#/X.X/#X#");
    assert_string_equal(moves_text(&p, SG_RIGHT), "b2");
    assert_number(&p, NULL);
    /* Black has a move (it can take the White stones in atari), so the region goes on
     * although White has none: play passes to Black */
    p = parse_ok("X.XXO.O/XXXXOOO/X.XXOOO");
    assert_string_equal(moves_text(&p, SG_RIGHT), "");
    assert_number(&p, NULL);
    /* the empty region is not finished */
    p = parse_ok("...");
    assert_number(&p, NULL);
}

static void test_move_cap_settles_as_it_stands(void **state)
{
    (void)state;
    support_game capped;
    sg_param item = { "cap", "10", 1 };
    sg_params params = { "test", "go", &item, 1 };
    support_game_open(&capped, "go", &params);
    const sg_game_desc *d = capped.game.desc;
    pos p = support_parse(&capped.game, "XX../....[moves=10]");
    sg_value v;
    size_t n = 1;
    assert_true(d->number(capped.game.instance, p.b, &v));
    assert_int_equal(v.num, 8); /* every empty point touches Black only */
    assert_int_equal(d->moves(capped.game.instance, p.b, SG_LEFT, NULL, 0, &n), SG_OK);
    assert_int_equal(n, 0);
    p = support_parse(&capped.game, "X..O/....[moves=10]");
    assert_true(d->number(capped.game.instance, p.b, &v));
    assert_int_equal(v.num, 0); /* the empty area touches both: nobody's */
    p = support_parse(&capped.game, "X..O/....[moves=9]");
    assert_false(d->number(capped.game.instance, p.b, &v));
    /* past the cap cannot be read */
    char err[256];
    _Alignas(16) unsigned char b[SG_POS_MAX];
    assert_int_equal(d->parse(capped.game.instance, "X..O[moves=11]", b, err, sizeof err),
                     SG_ERR_INVALID);
    assert_non_null(strstr(err, "cap"));
    support_game_close(&capped);
}

static void test_true_and_false_eyes(void **state)
{
    (void)state;
    /* c3 has every neighbour Black; two White diagonals make it false: Black may fill */
    pos p = parse_ok("...../.OXO./.X.X./..X../.....");
    assert_true(lists(&p, SG_LEFT, "c3"));
    /* one White diagonal in the middle of the board leaves it true */
    p = parse_ok("...../..XO./.X.X./..X../.....");
    assert_false(lists(&p, SG_LEFT, "c3"));
    assert_false(lists(&p, SG_RIGHT, "c3")); /* suicide for White */
    /* on the edge a single White diagonal already makes it false */
    p = parse_ok("X.X/OX./...");
    assert_true(lists(&p, SG_LEFT, "b3"));
    p = parse_ok("X.X/.X./...");
    assert_false(lists(&p, SG_LEFT, "b3"));
    /* walls count as the edge */
    p = parse_ok("#.#/XXX/...");
    assert_false(lists(&p, SG_LEFT, "b3"));
    p = parse_ok("X.#/OXX/...");
    assert_true(lists(&p, SG_LEFT, "b3"));
}

static void test_notation(void **state)
{
    (void)state;
    pos p = parse_ok("#.X/O../...");
    assert_string_equal(fmt(&p), "#.X/O../...");
    char buf[16];
    assert_int_equal(D()->format_move(I(), p.b, point(&p, "a1"), buf, sizeof buf), SG_OK);
    assert_string_equal(buf, "a1");
    /* a 9x9 board has columns a..h and j */
    pos big = parse_ok("........./........./........./........./........./........./"
                       "........./........./.........");
    assert_int_equal(point(&big, "j9"), 8);
    assert_int_equal(point(&big, "a1"), 80);
    static const struct {
        const char *text, *needle;
    } bad[] = {
        { "..../...", "row 2 has 3 points" },
        { ".........././........./........./........./........./........./........./"
          "........./.........",
          "row 2 has 1 points, row 1 has 10" },
        /* a region wider than 9 is read, but its parts must fit the 9x9 bitboards */
        { ".............", "spans 13x1 points" }, /* 10 to 12 columns are cut transposed */
        { "....................", "at most 19x19" },
        { ".y.", "expected" },
        { "OX./X../...", "no liberty" },
        { "###", "no point" },
        { "...[ko=b1]", "ko point" },
        { "...[moves=-1]", "moves" },
        { "...[foo=1]", "unknown state" },
        { "...[ko=a1", "one [...]" },
    };
    char err[256];
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        _Alignas(16) unsigned char b[SG_POS_MAX];
        err[0] = '\0';
        if (D()->parse(I(), bad[i].text, b, err, sizeof err) != SG_ERR_INVALID)
            fail_msg("'%s' was accepted", bad[i].text);
        if (!strstr(err, bad[i].needle) || strchr(err, '\n'))
            fail_msg("'%s': '%s' lacks '%s'", bad[i].text, err, bad[i].needle);
    }
    sg_move m;
    assert_int_equal(D()->parse_move(I(), p.b, SG_LEFT, "i1", &m, err, sizeof err),
                     SG_ERR_INVALID);
    assert_non_null(strstr(err, "skip 'i'"));
    assert_int_equal(D()->parse_move(I(), p.b, SG_LEFT, "d1", &m, err, sizeof err),
                     SG_ERR_INVALID);
    assert_int_equal(D()->parse_move(I(), p.b, SG_LEFT, "pass", &m, err, sizeof err),
                     SG_ERR_INVALID);
    assert_non_null(strstr(err, "passes"));
}

/* On a 1x2 region every playout is forced: the first player takes a point, the second
 * captures it (rule 1) and sets a ko, the first has no move and passes, which lifts the
 * ban, but the second's only point left is its own eye: two passes end it. */
static void test_forced_playouts(void **state)
{
    (void)state;
    pos p = parse_ok("..");
    sg_rng rng;
    sg_rng_seed(&rng, 11);
    for (int k = 0; k < 20; k++) {
        sg_value score;
        sg_player next;
        assert_int_equal(D()->playout(I(), p.b, SG_LEFT, &rng, &score, &next), SG_OK);
        assert_int_equal(score.num, -2);
        assert_int_equal(score.exp, 0);
        assert_int_equal(next, SG_LEFT);
        assert_int_equal(D()->playout(I(), p.b, SG_RIGHT, &rng, &score, &next), SG_OK);
        assert_int_equal(score.num, 2);
        assert_int_equal(next, SG_RIGHT);
    }
    /* a finished region plays no move: its area, and the same player next */
    p = parse_ok("X.XXO.O/XXXXOOO/X.XXO.O");
    sg_value score;
    sg_player next;
    assert_int_equal(D()->playout(I(), p.b, SG_RIGHT, &rng, &score, &next), SG_OK);
    assert_int_equal(score.num, 3);
    assert_int_equal(next, SG_RIGHT);
}

/* Random games on the string engine: after every move, each string's liberties as kept
 * incrementally equal a fresh flood fill of the same stones. */
static void test_incremental_liberties_match_a_flood_fill(void **state)
{
    (void)state;
    static go_geometry geo;
    go_geometry_init(&geo);
    sg_rng rng;
    sg_rng_seed(&rng, 5);
    const char *const starts[] = { "......./......./......./......./......./......./.......",
                                   "..#../.#.../...../..#../.....",
                                   "........./........./........./........./........./"
                                   "........./........./........./........." };
    unsigned long checked = 0, captures = 0, kos = 0;
    for (int game = 0; game < 60; game++) {
        pos p = parse_ok(starts[game % 3]);
        go_board b;
        assert_true(go_board_from_pos(&b, &geo, (const go_pos *)p.b));
        int c = GO_BLACK, passes = 0;
        for (int move = 0; move < 300 && passes < 2; move++, c = 1 - c) {
            int cand[GO_POINTS], n = 0;
            for (go_bb e = b.on & ~(b.stones[0] | b.stones[1]); e; e &= e - 1)
                if (go_board_sensible(&b, go_bb_first(e), c))
                    cand[n++] = go_bb_first(e);
            if (n == 0) {
                passes++;
                b.ko = GO_NO_POINT;
                continue;
            }
            passes = 0;
            captures += go_board_play(&b, cand[sg_rng_below(&rng, (uint64_t)n)], c) > 0;
            kos += b.ko != GO_NO_POINT;
            go_pos snap;
            go_board_to_pos(&b, &snap);
            go_board fresh;
            assert_true(go_board_from_pos(&fresh, &geo, &snap));
            for (int col = 0; col < 2; col++)
                for (go_bb s = b.stones[col]; s; s &= s - 1) {
                    int q = go_bb_first(s);
                    assert_true(b.str_stones[b.sid[q]] == fresh.str_stones[fresh.sid[q]]);
                    assert_true(b.str_libs[b.sid[q]] == fresh.str_libs[fresh.sid[q]]);
                    checked++;
                }
        }
    }
    /* the games exercised what they were meant to */
    assert_true(checked > 10000);
    assert_true(captures > 100);
    assert_true(kos > 5);
}

/* The shapes match where the report draws them, in every orientation and for both
 * colours, and not on an empty neighbourhood. */
static void test_mogo_patterns(void **state)
{
    (void)state;
    static go_geometry geo;
    static go_patterns pat;
    go_geometry_init(&geo);
    go_patterns_init(&pat);
    static const struct {
        const char *board;
        const char *point;
        bool match;
    } cases[] = {
        { "...../.XOX./...../...../.....", "c3", true },  /* enclosing hane */
        { "...../.OXO./...../...../.....", "c3", true },  /* colours swapped */
        { "...../...../...../.XOX./.....", "c3", true },  /* upside down */
        { "...../..X../..O../..X../.....", "b3", true },  /* turned a quarter */
        { "...../.XO../.O.../...../.....", "c3", true },  /* cut: X O over O . */
        { "...../...../...../...../.....", "c3", false }, /* nothing around */
        { "...../.X.../...../...../.....", "c3", false }, /* one stone is no shape */
        { "...../...../...../.X.../.O...", "c1", true },  /* edge: chase */
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        pos p = parse_ok(cases[i].board);
        go_board b;
        assert_true(go_board_from_pos(&b, &geo, (const go_pos *)p.b));
        int q = (int)point(&p, cases[i].point);
        if (go_patterns_match(&pat, &b, q) != cases[i].match)
            fail_msg("%s at %s: expected %s", cases[i].board, cases[i].point,
                     cases[i].match ? "a match" : "none");
    }
}

static void test_exact_solvers_refuse_ko(void **state)
{
    (void)state;
    /* White's b2 stone is in atari: Black's capture there makes a ko */
    support_run r = support_host("solve 'rcg:3|-3 + go:.XO./XO.O/.XO.'", NULL);
    support_assert_error(&r, "component 2: go:");
    assert_non_null(strstr(r.err, "ko"));
    support_run_free(&r);
    r = support_host("analyze 'go:.XO./XO.O/.XO.'", NULL);
    support_assert_error(&r, "does not handle ko");
    support_run_free(&r);
    /* TDS plays the ko out against the coupon stack (coupons are ko threats) and says the
     * result is not a combinatorial game value */
    r = support_host("analyze 'go:.XO./XO.O/.XO.' --method tds --time 1 --json", NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "\"exact\":false,\"ko\":true");
    support_run_free(&r);
    /* without a ko the exact engine answers, and TDS does not speak of a ko: '..' ends
     * as soon as its ko is taken (the region is then finished) */
    r = support_host("analyze 'go:XX./X.X/.X.' --json", NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "\"mean\":\"9\"");
    support_run_free(&r);
    r = support_host("analyze 'go:..' --method tds --json", NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "\"exact\":true,\"ko\":false");
    support_run_free(&r);
}

/* Issue 28: the ko the exact engine meets deep in play is named with the position given,
 * not as if it were that position: an empty 3x3 region is not a ko. */
static void test_exact_ko_names_the_position_given(void **state)
{
    (void)state;
    support_run r = support_host("analyze 'go:.../.../...'", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "sumgame: analyze: go: play from '.../.../...' reaches a ko "
                               "after 34 moves ('XXX/XO./O.O[ko=b1,moves=34]': a ban a move "
                               "elsewhere lifts); exact analysis does not handle ko\n");
    support_run_free(&r);
    r = support_host("solve 'rcg:3|-3 + go:.../.../...'", NULL);
    assert_int_equal(r.status, 1);
    support_assert_error(&r, "sumgame: solve: component 2: go: play from '.../.../...' "
                             "reaches a ko after 34 moves");
    support_run_free(&r);
    /* a ban in the position given: that position is the ko */
    r = support_host("analyze 'go:.XO./X.XO/.XO.[ko=b2,moves=1]'", NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "sumgame: analyze: go: '.XO./X.XO/.XO.[ko=b2,moves=1]' is a ko "
                               "(a ban a move elsewhere lifts); exact analysis does not "
                               "handle ko\n");
    support_run_free(&r);
}

static int occurrences(const char *text, const char *needle)
{
    int n = 0;
    for (const char *l = text; (l = strstr(l, needle)); l++)
        n++;
    return n;
}

static void test_match_passes_and_komi(void **state)
{
    (void)state;
    /* White, first, has no move (b1 and d2 would be suicide), so it passes; Black's only
     * move takes the stone at b2, the region is finished at Black's 10 stones and 2
     * eyes, and komi 1/2 is taken once: 23/2. */
    char *lines = support_match_records(
        "[match]\nleft = a\nright = b\ngames = 1\nfirst = right\nkomi = 1/2\n"
        "[sum]\nsum.1 = go:XXXX/XOX./X.XX\n"
        "[strategy.a]\nplugin = random\n[strategy.b]\nplugin = random\n");
    support_assert_contains(lines, "\"moves\":[\"pass\",\"1:b1\"]");
    support_assert_contains(lines, "\"final_score\":\"23/2\"");
    free(lines);
}

/* A seki (Sensei's Library, "Seki"): two strings share their two liberties b1 and b2 and
 * have no eye, so whoever fills one is captured next. Neither should play; under
 * territory rules the region then counts 0 (b1 and b2 are dame, no prisoners). The
 * solver's canonical form is the number 0, so it has no move to give, and the move it
 * used to play anyway (b2, in both games) lost 5 points; now each player passes. */
static void test_solver_passes_in_seki(void **state)
{
    (void)state;
    char *lines = support_match_records(
        "[match]\nleft = a\nright = b\ngames = 1\n"
        "[sum]\nsum.1 = go:X.O/X.O\ngo.rules = territory\ngo.ko = local\n"
        "[strategy.a]\nplugin = solver\n[strategy.b]\nplugin = solver\n");
    assert_int_equal(occurrences(lines, "\"final_score\":\"0\""), 2);
    assert_int_equal(occurrences(lines, "\"moves\":[\"pass\",\"pass\"]"), 2);
    free(lines);
}

static void test_match_mixes_go_amazons_rcg(void **state)
{
    (void)state;
    char *lines = support_match_records(
        "[match]\nleft = a\nright = b\ngames = 2\nkomi = 7/2\n"
        "[sum]\nsum.1 = go:...../...../...../...../..... + amazons:x.xx/.xBx/W.xx/xxxx"
        " + rcg:114|66||49|0\n"
        "sum.2 = rcg:{9|-9}|-9 + go:.XO./XO.O/.XO. + amazons:x.xx/.xBx/W.xx/xxxx\n"
        "[strategy.a]\nplugin = random\n[strategy.b]\nplugin = random\n");
    /* every game ends with every component settled, no estimate, no forfeit */
    assert_int_equal(occurrences(lines, "\"game\":"), 4);
    assert_null(strstr(lines, "\"score_estimated\":true"));
    assert_null(strstr(lines, "\"forfeit\":\""));
    free(lines);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_captures),
        cmocka_unit_test(test_suicide_is_not_a_move),
        cmocka_unit_test(test_ko_in_one_region),
        cmocka_unit_test(test_ko_threat_elsewhere_lifts_the_ban),
        cmocka_unit_test(test_finished_regions_settle_at_their_area),
        cmocka_unit_test(test_move_cap_settles_as_it_stands),
        cmocka_unit_test(test_true_and_false_eyes),
        cmocka_unit_test(test_notation),
        cmocka_unit_test(test_forced_playouts),
        cmocka_unit_test(test_incremental_liberties_match_a_flood_fill),
        cmocka_unit_test(test_mogo_patterns),
        cmocka_unit_test(test_exact_solvers_refuse_ko),
        cmocka_unit_test(test_exact_ko_names_the_position_given),
        cmocka_unit_test(test_match_passes_and_komi),
        cmocka_unit_test(test_solver_passes_in_seki),
        cmocka_unit_test(test_match_mixes_go_amazons_rcg),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
