/* sumgame report: the tables of a small hand-made match file (expected values worked out
 * in the comments), the published TDS Experiment 4 tables reproduced from their data,
 * one-line errors naming FILE:LINE, and the HTML page in headless Chromium. */
#include "support.h"
#include "host/report/plot_svg.h"
#include "host/report/report.h"

#include <png.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* One game of `match --out`: game g of pair g/2, A ("alpha") Left in even games, Left
 * moving first; the depths of its two moves are 3 and 5 in even games (A's 3, B's 5) and
 * 4 and 0 in odd ones (B's 4; A's 0, no depth, is left out). */
static void put_game(FILE *f, int g, const char *score, const char *result, const char *forfeit)
{
    fprintf(f, "{\"game\":%d,\"pair\":%d,\"sum\":\"rcg:5|0\",\"left_player\":\"%s\","
               "\"right_player\":\"%s\",\"first\":\"left\",\"final_score\":null,\"score\":%s%s%s,"
               "\"result\":\"%s\",\"forfeit\":%s%s%s,\"score_estimated\":false,"
               "\"moves\":[\"1:L1\",\"1:R1\"],\"nodes_left\":1,\"nodes_right\":1,"
               "\"depths\":[%s],\"seconds\":0.5,\"cpu_left\":0.1,\"cpu_right\":0.1}\n",
            g, g / 2, g % 2 ? "beta" : "alpha", g % 2 ? "alpha" : "beta",
            score ? "\"" : "", score ? score : "null", score ? "\"" : "", result,
            forfeit ? "\"" : "", forfeit ? forfeit : "null", forfeit ? "\"" : "",
            g % 2 ? "4,0" : "3,5");
}

/* A temporary folder holding alpha-beta.jsonl: 4 pairs, A's scores 3, -1 | 2, 2 | 0, -3 |
 * forfeit (A's timeout), 1. */
static char *make_match_file(char *dir)
{
    assert_non_null(mkdtemp(dir));
    char *path = malloc(strlen(dir) + 32);
    sprintf(path, "%s/alpha-beta.jsonl", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    put_game(f, 0, "3", "win", NULL);
    put_game(f, 1, "-1", "loss", NULL);
    put_game(f, 2, "2", "win", NULL);
    put_game(f, 3, "2", "win", NULL);
    put_game(f, 4, "0", "draw", NULL);
    put_game(f, 5, "-3", "loss", NULL);
    put_game(f, 6, NULL, "loss", "timeout: alpha took 3.2 s");
    put_game(f, 7, "1", "win", NULL);
    fclose(f);
    return path;
}

static void remove_dir(const char *dir)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", dir);
    assert_int_equal(system(cmd), 0);
}

static void test_tables_of_a_small_match(void **state)
{
    (void)state;
    char dir[] = "/tmp/sumgame-report-XXXXXX";
    char *path = make_match_file(dir);
    char args[600];
    snprintf(args, sizeof args, "report %s", path);
    support_run r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    /* Scored games (7): 3 -1 2 2 0 -3 1, mean 4/7 = 0.5714; squared deviations sum to
     * 25.714, sd = sqrt(25.714/6) = 2.0702; t_{0.975,6} = 2.446912 (table), half =
     * 2.446912 * 2.0702 / sqrt 7 = 1.9146, interval [-1.34, 2.49].
     * Wins 4 (3, 2, 2, 1), a draw, 3 losses (the forfeit included): 4 of 8, Wilson
     * centre 0.5, half = 1.959964 / (1 + 3.841459/8) * sqrt(1/32 + 3.841459/256) = 0.2848,
     * [21.5%, 78.5%]. Pairs with both games scored: 2, 4, -3; mean 1, sd sqrt(26/2) =
     * 3.6056; t_{0.975,2} = 4.302653, half = 4.302653 * 3.6056 / sqrt 3 = 8.9567, so
     * [-7.96, 9.96], and halved for a position's mean [-3.98, 4.98]. */
    /* depths: A's 3 in the four even games, median 3; B's 5, 5, 5, 5, 4, 4, 4, 4: 4.5 */
    support_assert_contains(r.out, "| alpha-beta | 8 | 0.6 (2.1) | [-4.0, 5.0] | 50% | "
                                   "1 timeout (A) | 0 | 2.0 | 0.5 | 3.0 | 4.5 |\n");
    support_assert_contains(r.out, "| alpha-beta | alpha vs beta | 8 (7 scored) | 0.57 | 2.07 | "
                                   "[-1.34, 2.49] | 4-1-3 | 50.0% | [21.5%, 78.5%] | 3 | 1.00 | "
                                   "[-7.96, 9.96] |\n");
    support_assert_contains(r.out, "Student's t");
    support_run_free(&r);
    /* the normal approximation: 1.959964 * 2.0702 / sqrt 7 = 1.5336: [-0.96, 2.11] */
    snprintf(args, sizeof args, "report %s --ci normal --format csv", path);
    r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "cell,row,col,file,player_a,player_b,games,scored,mean,sd,");
    support_assert_contains(r.out, ",alpha,beta,8,7,0.5714285714,2.070196678,-0.962");
    support_assert_contains(r.out, ",4,1,3,1,0,0.5,0.215216");
    support_assert_contains(r.out, "seconds_per_game,interval,depth_a,depth_b\n");
    support_assert_contains(r.out, ",normal,3,4.5\n");
    support_run_free(&r);
    remove(path);
    free(path);
    remove_dir(dir);
}

