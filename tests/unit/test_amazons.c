/* The Amazons plugin: notation (the TDS paper's Figure 2 room), move notation, arrows
 * onto and through the vacated square, perft against the published counts, splitting
 * into rooms, settled values worked by hand, the min-distance evaluation worked by hand,
 * the generator, and a cross-check against a naive array-based reference written here. */
#include "support.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/cgt.h"
#include "sumgame/params.h"
#include "sumgame/rng.h"

static support_game amz;

typedef int (*perft_fn)(void *instance, const void *pos, int who, int depth,
                        uint64_t *leaves);
static perft_fn fast_perft;

static int open_amazons(void **state)
{
    (void)state;
    support_game_open(&amz, "amazons", NULL);
    fast_perft = (perft_fn)dlsym(amz.plugin.handle, "sumgame_amazons_perft");
    return fast_perft ? 0 : -1;
}

static int close_amazons(void **state)
{
    (void)state;
    support_game_close(&amz);
    return 0;
}

static const sg_game_desc *D(void) { return amz.game.desc; }
static void *I(void) { return amz.game.instance; }

typedef support_pos pos;

static pos parse_ok(const char *text) { return support_parse(&amz.game, text); }
static bool same(const pos *a, const pos *b) { return support_same(&amz.game, a, b); }
static const char *fmt(const pos *p) { return support_format(&amz.game, p); }

