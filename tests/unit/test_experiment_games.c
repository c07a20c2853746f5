/* sumgame experiment, kinds loss and tradeoff (Müller and Li, Tables 6, 7 and Figure 1):
 * every cell is the `sumgame match` of the strategy against the perfect player with
 * optimal = yes on the same positions, the perfect player against itself loses nothing,
 * the table layout, sweeps, the plot and how Chromium renders it, --out/--resume keeping
 * finished cells, and configuration errors. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static size_t count_lines(const char *text)
{
    size_t n = 0;
    for (; *text; text++)
        n += *text == '\n';
    return n;
}

static support_run run_ok(const char *args)
{
    support_run r = support_host(args, NULL);
    if (r.status != 0)
        fail_msg("sumgame %s: exit %d: %s", args, r.status, r.err);
    assert_string_equal(r.err, "");
    return r;
}

static const char loss_config[] = "[experiment]\n"
                                  "kind = loss\n"
                                  "generator = rcg\n"
                                  "title = small loss\n"
                                  "levels = 2\n"
                                  "size = 50\n"
                                  "components = 2, 4\n"
                                  "instances = 6\n"
                                  "seed = 3\n"
                                  "strategies = hot, again\n"
                                  "opponent = perfect\n"
                                  "label.hot = Hotstrat\n"
                                  "[strategy.hot]\n"
                                  "plugin = hotstrat\n"
                                  "[strategy.again]\n"
                                  "plugin = solver\n"
                                  "order = temp\n"
                                  "decompose = no\n"
                                  "[strategy.perfect]\n"
                                  "plugin = solver\n";

static const char match_config[] = "[match]\n"
                                   "left = hot\n"
                                   "right = perfect\n"
                                   "games = 6\n"
                                   "seed = 3\n"
                                   "optimal = yes\n"
                                   "[sum]\n"
                                   "generator = rcg\n"
                                   "levels = 2\n"
                                   "size = 50\n"
                                   "components = %d\n"
                                   "[strategy.hot]\n"
                                   "plugin = hotstrat\n"
                                   "[strategy.perfect]\n"
                                   "plugin = solver\n";

/* Each cell is the match with optimal = yes, component count by count; the perfect
 * player's own row is all zeros. */
static void loss_cells_are_matches(void **state)
{
    (void)state;
    char *path = support_temp_file(".ini", loss_config);
    char args[4300];
    snprintf(args, sizeof args, "experiment '%s' --json --jobs 2", path);
    support_run r = run_ok(args);
    const char *counts[] = { "\"strategy\":\"hot\",\"label\":\"Hotstrat\",\"components\":2,",
                             "\"strategy\":\"hot\",\"label\":\"Hotstrat\",\"components\":4," };
    const int n[] = { 2, 4 };
    for (int i = 0; i < 2; i++) {
        const char *cell = strstr(r.out, counts[i]);
        if (!cell)
            fail_msg("no cell %s in %s", counts[i], r.out);
        char first[32], second[32], mfirst[32], msecond[32];
        support_json_string(cell, "loss_first", first, sizeof first);
        support_json_string(cell, "loss_second", second, sizeof second);
        char text[1024];
        snprintf(text, sizeof text, match_config, n[i]);
        char *mpath = support_temp_file(".ini", text);
        match_result m; /* the match in this process: its summary's loss_first, loss_second */
        support_match_ok(mpath, NULL, NULL, &m);
        sg_value_format(m.tally.loss[0], mfirst, sizeof mfirst);
        sg_value_format(m.tally.loss[1], msecond, sizeof msecond);
        assert_string_equal(first, mfirst);
        assert_string_equal(second, msecond);
        support_assert_contains(cell, "\"games_first\":6,\"forfeits_first\":0,");
        match_result_free(&m);
        remove(mpath);
        free(mpath);
    }
    support_assert_contains(r.out, "\"strategy\":\"again\",\"label\":\"again\",\"components\":2,");
    const char *again = strstr(r.out, "\"strategy\":\"again\"");
    support_assert_contains(again, "\"loss_first\":\"0\",\"games_first\":6,");
    support_assert_contains(again, "\"loss_second\":\"0\",\"games_second\":6,");
    again = strstr(again + 1, "\"strategy\":\"again\"");
    assert_non_null(again);
    support_assert_contains(again, "\"components\":4,");
    support_assert_contains(again, "\"loss_first\":\"0\",");
    support_assert_contains(again, "\"loss_second\":\"0\",");
    support_run_free(&r);

    /* The Markdown layout of the paper's tables. */
    snprintf(args, sizeof args, "experiment '%s'", path);
    r = run_ok(args);
    support_assert_contains(r.out, "# small loss\n");
    support_assert_contains(r.out, "positions: rcg (levels = 2, size = 50), 6 instances, seed 3; "
                           "opponent: perfect\n");
    support_assert_contains(r.out, "\n| Method | 2 | 4 |\n| --- | ---: | ---: |\n| Hotstrat (1st) | ");
    support_assert_contains(r.out, "\n| again (1st) | 0 | 0 |\n| again (2nd) | 0 | 0 |\n");
    support_assert_contains(r.out, "Games without a score (forfeits): 0; games forfeited: 0.\n");
    support_run_free(&r);
    remove(path);
    free(path);
}