/* The published tables of docs/results/tds-experiment-4.md, from the data beside them. */
static void test_reproduces_the_published_tds_tables(void **state)
{
    (void)state;
    support_run r = support_host("report docs/results/data/tds-exp4-?x?-n?.jsonl "
                                 "--cells 'tds-exp4-{col}-n{row}' --row-name N --ci normal",
                                 NULL);
    assert_int_equal(r.status, 0);
    static const char *const lines[] = {
        "| N | 4x4 | 5x5 | 6x6 |\n| ---: | --- | --- | --- |\n",
        "| 2 | -1.1 (5.7) 40%, 50 pos. | -3.4 (7.7) 29%, 50 pos. | -5.6 (13.0) 34%, 50 pos. |\n",
        "| 6 | 1.5 (8.6) 54%, 50 pos. | -3.4 (15.7) 40%, 50 pos. | -3.2 (22.2) 45%, 50 pos. |\n",
        "| 4x4, N=4 | 100 | -0.5 (7.1) | [-0.9, 0.0] | 51% | 0 | 0 | 17.3 | 11.5 |",
        "| 5x5, N=6 | 100 | -3.4 (15.7) | [-4.8, -1.6] | 40% | 1 timeout (A) | 11 | 43.0 | 42.5 |",
        "| 6x6, N=6 | 100 | -3.2 (22.2) | [-5.9, -0.6] | 45% | 0 | 9 | 64.7 | 64.7 |",
    };
    for (size_t i = 0; i < sizeof lines / sizeof lines[0]; i++)
        support_assert_contains(r.out, lines[i]);
    support_run_free(&r);
    /* the 0.1 s supplement: cells not run are named in the grid, not in the details */
    r = support_host("report docs/results/data/tds-exp4-?x?-n?-0.1s.jsonl "
                     "--cells 'tds-exp4-{col}-n{row}-0.1s' --row-name N --ci normal", NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "| 6 | 0.6 (8.4) 54%, 50 pos. | not run | not run |\n");
    support_assert_contains(r.out, "| 6x6, N=4 | 12 | -13.2 (18.9) | [-22.6, -3.7] | 17% | 0 | "
                                   "0 | 41.4 | 4.9 |");
    support_run_free(&r);
    /* fixed rows and columns name every cell not run, in the details too */
    r = support_host("report docs/results/data/tdsplus-sum-vs-tds-?x?-n?.jsonl "
                     "--cells 'tdsplus-sum-vs-tds-{col}-n{row}' --row-name N --rows 2,4,6 "
                     "--cols 4x4,5x5,6x6 --ci normal", NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "| 2 | -0.5 (6.4) 50%, 10 pos. | -5.3 (11.3) 25%, 10 pos. | "
                                   "not run |\n");
    support_assert_contains(r.out, "| 6x6, N=6 | not run | | | | | | | | | |\n");
    support_run_free(&r);
}

