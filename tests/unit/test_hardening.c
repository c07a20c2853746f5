/* Hardening (issue #17): control characters escaped in every message that echoes the
 * user's text, a sums file that is a device refused, and the inputs the fuzzers of
 * tests/fuzz found, fed to the same code paths. The INI reader's own regressions (NUL
 * bytes, endless lines, many sections) are in test_config. */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support.h"
#include "core/escape.h"

static void escape(const char *in, size_t cap, const char *want)
{
    char buf[64];
    assert_true(strlen(in) < sizeof buf && cap <= sizeof buf);
    strcpy(buf, in);
    sg_escape_controls(buf, cap);
    assert_string_equal(buf, want);
}

static void controls_are_escaped_and_cut_whole(void **state)
{
    (void)state;
    escape("plain text \\ and \xc3\xa9", 64, "plain text \\ and \xc3\xa9");
    escape("a\nb\rc\td", 64, "a\\nb\\rc\\td");
    escape("\x01\x1f\x7f", 64, "\\x01\\x1f\\x7f");
    escape("", 64, "");
    /* cap 6 keeps 5 characters: "ab\n" needs 4, and the next escape does not fit whole */
    escape("ab\n\x01z", 6, "ab\\n");
    escape("ab\ncd", 6, "ab\\nc");
    escape("\n", 2, "");
}

/* One failed run: exit 1 or 2 and one stderr line that contains want. */
static void one_line_error(const char *args, const char *want)
{
    support_run r = support_host(args, NULL);
    support_assert_error(&r, want);
    support_run_free(&r);
}

/* Arguments with newlines and other control characters, to several commands: each
 * error is one line that shows them escaped. */
static void cli_errors_escape_arguments(void **state)
{
    (void)state;
    one_line_error("\"$(printf 'no\\nsuch')\"", "unknown command 'no\\nsuch'");
    one_line_error("solve \"$(printf 'foo\\nbar')\"", "solve: 'foo\\nbar': expected GAME:POSITION");
    one_line_error("analyze \"$(printf 'rcg:{1|\\001}')\"",
                   "unexpected byte 0x01 at column 4 of '{1|\\x01}'");
    one_line_error("gen rcg \"$(printf 'levels=2\\r\\n3')\"", "levels = '2\\r\\n3'");
    one_line_error("solve rcg:1 --first \"$(printf 'left\\033[2J')\"", "left\\x1b[2J");
}

/* A configuration file's control characters (here in a value and a section name) are
 * escaped in its errors too (sg_params_error and the INI reader). */
static void config_errors_escape_the_file_text(void **state)
{
    (void)state;
    char *path = support_temp_file(".ini", "[match]\nleft = a\nright = a\ngames = 2\x01\n"
                                           "[strategy.a]\nplugin = random\n");
    char args[512];
    snprintf(args, sizeof args, "match '%s'", path);
    one_line_error(args, ":4: match: games = '2\\x01'");
    unlink(path);
    free(path);
    path = support_temp_file(".ini", "[a\x02]\n[a\x02]\n");
    snprintf(args, sizeof args, "match '%s'", path);
    one_line_error(args, ":2: duplicate section [a\\x02] (first at line 1)");
    unlink(path);
    free(path);
}

/* Runs BUILD/sumgame match config in a child under a 60 s alarm (kept across exec), so
 * that reading forever fails the test instead of hanging it; returns stderr (free it)
 * and the exit status in *status (128 + signal when killed). */
static char *host_bounded(const char *command, const char *config, int *status)
{
    char bin[4096], err_path[] = "/tmp/sumgame-hard-XXXXXX";
    snprintf(bin, sizeof bin, "%s/sumgame", support_build_dir());
    int fe = mkstemp(err_path);
    assert_true(fe >= 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(fe, 2);
        int null = open("/dev/null", O_RDWR);
        dup2(null, 0);
        dup2(null, 1);
        alarm(60);
        execl(bin, bin, command, config, (char *)NULL);
        _exit(127);
    }
    close(fe);
    int raw;
    assert_int_equal(waitpid(pid, &raw, 0), pid);
    *status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + WTERMSIG(raw);
    char *err = support_read_file(err_path);
    unlink(err_path);
    return err;
}

