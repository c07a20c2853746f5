/* sumgame analyze --method exact on rcg trees, against values from the issue and hand
 * computation, its errors, and the thermograph SVG: its text and geometry, its atomic
 * writing, and how headless Chromium renders it (Debian package `chromium`; the test
 * fails, and says so, when it is missing). */
#include "support.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "sumgame/cgt.h"
#include "sumgame/thermograph.h"
#include "host/report/thermograph_svg.h"

/* ---- running analyze ---- */

static support_run analyze(const char *position, const char *options)
{
    char args[1024];
    snprintf(args, sizeof args, "analyze 'rcg:%s' %s", position, options);
    return support_host(args, NULL);
}

static support_run analyze_ok(const char *position, const char *options)
{
    support_run r = analyze(position, options);
    if (r.status != 0)
        fail_msg("analyze '%s' %s failed (%d): %s", position, options, r.status, r.err);
    assert_string_equal(r.err, "");
    return r;
}

/* The raw JSON token after "key": — a string's contents without quotes, or a literal —
 * copied into buf; false when the key is absent. Enough for the flat object analyze
 * prints, whose strings hold no escaped quotes. */
static bool json_field(const char *json, const char *key, char *buf, size_t cap)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "\"%s\":", key);
    const char *p = strstr(json, pattern);
    if (!p)
        return false;
    p += strlen(pattern);
    size_t n;
    if (*p == '"') {
        p++;
        n = strcspn(p, "\"");
    } else {
        n = strcspn(p, ",}");
    }
    assert_true(n < cap);
    memcpy(buf, p, n);
    buf[n] = '\0';
    return true;
}

static void assert_field(const char *json, const char *key, const char *want)
{
    char got[512];
    if (!json_field(json, key, got, sizeof got))
        fail_msg("no key '%s' in %s", key, json);
    if (strcmp(got, want) != 0)
        fail_msg("%s: got '%s', want '%s' in %s", key, got, want, json);
}

/* ---- values ---- */

struct expected {
    const char *position;
    const char *mean, *temperature, *pseudo_left, *pseudo_right; /* NULL: not checked */
    const char *left_stop, *right_stop;
    const char *canonical;
};

