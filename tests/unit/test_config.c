/* INI configuration loading (framework/host/cli/config.c): sections and keys with their lines,
 * every error as "file:line: message", and the typed getters on loaded sections. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "support.h"
#include "host/cli/config.h"
#include "sumgame/params.h"

static sg_config *parse_ok(const char *text)
{
    sg_config *cfg = NULL;
    char err[512] = "";
    int rc = sg_config_parse_string("t.ini", text, &cfg, err, sizeof err);
    if (rc != SG_OK)
        fail_msg("unexpected error: %s", err);
    assert_non_null(cfg);
    return cfg;
}

/* Asserts that text fails with exactly the message want. */
static void parse_fails(const char *text, const char *want)
{
    sg_config *cfg = (sg_config *)1;
    char err[512] = "";
    int rc = sg_config_parse_string("t.ini", text, &cfg, err, sizeof err);
    assert_int_equal(rc, SG_ERR_INVALID);
    assert_null(cfg);
    assert_string_equal(err, want);
}

static void assert_item(const sg_params *p, size_t i, const char *key, const char *value,
                        int line)
{
    assert_true(i < p->count);
    assert_string_equal(p->items[i].key, key);
    assert_string_equal(p->items[i].value, value);
    assert_int_equal(p->items[i].line, line);
}

static void good_file_keeps_order_values_and_lines(void **state)
{
    (void)state;
    sg_config *cfg = parse_ok("; a comment\n"
                              "# another\n"
                              "[match]\n"
                              "left  = hot   ; inline comment\n"
                              "right=alphabeta\n"
                              "\n"
                              "  [ sum ]  \n"
                              "   generator = rcg\n"
                              "sum.1 = rcg:114|66||49|0 + rcg:{1|0}\n"
                              "[empty]\r\n"
                              "[strategy.hot]\n"
                              "delta: 1/2\n");
    assert_string_equal(sg_config_file(cfg), "t.ini");
    assert_int_equal(sg_config_count(cfg), 4);
    const sg_params *m = sg_config_section(cfg, 0);
    assert_string_equal(m->section, "match");
    assert_string_equal(m->file, "t.ini");
    assert_int_equal(sg_config_section_line(cfg, 0), 3);
    assert_int_equal(m->count, 2);
    assert_item(m, 0, "left", "hot", 4);
    assert_item(m, 1, "right", "alphabeta", 5);
    const sg_params *s = sg_config_section(cfg, 1);
    assert_string_equal(s->section, "sum");
    assert_int_equal(sg_config_section_line(cfg, 1), 7);
    assert_item(s, 0, "generator", "rcg", 8);
    assert_item(s, 1, "sum.1", "rcg:114|66||49|0 + rcg:{1|0}", 9);
    /* A section without keys still exists (and so can be rejected by name). */
    assert_string_equal(sg_config_section(cfg, 2)->section, "empty");
    assert_int_equal(sg_config_section(cfg, 2)->count, 0);
    assert_int_equal(sg_config_find_line(cfg, "empty"), 10);
    assert_ptr_equal(sg_config_find(cfg, "strategy.hot"), sg_config_section(cfg, 3));
    assert_item(sg_config_section(cfg, 3), 0, "delta", "1/2", 12);
    assert_null(sg_config_find(cfg, "nope"));
    assert_int_equal(sg_config_find_line(cfg, "nope"), 0);
    assert_null(sg_config_section(cfg, 4));
    sg_config_free(cfg);
}

static void empty_text_has_no_sections(void **state)
{
    (void)state;
    sg_config *cfg = parse_ok("");
    assert_int_equal(sg_config_count(cfg), 0);
    sg_config_free(cfg);
}

static void syntax_errors_name_their_line(void **state)
{
    (void)state;
    parse_fails("[a]\nx = 1\nthis line has no equals sign\ny = 2\n",
                "t.ini:3: syntax error (expected [section] or key = value)");
    parse_fails("[a]\n[b\n", "t.ini:2: syntax error (expected [section] or key = value)");
    parse_fails("[a] trailing\n", "t.ini:1: unexpected text after [a]");
    parse_fails("[a]\n[ ]\n", "t.ini:2: empty section name");
    parse_fails("x = 1\n[a]\n", "t.ini:1: key 'x' outside any [section]");
}

static void first_error_wins(void **state)
{
    (void)state;
    /* inih's syntax error (line 2) comes before ours (line 4), and the other way round. */
    parse_fails("[a]\nbad line\nx = 1\nx = 2\n",
                "t.ini:2: syntax error (expected [section] or key = value)");
    parse_fails("[a]\nx = 1\nx = 2\nbad line\n", "t.ini:3: a: duplicate key 'x' (first at line 2)");
}