/* Reads files in this process (report_read, report_compute) as `sumgame report` does, and
 * asserts the error line it prints after "report: " starts with want. */
static void expect_read_error(char *const *files, size_t nfiles, const char *want)
{
    report_options o = { .level = 0.95, .ci = SG_CI_T };
    report_data d = { 0 };
    char err[1024] = "";
    int rc = report_read(&d, &o, files, nfiles, err, sizeof err);
    if (rc == 0)
        rc = report_compute(&d, &o, err, sizeof err);
    report_free(&d);
    if (rc == 0)
        fail_msg("no error, expected: %s", want);
    if (strncmp(err, want, strlen(want)) != 0 || strchr(err, '\n'))
        fail_msg("expected '%s', got: %s", want, err);
}

static void test_bad_input_names_file_and_line(void **state)
{
    (void)state;
    char dir[] = "/tmp/sumgame-report-XXXXXX";
    char *path = make_match_file(dir);
    char args[700], bad[600];
    snprintf(bad, sizeof bad, "%s/bad.jsonl", dir);
    FILE *f = fopen(bad, "w");
    assert_non_null(f);
    fputs("{\"kind\":\"other\"}\n\n{\"game\":1,\"pair\":0\n", f);
    fclose(f);
    snprintf(args, sizeof args, "report %s %s", path, bad);
    support_run r = support_host(args, NULL);
    char want[700];
    snprintf(want, sizeof want, "report: %s:3: not JSON", bad);
    support_assert_error(&r, want);
    support_run_free(&r);
    char *files[] = { path, bad };
    expect_read_error(files, 2, want + strlen("report: ")); /* the same in-process */
    /* a match record without its score */
    f = fopen(bad, "w");
    assert_non_null(f);
    fputs("{\"game\":0,\"pair\":0,\"left_player\":\"a\",\"right_player\":\"b\",\"result\":\"win\","
          "\"forfeit\":null,\"moves\":[],\"seconds\":1}\n", f);
    fclose(f);
    snprintf(want, sizeof want, "%s:1: match record without \"score\"", bad);
    expect_read_error(files, 2, want);
    /* depths that are not a list of non-negative integers */
    f = fopen(bad, "w");
    assert_non_null(f);
    fputs("{\"game\":0,\"pair\":0,\"left_player\":\"a\",\"right_player\":\"b\",\"first\":"
          "\"left\",\"score\":\"1\",\"result\":\"win\",\"forfeit\":null,\"moves\":[],"
          "\"seconds\":1,\"depths\":[2,-1]}\n", f);
    fclose(f);
    snprintf(want, sizeof want, "%s:1: \"depths\" must hold non-negative integers", bad);
    expect_read_error(files, 2, want);
    r = support_host("report /nonexistent-sumgame/x.jsonl", NULL);
    support_assert_error(&r, "report: /nonexistent-sumgame/x.jsonl: No such file or directory");
    support_run_free(&r);
    snprintf(args, sizeof args, "report %s --format md,csv", path);
    r = support_host(args, NULL);
    support_assert_error(&r, "--out-dir");
    support_run_free(&r);
    remove(bad);
    remove(path);
    free(path);
    remove_dir(dir);
}

/* ---- the HTML page in a real browser ---- */

typedef struct screenshot {
    size_t pixels, non_white, blue; /* blue: the plots' first colour, #0072B2 */
    char *console;                  /* the browser's console lines, and refused loads */
} screenshot;

/* Opens page in headless Chromium, takes a screenshot and collects what the page wrote
 * to the console (Chromium logs console messages and CSP refusals on stderr). */
