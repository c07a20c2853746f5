#include "host/commands/analyze_gthermo.h"

#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/cli/cli.h"
#include "host/cli/limits_opt.h"
#include "sumgame/gthermo.h"
#include "host/report/gthermo_svg.h"
#include "host/cli/json.h"

#define MAX_PARAMS 16

/* "k=v,k=v" into items pointing into text (modified in place). */
static int split_params(char *text, sg_param *items, size_t *count)
{
    *count = 0;
    for (char *save = NULL, *tok = strtok_r(text, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save)) {
        char *eq = strchr(tok, '=');
        if (!eq || eq == tok || *count == MAX_PARAMS)
            return cli_usage("analyze: --params takes KEY=VALUE[,KEY=VALUE...] (at most %d), "
                             "not '%.80s'",
                             MAX_PARAMS, tok);
        *eq = '\0';
        items[(*count)++] = (sg_param){ tok, eq + 1, 0 };
    }
    return 0;
}

static void put_ratio(sg_ratio r)
{
    char buf[SG_RATIO_TEXT_MAX];
    sg_ratio_format(r, buf, sizeof buf);
    printf("%s", buf);
}

/* Exact rationals are strings in JSON, as every exact value the host writes. */
static void json_ratio(json_out *o, const char *key, sg_ratio r)
{
    char buf[SG_RATIO_TEXT_MAX];
    sg_ratio_format(r, buf, sizeof buf);
    json_out_string(o, key, buf);
}

static void json_value(json_out *o, const char *key, sg_value v)
{
    char buf[SG_VALUE_TEXT_MAX];
    sg_value_format(v, buf, sizeof buf);
    json_out_string(o, key, buf);
}

static void json_wall(json_out *o, const char *key, const sg_rwall *w)
{
    json_out_array(o, key);
    for (size_t i = 0; i < w->n; i++) {
        json_out_object(o, NULL);
        json_ratio(o, "t", w->t[i]);
        json_ratio(o, "x", w->x[i]);
        json_out_int(o, "slope", w->slope[i]);
        json_out_end(o);
    }
    json_out_end(o);
}

static void put_wall_text(const char *label, const sg_rwall *w)
{
    printf("  %-24s", label);
    for (size_t i = 0; i < w->n; i++) {
        printf("%s", i ? ", " : "");
        printf("from t = ");
        put_ratio(w->t[i]);
        printf(" at ");
        put_ratio(w->x[i]);
        printf(w->slope[i] ? " slope %+d" : " vertical", w->slope[i]);
    }
    printf("\n");
}

/* The environment check of one komaster's walls (--check). */
typedef struct env_check {
    bool done;
    sg_value delta, t_hi, at;
    sg_ratio worst;
} env_check;

static void print_json(const gthermo_request *req, const sg_gthermograph *th, size_t n,
                       const env_check *chk, const char *klass, double seconds)
{
    json_out o;
    json_out_init(&o, stdout);
    json_out_object(&o, NULL);
    json_out_string(&o, "method", "thermograph");
    json_out_string(&o, "position", req->position);
    bool same = n > 0;
    for (size_t i = 1; i < n; i++)
        same = same && sg_ratio_eq(th[i].mast, th[0].mast) &&
               sg_ratio_eq(th[i].temperature, th[0].temperature);
    if (same) {
        json_ratio(&o, "mean", th[0].mast);
        json_ratio(&o, "temperature", th[0].temperature);
    } else {
        json_out_null(&o, "mean");
        json_out_null(&o, "temperature");
    }
    json_out_bool(&o, "exact", true);
    json_out_bool(&o, "loopy", th[0].loopy);
    json_out_string(&o, "class", klass);
    json_out_string(&o, "komaster_rule", req->komaster_rule ? req->komaster_rule : "berlekamp");
    json_out_array(&o, "komasters");
    for (size_t i = 0; i < n; i++) {
        json_out_object(&o, NULL);
        json_out_string(&o, "komaster", sg_komaster_name(th[i].komaster));
        json_ratio(&o, "mean", th[i].mast);
        json_ratio(&o, "temperature", th[i].temperature);
        json_ratio(&o, "left_stop", th[i].left_stop);
        json_ratio(&o, "right_stop", th[i].right_stop);
        json_out_bool(&o, "inclined", th[i].inclined);
        json_wall(&o, "left_wall", &th[i].left_wall);
        json_wall(&o, "right_wall", &th[i].right_wall);
        json_out_uint(&o, "ended_by_superko", th[i].ended);
        json_out_uint(&o, "komaster_won", th[i].komaster_won);
        if (chk[i].done) {
            json_out_object(&o, "environment");
            json_value(&o, "delta", chk[i].delta);
            json_value(&o, "t_max", chk[i].t_hi);
            json_ratio(&o, "worst", chk[i].worst);
            json_value(&o, "at", chk[i].at);
            json_out_end(&o);
        }
        json_out_end(&o);
    }
    json_out_end(&o);
    json_out_uint(&o, "positions", th[0].positions);
    json_out_uint(&o, "cycles_pruned", th[0].pruned);
    json_out_fixed(&o, "seconds", seconds, 3);
    json_out_end(&o);
    fputc('\n', stdout);
}

