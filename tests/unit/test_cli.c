/* The commands list, gen, perft and check-plugin: every bad argument gives one
 * "sumgame: ..." line naming it and a non-zero exit; good arguments give the counts and
 * positions worked out by hand for the test game good_subtract (tests/plugins: Left takes
 * 1 or 2 tokens, Right 2 or 3; heaps 0 and 1 are settled integers) and for rcg trees. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "sumgame/estimator.h"
#include "host/check/catalog.h"

/* A plugin directory whose games/ links every test plugin, plus a text file and a
 * directory that pretend to be plugins. */
static char dir[64];

static int make_dir(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/sumgame-cli-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    char cmd[1024];
    snprintf(cmd, sizeof cmd,
             "mkdir -p %s/games/dir.so && echo 'not a plugin' > %s/games/text.so && "
             "for f in '%s'/tests/plugins/*.so; do ln -s \"$(realpath \"$f\")\" %s/games/; done",
             dir, dir, support_build_dir(), dir);
    return system(cmd) == 0 ? 0 : -1;
}

static int remove_dir(void **state)
{
    (void)state;
    char cmd[128];
    snprintf(cmd, sizeof cmd, "rm -rf %s", dir);
    return system(cmd) == 0 ? 0 : -1;
}

/* Runs "sumgame COMMAND --plugin-path DIR REST" for "COMMAND REST" (printf-style), so
 * that a missing option value at the end stays missing. */
static support_run host(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static support_run host(const char *fmt, ...)
{
    char given[2048], args[2200];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(given, sizeof given, fmt, ap);
    va_end(ap);
    size_t command = strcspn(given, " ");
    snprintf(args, sizeof args, "%.*s --plugin-path %s%s", (int)command, given, dir,
             given + command);
    return support_host(args, NULL);
}

static void expect_error(const char *args, const char *needle)
{
    support_run r = host("%s", args);
    if (r.status != 1 && r.status != 2)
        fail_msg("'%s': expected an error, got exit %d", args, r.status);
    support_assert_error(&r, needle);
    support_run_free(&r);
}

static support_run expect_ok(const char *args)
{
    support_run r = host("%s", args);
    if (r.status != 0)
        fail_msg("'%s' failed (%d): %s", args, r.status, r.err);
    assert_string_equal(r.err, "");
    return r;
}

static void test_list_bad_arguments(void **state)
{
    (void)state;
    expect_error("list --bogus", "list: unknown option '--bogus'");
    expect_error("list extra", "list: unexpected argument 'extra'");
    expect_error("list --json=yes", "list: --json takes no value");
    support_run r = support_host("list --plugin-path", NULL);
    support_assert_error(&r, "list: --plugin-path needs a value");
    support_run_free(&r);
}

/* The catalog's listing of dir, in this process as the binary makes it (its search path
 * without $SUMGAME_PLUGIN_PATH). */
static void list_dir(catalog_listing *l)
{
    char err[512];
    unsetenv("SUMGAME_PLUGIN_PATH");
    if (catalog_list(dir, l, err, sizeof err) != SG_OK)
        fail_msg("catalog_list: %s", err);
}

static const catalog_entry *find_entry(const catalog_entry *v, size_t n, const char *name)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(v[i].name, name) == 0)
            return &v[i];
    return NULL;
}

/* The message of the listing's error about file, or NULL. */
static const char *error_of(const catalog_listing *l, const char *file)
{
    for (size_t i = 0; i < l->nerrors; i++)
        if (strcmp(l->errors[i].path, file) == 0)
            return l->errors[i].message;
    return NULL;
}

