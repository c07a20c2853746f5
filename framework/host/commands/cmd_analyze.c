/* sumgame analyze GAME:POSITION [--method exact|tds|tdsplus|mcdual] [--delta D] [--tmax T]
 * [--depth N] [--time S] [--enhancements LIST] [--combine C] [--playouts N] [--c C]
 * [--threads N] [--seed S] [--nodes N] [--memory SIZE] [--canonical] [--cool T] [--heat T]
 * [--atomic-weight] [--svg FILE] [--json]:
 * mean, temperature, both pseudo-temperatures, the stops and each player's best move in
 * one component, through the estimator interface, so approximate methods will answer
 * here the same way once they exist. --canonical adds the canonical form, --cool, --heat
 * and --atomic-weight the canonical form cooled, heated and its atomic weight, and --svg
 * draws the exact thermograph.
 *
 * A position that splits is analyzed as the sum of its parts: its moves are the moves of
 * the parts, and the canonical form and thermograph add the parts' canonical forms.
 *
 * Every method runs under a meter: --nodes and --memory bound any method, --time the
 * exact one (for tds, --time is the heuristic search's own time per estimate). A limit
 * that runs out ends the command with one line naming it and exit status 3. */
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/commands/analyze_cool.h"
#include "host/commands/analyze_gthermo.h"
#include "host/commands/analyze_sum.h"
#include "host/cli/args.h"
#include "host/check/catalog.h"
#include "host/cli/cli.h"
#include "sumgame/fault.h"
#include "host/cli/limits_opt.h"
#include "host/cli/position_text.h"
#include "sumgame/cgt.h"
#include "sumgame/estimator.h"
#include "sumgame/tds.h"
#include "sumgame/thermograph.h"
#include "host/report/thermograph_svg.h"
#include "host/cli/json.h"

/* Every usage error points to the help, which is made from the option table. */
#define ANALYZE_HELP "try 'sumgame analyze --help'"

/* Methods of the command-line contract whose estimators come in later versions. */
static const char *const planned_methods[] = { "tds", "tdsplus", "mcdual", NULL };

static bool listed(const char *const *names, const char *name)
{
    for (; *names; names++)
        if (strcmp(*names, name) == 0)
            return true;
    return false;
}

static void available_methods(char *buf, size_t cap)
{
    buf[0] = '\0';
    size_t used = 0;
    for (const char *const *m = sg_estimator_methods; *m; m++) {
        int n = snprintf(buf + used, cap - used, "%s%s", m == sg_estimator_methods ? "" : ", ",
                         *m);
        if (n < 0 || (size_t)n >= cap - used)
            break;
        used += (size_t)n;
    }
}

/* Options that only some methods take. */
struct search_option {
    const char *name;
    const char *value;
    const char *methods; /* "tds or tdsplus", "exact, tds or tdsplus": the methods' names */
};

/* Whether method is one of opt's methods (a word of its list). */
static bool option_allows(const struct search_option *opt, const char *method)
{
    size_t len = strlen(method);
    for (const char *p = opt->methods; (p = strstr(p, method)) != NULL; p += len) {
        bool starts = p == opt->methods || p[-1] == ' ';
        bool ends = p[len] == '\0' || p[len] == ',' || p[len] == ' ';
        if (starts && ends)
            return true;
    }
    return false;
}

static int check_method(const char *method, const struct search_option *opts, size_t nopts)
{
    char known[256];
    available_methods(known, sizeof known);
    if (listed(planned_methods, method) && !listed(sg_estimator_methods, method))
        return cli_fail("analyze: method '%s' is not implemented yet (available: %s)", method,
                        known);
    if (!listed(sg_estimator_methods, method))
        return cli_usage("analyze: unknown method '%.80s' (available: %s)", method, known);
    for (size_t i = 0; i < nopts; i++)
        if (opts[i].value && !option_allows(&opts[i], method))
            return cli_usage("analyze: %s is for method %s, not %s", opts[i].name,
                             opts[i].methods, method);
    return 0;
}

static bool is_tds(const char *method)
{
    return strcmp(method, "tds") == 0 || strcmp(method, "tdsplus") == 0;
}