static void test_values_from_the_issue(void **state)
{
    (void)state;
    static const struct expected cases[] = {
        /* Müller–Li §2.1: Left's pseudo-temperature is that of 10|0, Right's the game's. */
        { "10|0||0", "0", "0", "5", "0", "0", "0", "{{10|0}|0}" },
        /* Right's scaffold -1 + t meets Left's (0) at t = 1 and leaves the mast above. */
        { "10|0||-1", "0", "1", "5", "1", "0", "-1", "{{10|0}|-1}" },
        { "{3,1|0,-2}", "1/2", "5/2", NULL, NULL, "3", "-2", "{3|-2}" },
        { "114|66||49|0", "229/4", "131/4", NULL, NULL, "66", "49", "{{114|66}|{49|0}}" },
        { "{2|-1}", "1/2", "3/2", "3/2", "3/2", "2", "-1", "{2|-1}" },
        { "{5/2,{4|2} | {0|-4},{-1|-2}}", "1/2", "5/2", NULL, NULL, "5/2", "-1", NULL },
        /* Numbers: 1/2 has temperature -1/2, integers -1; * is infinitesimal, t = 0. */
        { "{0|1}", "1/2", "-1/2", "-1/2", "-1/2", "1/2", "1/2", "1/2" },
        { "3", "3", "-1", "-1", "-1", "3", "3", "3" },
        { "-5/8", "-5/8", "-1/8", NULL, NULL, "-5/8", "-5/8", "-5/8" },
        { "{0|0}", "0", "0", "0", "0", "0", "0", "*" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        const struct expected *c = &cases[i];
        support_run r = analyze_ok(c->position, "--json --canonical");
        assert_field(r.out, "method", "exact");
        assert_field(r.out, "exact", "true");
        assert_field(r.out, "mean", c->mean);
        assert_field(r.out, "temperature", c->temperature);
        if (c->pseudo_left)
            assert_field(r.out, "pseudo_left", c->pseudo_left);
        if (c->pseudo_right)
            assert_field(r.out, "pseudo_right", c->pseudo_right);
        assert_field(r.out, "left_stop", c->left_stop);
        assert_field(r.out, "right_stop", c->right_stop);
        if (c->canonical)
            assert_field(r.out, "canonical", c->canonical);
        support_run_free(&r);
    }
}

static void test_best_moves(void **state)
{
    (void)state;
    /* At t = 5/2 Left's options have right walls 5/2 (the number) and 3 ({4|2}): L2.
     * Right's have left walls -2 ({0|-4}) and -3/2 ({-1|-2}): R1. */
    support_run r = analyze_ok("{5/2,{4|2} | {0|-4},{-1|-2}}", "--json");
    assert_field(r.out, "best_left", "L2");
    assert_field(r.out, "best_right", "R1");
    support_run_free(&r);
    /* 3 dominates 1 for Left, -2 dominates 0 for Right. */
    r = analyze_ok("{3,1|0,-2}", "--json");
    assert_field(r.out, "best_left", "L1");
    assert_field(r.out, "best_right", "R2");
    support_run_free(&r);
    /* An integer: nobody has a move. */
    r = analyze_ok("3", "--json");
    assert_field(r.out, "best_left", "null");
    assert_field(r.out, "best_right", "null");
    support_run_free(&r);
}

static void test_json_keys(void **state)
{
    (void)state;
    support_run r = analyze_ok("{2|-1}", "--json");
    static const char *const keys[] = { "method", "position", "parsed", "mean", "temperature",
                                        "pseudo_left",
                                        "pseudo_right", "left_stop", "right_stop", "exact",
                                        "ko", "best_left", "best_right", "nodes", "seconds" };
    /* One object on one line, every key once, nothing else. */
    assert_true(r.out[0] == '{');
    assert_non_null(strstr(r.out, "}\n"));
    assert_string_equal(strstr(r.out, "}\n"), "}\n");
    /* Keys are the colons outside strings. */
    size_t colons = 0;
    bool in_string = false;
    for (const char *p = r.out; *p; p++) {
        if (*p == '"' && p[-1] != '\\')
            in_string = !in_string;
        colons += *p == ':' && !in_string;
    }
    assert_int_equal(colons, sizeof keys / sizeof keys[0]);
    char buf[64];
    for (size_t i = 0; i < sizeof keys / sizeof keys[0]; i++)
        if (!json_field(r.out, keys[i], buf, sizeof buf))
            fail_msg("missing key '%s' in %s", keys[i], r.out);
    assert_false(json_field(r.out, "canonical", buf, sizeof buf));
    /* the input as given and as the game writes it back */
    assert_field(r.out, "position", "rcg:{2|-1}");
    assert_field(r.out, "parsed", "rcg:2|-1");
    assert_true(json_field(r.out, "nodes", buf, sizeof buf));
    assert_true(strspn(buf, "0123456789") == strlen(buf) && strcmp(buf, "0") != 0);
    support_run_free(&r);
}

static void test_human_output(void **state)
{
    (void)state;
    support_run r = analyze_ok("{3,1|0,-2}", "--canonical");
    assert_non_null(strstr(r.out, "position:                 rcg:{3,1|0,-2}\n"));
    assert_non_null(strstr(r.out, "method:                   exact (exact values)\n"));
    assert_non_null(strstr(r.out, "mean:                     1/2\n"));
    assert_non_null(strstr(r.out, "temperature:              5/2\n"));
    assert_non_null(strstr(r.out, "Left stop:                3\n"));
    assert_non_null(strstr(r.out, "Right stop:               -2\n"));
    assert_non_null(strstr(r.out, "best Left move:           L1\n"));
    assert_non_null(strstr(r.out, "canonical form:           {3|-2}\n"));
    support_run_free(&r);
    r = analyze_ok("3", "--method exact");
    assert_non_null(strstr(r.out, "best Right move:          none\n"));
    assert_null(strstr(r.out, "canonical"));
    support_run_free(&r);
}

/* ---- errors ---- */

static void expect_error(const char *args, int status, const char *needle)
{
    support_run r = support_host(args, NULL);
    if (r.status != status)
        fail_msg("'%s': expected exit %d, got %d (%s)", args, status, r.status, r.err);
    support_assert_error(&r, needle);
    assert_string_equal(r.out, "");
    support_run_free(&r);
}

static void test_bad_input(void **state)
{
    (void)state;
    expect_error("analyze", 2, "analyze: missing GAME:POSITION");
    expect_error("analyze 'rcg:1' 'rcg:2'", 2, "analyze: unexpected argument 'rcg:2'");
    expect_error("analyze 'rcg:{3,1|0,-2'", 1, "analyze: rcg:{3,1|0,-2: ");
    expect_error("analyze 'rcg:{2|-1} + rcg:3' --method mcdual", 2,
                 "analyze: a sum is analysed by --method exact only, not mcdual");
    expect_error("analyze 'rcg:{2|-1} + rcg:3' --method thermograph", 2,
                 "analyze: a sum is analysed by --method exact only, not thermograph");
    expect_error("analyze 'rcg:{2|-1} + rcg:{3|'", 1, "analyze: component 2: rcg:{3|: ");
    expect_error("analyze 'rcg:{2|-1} + '", 1, "analyze: component 2: '' is not GAME:POSITION");
    expect_error("analyze 'nosuchgame:1'", 1, "nosuchgame");
    expect_error("analyze 'rcg:1' --method nope", 2,
                 "analyze: unknown method 'nope' (available: exact, tds, tdsplus, mcdual, "
                 "thermograph)");
    expect_error("analyze 'rcg:1' --method=mcdual --delta 1/2", 2,
                 "analyze: --delta is for method tds or tdsplus, not mcdual");
    expect_error("analyze 'rcg:1' --method tdsplus --enhancements 12,0", 1,
                 "analyze: enhancements '12,0': expected none, all or numbers 1-11");
    expect_error("analyze 'rcg:1' --delta 1/2", 2,
                 "analyze: --delta is for method tds or tdsplus, not exact");
    /* For exact analysis --time is a limit, and a bad one is named. */
    expect_error("analyze 'rcg:1' --time 0", 2, "analyze: --time '0': expected seconds");
    expect_error("analyze 'rcg:1' --depth 3", 2, "analyze: --depth is for method tds or tdsplus");
    expect_error("analyze 'rcg:1' --svg", 2, "analyze: --svg needs a value");
    expect_error("analyze 'rcg:1' --bogus", 2, "analyze: unknown option '--bogus'");
    expect_error("analyze 'rcg:{2|-1}' --svg /nonexistent-sumgame-dir/x.svg", 1,
                 "analyze: cannot write '/nonexistent-sumgame-dir/x.svg': No such file or "
                 "directory");
}

static size_t entries(const char *dir)
{
    DIR *d = opendir(dir);
    assert_non_null(d);
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d));)
        n += strcmp(e->d_name, ".") != 0 && strcmp(e->d_name, "..") != 0;
    closedir(d);
    return n;
}

