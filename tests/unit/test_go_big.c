/* Go boards larger than 9x9 (issue #29, "up to 19x19"): read as rows or SGF, cut into
 * parts of at most 9x9 named as on the board, analysed, solved and played through them.
 *
 * Expected values are worked out by hand (the reasoning is next to each assertion) or
 * are the answer of the 9x9 path on the same region, which reads, splits and names its
 * points by other code (bitboards, no frame). SGF moves are replayed by grid.c's rules,
 * and the plugin plays by board.c's: a random game played by one and replayed by the
 * other must end on the same board. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/params.h"
#include "sumgame/rng.h"

static support_game area, territory;

static int setup(void **state)
{
    (void)state;
    static const sg_param items[] = { { "rules", "territory", 0 } };
    sg_params p = { "test", "sum", items, 1 };
    support_game_open(&area, "go", NULL);
    support_game_open(&territory, "go", &p);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    support_game_close(&area);
    support_game_close(&territory);
    return 0;
}

static support_run host(const char *args) { return support_host_within(300, args, NULL); }

/* `solve POSITION [PARAMS] --json` gives the stops left and right (right NULL: not
 * checked), and with Left first a best move on column (0: not checked). */
static void solves_to(const char *position, const char *params, const char *left,
                      const char *right, char column)
{
    char args[1200], v[64], on[4] = { ':', column, '\0' };
    snprintf(args, sizeof args, "solve '%s' %s --json", position, params);
    support_run r = host(args);
    assert_int_equal(r.status, 0);
    support_json_string(r.out, "left_first", v, sizeof v);
    assert_string_equal(v, left);
    if (right) {
        support_json_string(r.out, "right_first", v, sizeof v);
        assert_string_equal(v, right);
    }
    if (column) {
        support_json_string(r.out, "best_move_left_first", v, sizeof v);
        if (!strstr(v, on))
            fail_msg("%s: best move %s is not on column %c", position, v, column);
    }
    support_run_free(&r);
}

/* text is refused by g's parser with a message containing want, on one line */
static void refused(support_game *g, const char *text, const char *want)
{
    char err[256] = "";
    _Alignas(16) unsigned char b[SG_POS_MAX];
    assert_int_equal(g->game.desc->parse(g->game.instance, text, b, err, sizeof err),
                     SG_ERR_INVALID);
    if (!strstr(err, want) || strchr(err, '\n'))
        fail_msg("'%.60s': '%s', expected '%s'", text, err, want);
}

/* The 9x9 board of test_go_board.c (Black's chain on columns b and d joined at c5 with
 * the eye columns a and c, White's mirror on f and h with g and j, dame column e, a dead
 * white stone at a5), and the same board at the lower right of a 19x19 board whose other
 * points are off it ('#'): columns l..t, rows 1..9. */
static const char *const board9[9] = {
    ".X.X.O.O.", ".X.X.O.O.", ".X.X.O.O.", ".X.X.O.O.", "OXXX.OOO.",
    ".X.X.O.O.", ".X.X.O.O.", ".X.X.O.O.", ".X.X.O.O.",
};

static void rows19(char *out, size_t cap)
{
    size_t n = 0;
    for (int y = 0; y < 19; y++) {
        const char *row = y < 10 ? "###################" : NULL;
        if (row)
            n += (size_t)snprintf(out + n, cap - n, "%s/", row);
        else
            n += (size_t)snprintf(out + n, cap - n, "##########%s/", board9[y - 10]);
    }
    out[n - 1] = '\0';
}

/* The 9x9 board's chains marked alive and a5 dead, by the 9x9 path and at the board's
 * lower right (b9 is m9 there, f9 q9, a5 l5): the same parts, named on the big board,
 * and the same values. Area rules (test_go_board.c): the safe stones and eyes balance,
 * and the dame column e (p on the big board) is nine switches {1|-1}, Left getting five
 * of them first and Right five second: stops 1 and -1, a best move on that column. */
