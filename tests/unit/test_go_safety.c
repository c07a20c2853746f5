/* Safety by alternating play (plugins/go/safety.c): which eye shapes keep a chain marked
 * alive safe when the opponent attacks first and it answers. The expected values are the
 * textbook eye shapes (Sensei's Library, "Eye shape" and "Killable eyeshapes"; Davies,
 * "Life and Death", ch. 1): straight four, bent four away from the corner, straight five
 * and two separate eyes live; straight three, bent three, square four, pyramid four and
 * bulky five die when the attacker takes the vital point first. Each shape is a black
 * ring marked alive in the middle of a board that is otherwise White's, so the shape is
 * the ring's only eye space. The compiled-in safety.c is the plugin's own. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/host.h"

#include "../../plugins/go/board.c"
#include "../../plugins/go/safety.c"

static support_game go, proven_go;

static int setup(void **state)
{
    (void)state;
    support_game_open(&go, "go", NULL);
    const sg_param items[] = { { "marks", "proven", 0 } };
    sg_params params = { "test", "go", items, 1 };
    support_game_open(&proven_go, "go", &params);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    support_game_close(&go);
    support_game_close(&proven_go);
    return 0;
}

/* The board with the ring's 5x3 inside given as three rows: t an eye point (Black's
 * settled territory), x a stone of the ring. White's two edge rows are his eyes. */
static void ring_text(const char *a, const char *b, const char *c, char *text, size_t cap)
{
    snprintf(text, cap,
             "uuuuuuuuu/ooooooooo/oxxxxxxxo/ox%sxo/ox%sxo/ox%sxo/oxxxxxxxo/ooooooooo/"
             "uuuuuuuuu[whole]",
             a, b, c);
}

static support_pos ring(const char *a, const char *b, const char *c)
{
    char text[256];
    ring_text(a, b, c, text, sizeof text);
    return support_parse(&go.game, text);
}

/* Black's areas on the board p and how many are proven safe with White to move. */
static int proven_on(support_pos p, int *areas)
{
    go_geometry geo;
    go_geometry_init(&geo);
    int safe;
    go_bb covered;
    go_safety_count(sg_default_host(), &geo, (const go_pos *)p.b, GO_BLACK, 10000000, areas, &safe,
                    &covered);
    return safe;
}

/* Areas of Black's proven safe with White to move. */
static int proven(const char *a, const char *b, const char *c)
{
    support_pos p = ring(a, b, c);
    go_geometry geo;
    go_geometry_init(&geo);
    int areas, safe;
    go_bb covered;
    go_safety_count(sg_default_host(), &geo, (const go_pos *)p.b, GO_BLACK, 10000000, &areas, &safe,
                    &covered);
    assert_int_equal(areas, 1);
    return safe;
}

static void test_living_shapes(void **state)
{
    (void)state;
    assert_int_equal(proven("xxxxx", "ttttx", "xxxxx"), 1); /* straight four */
    assert_int_equal(proven("xxxxx", "tttxx", "xxtxx"), 1); /* bent four */
    assert_int_equal(proven("xxxxx", "ttttt", "xxxxx"), 1); /* straight five */
    assert_int_equal(proven("xxxxx", "txtxx", "xxxxx"), 1); /* two eyes (Benson) */
}

static void test_killable_shapes(void **state)
{
    (void)state;
    assert_int_equal(proven("xxxxx", "tttxx", "xxxxx"), 0); /* straight three */
    assert_int_equal(proven("xxxxx", "ttxxx", "xtxxx"), 0); /* bent three */
    assert_int_equal(proven("xxxxx", "ttxxx", "ttxxx"), 0); /* square four */
    assert_int_equal(proven("xxxxx", "tttxx", "xtxxx"), 0); /* pyramid four */
    assert_int_equal(proven("xxxxx", "tttxx", "ttxxx"), 0); /* bulky five */
}

/* Two chains, one group: Black's c9 chain borders the top-left corner only, which is one
 * eye; the chain from a5 has that corner and the bottom-left one. Neither chain has two
 * eyes alone, so Benson's count chain by chain proves nothing, but the corner joins them:
 * White's c6 has one liberty and is taken at b6, after which c6 is an eye White cannot
 * enter, and the c9 chain is the a5 chain's (Müller 1997 joins chains by such
 * connections before counting eyes). The shape is seed 1's of the page's self-play
 * (docs/results/go-endgames.md), White's side made safe. */
