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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_living_shapes),
        cmocka_unit_test(test_killable_shapes),
        cmocka_unit_test(test_marks_proven),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