static const char *number_of(const char *text)
{
    static char buf[SG_VALUE_TEXT_MAX];
    pos p = parse_ok(text);
    sg_value v;
    if (!D()->number(I(), p.b, &v))
        return "none";
    sg_value_format(v, buf, sizeof buf);
    return buf;
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

static size_t count_moves(const pos *p, sg_player who)
{
    size_t n = 0;
    sg_move one;
    int rc = D()->moves(I(), p->b, who, &one, 0, &n);
    assert_true(rc == SG_OK || rc == SG_ERR_RANGE);
    return n;
}

static void assert_one_line(const char *err)
{
    assert_true(err[0] != '\0');
    assert_null(strchr(err, '\n'));
}

/* The standard start: Black (Left) on a4, d1, g1, j4; White on a7, d10, g10, j7. */
static const char *const START = "...W..W.../........../........../W........W/........../"
                                 "........../B........B/........../........../...B..B...";

/* ---- Notation ---------------------------------------------------------------------- */

static void test_figure2_room(void **state)
{
    (void)state;
    pos p = parse_ok("x.xx/.xBx/W.xx/xxxx");
    assert_string_equal(fmt(&p), "x.xx/.xBx/W.xx/xxxx");
    /* The paper's PV: White a2-a3xb2, then Black c3-b4xc3. */
    sg_move m;
    char err[256];
    assert_int_equal(D()->parse_move(I(), p.b, SG_LEFT, "a2-a3xb2", &m, err, sizeof err),
                     SG_ERR_INVALID);
    assert_non_null(strstr(err, "no Black amazon"));
    pos q = play_text(&p, SG_RIGHT, "a2-a3xb2");
    assert_string_equal(fmt(&q), "x.xx/WxBx/.xxx/xxxx");
    pos r = play_text(&q, SG_LEFT, "c3-b4xc3");
    assert_string_equal(fmt(&r), "xBxx/Wxxx/.xxx/xxxx");
    /* Black on c3 has exactly the moves to b4 and b2 (the row and column are blocked). */
    assert_int_equal(D()->parse_move(I(), p.b, SG_LEFT, "c3-d4xc3", &m, err, sizeof err),
                     SG_ERR_INVALID);
    pos s = play_text(&p, SG_LEFT, "c3-b2xa3");
    assert_string_equal(fmt(&s), "x.xx/xx.x/WBxx/xxxx");
}

static void test_notation_round_trips(void **state)
{
    (void)state;
    /* apart, since clang takes a literal joined across lines in a list for a lost comma */
    static const char ten[] = "BBBBBBBBBB/WWWWWWWWWW/........../xxxxxxxxxx/B.W.x.B.W./"
                              "........../........../........../........../.........W";
    static const char *const texts[] = {
        "B", "x", ".", "W", "B...", "B./.W", "B.x.W/..x..", "x.xx/.xBx/W.xx/xxxx", ten,
        "B/./././././././W/x",
    };
    for (size_t i = 0; i < sizeof texts / sizeof texts[0]; i++) {
        pos p = parse_ok(texts[i]);
        assert_string_equal(fmt(&p), texts[i]);
        pos q = parse_ok(fmt(&p));
        assert_true(same(&p, &q));
    }
    pos start = parse_ok(START);
    assert_string_equal(fmt(&start), START);
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
    assert_parse_error("B..//...", "empty row");
    assert_parse_error("/", "empty row");
    assert_parse_error("B../..", "row 2 has 2 squares but row 1 has 3");
    assert_parse_error("B.q", "bad square 'q'");
    assert_parse_error("B.. ", "bad character 0x20");
    assert_parse_error("b...", "bad square 'b'");
    assert_parse_error("...........", "more than 10 squares");
    assert_parse_error("./././././././././././.", "more than 10 rows");
    char buf[256];
    D()->format(I(), parse_ok("B.W").b, buf, 2);
    assert_int_equal(D()->format(I(), parse_ok("B.W").b, buf, 3), SG_ERR_RANGE);
    assert_int_equal(D()->format(I(), parse_ok("B.W").b, buf, 4), SG_OK);
}

/* ---- Moves ------------------------------------------------------------------------- */

static void test_move_notation_round_trip(void **state)
{
    (void)state;
    static const char *const texts[] = { "x.xx/.xBx/W.xx/xxxx", "B.x.W/..x..", "B..W/..../..../W..B" };
    for (size_t t = 0; t < sizeof texts / sizeof texts[0]; t++) {
        pos p = parse_ok(texts[t]);
        for (int who = 0; who < 2; who++) {
            sg_move m[512];
            size_t n = 0;
            assert_int_equal(D()->moves(I(), p.b, (sg_player)who, m, 512, &n), SG_OK);
            assert_true(n > 0);
            for (size_t i = 0; i < n; i++) {
                char text[32], err[256];
                sg_move back;
                assert_int_equal(D()->format_move(I(), p.b, m[i], text, sizeof text), SG_OK);
                assert_int_equal(D()->parse_move(I(), p.b, (sg_player)who, text, &back, err,
                                                 sizeof err), SG_OK);
                assert_true(back == m[i]);
            }
        }
    }
    pos big = parse_ok(START);
    pos after = play_text(&big, SG_RIGHT, "d10-d2xj2");
    assert_string_equal(fmt(&after), "......W.../........../........../W........W/........../"
                                     "........../B........B/........../...W.....x/...B..B...");
    sg_move m;
    char text[32];
    assert_int_equal(D()->parse_move(I(), big.b, SG_RIGHT, "d10-d2xj2", &m, text, sizeof text), SG_OK);
    assert_int_equal(D()->format_move(I(), big.b, m, text, sizeof text), SG_OK);
    assert_string_equal(text, "d10-d2xj2");
}

static void assert_move_error(const char *position, sg_player who, const char *move,
                              const char *needle)
{
    pos p = parse_ok(position);
    sg_move m;
    char err[256] = "";
    assert_int_equal(D()->parse_move(I(), p.b, who, move, &m, err, sizeof err), SG_ERR_INVALID);
    assert_one_line(err);
    if (!strstr(err, needle))
        fail_msg("parse_move '%s': message '%s' lacks '%s'", move, err, needle);
}

static void test_move_errors(void **state)
{
    (void)state;
    const char *room = "...W/..../..../B...";
    assert_move_error(room, SG_LEFT, "a1a2xa3", "bad move");
    assert_move_error(room, SG_LEFT, "a1-a2", "bad move");
    assert_move_error(room, SG_LEFT, "a1-a2xa3 ", "bad move");
    assert_move_error(room, SG_LEFT, "k1-a2xa3", "bad move");
    assert_move_error(room, SG_LEFT, "a0-a2xa3", "bad move");
    assert_move_error(room, SG_LEFT, "a1-a5xa3", "off the board");
    assert_move_error(room, SG_LEFT, "a1-e1xa3", "off the board");
    assert_move_error(room, SG_LEFT, "b1-b2xb3", "no Black amazon");
    assert_move_error(room, SG_RIGHT, "a1-a2xa3", "no White amazon");
    assert_move_error(room, SG_LEFT, "a1-b3xa1", "cannot reach the to square");
    assert_move_error(room, SG_LEFT, "a1-d4xa1", "cannot reach the to square"); /* White */
    assert_move_error(room, SG_LEFT, "a1-a2xb4", "arrow cannot reach");
    assert_move_error(room, SG_LEFT, "a1-a2xa2", "arrow cannot reach");
    assert_move_error(room, SG_LEFT, "a1-c3xd4", "arrow cannot reach"); /* onto White */
    /* play() rejects an unlisted code with one line */
    pos p = parse_ok(room);
    pos out;
    char err[256] = "";
    assert_int_equal(D()->play(I(), p.b, SG_LEFT, UINT64_C(0xffffffffff), out.b, err, sizeof err),
                     SG_ERR_INVALID);
    assert_one_line(err);
}

static void test_arrow_onto_and_through_vacated_square(void **state)
{
    (void)state;
    /* 1x4, Black on a1: to b1, c1 or d1, and from each landing square the arrow reaches
     * the three other squares of the row, a1 included (onto it, or through b1 onto it). */
    pos p = parse_ok("B...");
    assert_int_equal(count_moves(&p, SG_LEFT), 9);
    assert_int_equal(count_moves(&p, SG_RIGHT), 0);
    assert_string_equal(fmt((pos[]){ play_text(&p, SG_LEFT, "a1-b1xa1") }), "xB..");
    assert_string_equal(fmt((pos[]){ play_text(&p, SG_LEFT, "a1-c1xa1") }), "x.B.");
    assert_string_equal(fmt((pos[]){ play_text(&p, SG_LEFT, "a1-d1xa1") }), "x..B");
    /* The amazon may also shoot across the square it left, beyond it. */
    pos q = parse_ok(".B..");
    assert_string_equal(fmt((pos[]){ play_text(&q, SG_LEFT, "b1-d1xa1") }), "x..B");
    pos r = parse_ok("..../.B../....");
    assert_string_equal(fmt((pos[]){ play_text(&r, SG_LEFT, "b2-c3xa1") }), "..B./..../x...");
}

/* ---- Perft ------------------------------------------------------------------------- */

static uint64_t perft_fast(const char *text, int depth)
{
    pos p = parse_ok(text);
    uint64_t leaves = 0;
    assert_int_equal(fast_perft(I(), p.b, SG_LEFT, depth, &leaves), SG_OK);
    return leaves;
}

static uint64_t perft_host(const char *text, int depth)
{
    char args[512];
    snprintf(args, sizeof args, "perft 'amazons:%s' %d --json", text, depth);
    support_run r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    const char *k = strstr(r.out, "\"leaves\":");
    assert_non_null(k);
    uint64_t leaves = strtoull(k + 9, NULL, 10);
    support_run_free(&r);
    return leaves;
}

static const char *const CORNER4 = "...W/..../..../B...";
static const char *const CORNER5 = "....W/...../...../...../B....";
static const char *const CORNER6 = ".....W/....../....../....../....../B.....";

static void test_perft_standard_start(void **state)
{
    (void)state;
    assert_int_equal(perft_fast(START, 1), 2176);
    assert_int_equal(perft_fast(START, 2), 4307152);
    /* No room settles in two moves from the start, so the host agrees. */
    assert_int_equal(perft_host(START, 1), 2176);
}

static void test_perft_corner_rooms(void **state)
{
    (void)state;
    assert_int_equal(perft_fast(CORNER4, 1), 72);
    assert_int_equal(perft_fast(CORNER4, 2), 3977);
    assert_int_equal(perft_fast(CORNER4, 3), 180576);
    assert_int_equal(perft_fast(CORNER5, 1), 135);
    assert_int_equal(perft_fast(CORNER5, 2), 14831);
    assert_int_equal(perft_fast(CORNER6, 1), 216);
    assert_int_equal(perft_fast(CORNER6, 2), 39552);
    assert_int_equal(perft_fast(CORNER4, 0), 1);
}

static void test_perft_host_agrees_before_rooms_settle(void **state)
{
    (void)state;
    /* After one move of each no 4x4, 5x5 or 6x6 corner room is settled yet (both
     * amazons keep a free neighbour), so the host's sum-based perft counts the same. */
    assert_int_equal(perft_host(CORNER4, 1), 72);
    assert_int_equal(perft_host(CORNER4, 2), 3977);
    assert_int_equal(perft_host(CORNER5, 2), 14831);
    assert_int_equal(perft_host(CORNER6, 2), 39552);
}

static void test_perft_rejects_bad_arguments(void **state)
{
    (void)state;
    pos p = parse_ok(CORNER4);
    uint64_t leaves;
    assert_int_equal(fast_perft(I(), p.b, 2, 1, &leaves), SG_ERR_INVALID);
    assert_int_equal(fast_perft(I(), p.b, SG_LEFT, -1, &leaves), SG_ERR_INVALID);
    pos junk;
    memset(&junk, 0xff, sizeof junk);
    assert_int_equal(fast_perft(I(), junk.b, SG_LEFT, 1, &leaves), SG_ERR_INVALID);
}

/* ---- Rooms ------------------------------------------------------------------------- */

static size_t split_texts(const char *text, char out[][256], size_t cap)
{
    pos p = parse_ok(text);
    static unsigned char parts[64 * SG_POS_MAX];
    size_t n = 0;
    assert_int_equal(D()->split(I(), p.b, parts, 64, &n), SG_OK);
    for (size_t i = 0; i < n && i < cap; i++)
        assert_int_equal(D()->format(I(), parts + i * D()->pos_size, out[i], 256), SG_OK);
    return n;
}

static void test_split_into_rooms(void **state)
{
    (void)state;
    char rooms[8][256];
    assert_int_equal(split_texts("B.x.W/..x..", rooms, 8), 2);
    assert_string_equal(rooms[0], "B.xxx/..xxx");
    assert_string_equal(rooms[1], "xxx.W/xxx..");
    /* One room: the Figure 2 room is connected through its diagonals. */
    assert_int_equal(split_texts("x.xx/.xBx/W.xx/xxxx", rooms, 8), 1);
    assert_string_equal(rooms[0], "x.xx/.xBx/W.xx/xxxx");
    /* A diagonal wall does not separate under queen adjacency... */
    assert_int_equal(split_texts("B.x/.x./x.W", rooms, 8), 1);
    /* ...but a full band of arrows does (rooms in order of their lowest square). */
    assert_int_equal(split_texts("B.xx/.xx./xx.W/x..W", rooms, 8), 2);
    assert_string_equal(rooms[0], "xxxx/xxx./xx.W/x..W");
    assert_string_equal(rooms[1], "B.xx/.xxx/xxxx/xxxx");
    /* Rooms without amazons are kept (number() settles them at 0). */
    assert_int_equal(split_texts("Bx./xxx/.x.", rooms, 8), 4);
    assert_string_equal(rooms[0], "xxx/xxx/.xx");
    assert_string_equal(rooms[1], "xxx/xxx/xx.");
    assert_string_equal(rooms[2], "Bxx/xxx/xxx");
    assert_string_equal(rooms[3], "xx./xxx/xxx");
    /* A short buffer gets the count and SG_ERR_RANGE. */
    pos p = parse_ok("Bx./xxx/.x.");
    unsigned char parts[2 * SG_POS_MAX];
    size_t n = 0;
    assert_int_equal(D()->split(I(), p.b, parts, 2, &n), SG_ERR_RANGE);
    assert_int_equal(n, 4);
}

static void test_host_splits_and_settles(void **state)
{
    (void)state;
    /* Black's room is worth 3 (a king's path through its three empty squares, each step
     * shooting back onto the square left), White's -3: both settle when the sum is made,
     * no live component is left, and perft at depth 1 finds no move. */
    assert_int_equal(perft_host("B.x.W/..x..", 1), 0);
}

/* ---- Settlement -------------------------------------------------------------------- */

static void test_settled_values(void **state)
{
    (void)state;
    /* 1x4, Black on a1: three moves a1-b1xa1, b1-c1xb1, c1-d1xc1 fill the row, and no run
     * is longer since each move fills one of the three empty squares. */
    assert_string_equal(number_of("B..."), "3");
    assert_string_equal(number_of("...B"), "3");
    assert_string_equal(number_of("...W"), "-3");
    /* A king's path visits all 15 empty squares of a 4x4 room (a snake), each step
     * shooting back onto the square just left; 15 is also the upper bound. */
    assert_string_equal(number_of("B.../..../..../...."), "15");
    assert_string_equal(number_of("..../..../.W../...."), "-15");
    /* 10x10 with one Black amazon: 99 in the same way. */
    assert_string_equal(number_of("B........./........../........../........../........../"
                                  "........../........../........../........../.........."),
                        "99");
    /* Three dead ends around b2: whichever way Black goes, its only arrow square is b2,
     * which isolates it: one move, though three squares are empty. */
    assert_string_equal(number_of("x.x/xBx/.x."), "1");
    assert_string_equal(number_of("x.x/xWx/.x."), "-1");
    /* d1 lies beyond the wall: White's only move is a1-b1xa1. */
    assert_string_equal(number_of("W.x."), "-1");
    /* Black stuck for good on a2, White on c1 has the one move c1-d1xc1. */
    assert_string_equal(number_of("Bxxx/xxW."), "-1");
    /* No amazons, or both stuck: 0. */
    assert_string_equal(number_of("x"), "0");
    assert_string_equal(number_of("..../...."), "0");
    assert_string_equal(number_of("Bx/xW"), "0");
    /* Two rooms, one per colour, not yet split: both players can move, so no number. */
    assert_string_equal(number_of("B.x.W/xxx.x"), "none");
    assert_string_equal(number_of("B.x/..x"), "3");
    /* Both players have moves: never settled. */
    assert_string_equal(number_of("B.W"), "none");
    assert_string_equal(number_of("x.xx/.xBx/W.xx/xxxx"), "none");
    assert_string_equal(number_of(START), "none");
}

static void test_settled_values_when_a_stuck_amazon_may_be_freed(void **state)
{
    (void)state;
    /* BW.: Black stuck; White's only move b1-c1xb1 leaves both stuck: { | 0 } = -1. */
    assert_string_equal(number_of("BW."), "-1");
    assert_string_equal(number_of("WB."), "1");
    /* xx./BW.: Black on a1 is stuck but touches White on b1. White's options are
     * b1-c1xb1 (-1: White has one more move), b1-c1xc2 (B.W in one row: {0|0} = *),
     * b1-c2xc1 (*: each side has one move to 0) and b1-c2xb1 (-1). The largest integer
     * n <= 0 that is not >= any of them is -2, since 0 and -1 are >= -1 and -2 < *. */
    assert_string_equal(number_of("xx./BW."), "-2");
    assert_string_equal(number_of("xx./WB."), "2");
}

/* ---- Evaluation -------------------------------------------------------------------- */

static sg_value eval_of(const char *text, sg_player to_move)
{
    pos p = parse_ok(text);
    return D()->evaluate(I(), p.b, to_move);
}

static void test_min_distance(void **state)
{
    (void)state;
    /* b1, c1 are one queen move from Black, e1 one from White; d1 is blocked. */
    assert_true(sg_value_eq(eval_of("B..x.W", SG_LEFT), sg_value_int(1)));
    assert_true(sg_value_eq(eval_of("B..x.W", SG_RIGHT), sg_value_int(1)));
    /* b1 and c1 are at distance 1 from both: ties count for nobody. */
    assert_true(sg_value_eq(eval_of("B..W", SG_LEFT), sg_value_int(0)));
    /* Black is walled in; White reaches all 11 empty squares. */
    assert_true(sg_value_eq(eval_of("Bx../xx../..../...W", SG_LEFT), sg_value_int(-11)));
    /* Figure 2: b4 is Black's (1 against 2), a3 White's (2 against 1), b2 a tie. */
    assert_true(sg_value_eq(eval_of("x.xx/.xBx/W.xx/xxxx", SG_LEFT), sg_value_int(0)));
    /* B on a3 (3x3), W on c1, arrow on c3: b3, a2 Black's; c2, b1 White's; a1, b2 ties. */
    assert_true(sg_value_eq(eval_of("B.x/.../..W", SG_LEFT), sg_value_int(0)));
    /* The start is symmetric under reflection in the middle row with colours swapped. */
    assert_true(sg_value_eq(eval_of(START, SG_LEFT), sg_value_int(0)));
    /* Only amazons of one colour: every reachable empty square counts. */
    assert_true(sg_value_eq(eval_of("B..x.", SG_LEFT), sg_value_int(2)));
    /* A queen move slides the whole length of a board: Black reaches the far end of its
     * row in one move, a tie with White next to it, so Black owns the rest of the row
     * but the two squares White also reaches in one move (widths 5, 6, 9 and 10, where
     * the slide needs 4, 5, 8 and 9 steps). */
    assert_true(sg_value_eq(eval_of("B..../xxxxW", SG_LEFT), sg_value_int(2)));
    assert_true(sg_value_eq(eval_of("B...../xxxxxW", SG_LEFT), sg_value_int(3)));
    assert_true(sg_value_eq(eval_of("B......../xxxxxxxxW", SG_LEFT), sg_value_int(6)));
    assert_true(sg_value_eq(eval_of("B........./xxxxxxxxxW", SG_LEFT), sg_value_int(7)));
}

static void test_temperature_bound_and_hash(void **state)
{
    (void)state;
    pos p = parse_ok("B.x.W/..x..");
    sg_value t;
    assert_true(D()->temperature_bound(I(), p.b, &t));
    assert_true(sg_value_eq(t, sg_value_int(6)));
    /* The same position reached by play and by parsing: equal bytes, equal hashes. */
    pos a = play_text((pos[]){ parse_ok("B...") }, SG_LEFT, "a1-b1xa1");
    pos b = parse_ok("xB..");
    assert_true(same(&a, &b));
    assert_true(D()->hash(I(), a.b) == D()->hash(I(), b.b));
    /* A transposition: Black and White each move once, in either order. */
    pos s = parse_ok(CORNER4);
    pos x = play_text((pos[]){ play_text(&s, SG_LEFT, "a1-b2xa1") }, SG_RIGHT, "d4-c3xd4");
    pos y = play_text((pos[]){ play_text(&s, SG_RIGHT, "d4-c3xd4") }, SG_LEFT, "a1-b2xa1");
    assert_true(same(&x, &y));
    assert_true(D()->hash(I(), x.b) == D()->hash(I(), y.b));
    assert_true(D()->hash(I(), x.b) != D()->hash(I(), s.b));
    /* The board size is part of the position. */
    assert_true(D()->hash(I(), parse_ok("x").b) != D()->hash(I(), parse_ok("x/x").b));
}

/* ---- Generator --------------------------------------------------------------------- */

static void count_chars(const char *s, int *b, int *w, int *x, int *dots, int *rows)
{
    *b = *w = *x = *dots = 0;
    *rows = 1;
    for (; *s; s++) {
        *b += *s == 'B';
        *w += *s == 'W';
        *x += *s == 'x';
        *dots += *s == '.';
        *rows += *s == '/';
    }
}

static void test_generator(void **state)
{
    (void)state;
    support_run a = support_host("gen amazons --count 20 --seed 7", NULL);
    support_run b = support_host("gen amazons --count 20 --seed 7", NULL);
    support_run c = support_host("gen amazons --count 20 --seed 8", NULL);
    assert_int_equal(a.status, 0);
    assert_string_equal(a.out, b.out);
    assert_string_not_equal(a.out, c.out);
    char *save = NULL;
    int lines = 0;
    for (char *line = strtok_r(a.out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        int nb, nw, nx, nd, rows;
        count_chars(line, &nb, &nw, &nx, &nd, &rows);
        assert_int_equal(nb, 1);
        assert_int_equal(nw, 1);
        assert_int_equal(nx, 3);
        assert_int_equal(nd, 11);
        assert_int_equal(rows, 4);
        lines++;
    }
    assert_int_equal(lines, 20);
    support_run_free(&a);
    support_run_free(&b);
    support_run_free(&c);

    support_run d = support_host("gen amazons --count 5 --seed 3 width=6 height=3 black=2 "
                                 "white=3 arrows=5", NULL);
    assert_int_equal(d.status, 0);
    save = NULL;
    for (char *line = strtok_r(d.out, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        int nb, nw, nx, nd, rows;
        count_chars(line, &nb, &nw, &nx, &nd, &rows);
        assert_int_equal(nb, 2);
        assert_int_equal(nw, 3);
        assert_int_equal(nx, 5);
        assert_int_equal(nd, 8);
        assert_int_equal(rows, 3);
        assert_int_equal(strlen(line), 6 * 3 + 2);
    }
    support_run_free(&d);

    /* Drawn directly: the same rng state gives the same position. */
    sg_rng r1, r2;
    sg_rng_seed(&r1, 99);
    sg_rng_seed(&r2, 99);
    pos p, q;
    char err[256];
    assert_int_equal(D()->generate(I(), &r1, p.b, err, sizeof err), SG_OK);
    assert_int_equal(D()->generate(I(), &r2, q.b, err, sizeof err), SG_OK);
    assert_true(same(&p, &q));
}

static void test_generator_param_errors(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        { "gen amazons widht=3", "unknown key 'widht'" },
        { "gen amazons width=11", "width" },
        { "gen amazons height=0", "height" },
        { "gen amazons black=-1", "black" },
        { "gen amazons white=x", "white" },
        { "gen amazons black=10 white=5 arrows=3", "do not fit on the 4x4 board" },
        { "gen amazons width=1 height=1 arrows=0", "do not fit on the 1x1 board" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        support_run r = support_host(cases[i][0], NULL);
        support_assert_error(&r, cases[i][1]);
        support_run_free(&r);
    }
    support_run ok = support_host("gen amazons width=1 height=1 black=1 white=0 arrows=0", NULL);
    assert_int_equal(ok.status, 0);
    assert_string_equal(ok.out, "B\n");
    support_run_free(&ok);
}

static void test_figure2_exact_values(void **state)
{
    (void)state;
    /* The TDS paper's worked example: mean 3/4, temperature 5/4. */
    support_run r = support_host("analyze 'amazons:x.xx/.xBx/W.xx/xxxx' --method exact --json",
                                 NULL);
    assert_int_equal(r.status, 0);
    assert_non_null(strstr(r.out, "\"mean\":\"3/4\""));
    assert_non_null(strstr(r.out, "\"temperature\":\"5/4\""));
    support_run_free(&r);
}

static void test_check_plugin(void **state)
{
    (void)state;
    char args[1024];
    snprintf(args, sizeof args,
             "check-plugin %s/games/amazons.so --position 'x.xx/.xBx/W.xx/xxxx' "
             "--position 'B.x.W/..x..' --position 'xx./BW.' --position '.B../W..W/..B./....'",
             support_build_dir());
    support_run r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("check-plugin failed:\n%s%s", r.out, r.err);
    support_run_free(&r);
    snprintf(args, sizeof args, "check-plugin %s/games/amazons.so --count 10 width=3 height=3",
             support_build_dir());
    r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("check-plugin failed:\n%s%s", r.out, r.err);
    support_run_free(&r);
}

/* ---- A naive reference ------------------------------------------------------------- */

/* A char grid, rows from the bottom, walked square by square: nothing shared with the
 * plugin's bitboards. */
typedef struct grid {
    int w, h;
    char c[10][10]; /* [row][col] */
} grid;

static void grid_from(const char *text, grid *g)
{
    memset(g, 0, sizeof *g);
    int rows = 1, cols = 0;
    for (const char *s = text; *s && *s != '/'; s++)
        cols++;
    for (const char *s = text; *s; s++)
        rows += *s == '/';
    g->w = cols;
    g->h = rows;
    int r = rows - 1, col = 0;
    for (const char *s = text; *s; s++) {
        if (*s == '/') {
            r--;
            col = 0;
        } else {
            g->c[r][col++] = *s;
        }
    }
}

static const int DC[8] = { 1, 1, 0, -1, -1, -1, 0, 1 };
static const int DR[8] = { 0, 1, 1, 1, 0, -1, -1, -1 };

static bool open_at(const grid *g, int c, int r)
{
    return c >= 0 && r >= 0 && c < g->w && r < g->h && g->c[r][c] == '.';
}

/* Every child of piece made on the grid in turn (pieces by rows, the eight directions
 * nearest first, then the arrow the same way), the grid restored after each: visit sees
 * it, and a visit that answers false ends the walk. False when a visit ended it. */
static bool naive_children(grid *g, char piece, bool (*visit)(grid *, void *), void *ctx)
{
    for (int r = 0; r < g->h; r++)
        for (int c = 0; c < g->w; c++) {
            if (g->c[r][c] != piece)
                continue;
            for (int d = 0; d < 8; d++)
                for (int k = 1; open_at(g, c + k * DC[d], r + k * DR[d]); k++) {
                    int tc = c + k * DC[d], tr = r + k * DR[d];
                    bool go_on = true;
                    g->c[r][c] = '.';
                    g->c[tr][tc] = piece;
                    for (int e = 0; e < 8 && go_on; e++)
                        for (int j = 1; go_on && open_at(g, tc + j * DC[e], tr + j * DR[e]); j++) {
                            int ac = tc + j * DC[e], ar = tr + j * DR[e];
                            g->c[ar][ac] = 'x';
                            go_on = visit(g, ctx);
                            g->c[ar][ac] = '.';
                        }
                    g->c[tr][tc] = '.';
                    g->c[r][c] = piece;
                    if (!go_on)
                        return false;
                }
        }
    return true;
}

typedef struct {
    char piece;
    uint64_t n;
    int *best_run, run_so_far;
} naive_count;

static uint64_t naive_moves(grid *g, char piece, int *best_run, int run_so_far);

static bool count_child(grid *g, void *ctx)
{
    naive_count *k = ctx;
    k->n++;
    if (k->best_run)
        naive_moves(g, k->piece, k->best_run, k->run_so_far + 1);
    return true;
}

/* Counts the moves of piece; with best_run, also plays every move out and records the
 * longest run of piece's moves (the other colour standing still). */
static uint64_t naive_moves(grid *g, char piece, int *best_run, int run_so_far)
{
    naive_count k = { piece, 0, best_run, run_so_far };
    naive_children(g, piece, count_child, &k);
    if (best_run && k.n == 0 && run_so_far > *best_run)
        *best_run = run_so_far;
    return k.n;
}

static int naive_longest_run(const char *text, char piece)
{
    grid g;
    grid_from(text, &g);
    int best = 0;
    naive_moves(&g, piece, &best, 0);
    return best;
}

/* The same longest run with a memo of whole grids (a linear-probing table of grid
 * copies), for rooms too big for the plain recursion. */
typedef struct run_memo {
    grid *keys;
    int *values;
    size_t mask, used;
} run_memo;

static size_t grid_hash(const grid *g)
{
    size_t h = 1469598103934665603u;
    const unsigned char *p = (const unsigned char *)g;
    for (size_t i = 0; i < sizeof *g; i++)
        h = (h ^ p[i]) * 1099511628211u;
    return h;
}

static int memo_run(run_memo *m, grid *g, char piece)
{
    size_t i = grid_hash(g) & m->mask;
    while (m->values[i] >= 0) {
        if (memcmp(&m->keys[i], g, sizeof *g) == 0)
            return m->values[i];
        i = (i + 1) & m->mask;
    }
    int best = 0;
    for (int r = 0; r < g->h; r++)
        for (int c = 0; c < g->w; c++) {
            if (g->c[r][c] != piece)
                continue;
            for (int d = 0; d < 8; d++)
                for (int k = 1; open_at(g, c + k * DC[d], r + k * DR[d]); k++) {
                    int tc = c + k * DC[d], tr = r + k * DR[d];
                    g->c[r][c] = '.';
                    g->c[tr][tc] = piece;
                    for (int e = 0; e < 8; e++)
                        for (int j = 1; open_at(g, tc + j * DC[e], tr + j * DR[e]); j++) {
                            int ac = tc + j * DC[e], ar = tr + j * DR[e];
                            g->c[ar][ac] = 'x';
                            int v = 1 + memo_run(m, g, piece);
                            g->c[ar][ac] = '.';
                            if (v > best)
                                best = v;
                        }
                    g->c[tr][tc] = '.';
                    g->c[r][c] = piece;
                }
        }
    if (++m->used > m->mask / 2)
        fail_msg("the reference memo is full");
    i = grid_hash(g) & m->mask;
    while (m->values[i] >= 0)
        i = (i + 1) & m->mask;
    m->keys[i] = *g;
    m->values[i] = best;
    return best;
}

/* The rows of a w x h array of cells as position text ("B.x/..W"), and its empty squares. */
static size_t cells_text(const char *cells, int w, int h, char *text)
{
    size_t t = 0, empties = 0;
    for (int r = 0; r < h; r++) {
        if (r)
            text[t++] = '/';
        for (int c = 0; c < w; c++) {
            text[t++] = cells[r * w + c];
            empties += cells[r * w + c] == '.';
        }
    }
    text[t] = '\0';
    return empties;
}

/* Single amazons in 4x4 and 5x4 rooms with up to 10 empty squares, against the memoized
 * naive search: exercises the plugin's pruning and room splitting on runs that do not
 * fill their room. */
static void test_longest_runs_against_memoized_reference(void **state)
{
    (void)state;
    run_memo m;
    m.mask = (1u << 17) - 1;
    m.keys = malloc((m.mask + 1) * sizeof *m.keys);
    m.values = malloc((m.mask + 1) * sizeof *m.values);
    assert_non_null(m.keys);
    assert_non_null(m.values);
    sg_rng rng;
    sg_rng_seed(&rng, 77);
    int unfilled = 0, checked = 0;
    for (int trial = 0; trial < 200; trial++) {
        int w = 4 + (int)sg_rng_below(&rng, 2), h = 4;
        char cells[20];
        for (int i = 0; i < w * h; i++)
            cells[i] = sg_rng_below(&rng, 100) < 40 ? 'x' : '.';
        cells[sg_rng_below(&rng, (uint64_t)(w * h))] = 'B';
        char text[64];
        size_t empties = cells_text(cells, w, h, text);
        if (empties > 10)
            continue;
        memset(m.values, 0xff, (m.mask + 1) * sizeof *m.values);
        m.used = 0;
        grid g;
        grid_from(text, &g);
        int want = memo_run(&m, &g, 'B');
        char wtext[16];
        snprintf(wtext, sizeof wtext, "%d", want);
        if (strcmp(number_of(text), wtext) != 0)
            fail_msg("%s: number %s, reference longest run %d", text, number_of(text), want);
        unfilled += (size_t)want < empties;
        checked++;
    }
    print_message("%d rooms checked, %d not filled\n", checked, unfilled);
    assert_true(checked >= 80 && unfilled >= 15);
    free(m.keys);
    free(m.values);
}

static void test_against_naive_reference(void **state)
{
    (void)state;
    sg_rng rng;
    sg_rng_seed(&rng, 2024);
    int checked_runs = 0;
    for (int trial = 0; trial < 300; trial++) {
        int w = 2 + (int)sg_rng_below(&rng, 3), h = 2 + (int)sg_rng_below(&rng, 3);
        char cells[16];
        for (int i = 0; i < w * h; i++)
            cells[i] = sg_rng_below(&rng, 10) < 3 ? 'x' : '.';
        int nb = 1 + (int)sg_rng_below(&rng, 2), nw = (int)sg_rng_below(&rng, 2);
        for (int k = 0; k < nb + nw; k++)
            cells[sg_rng_below(&rng, (uint64_t)(w * h))] = k < nb ? 'B' : 'W';
        char text[64];
        size_t empties = cells_text(cells, w, h, text);
        pos p = parse_ok(text);
        assert_string_equal(fmt(&p), text);
        grid g;
        grid_from(text, &g);
        for (int who = 0; who < 2; who++) {
            uint64_t want = naive_moves(&g, who == 0 ? 'B' : 'W', NULL, 0);
            if (count_moves(&p, (sg_player)who) != want)
                fail_msg("%s: %s has %zu moves, the naive count is %llu", text,
                         who == 0 ? "Black" : "White", count_moves(&p, (sg_player)who),
                         (unsigned long long)want);
        }
        /* The naive longest run has no memo: only small rooms. */
        if (!strchr(text, 'W') && empties <= 6) {
            char want[16];
            snprintf(want, sizeof want, "%d", naive_longest_run(text, 'B'));
            if (strcmp(number_of(text), want) != 0)
                fail_msg("%s: number %s, naive longest run %s", text, number_of(text), want);
            checked_runs++;
        }
    }
    assert_true(checked_runs > 30);
}

/* The min-distance evaluation on a grid: each side's queen-move distance to every empty
 * square by rounds of slides, then the squares each side reaches first (ties and squares
 * nobody reaches count for nobody), Black's minus White's. */
static int naive_min_distance(const grid *g)
{
    enum { FAR = 99 };
    int dist[2][10][10];
    for (int side = 0; side < 2; side++) {
        char piece = side == 0 ? 'B' : 'W';
        for (int r = 0; r < g->h; r++)
            for (int c = 0; c < g->w; c++)
                dist[side][r][c] = g->c[r][c] == piece ? 0 : FAR;
        for (int k = 1; k < FAR; k++) {
            bool grew = false;
            for (int r = 0; r < g->h; r++)
                for (int c = 0; c < g->w; c++) {
                    if (dist[side][r][c] != k - 1)
                        continue;
                    for (int d = 0; d < 8; d++)
                        for (int j = 1; open_at(g, c + j * DC[d], r + j * DR[d]); j++) {
                            int *to = &dist[side][r + j * DR[d]][c + j * DC[d]];
                            if (*to == FAR) {
                                *to = k;
                                grew = true;
                            }
                        }
                }
            if (!grew)
                break;
        }
    }
    int value = 0;
    for (int r = 0; r < g->h; r++)
        for (int c = 0; c < g->w; c++)
            if (g->c[r][c] == '.')
                value += (dist[0][r][c] < dist[1][r][c]) - (dist[1][r][c] < dist[0][r][c]);
    return value;
}

typedef struct {
    char piece;
    bool any;
    int best;
} naive_best;

static bool best_of_child(grid *g, void *ctx)
{
    naive_best *b = ctx;
    int v = naive_min_distance(g);
    if (!b->any || (b->piece == 'B' ? v > b->best : v < b->best))
        b->best = v;
    b->any = true;
    return true;
}

/* The greatest (Black) or least (White) naive_min_distance over every child of piece,
 * made one by one on the grid; false when piece has no move. */
static bool naive_best_child(grid *g, char piece, int *best)
{
    naive_best b = { piece, false, 0 };
    naive_children(g, piece, best_of_child, &b);
    *best = b.best;
    return b.any;
}

typedef struct {
    uint64_t k;
    grid *out;
} naive_pick;

static bool pick_child(grid *g, void *ctx)
{
    naive_pick *p = ctx;
    if (p->k-- > 0)
        return true;
    *p->out = *g;
    return false;
}

/* Plays piece's k-th move on the grid, in naive_moves' order (k below its count). */
static void naive_play(grid *g, char piece, uint64_t k)
{
    grid child;
    naive_pick p = { k, &child };
    if (naive_children(g, piece, pick_child, &p))
        fail_msg("naive_play: no move %llu", (unsigned long long)k);
    *g = child;
}

/* The grid as position text, top row first. */
static void grid_text(const grid *g, char *text)
{
    size_t t = 0;
    for (int r = g->h - 1; r >= 0; r--) {
        if (r < g->h - 1)
            text[t++] = '/';
        for (int c = 0; c < g->w; c++)
            text[t++] = g->c[r][c];
    }
    text[t] = '\0';
}

/* evaluate_options (TDS+'s one-ply leaves), which bounds the children and evaluates most
 * of them only in part, against the best of every child evaluated in full on the grid, for
 * both players: random rooms of 4x4 to 7x7 (below bit 64 and on the 128-bit board) with
 * one or two amazons a side, sparse to dense arrows, and the positions random play leads
 * to from them, whose arrows next to the amazons make the narrow rooms that take the
 * search three rounds and more. */
static void test_evaluate_options_against_naive_reference(void **state)
{
    (void)state;
    sg_rng rng;
    sg_rng_seed(&rng, 2531);
    int compared = 0, stuck = 0;
    for (int trial = 0; trial < 200; trial++) {
        int w = 4 + (int)sg_rng_below(&rng, 4), h = 4 + (int)sg_rng_below(&rng, 4);
        int density = (int)sg_rng_below(&rng, 40);
        char cells[49];
        for (int i = 0; i < w * h; i++)
            cells[i] = (int)sg_rng_below(&rng, 100) < density ? 'x' : '.';
        int nb = 1 + (int)sg_rng_below(&rng, 2), nw = 1 + (int)sg_rng_below(&rng, 2);
        for (int k = 0; k < nb + nw; k++) {
            size_t at;
            do
                at = (size_t)sg_rng_below(&rng, (uint64_t)(w * h));
            while (cells[at] == 'B' || cells[at] == 'W');
            cells[at] = k < nb ? 'B' : 'W';
        }
        char text[64];
        cells_text(cells, w, h, text);
        grid g;
        grid_from(text, &g);
        for (int ply = 0; ply < 12; ply++) {
            grid_text(&g, text);
            pos p = parse_ok(text);
            for (int who = 0; who < 2; who++) {
                int want = 0;
                bool want_any = naive_best_child(&g, who == 0 ? 'B' : 'W', &want);
                sg_value got;
                bool got_any = D()->evaluate_options(I(), p.b, (sg_player)who, &got);
                if (got_any != want_any || (want_any && !sg_value_eq(got, sg_value_int(want))))
                    fail_msg("%s: %s's best child %s %g, the naive best %s %d", text,
                             who == 0 ? "Black" : "White", got_any ? "is" : "none",
                             got_any ? sg_value_to_double(got) : 0.0,
                             want_any ? "is" : "none", want);
                compared++;
                stuck += !want_any;
            }
            char piece = ply % 2 ? 'W' : 'B';
            uint64_t n = naive_moves(&g, piece, NULL, 0);
            if (!n)
                break;
            naive_play(&g, piece, sg_rng_below(&rng, n));
        }
    }
    print_message("%d positions and players compared, %d without a move\n", compared, stuck);
    assert_true(compared > 2000 && stuck > 50);
}

static bool no_number(void *instance, const void *position, sg_value *value)
{
    (void)instance;
    (void)position;
    (void)value;
    return false;
}

/* Positions where one side is stuck but touches the other's amazons (so it may be freed):
 * number() against the canonical form walked without number() (the same plugin with the
 * hook removed, so no answer of number() feeds the reference). The plugin first tries to
 * show that the other side's longest run keeps the stuck side stuck all the way, and
 * compares with integers when it cannot; both paths come up here. The reference's number()
 * knows none. */
static void test_stuck_values_against_forms(void **state)
{
    (void)state;
    sg_game_desc blind = *D();
    blind.number = no_number;
    sg_game g = amz.game;
    g.desc = &blind;
    sg_rng rng;
    sg_rng_seed(&rng, 2611);
    int checked = 0, negative = 0, positive = 0;
    for (int trial = 0; trial < 4000 && checked < 60; trial++) {
        int w = 3 + (int)sg_rng_below(&rng, 2), h = 3;
        char cells[12];
        for (int i = 0; i < w * h; i++)
            cells[i] = sg_rng_below(&rng, 10) < 4 ? 'x' : '.';
        int nb = 1 + (int)sg_rng_below(&rng, 2), nw = 1 + (int)sg_rng_below(&rng, 2);
        for (int k = 0; k < nb + nw; k++)
            cells[sg_rng_below(&rng, (uint64_t)(w * h))] = k < nb ? 'B' : 'W';
        char text[32];
        size_t empties = cells_text(cells, w, h, text);
        grid gr;
        grid_from(text, &gr);
        uint64_t bm = naive_moves(&gr, 'B', NULL, 0), wm = naive_moves(&gr, 'W', NULL, 0);
        if ((bm == 0) == (wm == 0) || empties > 8 || !strchr(text, 'B') || !strchr(text, 'W'))
            continue;
        /* the stuck side touches the other */
        char stuck = bm == 0 ? 'B' : 'W', other = bm == 0 ? 'W' : 'B';
        bool touching = false;
        for (int i = 0; i < w * h && !touching; i++) {
            if (cells[i] != stuck)
                continue;
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++) {
                    int x = i % w + dx, y = i / w + dy;
                    if ((dx || dy) && x >= 0 && x < w && y >= 0 && y < h &&
                        cells[y * w + x] == other)
                        touching = true;
                }
        }
        if (!touching)
            continue;
        pos p = parse_ok(text);
        sg_cgt *table = sg_cgt_new();
        sg_cg form;
        char err[256];
        if (sg_cgt_from_game(table, &g, p.b, 0, &form, err, sizeof err) != SG_OK)
            fail_msg("%s: %s", text, err);
        sg_value v;
        if (!sg_cgt_is_number(table, form, &v))
            fail_msg("%s: the form is not a number", text);
        char want[SG_VALUE_TEXT_MAX];
        sg_value_format(v, want, sizeof want);
        if (strcmp(number_of(text), want) != 0)
            fail_msg("%s: number() says %s, the form %s", text, number_of(text), want);
        sg_cgt_free(table);
        checked++;
        negative += sg_value_cmp(v, sg_value_int(0)) < 0;
        positive += sg_value_cmp(v, sg_value_int(0)) > 0;
    }
    print_message("%d stuck positions checked (%d negative, %d positive)\n", checked, negative,
                  positive);
    assert_int_equal(checked, 60);
    assert_true(negative >= 10 && positive >= 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_figure2_room),
        cmocka_unit_test(test_notation_round_trips),
        cmocka_unit_test(test_notation_errors),
        cmocka_unit_test(test_move_notation_round_trip),
        cmocka_unit_test(test_move_errors),
        cmocka_unit_test(test_arrow_onto_and_through_vacated_square),
        cmocka_unit_test(test_perft_standard_start),
        cmocka_unit_test(test_perft_corner_rooms),
        cmocka_unit_test(test_perft_host_agrees_before_rooms_settle),
        cmocka_unit_test(test_perft_rejects_bad_arguments),
        cmocka_unit_test(test_split_into_rooms),
        cmocka_unit_test(test_host_splits_and_settles),
        cmocka_unit_test(test_settled_values),
        cmocka_unit_test(test_settled_values_when_a_stuck_amazon_may_be_freed),
        cmocka_unit_test(test_stuck_values_against_forms),
        cmocka_unit_test(test_min_distance),
        cmocka_unit_test(test_temperature_bound_and_hash),
        cmocka_unit_test(test_generator),
        cmocka_unit_test(test_generator_param_errors),
        cmocka_unit_test(test_figure2_exact_values),
        cmocka_unit_test(test_check_plugin),
        cmocka_unit_test(test_against_naive_reference),
        cmocka_unit_test(test_evaluate_options_against_naive_reference),
        cmocka_unit_test(test_longest_runs_against_memoized_reference),
    };
    return cmocka_run_group_tests(tests, open_amazons, close_amazons);
}
