/* The plugin guide's example (docs/examples/switch.c) builds out of tree with only the
 * public headers and libsumgame, loads without rebuilding the host, and plays right. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char dir[64];

static int build_example(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/sumgame-example-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    char cmd[1024];
    const char *cc = getenv("CC");
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/games && %s -std=c17 -Wall -Wextra -Werror -shared -fPIC "
             "-Iinclude docs/examples/switch.c -o %s/games/switch.so -L%s -lsumgame",
             dir, cc && *cc ? cc : "cc", dir, support_build_dir());
    return system(cmd) == 0 ? 0 : -1;
}

static int remove_example(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void test_solve_with_example(void **state)
{
    (void)state;
    /* {5|-5} + {3|1}: Left first takes 5, Right answers 1: 6. Right first takes -5, Left
     * answers 3: -2. */
    char args[256];
    snprintf(args, sizeof args, "solve --plugin-path %s 'switch:5|-5 + switch:3|1' --json", dir);
    support_run r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("%s", r.err);
    assert_non_null(strstr(r.out, "\"left_first\":\"6\""));
    assert_non_null(strstr(r.out, "\"right_first\":\"-2\""));
    support_run_free(&r);
}

static void test_check_plugin_passes(void **state)
{
    (void)state;
    char args[256];
    snprintf(args, sizeof args, "check-plugin %s/games/switch.so --position '5|-5' --position 3",
             dir);
    support_run r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("check-plugin failed: %s%s", r.out, r.err);
    support_run_free(&r);
}

static void test_bad_notation_is_one_line(void **state)
{
    (void)state;
    char args[256];
    snprintf(args, sizeof args, "solve --plugin-path %s 'switch:1|5'", dir);
    support_run r = support_host(args, NULL);
    support_assert_error(&r, "a switch needs a >= b");
    support_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_solve_with_example),
        cmocka_unit_test(test_check_plugin_passes),
        cmocka_unit_test(test_bad_notation_is_one_line),
    };
    return cmocka_run_group_tests_name("example_plugin", tests, build_example, remove_example);
}