static void test_list_shows_plugins_and_errors(void **state)
{
    (void)state;
    catalog_listing l;
    list_dir(&l);
    char path[512];
    /* "game good_subtract 1.0 DIR/games/good_subtract.so" and its parameter */
    const catalog_entry *e = find_entry(l.games, l.ngames, "good_subtract");
    assert_non_null(e);
    assert_string_equal(e->version, "1.0");
    snprintf(path, sizeof path, "%s/games/good_subtract.so", dir);
    assert_string_equal(e->path, path);
    assert_int_equal(e->nparams, 1);
    assert_string_equal(e->params[0].key, "max");
    assert_string_equal(e->params[0].default_value, "20");
    assert_string_equal(e->params[0].help, "largest heap the generator draws");
    /* "error DIR/games/abi_major.so: plugin ABI 2.0", ... */
    static const char *const broken[][2] = {
        { "abi_major.so", ": plugin ABI 2.0" },
        { "text.so", ": cannot load" },
        { "dir.so", ": not a regular file" },
    };
    for (size_t i = 0; i < 3; i++) {
        char want[600];
        snprintf(path, sizeof path, "%s/games/%s", dir, broken[i][0]);
        snprintf(want, sizeof want, "%s%s", path, broken[i][1]);
        const char *message = error_of(&l, path);
        if (!message || strncmp(message, want, strlen(want)) != 0)
            fail_msg("no error '%s...' for %s", want, path);
    }
    /* The broken-ABI file is not listed as a game. */
    assert_null(find_entry(l.games, l.ngames, "abi_major"));
    catalog_listing_free(&l);
}

static void test_list_json(void **state)
{
    (void)state;
    support_run r = expect_ok("list --json");
    assert_true(strncmp(r.out, "{\"games\":[", 10) == 0);
    char item[512];
    snprintf(item, sizeof item,
             "{\"name\":\"good_subtract\",\"version\":\"1.0\",\"description\":\"test game: Left "
             "takes 1 or 2 tokens from a heap, Right 2 or 3\",\"path\":\"%s/games/"
             "good_subtract.so\",\"params\":[{\"key\":\"max\",\"default\":\"20\",\"help\":"
             "\"largest heap the generator draws\"}]}",
             dir);
    assert_non_null(strstr(r.out, item));
    assert_non_null(strstr(r.out, "],\"strategies\":["));
    snprintf(item, sizeof item, "{\"path\":\"%s/games/no_entry.so\",\"error\":\"%s/games/"
             "no_entry.so: no symbol sumgame_game_plugin: not a sumgame game plugin\"}", dir, dir);
    assert_non_null(strstr(r.out, item));
    assert_string_equal(r.out + strlen(r.out) - 3, "]}\n");
    assert_true(strchr(r.out, '\n') == r.out + strlen(r.out) - 1); /* one line */
    /* The binary prints the catalog's listing: every entry and error in this process's
     * listing is in its output, in order, and nothing else. */
    catalog_listing l;
    list_dir(&l);
    const char *at = r.out;
    for (int kind = 0; kind < 2; kind++) {
        const catalog_entry *v = kind ? l.strategies : l.games;
        size_t n = kind ? l.nstrategies : l.ngames;
        for (size_t i = 0; i < n; i++) {
            snprintf(item, sizeof item, "{\"name\":\"%s\",\"version\":\"%s\",", v[i].name,
                     v[i].version);
            const char *found = strstr(at, item);
            if (!found)
                fail_msg("%s not listed in order by the binary: %s", v[i].name, r.out);
            at = found + strlen(item);
            snprintf(item, sizeof item, "\"path\":\"%s\",\"params\":[", v[i].path);
            assert_true(strncmp(strstr(at, "\"path\":"), item, strlen(item)) == 0);
        }
    }
    for (size_t i = 0; i < l.nerrors; i++) {
        snprintf(item, sizeof item, "{\"path\":\"%s\",\"error\":\"", l.errors[i].path);
        const char *found = strstr(at, item);
        if (!found)
            fail_msg("error of %s not listed in order by the binary", l.errors[i].path);
        at = found + strlen(item);
    }
    size_t names = 0, errors = 0;
    for (const char *p = r.out; (p = strstr(p, "{\"name\":\"")); p++)
        names++;
    for (const char *p = r.out; (p = strstr(p, "\",\"error\":\"")); p++)
        errors++;
    assert_int_equal(names, l.ngames + l.nstrategies);
    assert_int_equal(errors, l.nerrors);
    support_run_free(&r);
    /* The binary's text is this listing: a line per plugin, one per broken file. */
    r = expect_ok("list");
    char line[1200];
    for (int kind = 0; kind < 2; kind++) {
        const catalog_entry *v = kind ? l.strategies : l.games;
        size_t n = kind ? l.nstrategies : l.ngames;
        for (size_t i = 0; i < n; i++) {
            snprintf(line, sizeof line, "%s %s %s %s\n", kind ? "strategy" : "game",
                     v[i].name, *v[i].version ? v[i].version : "-", v[i].path);
            support_assert_contains(r.out, line);
        }
    }
    assert_non_null(strstr(r.out, "    param max = 20: largest heap the generator draws\n"));
    for (size_t i = 0; i < l.nerrors; i++) {
        snprintf(line, sizeof line, "error %s\n", l.errors[i].message);
        support_assert_contains(r.out, line);
    }
    support_run_free(&r);
    catalog_listing_free(&l);
}