static void test_a_region_named_on_its_board(void **state)
{
    (void)state;
    char rows[512], text[600];
    rows19(rows, sizeof rows);
    snprintf(text, sizeof text, "%s[alive=m9,alive=q9,dead=l5]", rows);
    support_pos big = support_parse(&area.game, text);
    /* it is written back as read, marks applied */
    const char *written = support_format(&area.game, &big);
    assert_non_null(strstr(written, "##########.x.x.o.o./##########wxxx.ooo."));
    char position[620];
    snprintf(position, sizeof position, "go:%s", text);
    solves_to(position, "", "1", "-1", 'p');
    /* the 9x9 path on the same marks gives the same stops */
    solves_to("go:.X.X.O.O./.X.X.O.O./.X.X.O.O./.X.X.O.O./OXXX.OOO./.X.X.O.O./"
              ".X.X.O.O./.X.X.O.O./.X.X.O.O.[alive=b9,alive=f9,dead=a5]",
              "", "1", "-1", 0);
    /* the split names the dame column's part on the big board: its frame is columns o..q
     * (the region and the safe stones beside it), rows 1..9, its top-left point o9; the
     * eye columns' parts come first (rows read from the top), the last part is the score */
    _Alignas(16) static unsigned char parts[64 * SG_POS_MAX];
    size_t n = 0;
    assert_int_equal(area.game.desc->split(area.game.instance, big.b, parts, 64, &n), SG_OK);
    bool found = false;
    for (size_t i = 0; i < n; i++) {
        support_pos q;
        memcpy(q.b, parts + i * area.game.desc->pos_size, area.game.desc->pos_size);
        found |= strcmp(support_format(&area.game, &q),
                        "x.o/x.o/x.o/x.o/x.o/x.o/x.o/x.o/x.o[at=o9,board=19x19]") == 0;
        /* a part's moves are the board's (game.h: a game that splits keeps the board's
         * moves in its parts): the same names, and each plays on the board */
        sg_move list[96];
        size_t k;
        assert_int_equal(area.game.desc->moves(area.game.instance, q.b, SG_LEFT, list, 96, &k),
                         SG_OK);
        for (size_t j = 0; j < k; j++) {
            char in_part[16], on_board[16], err[160];
            support_pos next;
            assert_int_equal(area.game.desc->format_move(area.game.instance, q.b, list[j],
                                                         in_part, sizeof in_part),
                             SG_OK);
            assert_int_equal(area.game.desc->format_move(area.game.instance, big.b, list[j],
                                                         on_board, sizeof on_board),
                             SG_OK);
            assert_string_equal(in_part, on_board);
            if (area.game.desc->play(area.game.instance, big.b, SG_LEFT, list[j], next.b, err,
                                     sizeof err) != SG_OK)
                fail_msg("%s, a move of part %zu, on the board: %s", in_part, i + 1, err);
        }
    }
    assert_true(found);
}

/* A whole 19x19 board with no mark, where Benson finds every chain (docs/games/go.md's
 * rows; one string a line):
 *   rows 19..11 and 9..1: Black on columns b, d, f, h with eye columns a, c, e, g between;
 *   White on k, m, o, q, s with eyes l, n, p, r, t; column j empty on rows 19..13, Black
 *   on 12, 11 and 9..1;
 *   row 10: Black on a..h (joining its columns), j10 empty, White on k..t.
 * Every eye column half (9 points) is a region all of whose points are liberties of the
 * chain beside it: vital, so both chains are unconditionally alive, and each eye column
 * is too tall for a 9x9 frame and settles as sure territory. Eight dame remain: j13..j19
 * and j10, each between a Black and a White safe stone.
 * Territory rules: Black 4 columns x 18 = 72, White 5 x 18 = 90, and eight dame {0|0}:
 * -18 whoever starts. Area rules: Black 80 + 11 stones (j12, j11, j9..j1) + 72 = 163,
 * White 100 + 90 = 190, eight switches {1|-1} split four and four: -27 whoever starts.
 * The best move is a dame: column j. */
