/* The full 4x4 Amazons database (`sumgame db amazons 4x4`: the generic database of
 * sumgame/database.h through the amazons plugin's db_ hooks) against independent sources:
 * the n-point room databases (thermographs from the amazons plugin's own moves,
 * settlement and splitting, as the TDS paper's values), canonical forms walked through the
 * plugin, hand analysis, the TDS paper's worked example, and orbit counts by Burnside's
 * lemma. Also the stored 600-position test set, which must rebuild byte for byte. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/database.h"
#include "sumgame/thermograph.h"

#define TEST_SET_PATH "conf/data/amazons-4x4-test-set.txt"
#define LAYERS 15 /* 0 to 14 empty squares */
#define TEXT_MAX 20

/* The TDS+ lecture's quota per number of empty squares: 17; 50 x 11; 33. */
static const unsigned lecture_quota[LAYERS] = { 0, 0, 17, 50, 50, 50, 50, 50,
                                                50, 50, 50, 50, 50, 50, 33 };

static support_game amz;
static sg_db *db;
static sg_thermo_cache *cache;

static int build(void **state)
{
    (void)state;
    char err[256];
    support_game_open(&amz, "amazons", NULL);
    if (sg_db_build(&db, &amz.game, "4x4", SG_DB_VALUES, NULL, err, sizeof err) != SG_OK) {
        fprintf(stderr, "%s\n", err);
        return -1;
    }
    cache = sg_thermo_cache_new(sg_db_table(db));
    return cache ? 0 : -1;
}

static int teardown(void **state)
{
    (void)state;
    sg_thermo_cache_free(cache);
    sg_db_free(db);
    support_game_close(&amz);
    return 0;
}

/* A 4x4 board from text whose rows may be shorter or fewer than 4 (a room inside its
 * bounding box): missing squares are blocked. */
static support_pos board(const char *text)
{
    char full[TEXT_MAX];
    size_t k = 0;
    int r = 0, c = 0;
    for (const char *s = text;; s++) {
        if (*s == '/' || *s == '\0') {
            for (; c < 4; c++)
                full[k++] = 'x';
            if (*s == '\0')
                break;
            full[k++] = '/';
            r++;
            c = 0;
            continue;
        }
        assert_true(r < 4 && c < 4);
        full[k++] = *s;
        c++;
    }
    for (r++; r < 4; r++) {
        memcpy(full + k, "/xxxx", 5);
        k += 5;
    }
    full[k] = '\0';
    return support_parse(&amz.game, full);
}

static int empty_squares(const char *text)
{
    int n = 0;
    for (; *text; text++)
        n += *text == '.';
    return n;
}

static const sg_thermograph *thermo(support_pos p)
{
    sg_cg g;
    assert_int_equal(sg_db_lookup(db, p.b, &g), SG_OK);
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
    /* Positions outside the shape are refused: another board, two Black amazons. */
    sg_cg g;
    support_pos other = support_parse(&amz.game, "B.W/.../...");
    assert_int_equal(sg_db_lookup(db, other.b, &g), SG_ERR_INVALID);
    support_pos two = support_parse(&amz.game, "BB.W/..../..../....");
    assert_int_equal(sg_db_lookup(db, two.b, &g), SG_ERR_INVALID);
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
    sg_cgt *table = sg_db_table(db);
    size_t checked = 0, several_rooms = 0;
    for (size_t i = 0; i < sg_db_count(db); i += 97) {
        if (sg_db_layer(db, i) > 8)
            break; /* listed by empty squares: the rest have more */
        support_pos pos;
        char text[TEXT_MAX], err[256];
        assert_int_equal(sg_db_position(db, i, pos.b), SG_OK);
        assert_int_equal(amz.game.desc->format(amz.game.instance, pos.b, text, sizeof text),
                         SG_OK);
        assert_int_equal(empty_squares(text), (int)sg_db_layer(db, i));
        sg_cg mine = sg_db_value(db, i), theirs;
        if (sg_cgt_from_game(table, &amz.game, pos.b, 0, &theirs, err, sizeof err) != SG_OK)
            fail_msg("%s: %s", text, err);
        if (mine != theirs) {
            char a[512], b[512];
            sg_cgt_format(table, mine, a, sizeof a);
            sg_cgt_format(table, theirs, b, sizeof b);
            fail_msg("%s: database %s, plugin %s", text, a, b);
        }
        checked++;
        _Alignas(16) unsigned char parts[8][SG_POS_MAX];
        size_t nparts = 0;
        assert_int_equal(amz.game.desc->split(amz.game.instance, pos.b, parts, 8, &nparts),
                         SG_OK);
        several_rooms += nparts > 1;
    }
    assert_true(checked > 1000);
    assert_true(several_rooms > 100);
}