static const char resume_config[] = "[experiment]\n"
                                    "kind = loss\n"
                                    "generator = rcg\n"
                                    "components = 2-4\n"
                                    "instances = 3\n"
                                    "strategies = hot\n"
                                    "opponent = perfect\n"
                                    "levels = 2\n"
                                    "[strategy.hot]\n"
                                    "plugin = hotstrat\n"
                                    "mode = plus\n"
                                    "[strategy.perfect]\n"
                                    "plugin = solver\n";

/* Only the loss table, without what depends on the run (times, cells read back). */
static char *tables_of(const char *out)
{
    const char *end = strstr(out, "CPU seconds");
    assert_non_null(end);
    return strndup(out, (size_t)(end - out));
}

/* A run whose --out holds one finished cell plays only the others, and the table is the
 * same as a run from scratch. */
static void resume_keeps_finished_cells(void **state)
{
    (void)state;
    char *path = support_temp_file(".ini", resume_config);
    char dir[] = "/tmp/sumgame-expgames-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char out[128], games[128], args[4600];
    snprintf(out, sizeof out, "%s/cells.jsonl", dir);
    snprintf(games, sizeof games, "%s/games.jsonl", dir);
    snprintf(args, sizeof args, "experiment '%s' --out %s", path, out);
    support_run full = run_ok(args);
    char *cells = support_read_file(out);
    assert_int_equal(count_lines(cells), 3);
    /* Keep the first cell only. */
    FILE *f = fopen(out, "w");
    assert_non_null(f);
    fwrite(cells, 1, strcspn(cells, "\n") + 1, f);
    fclose(f);
    snprintf(args, sizeof args, "experiment '%s' --out %s --resume --games %s", path, out,
             games);
    support_run again = run_ok(args);
    support_assert_contains(again.out, "Cells read back from the --out file: 1 of 3.\n");
    char *a = tables_of(full.out), *b = tables_of(again.out);
    assert_string_equal(a, b);
    char *g = support_read_file(games);
    assert_int_equal(count_lines(g), 2 * 3 * 2); /* two cells of three pairs */
    support_assert_contains(g, "\"optimal\":");
    free(g);
    char *cells2 = support_read_file(out);
    assert_int_equal(count_lines(cells2), 3);
    size_t first = strcspn(cells, "\n") + 1;
    assert_memory_equal(cells2, cells, first); /* the kept cell, then the two played */
    support_assert_contains(cells2 + first, "\"components\":3,");
    free(cells);
    free(cells2);
    free(a);
    free(b);
    support_run_free(&full);
    support_run_free(&again);
    /* --resume without --out is refused. */
    snprintf(args, sizeof args, "experiment '%s' --resume", path);
    support_run r = support_host(args, NULL);
    support_assert_error(&r, "--resume needs --out");
    support_run_free(&r);
    char rm[200];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    assert_int_equal(system(rm), 0);
    remove(path);
    free(path);
}

static const char tradeoff_config[] = "[experiment]\n"
                                      "kind = tradeoff\n"
                                      "generator = rcg\n"
                                      "title = small tradeoff\n"
                                      "components = 4\n"
                                      "instances = 3\n"
                                      "levels = 2\n"
                                      "strategies = hot, ab\n"
                                      "opponent = perfect\n"
                                      "label.ab = 3-ply\n"
                                      "[strategy.hot]\n"
                                      "plugin = hotstrat\n"
                                      "[strategy.ab]\n"
                                      "plugin = alphabeta\n"
                                      "sweep.depth = 1-2, 8\n"
                                      "[strategy.perfect]\n"
                                      "plugin = solver\n";