static void duplicates_are_errors(void **state)
{
    (void)state;
    parse_fails("[match]\ngames = 1\nseed = 2\ngames = 3\n",
                "t.ini:4: match: duplicate key 'games' (first at line 2)");
    parse_fails("[match]\ngames = 1\n\n[sum]\n[match]\n",
                "t.ini:5: duplicate section [match] (first at line 1)");
    /* The same key in two sections is fine. */
    sg_config *cfg = parse_ok("[a]\nk = 1\n[b]\nk = 2\n");
    sg_config_free(cfg);
}

static char *repeat(char c, size_t n)
{
    char *s = malloc(n + 1);
    memset(s, c, n);
    s[n] = '\0';
    return s;
}

static void long_lines_are_refused(void **state)
{
    (void)state;
    /* "k = " + 195 characters = 199: the longest line inih's buffer holds. */
    char *value = repeat('v', 195);
    char text[1024];
    snprintf(text, sizeof text, "[a]\nk = %s\n", value);
    sg_config *cfg = parse_ok(text);
    assert_string_equal(sg_params_find(sg_config_find(cfg, "a"), "k")->value, value);
    sg_config_free(cfg);
    /* One more character and the line is refused instead of split in two. */
    snprintf(text, sizeof text, "[a]\nx = 1\nk = %sv\ny = 2\n", value);
    parse_fails(text, "t.ini:3: line longer than 199 characters");
    /* Also as the last line without a line break, and in a real file. */
    snprintf(text, sizeof text, "[a]\nk = %sv", value);
    parse_fails(text, "t.ini:2: line longer than 199 characters");
    char *comment = repeat('c', 198); /* "; " + 198 = 200 characters */
    snprintf(text, sizeof text, "[a]\nx = 1\n; %s\n", comment);
    free(comment);
    char *path = support_temp_file(".ini", text);
    sg_config *out = (sg_config *)1;
    char err[512];
    assert_int_equal(sg_config_load(path, &out, err, sizeof err), SG_ERR_INVALID);
    assert_null(out);
    char want[600];
    snprintf(want, sizeof want, "%s:3: line longer than 199 characters", path);
    assert_string_equal(err, want);
    unlink(path);
    free(path);
    free(value);
}

static void indented_lines_are_keys_not_continuations(void **state)
{
    (void)state;
    /* inih would glue "  b = 2" onto a's value as a continuation line. */
    sg_config *cfg = parse_ok("[s]\na = 1\n  b = 2\n");
    const sg_params *s = sg_config_find(cfg, "s");
    assert_int_equal(s->count, 2);
    assert_item(s, 0, "a", "1", 2);
    assert_item(s, 1, "b", "2", 3);
    sg_config_free(cfg);
}

static void files_load_and_missing_files_fail(void **state)
{
    (void)state;
    char *path = support_temp_file(".ini", "[x]\n\nk = v\n");
    sg_config *cfg = NULL;
    char err[512] = "";
    assert_int_equal(sg_config_load(path, &cfg, err, sizeof err), SG_OK);
    assert_string_equal(sg_config_file(cfg), path);
    assert_item(sg_config_find(cfg, "x"), 0, "k", "v", 3);
    assert_string_equal(sg_config_find(cfg, "x")->file, path);
    sg_config_free(cfg);
    unlink(path);
    free(path);

    cfg = (sg_config *)1;
    assert_int_equal(sg_config_load("/nonexistent/dir/m.ini", &cfg, err, sizeof err),
                     SG_ERR_INVALID);
    assert_null(cfg);
    assert_string_equal(err, "/nonexistent/dir/m.ini: cannot open: No such file or directory");

    assert_int_equal(sg_config_load("/tmp", &cfg, err, sizeof err), SG_ERR_INVALID);
    /* refused at the open, as every file the host reads that is not regular */
    assert_string_equal(err, "/tmp: not a regular file");
}

