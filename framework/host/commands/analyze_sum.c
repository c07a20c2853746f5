/* analyze on a sum. Each component is analysed by the method as if alone (its row of the
 * table: game, position, mean, temperature, stops, best moves); the sum itself is the
 * canonical form of all of them added (sumgame/summation.h), whose thermograph gives the
 * sum's mean, temperature, pseudo-temperatures and stops, and sg_summation_best_move its
 * best moves. Means add, temperatures do not: the sum's temperature is at most the
 * largest of the rows' and is computed, not derived from them. Only the exact method
 * values a whole sum, so only it is accepted here. */
#include "host/commands/analyze_sum.h"

#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/cli/cli.h"
#include "host/cli/limits_opt.h"
#include "host/cli/position_text.h"
#include "sumgame/cgt.h"
#include "sumgame/summation.h"
#include "sumgame/thermograph.h"
#include "host/report/thermograph_svg.h"
#include "host/cli/json.h"

#define SUM_PARTS_MAX 64
#define SUM_LIVE_MAX 256 /* live components after splitting */

typedef struct row {
    char *given;  /* "GAME:POS" as written */
    char *parsed; /* the position in its game's notation */
    const char *game;
    sg_estimate e;
    char best_left[256], best_right[256];
} row;

/* text[0..len) without surrounding blanks, in a new string. */
static char *trimmed(const char *text, size_t len)
{
    while (len && (*text == ' ' || *text == '\t'))
        text++, len--;
    while (len && (text[len - 1] == ' ' || text[len - 1] == '\t'))
        len--;
    char *s = malloc(len + 1);
    if (s) {
        memcpy(s, text, len);
        s[len] = '\0';
    }
    return s;
}


static void put_value(json_out *o, const char *key, sg_value v)
{
    char t[SG_VALUE_TEXT_MAX];
    sg_value_format(v, t, sizeof t);
    json_out_string(o, key, t);
}

static void print_json(const sum_request *req, const char *parsed, const sg_thermograph *th,
                       bool has_left, const char *best_left, bool has_right,
                       const char *best_right, const row *rows, size_t n, uint64_t nodes,
                       double seconds, const char *canonical, const cool_result *cr)
{
    json_out o;
    json_out_init(&o, stdout);
    json_out_object(&o, NULL);
    json_out_string(&o, "method", req->method);
    json_out_string(&o, "position", req->text);
    json_out_string(&o, "parsed", parsed);
    put_value(&o, "mean", th->mean);
    put_value(&o, "temperature", th->temperature);
    put_value(&o, "pseudo_left", th->pseudo_left);
    put_value(&o, "pseudo_right", th->pseudo_right);
    put_value(&o, "left_stop", th->left_stop);
    put_value(&o, "right_stop", th->right_stop);
    json_out_bool(&o, "exact", true);
    json_out_bool(&o, "ko", false);
    json_out_string(&o, "best_left", has_left ? best_left : NULL);
    json_out_string(&o, "best_right", has_right ? best_right : NULL);
    json_out_uint(&o, "nodes", nodes);
    json_out_fixed(&o, "seconds", seconds, 6);
    json_out_array(&o, "components");
    for (size_t i = 0; i < n; i++) {
        const row *r = &rows[i];
        json_out_object(&o, NULL);
        json_out_uint(&o, "component", i + 1);
        json_out_string(&o, "game", r->game);
        json_out_string(&o, "position", strchr(r->given, ':') + 1);
        json_out_string(&o, "parsed", r->parsed);
        put_value(&o, "mean", r->e.mean);
        put_value(&o, "temperature", r->e.temperature);
        put_value(&o, "left_stop", r->e.left_stop);
        put_value(&o, "right_stop", r->e.right_stop);
        json_out_bool(&o, "exact", r->e.exact);
        json_out_string(&o, "best_left", r->e.has_best_left ? r->best_left : NULL);
        json_out_string(&o, "best_right", r->e.has_best_right ? r->best_right : NULL);
        json_out_end(&o);
    }
    json_out_end(&o);
    if (canonical)
        json_out_string(&o, "canonical", canonical);
    cool_json(&o, req->cool, cr);
    json_out_end(&o);
    fputc('\n', stdout);
}

