/* The loader refuses every broken plugin file with one line that names the file and the
 * reason, loads a correct one, and searches --plugin-path, then SUMGAME_PLUGIN_PATH,
 * then the build tree, then the install prefix. The broken plugins are real shared
 * objects built from tests/plugins/. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#ifndef SG_BUILD_DIR
#define SG_BUILD_DIR "build"
#endif
#ifndef SG_PREFIX
#define SG_PREFIX "/usr/local"
#endif

static char *test_plugin(const char *name)
{
    size_t len = strlen(support_build_dir()) + strlen(name) + 32;
    char *path = malloc(len);
    snprintf(path, len, "%s/tests/plugins/%s.so", support_build_dir(), name);
    return path;
}

/* Opening file must fail with one line "FILE: ...NEEDLE...". */
static void assert_refused(const char *file, sg_plugin_kind kind, const char *needle)
{
    sg_plugin plugin;
    char err[1024] = "";
    int rc = sg_plugin_open_file(file, kind, &plugin, err, sizeof err);
    if (rc == SG_OK)
        fail_msg("%s loaded, expected a refusal containing '%s'", file, needle);
    if (strncmp(err, file, strlen(file)) != 0 || strncmp(err + strlen(file), ": ", 2) != 0)
        fail_msg("message does not start with the file name: %s", err);
    if (strchr(err, '\n'))
        fail_msg("message has more than one line: %s", err);
    if (!strstr(err, needle))
        fail_msg("message lacks '%s': %s", needle, err);
    assert_null(plugin.handle);
    assert_null(plugin.path);
}

static void refused_test_plugin(const char *name, const char *needle)
{
    char *file = test_plugin(name);
    assert_refused(file, SG_PLUGIN_GAME, needle);
    free(file);
}

static void test_wrong_abi_major(void **state)
{
    (void)state;
    refused_test_plugin("abi_major", "plugin ABI 2.0, this host speaks 1.x");
}

static void test_short_descriptor(void **state)
{
    (void)state;
    char needle[64];
    snprintf(needle, sizeof needle, "ABI 1.0 needs at least %zu", (size_t)SG_GAME_DESC_SIZE_1_0);
    refused_test_plugin("short_descriptor", needle);
}

static void test_missing_symbol(void **state)
{
    (void)state;
    refused_test_plugin("no_entry", "no symbol sumgame_game_plugin");
}

static void test_entry_returns_null(void **state)
{
    (void)state;
    refused_test_plugin("null_entry", "sumgame_game_plugin returned no descriptor");
}

static void test_missing_function(void **state)
{
    (void)state;
    refused_test_plugin("missing_function", "game 'missing_function' lacks the required function play");
}

static void test_no_name(void **state)
{
    (void)state;
    refused_test_plugin("no_name", "descriptor has no name");
}

static void test_position_size_zero(void **state)
{
    (void)state;
    refused_test_plugin("pos_size_zero", "declares position size 0 (must be 1..512)");
}

static void test_position_size_too_big(void **state)
{
    (void)state;
    refused_test_plugin("pos_size_huge", "declares position size 513 (must be 1..512)");
}

static void test_game_plugin_is_not_a_strategy(void **state)
{
    (void)state;
    char *file = test_plugin("good_subtract");
    assert_refused(file, SG_PLUGIN_STRATEGY, "no symbol sumgame_strategy_plugin");
    free(file);
}

static void test_missing_file(void **state)
{
    (void)state;
    assert_refused("/nonexistent/dir/game.so", SG_PLUGIN_GAME, "no such file");
}

static void test_text_file_named_so(void **state)
{
    (void)state;
    char *file = support_temp_file(".so", "this is not a shared object\n");
    assert_refused(file, SG_PLUGIN_GAME, "cannot load");
    /* dlerror repeats the path; the line names the file once. */
    char err[1024];
    sg_plugin plugin;
    assert_int_not_equal(sg_plugin_open_file(file, SG_PLUGIN_GAME, &plugin, err, sizeof err), SG_OK);
    assert_null(strstr(strstr(err, file) + strlen(file), file));
    unlink(file);
    free(file);
}