static char *slurp_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        fail_msg("cannot open %s", path);
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)len + 1);
    assert_int_equal(fread(buf, 1, (size_t)len, f), (size_t)len);
    buf[len] = '\0';
    fclose(f);
    return buf;
}

/* The file appears whole or not at all: a failed write leaves no temporary file, and an
 * older file is replaced only by a complete new one. */
static void test_svg_written_atomically(void **state)
{
    (void)state;
    char dir[] = "/tmp/sumgame-analyze-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char path[256], args[512];

    /* The target is a directory: the rename fails after the temporary file is written. */
    snprintf(path, sizeof path, "%s/taken.svg", dir);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(args, sizeof args, "analyze 'rcg:{2|-1}' --svg %s", path);
    expect_error(args, 1, "analyze: cannot write '");
    assert_int_equal(entries(dir), 1);
    assert_int_equal(entries(path), 0);
    rmdir(path);

    snprintf(path, sizeof path, "%s/g.svg", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs("old contents\n", f);
    fclose(f);
    snprintf(args, sizeof args, "analyze 'rcg:{2|-1}' --svg %s", path);
    support_run r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    char *line = strstr(r.out, "thermograph:");
    assert_non_null(line);
    assert_non_null(strstr(line, path));
    support_run_free(&r);
    char *svg = slurp_file(path);
    assert_true(strncmp(svg, "<?xml", 5) == 0);
    assert_non_null(strstr(svg, "</svg>\n"));
    assert_string_equal(strstr(svg, "</svg>\n"), "</svg>\n");
    free(svg);
    assert_int_equal(entries(dir), 1);
    unlink(path);
    rmdir(dir);
}

/* ---- the SVG text, from the library ---- */

struct point {
    double x, y;
};

/* The first and last points of the polyline of class cls. */
static void polyline_ends(const char *svg, const char *cls, struct point *first,
                          struct point *last)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "class=\"%s\"", cls);
    const char *p = strstr(svg, pattern);
    assert_non_null(p);
    p = strstr(p, "points=\"");
    assert_non_null(p);
    p += strlen("points=\"");
    const char *end = strchr(p, '"');
    assert_non_null(end);
    int used = 0;
    assert_int_equal(sscanf(p, "%lf,%lf%n", &first->x, &first->y, &used), 2);
    *last = *first;
    for (p += used; p < end;) {
        struct point q;
        if (sscanf(p, " %lf,%lf%n", &q.x, &q.y, &used) != 2)
            break;
        *last = q;
        p += used;
    }
}

