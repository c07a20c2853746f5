/* check-plugin passes correct game plugins (the test game good_subtract and rcg), and
 * reports each conformance bug of broken_subtract, and a crash, as a FAIL line with
 * exit status 1. Each check that compares with exact values has a test plugin with one
 * planted bug (tests/plugins/bad_*.c) that it, and it alone, catches.
 *
 * The checker runs in this process (checker_run); only a plugin that crashes needs the
 * binary, whose handler turns the crash into a FAIL line, and one test holds the two
 * to the same report. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/check/checker.h"

/* The host: `sumgame check-plugin 'plugin_file' extra`. */
static support_run check(const char *plugin_file, const char *extra)
{
    char args[2048];
    snprintf(args, sizeof args, "check-plugin '%s' %s", plugin_file, extra);
    return support_host(args, NULL);
}

static char *test_plugin(const char *name)
{
    static char path[1024];
    snprintf(path, sizeof path, "%s/tests/plugins/%s.so", support_build_dir(), name);
    return path;
}

static char *game_plugin(const char *name)
{
    static char path[1024];
    snprintf(path, sizeof path, "%s/games/%s.so", support_build_dir(), name);
    return path;
}

static checker_options defaults(void)
{
    checker_options o = CHECKER_OPTIONS_DEFAULT;
    return o;
}

/* The checker in this process, on the plugin at plugin_file created with the parameter
 * key=value (key NULL: none): its status, its report, and what reached stderr meanwhile
 * (a plugin's stray lines there are a bug, as in the host). A run that could not start
 * fails the test. */
static support_run check_here(const char *plugin_file, const checker_options *o,
                              const char *key, const char *value)
{
    sg_plugin plugin;
    char err[1024] = "";
    if (sg_plugin_open_file(plugin_file, SG_PLUGIN_GAME, &plugin, err, sizeof err) != SG_OK)
        fail_msg("%s", err);
    const sg_param item = { key, value, 0 };
    const sg_params params = { "command line", plugin.desc.game->name, key ? &item : NULL,
                               key ? 1 : 0 };

    char *out = NULL;
    size_t outlen = 0;
    FILE *stream = open_memstream(&out, &outlen);
    assert_non_null(stream);
    char err_path[] = "/tmp/sumgame-check-err-XXXXXX";
    int captured = mkstemp(err_path);
    assert_true(captured >= 0);
    fflush(stderr);
    int saved = dup(STDERR_FILENO);
    assert_true(saved >= 0 && dup2(captured, STDERR_FILENO) >= 0);

    support_run r;
    r.status = checker_run(&plugin, &params, o, stream, err, sizeof err);

    fflush(stderr);
    assert_true(dup2(saved, STDERR_FILENO) >= 0);
    close(saved);
    close(captured);
    r.err = support_read_file(err_path);
    unlink(err_path);
    assert_int_equal(fclose(stream), 0);
    r.out = out;
    sg_plugin_close(&plugin);
    if (r.status != CHECKER_PASSED && r.status != CHECKER_FAILED)
        fail_msg("checker_run returned %d: %s", r.status, err);
    return r;
}

static void assert_passes(const support_run *r)
{
    if (r->status != 0 || strstr(r->out, "FAIL"))
        fail_msg("check-plugin failed (%d):\n%s%s", r->status, r->out, r->err);
    assert_string_equal(r->err, "");
    assert_non_null(strstr(r->out, " checks passed, 0 failed\n"));
}

static void assert_has(const support_run *r, const char *needle)
{
    if (!strstr(r->out, needle))
        fail_msg("output lacks '%s':\n%s", needle, r->out);
}

static void test_good_plugin_passes(void **state)
{
    (void)state;
    checker_options o = defaults();
    support_run r = check_here(test_plugin("good_subtract"), &o, NULL, NULL);
    assert_passes(&r);
    /* A generator but neither evaluate nor split: 15 applicable checks. */
    assert_has(&r, "\n15 checks passed, 0 failed\n");
    assert_has(&r, "ok   hash is consistent across transpositions");
    /* heaps 0 and 1 are the numbers it reports; heap 1 has a Left move */
    assert_has(&r, "ok   number() agrees with exhaustive search");
    assert_has(&r, "ok   generator is reproducible");
    assert_has(&r, "ok   copy-make: play never touches its input");
    assert_has(&r, "(20 start positions, 4 walks of up to 12 moves each, seed 1)");
    support_run_free(&r);
}

