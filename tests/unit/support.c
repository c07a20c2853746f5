#include "support.h"

#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sumgame/tds.h"
#include "host/match/match_log.h"
#include "host/report/decimal.h"

#ifndef SG_BUILD_DIR
#define SG_BUILD_DIR "build"
#endif

const char *support_build_dir(void)
{
    const char *b = getenv("SUMGAME_BUILD");
    return b && *b ? b : SG_BUILD_DIR;
}

static char *slurp(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return strdup("");
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while ((got = fread(buf + n, 1, cap - n - 1, f)) > 0) {
        n += got;
        if (cap - n < 2) {
            cap *= 2;
            buf = realloc(buf, cap);
        }
    }
    buf[n] = '\0';
    fclose(f);
    return buf;
}

char *support_read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    fclose(f);
    return slurp(path);
}

void support_assert_contains(const char *haystack, const char *needle)
{
    if (!strstr(haystack, needle))
        fail_msg("'%s' not found in: %s", needle, haystack);
}

void support_json_string(const char *from, const char *key, char *buf, size_t cap)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":\"", key);
    const char *p = strstr(from, pattern);
    if (!p)
        fail_msg("no \"%s\" in %s", key, from);
    p += strlen(pattern);
    size_t n = strcspn(p, "\"");
    assert_true(n < cap);
    memcpy(buf, p, n);
    buf[n] = '\0';
}

char *support_temp_file(const char *suffix, const char *text)
{
    char tmpl[] = "/tmp/sumgame-test-XXXXXX";
    int fd = mkstemp(tmpl);
    assert_true(fd >= 0);
    close(fd);
    unlink(tmpl);
    size_t len = strlen(tmpl) + strlen(suffix) + 1;
    char *path = malloc(len);
    snprintf(path, len, "%s%s", tmpl, suffix);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
    return path;
}

support_run support_host(const char *args, const char *stdin_text)
{
    return support_host_within(0, args, stdin_text);
}

support_run support_host_within(unsigned seconds, const char *args, const char *stdin_text)
{
    char out_path[] = "/tmp/sumgame-out-XXXXXX", err_path[] = "/tmp/sumgame-err-XXXXXX";
    int fo = mkstemp(out_path), fe = mkstemp(err_path);
    assert_true(fo >= 0 && fe >= 0);
    close(fo);
    close(fe);
    char *in_path = stdin_text ? support_temp_file(".in", stdin_text) : NULL;
    size_t len = strlen(args) + 1024;
    char *cmd = malloc(len);
    char limit[32] = "";
    if (seconds)
        snprintf(limit, sizeof limit, "timeout %u ", seconds);
    snprintf(cmd, len, "%senv -u SUMGAME_PLUGIN_PATH '%s/sumgame' %s <%s >%s 2>%s", limit,
             support_build_dir(), args, in_path ? in_path : "/dev/null", out_path, err_path);
    int raw = system(cmd);
    support_run r;
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : 128 + (WIFSIGNALED(raw) ? WTERMSIG(raw) : 0);
    r.out = slurp(out_path);
    r.err = slurp(err_path);
    unlink(out_path);
    unlink(err_path);
    if (in_path) {
        unlink(in_path);
        free(in_path);
    }
    free(cmd);
    return r;
}

void support_run_free(support_run *r)
{
    free(r->out);
    free(r->err);
    r->out = r->err = NULL;
}

void support_assert_error(const support_run *r, const char *needle)
{
    if (r->status != 1 && r->status != 2)
        fail_msg("expected exit 1 or 2, got %d; stderr: %s", r->status, r->err);
    if (strncmp(r->err, "sumgame: ", 9) != 0)
        fail_msg("stderr does not start with 'sumgame: ': %s", r->err);
    const char *nl = strchr(r->err, '\n');
    if (!nl || nl[1] != '\0')
        fail_msg("expected exactly one stderr line, got: %s", r->err);
    if (!strstr(r->err, needle))
        fail_msg("stderr lacks '%s': %s", needle, r->err);
}

static void open_game_file(support_game *g, const char *path, const char *name,
                           const sg_params *params)
{
    char err[512];
    if (sg_plugin_open_file(path, SG_PLUGIN_GAME, &g->plugin, err, sizeof err) != SG_OK)
        fail_msg("%s", err);
    void *inst = NULL;
    sg_params empty = { "test", name, NULL, 0 };
    if (g->plugin.desc.game->create(sg_default_host(), params ? params : &empty, &inst, err,
                                    sizeof err) != SG_OK)
        fail_msg("%s", err);
    sg_game_init(&g->game, g->plugin.desc.game, inst);
}

void support_game_open(support_game *g, const char *name, const sg_params *params)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/games/%s.so", support_build_dir(), name);
    open_game_file(g, path, name, params);
}

