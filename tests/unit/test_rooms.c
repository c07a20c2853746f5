/* The n-point Amazons rooms of the TDS paper's Experiment 1 (`sumgame db amazons rooms:N`,
 * the generic database of sumgame/database.h through the amazons plugin's hooks): counts
 * against the paper and against counts worked by hand, values of tiny rooms worked by
 * hand with the move rules, theory checks over whole databases (colour swap negates the
 * mean; canonical forms agree; means and temperatures on the paper's grid and bounds),
 * and the stored databases in conf/data/ rebuilding byte for byte. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sumgame/cgt.h"
#include "sumgame/database.h"
#include "sumgame/thermograph.h"

static support_game amz;

static int open_amazons(void **state)
{
    (void)state;
    support_game_open(&amz, "amazons", NULL);
    return 0;
}

static int close_amazons(void **state)
{
    (void)state;
    support_game_close(&amz);
    return 0;
}

/* The rooms:N database of amazons (values only when asked); NULL with err on refusal. */
static sg_db *rooms_db(int n, bool distinct, bool values, char *err, size_t errlen)
{
    char shape[32];
    snprintf(shape, sizeof shape, "rooms:%d%s", n, distinct ? ":distinct" : "");
    sg_db *db = NULL;
    int rc = sg_db_build(&db, &amz.game, shape, values ? SG_DB_VALUES : 0, NULL, err, errlen);
    return rc == SG_OK ? db : NULL;
}

static size_t room_count(int n, bool distinct)
{
    char err[256];
    sg_db *db = rooms_db(n, distinct, false, err, sizeof err);
    if (!db)
        fail_msg("%s", err);
    size_t count = sg_db_count(db);
    sg_db_free(db);
    return count;
}

/* The number of shapes, as the shape's title gives it. */
static size_t shape_count(int n)
{
    char err[256];
    sg_db *db = rooms_db(n, false, false, err, sizeof err);
    if (!db)
        fail_msg("%s", err);
    const char *at = strstr(sg_db_describe(db)->title, "amazon: ");
    size_t shapes = 0;
    assert_non_null(at);
    assert_int_equal(sscanf(at, "amazon: %zu shapes", &shapes), 1);
    sg_db_free(db);
    return shapes;
}

static void room_text(sg_db *db, size_t i, char *text, size_t cap)
{
    support_pos pos;
    assert_int_equal(sg_db_position(db, i, pos.b), SG_OK);
    assert_int_equal(amz.game.desc->format(amz.game.instance, pos.b, text, cap), SG_OK);
}

/* Free polykings (shapes connected by sides or corners, up to symmetry): 1, 2, 5, 22 for
 * n = 1..4, all of which fit in 4x4. Of the 94 free pentakings, the 25 of extent 5 do
 * not: one square per column, 3^4 = 81 step sequences, (81 + 9 + 1 + 9) / 4 = 25 classes
 * by Burnside. So 69. For n = 6 the paper's 3330 = 222 * 15. */
static void test_shape_counts(void **state)
{
    (void)state;
    static const size_t expected[] = { 0, 1, 2, 5, 22, 69, 222 };
    char err[256];
    for (int n = 2; n <= 6; n++)
        assert_int_equal(shape_count(n), expected[n]);
    assert_int_equal(shape_count(16), 1);
    for (int n = 0; n <= 17; n += 17) {
        assert_null(rooms_db(n == 0 ? 1 : n, false, false, err, sizeof err));
        assert_non_null(strstr(err, "expected 2 to 16"));
    }
}

/* The paper: 132, 690 and 3330 rooms of sizes 4, 5, 6 = shapes * n(n-1)/2. */
static void test_paper_counts(void **state)
{
    (void)state;
    assert_int_equal(room_count(2, false), 2);
    assert_int_equal(room_count(3, false), 15);
    assert_int_equal(room_count(4, false), 132);
    assert_int_equal(room_count(5, false), 690);
    assert_int_equal(room_count(6, false), 3330);
}

/* Positions up to symmetry, colours told apart, for n = 3 by hand: the straight line, the
 * diagonal line, the L and the V each have a mirror swapping their two ends (3 classes
 * of the 6 ordered placements each), the remaining triking none (6): 18. For n = 2 the
 * two dominoes each have a symmetry swapping their squares: 2. */
