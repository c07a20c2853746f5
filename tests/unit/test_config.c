/* INI configuration loading (framework/core/config.c): sections and keys with their lines,
 * every error as "file:line: message", and the typed getters on loaded sections. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "support.h"
#include "sumgame/config.h"
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
    assert_string_equal(err, "/tmp: cannot read: Is a directory");
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
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