static void put_value(json_out *o, const char *key, sg_value v)
{
    char t[SG_VALUE_TEXT_MAX];
    sg_value_format(v, t, sizeof t);
    json_out_string(o, key, t);
}

static void print_json(const char *position, const char *parsed, const char *method,
                       const sg_estimate *e, int depth, const sg_tds_stats *st, bool met_ko,
                       const char *best_left, const char *best_right, const char *canonical,
                       const cool_request *cq, const cool_result *cr)
{
    json_out o;
    json_out_init(&o, stdout);
    json_out_object(&o, NULL);
    json_out_string(&o, "method", method);
    json_out_string(&o, "position", position);
    json_out_string(&o, "parsed", parsed);
    put_value(&o, "mean", e->mean);
    put_value(&o, "temperature", e->temperature);
    put_value(&o, "pseudo_left", e->pseudo_left);
    put_value(&o, "pseudo_right", e->pseudo_right);
    put_value(&o, "left_stop", e->left_stop);
    put_value(&o, "right_stop", e->right_stop);
    json_out_bool(&o, "exact", e->exact);
    json_out_bool(&o, "ko", met_ko);
    json_out_string(&o, "best_left", e->has_best_left ? best_left : NULL);
    json_out_string(&o, "best_right", e->has_best_right ? best_right : NULL);
    json_out_uint(&o, "nodes", e->nodes);
    json_out_fixed(&o, "seconds", e->seconds, 6);
    if (is_tds(method)) {
        char enh[32];
        sg_tds_enhancements_format(st->enhancements, enh, sizeof enh);
        json_out_int(&o, "depth", depth);
        json_out_string(&o, "tds_case_left", sg_tds_case_name(e->tds_case_left));
        json_out_string(&o, "tds_case_right", sg_tds_case_name(e->tds_case_right));
        put_value(&o, "delta", e->tds_delta);
        put_value(&o, "tmax", e->tds_tmax);
        json_out_int(&o, "searches", e->tds_searches);
        json_out_string(&o, "enhancements", enh);
        json_out_int(&o, "presearches", st->presearches);
        json_out_int(&o, "conjecture_checks", st->conjecture_checks);
        json_out_int(&o, "conjecture_violations", st->conjecture_violations);
        json_out_uint(&o, "e2_closed", st->e2_closed);
        json_out_uint(&o, "e2_rejected", st->e2_rejected);
        json_out_uint(&o, "e4_closed", st->e4_closed);
        json_out_uint(&o, "e4_presearches", st->e4_presearches);
        json_out_uint(&o, "e6_closed", st->e6_closed);
    }
    if (canonical)
        json_out_string(&o, "canonical", canonical);
    cool_json(&o, cq, cr);
    json_out_end(&o);
    fputc('\n', stdout);
}

/* "≈ 11.98": a Monte-Carlo estimate at the precision it has (two decimals of playout means
 * on the 1/1024 grid); trailing zeros dropped, so an exact switch reads "≈ 1.5". */
static void approx_text(sg_value v, char *out, size_t outlen)
{
    char d[64];
    snprintf(d, sizeof d, "%.2f", sg_value_to_double(v));
    size_t n = strlen(d);
    while (n > 0 && d[n - 1] == '0')
        d[--n] = '\0';
    if (n > 0 && d[n - 1] == '.')
        d[--n] = '\0';
    if (strcmp(d, "-0") == 0)
        strcpy(d, "0");
    snprintf(out, outlen, "\u2248 %s", d);
}

/* mcdual's numbers are means of playout scores, not CGT values: they are printed as
 * decimals with "≈" and named for what they are. (μL − μR)/2 is what Cazenave's dual search
 * calls the temperature; a reader of thermographs would take it for the CGT temperature,
 * which it can miss by far (rcg:114|66||49|0: 17/2 here, 131/4 in theory). */
static void print_mc_row(const char *label, const char *text)
{
    /* Pads by characters, not bytes: the labels hold μ and −. */
    size_t chars = 0;
    for (const unsigned char *c = (const unsigned char *)label; *c; c++)
        chars += (*c & 0xC0) != 0x80;
    printf("%s%*s%s\n", label, chars < 34 ? (int)(34 - chars) : 1, "", text);
}