static void test_gen_bad_arguments(void **state)
{
    (void)state;
    expect_error("gen", "gen: missing GAME");
    expect_error("gen good_subtract --count abc", "gen: --count 'abc': expected an integer from 1");
    expect_error("gen good_subtract --count -3", "gen: --count '-3'");
    expect_error("gen good_subtract --count 0", "gen: --count '0'");
    expect_error("gen good_subtract --count 2x", "gen: --count '2x'");
    expect_error("gen good_subtract --seed -1", "gen: --seed '-1'");
    expect_error("gen good_subtract --seed 18446744073709551616", "gen: --seed '18446744073709551616'");
    expect_error("gen good_subtract --seed", "gen: --seed needs a value");
    expect_error("gen good_subtract --colour red", "gen: unknown option '--colour'");
    expect_error("gen nosuchgame", "no game plugin 'nosuchgame'");
    expect_error("gen ../games/x", "'../games/x' is not a valid game name");
    expect_error("gen good_subtract loose", "gen: unexpected argument 'loose'");
    expect_error("gen good_subtract bogus=1", "unknown key 'bogus'");
    expect_error("gen good_subtract max=many", "max: expected an integer");
    expect_error("gen abi_major", "plugin ABI 2.0");
    expect_error("gen text", "cannot load");
}

static void test_gen_positions(void **state)
{
    (void)state;
    /* max=0: the only heap is 0. */
    support_run r = expect_ok("gen good_subtract --count 4 max=0");
    assert_string_equal(r.out, "0\n0\n0\n0\n");
    support_run_free(&r);
    r = expect_ok("gen good_subtract");
    assert_int_equal(strlen(r.out) > 1 && strchr(r.out, '\n') == r.out + strlen(r.out) - 1, 1);
    support_run_free(&r);

    /* Position i does not depend on --count, and the seed decides everything. */
    support_run five = expect_ok("gen good_subtract --count 5 --seed 7 max=1000000");
    support_run three = expect_ok("gen good_subtract --seed=7 --count 3 max=1000000");
    support_run again = expect_ok("gen good_subtract --count 5 --seed 7 max=1000000");
    support_run other = expect_ok("gen good_subtract --count 5 --seed 8 max=1000000");
    assert_true(strncmp(five.out, three.out, strlen(three.out)) == 0);
    assert_string_equal(five.out, again.out);
    assert_string_not_equal(five.out, other.out);
    int lines = 0;
    for (char *p = five.out; *p; p++)
        lines += *p == '\n';
    assert_int_equal(lines, 5);
    support_run_free(&five);
    support_run_free(&three);
    support_run_free(&again);
    support_run_free(&other);
}

/* --json: one object naming the game, seed and count, the positions in order; the same
 * positions as the plain lines (max=0 forces every heap to 0). */