static void print_human(const gthermo_request *req, const sg_gthermograph *th, size_t n,
                        const env_check *chk, const char *klass, double seconds)
{
    printf("%-26s%s\n", "position:", req->position);
    printf("%-26s%s\n", "method:", "thermograph (generalized thermography, exact)");
    if (klass)
        printf("%-26s%s\n", "ko:", klass);
    else if (!th[0].loopy)
        printf("%-26s%s\n", "ko:", "none (a short game: the komaster does not matter)");
    printf("%-26s%s\n", "komaster rule:",
           req->komaster_rule && strcmp(req->komaster_rule, "komonster") == 0
               ? "komonster (the komaster may wait after taking a ko)"
               : "berlekamp (a komaster who takes a ko keeps going until it is resolved)");
    for (size_t i = 0; i < n; i++) {
        printf("komaster %s:\n", sg_komaster_name(th[i].komaster));
        printf("  %-24s", "mean (mast):");
        put_ratio(th[i].mast);
        printf("\n  %-24s", "temperature:");
        put_ratio(th[i].temperature);
        printf("\n  %-24s", "stops (left, right):");
        put_ratio(th[i].left_stop);
        printf(", ");
        put_ratio(th[i].right_stop);
        printf("\n");
        if (th[i].inclined)
            printf("  %-24s%s\n", "mast:", "inclined below the temperature");
        put_wall_text("left wall:", &th[i].left_wall);
        put_wall_text("right wall:", &th[i].right_wall);
        if (chk[i].done) {
            char d[SG_VALUE_TEXT_MAX], hi[SG_VALUE_TEXT_MAX], at[SG_VALUE_TEXT_MAX];
            sg_value_format(chk[i].delta, d, sizeof d);
            sg_value_format(chk[i].t_hi, hi, sizeof hi);
            sg_value_format(chk[i].at, at, sizeof at);
            printf("  %-24splay against C(t, %s), t = 1/4 .. %s: walls within ", "environment:",
                   d, hi);
            put_ratio(chk[i].worst);
            printf(" (largest at t = %s)\n", at);
        }
        if (th[i].ended)
            printf("  %-24s%zu (nobody has a move once superko cycles are cut: both pass)\n",
                   "ended by superko:", th[i].ended);
        if (th[i].komaster_won)
            printf("  %-24s%zu walls at t = 0 (play round a cycle for ever, the komaster's "
                   "win)\n", "cycles at t = 0:", th[i].komaster_won);
    }
    printf("%-26s%zu\n", "positions:", th[0].positions);
    if (th[0].pruned)
        printf("%-26s%zu (moves that close a cycle no ko ban stops, removed)\n",
               "superko cycles cut:", th[0].pruned);
    printf("%-26s%.3f\n", "seconds:", seconds);
    if (req->svg_path)
        printf("%-26s%s\n", "svg:", req->svg_path);
}