static void print_human(const sum_request *req, const char *parsed, const sg_thermograph *th,
                        const char *best_left, const char *best_right, const row *rows,
                        size_t n, uint64_t nodes, double seconds, const char *canonical,
                        const cool_result *cr)
{
    char v[SG_VALUE_TEXT_MAX];
    const char *const line = "%-26s%s\n";
    printf(line, "sum:", req->text);
    printf(line, "parsed:", parsed);
    printf("%-26s%s (exact values of the sum)\n", "method:", req->method);
    const struct { const char *label; sg_value v; } values[] = {
        { "mean:", th->mean },
        { "temperature:", th->temperature },
        { "Left pseudo-temperature:", th->pseudo_left },
        { "Right pseudo-temperature:", th->pseudo_right },
        { "Left stop:", th->left_stop },
        { "Right stop:", th->right_stop },
    };
    for (size_t i = 0; i < sizeof values / sizeof values[0]; i++) {
        sg_value_format(values[i].v, v, sizeof v);
        printf(line, values[i].label, v);
    }
    printf(line, "best Left move:", best_left);
    printf(line, "best Right move:", best_right);
    if (canonical)
        printf(line, "canonical form:", canonical);
    cool_print(req->cool, cr);
    printf("%-26s%llu\n", "nodes:", (unsigned long long)nodes);
    printf("%-26s%.3f\n", "seconds:", seconds);
    /* The table: one row per component as given. */
    size_t wg = 4, wp = 8;
    for (size_t i = 0; i < n; i++) {
        size_t g = strlen(rows[i].game), p = strlen(rows[i].parsed);
        wg = g > wg ? g : wg;
        wp = p > wp ? p : wp;
    }
    wp = wp > 40 ? 40 : wp;
    printf("\n%-3s  %-*s  %-*s  %-8s  %-11s  %-9s  %-10s  %-10s  %s\n", "#", (int)wg, "game",
           (int)wp, "position", "mean", "temperature", "Left stop", "Right stop", "best Left",
           "best Right");
    for (size_t i = 0; i < n; i++) {
        const row *r = &rows[i];
        char m[SG_VALUE_TEXT_MAX], t[SG_VALUE_TEXT_MAX], l[SG_VALUE_TEXT_MAX],
            rs[SG_VALUE_TEXT_MAX];
        sg_value_format(r->e.mean, m, sizeof m);
        sg_value_format(r->e.temperature, t, sizeof t);
        sg_value_format(r->e.left_stop, l, sizeof l);
        sg_value_format(r->e.right_stop, rs, sizeof rs);
        printf("%-3zu  %-*s  %-*s  %-8s  %-11s  %-9s  %-10s  %-10s  %s\n", i + 1, (int)wg,
               r->game, (int)wp, r->parsed, m, t, l, rs, r->best_left, r->best_right);
    }
}

