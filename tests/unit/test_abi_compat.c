/* The ABI promise of docs/abi.md, checked from outside: plugins compiled against the
 * previous release's installed headers (tests/compat/abi-1.4, frozen) and linked as that
 * release linked them (DT_NEEDED "libsumgame.so", the library had no SONAME) load into
 * the current host and play; and the library exports only what its installed headers
 * declare, under a SONAME. */
#include "support.h"

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char dir[64];

static const char *cc(void)
{
    const char *c = getenv("CC");
    return c && *c ? c : "cc";
}

static int build_old_plugins(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/sumgame-compat-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    /* An empty libsumgame.so without a SONAME, so that the plugins record the name the
     * previous release's library had; their symbols are resolved at load time, against
     * the current library. */
    char cmd[4096];
    const char *flags = "-std=c17 -Wall -Wextra -Werror -shared -fPIC -I tests/compat/abi-1.4/include";
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/stub %s/p/games %s/p/strategies "
             "&& %s -shared -fPIC -x c /dev/null -o %s/stub/libsumgame.so "
             "&& %s %s docs/examples/cutcake.c -o %s/p/games/cutcake.so "
             "&& %s %s docs/examples/switch.c -o %s/p/games/switch.so "
             "-Wl,--no-as-needed -L%s/stub -lsumgame "
             "&& %s %s docs/examples/greedy.c -o %s/p/strategies/greedy.so "
             "-Wl,--no-as-needed -L%s/stub -lsumgame",
             dir, dir, dir, cc(), dir, cc(), flags, dir, cc(), flags, dir, dir, cc(), flags,
             dir, dir);
    return system(cmd) == 0 ? 0 : -1;
}

static int remove_old_plugins(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

static void test_old_game_passes_check_plugin(void **state)
{
    (void)state;
    char args[256];
    snprintf(args, sizeof args, "check-plugin %s/p/games/cutcake.so --count 5", dir);
    support_run r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("check-plugin failed: %s%s", r.out, r.err);
    support_assert_contains(r.out, "game 'cutcake'");
    support_assert_contains(r.out, ", 0 failed");
    support_run_free(&r);
}

static void test_old_game_solves(void **state)
{
    (void)state;
    /* {5|-5} + {3|1}: Left first takes 5, Right answers 1: 6; Right first takes -5, Left
     * answers 3: -2. */
    char args[256];
    snprintf(args, sizeof args,
             "solve --plugin-path %s/p 'switch:5|-5 + switch:3|1' --json", dir);
    support_run r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("%s", r.err);
    support_assert_contains(r.out, "\"left_first\":\"6\"");
    support_assert_contains(r.out, "\"right_first\":\"-2\"");
    support_run_free(&r);
}

/* The strategy binds libsumgame's functions (params, rng, sum): they must still be
 * exported, under the name the plugin asks for. */
static void test_old_strategy_plays(void **state)
{
    (void)state;
    char ini[128];
    snprintf(ini, sizeof ini, "%s/compat.ini", dir);
    FILE *f = fopen(ini, "w");
    assert_non_null(f);
    fputs("[match]\nleft = greedy\nright = random\ngames = 3\nseed = 3\n\n"
          "[sum]\ngenerator = cutcake\ncomponents = 3\nwidth = 6\nheight = 6\n\n"
          "[strategy.greedy]\nplugin = greedy\n\n[strategy.random]\nplugin = random\n",
          f);
    fclose(f);
    char args[256];
    snprintf(args, sizeof args, "match %s --plugin-path %s/p --json", ini, dir);
    support_run r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("match failed: %s", r.err);
    support_assert_contains(r.out, "\"games\":6");
    support_assert_contains(r.out, "\"forfeits\":0");
    support_run_free(&r);
}

/* Reads every installed header into one string. */
static char *installed_headers(void)
{
    DIR *d = opendir("include/sumgame");
    assert_non_null(d);
    size_t cap = 1 << 20, len = 0;
    char *all = malloc(cap);
    assert_non_null(all);
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t n = strlen(e->d_name);
        if (n < 3 || strcmp(e->d_name + n - 2, ".h") != 0)
            continue;
        char path[300];
        snprintf(path, sizeof path, "include/sumgame/%s", e->d_name);
        FILE *f = fopen(path, "r");
        assert_non_null(f);
        size_t got;
        while ((got = fread(all + len, 1, cap - 1 - len, f)) > 0)
            len += got;
        assert_true(len < cap - 1);
        fclose(f);
        all[len++] = '\n';
    }
    closedir(d);
    all[len] = '\0';
    return all;
}

static bool declares(const char *text, const char *name)
{
    size_t n = strlen(name);
    for (const char *p = strstr(text, name); p; p = strstr(p + 1, name)) {
        bool left = p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_');
        bool right = !(isalnum((unsigned char)p[n]) || p[n] == '_');
        if (left && right)
            return true;
    }
    return false;
}

static void test_exports_only_installed_declarations(void **state)
{
    (void)state;
    char *headers = installed_headers();
    char cmd[512];
    snprintf(cmd, sizeof cmd, "nm -D --defined-only %s/libsumgame.so", support_build_dir());
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char line[512];
    int exported = 0, strays = 0;
    while (fgets(line, sizeof line, p)) {
        char addr[64], type[8], name[400];
        if (sscanf(line, "%63s %7s %399s", addr, type, name) != 3)
            continue;
        if (name[0] == '_' || strchr(name, '@'))
            continue; /* the toolchain's own (_init, _fini, ...) */
        exported++;
        if (!declares(headers, name)) {
            print_message("exported but not declared in include/sumgame: %s\n", name);
            strays++;
        }
    }
    assert_int_equal(pclose(p), 0);
    free(headers);
    assert_true(exported > 100);
    assert_int_equal(strays, 0);
}

static void test_library_has_soname(void **state)
{
    (void)state;
    char cmd[512];
    snprintf(cmd, sizeof cmd, "readelf -d %s/libsumgame.so", support_build_dir());
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char line[512];
    bool found = false;
    while (fgets(line, sizeof line, p))
        if (strstr(line, "(SONAME)") && strstr(line, "[libsumgame.so.1]"))
            found = true;
    assert_int_equal(pclose(p), 0);
    assert_true(found);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_old_game_passes_check_plugin),
        cmocka_unit_test(test_old_game_solves),
        cmocka_unit_test(test_old_strategy_plays),
        cmocka_unit_test(test_exports_only_installed_declarations),
        cmocka_unit_test(test_library_has_soname),
    };
    return cmocka_run_group_tests_name("abi_compat", tests, build_old_plugins,
                                       remove_old_plugins);
}