static double attribute(const char *svg, const char *cls, const char *name)
{
    char pattern[64];
    snprintf(pattern, sizeof pattern, "class=\"%s\"", cls);
    const char *p = strstr(svg, pattern);
    assert_non_null(p);
    snprintf(pattern, sizeof pattern, " %s=\"", name);
    p = strstr(p, pattern);
    assert_non_null(p);
    return strtod(p + strlen(pattern), NULL);
}

static void test_svg_text_and_geometry(void **state)
{
    (void)state;
    sg_cgt *t = sg_cgt_new();
    sg_thermo_cache *cache = sg_thermo_cache_new(t);
    assert_non_null(cache);
    sg_cg two = sg_cgt_number(t, sg_value_int(2)), minus_one = sg_cgt_number(t, sg_value_int(-1));
    sg_cg g;
    assert_int_equal(sg_cgt_make(t, &two, 1, &minus_one, 1, &g), SG_OK);
    const sg_thermograph *th = sg_thermograph_of(cache, g);
    assert_non_null(th);

    char *svg;
    size_t len;
    assert_int_equal(sg_thermograph_svg(th, "rcg:{2|-1} & <x>", &svg, &len), SG_OK);
    assert_int_equal(strlen(svg), len);
    assert_non_null(strstr(svg, "<svg xmlns=\"http://www.w3.org/2000/svg\""));
    assert_non_null(strstr(svg, "<title>Thermograph of rcg:{2|-1} &amp; &lt;x&gt;</title>"));
    assert_non_null(strstr(svg, ">temperature = 3/2</text>"));
    assert_non_null(strstr(svg, ">mean = 1/2</text>"));
    assert_non_null(strstr(svg, ">value (larger values to the left)</text>"));
    assert_non_null(strstr(svg, ">temperature t</text>"));
    /* Tick labels are exact values: the walls span -2 .. 3 at t = -1. */
    assert_non_null(strstr(svg, ">-2</text>"));
    assert_non_null(strstr(svg, ">3</text>"));

    /* {2|-1}: the left wall runs from 3 at t = -1 to the mean 1/2 at t = 3/2, the right
     * wall from -2 to 1/2; both meet the mast. Larger values are drawn further left, and
     * a unit is as long across as up, so the walls rise at 45 degrees. */
    struct point l0, l1, r0, r1;
    polyline_ends(svg, "left-wall", &l0, &l1);
    polyline_ends(svg, "right-wall", &r0, &r1);
    assert_true(l0.x < l1.x);
    assert_true(r0.x > r1.x);
    assert_true(l0.x < r0.x);
    assert_float_equal(l0.y, r0.y, 0.011);
    assert_float_equal(l1.x, r1.x, 0.011);
    assert_float_equal(l1.y, r1.y, 0.011);
    assert_true(l1.y < l0.y); /* upward */
    assert_float_equal(l1.x - l0.x, l0.y - l1.y, 0.03);
    assert_float_equal(r0.x - r1.x, r0.y - r1.y, 0.03);
    /* Left wall 3 - (1/2) = 5/2 units across, and the right wall the same. */
    assert_float_equal(l1.x - l0.x, r0.x - r1.x, 0.03);
    assert_float_equal(attribute(svg, "mast", "x1"), l1.x, 0.011);
    assert_float_equal(attribute(svg, "mast", "y1"), l1.y, 0.011);
    assert_true(attribute(svg, "mast", "y2") < l1.y);

    FILE *f = tmpfile();
    assert_non_null(f);
    assert_int_equal(sg_thermograph_svg_write(th, NULL, f), SG_OK);
    assert_int_equal(ftell(f), (long)len - (long)strlen(" of rcg:{2|-1} &amp; &lt;x&gt;") * 2);
    fclose(f);
    free(svg);

    char err[256];
    assert_int_equal(sg_thermograph_svg_save(th, "x", "/nonexistent-sumgame-dir/a.svg", err,
                                             sizeof err),
                     SG_ERR_INVALID);
    assert_string_equal(err, "cannot write '/nonexistent-sumgame-dir/a.svg': No such file or "
                             "directory");
    sg_thermo_cache_free(cache);
    sg_cgt_free(t);
}

