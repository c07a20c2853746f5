/* The author's kit end to end, as a user outside the repository meets it: `make install`
 * into a fresh prefix, the example game (docs/examples/cutcake.c) and strategy
 * (docs/examples/greedy.c) copied into an empty directory and built there with nothing
 * but `cc $(pkg-config --cflags --libs sumgame) -shared -fPIC` (PKG_CONFIG_PATH into the
 * prefix), then loaded by the INSTALLED host: check-plugin, analyze, solve, match.
 *
 * Cutcake's values come from theory, computed here on their own: every Cutcake position
 * is an integer (Winning Ways, ch. 2), so a piece's value is the simplest integer between
 * its best Left and best Right option, each a sum of two smaller pieces. The closed form
 * of Winning Ways (w >= h: floor(w / 2^floor(log2 h)) - 1, and the negative transposed)
 * is checked against that recursion too. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[64];        /* the temporary root: prefix/ and work/ */
static char host[160];      /* the installed host */

#define SIDE 9
static long cutcake[SIDE + 1][SIDE + 1];

/* The simplest integer x with a < x < b (a, b the best options; has_a, has_b whether the
 * side has any). Cutcake never needs a fraction, which the test asserts. */
static long simplest_integer(bool has_a, long a, bool has_b, long b)
{
    if (has_a && has_b)
        assert_true(b - a >= 2); /* otherwise {a|b} would not be an integer */
    if ((!has_a || a < 0) && (!has_b || b > 0))
        return 0;
    return has_a && a >= 0 ? a + 1 : b - 1;
}

static void compute_cutcake(void)
{
    for (int w = 1; w <= SIDE; w++)
        for (int h = 1; h <= SIDE; h++) {
            bool has_a = false, has_b = false;
            long a = 0, b = 0;
            for (int k = 1; k < w; k++) { /* Left cuts vertically: w = k + (w - k) */
                long v = cutcake[k][h] + cutcake[w - k][h];
                a = has_a && a > v ? a : v;
                has_a = true;
            }
            for (int k = 1; k < h; k++) {
                long v = cutcake[w][k] + cutcake[w][h - k];
                b = has_b && b < v ? b : v;
                has_b = true;
            }
            cutcake[w][h] = simplest_integer(has_a, a, has_b, b);
        }
}

static int floor_log2(int n)
{
    int k = 0;
    while (n >>= 1)
        k++;
    return k;
}