static void test_given_positions(void **state)
{
    (void)state;
    static const char *const positions[] = { "0", "7" };
    checker_options o = defaults();
    o.positions = positions;
    o.npositions = 2;
    o.depth = 3;
    o.playouts = 2;
    support_run r = check_here(test_plugin("good_subtract"), &o, "max", "7");
    assert_passes(&r);
    assert_has(&r, "(2 start positions, 2 walks of up to 3 moves each, seed 1)");
    support_run_free(&r);
}

/* Two runs in one process also show that a run leaves nothing behind for the next. */
static void test_output_is_reproducible(void **state)
{
    (void)state;
    checker_options o = defaults();
    o.seed = 5;
    support_run a = check_here(test_plugin("good_subtract"), &o, NULL, NULL);
    support_run b = check_here(test_plugin("good_subtract"), &o, NULL, NULL);
    assert_int_equal(a.status, 0);
    assert_string_equal(a.out, b.out);
    support_run_free(&a);
    support_run_free(&b);
}

/* The command is the checker behind arguments: the host's report, exit status and
 * stderr are the in-process run's, with a failing plugin and with every option given. */
static void test_host_reports_as_checker(void **state)
{
    (void)state;
    static const char *const positions[] = { "5", "9" };
    checker_options plain = defaults(), given = defaults();
    given.positions = positions;
    given.npositions = 2;
    given.seed = 11;
    given.count = 7;
    given.depth = 5;
    given.playouts = 3;
    given.exact = 500;
    const struct {
        const checker_options *o;
        const char *args;
    } runs[] = {
        { &plain, "" },
        { &given, "--position 5 --position 9 --seed 11 --count 7 --depth 5 --playouts 3 "
                  "--exact 500" },
    };
    for (size_t i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        support_run host = check(test_plugin("broken_subtract"), runs[i].args);
        support_run here = check_here(test_plugin("broken_subtract"), runs[i].o, NULL, NULL);
        assert_int_equal(host.status, 1);
        assert_int_equal(here.status, host.status);
        assert_string_equal(here.out, host.out);
        assert_string_equal(host.err, "");
        assert_string_equal(here.err, "");
        support_run_free(&host);
        support_run_free(&here);
    }
}

static void test_broken_plugin_fails(void **state)
{
    (void)state;
    checker_options o = defaults();
    support_run r = check_here(test_plugin("broken_subtract"), &o, NULL, NULL);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, "");
    /* The three planted bugs, and nothing else. */
    assert_has(&r, "FAIL copy-make: play never touches its input");
    assert_has(&r, "changed the input position");
    assert_has(&r, "FAIL moves are deterministic (same list twice and for a copy)");
    assert_has(&r, "FAIL number() is consistent with moves");
    assert_has(&r, "broken_subtract:1: right has no move but number() reports no number");
    assert_has(&r, "ok   generator is reproducible");
    assert_has(&r, "ok   every listed move can be played");
    assert_has(&r, "\n11 checks passed, 3 failed\n");
    support_run_free(&r);
}

static void test_broken_ko_hooks_fail(void **state)
{
    (void)state;
    checker_options o = defaults();
    support_run r = check_here(test_plugin("ko_broken_subtract"), &o, NULL, NULL);
    assert_int_equal(r.status, 1);
    assert_has(&r, "FAIL a move elsewhere lifts a ban once");
    assert_has(&r, "a second move elsewhere changes the position again");
    assert_has(&r, "FAIL playouts are reproducible");
    assert_has(&r, "two playouts from the same rng state differ");
    assert_has(&r, "checks passed, 2 failed\n");
    support_run_free(&r);
}