static void test_gen_json(void **state)
{
    (void)state;
    support_run r = expect_ok("gen good_subtract --count 3 --json max=0");
    assert_string_equal(r.out, "{\"game\":\"good_subtract\",\"seed\":1,\"count\":3,"
                               "\"positions\":[\"0\",\"0\",\"0\"]}\n");
    support_run_free(&r);
    support_run plain = expect_ok("gen good_subtract --count 2 --seed 7 max=1000000");
    support_run json = expect_ok("gen good_subtract --count 2 --seed 7 --json max=1000000");
    char a[64], b[64], want[256];
    assert_int_equal(sscanf(plain.out, "%63s %63s", a, b), 2);
    snprintf(want, sizeof want,
             "{\"game\":\"good_subtract\",\"seed\":7,\"count\":2,\"positions\":[\"%s\",\"%s\"]}\n",
             a, b);
    assert_string_equal(json.out, want);
    support_run_free(&plain);
    support_run_free(&json);
    expect_error("gen good_subtract --json=yes", "gen: ");
}

/* analyze --help names every method the library's estimator accepts. */
static void test_analyze_help_lists_every_method(void **state)
{
    (void)state;
    support_run one = support_host("analyze --help", NULL);
    assert_int_equal(one.status, 0);
    char want[256] = "--method ";
    for (const char *const *m = sg_estimator_methods; *m; m++) {
        strcat(want, *m);
        if (m[1])
            strcat(want, "|");
    }
    assert_string_equal(want, "--method exact|tds|tdsplus|mcdual|thermograph");
    support_assert_contains(one.out, want);
    support_run_free(&one);
}

static void test_perft_bad_arguments(void **state)
{
    (void)state;
    expect_error("perft", "perft: missing GAME:POSITION and DEPTH");
    expect_error("perft good_subtract:5", "perft: missing DEPTH");
    expect_error("perft good_subtract:5 x", "perft: DEPTH 'x': expected an integer from 0 to 64");
    expect_error("perft good_subtract:5 -1", "perft: DEPTH '-1'");
    expect_error("perft good_subtract:5 65", "perft: DEPTH '65'");
    expect_error("perft good_subtract:5 2 3", "perft: unexpected argument '3'");
    expect_error("perft good_subtract:5 2 --player up", "perft: --player 'up': expected left|right");
    expect_error("perft good_subtract:5 2 --player", "perft: --player needs a value");
    expect_error("perft good_subtract:5 2 --depth 3", "perft: unknown option '--depth'");
    expect_error("perft nosuch:5 2", "no game plugin 'nosuch'");
    expect_error("perft good_subtract 2", "'good_subtract': expected GAME:POSITION");
    expect_error("perft good_subtract:abc 2", "good_subtract:abc: expected a heap size");
    expect_error("perft 'good_subtract:5 + ' 2", "empty component");
}

static void expect_perft(const char *args, const char *expected)
{
    support_run r = expect_ok(args);
    if (!strstr(r.out, expected))
        fail_msg("'%s' printed '%s', expected '%s'", args, r.out, expected);
    support_run_free(&r);
}

static void test_perft_counts(void **state)
{
    (void)state;
    /* Heap 5, Left first: L takes 1|2 -> 4, 3; R takes 2|3 -> 2, 1, 1, 0; L from 2 takes
     * 1|2, while 1 and 0 are settled and leave the sum: 1, 2, 4, 2 sequences. */
    expect_perft("perft good_subtract:5 0", "leaves: 1\nnodes: 1\n");
    expect_perft("perft good_subtract:5 1", "leaves: 2\nnodes: 3\n");
    expect_perft("perft good_subtract:5 2 --player left", "leaves: 4\nnodes: 7\n");
    expect_perft("perft good_subtract:5 3", "leaves: 2\nnodes: 9\n");
    /* Right first: R -> 3, 2; L -> 2, 1, 1, 0; R from 2 takes 2: 2, 4, 1 sequences. */
    expect_perft("perft good_subtract:5 2 --player right", "leaves: 4\n");
    expect_perft("perft good_subtract:5 3 --player=right", "leaves: 1\n");
    /* A settled component has no moves, even though Left could take from heap 1. */
    expect_perft("perft good_subtract:1 1", "leaves: 0\n");
    /* A sum: Left's 2 moves in each of two heaps. */
    expect_perft("perft 'good_subtract:3 + good_subtract:2' 1", "leaves: 4\n");
    expect_perft("perft good_subtract:5 3 --json",
                 "{\"position\":\"good_subtract:5\",\"depth\":3,\"player\":\"left\","
                 "\"leaves\":2,\"nodes\":9,\"seconds\":");
}