static void test_distinct_counts(void **state)
{
    (void)state;
    assert_int_equal(room_count(2, true), 2);
    assert_int_equal(room_count(3, true), 18);
    /* and for n = 4, 5, 6 as the old enumeration (and the stored notes) had them */
    assert_int_equal(room_count(4, true), 176);
    assert_int_equal(room_count(5, true), 1216);
    assert_int_equal(room_count(6, true), 5978);
}

/* Canonical order: the first rooms of size 4 are the straight line with every pair. */
static void test_order_and_notation(void **state)
{
    (void)state;
    char err[256], text[32];
    sg_db *db = rooms_db(4, false, false, err, sizeof err);
    assert_non_null(db);
    static const char *const first[] = { "BW..", "B.W.", "B..W", ".BW.", ".B.W", "..BW" };
    for (size_t i = 0; i < 6; i++) {
        room_text(db, i, text, sizeof text);
        assert_string_equal(text, first[i]);
    }
    for (size_t i = 0; i < sg_db_count(db); i++) {
        /* Every room: one B, one W, n - 2 empty squares, rest x, within its box. */
        int b = 0, w = 0, e = 0;
        room_text(db, i, text, sizeof text);
        for (const char *p = text; *p; p++) {
            b += *p == 'B';
            w += *p == 'W';
            e += *p == '.';
        }
        assert_int_equal(b, 1);
        assert_int_equal(w, 1);
        assert_int_equal(e, 2);
    }
    sg_db_free(db);
}