static void print_mc_human(const char *position, const sg_estimate *e, const char *best_left,
                           const char *best_right)
{
    char v[192], t[80];
    print_mc_row("position:", position);
    print_mc_row("method:", "mcdual (Monte-Carlo: means of playout scores, not CGT values)");
    approx_text(e->left_stop, v, sizeof v);
    print_mc_row("Left-first playout mean \u03bcL:", v);
    approx_text(e->right_stop, v, sizeof v);
    print_mc_row("Right-first playout mean \u03bcR:", v);
    approx_text(e->mean, v, sizeof v);
    print_mc_row("mean estimate (\u03bcL + \u03bcR)/2:", v);
    approx_text(e->temperature, t, sizeof t);
    snprintf(v, sizeof v, "%s (the dual search's \"temperature\"; not a CGT temperature)", t);
    print_mc_row("half the gap (\u03bcL \u2212 \u03bcR)/2:", v);
    print_mc_row("best Left move:", best_left);
    print_mc_row("best Right move:", best_right);
    snprintf(v, sizeof v, "%llu", (unsigned long long)e->nodes);
    print_mc_row("nodes:", v);
    snprintf(v, sizeof v, "%.3f", e->seconds);
    print_mc_row("seconds:", v);
}

static void print_human(const char *position, const char *method, const sg_estimate *e,
                        int depth, const sg_tds_stats *st, bool met_ko, const char *best_left,
                        const char *best_right, const char *canonical, const char *svg_path,
                        const cool_request *cq, const cool_result *cr)
{
    char v[SG_VALUE_TEXT_MAX];
    const char *const row = "%-26s%s\n";
    if (strcmp(method, "mcdual") == 0 && !met_ko && !canonical && !svg_path &&
        !cool_request_any(cq)) {
        print_mc_human(position, e, best_left, best_right);
        return;
    }
    printf(row, "position:", position);
    /* TDS's complete searches are exact only when delta is fine enough for the game. */
    bool tds = is_tds(method);
    printf("%-26s%s (%s)\n", "method:", method,
           met_ko ? "a ko: play against the coupon stack under the ko rule, not a CGT value"
           : tds  ? (e->exact ? "complete search" : "heuristic search")
                  : (e->exact ? "exact values" : "estimate"));
    sg_value_format(e->mean, v, sizeof v);
    printf(row, "mean:", v);
    sg_value_format(e->temperature, v, sizeof v);
    printf(row, "temperature:", v);
    sg_value_format(e->pseudo_left, v, sizeof v);
    printf(row, "Left pseudo-temperature:", v);
    sg_value_format(e->pseudo_right, v, sizeof v);
    printf(row, "Right pseudo-temperature:", v);
    sg_value_format(e->left_stop, v, sizeof v);
    printf(row, "Left stop:", v);
    sg_value_format(e->right_stop, v, sizeof v);
    printf(row, "Right stop:", v);
    printf(row, "best Left move:", best_left);
    printf(row, "best Right move:", best_right);
    if (tds) {
        sg_value_format(e->tds_delta, v, sizeof v);
        char t[SG_VALUE_TEXT_MAX], name[32];
        sg_value_format(e->tds_tmax, t, sizeof t);
        printf("%-26sC_-1(%s, %s)\n", "coupon stack:", t, v);
        printf(row, "TDS case, Left first:", sg_tds_case_name(e->tds_case_left));
        printf(row, "TDS case, Right first:", sg_tds_case_name(e->tds_case_right));
        printf("%-26s%d\n", "searches:", e->tds_searches);
        if (depth > 0)
            printf("%-26s%d %s per search%s\n", "depth:", depth,
                   (st->enhancements & SG_TDS_E8) ? "moves in the game" : "plies",
                   st->timed_out ? " (the deepest iteration finished in time)" : "");
        else
            printf(row, "depth:", "complete searches");
        sg_tds_enhancements_name(st->enhancements, name, sizeof name);
        printf(row, "enhancements:", name);
        if (st->enhancements & SG_TDS_E1)
            printf("%-26s%d, 2-delta conjecture violated %d of %d times\n", "pre-searches (E1):",
                   st->presearches, st->conjecture_violations, st->conjecture_checks);
        if (st->enhancements & SG_TDS_E2)
            printf("%-26s%llu nodes coupon-only, %llu temperatures refused\n", "E2:",
                   (unsigned long long)st->e2_closed, (unsigned long long)st->e2_rejected);
        if (st->enhancements & SG_TDS_E4)
            printf("%-26s%llu nodes coupon-only, %llu pre-searches\n", "E4:",
                   (unsigned long long)st->e4_closed, (unsigned long long)st->e4_presearches);
        if (st->enhancements & SG_TDS_E6)
            printf("%-26s%llu nodes coupon-only\n", "E6 (exact, small):",
                   (unsigned long long)st->e6_closed);
    }
    if (canonical)
        printf(row, "canonical form:", canonical);
    cool_print(cq, cr);
    printf("%-26s%llu\n", "nodes:", (unsigned long long)e->nodes);
    printf("%-26s%.3f\n", "seconds:", e->seconds);
    if (svg_path)
        printf(row, "thermograph:", svg_path);
}

