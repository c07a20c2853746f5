/* check-plugin passes correct game plugins (the test game good_subtract and rcg), and
 * reports each conformance bug of broken_subtract, and a crash, as a FAIL line with
 * exit status 1. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    support_run r = check(test_plugin("good_subtract"), "");
    assert_passes(&r);
    /* A generator but neither evaluate nor split: 13 applicable checks. */
    assert_has(&r, "\n13 checks passed, 0 failed\n");
    assert_has(&r, "ok   generator is reproducible");
    assert_has(&r, "ok   copy-make: play never touches its input");
    assert_has(&r, "(20 start positions, 4 walks of up to 12 moves each, seed 1)");
    support_run_free(&r);
}

static void test_given_positions(void **state)
{
    (void)state;
    support_run r = check(test_plugin("good_subtract"), "--position 0 --position 7 --depth 3 "
                                                        "--playouts 2 max=7");
    assert_passes(&r);
    assert_has(&r, "(2 start positions, 2 walks of up to 3 moves each, seed 1)");
    support_run_free(&r);
}

static void test_output_is_reproducible(void **state)
{
    (void)state;
    support_run a = check(test_plugin("good_subtract"), "--seed 5");
    support_run b = check(test_plugin("good_subtract"), "--seed 5");
    assert_int_equal(a.status, 0);
    assert_string_equal(a.out, b.out);
    support_run_free(&a);
    support_run_free(&b);
}

static void test_broken_plugin_fails(void **state)
{
    (void)state;
    support_run r = check(test_plugin("broken_subtract"), "");
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
    assert_has(&r, "\n10 checks passed, 3 failed\n");
    support_run_free(&r);
}

static void test_broken_ko_hooks_fail(void **state)
{
    (void)state;
    support_run r = check(test_plugin("ko_broken_subtract"), "");
    assert_int_equal(r.status, 1);
    assert_has(&r, "FAIL a move elsewhere lifts a ban once");
    assert_has(&r, "a second move elsewhere changes the position again");
    assert_has(&r, "FAIL playouts are reproducible");
    assert_has(&r, "two playouts from the same rng state differ");
    assert_has(&r, "checks passed, 2 failed\n");
    support_run_free(&r);
}

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
    char file[1024];
    snprintf(file, sizeof file, "%s/games/rcg.so", support_build_dir());
    support_run r = check(file, "");
    assert_passes(&r);
    support_run_free(&r);
    r = check(file, "--position '{114|66}|{49|0}' --position '237|191||145|124|||97|57||32|0' "
                    "--position '{3,1|0,-2}' --position '5/2' --position '{|}' --position '{2|}' "
                    "--position -3");
    assert_passes(&r);
    assert_has(&r, "(7 start positions");
    support_run_free(&r);
}

/* go: a game that passes, with ko bans and playouts (ABI 1.2): from a ko shape the walks
 * meet bans, so the ABI 1.2 checks run on real cases. */
static void test_go_passes(void **state)
{
    (void)state;
    support_run r = check("go", "--position '.XO./XO.O/.XO.' --position '..' "
                                "--position 'X.XXO.O/XXXXOOO/X.XXO.O' --depth 30");
    assert_passes(&r);
    assert_has(&r, "ok   a move elsewhere lifts a ban once");
    assert_null(strstr(r.out, "moved_elsewhere) (0 cases)"));
    assert_has(&r, "ok   playouts are reproducible");
    support_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_good_plugin_passes),
        cmocka_unit_test(test_given_positions),
        cmocka_unit_test(test_output_is_reproducible),
        cmocka_unit_test(test_broken_plugin_fails),
        cmocka_unit_test(test_crash_is_reported),
        cmocka_unit_test(test_rcg_passes),
        cmocka_unit_test(test_go_passes),
        cmocka_unit_test(test_broken_ko_hooks_fail),
    };
    return cmocka_run_group_tests_name("check_plugin", tests, NULL, NULL);
}
