/* The full 4x4 Amazons database (amazons_grid_db.h) against independent sources: the
 * n-point room databases (thermographs from the amazons plugin's own moves, settlement and
 * splitting), canonical forms walked through the plugin, hand analysis, the TDS paper's
 * worked example, and orbit counts by Burnside's lemma. Also the stored 600-position test
 * set, which must rebuild byte for byte. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/amazons_grid_db.h"
#include "sumgame/thermograph.h"

#define TEST_SET_PATH "conf/data/amazons-4x4-test-set.txt"

static sg_grid_db *db;
static sg_thermo_cache *cache;

static int build(void **state)
{
    (void)state;
    char err[256];
    if (sg_grid_db_build(&db, NULL, NULL, err, sizeof err) != SG_OK) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    cache = sg_thermo_cache_new(sg_grid_db_table(db));
    return cache ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    sg_thermo_cache_free(cache);
    sg_grid_db_free(db);
    return 0;
}

/* A 4x4 board from text whose rows may be shorter or fewer than 4 (a room inside its
 * bounding box): missing squares are blocked. */
static sg_grid_pos board(const char *text)
{
    sg_grid_pos p = { 0, 0, 0 };
    bool black = false, white = false;
    int r = 0, c = 0;
    uint16_t open = 0;
    for (const char *s = text; *s; s++) {
        if (*s == '/') {
            r++;
            c = 0;
            continue;
        }
        assert_true(r < 4 && c < 4);
        int sq = r * 4 + c++;
        if (*s == 'B')
            p.black = (uint8_t)sq, black = true;
        else if (*s == 'W')
            p.white = (uint8_t)sq, white = true;
        if (*s != 'x')
            open |= (uint16_t)(1u << sq);
    }
    assert_true(black && white);
    p.arrows = (uint16_t)~open;
    return p;
}

static const sg_thermograph *thermo(sg_grid_pos p)
{
    sg_cg g;
    assert_int_equal(sg_grid_db_value(db, p, &g), SG_OK);
    const sg_thermograph *th = sg_thermograph_of(cache, g);
    assert_non_null(th);
    return th;
}

static void assert_values(const char *text, const char *mean, const char *temperature)
{
    const sg_thermograph *th = thermo(board(text));
    char m[64], t[64];
    sg_value_format(th->mean, m, sizeof m);
    sg_value_format(th->temperature, t, sizeof t);
    if (strcmp(m, mean) != 0 || strcmp(t, temperature) != 0)
        fail_msg("%s: database mean %s temperature %s, expected %s %s", text, m, t, mean,
                 temperature);
}

static void test_hand_values(void **state)
{
    (void)state;
    /* The TDS paper's Figure 2: mean 3/4, temperature 5/4. */
    assert_values("x.xx/.xBx/W.xx/xxxx", "3/4", "5/4");
    /* .BW.: Black's only move b-a x b leaves White one move, {|0} = -1; symmetrically
     * White's gives 1; {-1 | 1} = 0. */
    assert_values("xxxx/.BW./xxxx/xxxx", "0", "-1");
    /* B.: Black b1-... one move (a-b x a), White none: 1. */
    assert_values("B.xx/xxxx/xxxx/xxxW", "1", "-1");
    /* Nobody can move: 0. */
    assert_values("Bxxx/xxxx/xxxx/xxxW", "0", "-1");
    /* Black walled in with two empty squares of its own (a run of 2), White with none. */
    assert_values("B..x/xxxx/xxxx/xxxW", "2", "-1");
    /* Positions that cannot be are refused. */
    sg_cg g;
    sg_grid_pos bad = { 3, 3, 0 };
    assert_int_equal(sg_grid_db_value(db, bad, &g), SG_ERR_INVALID);
    sg_grid_pos on_arrow = { 0, 1, 1 };
    assert_int_equal(sg_grid_db_value(db, on_arrow, &g), SG_ERR_INVALID);
}

/* Every n-point room of conf/data (values from the plugin's thermograph engine). */
static void test_agrees_with_room_databases(void **state)
{
    (void)state;
    static const size_t expected[] = { 132, 690, 3330 };
    for (int n = 4; n <= 6; n++) {
        char path[64], line[256];
        snprintf(path, sizeof path, "conf/data/amazons-rooms-%d.txt", n);
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        size_t rooms = 0;
        while (fgets(line, sizeof line, f)) {
            if (line[0] == '#')
                continue;
            char text[32], mean[32], temperature[32];
            assert_int_equal(sscanf(line, "%31s %31s %31s", text, mean, temperature), 3);
            assert_values(text, mean, temperature);
            rooms++;
        }
        fclose(f);
        assert_int_equal(rooms, expected[n - 4]);
    }
}

/* Canonical forms through the plugin (its own move generator, splitting into rooms and
 * settlement) equal the database's, on every 97th listed position with up to 8 empty
 * squares: boards of one room and of several. */
static void test_agrees_with_plugin(void **state)
{
    (void)state;
    support_game amz;
    support_game_open(&amz, "amazons", NULL);
    sg_cgt *table = sg_grid_db_table(db);
    size_t checked = 0, several_rooms = 0;
    for (size_t i = 0; i < sg_grid_db_count(db); i += 97) {
        sg_grid_pos p = sg_grid_db_position(db, i);
        if (sg_grid_empty_squares(p) > 8)
            break; /* listed by empty squares: the rest have more */
        char text[SG_GRID_TEXT_MAX], err[256];
        sg_grid_format(p, text);
        support_pos pos = support_parse(&amz.game, text);
        sg_cg mine, theirs;
        assert_int_equal(sg_grid_db_value(db, p, &mine), SG_OK);
        if (sg_cgt_from_game(table, &amz.game, pos.b, 0, &theirs, err, sizeof err) != SG_OK)
            fail_msg("%s: %s", text, err);
        if (mine != theirs) {
            char a[512], b[512];
            sg_cgt_format(table, mine, a, sizeof a);
            sg_cgt_format(table, theirs, b, sizeof b);
            fail_msg("%s: database %s, plugin %s", text, a, b);
        }
        checked++;
        several_rooms += !sg_grid_one_room(p);
    }
    support_game_close(&amz);
    assert_true(checked > 1000);
    assert_true(several_rooms > 100);
}