/* Positions per number of empty squares, up to the 8 symmetries with colours told apart,
 * by Burnside's lemma: the average over the symmetries of the positions each one fixes. */
static void test_layer_sizes(void **state)
{
    (void)state;
    size_t listed[LAYERS] = { 0 };
    for (size_t i = 0; i < sg_db_count(db); i++)
        listed[sg_db_layer(db, i)]++;
    size_t fixed[LAYERS] = { 0 };
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
    for (int e = 0; e < LAYERS; e++) {
        assert_int_equal(fixed[e] % 8, 0);
        assert_int_equal(listed[e], fixed[e] / 8);
        total += listed[e];
    }
    assert_int_equal(listed[14], 33); /* the lecture's layer of 14 empty squares */
    assert_int_equal(total, sg_db_count(db));
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
 * the database's values, and `sumgame db amazons 4x4 --sample ...` rebuilds it byte for
 * byte. */
static void test_stored_test_set(void **state)
{
    (void)state;
    char *stored = slurp(TEST_SET_PATH);
    unsigned layer[LAYERS] = { 0 };
    size_t lines = 0;
    char *save = NULL;
    char *copy = strdup(stored);
    assert_non_null(copy);
    char seen[600][TEXT_MAX];
    for (char *line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
        if (line[0] == '#')
            continue;
        char text[32], mean[32], temperature[32];
        assert_int_equal(sscanf(line, "%31s %31s %31s", text, mean, temperature), 3);
        assert_values(text, mean, temperature);
        assert_true(lines < 600);
        for (size_t i = 0; i < lines; i++)
            assert_string_not_equal(seen[i], text);
        assert_true(strlen(text) < TEXT_MAX);
        memcpy(seen[lines++], text, strlen(text) + 1);
        layer[empty_squares(text)]++;
    }
    free(copy);
    assert_int_equal(lines, 600);
    for (int e = 0; e < LAYERS; e++)
        assert_int_equal(layer[e], lecture_quota[e]);

    support_run r = support_host("db amazons 4x4 --sample 0,0,17,50x11,33 --seed 1", NULL);
    assert_int_equal(r.status, 0);
    if (strcmp(r.out, stored) != 0)
        fail_msg("%s differs from `sumgame db amazons 4x4 --sample 0,0,17,50x11,33 --seed 1`",
                 TEST_SET_PATH);
    support_run_free(&r);
    free(stored);
}

static void test_cli_errors(void **state)
{
    (void)state;
    static const char *const cases[][2] = {
        { "db amazons", "db: missing SHAPE" },
        { "db", "db: missing GAME and SHAPE" },
        { "db amazons 4x4 extra", "db: unexpected argument 'extra'" },
        { "db amazons 4x4 --seed 3", "db: --seed needs --sample" },
        { "db amazons 4x4 --sample 1 --seed -1", "db: --seed '-1'" },
        { "db amazons 4x4 --sample 1,,2", "db: --sample '1,,2': expected counts" },
        { "db amazons 4x4 --sample 5x0", "db: --sample '5x0': a repeat 'QxN' needs N" },
        { "db amazons 5x5", "db: amazons: shape '5x5': a grid of 5x5: expected rows x "
                            "columns with 2 to 16 squares" },
        { "db amazons rooms:1", "db: amazons: shape 'rooms:1': rooms of 1 points" },
        { "db amazons hexagon", "db: amazons: shape 'hexagon': unknown shape" },
        { "db rcg 4x4", "db: rcg: the game offers no databases" },
        { "db nosuchgame 4x4", "db: " },
        { "db amazons 4x4 --out ''", "db: --out: empty value" },
        /* before the build: a bad path costs nothing */
        { "db amazons 4x4 --out /nonexistent-dir/db.txt",
          "db: --out /nonexistent-dir/db.txt: No such file or directory" },
        { "db amazons 4x4 --plugin-path /tmp extra", "db: unexpected argument 'extra'" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        support_run r = support_host(cases[i][0], NULL);
        support_assert_error(&r, cases[i][1]);
        support_run_free(&r);
    }
    /* A budget stops the build with the limit's exit status and one line. */
    support_run r = support_host("db amazons 4x4 --nodes 1000", NULL);
    assert_int_equal(r.status, 3);
    assert_non_null(strstr(r.err, "db: amazons: database: stopped at the node limit of 1000"));
    support_run_free(&r);
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