static void getters_report_the_line_of_bad_values(void **state)
{
    (void)state;
    sg_config *cfg = parse_ok("[match]\n"
                              "games = ten\n"
                              "time_per_move = soon\n"
                              "verbose = maybe\n"
                              "seed = 7\n"
                              "detla = 1\n");
    const sg_params *m = sg_config_find(cfg, "match");
    char err[512];
    long long n;
    double secs;
    bool flag;
    assert_int_equal(sg_params_int(m, "games", 1, 1, 100, &n, err, sizeof err), SG_ERR_INVALID);
    assert_string_equal(err, "t.ini:2: match: games = 'ten' is not an integer");
    assert_int_equal(sg_params_seconds(m, "time_per_move", 0, &secs, err, sizeof err),
                     SG_ERR_INVALID);
    assert_string_equal(err, "t.ini:3: match: time_per_move = 'soon' is not a duration "
                             "(seconds, e.g. 1.5 or 200ms)");
    assert_int_equal(sg_params_bool(m, "verbose", false, &flag, err, sizeof err),
                     SG_ERR_INVALID);
    assert_string_equal(err, "t.ini:4: match: verbose = 'maybe' is not a boolean (true or false)");
    assert_int_equal(sg_params_int(m, "seed", 1, 0, 100, &n, err, sizeof err), SG_OK);
    assert_int_equal(n, 7);
    assert_int_equal(sg_params_int(m, "seed", 1, 0, 5, &n, err, sizeof err), SG_ERR_INVALID);
    assert_string_equal(err, "t.ini:5: match: seed = 7 is out of range [0, 5]");
    static const char *const known[] = { "games", "time_per_move", "verbose", "seed", NULL };
    assert_int_equal(sg_params_check_known(m, known, err, sizeof err), SG_ERR_INVALID);
    assert_string_equal(err, "t.ini:6: match: unknown key 'detla'");
    sg_config_free(cfg);
}

/* Writes len bytes (NULs included) to a new temporary file; returns its path (free it). */
static char *temp_bytes(const char *data, size_t len)
{
    char *path = strdup("/tmp/sumgame-test-config-XXXXXX");
    assert_non_null(path);
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    assert_int_equal(write(fd, data, len), (ssize_t)len);
    close(fd);
    return path;
}

static void load_fails(const char *data, size_t len, const char *want_after_path)
{
    char *path = temp_bytes(data, len);
    sg_config *cfg = (sg_config *)1;
    char err[512] = "", want[600];
    assert_int_equal(sg_config_load(path, &cfg, err, sizeof err), SG_ERR_INVALID);
    assert_null(cfg);
    snprintf(want, sizeof want, "%s%s", path, want_after_path);
    assert_string_equal(err, want);
    unlink(path);
    free(path);
}

/* A NUL inside a [section] header once made the header code copy the name with strndup
 * (which stops at the NUL) and then read name_len bytes from the copy: a heap over-read
 * under ASan. Every line with a NUL is now refused, naming its line. */
static void nul_bytes_are_refused(void **state)
{
    (void)state;
    static const char header[] = "[ok]\nk = v\n[a\0bcdefgh]\n";
    load_fails(header, sizeof header - 1, ":3: NUL byte in line");
    static const char key[] = "[ok]\nk = v\0w\n";
    load_fails(key, sizeof key - 1, ":2: NUL byte in line");
    static const char lone[] = "\0";
    load_fails(lone, 1, ":1: NUL byte in line");
}

/* Issue 28: a file that starts with a UTF-8 byte order mark (as Windows editors write it)
 * lost its first [section] and was reported at line 2 ("key 'left' outside any
 * [section]"). The mark is read as no part of line 1: sections, keys and lines as without
 * it, errors on the right line. */
static void byte_order_mark_is_skipped(void **state)
{
    (void)state;
    sg_config *cfg = parse_ok("\xEF\xBB\xBF[x]\nk = v\n");
    assert_item(sg_config_find(cfg, "x"), 0, "k", "v", 2);
    sg_config_free(cfg);
    static const char good[] = "\xEF\xBB\xBF[match]\nleft = r\n";
    char *path = temp_bytes(good, sizeof good - 1);
    char err[512] = "";
    assert_int_equal(sg_config_load(path, &cfg, err, sizeof err), SG_OK);
    assert_int_equal(sg_config_find(cfg, "match")->count, 1);
    assert_item(sg_config_find(cfg, "match"), 0, "left", "r", 2);
    assert_int_equal(sg_config_find_line(cfg, "match"), 1);
    sg_config_free(cfg);
    unlink(path);
    free(path);
    static const char bad[] = "\xEF\xBB\xBF[x]\nnot a key\n";
    load_fails(bad, sizeof bad - 1, ":2: syntax error (expected [section] or key = value)");
    static const char orphan[] = "\xEF\xBB\xBFk = v\n";
    load_fails(orphan, sizeof orphan - 1, ":1: key 'k' outside any [section]");
}