/* The exact canonical form and thermograph, for --canonical, --cool, --heat,
 * --atomic-weight and --svg. */
static int exact_extras(const sg_game *game, const void *pos, const char *title,
                        const char *svg_path, char **canonical, const cool_request *cq,
                        cool_result *cr, sg_meter *meter, char *err, size_t errlen)
{
    sg_cgt *table = sg_cgt_new();
    sg_thermo_cache *cache = table ? sg_thermo_cache_new(table) : NULL;
    int rc = cache ? SG_OK : SG_ERR_NOMEM;
    if (cache)
        sg_thermo_cache_set_meter(cache, meter);
    if (rc == SG_OK && (canonical || cool_request_any(cq))) {
        sg_cg g;
        rc = sg_cgt_from_game_metered(table, game, pos, 0, meter, &g, err, errlen);
        if (rc == SG_OK && canonical && sg_cgt_format_alloc(table, g, canonical) != SG_OK) {
            snprintf(err, errlen, "the canonical form is too large to print");
            rc = SG_ERR_RANGE;
        }
        if (rc == SG_OK && cool_request_any(cq))
            rc = cool_run(table, g, cq, meter, cr, err, errlen);
    }
    if (rc == SG_OK && svg_path) {
        const sg_thermograph *th = NULL;
        rc = sg_thermograph_of_played(cache, game, pos, 0, &th, err, errlen);
        if (rc == SG_OK)
            rc = sg_thermograph_svg_save(th, title, svg_path, err, errlen);
    }
    if (rc == SG_ERR_NOMEM)
        snprintf(err, errlen, "out of memory");
    sg_thermo_cache_free(cache);
    sg_cgt_free(table);
    return rc;
}

/* A position that splits into several parts (a whole Go board into regions): one row per
 * live part, analysed exactly under its own node limit, and the settled parts' total.
 * False when a part is beyond the limit (its row says so, with its size: the moves each
 * player has there); the sum is then not analysed. */