/* ABI 1.4: a stop_score that disagrees with number() fails, and go's agrees. */
static void test_stop_score_is_checked(void **state)
{
    (void)state;
    checker_options o = defaults();
    support_run r = check_here(test_plugin("bad_stop"), &o, NULL, NULL);
    assert_int_equal(r.status, 1);
    assert_has(&r, "FAIL stop_score answers every position and agrees with number()");
    assert_has(&r, "stop_score() gives 1 where number() gives 0");
    support_run_free(&r);
    static const char *const positions[] = { ".X./X.X/.X." };
    o.positions = positions;
    o.npositions = 1;
    r = check_here(game_plugin("go"), &o, NULL, NULL);
    assert_has(&r, "ok   stop_score answers every position");
    support_run_free(&r);
}

/* A crash ends the process: the host's handler reports it. */
static void test_crash_is_reported(void **state)
{
    (void)state;
    support_run r = check(test_plugin("crashing_subtract"), "--position 3");
    assert_int_equal(r.status, 1);
    assert_has(&r, "FAIL every listed move can be played: the plugin crashed (signal 11)");
    support_assert_error(&r, "check-plugin: the plugin crashed");
    support_run_free(&r);
}

static void test_rcg_passes(void **state)
{
    (void)state;
    checker_options o = defaults();
    support_run r = check_here(game_plugin("rcg"), &o, NULL, NULL);
    assert_passes(&r);
    support_run_free(&r);
    static const char *const positions[] = { "{114|66}|{49|0}", "237|191||145|124|||97|57||32|0",
                                             "{3,1|0,-2}",      "5/2",
                                             "{|}",             "{2|}",
                                             "-3" };
    o.positions = positions;
    o.npositions = sizeof positions / sizeof positions[0];
    r = check_here(game_plugin("rcg"), &o, NULL, NULL);
    assert_passes(&r);
    assert_has(&r, "(7 start positions");
    support_run_free(&r);
}

/* go: a game that passes, with ko bans and playouts (ABI 1.2): from a ko shape the walks
 * meet bans, so the ABI 1.2 checks run on real cases. */
static void test_go_passes(void **state)
{
    (void)state;
    static const char *const positions[] = { ".XO./XO.O/.XO.", "..",
                                             "X.XXO.O/XXXXOOO/X.XXO.O" };
    checker_options o = defaults();
    o.positions = positions;
    o.npositions = sizeof positions / sizeof positions[0];
    o.depth = 30;
    support_run r = check_here(game_plugin("go"), &o, NULL, NULL);
    assert_passes(&r);
    assert_has(&r, "ok   a move elsewhere lifts a ban once");
    assert_null(strstr(r.out, "moved_elsewhere) (0 cases)"));
    assert_has(&r, "ok   playouts are reproducible");
    support_run_free(&r);
}

/* One planted bug each: the check named, and no other, fails, with the diagnosis of the
 * first counterexample (values from the subtraction game: heap 1 = {0|} = 1, heap 2 =
 * {1|0} with temperature 1/2, heap 3 = {1,{1|0}|0}). */
static const struct planted {
    const char *plugin, *position, *db_shape, *check, *diagnosis;
} planted[] = {
    { "bad_hash_history", NULL, NULL, "FAIL hash is consistent across transpositions",
      "bad_hash_history:4: left take1 then right take2, and the other order, reach equal "
      "bytes with hashes " },
    { "bad_split", NULL, NULL, "FAIL split keeps the value",
      "bad_split:4: the whole is 0 but its 2 parts add up to " },
    { "bad_number", NULL, NULL, "FAIL number() agrees with exhaustive search",
      "bad_number:1: number() reports 2 but the options give 1" },
    { "bad_evaluate", NULL, NULL, "FAIL evaluate has the sign of the number number() reports",
      "bad_evaluate:1: number() reports 1 but evaluate with left to move gives -1" },
    { "bad_options", "5", NULL,
      "FAIL evaluate_options is the best evaluate() over the children play() makes",
      "bad_options:5: evaluate_options for left gives 5 but the greatest child evaluates to 4" },
    { "bad_temperature", NULL, NULL, "FAIL temperature_bound is at least the exact temperature",
      "temperature_bound gives 0 but the exact temperature is 1/2" },
    { "bad_birthday", "2", NULL, "FAIL birthday_bound is at least the longest line",
      "bad_birthday:2: birthday_bound gives 1 but a line of 2 moves exists" },
    { "bad_canonical", NULL, NULL, "FAIL canonical is idempotent",
      "bad_canonical:3 is {1,{1|0}|0} but its representative '2' is {1|0}" },
    { "bad_db_images", NULL, "heaps:12", "FAIL database hooks agree",
      "heaps:12 index 2 ('2'): image 1 (index 3) is {1,{1|0}|0}, not {1|0}" },
    { "bad_db_index", NULL, "heaps:12", "FAIL database hooks agree",
      "heaps:12 index 3 ('3'): db_index gives 4" },
    { "bad_db_children", NULL, "heaps:12", "FAIL database hooks agree",
      "heaps:12 index 3 ('3'): db_children of Right differ from the indices its moves reach" },
};