/* /dev/zero was one endless line; it is refused before any read now (not a regular
 * file), and a regular file's endless line still stops the reader after the first
 * SG_CONFIG_MAX_LINE + 1 characters instead of reading (and allocating) all of it. Runs in
 * a child under a generous alarm so that the old behaviour fails the test instead of
 * hanging it. */
static void endless_line_ends_the_file(void **state)
{
    (void)state;
    char path[] = "/tmp/sumgame-endless-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    FILE *f = fdopen(fd, "w");
    assert_non_null(f);
    for (int i = 0; i < 4 << 20; i++)
        fputc('k', f);
    assert_int_equal(fclose(f), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        alarm(60);
        sg_config *cfg = (sg_config *)1;
        char err[512] = "", want[600];
        int rc = sg_config_load("/dev/zero", &cfg, err, sizeof err);
        bool ok = rc == SG_ERR_INVALID && !cfg &&
                  strcmp(err, "/dev/zero: not a regular file") == 0;
        rc = sg_config_load(path, &cfg, err, sizeof err);
        snprintf(want, sizeof want, "%s:1: line longer than 199 characters", path);
        ok = ok && rc == SG_ERR_INVALID && !cfg && strcmp(err, want) == 0;
        _exit(ok ? 0 : 3);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    unlink(path);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

/* The duplicate checks were a scan of every earlier section (and key): 200,000 sections
 * took 99 s. A file of 300,000 sections and another of 300,000 keys in one section, each
 * ending with a duplicate of its first, must load (and find the duplicate) in a child
 * under a 60 s alarm: minutes for the old quadratic checks, well under a second now. */
static void many_sections_and_keys_load_in_linear_time(void **state)
{
    (void)state;
    enum { N = 300000 };
    size_t cap = (size_t)N * 24 + 64;
    char *sections = malloc(cap), *keys = malloc(cap);
    assert_non_null(sections);
    assert_non_null(keys);
    size_t a = 0, b = 0;
    b += (size_t)sprintf(keys + b, "[only]\n");
    for (int i = 0; i < N; i++) {
        a += (size_t)sprintf(sections + a, "[s%d]\nk = %d\n", i, i);
        b += (size_t)sprintf(keys + b, "k%d = %d\n", i, i);
    }
    sprintf(sections + a, "[s0]\n");
    sprintf(keys + b, "k0 = again\n");
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        alarm(60);
        char err[512] = "", want[200];
        sg_config *cfg = NULL;
        /* Without the duplicate, every section is there and found by name. */
        sections[a] = '\0';
        if (sg_config_parse_string("s.ini", sections, &cfg, err, sizeof err) != SG_OK ||
            sg_config_count(cfg) != N || sg_config_find_line(cfg, "s299999") != 2 * N - 1 ||
            sg_config_find(cfg, "s300000") != NULL)
            _exit(3);
        sg_config_free(cfg);
        sections[a] = '[';
        snprintf(want, sizeof want, "s.ini:%d: duplicate section [s0] (first at line 1)",
                 2 * N + 1);
        if (sg_config_parse_string("s.ini", sections, &cfg, err, sizeof err) != SG_ERR_INVALID ||
            strcmp(err, want) != 0)
            _exit(4);
        snprintf(want, sizeof want, "k.ini:%d: only: duplicate key 'k0' (first at line 2)",
                 N + 2);
        if (sg_config_parse_string("k.ini", keys, &cfg, err, sizeof err) != SG_ERR_INVALID ||
            strcmp(err, want) != 0)
            _exit(5);
        _exit(0);
    }
    int status;
    assert_int_equal(waitpid(pid, &status, 0), pid);
    free(sections);
    free(keys);
    assert_true(WIFEXITED(status));
    assert_int_equal(WEXITSTATUS(status), 0);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(good_file_keeps_order_values_and_lines),
        cmocka_unit_test(empty_text_has_no_sections),
        cmocka_unit_test(syntax_errors_name_their_line),
        cmocka_unit_test(first_error_wins),
        cmocka_unit_test(duplicates_are_errors),
        cmocka_unit_test(long_lines_are_refused),
        cmocka_unit_test(indented_lines_are_keys_not_continuations),
        cmocka_unit_test(files_load_and_missing_files_fail),
        cmocka_unit_test(getters_report_the_line_of_bad_values),
        cmocka_unit_test(nul_bytes_are_refused),
        cmocka_unit_test(byte_order_mark_is_skipped),
        cmocka_unit_test(endless_line_ends_the_file),
        cmocka_unit_test(many_sections_and_keys_load_in_linear_time),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