static bool print_parts(sg_game *game, const void *pos, uint64_t region_nodes, bool json,
                        size_t *nparts)
{
    sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
    char why[512];
    *nparts = 0;
    if (!sum || sg_sum_add(sum, game, pos, why, sizeof why) != SG_OK) {
        sg_sum_free(sum);
        return true;
    }
    size_t n = sg_sum_count(sum);
    *nparts = n;
    bool settled = sg_value_cmp(sg_sum_frozen(sum), sg_value_int(0)) != 0;
    if (n + settled <= 1) {
        sg_sum_free(sum);
        return true;
    }
    bool all = true;
    char v[4][SG_VALUE_TEXT_MAX];
    if (!json)
        printf("%-4s %-40s %6s %6s %8s %8s\n", "part", "region", "Lstop", "Rstop", "mean",
               "temp");
    for (size_t i = 0; i < n; i++) {
        sg_game *g = sg_sum_game(sum, i);
        const void *part = sg_sum_pos(sum, i);
        char *text = NULL;
        position_text(g->desc, g->instance, part, &text);
        sg_estimator *est = NULL;
        sg_estimate e;
        sg_limits lim = { region_nodes, 0, 0 };
        sg_meter m;
        sg_meter_start(&m, &lim);
        const sg_budget budget = { 0 };
        int rc = sg_estimator_new("exact", NULL, &est, why, sizeof why);
        if (rc == SG_OK) {
            sg_estimator_set_meter(est, &m);
            rc = sg_estimator_estimate(est, g, part, &budget, &e, why, sizeof why);
        }
        sg_estimator_free(est);
        if (rc == SG_OK && e.exact) {
            sg_value_format(e.left_stop, v[0], sizeof v[0]);
            sg_value_format(e.right_stop, v[1], sizeof v[1]);
            sg_value_format(e.mean, v[2], sizeof v[2]);
            sg_value_format(e.temperature, v[3], sizeof v[3]);
            if (!json)
                printf("%-4zu %-40s %6s %6s %8s %8s\n", i + 1, text ? text : "?", v[0], v[1],
                       v[2], v[3]);
        } else {
            all = false;
            size_t ml = 0, mr = 0;
            sg_sum *one = sg_sum_new(SG_FREEZE_INTEGERS);
            if (one && sg_sum_add(one, g, part, why, sizeof why) == SG_OK) {
                sg_sum_move_count(one, SG_LEFT, &ml);
                sg_sum_move_count(one, SG_RIGHT, &mr);
            }
            sg_sum_free(one);
            char reason[160];
            if (rc == SG_ERR_BUDGET)
                snprintf(reason, sizeof reason,
                         "beyond exact analysis: more than %llu nodes; size %zu moves for "
                         "Left, %zu for Right",
                         (unsigned long long)region_nodes, ml, mr);
            else
                snprintf(reason, sizeof reason, "not analysed: %.100s", why);
            if (!json)
                printf("%-4zu %-40s %s\n", i + 1, text ? text : "?", reason);
        }
        free(text);
    }
    sg_value_format(sg_sum_frozen(sum), v[0], sizeof v[0]);
    if (!json)
        printf("%-4s %-40s %6s\n", "", "settled parts", v[0]);
    sg_sum_free(sum);
    return all;
}