static void test_directory(void **state)
{
    (void)state;
    char dir[] = "/tmp/sumgame-dir-XXXXXX";
    assert_non_null(mkdtemp(dir));
    assert_refused(dir, SG_PLUGIN_GAME, "not a regular file");
    rmdir(dir);
}

static void test_good_plugin_loads(void **state)
{
    (void)state;
    char *file = test_plugin("good_subtract");
    sg_plugin plugin;
    char err[1024] = "";
    if (sg_plugin_open_file(file, SG_PLUGIN_GAME, &plugin, err, sizeof err) != SG_OK)
        fail_msg("%s", err);
    assert_int_equal(plugin.kind, SG_PLUGIN_GAME);
    assert_string_equal(plugin.path, file);
    assert_string_equal(plugin.desc.game->name, "good_subtract");
    assert_int_equal(plugin.desc.game->pos_size, 8);
    assert_int_equal(plugin.desc.game->abi_version, SG_ABI_VERSION);
    sg_plugin_close(&plugin);
    assert_null(plugin.handle);
    free(file);
}

static void test_path_order(void **state)
{
    (void)state;
    /* --plugin-path entries must be directories; the environment's need not be. */
    char top[] = "/tmp/sumgame-path-XXXXXX";
    assert_non_null(mkdtemp(top));
    char x[64], y[64], b[64], cli[256], envp[128];
    snprintf(x, sizeof x, "%s/x", top);
    snprintf(y, sizeof y, "%s/y", top);
    snprintf(b, sizeof b, "%s/b", top);
    assert_int_equal(mkdir(x, 0755), 0);
    assert_int_equal(mkdir(y, 0755), 0);
    assert_int_equal(mkdir(b, 0755), 0);
    snprintf(envp, sizeof envp, "/env/a:%s", b);
    setenv("SUMGAME_PLUGIN_PATH", envp, 1);
    sg_plugin_path path;
    char err[1024];
    /* Empty entries are skipped and a repeated directory keeps its first place. */
    snprintf(cli, sizeof cli, "%s::%s:%s", x, y, b);
    assert_int_equal(sg_plugin_path_init(&path, cli, err, sizeof err), SG_OK);
    const char *expected[] = { x, y, b, "/env/a", SG_BUILD_DIR, SG_PREFIX "/lib/sumgame" };
    assert_int_equal(path.count, 6);
    for (size_t i = 0; i < 6; i++)
        assert_string_equal(path.dirs[i], expected[i]);
    /* A plugin not found names every directory looked in, in order. */
    sg_plugin plugin;
    assert_int_equal(sg_plugin_open(&path, SG_PLUGIN_STRATEGY, "nothere", &plugin, err,
                                    sizeof err), SG_ERR_INVALID);
    char want[1024];
    snprintf(want, sizeof want,
             "no strategy plugin 'nothere' in the plugin path: looked for "
             "strategies/nothere.so in %s, %s, %s, /env/a, %s, %s (see 'sumgame list')", x, y,
             b, SG_BUILD_DIR, SG_PREFIX "/lib/sumgame");
    assert_string_equal(err, want);
    sg_plugin_path_free(&path);

    /* A --plugin-path entry that is missing or not a directory is one line naming it. */
    char missing[128], file[128];
    snprintf(missing, sizeof missing, "%s:%s/nosuch", x, top);
    assert_int_equal(sg_plugin_path_init(&path, missing, err, sizeof err), SG_ERR_INVALID);
    snprintf(want, sizeof want, "--plugin-path '%s/nosuch': no such directory", top);
    assert_string_equal(err, want);
    assert_int_equal(path.count, 0);
    snprintf(file, sizeof file, "%s/file", top);
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    fclose(f);
    assert_int_equal(sg_plugin_path_init(&path, file, err, sizeof err), SG_ERR_INVALID);
    snprintf(want, sizeof want, "--plugin-path '%s': not a directory", file);
    assert_string_equal(err, want);

    unsetenv("SUMGAME_PLUGIN_PATH");
    assert_int_equal(sg_plugin_path_init(&path, NULL, err, sizeof err), SG_OK);
    assert_int_equal(path.count, 2);
    assert_string_equal(path.dirs[0], SG_BUILD_DIR);
    assert_string_equal(path.dirs[1], SG_PREFIX "/lib/sumgame");
    sg_plugin_path_free(&path);
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", top);
    assert_int_equal(system(cmd), 0);
}