void support_test_game_open(support_game *g, const char *name)
{
    char path[4096];
    snprintf(path, sizeof path, "%s/tests/plugins/%s.so", support_build_dir(), name);
    open_game_file(g, path, name, NULL);
}

void support_game_close(support_game *g)
{
    /* A failed open has already failed the test; its teardown still comes here. */
    if (!g->game.desc)
        return;
    g->game.desc->destroy(g->game.instance);
    sg_plugin_close(&g->plugin);
}

void support_random_tree(sg_rng *rng, int depth, const char *const *leaves, size_t nleaves,
                         bool empty_sides, char *buf, size_t cap)
{
    if (depth == 0 || sg_rng_below(rng, 4) == 0) {
        strncat(buf, leaves[sg_rng_below(rng, nleaves)], cap - strlen(buf) - 1);
        return;
    }
    strncat(buf, "{", cap - strlen(buf) - 1);
    for (int side = 0; side < 2; side++) {
        int n = empty_sides ? (int)sg_rng_below(rng, 3) + (sg_rng_below(rng, 8) ? 1 : 0)
                            : 1 + (int)sg_rng_below(rng, 3);
        for (int i = 0; i < n; i++) {
            if (i)
                strncat(buf, ",", cap - strlen(buf) - 1);
            support_random_tree(rng, depth - 1, leaves, nleaves, empty_sides, buf, cap);
        }
        if (side == 0)
            strncat(buf, "|", cap - strlen(buf) - 1);
    }
    strncat(buf, "}", cap - strlen(buf) - 1);
}

sg_value support_value(const char *text)
{
    sg_value v;
    char err[128];
    if (sg_value_parse(text, &v, err, sizeof err) != SG_OK)
        fail_msg("bad value %s: %s", text, err);
    return v;
}

struct sg_tds *support_tds_new(void)
{
    char err[256];
    sg_tds *tds = sg_tds_new(0, err, sizeof err);
    if (!tds)
        fail_msg("%s", err);
    sg_tds_set_enhancements(tds, SUPPORT_TDS_ENHANCEMENTS);
    return tds;
}

support_pos support_parse(const sg_game *game, const char *text)
{
    support_pos p;
    memset(&p, 0xaa, sizeof p); /* garbage, so that unwritten bytes show */
    char err[256] = "";
    if (game->desc->parse(game->instance, text, p.b, err, sizeof err) != SG_OK)
        fail_msg("parse '%s': %s", text, err);
    return p;
}

const char *support_format(const sg_game *game, const support_pos *pos)
{
    static char buf[4096];
    assert_int_equal(game->desc->format(game->instance, pos->b, buf, sizeof buf), SG_OK);
    return buf;
}

bool support_same(const sg_game *game, const support_pos *a, const support_pos *b)
{
    return memcmp(a->b, b->b, game->desc->pos_size) == 0;
}

sg_value support_self_play(const sg_strategy_desc *d, void *inst, const sg_sum *start,
                           sg_player first, const sg_budget *budget)
{
    sg_sum *a = sg_sum_new(SG_FREEZE_INTEGERS), *b = sg_sum_new(SG_FREEZE_INTEGERS);
    assert_non_null(a);
    assert_non_null(b);
    assert_int_equal(sg_sum_copy(a, start), SG_OK);
    sg_player who = first;
    char err[512];
    while (!sg_sum_is_over(a)) {
        sg_sum_move mv;
        if (d->choose(inst, a, who, budget, &mv, err, sizeof err) != SG_OK)
            fail_msg("choose: %s", err);
        if (sg_sum_play(a, who, mv, b, err, sizeof err) != SG_OK)
            fail_msg("illegal move: %s", err);
        sg_sum *t = a;
        a = b;
        b = t;
        who = sg_opponent(who);
    }
    sg_value v = sg_sum_frozen(a);
    sg_sum_free(a);
    sg_sum_free(b);
    return v;
}

char *support_find_chromium(void)
{
    const char *given = getenv("SUMGAME_CHROMIUM");
    if (given && *given)
        return strdup(given);
    const char *path = getenv("PATH");
    char *copy = strdup(path ? path : "/usr/bin:/bin");
    char *found = NULL;
    for (char *dir = strtok(copy, ":"); dir && !found; dir = strtok(NULL, ":")) {
        static const char *const names[] = { "chromium", "chromium-browser" };
        for (size_t i = 0; i < 2 && !found; i++) {
            char candidate[4096];
            snprintf(candidate, sizeof candidate, "%s/%s", dir, names[i]);
            if (access(candidate, X_OK) == 0)
                found = strdup(candidate);
        }
    }
    free(copy);
    return found;
}