static void test_planted_bugs_are_caught(void **state)
{
    (void)state;
    for (size_t i = 0; i < sizeof planted / sizeof planted[0]; i++) {
        const struct planted *p = &planted[i];
        checker_options o = defaults();
        o.positions = &p->position;
        o.npositions = p->position ? 1 : 0;
        o.db_shape = p->db_shape;
        support_run r = check_here(test_plugin(p->plugin), &o, NULL, NULL);
        if (r.status != 1 || !strstr(r.out, p->check) || !strstr(r.out, p->diagnosis) ||
            !strstr(r.out, " checks passed, 1 failed\n"))
            fail_msg("%s (position %s, shape %s): expected '%s' with '%s' as the only "
                     "failure:\n%s%s",
                     p->plugin, p->position ? p->position : "generated",
                     p->db_shape ? p->db_shape : "none", p->check, p->diagnosis, r.out, r.err);
        assert_string_equal(r.err, "");
        support_run_free(&r);
    }
}

/* The same hooks without the bugs pass, and the database check needs a shape to meet a
 * case. */
static void test_database_hooks_pass(void **state)
{
    (void)state;
    checker_options o = defaults();
    o.db_shape = "heaps:12";
    support_run r = check_here(test_plugin("db_subtract"), &o, NULL, NULL);
    assert_passes(&r);
    assert_has(&r, "ok   canonical is idempotent");
    assert_has(&r, "ok   database hooks agree");
    /* the shape's two sanity cases, then 13 indices, each with db_index, layer, first
     * image, the second image named and its value (5), and for each player db_children's
     * answer, its count against moves() and its indices against play() (6) */
    assert_has(&r, "database hooks agree (db_index(db_position(i)) == i, db_children are what "
                   "moves reach, images have equal or negated exact values) (145 cases)");
    support_run_free(&r);
    o.db_shape = NULL;
    r = check_here(test_plugin("db_subtract"), &o, NULL, NULL);
    assert_passes(&r);
    assert_has(&r, "skip database hooks agree (db_index(db_position(i)) == i, db_children are "
                   "what moves reach, images have equal or negated exact values) (no case "
                   "met: give a shape with --db-shape TEXT)");
    support_run_free(&r);
    o.db_shape = "squares:3";
    r = check_here(test_plugin("db_subtract"), &o, NULL, NULL);
    assert_int_equal(r.status, 1);
    assert_has(&r, "FAIL database hooks agree");
    assert_has(&r, "db_shape 'squares:3' fails: unknown shape 'squares:3'");
    support_run_free(&r);
}

/* exact 0 turns the checks on exact values off; a budget too small for any position
 * makes them skip, never fail. */
static void test_exact_budget(void **state)
{
    (void)state;
    checker_options o = defaults();
    o.exact = 0;
    support_run r = check_here(test_plugin("bad_number"), &o, NULL, NULL);
    assert_passes(&r);
    assert_null(strstr(r.out, "exhaustive search"));
    support_run_free(&r);
    static const char *const nine[] = { "9" };
    o = defaults();
    o.exact = 1;
    o.positions = nine;
    o.npositions = 1;
    o.playouts = 0;
    r = check_here(test_plugin("bad_temperature"), &o, NULL, NULL);
    assert_passes(&r);
    assert_has(&r, "skip temperature_bound is at least the exact temperature (no case met: "
                   "give a smaller --position, or a larger --exact budget)");
    support_run_free(&r);
}