static screenshot shoot(const char *page)
{
    char *chromium = support_find_chromium();
    if (!chromium)
        fail_msg("chromium not found: the HTML check needs Debian's 'chromium' package");
    char dir[] = "/tmp/sumgame-shot-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char cmd[8192];
    snprintf(cmd, sizeof cmd,
             "timeout 60 '%s' --headless --no-sandbox --disable-gpu --no-first-run "
             "--disable-background-networking --disable-component-update --disable-sync "
             "--hide-scrollbars --window-size=1200,1600 --user-data-dir=%s/profile "
             "--enable-logging=stderr --v=0 --screenshot=%s/shot.png 'file://%s' "
             ">/dev/null 2>%s/log.txt",
             chromium, dir, dir, page, dir);
    free(chromium);
    assert_int_equal(system(cmd), 0);
    screenshot s = { 0 };
    char path[300];
    snprintf(path, sizeof path, "%s/log.txt", dir);
    char *log = support_read_file(path);
    size_t cap = strlen(log) + 1, len = 0;
    s.console = calloc(cap, 1);
    for (char *line = strtok(log, "\n"); line; line = strtok(NULL, "\n"))
        if (strstr(line, ":CONSOLE") || strstr(line, "Refused to")) {
            len += (size_t)snprintf(s.console + len, cap - len, "%s\n", line);
        }
    free(log);
    png_image img = { .version = PNG_IMAGE_VERSION };
    snprintf(path, sizeof path, "%s/shot.png", dir);
    assert_true(png_image_begin_read_from_file(&img, path));
    img.format = PNG_FORMAT_RGB;
    unsigned char *rgb = malloc(PNG_IMAGE_SIZE(img));
    assert_true(png_image_finish_read(&img, NULL, rgb, 0, NULL));
    s.pixels = (size_t)img.width * img.height;
    for (size_t i = 0; i < s.pixels; i++) {
        const unsigned char *p = rgb + 3 * i;
        s.non_white += p[0] < 240 || p[1] < 240 || p[2] < 240;
        s.blue += p[0] < 30 && p[1] > 90 && p[1] < 140 && p[2] > 150 && p[2] < 210;
    }
    free(rgb);
    remove_dir(dir);
    return s;
}

static void test_html_renders_in_chromium(void **state)
{
    (void)state;
    char dir[] = "/tmp/sumgame-report-XXXXXX";
    char *path = make_match_file(dir);
    char curves[600], out[600], args[2000];
    snprintf(curves, sizeof curves, "%s/errors.jsonl", dir);
    FILE *f = fopen(curves, "w");
    assert_non_null(f);
    for (int i = 0; i < 3; i++)
        fprintf(f, "{\"label\":\"TDS\",\"limit\":%g,\"finished\":true,\"error_t\":%g,"
                   "\"error_mu\":%g}\n", i == 0 ? 0.1 : i == 1 ? 1.0 : 10.0, 3.0 - i, 1.0 / (1 + i));
    fclose(f);
    snprintf(out, sizeof out, "%s/out", dir);
    snprintf(args, sizeof args, "report %s %s --out-dir %s --title 'Alpha <and> beta'", path,
             curves, out);
    support_run r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    support_run_free(&r);
    char page[700];
    snprintf(page, sizeof page, "%s/report.html", out);
    char *html = support_read_file(page);
    support_assert_contains(html, "<title>Alpha &lt;and&gt; beta</title>");
    support_assert_contains(html, "class=\"error-bar\"");
    support_assert_contains(html, "class=\"bar\"");
    support_assert_contains(html, "TDS, temperature");
    assert_null(strstr(html, "<script"));
    free(html);
    screenshot s = shoot(page);
    if (s.console[0])
        fail_msg("the report page wrote to the console:\n%s", s.console);
    /* not blank: text, tables and plots cover a fair part of the page, and the plots'
     * blue is there */
    assert_true(s.non_white > s.pixels / 50);
    assert_true(s.blue > 500);
    free(s.console);
    /* the check itself: a page with a script error and a refused load is caught */
    snprintf(page, sizeof page, "%s/broken.html", dir);
    f = fopen(page, "w");
    assert_non_null(f);
    fputs("<!DOCTYPE html><html><head><meta http-equiv=\"Content-Security-Policy\" "
          "content=\"default-src 'none'; script-src 'unsafe-inline'\"></head><body>"
          "<img src=\"https://example.invalid/x.png\"><script>console.error('boom')</script>"
          "</body></html>\n", f);
    fclose(f);
    s = shoot(page);
    support_assert_contains(s.console, "boom");
    support_assert_contains(s.console, "Content Security Policy");
    assert_true(s.non_white < s.pixels / 100);
    free(s.console);
    remove(path);
    free(path);
    remove_dir(dir);
}