/* Counts the pixels of the first two series' colours (#0072B2 and #D55E00) in the whole
 * SVG and whether a truncated copy decodes at all. */
static const char probe_script[] =
    "<script>\n"
    "function probe(img) {\n"
    "  if (!img.complete || img.naturalWidth === 0) return 'loaded=0';\n"
    "  var c = document.createElement('canvas');\n"
    "  c.width = img.naturalWidth; c.height = img.naturalHeight;\n"
    "  var g = c.getContext('2d'); g.drawImage(img, 0, 0);\n"
    "  var d = g.getImageData(0, 0, c.width, c.height).data;\n"
    "  var dark = 0, blue = 0, orange = 0;\n"
    "  for (var i = 0; i < d.length; i += 4) {\n"
    "    var r = d[i], gr = d[i + 1], b = d[i + 2];\n"
    "    if (r + gr + b < 300) dark++;\n"
    "    if (r < 40 && gr > 90 && gr < 140 && b > 150) blue++;\n"
    "    if (r > 190 && gr > 70 && gr < 120 && b < 40) orange++;\n"
    "  }\n"
    "  return 'loaded=1 width=' + c.width + ' dark=' + dark + ' blue=' + blue\n"
    "    + ' orange=' + orange;\n"
    "}\n"
    "window.addEventListener('load', function () {\n"
    "  document.getElementById('result').textContent = 'good: '\n"
    "    + probe(document.getElementById('good')) + ' bad: '\n"
    "    + probe(document.getElementById('bad')) + ' end';\n"
    "});\n"
    "</script>\n";

static void tradeoff_table_and_plot(void **state)
{
    (void)state;
    char *path = support_temp_file(".ini", tradeoff_config);
    char dir[] = "/tmp/sumgame-tradeoff-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char svg_path[128], args[4600];
    snprintf(svg_path, sizeof svg_path, "%s/f.svg", dir);
    snprintf(args, sizeof args, "experiment '%s' --svg %s --jobs 2", path, svg_path);
    support_run r = run_ok(args);
    support_assert_contains(r.out, "| Method | parameter | loss (1st) | loss (2nd) | loss | CPU s (1st) "
                           "| CPU s (2nd) | CPU s |\n");
    support_assert_contains(r.out, "\n| hot |  | ");
    support_assert_contains(r.out, "\n| 3-ply | depth = 1 | ");
    support_assert_contains(r.out, "\n| 3-ply | depth = 2 | ");
    support_assert_contains(r.out, "\n| 3-ply | depth = 8 | 0 | 0 | 0 | "); /* 4 x 2 plies: exact */
    support_run_free(&r);

    char *svg = support_read_file(svg_path);
    assert_true(strncmp(svg, "<?xml", 5) == 0);
    support_assert_contains(svg, "<title>small tradeoff</title>");
    support_assert_contains(svg, "<g class=\"series\" data-name=\"hot\">\n  <circle ");
    support_assert_contains(svg, "<g class=\"series\" data-name=\"3-ply\">\n  <polyline ");
    support_assert_contains(svg, "(log scale)</text>");
    char *dom = support_chromium_render(svg, probe_script);
    free(svg);
    char rm[200];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    assert_int_equal(system(rm), 0);
    const char *res = strstr(dom, "<pre id=\"result\">");
    int loaded = 0, width = 0, bad_loaded = -1;
    long dark = 0, blue = 0, orange = 0;
    if (!res || sscanf(res, "<pre id=\"result\">good: loaded=%d width=%d dark=%ld blue=%ld "
                            "orange=%ld bad: loaded=%d end",
                       &loaded, &width, &dark, &blue, &orange, &bad_loaded) != 6)
        fail_msg("chromium did not report the rendering: %.300s", res ? res : dom);
    /* Decoded at its width, with text and axes, the single point (blue) and the line with
     * its markers (orange); the truncated picture is refused. */
    assert_int_equal(loaded, 1);
    assert_int_equal(width, 900);
    assert_true(dark > 2000);
    assert_true(blue > 40);
    assert_true(orange > 200);
    assert_int_equal(bad_loaded, 0);
    free(dom);
    remove(path);
    free(path);
}