/* Positions per number of empty squares, up to the 8 symmetries with colours told apart,
 * by Burnside's lemma: the average over the symmetries of the positions each one fixes. */
static void test_layer_sizes(void **state)
{
    (void)state;
    size_t listed[SG_GRID_LAYERS] = { 0 };
    for (size_t i = 0; i < sg_grid_db_count(db); i++)
        listed[sg_grid_empty_squares(sg_grid_db_position(db, i))]++;
    size_t fixed[SG_GRID_LAYERS] = { 0 };
    for (int k = 0; k < 8; k++) {
        int image[16];
        for (int s = 0; s < 16; s++) {
            int r = s / 4, c = s % 4;
            int rr[8] = { r, c, 3 - r, 3 - c, r, 3 - r, c, 3 - c };
            int cc[8] = { c, 3 - r, 3 - c, r, 3 - c, c, r, 3 - r };
            image[s] = rr[k] * 4 + cc[k];
        }
        for (unsigned m = 0; m < 65536; m++) {
            unsigned moved = 0;
            for (int s = 0; s < 16; s++)
                if (m >> s & 1)
                    moved |= 1u << image[s];
            if (moved != m)
                continue;
            for (int b = 0; b < 16; b++)
                for (int w = 0; w < 16; w++)
                    if (b != w && image[b] == b && image[w] == w && !(m >> b & 1) &&
                        !(m >> w & 1))
                        fixed[14 - __builtin_popcount(m)]++;
        }
    }
    size_t total = 0;
    for (int e = 0; e < SG_GRID_LAYERS; e++) {
        assert_int_equal(fixed[e] % 8, 0);
        assert_int_equal(listed[e], fixed[e] / 8);
        total += listed[e];
    }
    assert_int_equal(listed[14], 33); /* the lecture's layer of 14 empty squares */
    assert_int_equal(total, sg_grid_db_count(db));
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    assert_int_equal(fseek(f, 0, SEEK_END), 0);
    long n = ftell(f);
    assert_true(n >= 0);
    rewind(f);
    char *buf = malloc((size_t)n + 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
    buf[n] = '\0';
    fclose(f);
    return buf;
}

/* The stored test set: the lecture's layer sizes, every position distinct and listed with
 * the database's values, and `sumgame grid4x4 --test-set` rebuilds it byte for byte. */
static void test_stored_test_set(void **state)
{
    (void)state;
    char *stored = slurp(TEST_SET_PATH);
    int layer[SG_GRID_LAYERS] = { 0 };
    size_t lines = 0;
    char *save = NULL;
    char *copy = strdup(stored);
    assert_non_null(copy);
    char seen[600][SG_GRID_TEXT_MAX];
    for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#')
            continue;
        char text[32], mean[32], temperature[32];
        assert_int_equal(sscanf(line, "%31s %31s %31s", text, mean, temperature), 3);
        assert_values(text, mean, temperature);
        assert_true(lines < 600);
        for (size_t i = 0; i < lines; i++)
            assert_string_not_equal(seen[i], text);
        assert_true(strlen(text) < SG_GRID_TEXT_MAX);
        memcpy(seen[lines++], text, strlen(text) + 1);
        layer[sg_grid_empty_squares(board(text))]++;
    }
    free(copy);
    assert_int_equal(lines, 600);
    for (int e = 0; e < SG_GRID_LAYERS; e++)
        assert_int_equal(layer[e], sg_grid_lecture_quota[e]);

    support_run r = support_host("grid4x4 --test-set --seed 1", NULL);
    assert_int_equal(r.status, 0);
    if (strcmp(r.out, stored) != 0)
        fail_msg("%s differs from `sumgame grid4x4 --test-set --seed 1`", TEST_SET_PATH);
    support_run_free(&r);
    free(stored);
}

static void test_cli_errors(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        { "grid4x4 extra", "grid4x4: unexpected argument 'extra'" },
        { "grid4x4 --seed 3", "grid4x4: --seed needs --test-set" },
        { "grid4x4 --test-set --seed -1", "grid4x4: --seed '-1'" },
        { "grid4x4 --out ''", "grid4x4: --out: empty value" },
        /* before the build: a bad path costs nothing */
        { "grid4x4 --out /nonexistent-dir/db.txt",
          "grid4x4: --out /nonexistent-dir/db.txt: No such file or directory" },
        /* --plugin-path is taken, as by every command */
        { "grid4x4 --plugin-path /tmp extra", "grid4x4: unexpected argument 'extra'" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        support_run r = support_host(cases[i][0], NULL);
        support_assert_error(&r, cases[i][1]);
        support_run_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_values),
        cmocka_unit_test(test_agrees_with_room_databases),
        cmocka_unit_test(test_agrees_with_plugin),
        cmocka_unit_test(test_layer_sizes),
        cmocka_unit_test(test_stored_test_set),
        cmocka_unit_test(test_cli_errors),
    };
    return cmocka_run_group_tests(tests, build, teardown);
}