/* The plugin's thermograph engine on one room: a path independent of the database. */
static void values_of(const char *text, sg_value *mean, sg_value *temperature)
{
    support_pos pos = support_parse(&amz.game, text);
    sg_thermo_cache *cache = sg_thermo_cache_new(NULL);
    char err[256] = "";
    const sg_thermograph *th;
    if (sg_thermograph_of_position(cache, &amz.game, pos.b, 0, &th, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", text, err);
    *mean = th->mean;
    *temperature = th->temperature;
    sg_thermo_cache_free(cache);
}

static void assert_room(const char *text, sg_value mean, sg_value temperature)
{
    sg_value m, t;
    values_of(text, &m, &t);
    if (!sg_value_eq(m, mean) || !sg_value_eq(t, temperature))
        fail_msg("%s: mean %lld/2^%d temperature %lld/2^%d", text, (long long)m.num, m.exp,
                 (long long)t.num, t.exp);
}

/* Worked by hand with the rules (queen move, then an arrow from the landing square). */
static void test_hand_values(void **state)
{
    (void)state;
    /* Both amazons stuck: 0, an integer (temperature -1). */
    assert_room("BW", sg_value_int(0), sg_value_int(-1));
    assert_room("xB/Wx", sg_value_int(0), sg_value_int(-1));
    /* B.W: each side steps into b1 and shoots back: {0|0} = *, mean 0, temperature 0. */
    assert_room("B.W", sg_value_int(0), sg_value_int(0));
    /* BW.: Black is stuck, White b1-c1xb1 leaves 0: {|0} = -1. */
    assert_room("BW.", sg_value_int(-1), sg_value_int(-1));
    /* xBW/.xx: White is stuck (c2 touches only b2); Black's one move b2-a1xb2 (a1's
     * other neighbours are blocked) leaves 0: {0|} = 1. */
    assert_room("xBW/.xx", sg_value_int(1), sg_value_int(-1));
    /* B./.W: every move of either side leaves one empty square next to both amazons,
     * i.e. *, so the room is {*|*} = 0. */
    assert_room("B./.W", sg_value_int(0), sg_value_int(-1));
    /* B..W: Black's best is a1-b1xc1 or a1-c1xa1, after which only Black has one move:
     * 1; by symmetry White's best leaves -1: {1|-1} = ±1, mean 0, temperature 1. */
    assert_room("B..W", sg_value_int(0), sg_value_int(1));
    /* The TDS paper's Figure 2 room: mean 3/4 and temperature 10/8, as the paper finds. */
    assert_room("x.xx/.xBx/W.xx/xxxx", sg_value_make(3, 2), sg_value_make(5, 2));
}

/* The database's rooms and values (through canonical forms of its own table). */
static void database_values(int n, char (**texts)[32], size_t *count, sg_value **mean,
                            sg_value **temperature)
{
    char err[256] = "";
    sg_db *db = rooms_db(n, false, true, err, sizeof err);
    if (!db)
        fail_msg("%s", err);
    *count = sg_db_count(db);
    *texts = malloc(*count * sizeof **texts);
    *mean = malloc(*count * sizeof **mean);
    *temperature = malloc(*count * sizeof **temperature);
    assert_non_null(*texts);
    assert_non_null(*mean);
    assert_non_null(*temperature);
    sg_thermo_cache *cache = sg_thermo_cache_new(sg_db_table(db));
    for (size_t i = 0; i < *count; i++) {
        room_text(db, i, (*texts)[i], sizeof (*texts)[i]);
        const sg_thermograph *th = sg_thermograph_of(cache, sg_db_value(db, i));
        assert_non_null(th);
        (*mean)[i] = th->mean;
        (*temperature)[i] = th->temperature;
    }
    sg_thermo_cache_free(cache);
    sg_db_free(db);
}

/* The paper: in an n-point room means and temperatures are multiples of 2^(3-n), the
 * temperature is at most n - 3, and (every move filling a square) |mean| <= n - 2.
 * Swapping the colours gives the negative: the mean negates, the temperature stays (by
 * the plugin's thermograph engine, independent of the database). The canonical form
 * walked through the plugin agrees. */
static void test_database_theory(void **state)
{
    (void)state;
    sg_cgt *table = sg_cgt_new();
    sg_thermo_cache *forms = sg_thermo_cache_new(table);
    for (int n = 4; n <= 5; n++) {
        char(*rooms)[32];
        size_t count;
        sg_value *mean, *temperature;
        database_values(n, &rooms, &count, &mean, &temperature);
        sg_value grid = sg_value_make(1, n - 3);
        for (size_t i = 0; i < count; i++) {
            for (int k = 0; k < 2; k++) {
                sg_value v = k ? temperature[i] : mean[i];
                sg_value q = sg_value_add(v, grid); /* exp <= n-3 iff v is on the grid */
                if (q.exp > n - 3)
                    fail_msg("%s: value off the 2^(3-n) grid", rooms[i]);
            }
            assert_true(sg_value_cmp(temperature[i], sg_value_int(n - 3)) <= 0);
            assert_true(sg_value_cmp(mean[i], sg_value_int(n - 2)) <= 0);
            assert_true(sg_value_cmp(mean[i], sg_value_int(2 - n)) >= 0);

            char swapped[32];
            memcpy(swapped, rooms[i], sizeof swapped);
            for (char *p = swapped; *p; p++)
                *p = *p == 'B' ? 'W' : *p == 'W' ? 'B' : *p;
            sg_value m, t;
            values_of(swapped, &m, &t);
            values_of(rooms[i], &m, &t);
            if (!sg_value_eq(m, mean[i]) || !sg_value_eq(t, temperature[i]))
                fail_msg("%s: the thermograph engine differs from the database", rooms[i]);
            values_of(swapped, &m, &t);
            if (!sg_value_eq(m, sg_value_neg(mean[i])) || !sg_value_eq(t, temperature[i]))
                fail_msg("%s: colour swap is not the negative", rooms[i]);

            _Alignas(16) unsigned char pos[SG_POS_MAX];
            char err[256];
            assert_int_equal(amz.game.desc->parse(amz.game.instance, rooms[i], pos, err,
                                                  sizeof err),
                             SG_OK);
            sg_cg g;
            assert_int_equal(sg_cgt_from_game(table, &amz.game, pos, 0, &g, err, sizeof err),
                             SG_OK);
            const sg_thermograph *th = sg_thermograph_of(forms, g);
            assert_non_null(th);
            if (!sg_value_eq(th->mean, mean[i]) || !sg_value_eq(th->temperature, temperature[i]))
                fail_msg("%s: canonical form's thermograph differs", rooms[i]);
        }
        free(rooms);
        free(mean);
        free(temperature);
    }
    sg_thermo_cache_free(forms);
    sg_cgt_free(table);
}

static char *read_text(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s (run the tests from the repository root)", path);
    char *buf = NULL;
    size_t len = 0, cap = 0;
    int ch;
    while ((ch = fgetc(f)) != EOF) {
        if (len + 2 > cap) {
            cap = cap ? 2 * cap : 4096;
            buf = realloc(buf, cap);
            assert_non_null(buf);
        }
        buf[len++] = (char)ch;
    }
    fclose(f);
    if (!buf)
        buf = calloc(1, 1);
    buf[len] = '\0';
    return buf;
}

/* The stored databases are exactly what the command prints today. */
static void test_databases_rebuild(void **state)
{
    (void)state;
    for (int n = 4; n <= 6; n++) {
        char args[64], path[64];
        snprintf(args, sizeof args, "db amazons rooms:%d", n);
        snprintf(path, sizeof path, "conf/data/amazons-rooms-%d.txt", n);
        support_run r = support_host(args, NULL);
        assert_int_equal(r.status, 0);
        char *stored = read_text(path);
        if (strcmp(r.out, stored) != 0)
            fail_msg("%s differs from `sumgame %s`", path, args);
        free(stored);
        support_run_free(&r);
    }
}

static void test_out_file_and_json(void **state)
{
    (void)state;
    support_run r = support_host("db amazons rooms:2 --json", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out,
                        "{\"game\":\"amazons\",\"shape\":\"rooms:2\",\"title\":\"rooms of 2 "
                        "points in a 4x4 grid, one Black and one White amazon: 2 shapes "
                        "(counting: paper)\",\"listed\":2,\"count\":2,\"positions\":[\n"
                        "{\"position\":\"BW\",\"layer\":0,\"mean\":\"0\",\"temperature\":\"-1\"},"
                        "\n{\"position\":\"xB/Wx\",\"layer\":0,\"mean\":\"0\","
                        "\"temperature\":\"-1\"}\n]}\n");
    support_run_free(&r);

    char *path = support_temp_file(".txt", "");
    char args[4200];
    snprintf(args, sizeof args, "db amazons rooms:3:distinct --positions-only --out '%s'", path);
    r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "");
    char *text = read_text(path);
    assert_non_null(strstr(text, "5 shapes (counting: distinct)\n# 18 positions (sumgame db "
                                 "amazons rooms:3:distinct --positions-only)\n# position\n"
                                 "BW.\n"));
    free(text);
    /* The file is renamed into place: no part file is left beside it. */
    char part[4200];
    snprintf(part, sizeof part, "%s.part", path);
    assert_int_not_equal(access(part, F_OK), 0);
    support_run_free(&r);

    /* A destination that cannot be replaced (a directory) fails at the end, and the part
     * file is removed. */
    remove(path);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(args, sizeof args, "db amazons rooms:3 --out '%s'", path);
    r = support_host(args, NULL);
    char want[4300];
    snprintf(want, sizeof want, "db: --out %s: Is a directory", path);
    support_assert_error(&r, want);
    assert_int_not_equal(access(part, F_OK), 0);
    rmdir(path);
    free(path);
    support_run_free(&r);
}

/* A destination that is not a regular file (a FIFO here, /dev/null alike) or a symbolic
 * link is written in place and stays what it was: renaming a part file onto it replaced
 * it with a regular file (as root, /dev/null itself). db --out, and analyze --svg, whose
 * writer the plots and `report --out-dir` share. */
static void test_out_in_place(void **state)
{
    (void)state;
    char dir[] = "/tmp/sumgame-inplace-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char fifo[64], got[64], cmd[4096];
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    snprintf(got, sizeof got, "%s/got", dir);
    static const char *const runs[][2] = {
        { "db amazons rooms:2 --out", "# 2 positions" },
        { "analyze 'rcg:{2|-1}' --svg", "<svg" },
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        assert_int_equal(mkfifo(fifo, 0600), 0);
        /* the reader first: a FIFO's writer waits for one */
        snprintf(cmd, sizeof cmd,
                 "timeout 20 cat '%s' > '%s' & timeout 20 '%s/sumgame' %s '%s' > '%s.out'; "
                 "s=$?; wait; exit $s",
                 fifo, got, support_build_dir(), runs[i][0], fifo, got);
        assert_int_equal(system(cmd), 0);
        struct stat st;
        assert_int_equal(stat(fifo, &st), 0);
        if (!S_ISFIFO(st.st_mode))
            fail_msg("%s: the FIFO was replaced by a regular file", runs[i][0]);
        char *text = read_text(got);
        if (!strstr(text, runs[i][1]))
            fail_msg("%s: the reader got '%.200s'", runs[i][0], text);
        free(text);
        remove(fifo);
    }
    /* a symbolic link is written through, and stays a link */
    char link[64], target[64];
    snprintf(link, sizeof link, "%s/link", dir);
    snprintf(target, sizeof target, "%s/target.txt", dir);
    FILE *f = fopen(target, "w");
    assert_non_null(f);
    fclose(f);
    assert_int_equal(symlink("target.txt", link), 0);
    snprintf(cmd, sizeof cmd, "db amazons rooms:2 --out '%s'", link);
    support_run r = support_host(cmd, NULL);
    assert_int_equal(r.status, 0);
    support_run_free(&r);
    struct stat st;
    assert_int_equal(lstat(link, &st), 0);
    assert_true(S_ISLNK(st.st_mode));
    char *text = read_text(target);
    assert_non_null(strstr(text, "# 2 positions"));
    free(text);
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static void test_errors(void **state)
{
    (void)state;
    static const struct {
        const char *args, *needle;
    } cases[] = {
        { "db amazons rooms:1", "rooms of 1 points: expected 2 to 16" },
        { "db amazons rooms:17", "expected 2 to 16" },
        { "db amazons rooms:four", "db: amazons: shape 'rooms:four': unknown shape" },
        { "db amazons rooms:4:bogus", "db: amazons: shape 'rooms:4:bogus': unknown shape" },
        { "db amazons rooms:4 5", "db: unexpected argument '5'" },
        { "db amazons rooms:4 --bogus", "--bogus" },
        { "db amazons rooms:4 --out /nonexistent-dir/x.txt",
          "db: --out /nonexistent-dir/x.txt: " },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        support_run r = support_host(cases[i].args, NULL);
        support_assert_error(&r, cases[i].needle);
        support_run_free(&r);
    }
}

/* The number oracle of solve keeps each position's first answer: a 6-point room equal to
 * an integer that a one-position analysis cannot show to be one stays unfrozen after its
 * canonical form has been found, while a fresh, unbounded oracle recognizes it. */
static void test_oracle_first_answer_sticks(void **state)
{
    (void)state;
    FILE *f = fopen("conf/data/amazons-rooms-6.txt", "r");
    assert_non_null(f);
    char line[256], err[256];
    bool found = false;
    while (!found && fgets(line, sizeof line, f)) {
        char text[32], mean[32], temperature[32];
        if (line[0] == '#' || sscanf(line, "%31s %31s %31s", text, mean, temperature) != 3 ||
            strcmp(temperature, "-1") != 0)
            continue;
        support_pos pos = support_parse(&amz.game, text);
        sg_value v;
        if (amz.game.desc->number(amz.game.instance, pos.b, &v))
            continue; /* the game knows it: no oracle needed */
        sg_cgt_oracle bounded = { sg_cgt_new(), 1 };
        assert_non_null(bounded.table);
        if (!sg_cgt_number_oracle(&bounded, &amz.game, pos.b, &v)) {
            found = true;
            sg_cg g;
            assert_int_equal(sg_cgt_from_game(bounded.table, &amz.game, pos.b, 0, &g, err,
                                              sizeof err),
                             SG_OK);
            assert_true(sg_cgt_is_number(bounded.table, g, NULL));
            assert_false(sg_cgt_number_oracle(&bounded, &amz.game, pos.b, &v));
            sg_cgt_oracle unbounded = { sg_cgt_new(), 0 };
            assert_non_null(unbounded.table);
            assert_true(sg_cgt_number_oracle(&unbounded, &amz.game, pos.b, &v));
            char m[SG_VALUE_TEXT_MAX];
            sg_value_format(v, m, sizeof m);
            assert_string_equal(m, mean);
            sg_cgt_free(unbounded.table);
        }
        sg_cgt_free(bounded.table);
    }
    fclose(f);
    assert_true(found);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shape_counts),
        cmocka_unit_test(test_paper_counts),
        cmocka_unit_test(test_distinct_counts),
        cmocka_unit_test(test_order_and_notation),
        cmocka_unit_test(test_hand_values),
        cmocka_unit_test(test_out_in_place),
        cmocka_unit_test(test_database_theory),
        cmocka_unit_test(test_databases_rebuild),
        cmocka_unit_test(test_out_file_and_json),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_oracle_first_answer_sticks),
    };
    return cmocka_run_group_tests(tests, open_amazons, close_amazons);
}