int cmd_analyze(int argc, char **argv)
{
    /* A crash inside a game plugin is named in one line, not a silent exit 139. */
    sg_fault_install(sg_fault_cli, "analyze");
    const char *plugin_path = NULL, *method = "exact", *svg_path = NULL;
    const char *komaster = NULL, *game_params = NULL, *check = NULL, *komaster_rule = NULL;
    bool json = false, want_canonical = false;
    uint64_t region_nodes = 20000000;
    cool_request cq = { 0 };
    cool_result cr = { 0 };
    limits_opt lo = { 0 };
    struct search_option search[] = {
        { "--delta", NULL, "tds or tdsplus" },
        { "--time", NULL, "exact, tds or tdsplus" },
        { "--depth", NULL, "tds or tdsplus" },
        { "--tmax", NULL, "tds or tdsplus" },
        { "--enhancements", NULL, "tds or tdsplus" },
        { "--combine", NULL, "tds or tdsplus" },
        { "--playouts", NULL, "mcdual" },
        { "--c", NULL, "mcdual" },
        { "--threads", NULL, "mcdual" },
        { "--seed", NULL, "mcdual" },
    };
    const args_option options[] = {
        { "--plugin-path", ARGS_STRING, &plugin_path, 0, 0, NULL, "DIRS",
          "directories to look for plugins in first, ':' between them (each must exist)" },
        { "--method", ARGS_STRING, &method, 0, 0, NULL, "exact|tds|tdsplus|mcdual|thermograph",
          "exact (the default); TDS, TDS+ or Monte-Carlo estimates; thermograph: positions "
          "with ko" },
        { "--canonical", ARGS_FLAG, &want_canonical, 0, 0, NULL, NULL,
          "also print the canonical form (exact only)" },
        { "--cool", ARGS_STRING, &cq.cool, 0, 0, NULL, "T",
          "also print the canonical form cooled by T >= 0 (chilled: T = 1; exact)" },
        { "--heat", ARGS_STRING, &cq.heat, 0, 0, NULL, "T",
          "also print the canonical form heated by T (exact)" },
        { "--atomic-weight", ARGS_FLAG, &cq.atomic_weight, 0, 0, NULL, NULL,
          "also print the atomic weight (a number plus an all-small game; exact)" },
        { "--svg", ARGS_STRING, &svg_path, 0, 0, NULL, "FILE",
          "write the thermograph as an SVG picture (exact, thermograph)" },
        { "--json", ARGS_FLAG, &json, 0, 0, NULL, NULL,
          "print the result as one JSON object" },
        { "--delta", ARGS_STRING, &search[0].value, 0, 0, NULL, "D",
          "tds, tdsplus: the coupon step, 1, 1/2, 1/4, ... (default 1/16)" },
        { "--time", ARGS_STRING, &search[1].value, 0, 0, NULL, "S",
          "stop after S seconds; for tds and tdsplus a heuristic, anytime search" },
        { "--depth", ARGS_STRING, &search[2].value, 0, 0, NULL, "N",
          "tds, tdsplus: search N plies deep (under E8: N moves in the game), the "
          "game's evaluation below" },
        { "--tmax", ARGS_STRING, &search[3].value, 0, 0, NULL, "T",
          "tds, tdsplus: the top of the coupon stack (default: the game's temperature bound)" },
        { "--enhancements", ARGS_STRING, &search[4].value, 0, 0, NULL, "LIST",
          "tds, tdsplus: the TDS+ enhancements, none, all or numbers such as 1,3 or 1235" },
        { "--combine", ARGS_STRING, &search[5].value, 0, 0, NULL, "auto|max|average",
          "tds, tdsplus: how the two players' temperatures become one (default auto)" },
        { "--playouts", ARGS_STRING, &search[6].value, 0, 0, NULL, "N",
          "mcdual: playouts of each of the two searches (default 1000)" },
        { "--c", ARGS_STRING, &search[7].value, 0, 0, NULL, "C",
          "mcdual: the UCT exploration constant (default 0.3)" },
        { "--threads", ARGS_STRING, &search[8].value, 0, 0, NULL, "N",
          "mcdual: threads, for a reentrant game (default 1; same answer)" },
        { "--seed", ARGS_STRING, &search[9].value, 0, 0, NULL, "S",
          "mcdual: the random seed (default 1)" },
        { "--nodes", ARGS_UINT, &lo.nodes, 1, UINT64_MAX, NULL, "N",
          "stop after N nodes (mcdual: playouts; exit status 3)" },
        { "--memory", ARGS_STRING, &lo.memory, 0, 0, NULL, "SIZE",
          "stay below SIZE bytes (512M, 2G; default 80% of the machine's memory)" },
        { "--komaster", ARGS_STRING, &komaster, 0, 0, NULL, "left|right|both|none",
          "thermograph: who may break a ko ban (default both: each, and the ko's class)" },
        { "--komaster-rule", ARGS_STRING, &komaster_rule, 0, 0, NULL, "berlekamp|komonster",
          "thermograph: berlekamp (default: a komaster who takes a ko keeps going) or "
          "komonster (he may wait)" },
        { "--params", ARGS_STRING, &game_params, 0, 0, NULL, "K=V,...",
          "thermograph: create the game with these parameters (Go: cycles=yes)" },
        { "--region-nodes", ARGS_UINT, &region_nodes, 1, UINT64_MAX, NULL, "N",
          "exact: nodes per part of a split position (default 20000000); a larger part "
          "shows its size" },
        { "--check", ARGS_STRING, &check, 0, 0, NULL, "DELTA",
          "thermograph: check the walls by play against coupons of step DELTA" },
    };
    char **pos_args = calloc((size_t)argc + 1, sizeof *pos_args);
    if (!pos_args)
        return cli_fail("analyze: out of memory");
    size_t npos = 0;
    int status = args_parse("analyze", argc, argv, options, sizeof options / sizeof options[0],
                            pos_args, &npos);
    if (status == 0 && npos == 0)
        status = cli_usage("analyze: missing GAME:POSITION (" ANALYZE_HELP ")");
    else if (status == 0 && npos > 1)
        status = cli_usage("analyze: unexpected argument '%.80s' (" ANALYZE_HELP ")",
                           pos_args[1]);
    else if (status == 0 && svg_path && !*svg_path)
        status = cli_usage("analyze: --svg needs a file name");
    bool thermograph = strcmp(method, "thermograph") == 0;
    for (size_t i = 0; status == 0 && thermograph && i < sizeof search / sizeof search[0]; i++)
        if (search[i].value && strcmp(search[i].name, "--time") != 0)
            status = cli_usage("analyze: %s is for method %s, not thermograph", search[i].name,
                               search[i].methods);
    if (status == 0 && thermograph && want_canonical)
        status = cli_usage("analyze: --canonical is for method exact (a game with ko has no "
                           "canonical form)");
    if (status == 0 && thermograph && cool_request_any(&cq))
        status = cli_usage("analyze: %s is for method exact (a game with ko has no canonical "
                           "form)", cq.cool ? "--cool" : cq.heat ? "--heat" : "--atomic-weight");
    if (status == 0)
        status = cool_request_parse(&cq);
    bool is_sum = status == 0 && strchr(pos_args[0], '+') != NULL;
    if (status == 0 && is_sum && thermograph)
        status = cli_usage("analyze: a sum is analysed by --method exact only, not thermograph "
                           "(analyze its components one at a time)");
    if (status == 0 && !thermograph && (komaster || check || komaster_rule))
        status = cli_usage("analyze: %s is for method thermograph, not %s",
                           komaster ? "--komaster" : check ? "--check" : "--komaster-rule",
                           method);
    if (status == 0 && !thermograph && game_params && strcmp(method, "exact") != 0)
        status = cli_usage("analyze: --params is for methods exact and thermograph, not %s",
                           method);
    if (status == 0 && !thermograph)
        status = check_method(method, search, sizeof search / sizeof search[0]);
    bool exact_method = strcmp(method, "exact") == 0 || thermograph;
    /* For exact analysis --time is a limit; for tds, the search's own time per estimate. */
    lo.time = exact_method ? search[1].value : NULL;
    if (exact_method)
        search[1].value = NULL;
    sg_limits limits;
    if (status == 0)
        status = limits_opt_parse("analyze", &lo, &limits);
    if (status != 0) {
        free(pos_args);
        return status;
    }

    const char *position = pos_args[0];
    if (thermograph) {
        catalog *gcat = NULL;
        char gerr[512];
        sg_meter gmeter;
        sg_meter_start(&gmeter, &limits);
        if (catalog_open(&gcat, plugin_path, gerr, sizeof gerr) != SG_OK) {
            status = cli_fail("analyze: %s", gerr);
        } else {
            gthermo_request req = { position, komaster, game_params, svg_path, check,
                                    komaster_rule, json };
            status = analyze_gthermo(gcat, &req, &gmeter);
        }
        catalog_close(gcat);
        free(pos_args);
        return status;
    }
    catalog *cat = NULL;
    sg_game *game = NULL;
    sg_estimator *est = NULL;
    char *canonical = NULL;
    char err[512] = "";
    alignas(16) unsigned char pos[SG_POS_MAX];
    sg_estimate e;
    const sg_budget budget = { 0 };
    sg_meter meter;
    sg_meter_start(&meter, &limits);
    progress_line progress;
    progress_attach(&progress, "analyze", &meter);
    /* The search options become the estimator's keys (delta, time, depth, tmax, playouts,
     * ...). */
    sg_param items[sizeof search / sizeof search[0]];
    sg_params params = { "command line", "analyze", items, 0 };
    for (size_t i = 0; i < sizeof search / sizeof search[0]; i++)
        if (search[i].value)
            items[params.count++] = (sg_param){ search[i].name + 2, search[i].value, 0 };
    static const char params_prefix[] = "command line: analyze: ";
    if (is_sum) {
        if (catalog_open(&cat, plugin_path, err, sizeof err) != SG_OK) {
            status = cli_fail("analyze: %s", err);
        } else {
            sum_request req = { position, method, &params, svg_path, want_canonical, json, &cq };
            status = analyze_sum(cat, &req, &meter);
        }
        progress_done(&progress);
        catalog_close(cat);
        free(pos_args);
        return status;
    }
    sg_param gitems[32];
    sg_params gparams = { "command line", "analyze --params", gitems, 0 };
    char *gtext = game_params ? strdup(game_params) : NULL;
    if (gtext) {
        for (char *item = strtok(gtext, ","); item && gparams.count < 32;
             item = strtok(NULL, ",")) {
            char *eq = strchr(item, '=');
            if (!eq) {
                free(gtext);
                free(pos_args);
                return cli_usage("analyze: --params takes KEY=VALUE[,KEY=VALUE...], not '%.40s'",
                                 item);
            }
            *eq = '\0';
            gitems[gparams.count++] = (sg_param){ item, eq + 1, 0 };
        }
    }
    if (catalog_open(&cat, plugin_path, err, sizeof err) != SG_OK ||
        catalog_parse_component_params(cat, position, &gparams, &game, pos, err, sizeof err) !=
            SG_OK ||
        sg_estimator_new(method, &params, &est, err, sizeof err) != SG_OK) {
        /* An option's error names the option's key; the file and section say nothing. */
        bool from_options = strncmp(err, params_prefix, sizeof params_prefix - 1) == 0;
        status = cli_fail("analyze: %s", err + (from_options ? sizeof params_prefix - 1 : 0));
    } else {
        sg_estimator_set_meter(est, &meter);
        size_t nparts = 0;
        if (strcmp(method, "exact") == 0 && !want_canonical && !svg_path &&
            !cool_request_any(&cq) && !print_parts(game, pos, region_nodes, json, &nparts)) {
            progress_done(&progress);
            cli_fail("analyze: a part is beyond exact analysis (--region-nodes %llu), so the "
                     "sum is not analysed",
                     (unsigned long long)region_nodes);
            sg_estimator_free(est);
            catalog_close(cat);
            free(gtext);
            free(pos_args);
            return EXIT_LIMIT;
        }
        int rc = sg_estimator_estimate(est, game, pos, &budget, &e, err, sizeof err);
        if (rc == SG_OK && (want_canonical || svg_path || cool_request_any(&cq)))
            rc = exact_extras(game, pos, position, svg_path, want_canonical ? &canonical : NULL,
                              &cq, &cr, &meter, err, sizeof err);
        progress_done(&progress);
        if (rc == SG_OK) {
            char best_left[256], best_right[256];
            position_move_text(game, pos, SG_LEFT, e.has_best_left, e.best_left, best_left, sizeof best_left);
            position_move_text(game, pos, SG_RIGHT, e.has_best_right, e.best_right, best_right, sizeof best_right);
            sg_tds_stats st = { 0 };
            sg_estimator_tds_stats(est, &st);
            bool met_ko = sg_estimator_met_ko(est);
            char *text = NULL, *parsed = NULL;
            if (json && position_text(game->desc, game->instance, pos, &text) == SG_OK) {
                size_t len = strlen(game->desc->name) + strlen(text) + 2;
                if ((parsed = malloc(len)))
                    snprintf(parsed, len, "%s:%s", game->desc->name, text);
            }
            if (json)
                print_json(position, parsed ? parsed : position, method, &e,
                           sg_estimator_depth(est), &st, met_ko,
                           best_left, best_right, canonical, &cq, &cr);
            else
                print_human(position, method, &e, sg_estimator_depth(est), &st, met_ko,
                            best_left, best_right,
                            canonical, svg_path, &cq, &cr);
            free(text);
            free(parsed);
        } else if (rc == SG_ERR_BUDGET && sg_meter_expired(&meter)) {
            char why[120];
            sg_meter_reason(&meter, why, sizeof why);
            cli_fail("analyze: stopped at %s after %llu nodes and %.1f s", why,
                     (unsigned long long)meter.count, sg_meter_elapsed(&meter));
            status = EXIT_LIMIT;
        } else {
            status = cli_fail("analyze: %s", err[0] ? err : "analysis failed");
        }
    }
    free(canonical);
    cool_result_free(&cr);
    sg_estimator_free(est);
    catalog_close(cat);
    free(gtext);
    free(pos_args);
    return status;
}