static void test_perft_rcg(void **state)
{
    (void)state;
    /* Every inner node of these trees is hot, so each player has one move per tree and
     * no tree settles before its leaves: a tree of height h takes h moves. */
    expect_perft("perft 'rcg:{114|66}|{49|0}' 2", "leaves: 1\nnodes: 3\n");
    expect_perft("perft 'rcg:{114|66}|{49|0}' 3", "leaves: 0\n");
    /* Heights 2 and 3: sequences of 4 moves split 1+3 or 2+2 between the trees,
     * C(4,1) + C(4,2) = 10 leaves; nodes 1 + 2 + 4 + 7 + 10 = 24. */
    expect_perft("perft 'rcg:{114|66}|{49|0} + rcg:{237|191}|{145|124}||{97|57}|{32|0}' 4 "
                 "--player right --json",
                 "\"leaves\":10,\"nodes\":24,");
}

static void test_check_plugin_bad_arguments(void **state)
{
    (void)state;
    char args[512], needle[512];
    expect_error("check-plugin", "check-plugin: missing PATH.so");
    expect_error("check-plugin /nonexistent/x.so", "check-plugin: /nonexistent/x.so: no such file");
    snprintf(args, sizeof args, "check-plugin %s/games/dir.so", dir);
    snprintf(needle, sizeof needle, "%s/games/dir.so: not a regular file", dir);
    expect_error(args, needle);
    snprintf(args, sizeof args, "check-plugin %s/games/text.so", dir);
    expect_error(args, "text.so: cannot load");
    snprintf(args, sizeof args, "check-plugin %s/games/abi_major.so", dir);
    expect_error(args, "abi_major.so: plugin ABI 2.0");
    snprintf(args, sizeof args, "check-plugin %s/games/short_descriptor.so", dir);
    expect_error(args, "short_descriptor.so: descriptor is");
    snprintf(args, sizeof args, "check-plugin %s/games/no_entry.so", dir);
    expect_error(args, "no_entry.so: no symbol sumgame_game_plugin");
    expect_error("check-plugin nosuch", "no game plugin 'nosuch'");
    expect_error("check-plugin good_subtract --depth x", "check-plugin: --depth 'x'");
    expect_error("check-plugin good_subtract --count -1", "check-plugin: --count '-1'");
    expect_error("check-plugin good_subtract --playouts 1e3", "check-plugin: --playouts '1e3'");
    expect_error("check-plugin good_subtract --position", "check-plugin: --position needs a value");
    expect_error("check-plugin good_subtract loose", "check-plugin: unexpected argument 'loose'");
    expect_error("check-plugin good_subtract max=x", "create: max: expected an integer");
    expect_error("check-plugin good_subtract --position abc",
                 "check-plugin: --position 'abc': expected a heap size");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_list_bad_arguments),
        cmocka_unit_test(test_list_shows_plugins_and_errors),
        cmocka_unit_test(test_list_json),
        cmocka_unit_test(test_gen_bad_arguments),
        cmocka_unit_test(test_gen_positions),
        cmocka_unit_test(test_gen_json),
        cmocka_unit_test(test_analyze_help_lists_every_method),
        cmocka_unit_test(test_perft_bad_arguments),
        cmocka_unit_test(test_perft_counts),
        cmocka_unit_test(test_perft_rcg),
        cmocka_unit_test(test_check_plugin_bad_arguments),
    };
    return cmocka_run_group_tests_name("cli", tests, make_dir, remove_dir);
}
