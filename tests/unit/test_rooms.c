/* The n-point Amazons rooms of the TDS paper's Experiment 1 (`sumgame rooms`): counts
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
#include "sumgame/rooms_db.h"
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

static size_t room_count(int n, sg_rooms_mode mode)
{
    sg_room *rooms = NULL;
    size_t count = 0;
    char err[256];
    assert_int_equal(sg_rooms_enumerate(n, mode, &rooms, &count, err, sizeof err), SG_OK);
    free(rooms);
    return count;
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
    for (int n = 1; n <= 6; n++) {
        size_t count = 0;
        assert_int_equal(sg_rooms_shapes(n, NULL, 0, &count, err, sizeof err), SG_ERR_RANGE);
        assert_int_equal(count, expected[n]);
    }
    size_t count = 0;
    assert_int_equal(sg_rooms_shapes(16, NULL, 0, &count, err, sizeof err), SG_ERR_RANGE);
    assert_int_equal(count, 1);
    assert_int_equal(sg_rooms_shapes(0, NULL, 0, &count, err, sizeof err), SG_ERR_INVALID);
    assert_int_equal(sg_rooms_shapes(17, NULL, 0, &count, err, sizeof err), SG_ERR_INVALID);
}

/* The paper: 132, 690 and 3330 rooms of sizes 4, 5, 6 = shapes * n(n-1)/2. */
static void test_paper_counts(void **state)
{
    (void)state;
    assert_int_equal(room_count(2, SG_ROOMS_PAPER), 2);
    assert_int_equal(room_count(3, SG_ROOMS_PAPER), 15);
    assert_int_equal(room_count(4, SG_ROOMS_PAPER), 132);
    assert_int_equal(room_count(5, SG_ROOMS_PAPER), 690);
    assert_int_equal(room_count(6, SG_ROOMS_PAPER), 3330);
}

/* Positions up to symmetry, colours told apart, for n = 3 by hand: the straight line, the
 * diagonal line, the L and the V each have a mirror swapping their two ends (3 classes
 * of the 6 ordered placements each), the remaining triking none (6): 18. For n = 2 the
 * two dominoes each have a symmetry swapping their squares: 2. */
static void test_distinct_counts(void **state)
{
    (void)state;
    assert_int_equal(room_count(2, SG_ROOMS_DISTINCT), 2);
    assert_int_equal(room_count(3, SG_ROOMS_DISTINCT), 18);
    char err[256];
    sg_room *rooms = NULL;
    size_t count = 0;
    assert_int_equal(sg_rooms_enumerate(1, SG_ROOMS_PAPER, &rooms, &count, err, sizeof err),
                     SG_ERR_INVALID);
    assert_non_null(strstr(err, "expected 2 to 16"));
    assert_null(rooms);
}

/* Canonical order: the first rooms of size 4 are the straight line with every pair. */
static void test_order_and_notation(void **state)
{
    (void)state;
    sg_room *rooms = NULL;
    size_t count = 0;
    char err[256];
    assert_int_equal(sg_rooms_enumerate(4, SG_ROOMS_PAPER, &rooms, &count, err, sizeof err),
                     SG_OK);
    static const char *const first[] = { "BW..", "B.W.", "B..W", ".BW.", ".B.W", "..BW" };
    for (size_t i = 0; i < 6; i++)
        assert_string_equal(rooms[i].text, first[i]);
    assert_int_equal(rooms[0].width, 4);
    assert_int_equal(rooms[0].height, 1);
    for (size_t i = 0; i < count; i++) {
        /* Every room: one B, one W, n - 2 empty squares, rest x, within its box. */
        int b = 0, w = 0, e = 0;
        for (const char *p = rooms[i].text; *p; p++) {
            b += *p == 'B';
            w += *p == 'W';
            e += *p == '.';
        }
        assert_int_equal(b, 1);
        assert_int_equal(w, 1);
        assert_int_equal(e, 2);
    }
    free(rooms);
}

