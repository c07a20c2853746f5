/* `sumgame CMD --help` is made from the table that parses CMD's options (args.h), so they
 * cannot drift: for every command, each option its parser's table holds is named in the
 * help, with its value and a line or two of help, and each option the help names is
 * accepted by the real program. Also the plugin path's messages: a --plugin-path that is
 * not a directory, and a plugin not found, which says where the host looked. Run from
 * the repository root. */
#include "support.h"

#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/cli/args.h"
#include "host/cli/cli.h"

/* The rows of every table args_parse printed help for. */
enum { MAX_ROWS = 256 };
typedef struct seen {
    args_option rows[MAX_ROWS];
    size_t count, tables;
} seen;

static void watch(void *ctx, const char *command, const args_option *options, size_t n)
{
    (void)command;
    seen *s = ctx;
    s->tables++;
    for (size_t i = 0; i < n; i++) {
        bool dup = false;
        for (size_t k = 0; k < s->count; k++)
            dup = dup || strcmp(s->rows[k].name, options[i].name) == 0;
        if (dup)
            continue;
        assert_true(s->count < MAX_ROWS);
        s->rows[s->count] = options[i];
        s->rows[s->count].out = NULL; /* the command's frame is gone */
        s->count++;
    }
}

static const args_option *find_row(const seen *s, const char *name, size_t len)
{
    for (size_t k = 0; k < s->count; k++)
        if (strlen(s->rows[k].name) == len && strncmp(s->rows[k].name, name, len) == 0)
            return &s->rows[k];
    return NULL;
}

/* Runs `sumgame ARGS...` in this process (the same code as the program), its standard
 * output into a string; the tables it printed help for go to *s. */
static char *help_in_process(seen *s, int argc, const char **args, int *status)
{
    memset(s, 0, sizeof *s);
    char path[] = "/tmp/sumgame-help-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    fflush(stdout);
    int saved = dup(1);
    assert_true(saved >= 0);
    assert_true(dup2(fd, 1) >= 0);
    char *argv[8] = { "sumgame" };
    for (int i = 0; i < argc; i++)
        argv[i + 1] = (char *)args[i];
    args_help_watch(watch, s);
    *status = host_main(argc + 1, argv);
    args_help_watch(NULL, NULL);
    fflush(stdout);
    dup2(saved, 1);
    close(saved);
    close(fd);
    char *text = support_read_file(path);
    unlink(path);
    return text;
}

/* Whether text names option as a whole word (not the head of a longer option). */
static bool names(const char *text, const char *option)
{
    size_t n = strlen(option);
    for (const char *p = text; (p = strstr(p, option)); p++) {
        char before = p == text ? ' ' : p[-1], after = p[n];
        if ((before == ' ' || before == '[') &&
            (after == ' ' || after == ']' || after == '\n' || after == '='))
            return true;
    }
    return false;
}

/* Runs the program with prefix and the option as the parser must take it: a flag with a
 * value is refused as "takes no value", an option without one as "needs a value"; both
 * say the parser knows the option and its kind (neither is "unknown option"). */
static void expect_accepted(const char *command, const char *prefix, const args_option *o)
{
    char args[1200], needle[200];
    if (o->kind == ARGS_FLAG) {
        snprintf(args, sizeof args, "%s %s %s=1", command, prefix, o->name);
        snprintf(needle, sizeof needle, "%s: %s takes no value", command, o->name);
    } else {
        snprintf(args, sizeof args, "%s %s %s", command, prefix, o->name);
        snprintf(needle, sizeof needle, "%s: %s needs a value", command, o->name);
    }
    support_run r = support_host_within(20, args, NULL);
    if (strstr(r.err, "unknown option"))
        fail_msg("'sumgame %s': the help names %s but the parser refuses it: %s", args,
                 o->name, r.err);
    support_assert_error(&r, needle);
    support_run_free(&r);
}

/* Every "--name" the text holds (but --help) must be a row of s; each is given to
 * expect_accepted. */