static char *match_bounded(const char *config, int *status)
{
    return host_bounded("match", config, status);
}

/* file = /dev/zero as the sums list was read forever (one endless line); a FIFO
 * without a writer would block the open. Both are refused as not regular files, and a
 * line with a NUL byte is refused. */
static void sums_file_must_be_a_regular_file(void **state)
{
    (void)state;
    char dir[] = "/tmp/sumgame-hard-dir-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char fifo[300], config[300], text[600];
    snprintf(fifo, sizeof fifo, "%s/fifo", dir);
    assert_int_equal(mkfifo(fifo, 0600), 0);
    static const char *const lists[] = { "/dev/zero", "fifo" };
    for (size_t i = 0; i < 2; i++) {
        snprintf(config, sizeof config, "%s/m.ini", dir);
        snprintf(text, sizeof text,
                 "[match]\nleft = r\nright = r\n[sum]\nfile = %s\n[strategy.r]\nplugin = random\n",
                 lists[i]);
        FILE *f = fopen(config, "w");
        assert_non_null(f);
        fputs(text, f);
        fclose(f);
        int status;
        char *err = match_bounded(config, &status);
        /* a relative name is opened next to the configuration */
        char want[700];
        snprintf(want, sizeof want, "sumgame: %s:5: sum: file = '%s': %s: not a regular file\n",
                 config, lists[i], i == 0 ? "/dev/zero" : fifo);
        assert_int_equal(status, 1);
        assert_string_equal(err, want);
        free(err);
        unlink(config);
    }
    /* A NUL byte would cut the line short without a word. */
    char list[300];
    snprintf(list, sizeof list, "%s/sums.txt", dir);
    FILE *f = fopen(list, "w");
    assert_non_null(f);
    static const char bytes[] = "rcg:{1|0}\nrcg:{2|0}\0 + rcg:{5|0}\n";
    fwrite(bytes, 1, sizeof bytes - 1, f);
    fclose(f);
    snprintf(text, sizeof text,
             "[match]\nleft = r\nright = r\n[sum]\nfile = sums.txt\n[strategy.r]\nplugin = random\n");
    f = fopen(config, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    int status;
    char *err = match_bounded(config, &status), want[700];
    snprintf(want, sizeof want,
             "sumgame: %s:5: sum: file = 'sums.txt': %s:2: NUL byte in line\n", config, list);
    assert_int_equal(status, 1);
    assert_string_equal(err, want);
    free(err);
    unlink(config);
    unlink(list);
    unlink(fifo);
    rmdir(dir);
}

/* The experiments' data files (room databases, test sets) are read whole too: a device
 * is refused, not read forever. */
static void experiment_data_must_be_regular_files(void **state)
{
    (void)state;
    static const char *const configs[] = {
        "[experiment]\nkind = agree\ngame = amazons\nsizes = 4\ndata = /dev/zero\n",
        "[experiment]\nkind = coverage\ngame = amazons\ntest_set = /dev/zero\nlimits = 1\n"
        "variants = plus\n[variant.plus]\nmethod = tdsplus\n",
    };
    for (size_t i = 0; i < 2; i++) {
        char *config = support_temp_file(".ini", configs[i]);
        int status;
        char *err = host_bounded("experiment", config, &status);
        assert_int_equal(status, 1);
        support_assert_contains(err, "/dev/zero: not a regular file\n");
        assert_non_null(strstr(err, "sumgame: "));
        assert_null(strchr(strchr(err, '\n') + 1, '\n')); /* one line */
        free(err);
        unlink(config);
        free(config);
    }
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(controls_are_escaped_and_cut_whole),
        cmocka_unit_test(cli_errors_escape_arguments),
        cmocka_unit_test(config_errors_escape_the_file_text),
        cmocka_unit_test(sums_file_must_be_a_regular_file),
        cmocka_unit_test(experiment_data_must_be_regular_files),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