char *support_base64(const char *data, size_t len)
{
    static const char alphabet[] =
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    char *out = malloc((len + 2) / 3 * 4 + 1), *o = out;
    for (size_t i = 0; i < len; i += 3) {
        unsigned v = (unsigned char)data[i] << 16;
        if (i + 1 < len)
            v |= (unsigned char)data[i + 1] << 8;
        if (i + 2 < len)
            v |= (unsigned char)data[i + 2];
        *o++ = alphabet[(v >> 18) & 63];
        *o++ = alphabet[(v >> 12) & 63];
        *o++ = i + 1 < len ? alphabet[(v >> 6) & 63] : '=';
        *o++ = i + 2 < len ? alphabet[v & 63] : '=';
    }
    *o = '\0';
    return out;
}

static int empty_squares(const char *pos)
{
    int n = 0;
    for (; *pos; pos++)
        n += *pos == '.';
    return n;
}

support_known *support_read_known(const char *path, size_t stride, int max_empty,
                                  size_t *count)
{
    FILE *f = fopen(path, "r");
    if (!f)
        fail_msg("cannot open %s (run the tests from the repository root)", path);
    support_known *out = NULL;
    size_t len = 0, cap = 0, seen = 0;
    int lineno = 0;
    char line[256], pos[64], mean[32], temp[32], err[128];
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        if (sscanf(line, "%63s %31s %31s", pos, mean, temp) != 3 || strlen(pos) >= 32)
            fail_msg("%s:%d: expected POSITION MEAN TEMPERATURE", path, lineno);
        if (seen++ % stride || empty_squares(pos) > max_empty)
            continue;
        if (len == cap) {
            cap = cap ? 2 * cap : 256;
            out = realloc(out, cap * sizeof *out);
            assert_non_null(out);
        }
        support_known *k = &out[len++];
        strcpy(k->position, pos);
        k->empty = empty_squares(pos);
        if (sg_value_parse(mean, &k->mean, err, sizeof err) != SG_OK ||
            sg_value_parse(temp, &k->temperature, err, sizeof err) != SG_OK)
            fail_msg("%s:%d: %s", path, lineno, err);
    }
    fclose(f);
    *count = len;
    return out;
}

/* ---- SVG rendering in headless Chromium ---- */

/* The page loads the SVG twice as an image, whole and cut short, and reports for each
 * whether it decoded and, drawn on a canvas, how many dark, blue (Left wall) and red
 * (Right wall) and purple (inclined mast) pixels it has and where they lie. Data URLs keep the canvas readable. */
static const char probe_script[] =
    "<script>\n"
    "function probe(img) {\n"
    "  if (!img.complete || img.naturalWidth === 0) return 'loaded=0';\n"
    "  var c = document.createElement('canvas');\n"
    "  c.width = img.naturalWidth; c.height = img.naturalHeight;\n"
    "  var g = c.getContext('2d'); g.drawImage(img, 0, 0);\n"
    "  var d = g.getImageData(0, 0, c.width, c.height).data;\n"
    "  var dark = 0, blue = 0, red = 0, purple = 0, bx = 0, rx = 0;\n"
    "  for (var i = 0; i < d.length; i += 4) {\n"
    "    var r = d[i], gr = d[i + 1], b = d[i + 2], x = (i / 4) % c.width;\n"
    "    if (r + gr + b < 600) dark++;\n"
    "    if (b > 150 && r < 80 && gr < 130) { blue++; bx += x; }\n"
    "    if (r > 150 && gr < 90 && b < 90) { red++; rx += x; }\n"
    "    if (r > 110 && r < 180 && gr < 100 && b > 150) purple++;\n"
    "  }\n"
    "  return 'loaded=1 width=' + c.width + ' dark=' + dark + ' blue=' + blue + ' red=' + red\n"
    "    + ' purple=' + purple\n"
    "    + ' blue_x=' + (blue ? Math.round(bx / blue) : -1)\n"
    "    + ' red_x=' + (red ? Math.round(rx / red) : -1);\n"
    "}\n"
    "window.addEventListener('load', function () {\n"
    "  document.getElementById('result').textContent = 'good: '\n"
    "    + probe(document.getElementById('good')) + ' bad: '\n"
    "    + probe(document.getElementById('bad')) + ' end';\n"
    "});\n"
    "</script>\n";

char *support_chromium_svg_probe(const char *svg)
{
    return support_chromium_render(svg, probe_script);
}