static void check_named_options(const char *command, const char *prefix, const char *text,
                                const seen *s)
{
    for (const char *p = text; (p = strstr(p, "--")); p++) {
        if (p != text && (isalnum((unsigned char)p[-1]) || p[-1] == '-'))
            continue;
        size_t len = 2 + strspn(p + 2, "abcdefghijklmnopqrstuvwxyz-");
        if (len == 2 || (len == 6 && strncmp(p, "--help", 6) == 0))
            continue;
        const args_option *o = find_row(s, p, len);
        if (!o)
            fail_msg("%s --help names %.*s, which its parser's table does not hold", command,
                     (int)len, p);
        expect_accepted(command, prefix, o);
        p += len - 1;
    }
}

/* Every row of the tables is named in the help, with its value and its help. */
static void check_rows(const char *command, const char *text, const seen *s)
{
    for (size_t k = 0; k < s->count; k++) {
        const args_option *o = &s->rows[k];
        if (!o->help || !*o->help)
            fail_msg("%s %s has no help", command, o->name);
        /* a line or two at the help's 52 columns */
        if (strlen(o->help) > 104)
            fail_msg("%s %s: help longer than two lines: %s", command, o->name, o->help);
        char value[256], line[400];
        const char *v = args_option_value(o, value, sizeof value);
        if (o->kind != ARGS_FLAG && o->kind != ARGS_CHOICE && !o->metavar)
            fail_msg("%s %s takes a value but its row names none (metavar)", command, o->name);
        if (o->kind != ARGS_FLAG && !*v)
            fail_msg("%s %s takes a value but help shows none", command, o->name);
        if (o->kind == ARGS_FLAG && o->metavar)
            fail_msg("%s %s is a flag but has a value %s", command, o->name, o->metavar);
        snprintf(line, sizeof line, "    %s%s%s", o->name, *v ? " " : "", v);
        if (!strstr(text, line))
            fail_msg("%s --help lacks the line of %s ('%s'):\n%s", command, o->name, line,
                     text);
        if (!names(text, o->name))
            fail_msg("%s --help does not name %s", command, o->name);
    }
}

static void test_every_command_help_matches_its_table(void **state)
{
    (void)state;
    int ncommands = 0;
    for (size_t i = 0; cli_command_at(i); i++) {
        const cli_command *c = cli_command_at(i);
        if (strcmp(c->name, "experiment") == 0)
            continue; /* its own test below */
        ncommands++;
        seen s;
        int status;
        const char *args[] = { c->name, "--help" };
        char *text = help_in_process(&s, 2, args, &status);
        assert_int_equal(status, 0);
        assert_int_equal(s.tables, 1);
        assert_true(s.count > 0);
        char head[100];
        snprintf(head, sizeof head, "usage: sumgame %s ", c->name);
        if (strncmp(text, head, strlen(head)) != 0 &&
            !(strncmp(text, head, strlen(head) - 1) == 0 && text[strlen(head) - 1] == '\n'))
            fail_msg("%s --help does not start with its usage line:\n%s", c->name, text);
        if (c->about)
            assert_non_null(strstr(text, "\n\n"));
        check_rows(c->name, text, &s);
        check_named_options(c->name, "", text, &s);

        /* The program prints the same, for --help, -h and `help CMD`, and nothing else. */
        const char *forms[] = { "%s --help", "%s -h", "help %s" };
        for (size_t f = 0; f < 3; f++) {
            char cmd[100];
            snprintf(cmd, sizeof cmd, forms[f], c->name);
            support_run r = support_host(cmd, NULL);
            assert_int_equal(r.status, 0);
            assert_string_equal(r.err, "");
            assert_string_equal(r.out, text);
            support_run_free(&r);
        }
        free(text);
    }
    assert_int_equal(ncommands, 11);
}

/* experiment: one block of options per group of kinds, each printed by that kind's own
 * parser; each option of a block is accepted with a file of that kind. */