static void benson_rows(char *out)
{
    size_t n = 0;
    for (int y = 0; y < 19; y++) {
        for (int x = 0; x < 19; x++) {
            char ch;
            if (y == 9)
                ch = x < 8 ? 'X' : x == 8 ? '.' : 'O';
            else if (x < 8)
                ch = x % 2 ? 'X' : '.';
            else if (x == 8)
                ch = y < 7 ? '.' : 'X';
            else
                ch = x % 2 ? 'O' : '.';
            out[n++] = ch;
        }
        out[n++] = y < 18 ? '/' : '\0';
    }
}

static void test_benson_on_19x19(void **state)
{
    (void)state;
    char rows[400], text[420];
    benson_rows(rows);
    snprintf(text, sizeof text, "%s[whole]", rows);
    char args[700], position[440];
    snprintf(position, sizeof position, "go:%s", text);
    solves_to(position, "--params go:rules=territory", "-18", "-18", 0);
    solves_to(position, "", "-27", "-27", 'j');
    /* the same board as an SGF record: the same values */
    char ab[2048] = "", aw[2048] = "";
    for (int y = 0; y < 19; y++)
        for (int x = 0; x < 19; x++) {
            char ch = rows[y * 20 + x], pt[8];
            snprintf(pt, sizeof pt, "[%c%c]", 'a' + x, 'a' + y);
            if (ch == 'X')
                strcat(ab, pt);
            else if (ch == 'O')
                strcat(aw, pt);
        }
    char *sgf_text = malloc(8192);
    assert_non_null(sgf_text);
    snprintf(sgf_text, 8192, "(;GM[1]FF[4]SZ[19]KM[0]\nAB%s\nAW%s\n)\n", ab, aw);
    char *sgf = support_temp_file(".sgf", sgf_text);
    free(sgf_text);
    snprintf(position, sizeof position, "go:@%s", sgf);
    solves_to(position, "", "-27", NULL, 0);
    /* match plays the board through its parts: solver against solver, each game -27 for
     * Black, so player a scores -27 as Black and +27 as White: mean 0 */
    char ini[1024];
    snprintf(ini, sizeof ini,
             "[match]\nleft = a\nright = b\ngames = 1\nseed = 1\n\n[sum]\nsum.1 = go:@%s\n\n"
             "[strategy.a]\nplugin = solver\n\n[strategy.b]\nplugin = solver\n", sgf);
    char *conf = support_temp_file(".ini", ini);
    snprintf(args, sizeof args, "match %s --json", conf);
    support_run r = host(args);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "\"games\":2,\"mean\":0.00,\"stddev\":38.18");
    support_run_free(&r);
    remove(conf);
    free(conf);
    /* GTP loads it too (boardsize stops at 9): under territory rules each dame is * and
     * decided at 0, so final_score is -18 exactly (W+18); Black's move is a dame, on
     * column j; nothing is dead, and every stone is alive */
    char script[600];
    snprintf(script, sizeof script,
             "loadsgf %s\nfinal_score\nfinal_status_list dead\ngenmove b\nquit\n", sgf);
    r = support_host_within(300, "gtp --game go --strategy solver --game-param rules=territory",
                            script);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "= \n\n= W+18\n\n= \n\n= J");
    support_run_free(&r);
    remove(sgf);
    free(sgf);
}