/* match's progress bar: drawn on a terminal (script(1) gives it one), with games done, the
 * running W-D-L that ends equal to the summary's, the time so far and an ETA; nothing
 * when stderr is a pipe and the match is shorter than the 10 s of a line off a terminal. */
static void test_match_progress_bar_only_on_a_terminal(void **state)
{
    (void)state;
    char *ini = support_temp_file(".ini", "[match]\nleft = a\nright = b\ngames = 3\n"
                                          "[strategy.a]\nplugin = random\n"
                                          "[strategy.b]\nplugin = random\n"
                                          "[sum]\nsum.1 = rcg:5|0 + rcg:3|-1\nsum.2 = rcg:4|0\n"
                                          "sum.3 = rcg:7|1 + rcg:2|0\n");
    char cmd[2000];
    snprintf(cmd, sizeof cmd, "script -qec \"%s/sumgame match '%s'\" /dev/null",
             support_build_dir(), ini);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    char out[8192];
    size_t got = fread(out, 1, sizeof out - 1, p);
    out[got] = '\0';
    assert_int_equal(pclose(p), 0);
    unsigned long long w, d, l;
    const char *sum = strstr(out, "(games 6, wins ");
    assert_non_null(sum);
    assert_int_equal(sscanf(sum, "(games 6, wins %llu, draws %llu, losses %llu", &w, &d, &l), 3);
    char want[128];
    snprintf(want, sizeof want, "[########################] 6/6 games  mean ");
    support_assert_contains(out, want);
    support_assert_contains(out, "] 1/6 games");
    /* then the time so far (0:00, or 0:01 on a slow machine) and the time left */
    snprintf(want, sizeof want, "W-D-L %llu-%llu-%llu  forfeits 0  0:0", w, d, l);
    support_assert_contains(out, want);
    support_assert_contains(strstr(out, want), "  ETA 0:00\033[K");
    char args[600];
    snprintf(args, sizeof args, "match '%s'", ini);
    support_run r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    assert_null(strchr(r.err, '\r'));
    assert_null(strstr(r.err, "ETA"));
    support_run_free(&r);
    remove(ini);
    free(ini);
}

/* The <g> of the series named name in svg, as its own string (free it). */
static char *series_group(const char *svg, const char *name)
{
    char key[64];
    snprintf(key, sizeof key, "data-name=\"%s\"", name);
    const char *at = strstr(svg, key);
    assert_non_null(at);
    const char *end = strstr(at, "</g>");
    assert_non_null(end);
    return strndup(at, (size_t)(end - at));
}

/* The ninth series of a plot reuses the first one's colour: its line is dashed and its
 * marker another shape, so that the two stay apart (the error-against-time figure of
 * docs/results/tds-anytime.md has twelve). */
static void test_plot_series_past_eight_stay_apart(void **state)
{
    (void)state;
    static const double x[] = { 1, 2 }, y[] = { 1, 2 };
    plot_series ser[9];
    char names[9][8];
    for (size_t k = 0; k < 9; k++) {
        snprintf(names[k], sizeof names[k], "s%zu", k);
        ser[k] = (plot_series){ .name = names[k], .x = x, .y = y, .n = 2 };
    }
    plot_spec spec = { .title = "t", .series = ser, .nseries = 9 };
    char *svg = NULL;
    size_t len = 0;
    assert_int_equal(plot_svg(&spec, &svg, &len), 0);
    char *first = series_group(svg, "s0"), *ninth = series_group(svg, "s8");
    assert_null(strstr(first, "dasharray"));
    assert_non_null(strstr(first, "<circle"));
    assert_non_null(strstr(ninth, "stroke-dasharray"));
    assert_null(strstr(ninth, "<circle"));
    free(first);
    free(ninth);
    free(svg);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_tables_of_a_small_match),
        cmocka_unit_test(test_reproduces_the_published_tds_tables),
        cmocka_unit_test(test_bad_input_names_file_and_line),
        cmocka_unit_test(test_html_renders_in_chromium),
        cmocka_unit_test(test_match_progress_bar_only_on_a_terminal),
        cmocka_unit_test(test_plot_series_past_eight_stay_apart),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