static void test_chains_joined_in_a_region(void **state)
{
    (void)state;
    int areas;
    support_pos p = support_parse(&go.game, "..xxouuuu/..xoouuuu/..xouuuuu/...xouuuu/xxxxouuuu/"
                                            "tttxouuuu/tttxouuuu/tttxouuuu/tttxouuuu[whole]");
    assert_int_equal(proven_on(p, &areas), 1);
    assert_int_equal(areas, 1);
    /* White's safe stones at b7 and c6 cut the c9 chain off: it is an area of its own, with
     * no region to read, and only the a5 chain's area is proven. */
    p = support_parse(&go.game, "..xxouuuu/..xoouuuu/.oxouuuuu/..oxouuuu/xxxxouuuu/"
                                "tttxouuuu/tttxouuuu/tttxouuuu/tttxouuuu[whole]");
    assert_int_equal(proven_on(p, &areas), 1);
    assert_int_equal(areas, 2);
}

/* Seed 1's board of the page's self-play (docs/results/go-endgames.md, selection by proven
 * marks), at 31 empty points, with GNU Go's statuses as marks: they call Black's lone b1
 * alive, but its one liberty is a1, an eye it shares with the a2 chain, and White took it
 * there in play. Neither the eye nor a join may make b1 safe: an early version of the
 * joins counted two chains as one when the attacker had no move between them (the
 * model's walls cannot be captured), and proved this board. */
static const char seed1_board[] =
    "..XXO..../..XOOO.OO/..XO..OOX/...XOOXXX/.XXXXX.../XOOOXOXX./XO.OOOX../XOO.OXX."
    "./.XO.OOX..[whole,alive=c9,alive=d9,alive=c8,alive=c7,alive=e9,alive=d8,alive="
    "e8,alive=f8,alive=d7,alive=h8,alive=j8,alive=g7,alive=h7,alive=j7,alive=g6,ali"
    "ve=h6,alive=j6,alive=d6,alive=b5,alive=c5,alive=d5,alive=e5,alive=f5,alive=e4,"
    "alive=e6,alive=f6,alive=a4,alive=a3,alive=a2,alive=b4,alive=c4,alive=d4,alive="
    "f4,alive=b3,alive=d3,alive=e3,alive=f3,alive=b2,alive=c2,alive=e2,alive=c1,ali"
    "ve=e1,alive=f1,alive=g4,alive=h4,alive=g3,alive=f2,alive=g2,alive=g1,alive=b1,"
    "tb=a9,tb=b9,tb=a8,tb=b8,tb=a7,tb=b7,tb=a6,tb=b6,tb=c6,tb=g5,tb=h5,tb=j5,tb=j4,"
    "tb=h3,tb=j3,tb=h2,tb=j2,tb=h1,tb=j1,tw=f9,tw=g9,tw=h9,tw=j9,tw=g8,tw=e7,tw=c3,"
    "tw=d2,tw=d1]";

/* The same game eight moves on, where both programs passed: a1 and a5 are Black's, and
 * every chain is alive (GNU Go's statuses, and by hand: the nine points of the top-left
 * corner make two eyes for the c9 and a5 chains; the bottom-right corner gives g5 as an
 * eye to the chains from a5, g6 and g4 and, once White's g5 is taken at h5, a second eye
 * to the g6 and g4 chains, which h5 links). So one region gives its chains different
 * counts, two eyes to the g6 and g4 chains and one to the a5 chain, and Benson's count
 * needs each chain's own: with one count for all, the g6 and g4 chains had one eye. */
static const char seed1_end_board[] =
    "..XXO..../..XOOO.OO/..XOO.OOX/...XOOXXX/XXXXXX.../XOOOXOXX./XO.OOOX../XOO.OXX."
    "./XXO.OOX..[whole,alive=c9,alive=d9,alive=c8,alive=c7,alive=e9,alive=d8,alive="
    "e8,alive=f8,alive=d7,alive=e7,alive=e6,alive=f6,alive=h8,alive=j8,alive=g7,ali"
    "ve=h7,alive=j7,alive=g6,alive=h6,alive=j6,alive=d6,alive=a5,alive=b5,alive=c5,"
    "alive=d5,alive=e5,alive=f5,alive=a4,alive=e4,alive=a3,alive=a2,alive=a1,alive="
    "b1,alive=b4,alive=c4,alive=d4,alive=f4,alive=b3,alive=d3,alive=e3,alive=f3,ali"
    "ve=b2,alive=c2,alive=e2,alive=c1,alive=e1,alive=f1,alive=g4,alive=h4,alive=g3,"
    "alive=f2,alive=g2,alive=g1,tb=a9,tb=b9,tb=a8,tb=b8,tb=a7,tb=b7,tb=a6,tb=b6,tb="
    "c6,tb=g5,tb=h5,tb=j5,tb=j4,tb=h3,tb=j3,tb=h2,tb=j2,tb=h1,tb=j1,tw=f9,tw=g9,tw="
    "h9,tw=j9,tw=g8,tw=f7,tw=c3,tw=d2,tw=d1]";

static void test_shared_eyes(void **state)
{
    (void)state;
    int areas;
    support_pos p = support_parse(&go.game, seed1_board);
    assert_int_equal(proven_on(p, &areas), 0);
    assert_int_equal(areas, 1);
    p = support_parse(&go.game, seed1_end_board);
    assert_int_equal(proven_on(p, &areas), 1);
    assert_int_equal(areas, 1);
}