/* Boards larger than 9x9 whose parts do not fit, and other bad input: one line each. */
static void test_big_board_errors(void **state)
{
    (void)state;
    char rows[400], text[420];
    /* an empty 19x19 board: no safe chain, one region of 361 points */
    size_t n = 0;
    for (int y = 0; y < 19; y++) {
        memset(rows + n, '.', 19);
        n += 19;
        rows[n++] = y < 18 ? '/' : '\0';
    }
    snprintf(text, sizeof text, "%s[whole]", rows);
    refused(&area, text, "spans 19x19 points");
    refused(&area, "(;SZ[13])", "spans 13x13 points");
    /* a region's bitboards hold 9 columns and 12 rows: twelve dame between a black and a
     * white wall fit (twelve switches {1|-1} under area rules: each player takes six,
     * stops 0 and 0), thirteen do not */
    char column[200] = "";
    for (int y = 0; y < 12; y++)
        strcat(column, y ? "/x.o" : "x.o");
    snprintf(text, sizeof text, "go:%s", column);
    solves_to(text, "", "0", "0", 0);
    strcat(column, "/x.o");
    refused(&area, column, "spans 3x13 points");
    refused(&area, "(;SZ[20])", "up to 19x19");
    refused(&area, "...........[at=a1]", "both at=POINT and board=WxH");
    refused(&area, "...[at=s1,board=19x19]", "past the edge");
    refused(&area, "..[at=z1,board=19x19]", "not a point");
    /* a part's points are named on its board: b3 of a part at k12 is l10 */
    support_pos part = support_parse(&area.game, "...[at=k12,board=19x19]");
    char buf[16];
    sg_move m;
    assert_int_equal(area.game.desc->parse_move(area.game.instance, part.b, SG_LEFT, "l12",
                                                &m, buf, sizeof buf),
                     SG_OK);
    assert_int_equal(area.game.desc->format_move(area.game.instance, part.b, m, buf, sizeof buf),
                     SG_OK);
    assert_string_equal(buf, "l12");
    refused(&area, "...[at=k12,board=19x19,ko=a1]", "not a point of this part");
}

/* The played position p and the SGF record sgf (closed here) replayed agree: the same
 * rows, and the same ko ban; the move count differs (a record's board starts at 0). */
static void same_board(const sg_game *g, const support_pos *p, char *sgf, size_t len,
                       int game)
{
    snprintf(sgf + len, 8192 - len, ")");
    support_pos replayed = support_parse(g, sgf);
    char played[256], read[256];
    snprintf(played, sizeof played, "%s", support_format(g, p));
    snprintf(read, sizeof read, "%s", support_format(g, &replayed));
    size_t rows = strcspn(played, "[");
    if (strncmp(played, read, rows) != 0 || strcspn(read, "[") != rows)
        fail_msg("game %d: played %s, replayed %s", game, played, read);
    const char *ko_played = strstr(played, "ko="), *ko_read = strstr(read, "ko=");
    if ((ko_played == NULL) != (ko_read == NULL) ||
        (ko_played && strncmp(ko_played, ko_read, 5) != 0))
        fail_msg("game %d: ko differs: %s against %s", game, played, read);
    sgf[len] = '\0';
}

/* Random games played by the plugin (board.c's rules) and written as SGF records, which
 * grid.c replays: the same stones at the end of each of 50 games of 9x9 and after every
 * move that sets a ko ban. */
static void test_sgf_replay_agrees_with_play(void **state)
{
    (void)state;
    sg_rng rng;
    sg_rng_seed(&rng, 29);
    const sg_game *g = &area.game;
    int kos = 0;
    for (int game = 0; game < 50; game++) {
        support_pos p = support_parse(g, "........./........./........./........./........./"
                                         "........./........./........./.........[whole]");
        char sgf[8192];
        size_t len = (size_t)snprintf(sgf, sizeof sgf, "(;GM[1]FF[4]SZ[9]");
        for (int ply = 0; ply < 120; ply++) {
            sg_player who = ply % 2 ? SG_RIGHT : SG_LEFT;
            sg_move list[128];
            size_t k;
            assert_int_equal(g->desc->moves(g->instance, p.b, who, list, 128, &k), SG_OK);
            if (!k)
                break;
            sg_move m = list[sg_rng_below(&rng, k)];
            support_pos next;
            char err[128];
            assert_int_equal(g->desc->play(g->instance, p.b, who, m, next.b, err, sizeof err),
                             SG_OK);
            int x = (int)m % 10, y = (int)m / 10;
            len += (size_t)snprintf(sgf + len, sizeof sgf - len, ";%c[%c%c]",
                                    who == SG_LEFT ? 'B' : 'W', 'a' + x, 'a' + y);
            p = next;
            if (strstr(support_format(g, &p), "ko=")) {
                kos++;
                same_board(g, &p, sgf, len, game);
            }
        }
        same_board(g, &p, sgf, len, game);
    }
    assert_true(kos > 0); /* the bans were compared too */
}