/* ---- rendering in headless Chromium ---- */

static void test_svg_renders_in_chromium(void **state)
{
    (void)state;
    char dir[] = "/tmp/sumgame-svg-XXXXXX";
    assert_non_null(mkdtemp(dir));
    char svg_path[256], args[512];
    snprintf(svg_path, sizeof svg_path, "%s/g.svg", dir);
    snprintf(args, sizeof args, "analyze 'rcg:{5/2,{4|2} | {0|-4},{-1|-2}}' --svg %s",
             svg_path);
    support_run r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    support_run_free(&r);
    char *svg = slurp_file(svg_path);
    char *dom = support_chromium_svg_probe(svg);
    free(svg);
    char rm[300];
    snprintf(rm, sizeof rm, "rm -rf '%s'", dir);
    assert_int_equal(system(rm), 0);

    support_svg_probe pr = support_svg_probe_read(dom);
    /* The whole SVG decodes at its declared width and draws both walls in colour, Left's
     * to the left of Right's; the truncated one is refused. */
    assert_int_equal(pr.loaded, 1);
    assert_int_equal(pr.width, 800);
    assert_true(pr.dark > 3000);
    assert_true(pr.blue > 300);
    assert_true(pr.red > 300);
    assert_true(pr.blue_x < pr.red_x);
    assert_int_equal(pr.bad_loaded, 0);
    free(dom);
}

/* --cool, --heat and --atomic-weight: the published values of test_cool, through the
 * command line, for a component and for a whole sum, in JSON and in text. */
static void test_cool_heat_atomic_weight(void **state)
{
    (void)state;
    /* Sensei's Library, "Cooling / Examples": {4 | 0} cooled by 1 is {3 | 1}, by 2 is 2*. */
    support_run r = analyze_ok("{4|0}", "--json --cool 1 --heat 1 --atomic-weight");
    assert_field(r.out, "cool_by", "1");
    assert_field(r.out, "cooled", "{3|1}");
    assert_field(r.out, "heat_by", "1");
    assert_field(r.out, "heated", "{5|-1}");
    /* a switch is not atomic: the key is there, null */
    assert_non_null(strstr(r.out, "\"atomic_weight\":null"));
    support_run_free(&r);
    r = analyze_ok("{4|0}", "--cool 2");
    assert_non_null(strstr(r.out, "cooled by 2:              2*\n"));
    support_run_free(&r);
    /* Winning Ways ch. 8: aw(↑) = 1; ∫^1 ↑ = {1 || 0 | -2} (Wikipedia, "Cooling and
     * heating (combinatorial game theory)"). rcg's {0|{0|0}} is ↑. */
    r = analyze_ok("{0|{0|0}}", "--atomic-weight --heat 1");
    assert_non_null(strstr(r.out, "atomic weight:            1\n"));
    assert_non_null(strstr(r.out, "heated by 1:              {1|{0|-2}}\n"));
    support_run_free(&r);
    /* a sum: ↑ + ↑ + * = ⇑*, of atomic weight 2 (Winning Ways ch. 8) */
    r = support_host("analyze 'rcg:{0|{0|0}} + rcg:{0|{0|0}} + rcg:{0|0}' --json --atomic-weight",
                     NULL);
    assert_int_equal(r.status, 0);
    assert_field(r.out, "atomic_weight", "2");
    support_run_free(&r);
    r = analyze("{4|0}", "--cool -1/2");
    assert_int_equal(r.status, 2);
    support_assert_error(&r, "--cool takes a temperature >= 0");
    support_run_free(&r);
    r = analyze("{4|0}", "--heat x");
    assert_int_equal(r.status, 2);
    support_assert_error(&r, "--heat takes a dyadic number");
    support_run_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_values_from_the_issue),
        cmocka_unit_test(test_best_moves),
        cmocka_unit_test(test_json_keys),
        cmocka_unit_test(test_human_output),
        cmocka_unit_test(test_bad_input),
        cmocka_unit_test(test_cool_heat_atomic_weight),
        cmocka_unit_test(test_svg_written_atomically),
        cmocka_unit_test(test_svg_text_and_geometry),
        cmocka_unit_test(test_svg_renders_in_chromium),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