static void test_experiment_help_matches_the_kinds_tables(void **state)
{
    (void)state;
    seen s;
    int status;
    const char *args[] = { "experiment", "--help" };
    char *text = help_in_process(&s, 2, args, &status);
    assert_int_equal(status, 0);
    assert_true(s.tables >= 3);
    check_rows("experiment", text, &s);
    /* each block "kind = a|b:" and its lines, up to the next block */
    int blocks = 0;
    for (const char *p = text; (p = strstr(p, "\nkind = ")); blocks++) {
        p += strlen("\nkind = ");
        const char *end = strstr(p, "\nkind = ");
        char *block = strndup(p, end ? (size_t)(end - p) : strlen(p));
        size_t name_len = strcspn(block, "|:");
        char ini[200], prefix[400];
        snprintf(ini, sizeof ini, "[experiment]\nkind = %.*s\n", (int)name_len, block);
        char *path = support_temp_file(".ini", ini);
        snprintf(prefix, sizeof prefix, "'%s'", path);
        check_named_options("experiment", prefix, strchr(block, ':'), &s);
        remove(path);
        free(path);
        free(block);
    }
    assert_true(blocks >= 3);
    const char *forms[] = { "experiment --help", "experiment -h", "help experiment",
                            "experiment conf/experiments/tds-exp1.ini --help" };
    for (size_t f = 0; f < 4; f++) {
        support_run r = support_host(forms[f], NULL);
        assert_int_equal(r.status, 0);
        assert_string_equal(r.err, "");
        assert_string_equal(r.out, text);
        support_run_free(&r);
    }
    free(text);
}

/* `sumgame --help` lists every command with a line of its own. */
static void test_overview_lists_every_command(void **state)
{
    (void)state;
    support_run r = support_host("--help", NULL);
    assert_int_equal(r.status, 0);
    for (size_t i = 0; cli_command_at(i); i++) {
        const cli_command *c = cli_command_at(i);
        char line[200];
        snprintf(line, sizeof line, "\n  %-14s%s\n", c->name, c->summary);
        support_assert_contains(r.out, line);
        assert_true(strlen(line) <= 82);
    }
    support_run_free(&r);
    r = support_host("help nosuch", NULL);
    support_assert_error(&r, "help: unknown command 'nosuch' (try 'sumgame --help')");
    support_run_free(&r);
}

/* A --plugin-path that is not a directory is one line naming it, before anything else
 * is looked at; a plugin not found names every directory looked in, in order. */
static void test_plugin_path_messages(void **state)
{
    (void)state;
    char dir[] = "/tmp/sumgame-help-dir-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char args[512], want[8400];

    snprintf(args, sizeof args, "solve 'nosuch:1' --plugin-path '%s/missing'", dir);
    support_run r = support_host(args, NULL);
    snprintf(want, sizeof want, "sumgame: solve: --plugin-path '%s/missing': no such directory\n",
             dir);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, want);
    assert_string_equal(r.out, "");
    support_run_free(&r);

    char file[300];
    snprintf(file, sizeof file, "%s/file", dir);
    FILE *f = fopen(file, "w");
    assert_non_null(f);
    fclose(f);
    snprintf(args, sizeof args, "list --plugin-path '%s'", file);
    r = support_host(args, NULL);
    snprintf(want, sizeof want, "sumgame: list: --plugin-path '%s': not a directory\n", file);
    assert_string_equal(r.err, want);
    assert_int_equal(r.status, 1);
    support_run_free(&r);

    /* the program is BUILD/sumgame: BUILD is searched after --plugin-path (and
     * $SUMGAME_PLUGIN_PATH, which support_host unsets), then the install prefix */
    char build[4096];
    assert_non_null(realpath(support_build_dir(), build));
    snprintf(args, sizeof args, "perft 'nosuch:1' 1 --plugin-path '%s'", dir);
    r = support_host(args, NULL);
    snprintf(want, sizeof want,
             "sumgame: perft: no game plugin 'nosuch' in the plugin path: looked for "
             "games/nosuch.so in %s, %s, %s (see 'sumgame list')\n",
             dir, build, SG_PREFIX "/lib/sumgame");
    assert_string_equal(r.err, want);
    assert_int_equal(r.status, 1);
    support_run_free(&r);

    snprintf(args, sizeof args, "rm -rf '%s'", dir);
    assert_int_equal(system(args), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_command_help_matches_its_table),
        cmocka_unit_test(test_experiment_help_matches_the_kinds_tables),
        cmocka_unit_test(test_overview_lists_every_command),
        cmocka_unit_test(test_plugin_path_messages),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