/* A strip of ten points between Black's safe stones (above it and at its left end) and
 * White's (below and at its right end), the first point a Black stone in play: 12 columns
 * with its border, too wide for a part, so it is cut transposed (the part's rows are the
 * board's columns). The same strip stood on end (12 rows) needs no transposing. Both give
 * the stops worked by hand, under area rules: the safe stones balance (13 each), the Black
 * stone counts 1, and every empty point is a switch {1|-1} (a stone there is joined to its
 * colour's safe stones), so nine switches give Left first 5 - 4 and Right first 4 - 5:
 * stops 2 and 0. A move of the strip is named on the board: the strip lying on row 2, the
 * move's row is 2; stood on column s, its column is s. */
static void strip(bool lying, char *out, size_t cap)
{
    char cell[19][19];
    memset(cell, '#', sizeof cell);
    for (int i = 0; i < 12; i++) {
        int along = i, across[3] = { 16, 17, 18 };
        const char line[3] = { 'x', i == 0 ? 'x' : i == 11 ? 'o' : i == 1 ? 'X' : '.', 'o' };
        for (int k = 0; k < 3; k++) {
            int x = lying ? along : across[k], y = lying ? across[k] : along;
            cell[y][x] = line[k];
        }
    }
    size_t n = 0;
    for (int y = 0; y < 19; y++)
        n += (size_t)snprintf(out + n, cap - n, "%.19s%s", cell[y], y < 18 ? "/" : "");
}

static void test_a_wide_region_is_cut_transposed(void **state)
{
    (void)state;
    char rows[512], position[600], args[700], v[64];
    strip(true, rows, sizeof rows);
    support_pos p = support_parse(&area.game, rows);
    _Alignas(16) unsigned char parts[4][SG_POS_MAX];
    size_t count = 0;
    assert_int_equal(area.game.desc->split(area.game.instance, p.b, parts, 4, &count), SG_OK);
    assert_int_equal(count, 1); /* the strip; the safe stones balance, so no score part */
    support_pos part;
    memcpy(part.b, parts[0], sizeof part.b);
    const char *text = support_format(&area.game, &part);
    if (!strstr(text, "at=a3,board=19x19,transposed"))
        fail_msg("the strip's part is %s", text);
    /* the part's text reads back to the same part */
    support_pos again = support_parse(&area.game, support_format(&area.game, &part));
    assert_true(support_same(&area.game, &part, &again));
    snprintf(position, sizeof position, "go:%s", rows);
    solves_to(position, "", "2", "0", 0);
    snprintf(args, sizeof args, "solve '%s' --json", position);
    support_run r = host(args);
    assert_int_equal(r.status, 0);
    support_json_string(r.out, "best_move_left_first", v, sizeof v);
    size_t len = strlen(v);
    if (len < 2 || v[len - 1] != '2' || (v[len - 2] < 'a' || v[len - 2] > 'z'))
        fail_msg("best move %s is not on row 2", v);
    support_run_free(&r);
    strip(false, rows, sizeof rows);
    snprintf(position, sizeof position, "go:%s", rows);
    solves_to(position, "", "2", "0", 's');
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_a_region_named_on_its_board),
        cmocka_unit_test(test_benson_on_19x19),
        cmocka_unit_test(test_big_board_errors),
        cmocka_unit_test(test_a_wide_region_is_cut_transposed),
        cmocka_unit_test(test_sgf_replay_agrees_with_play),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