char *support_chromium_render(const char *svg, const char *script)
{
    char *chromium = support_find_chromium();
    if (!chromium)
        fail_msg("chromium not found: the SVG check needs Debian's 'chromium' package "
                 "(apt-get install chromium), or SUMGAME_CHROMIUM=/path/to/chromium");
    char dir[] = "/tmp/sumgame-chromium-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char page_path[256];
    snprintf(page_path, sizeof page_path, "%s/page.html", dir);
    size_t len = strlen(svg);
    char *good = support_base64(svg, len), *bad = support_base64(svg, len / 2);
    FILE *f = fopen(page_path, "w");
    assert_non_null(f);
    fprintf(f, "<!DOCTYPE html>\n<html><body><pre id=\"result\">pending</pre>\n"
               "<img id=\"good\" src=\"data:image/svg+xml;base64,%s\">\n"
               "<img id=\"bad\" src=\"data:image/svg+xml;base64,%s\">\n%s</body></html>\n",
            good, bad, script);
    fclose(f);
    free(good);
    free(bad);
    size_t cap = strlen(chromium) + 1024;
    char *cmd = malloc(cap);
    assert_non_null(cmd);
    snprintf(cmd, cap,
             "timeout 60 '%s' --headless --no-sandbox --disable-gpu --disable-quic "
             "--no-first-run --disable-background-networking --disable-component-update "
             "--disable-sync --user-data-dir=%s/profile --dump-dom file://%s 2>/dev/null",
             chromium, dir, page_path);
    FILE *p = popen(cmd, "r");
    assert_non_null(p);
    size_t dcap = 1 << 16;
    char *dom = malloc(dcap);
    assert_non_null(dom);
    size_t got = fread(dom, 1, dcap - 1, p);
    dom[got] = '\0';
    pclose(p);
    free(cmd);
    free(chromium);
    char rm[300];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    assert_int_equal(system(rm), 0);
    return dom;
}

support_svg_probe support_svg_probe_read(const char *dom)
{
    support_svg_probe p = { 0, 0, -1, 0, 0, 0, 0, 0, 0 };
    const char *res = strstr(dom, "<pre id=\"result\">");
    if (!res || sscanf(res, "<pre id=\"result\">good: loaded=%d width=%d dark=%ld blue=%ld "
                            "red=%ld purple=%ld blue_x=%ld red_x=%ld bad: loaded=%d end",
                       &p.loaded, &p.width, &p.dark, &p.blue, &p.red, &p.purple, &p.blue_x,
                       &p.red_x, &p.bad_loaded) != 9)
        fail_msg("chromium did not report the rendering: %.300s", res ? res : dom);
    return p;
}

int support_match(const char *config, const match_overrides *ov, const match_run_opts *opts,
                  match_plan *plan, match_result *res, char *err, size_t errlen)
{
    static const match_overrides none;
    static const match_run_opts one_job = { .jobs = 1 };
    memset(plan, 0, sizeof *plan);
    memset(res, 0, sizeof *res);
    if (!opts)
        opts = &one_job;
    int rc = match_out_check(opts->out, opts->resume, err, errlen);
    if (rc != SG_OK)
        return rc;
    /* The plugins the binary would find: those beside it, BUILD/games and strategies. */
    match_overrides o = ov ? *ov : none;
    if (!o.plugin_path)
        o.plugin_path = support_build_dir();
    rc = match_plan_load(plan, config, &o, err, errlen);
    if (rc != SG_OK)
        return rc;
    plan->print = match_fingerprint(plan);
    return match_run_games(plan, opts, res, err, errlen);
}

void support_match_ok(const char *config, const match_overrides *ov,
                      const match_run_opts *opts, match_result *res)
{
    match_plan plan;
    char err[4096];
    int rc = support_match(config, ov, opts, &plan, res, err, sizeof err);
    match_plan_free(&plan);
    if (rc != SG_OK)
        fail_msg("match %s: %s", config, err);
}

char *support_match_records(const char *config_text)
{
    char *ini = support_temp_file(".ini", config_text);
    char *out = support_temp_file(".jsonl", "");
    remove(out);
    match_run_opts opts = { .jobs = 1, .out = out };
    match_result r;
    support_match_ok(ini, NULL, &opts, &r);
    match_result_free(&r);
    char *text = support_read_file(out);
    remove(ini);
    remove(out);
    free(ini);
    free(out);
    return text;
}

void support_tally_stats(const match_tally *t, char *mean, char *sd, size_t cap)
{
    double stddev = t->scored > 1 ? sqrt(t->m2 / (double)(t->scored - 1)) : 0.0;
    sg_decimal_format(t->mean, 2, mean, cap);
    sg_decimal_format(stddev, 2, sd, cap);
}

char *support_match_summary(const match_plan *plan, const match_result *res, bool json)
{
    char path[] = "/tmp/sumgame-summary-XXXXXX";
    int fd = mkstemp(path);
    assert_true(fd >= 0);
    fflush(stdout);
    int saved = dup(STDOUT_FILENO);
    assert_true(saved >= 0);
    dup2(fd, STDOUT_FILENO);
    close(fd);
    match_tally_summary(plan, &res->tally, res->seconds, json);
    fflush(stdout);
    dup2(saved, STDOUT_FILENO);
    close(saved);
    char *text = slurp(path);
    unlink(path);
    return text;
}