/* marks = proven reads a whole board's marks the same way: the ring around a straight four
 * is accepted, the ring around a straight three refused with one line. */
static void test_marks_proven(void **state)
{
    (void)state;
    char text[256], err[256];
    support_pos p;
    const sg_game_desc *d = proven_go.game.desc;
    ring_text("xxxxx", "ttttx", "xxxxx", text, sizeof text);
    assert_int_equal(d->parse(proven_go.game.instance, text, p.b, err, sizeof err), SG_OK);
    ring_text("xxxxx", "tttxx", "xxxxx", text, sizeof text);
    assert_int_equal(d->parse(proven_go.game.instance, text, p.b, err, sizeof err),
                     SG_ERR_INVALID);
    assert_string_equal(err, "marks = proven: 1 of 1 areas of black's chains marked alive are "
                             "not proven safe (safety by alternating play, 1000000 attacks "
                             "an area)");
}

/* The same game two moves before its end: White's a1 took Black's b1, and GNU Go's
 * statuses call a1 dead. But b1 is empty beside it, and White's b1 connects it to the
 * b2 chain, as White played in the game from this board (the page's selection by proven
 * marks took it before this check). A dead stone must lie in its capturer's area, and a1
 * is in White's, a chain of White's proven alive. The board of the game's end passes. */
static const char seed1_dead_board[] =
    "..XXO..../..XOOO.OO/..XOO.OOX/...XOOXXX/XXXXXX.../XOOOXOXX./XO.OOOX../XOO.OXX."
    "./O.O.OOX..[whole,alive=c9,alive=d9,alive=c8,alive=c7,alive=e9,alive=d8,alive="
    "e8,alive=f8,alive=d7,alive=e7,alive=e6,alive=f6,alive=h8,alive=j8,alive=g7,ali"
    "ve=h7,alive=j7,alive=g6,alive=h6,alive=j6,alive=d6,alive=a5,alive=b5,alive=c5,"
    "alive=d5,alive=e5,alive=f5,alive=a4,alive=e4,alive=a3,alive=a2,alive=b4,alive="
    "c4,alive=d4,alive=f4,alive=b3,alive=d3,alive=e3,alive=f3,alive=b2,alive=c2,ali"
    "ve=e2,alive=c1,alive=e1,alive=f1,alive=g4,alive=h4,alive=g3,alive=f2,alive=g2,"
    "alive=g1,dead=a1,tb=a9,tb=b9,tb=a8,tb=b8,tb=a7,tb=b7,tb=a6,tb=b6,tb=c6,tb=g5,t"
    "b=h5,tb=j5,tb=j4,tb=h3,tb=j3,tb=h2,tb=j2,tb=h1,tb=j1,tw=f9,tw=g9,tw=h9,tw=j9,t"
    "w=g8,tw=f7,tw=c3,tw=d2,tw=d1]";

static void test_dead_stones_in_the_capturers_area(void **state)
{
    (void)state;
    char err[256];
    support_pos p;
    const sg_game_desc *d = proven_go.game.desc;
    assert_int_equal(d->parse(proven_go.game.instance, seed1_dead_board, p.b, err, sizeof err),
                     SG_ERR_INVALID);
    assert_string_equal(err, "marks = proven: the dead stone at a1 is in no area proven safe");
    assert_int_equal(d->parse(proven_go.game.instance, seed1_end_board, p.b, err, sizeof err),
                     SG_OK);
}

/* Seed 1 as Black on the page (1,000,000 nodes a move): sumgame's board before its 26th
 * move, with Black's g5 played. White's b6 is inside the top-left corner, beside Black's
 * lone a6. Read alone, the corner can join its chains (with no eye) and, by another
 * strategy, give one of them an eye; an early version added the two, called the group
 * safe with g5, and played g5 in place of b7. White's b7 then killed the group (GNU Go
 * resigns for Black there). One strategy per region: a region that joins gives what it
 * joins with. */
static void test_one_strategy_a_region(void **state)
{
    (void)state;
    int areas;
    support_pos p = support_parse(&go.game, "..xxouuuu/..xooouoo/..xouuoox/XO.xooxxx/OxxxxxXtt/"
                                            "OoooxoxxX/.ouoooxXO/.oouoxxxO/...oOoooO[whole]");
    assert_int_equal(proven_on(p, &areas), 0);
    assert_int_equal(areas, 1);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_living_shapes),
        cmocka_unit_test(test_killable_shapes),
        cmocka_unit_test(test_chains_joined_in_a_region),
        cmocka_unit_test(test_shared_eyes),
        cmocka_unit_test(test_one_strategy_a_region),
        cmocka_unit_test(test_marks_proven),
        cmocka_unit_test(test_dead_stones_in_the_capturers_area),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