int analyze_gthermo(catalog *cat, const gthermo_request *req, sg_meter *meter)
{
    sg_komaster which[2];
    size_t n = 0;
    const char *k = req->komaster ? req->komaster : "both";
    if (strcmp(k, "both") == 0) {
        which[n++] = SG_KOMASTER_LEFT;
        which[n++] = SG_KOMASTER_RIGHT;
    } else if (sg_komaster_parse(k, &which[0]) == SG_OK) {
        n = 1;
    } else {
        return cli_usage("analyze: --komaster takes left, right, both or none, not '%.40s'", k);
    }
    const char *rule = req->komaster_rule ? req->komaster_rule : "berlekamp";
    bool komonster = strcmp(rule, "komonster") == 0;
    if (!komonster && strcmp(rule, "berlekamp") != 0)
        return cli_usage("analyze: --komaster-rule takes berlekamp or komonster, not '%.40s'",
                         rule);
    sg_param items[MAX_PARAMS];
    sg_params params = { "command line", "analyze --params", items, 0 };
    char *ptext = req->params ? strdup(req->params) : NULL;
    if (req->params && !ptext)
        return cli_fail("analyze: out of memory");
    int status = ptext ? split_params(ptext, items, &params.count) : 0;
    sg_game *game = NULL;
    alignas(16) unsigned char pos[SG_POS_MAX];
    char err[512] = "";
    if (status == 0 && catalog_parse_component_params(cat, req->position, &params, &game, pos,
                                                      err, sizeof err) != SG_OK)
        status = cli_fail("analyze: %s", err);
    sg_gthermograph th[2];
    memset(th, 0, sizeof th);
    progress_line progress;
    progress_attach(&progress, "analyze", meter);
    sg_gthermo_options opt = { .meter = meter, .komonster = komonster };
    int rc = SG_OK;
    for (size_t i = 0; status == 0 && i < n && rc == SG_OK; i++)
        rc = sg_gthermograph_of_position(game, pos, which[i], &opt, &th[i], err, sizeof err);
    progress_done(&progress);
    if (status == 0 && rc != SG_OK) {
        if (rc == SG_ERR_BUDGET && sg_meter_expired(meter)) {
            char why[120];
            sg_meter_reason(meter, why, sizeof why);
            cli_fail("analyze: stopped at %s after %llu nodes and %.1f s", why,
                     (unsigned long long)meter->count, sg_meter_elapsed(meter));
            status = EXIT_LIMIT;
        } else {
            status = cli_fail("analyze: %s", err);
        }
    }
    env_check chk[2];
    memset(chk, 0, sizeof chk);
    sg_value delta;
    if (status == 0 && req->check &&
        (sg_value_parse(req->check, &delta, err, sizeof err) != SG_OK || delta.num <= 0 ||
         sg_value_cmp(delta, sg_value_make(1, 2)) > 0))
        status = cli_usage("analyze: --check takes a dyadic delta in (0, 1/4], such as 1/64, "
                           "not '%.40s'",
                           req->check);
    for (size_t i = 0; status == 0 && req->check && i < n; i++) {
        /* Up to a whole temperature above the walls' last breakpoint, on the 1/4 grid. */
        int64_t top = (int64_t)(sg_ratio_to_double(th[i].temperature) + 2);
        chk[i].delta = delta;
        chk[i].t_hi = sg_value_int(top < 1 ? 1 : top);
        if (sg_gthermo_check_environment(game, pos, &th[i], delta, chk[i].t_hi, &opt,
                                         &chk[i].worst, &chk[i].at, err, sizeof err) != SG_OK)
            status = cli_fail("analyze: --check: %s", err);
        chk[i].done = true;
    }
    if (status == 0 && req->svg_path &&
        sg_gthermo_svg_save(th, n, req->position, req->svg_path, err, sizeof err) != SG_OK)
        status = cli_fail("analyze: %s", err);
    if (status == 0) {
        const char *klass = NULL;
        if (n == 2 && th[0].loopy)
            klass = sg_ko_class_name(sg_ko_classify(&th[0], &th[1]));
        double seconds = sg_meter_elapsed(meter);
        if (req->json)
            print_json(req, th, n, chk, klass, seconds);
        else
            print_human(req, th, n, chk, klass, seconds);
    }
    for (size_t i = 0; i < 2; i++)
        sg_gthermograph_free(&th[i]);
    free(ptext);
    return status;
}