int analyze_sum(catalog *cat, const sum_request *req, sg_meter *meter)
{
    if (strcmp(req->method, "exact") != 0)
        return cli_usage("analyze: a sum is analysed by --method exact only, not %s (analyze "
                         "its components one at a time)", req->method);
    row rows[SUM_PARTS_MAX];
    memset(rows, 0, sizeof rows);
    size_t n = 0;
    int status = 0;
    char err[512] = "";
    sg_estimator *est = NULL;
    sg_sum *sum = sg_sum_new(SG_FREEZE_NUMBERS);
    sg_cgt *table = sg_cgt_new();
    sg_thermo_cache *cache = table ? sg_thermo_cache_new(table) : NULL;
    uint32_t origin[SUM_LIVE_MAX];
    char *canonical = NULL, *parsed = NULL;
    cool_result cr = { 0 };
    progress_line progress;
    progress_attach(&progress, "analyze", meter);
    if (!sum || !cache || sg_estimator_new(req->method, req->params, &est, err, sizeof err)) {
        status = cli_fail("analyze: %s", err[0] ? err : "out of memory");
        goto done;
    }
    sg_estimator_set_meter(est, meter);
    sg_thermo_cache_set_meter(cache, meter);
    /* The rows, in the order given; no game notation uses '+'. */
    for (const char *p = req->text;;) {
        const char *plus = strchr(p, '+');
        size_t len = plus ? (size_t)(plus - p) : strlen(p);
        if (n == SUM_PARTS_MAX) {
            status = cli_fail("analyze: more than %d components", SUM_PARTS_MAX);
            goto done;
        }
        row *r = &rows[n];
        if (!(r->given = trimmed(p, len))) {
            status = cli_fail("analyze: out of memory");
            goto done;
        }
        n++;
        if (!*r->given || !strchr(r->given, ':')) {
            status = cli_fail("analyze: component %zu: '%.80s' is not GAME:POSITION", n,
                              r->given);
            goto done;
        }
        sg_game *game;
        alignas(16) unsigned char pos[SG_POS_MAX];
        size_t before = sg_sum_count(sum);
        int rc = catalog_parse_component(cat, r->given, &game, pos, err, sizeof err);
        if (rc == SG_OK)
            rc = sg_estimator_estimate(est, game, pos, &(sg_budget){ 0 }, &r->e, err,
                                       sizeof err);
        if (rc == SG_OK)
            rc = sg_sum_add(sum, game, pos, err, sizeof err);
        if (rc == SG_OK && position_text(game->desc, game->instance, pos, &r->parsed) != SG_OK)
            rc = SG_ERR_NOMEM;
        if (rc != SG_OK) {
            if (rc == SG_ERR_BUDGET && sg_meter_expired(meter))
                goto stopped;
            status = cli_fail("analyze: component %zu: %s", n, err[0] ? err : "out of memory");
            goto done;
        }
        r->game = game->desc->name;
        position_move_text(game, pos, SG_LEFT, r->e.has_best_left, r->e.best_left, r->best_left,
                  sizeof r->best_left);
        position_move_text(game, pos, SG_RIGHT, r->e.has_best_right, r->e.best_right, r->best_right,
                  sizeof r->best_right);
        /* Parts of a component that splits share its row; a settled one has none. */
        for (size_t k = before; k < sg_sum_count(sum) && k < SUM_LIVE_MAX; k++)
            origin[k] = (uint32_t)(n - 1);
        if (!plus)
            break;
        p = plus + 1;
    }
    if (sg_sum_count(sum) > SUM_LIVE_MAX) {
        status = cli_fail("analyze: the sum has more than %d live components",
                          SUM_LIVE_MAX);
        goto done;
    }
    sg_cg g;
    int rc = sg_summation(table, sum, meter, &g, err, sizeof err);
    const sg_thermograph *th = rc == SG_OK ? sg_thermograph_of(cache, g) : NULL;
    if (rc == SG_OK && !th)
        rc = sg_meter_expired(meter) ? SG_ERR_BUDGET : SG_ERR_NOMEM;
    char best[2][256] = { "none", "none" };
    bool has[2] = { false, false };
    for (int i = 0; i < 2 && rc == SG_OK; i++) {
        sg_player who = i == 0 ? SG_LEFT : SG_RIGHT;
        sg_sum_move mv;
        rc = sg_summation_best_move(table, sum, who, meter, &has[i], &mv, err, sizeof err);
        if (rc == SG_OK && has[i]) {
            /* "ROW:MOVE": the row of the table the move's component came from. */
            char text[240];
            const sg_game *game = sg_sum_game(sum, mv.component);
            position_move_text(game, sg_sum_pos(sum, mv.component), who, true, mv.move, text,
                      sizeof text);
            snprintf(best[i], sizeof best[i], "%u:%s", origin[mv.component] + 1, text);
        }
    }
    if (rc == SG_OK && req->canonical) {
        if (sg_cgt_format_alloc(table, g, &canonical) != SG_OK) {
            status = cli_fail("analyze: the canonical form of the sum is too large to print");
            goto done;
        }
    }
    if (rc == SG_OK && cool_request_any(req->cool))
        rc = cool_run(table, g, req->cool, meter, &cr, err, sizeof err);
    if (rc == SG_OK && req->svg_path)
        rc = sg_thermograph_svg_save(th, req->text, req->svg_path, err, sizeof err);
    if (rc == SG_ERR_BUDGET && sg_meter_expired(meter))
        goto stopped;
    if (rc != SG_OK) {
        status = cli_fail("analyze: %s", err[0] ? err : "out of memory");
        goto done;
    }
    progress_done(&progress);
    size_t cap = 8192;
    parsed = malloc(cap);
    if (!parsed) {
        status = cli_fail("analyze: out of memory");
        goto done;
    }
    /* The sum as parsed: each row in its game's notation, settled ones included. */
    parsed[0] = '\0';
    for (size_t i = 0, used = 0; i < n && used < cap; i++) {
        int k = snprintf(parsed + used, cap - used, "%s%s:%s", i ? " + " : "", rows[i].game,
                         rows[i].parsed);
        used += k > 0 ? (size_t)k : 0;
    }
    if (req->json)
        print_json(req, parsed, th, has[0], best[0], has[1], best[1], rows, n, meter->count,
                   sg_meter_elapsed(meter), canonical, &cr);
    else
        print_human(req, parsed, th, best[0], best[1], rows, n, meter->count,
                    sg_meter_elapsed(meter), canonical, &cr);
    goto done;
stopped:
    progress_done(&progress);
    {
        char why[120];
        sg_meter_reason(meter, why, sizeof why);
        cli_fail("analyze: stopped at %s after %llu nodes and %.1f s", why,
                 (unsigned long long)meter->count, sg_meter_elapsed(meter));
        status = EXIT_LIMIT;
    }
done:
    progress_done(&progress);
    for (size_t i = 0; i < n; i++) {
        free(rows[i].given);
        free(rows[i].parsed);
    }
    free(canonical);
    cool_result_free(&cr);
    free(parsed);
    sg_estimator_free(est);
    sg_thermo_cache_free(cache);
    sg_cgt_free(table);
    sg_sum_free(sum);
    return status;
}