static void values_of(const char *text, sg_value *mean, sg_value *temperature)
{
    sg_room room = { 0 };
    snprintf(room.text, sizeof room.text, "%s", text);
    sg_thermo_cache *cache = sg_thermo_cache_new(NULL);
    char err[256] = "";
    if (sg_rooms_values(cache, &amz.game, &room, 1, mean, temperature, err, sizeof err) !=
        SG_OK)
        fail_msg("%s", err);
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

static void database_values(int n, sg_rooms_mode mode, sg_room **rooms, size_t *count,
                            sg_value **mean, sg_value **temperature)
{
    char err[256] = "";
    assert_int_equal(sg_rooms_enumerate(n, mode, rooms, count, err, sizeof err), SG_OK);
    *mean = malloc(*count * sizeof **mean);
    *temperature = malloc(*count * sizeof **temperature);
    assert_non_null(*mean);
    assert_non_null(*temperature);
    sg_thermo_cache *cache = sg_thermo_cache_new(NULL);
    if (sg_rooms_values(cache, &amz.game, *rooms, *count, *mean, *temperature, err,
                        sizeof err) != SG_OK)
        fail_msg("%s", err);
    sg_thermo_cache_free(cache);
}

/* The paper: in an n-point room means and temperatures are multiples of 2^(3-n), the
 * temperature is at most n - 3, and (every move filling a square) |mean| <= n - 2.
 * Swapping the colours gives the negative: the mean negates, the temperature stays. The
 * canonical form's thermograph (another path through the engine) agrees. */
static void test_database_theory(void **state)
{
    (void)state;
    sg_cgt *table = sg_cgt_new();
    sg_thermo_cache *forms = sg_thermo_cache_new(table);
    for (int n = 4; n <= 5; n++) {
        sg_room *rooms;
        size_t count;
        sg_value *mean, *temperature;
        database_values(n, SG_ROOMS_PAPER, &rooms, &count, &mean, &temperature);
        sg_value grid = sg_value_make(1, n - 3);
        for (size_t i = 0; i < count; i++) {
            for (int k = 0; k < 2; k++) {
                sg_value v = k ? temperature[i] : mean[i];
                sg_value q = sg_value_add(v, grid); /* exp <= n-3 iff v is on the grid */
                if (q.exp > n - 3)
                    fail_msg("%s: value off the 2^(3-n) grid", rooms[i].text);
            }
            assert_true(sg_value_cmp(temperature[i], sg_value_int(n - 3)) <= 0);
            assert_true(sg_value_cmp(mean[i], sg_value_int(n - 2)) <= 0);
            assert_true(sg_value_cmp(mean[i], sg_value_int(2 - n)) >= 0);

            sg_room swapped = rooms[i];
            for (char *p = swapped.text; *p; p++)
                *p = *p == 'B' ? 'W' : *p == 'W' ? 'B' : *p;
            sg_value m, t;
            values_of(swapped.text, &m, &t);
            if (!sg_value_eq(m, sg_value_neg(mean[i])) || !sg_value_eq(t, temperature[i]))
                fail_msg("%s: colour swap is not the negative", rooms[i].text);

            _Alignas(16) unsigned char pos[SG_POS_MAX];
            char err[256];
            assert_int_equal(amz.game.desc->parse(amz.game.instance, rooms[i].text, pos, err,
                                                  sizeof err),
                             SG_OK);
            sg_cg g;
            assert_int_equal(sg_cgt_from_game(table, &amz.game, pos, 0, &g, err, sizeof err),
                             SG_OK);
            const sg_thermograph *th = sg_thermograph_of(forms, g);
            assert_non_null(th);
            if (!sg_value_eq(th->mean, mean[i]) || !sg_value_eq(th->temperature, temperature[i]))
                fail_msg("%s: canonical form's thermograph differs", rooms[i].text);
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
        snprintf(args, sizeof args, "rooms %d --values", n);
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
    support_run r = support_host("rooms 2 --values --json", NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out,
                        "{\"points\":2,\"counting\":\"paper\",\"shapes\":2,\"count\":2,"
                        "\"rooms\":[\n"
                        "{\"position\":\"BW\",\"mean\":\"0\",\"temperature\":\"-1\"},\n"
                        "{\"position\":\"xB/Wx\",\"mean\":\"0\",\"temperature\":\"-1\"}\n"
                        "]}\n");
    support_run_free(&r);

    char *path = support_temp_file(".txt", "");
    char args[4200];
    snprintf(args, sizeof args, "rooms 3 --distinct --out '%s'", path);
    r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    assert_string_equal(r.out, "");
    char *text = read_text(path);
    assert_non_null(strstr(text, "5 shapes, 18 rooms (counting: distinct)\n# position\nBW.\n"));
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
    snprintf(args, sizeof args, "rooms 3 --out '%s'", path);
    r = support_host(args, NULL);
    char want[4300];
    snprintf(want, sizeof want, "rooms: --out %s: Is a directory", path);
    support_assert_error(&r, want);
    assert_int_not_equal(access(part, F_OK), 0);
    rmdir(path);
    free(path);
    support_run_free(&r);
}

static void test_errors(void **state)
{
    (void)state;
    static const struct {
        const char *args, *needle;
    } cases[] = {
        { "rooms", "rooms: missing N" },
        { "rooms 1", "rooms: N '1': expected an integer from 2 to 16" },
        { "rooms 17", "expected an integer from 2 to 16" },
        { "rooms four", "rooms: N 'four'" },
        { "rooms 4 5", "rooms: unexpected argument '5'" },
        { "rooms 4 --bogus", "--bogus" },
        { "rooms 4 --out /nonexistent-dir/x.txt", "rooms: --out /nonexistent-dir/x.txt: " },
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
        cmocka_unit_test(test_database_theory),
        cmocka_unit_test(test_databases_rebuild),
        cmocka_unit_test(test_out_file_and_json),
        cmocka_unit_test(test_errors),
        cmocka_unit_test(test_oracle_first_answer_sticks),
    };
    return cmocka_run_group_tests(tests, open_amazons, close_amazons);
}