/* Makes DIR/games/same.so a link to the test plugin called target. */
static void make_plugin_dir(char *dir, const char *target)
{
    assert_non_null(mkdtemp(dir));
    char games[256], link_path[300];
    snprintf(games, sizeof games, "%s/games", dir);
    assert_int_equal(mkdir(games, 0755), 0);
    snprintf(link_path, sizeof link_path, "%s/same.so", games);
    char *file = test_plugin(target);
    char *absolute = realpath(file, NULL);
    assert_non_null(absolute);
    assert_int_equal(symlink(absolute, link_path), 0);
    free(absolute);
    free(file);
}

static void remove_dir(const char *dir)
{
    char cmd[300];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

struct seen {
    int calls;
    char file[512];
};

static void remember(void *ctx, const char *name, const char *file)
{
    struct seen *s = ctx;
    if (strcmp(name, "same") == 0) {
        s->calls++;
        snprintf(s->file, sizeof s->file, "%s", file);
    }
}

static void test_first_directory_wins(void **state)
{
    (void)state;
    char good[] = "/tmp/sumgame-good-XXXXXX", broken[] = "/tmp/sumgame-broken-XXXXXX";
    make_plugin_dir(good, "good_subtract");
    make_plugin_dir(broken, "broken_subtract");
    char err[512];
    sg_plugin_path path;
    sg_plugin plugin;

    /* --plugin-path beats SUMGAME_PLUGIN_PATH ... */
    setenv("SUMGAME_PLUGIN_PATH", broken, 1);
    assert_int_equal(sg_plugin_path_init(&path, good, err, sizeof err), SG_OK);
    if (sg_plugin_open(&path, SG_PLUGIN_GAME, "same", &plugin, err, sizeof err) != SG_OK)
        fail_msg("%s", err);
    assert_string_equal(plugin.desc.game->name, "good_subtract");
    sg_plugin_close(&plugin);
    struct seen s = { 0, "" };
    sg_plugin_list(&path, SG_PLUGIN_GAME, remember, &s);
    assert_int_equal(s.calls, 1);
    assert_non_null(strstr(s.file, good));
    sg_plugin_path_free(&path);

    /* ... and SUMGAME_PLUGIN_PATH is searched when --plugin-path lacks the name. */
    setenv("SUMGAME_PLUGIN_PATH", good, 1);
    assert_int_equal(sg_plugin_path_init(&path, broken, err, sizeof err), SG_OK);
    assert_int_equal(sg_plugin_open(&path, SG_PLUGIN_GAME, "same", &plugin, err, sizeof err), SG_OK);
    assert_string_equal(plugin.desc.game->name, "broken_subtract");
    sg_plugin_close(&plugin);
    assert_int_equal(sg_plugin_open(&path, SG_PLUGIN_GAME, "nothere", &plugin, err, sizeof err),
                     SG_ERR_INVALID);
    assert_non_null(strstr(err, "no game plugin 'nothere' in the plugin path"));
    assert_int_equal(sg_plugin_open(&path, SG_PLUGIN_GAME, "../games/same", &plugin, err, sizeof err),
                     SG_ERR_INVALID);
    assert_non_null(strstr(err, "is not a valid game name"));
    sg_plugin_path_free(&path);
    unsetenv("SUMGAME_PLUGIN_PATH");
    remove_dir(good);
    remove_dir(broken);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_wrong_abi_major),
        cmocka_unit_test(test_short_descriptor),
        cmocka_unit_test(test_missing_symbol),
        cmocka_unit_test(test_entry_returns_null),
        cmocka_unit_test(test_missing_function),
        cmocka_unit_test(test_no_name),
        cmocka_unit_test(test_position_size_zero),
        cmocka_unit_test(test_position_size_too_big),
        cmocka_unit_test(test_game_plugin_is_not_a_strategy),
        cmocka_unit_test(test_missing_file),
        cmocka_unit_test(test_text_file_named_so),
        cmocka_unit_test(test_directory),
        cmocka_unit_test(test_good_plugin_loads),
        cmocka_unit_test(test_path_order),
        cmocka_unit_test(test_first_directory_wins),
    };
    return cmocka_run_group_tests_name("loader", tests, NULL, NULL);
}