static void expect_ini_error(const char *text, const char *options, const char *needle)
{
    char *path = support_temp_file(".ini", text);
    char args[4400];
    snprintf(args, sizeof args, "experiment '%s' %s", path, options);
    support_run r = support_host(args, NULL);
    char full[600];
    snprintf(full, sizeof full, needle[0] == ':' ? "%s%s" : "%.0s%s", path, needle);
    support_assert_error(&r, full);
    assert_string_equal(r.out, "");
    support_run_free(&r);
    remove(path);
    free(path);
}

static void configuration_errors(void **state)
{
    (void)state;
    const char *base = "[experiment]\nkind = loss\ncomponents = 2\ninstances = 1\n"
                       "strategies = hot\nopponent = perfect\n"
                       "[strategy.hot]\nplugin = hotstrat\n[strategy.perfect]\nplugin = solver\n";
    char text[1024];
    snprintf(text, sizeof text, "%s[sum]\nx = 1\n", base);
    expect_ini_error(text, "", ":11: unknown section [sum]");
    expect_ini_error("[experiment]\nkind = loss\ncomponents = 2\nstrategies = hot\n"
                     "[strategy.hot]\nplugin = hotstrat\n", "",
                     ":1: experiment: missing key 'opponent'");
    expect_ini_error("[experiment]\nkind = loss\ncomponents = 2\nstrategies = hot, cold\n"
                     "opponent = perfect\n[strategy.hot]\nplugin = hotstrat\n"
                     "[strategy.perfect]\nplugin = solver\n", "",
                     ":4: experiment: strategies: no section [strategy.cold]");
    expect_ini_error("[experiment]\nkind = loss\ncomponents = 2\nstrategies = ab\n"
                     "opponent = perfect\n[strategy.ab]\nplugin = alphabeta\n"
                     "sweep.depth = 1-3\n[strategy.perfect]\nplugin = solver\n", "",
                     ":8: strategy.ab: sweep.depth: sweeps belong to kind = tradeoff");
    expect_ini_error("[experiment]\nkind = tradeoff\ncomponents = 2\nstrategies = ab\n"
                     "opponent = perfect\n[strategy.ab]\nplugin = alphabeta\n"
                     "sweep.depth = 3-1\n[strategy.perfect]\nplugin = solver\n", "",
                     ":8: strategy.ab: sweep.depth = 3-1: expected values");
    expect_ini_error("[experiment]\nkind = tradeoff\ncomponents = 2-4\nstrategies = ab\n"
                     "opponent = perfect\n[strategy.ab]\nplugin = alphabeta\n"
                     "[strategy.perfect]\nplugin = solver\n", "",
                     ":3: experiment: components = 2-4: kind = tradeoff takes one");
    /* the host assumes no game */
    expect_ini_error("[experiment]\nkind = loss\ncomponents = 2\nstrategies = hot\n"
                     "opponent = perfect\n[strategy.hot]\nplugin = hotstrat\n"
                     "[strategy.perfect]\nplugin = solver\n", "",
                     ":1: experiment: missing key 'generator'");
    expect_ini_error("[experiment]\nkind = loss\ncomponents = 2\nstrategies = hot\n"
                     "opponent = perfect\nlevelz = 2\ngenerator = rcg\n[strategy.hot]\n"
                     "plugin = hotstrat\n"
                     "[strategy.perfect]\nplugin = solver\n", "", ":6: experiment: ");
    expect_ini_error("[experiment]\nkind = loss\ncomponents = 2\nstrategies = hot\n"
                     "opponent = perfect\n[strategy.hot]\nplugin = hotstrat\nmood = plus\n"
                     "[strategy.perfect]\nplugin = solver\n", "",
                     ":8: strategy.hot: unknown key 'mood'");
    expect_ini_error(base, "--svg /tmp/x.svg", "experiment: --svg: only kind = tradeoff");
    expect_ini_error(base, "--components 0", "experiment: --components '0'");
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(loss_cells_are_matches),
        cmocka_unit_test(resume_keeps_finished_cells),
        cmocka_unit_test(tradeoff_table_and_plot),
        cmocka_unit_test(configuration_errors),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