/* An ABI 1.2 plugin (descriptor size ending where 1.3 begins) loads, the host never
 * reads the 1.3 fields behind its size (a format_move_for that writes "nonsense" and a
 * canonical that maps every heap to 0), and check-plugin passes it without 1.3 checks. */
static void test_abi_1_2_plugin(void **state)
{
    (void)state;
    support_game g;
    support_test_game_open(&g, "abi_1_2_subtract");
    assert_int_equal(g.game.desc->size, offsetof(sg_game_desc, format_move_for));
    assert_false(SG_GAME_HAS(g.game.desc, format_move_for));
    assert_false(SG_GAME_HAS(g.game.desc, canonical));
    assert_false(SG_GAME_HAS(g.game.desc, db_images));
    support_pos p = support_parse(&g.game, "3");
    char text[64];
    assert_int_equal(sg_game_format_move(&g.game, p.b, SG_LEFT, 1, text, sizeof text), SG_OK);
    assert_string_equal(text, "take1");
    support_game_close(&g);

    checker_options o = defaults();
    support_run r = check_here(test_plugin("abi_1_2_subtract"), &o, NULL, NULL);
    assert_passes(&r);
    assert_has(&r, "\n15 checks passed, 0 failed\n");
    assert_null(strstr(r.out, "canonical"));
    assert_has(&r, "ok   move notation round-trips");
    support_run_free(&r);
}

/* The real plugins pass the whole suite on positions small enough for the exact checks
 * to meet cases: Amazons splits rooms and has both bounds. */
static void test_amazons_passes(void **state)
{
    (void)state;
    /* the last on 8 rows: min-distance on the 128-bit board, not the 64-bit one */
    static const char *const positions[] = {
        "x.xx/.xBx/W.xx/xxxx", "B.x.W/..x..", "xx./BW.", ".B../W..W/..B./....",
        "B.x.xxxx/..x.xxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxx.x../xxxxx..W"
    };
    checker_options o = defaults();
    o.positions = positions;
    o.npositions = sizeof positions / sizeof positions[0];
    support_run r = check_here(game_plugin("amazons"), &o, NULL, NULL);
    assert_passes(&r);
    assert_has(&r, "ok   split keeps the value");
    assert_has(&r, "ok   number() agrees with exhaustive search");
    assert_has(&r, "ok   evaluate has the sign of the number number() reports");
    assert_has(&r, "ok   temperature_bound is at least the exact temperature");
    assert_has(&r, "ok   birthday_bound is at least the longest line of play");
    assert_has(&r, "ok   hash is consistent across transpositions");
    assert_has(&r, "ok   canonical is idempotent");
    assert_has(&r, "ok   evaluate_options is the best evaluate()");
    assert_has(&r, "\n23 checks passed, 0 failed\n");
    support_run_free(&r);
    /* its database shapes: a grid (with db_children and conjugate images) and rooms */
    static const char *const shapes[] = { "2x3", "3x3", "rooms:4:distinct" };
    for (size_t i = 0; i < sizeof shapes / sizeof shapes[0]; i++) {
        o = defaults();
        o.db_shape = shapes[i];
        r = check_here(game_plugin("amazons"), &o, NULL, NULL);
        assert_passes(&r);
        assert_has(&r, "ok   database hooks agree");
        support_run_free(&r);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_plugin_passes),
        cmocka_unit_test(test_given_positions),
        cmocka_unit_test(test_output_is_reproducible),
        cmocka_unit_test(test_host_reports_as_checker),
        cmocka_unit_test(test_broken_plugin_fails),
        cmocka_unit_test(test_crash_is_reported),
        cmocka_unit_test(test_rcg_passes),
        cmocka_unit_test(test_go_passes),
        cmocka_unit_test(test_broken_ko_hooks_fail),
        cmocka_unit_test(test_stop_score_is_checked),
        cmocka_unit_test(test_planted_bugs_are_caught),
        cmocka_unit_test(test_database_hooks_pass),
        cmocka_unit_test(test_exact_budget),
        cmocka_unit_test(test_abi_1_2_plugin),
        cmocka_unit_test(test_amazons_passes),
    };
    return cmocka_run_group_tests_name("check_plugin", tests, NULL, NULL);
}