static int setup(void **state)
{
    (void)state;
    compute_cutcake();
    snprintf(dir, sizeof dir, "/tmp/sumgame-kit-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(host, sizeof host, "%s/prefix/bin/sumgame", dir);
    const char *cc = getenv("CC");
    char cmd[4096];
    /* The examples are copied out, so nothing of the source tree is in reach of cc. */
    snprintf(cmd, sizeof cmd,
             "make -s --no-print-directory install PREFIX=%s/prefix BUILD=%s >%s/install.log 2>&1 "
             "&& mkdir -p %s/work/games %s/work/strategies "
             "&& cp docs/examples/cutcake.c docs/examples/greedy.c %s/work/ "
             "&& cd %s/work && export PKG_CONFIG_PATH=%s/prefix/lib/pkgconfig "
             "&& %s -std=c17 -Wall -Wextra -Werror cutcake.c -o games/cutcake.so "
             "$(pkg-config --cflags --libs sumgame) -shared -fPIC "
             "&& %s -std=c17 -Wall -Wextra -Werror greedy.c -o strategies/greedy.so "
             "$(pkg-config --cflags --libs sumgame) -shared -fPIC",
             dir, support_build_dir(), dir, dir, dir, dir, dir, dir, cc && *cc ? cc : "cc",
             cc && *cc ? cc : "cc");
    if (system(cmd) != 0) {
        snprintf(cmd, sizeof cmd, "cat %s/install.log >&2", dir);
        (void)!system(cmd);
        return -1;
    }
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* Runs the installed host with args (a shell fragment), stdout and stderr together. */
static char *installed(const char *args, int *status)
{
    char cmd[2048];
    snprintf(cmd, sizeof cmd, "unset SUMGAME_PLUGIN_PATH; %s %s --plugin-path %s/work 2>&1",
             host, args, dir);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t cap = 1 << 16, len = 0;
    char *out = malloc(cap);
    assert_non_null(out);
    size_t n;
    while ((n = fread(out + len, 1, cap - 1 - len, p)) > 0) {
        len += n;
        if (len == cap - 1) {
            cap *= 2;
            out = realloc(out, cap);
            assert_non_null(out);
        }
    }
    out[len] = '\0';
    int rc = pclose(p);
    *status = WIFEXITED(rc) ? WEXITSTATUS(rc) : 128;
    return out;
}

static void test_values_from_theory(void **state)
{
    (void)state;
    /* The recursion against the closed form, then spot values by hand: 2x1 = 1 (Left's one
     * cut), 1x3 = -2, 3x2 = {1x2 + 2x2 | 3x1 + 3x1} = {-1 | 4} = 0. */
    for (int w = 1; w <= SIDE; w++)
        for (int h = 1; h <= SIDE; h++) {
            long closed = w >= h ? (w >> floor_log2(h)) - 1 : -((h >> floor_log2(w)) - 1);
            assert_int_equal(cutcake[w][h], closed);
        }
    assert_int_equal(cutcake[2][1], 1);
    assert_int_equal(cutcake[1][3], -2);
    assert_int_equal(cutcake[3][2], 0);
    assert_int_equal(cutcake[8][3], 3);
}

static void test_installed_check_plugin(void **state)
{
    (void)state;
    int status;
    char *out = installed("check-plugin cutcake --position 4x3 --position 3x2,2x5 "
                          "--position 1x4,1x2 --position 0",
                          &status);
    if (status != 0 || !strstr(out, " checks passed, 0 failed\n"))
        fail_msg("check-plugin failed (%d):\n%s", status, out);
    support_assert_contains(out, "from ");
    support_assert_contains(out, "/work/games/cutcake.so\n");
    support_assert_contains(out, "ok   split keeps the value");
    support_assert_contains(out, "ok   number() agrees with exhaustive search");
    support_assert_contains(out, "ok   birthday_bound is at least the longest line of play");
    free(out);
}

static void test_installed_analyze(void **state)
{
    (void)state;
    for (int w = 1; w <= 6; w++)
        for (int h = 1; h <= 6; h++) {
            char args[128], want[64];
            snprintf(args, sizeof args, "analyze cutcake:%dx%d --json", w, h);
            int status;
            char *out = installed(args, &status);
            if (status != 0)
                fail_msg("%s: %s", args, out);
            /* A number: its mean, and the temperature -1 of every integer. */
            snprintf(want, sizeof want, "\"mean\":\"%ld\",\"temperature\":\"-1\"", cutcake[w][h]);
            if (!strstr(out, want))
                fail_msg("%s: expected %s in %s", args, want, out);
            free(out);
        }
}

static void test_installed_solve(void **state)
{
    (void)state;
    int status;
    /* A sum of numbers: both stops are the sum. */
    char *out = installed("solve 'cutcake:4x3 + cutcake:2x5 + cutcake:8x3,1x3' --json", &status);
    char want[128];
    long total = cutcake[4][3] + cutcake[2][5] + cutcake[8][3] + cutcake[1][3];
    assert_int_equal(total, 1 - 1 + 3 - 2);
    snprintf(want, sizeof want, "\"left_first\":\"%ld\"", total);
    support_assert_contains(out, want);
    snprintf(want, sizeof want, "\"right_first\":\"%ld\"", total);
    support_assert_contains(out, want);
    assert_int_equal(status, 0);
    free(out);
    /* Mixed with a built-in game: 8x3 = 3 plus the switch {5|-5}: whoever starts takes
     * the switch, 3 + 5 = 8 or 3 - 5 = -2. */
    out = installed("solve 'cutcake:8x3 + rcg:{5|-5}' --json", &status);
    assert_int_equal(status, 0);
    support_assert_contains(out, "\"left_first\":\"8\"");
    support_assert_contains(out, "\"right_first\":\"-2\"");
    free(out);
}

static void test_installed_match(void **state)
{
    (void)state;
    char ini[256], text[512];
    snprintf(ini, sizeof ini, "%s/work/kit.ini", dir);
    snprintf(text, sizeof text,
             "[match]\nleft = greedy\nright = random\ngames = 5\nseed = 3\n\n"
             "[sum]\ngenerator = cutcake\ncomponents = 3\nwidth = 6\nheight = 6\n\n"
             "[strategy.greedy]\nplugin = greedy\nrandom_ties = yes\n\n"
             "[strategy.random]\nplugin = random\n");
    FILE *f = fopen(ini, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    char args[512];
    snprintf(args, sizeof args, "match %s --json", ini);
    int status;
    char *out = installed(args, &status);
    if (status != 0)
        fail_msg("match failed (%d): %s", status, out);
    /* Five positions, each played twice with the colours swapped, none forfeited. */
    support_assert_contains(out, "\"left\":\"greedy\",\"right\":\"random\"");
    support_assert_contains(out, "\"games\":10");
    support_assert_contains(out, "\"forfeits\":0");
    free(out);
    /* The random strategy came from the prefix, the examples from the work directory. */
    out = installed("list --json", &status);
    assert_int_equal(status, 0);
    snprintf(text, sizeof text, "\"path\":\"%s/work/strategies/greedy.so\"", dir);
    support_assert_contains(out, text);
    snprintf(text, sizeof text, "\"path\":\"%s/prefix/bin/../lib/sumgame/strategies/random.so\"",
             dir);
    support_assert_contains(out, text);
    free(out);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values_from_theory),
        cmocka_unit_test(test_installed_check_plugin),
        cmocka_unit_test(test_installed_analyze),
        cmocka_unit_test(test_installed_solve),
        cmocka_unit_test(test_installed_match),
    };
    return cmocka_run_group_tests_name("author_kit", tests, setup, teardown);
}
