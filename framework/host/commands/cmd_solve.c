/* sumgame solve SUM [--first left|right|both] [--method decomposition|summation]
 * [--nodes N] [--time S] [--memory SIZE] [--no-decompose] [--no-incentives] [--order NAME]
 * [--component-positions N] [--json]: the optimal score of a sum (its Left stop and Right
 * stop, as CGT defines them) and the normal-play winner for each first player, by
 * decomposition search (sumgame/solve.h), or by adding the components' canonical forms
 * (--method summation, sumgame/summation.h; the baseline of Müller and Li's Table 1).
 * --order picks the move ordering (none, prev, temp, temp+prev, incentive; auto is the
 * incentive order) and --no-incentives turns INC pruning off, the switches of Müller and
 * Li's experiments; every combination gives the same stops.
 *
 * The winner follows from the stop: a stop above 0 means Left wins and below 0 Right
 * wins, whoever moves first (L(G) > 0 gives G |> 0; R(G) > 0 gives G > 0; and so on with
 * signs swapped). A stop of 0 decides nothing, so then a normal-play outcome search
 * settles it.
 *
 * A limit that runs out ends the command with one line naming it and exit status 3;
 * with --json the object says "stopped" as well. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/cli/args.h"
#include "host/check/catalog.h"
#include "host/cli/cli.h"
#include "sumgame/fault.h"
#include "host/cli/limits_opt.h"
#include "host/cli/in_file.h"
#include "host/cli/json.h"
#include "host/cli/progress.h"
#include "sumgame/solve.h"
#include "sumgame/summation.h"

struct answer {
    bool asked;
    sg_value stop;
    const char *winner; /* "left" or "right" */
    bool has_move;
    char move[256];
};

static const char *const firsts[] = { "left", "right", "both", NULL };
static const char *const methods[] = { "decomposition", "summation", NULL };
enum { METHOD_DECOMPOSITION = 0, METHOD_SUMMATION = 1 };

/* Joins the positional arguments, so an unquoted "rcg:1 + rcg:2" is one sum. */
static char *join(char **args, size_t n)
{
    size_t len = 1;
    for (size_t i = 0; i < n; i++)
        len += strlen(args[i]) + 1;
    char *s = malloc(len);
    if (!s)
        return NULL;
    s[0] = '\0';
    for (size_t i = 0; i < n; i++) {
        if (i)
            strcat(s, " ");
        strcat(s, args[i]);
    }
    return s;
}

/* The sum as parsed: its live components in their games' own notation, then the numbers
 * already frozen out of them ("rcg:{3|-1} + 7/2"), or the number when nothing is live. */
static void parsed_text(const sg_sum *sum, char *buf, size_t cap)
{
    char frozen[SG_VALUE_TEXT_MAX];
    sg_value_format(sg_sum_frozen(sum), frozen, sizeof frozen);
    bool show_frozen = sg_value_cmp(sg_sum_frozen(sum), sg_value_int(0)) != 0;
    if (sg_sum_is_over(sum) || sg_sum_format(sum, buf, cap) != SG_OK) {
        snprintf(buf, cap, "%s", frozen);
        return;
    }
    size_t used = strlen(buf);
    if (show_frozen)
        snprintf(buf + used, cap - used, " + %s", frozen);
}

/* "sum" (as given) and "parsed" (parsed_text): the last keys of every JSON answer, so
 * the keys that came before them keep their places. */
static void put_input(json_out *o, const char *given, const sg_sum *sum)
{
    char parsed[8192];
    parsed_text(sum, parsed, sizeof parsed);
    json_out_string(o, "sum", given);
    json_out_string(o, "parsed", parsed);
}

static void put_components(json_out *o, const sg_solver *solver, const sg_sum *sum)
{
    json_out_array(o, "reduced_components");
    for (size_t i = 0; i < sg_sum_count(sum); i++) {
        const char *why;
        bool reduced = sg_solver_reduced(solver, i, &why);
        char text[4096];
        sg_game *g = sg_sum_game(sum, i);
        json_out_object(o, NULL);
        json_out_uint(o, "component", i + 1);
        json_out_string(o, "game", g->desc->name);
        json_out_bool(o, "reduced", reduced);
        if (reduced && sg_solver_component_text(solver, i, text, sizeof text) == SG_OK)
            json_out_string(o, "canonical", text);
        else if (!reduced)
            json_out_string(o, "why", why);
        json_out_end(o);
    }
    json_out_end(o);
}

/* One first player's keys: its stop (unless outcome only), winner and best move (null
 * when the sum is a number), named after it ("left_first", "left_first_winner", ...). */
static void put_answer(json_out *o, const char *name, const struct answer *a, bool stop)
{
    char key[64];
    if (stop) {
        char v[SG_VALUE_TEXT_MAX];
        sg_value_format(a->stop, v, sizeof v);
        json_out_string(o, name, v);
    }
    snprintf(key, sizeof key, "%s_winner", name);
    json_out_string(o, key, a->winner);
    snprintf(key, sizeof key, "best_move_%s", name);
    json_out_string(o, key, a->has_move ? a->move : NULL);
}

static const char *const answer_names[2] = { "left_first", "right_first" };

static void print_json(const char *given, const sg_solver *solver, const sg_sum *sum,
                       const struct answer *ans, bool outcome, uint64_t nodes, double seconds,
                       const char *stopped, size_t line)
{
    json_out o;
    json_out_init(&o, stdout);
    json_out_object(&o, NULL);
    if (line)
        json_out_uint(&o, "line", line);
    if (outcome)
        json_out_bool(&o, "outcome", true);
    for (int i = 0; i < 2; i++)
        if (ans[i].asked)
            put_answer(&o, answer_names[i], &ans[i], !outcome);
    const char *inexact = sg_solver_inexact_reason(solver);
    json_out_bool(&o, "exact", !stopped && !inexact[0]);
    if (inexact[0])
        json_out_string(&o, "inexact_reason", inexact);
    if (stopped)
        json_out_string(&o, "stopped", stopped);
    put_components(&o, solver, sum);
    json_out_uint(&o, "nodes", nodes);
    json_out_fixed(&o, "seconds", seconds, 6);
    put_input(&o, given, sum);
    json_out_end(&o);
    fputc('\n', stdout);
}

static void print_text(const sg_solver *solver, const sg_sum *sum, const struct answer *ans,
                       bool outcome, uint64_t nodes, double seconds)
{
    static const char *const labels[2] = { "left first: ", "right first:" };
    /* The live components, then the numbers already frozen out of them. */
    char text[8192];
    parsed_text(sum, text, sizeof text);
    printf("sum:         %s%s\n", text, sg_sum_is_over(sum) ? " (a number)" : "");
    for (int i = 0; i < 2; i++) {
        if (!ans[i].asked)
            continue;
        char v[SG_VALUE_TEXT_MAX];
        sg_value_format(ans[i].stop, v, sizeof v);
        const char *move = ans[i].has_move ? ans[i].move : "none (the sum is a number)";
        if (outcome)
            printf("%s %s wins, %s %s\n", labels[i], ans[i].winner,
                   strcmp(ans[i].winner, i == 0 ? "left" : "right") == 0 ? "winning move"
                                                                          : "a move",
                   move);
        else
            printf("%s %s, %s wins, best move %s\n", labels[i], v, ans[i].winner, move);
    }
    size_t n = sg_sum_count(sum), reduced = 0;
    for (size_t i = 0; i < n; i++)
        reduced += sg_solver_reduced(solver, i, NULL);
    if (n)
        printf("reduced:     %zu of %zu components to canonical forms\n", reduced, n);
    const char *inexact = sg_solver_inexact_reason(solver);
    if (inexact[0])
        printf("exact:       no: %s\n", inexact);
    printf("nodes:       %llu\nseconds:     %.3f\n", (unsigned long long)nodes, seconds);
}

/* What one sum is solved with: the command's options. */
struct solve_opts {
    sg_solve_config config;
    int first, method;
    bool json, outcome;
    unsigned long long reduce_days;
};

/* An error of one sum: on its own line of stderr, prefixed with where it came from in a
 * batch ("FILE:LINE: "), and in --json batches also as an object, so that the output
 * keeps one line per case. */
/* "sumgame: solve: [WHERE: ]MSG" on stderr; status. */
static int where_fail(const char *where, int status, const char *msg)
{
    if (where)
        return cli_fail_status(status, "solve: %s: %s", where, msg);
    return cli_fail_status(status, "solve: %s", msg);
}

static int sum_fail(const struct solve_opts *o, const char *where, size_t line,
                    const char *text, int status, const char *msg)
{
    if (where && o->json) {
        json_out j;
        json_out_init(&j, stdout);
        json_out_object(&j, NULL);
        json_out_uint(&j, "line", line);
        json_out_string(&j, "error", msg);
        json_out_string(&j, "sum", text);
        json_out_end(&j);
        fputc('\n', stdout);
    }
    return where_fail(where, status, msg);
}

/* --method summation: the canonical form of the whole sum gives the stops, its outcome
 * class the winners, and one more summation per component a best move. */
static int solve_by_summation(const char *given, const sg_sum *sum,
                              const struct solve_opts *opts, const char *where, size_t line)
{
    int first = opts->first;
    bool json = opts->json;
    const sg_limits *limits = &opts->config.limits;
    sg_meter meter;
    sg_meter_start(&meter, limits);
    progress_line progress;
    progress_attach(&progress, "solve", &meter);
    char err[512] = "";
    sg_cgt *table = sg_cgt_new();
    struct answer ans[2];
    memset(ans, 0, sizeof ans);
    sg_cg g = 0;
    int rc = table ? sg_summation(table, sum, &meter, &g, err, sizeof err) : SG_ERR_NOMEM;
    sg_value stops[2] = { sg_value_int(0), sg_value_int(0) };
    sg_player winners[2] = { SG_LEFT, SG_LEFT };
    if (rc == SG_OK) {
        sg_cgt_stops(table, g, &stops[0], &stops[1]);
        sg_cmp c = sg_cgt_compare(table, g, sg_cgt_number(table, sg_value_int(0)));
        winners[0] = c == SG_CMP_GREATER || c == SG_CMP_FUZZY ? SG_LEFT : SG_RIGHT;
        winners[1] = c == SG_CMP_GREATER || c == SG_CMP_EQUAL ? SG_LEFT : SG_RIGHT;
    }
    for (int i = 0; i < 2 && rc == SG_OK; i++) {
        if (first != 2 && first != i)
            continue;
        bool found = false;
        sg_sum_move mv;
        rc = sg_summation_best_move(table, sum, i == 0 ? SG_LEFT : SG_RIGHT, &meter, &found, &mv,
                                    err, sizeof err);
        if (rc != SG_OK)
            break;
        ans[i].asked = true;
        ans[i].stop = stops[i];
        ans[i].winner = winners[i] == SG_LEFT ? "left" : "right";
        ans[i].has_move = found && sg_sum_format_move_for(sum, i == 0 ? SG_LEFT : SG_RIGHT, mv,
                                                           ans[i].move, sizeof ans[i].move) == SG_OK;
    }
    progress_done(&progress);
    uint64_t nodes = meter.count;
    double seconds = sg_meter_elapsed(&meter);
    size_t forms = table ? sg_cgt_size(table) : 0;
    sg_cgt_free(table);
    if (rc == SG_ERR_BUDGET) {
        if (json) {
            json_out o;
            json_out_init(&o, stdout);
            json_out_object(&o, NULL);
            if (line)
                json_out_uint(&o, "line", line);
            json_out_string(&o, "method", "summation");
            json_out_bool(&o, "exact", false);
            json_out_string(&o, "stopped", err);
            json_out_uint(&o, "nodes", nodes);
            json_out_fixed(&o, "seconds", seconds, 6);
            put_input(&o, given, sum);
            json_out_end(&o);
            fputc('\n', stdout);
        }
        return where_fail(where, EXIT_LIMIT, err);
    }
    if (rc != SG_OK)
        return sum_fail(opts, where, line, given, 1, err[0] ? err : "out of memory");
    if (json) {
        json_out o;
        json_out_init(&o, stdout);
        json_out_object(&o, NULL);
        if (line)
            json_out_uint(&o, "line", line);
        json_out_string(&o, "method", "summation");
        for (int i = 0; i < 2; i++)
            if (ans[i].asked)
                put_answer(&o, answer_names[i], &ans[i], true);
        json_out_bool(&o, "exact", true);
        json_out_uint(&o, "forms", forms);
        json_out_uint(&o, "nodes", nodes);
        json_out_fixed(&o, "seconds", seconds, 6);
        put_input(&o, given, sum);
        json_out_end(&o);
        fputc('\n', stdout);
        return 0;
    }
    if (where)
        printf("line:        %zu\n", line);
    static const char *const labels[2] = { "left first: ", "right first:" };
    for (int i = 0; i < 2; i++) {
        if (!ans[i].asked)
            continue;
        char v[SG_VALUE_TEXT_MAX];
        sg_value_format(ans[i].stop, v, sizeof v);
        printf("%s %s, %s wins, best move %s\n", labels[i], v, ans[i].winner,
               ans[i].has_move ? ans[i].move : "none (the sum is a number)");
    }
    printf("method:      summation (%zu games in the canonical-form table)\n"
           "nodes:       %llu\nseconds:     %.3f\n",
           forms, (unsigned long long)nodes, seconds);
    return 0;
}

/* --params GAME:K=V,...: the instance of GAME that the sum's components use. */
static int configure_params(catalog *cat, const char *text, char *err, size_t errlen)
{
    const char *colon = strchr(text, ':');
    char *copy = strdup(text);
    if (!colon || !copy) {
        free(copy);
        snprintf(err, errlen, "--params takes GAME:KEY=VALUE[,KEY=VALUE...], not '%.40s'", text);
        return SG_ERR_INVALID;
    }
    copy[colon - text] = '\0';
    sg_param items[32];
    sg_params params = { "command line", "solve --params", items, 0 };
    for (char *item = strtok(copy + (colon - text) + 1, ","); item && params.count < 32;
         item = strtok(NULL, ",")) {
        char *eq = strchr(item, '=');
        if (!eq) {
            snprintf(err, errlen, "--params: '%.40s' is not KEY=VALUE", item);
            free(copy);
            return SG_ERR_INVALID;
        }
        *eq = '\0';
        items[params.count++] = (sg_param){ item, eq + 1, 0 };
    }
    int rc = catalog_configure_game(cat, copy, &params, err, errlen);
    free(copy);
    return rc;
}

/* Parses and solves one sum; its exit status. where and line name it in a batch (NULL
 * and 0 for the command line's sum). */
static int solve_one(catalog *cat, const char *text, const struct solve_opts *o,
                     const char *where, size_t line)
{
    sg_sum *sum = sg_sum_new(SG_FREEZE_NUMBERS);
    sg_solver *solver = NULL;
    progress_line progress;
    char err[512];
    int status = 0;
    int first = o->first;
    bool json = o->json, outcome = o->outcome;
    if (!sum) {
        status = sum_fail(o, where, line, text, 1, "out of memory");
    } else if (catalog_parse_sum(cat, text, sum, err, sizeof err) != SG_OK) {
        status = sum_fail(o, where, line, text, 1, err);
    } else if (o->method == METHOD_SUMMATION) {
        status = solve_by_summation(text, sum, o, where, line);
    } else if (sg_solver_new(&o->config, &solver, err, sizeof err) != SG_OK) {
        status = sum_fail(o, where, line, text, 1, err);
    } else {
        progress_attach(&progress, "solve", sg_solver_meter(solver));
        struct answer ans[2];
        memset(ans, 0, sizeof ans);
        if (outcome)
            sg_solver_set_reduce_days(solver, (unsigned)o->reduce_days);
        int rc = sg_solver_load(solver, sum, err, sizeof err);
        for (int i = 0; i < 2 && rc == SG_OK; i++) {
            if (first != 2 && first != i)
                continue;
            sg_solve_answer a;
            rc = outcome ? sg_solver_outcome(solver, i == 0 ? SG_LEFT : SG_RIGHT, &a, err,
                                             sizeof err)
                         : sg_solver_solve(solver, i == 0 ? SG_LEFT : SG_RIGHT, &a, err,
                                           sizeof err);
            if (rc != SG_OK)
                break;
            ans[i].asked = true;
            ans[i].stop = a.stop;
            ans[i].winner = a.winner == SG_LEFT ? "left" : "right";
            ans[i].has_move = a.has_move &&
                              sg_sum_format_move_for(sum, i == 0 ? SG_LEFT : SG_RIGHT, a.move,
                                                     ans[i].move, sizeof ans[i].move) == SG_OK;
        }
        progress_done(&progress);
        sg_meter *m = sg_solver_meter(solver);
        uint64_t nodes = m->count;
        double seconds = sg_meter_elapsed(m);
        if (rc == SG_OK && json) {
            print_json(text, solver, sum, ans, outcome, nodes, seconds, NULL, line);
        } else if (rc == SG_OK) {
            if (where)
                printf("line:        %zu\n", line);
            print_text(solver, sum, ans, outcome, nodes, seconds);
        } else if (rc == SG_ERR_BUDGET) {
            if (json)
                print_json(text, solver, sum, ans, outcome, nodes, seconds, err, line);
            status = where_fail(where, EXIT_LIMIT, err);
        } else {
            status = sum_fail(o, where, line, text, 1, err);
        }
    }
    sg_solver_free(solver);
    sg_sum_free(sum);
    return status;
}

/* --batch FILE: one sum per line (blank lines and lines starting with '#' skipped), each
 * solved as the command line's sum would be, under limits of its own; the plugins are
 * loaded once. The exit status is the worst of the lines': 1 for an error, else 3 for a
 * limit, else 0. A batch of many quick sums shows where it is (each sum's own progress
 * line shows only when that sum runs longer than a second). */
static int solve_batch(catalog *cat, const char *path, const struct solve_opts *o)
{
    char err[512];
    FILE *f = in_file_open(path, err, sizeof err);
    if (!f)
        return cli_fail("solve: --batch: %s", err);
    char *buf = NULL;
    size_t cap = 0, lineno = 0;
    int worst = 0;
    size_t solved = 0, failed = 0;
    ssize_t n;
    progress_out progress;
    progress_start(&progress, isatty(STDERR_FILENO));
    while ((n = in_file_line(f, &buf, &cap, path, lineno + 1, err, sizeof err)) >= 0) {
        lineno++;
        while (n > 0 && (buf[n - 1] == '\n' || buf[n - 1] == '\r'))
            buf[--n] = '\0';
        const char *text = buf + strspn(buf, " \t");
        if (!*text || *text == '#')
            continue;
        char where[512];
        snprintf(where, sizeof where, "%.400s:%zu", path, lineno);
        progress_clear(&progress);
        fflush(stdout);
        int status = solve_one(cat, text, o, where, lineno);
        if (status != 0 && worst != 1)
            worst = status;
        *(status == 0 ? &solved : &failed) += 1;
        fflush(stdout);
        if (progress_elapsed(&progress) >= 1.0) /* as the meter's progress starts */
            progress_show(&progress, "solve: %.300s: line %zu, %zu solved, %zu not, %.*f s",
                          path, lineno, solved, failed, progress.tty ? 1 : 0,
                          progress_elapsed(&progress));
    }
    progress_clear(&progress);
    if (n == -2 || ferror(f))
        worst = cli_fail("solve: --batch: %s", n == -2 ? err : "read error");
    free(buf);
    fclose(f);
    return worst;
}

int cmd_solve(int argc, char **argv)
{
    /* A crash inside a game plugin is named in one line, not a silent exit 139. */
    sg_fault_install(sg_fault_cli, "solve");
    const char *plugin_path = NULL, *game_params = NULL, *batch = NULL;
    int first = 2, method = METHOD_DECOMPOSITION, order = SG_ORDER_AUTO;
    bool json = false, no_decompose = false, no_incentives = false, outcome = false;
    unsigned long long reduce_days = 0;
    unsigned long long component_positions = 0;
    limits_opt lo = { 0 };
    const args_option options[] = {
        { "--plugin-path", ARGS_STRING, &plugin_path, 0, 0, NULL, "DIRS",
          "directories to look for plugins in first, ':' between them (each must exist)" },
        { "--batch", ARGS_STRING, &batch, 0, 0, NULL, "FILE",
          "solve every sum of FILE, one a line ('#' comments), in one process; limits "
          "hold for each sum" },
        { "--params", ARGS_STRING, &game_params, 0, 0, NULL, "GAME:K=V,...",
          "create GAME with these parameters (go:rules=territory)" },
        { "--first", ARGS_CHOICE, &first, 0, 0, firsts, NULL,
          "who moves first: left, right, or both (the default), one answer each" },
        { "--method", ARGS_CHOICE, &method, 0, 0, methods, NULL,
          "decomposition search (the default) or summation of the components' canonical forms" },
        { "--json", ARGS_FLAG, &json, 0, 0, NULL, NULL,
          "print the result as one JSON object" },
        { "--no-decompose", ARGS_FLAG, &no_decompose, 0, 0, NULL, NULL,
          "search every component as it is instead of replacing it by its canonical form" },
        { "--no-incentives", ARGS_FLAG, &no_incentives, 0, 0, NULL, NULL,
          "keep moves whose incentives are dominated (no INC pruning)" },
        { "--order", ARGS_CHOICE, &order, 0, 0, sg_order_names, NULL,
          "the move ordering (default auto); the answer does not depend on it" },
        { "--component-positions", ARGS_UINT, &component_positions, 1, UINT64_MAX, NULL, "N",
          "analyse at most N positions of one component; past that the answer may say exact: no" },
        { "--outcome", ARGS_FLAG, &outcome, 0, 0, NULL, NULL,
          "answer only who wins (normal play), by a boolean search" },
        { "--reduce-days", ARGS_UINT, &reduce_days, 1, UINT32_MAX, NULL, "D",
          "with --outcome: components of birthday at most D are replaced by canonical forms "
          "(default 4)" },
        LIMITS_OPTIONS(lo),
    };
    char **pos_args = calloc((size_t)argc + 1, sizeof *pos_args);
    if (!pos_args)
        return cli_fail("solve: out of memory");
    size_t npos = 0;
    int status = args_parse("solve", argc, argv, options, sizeof options / sizeof options[0],
                            pos_args, &npos);
    if (status == 0 && npos == 0 && !batch)
        status = cli_usage("solve: missing SUM (try 'sumgame solve --help')");
    if (status == 0 && npos > 0 && batch)
        status = cli_usage("solve: --batch takes its sums from FILE, not from the command line");
    if (status == 0 && method == METHOD_SUMMATION &&
        (no_decompose || no_incentives || component_positions || order != SG_ORDER_AUTO ||
         outcome || reduce_days))
        status = cli_usage("solve: --method summation takes no --no-decompose, "
                           "--no-incentives, --order, --component-positions, --outcome or "
                           "--reduce-days");
    if (status == 0 && reduce_days && !outcome)
        status = cli_usage("solve: --reduce-days goes with --outcome");
    if (outcome && !reduce_days)
        reduce_days = SG_SOLVE_OUTCOME_DAYS;
    sg_solve_config config = { .no_decompose = no_decompose,
                               .no_incentives = no_incentives,
                               .order = (sg_order)order,
                               .component_positions = component_positions };
    if (status == 0)
        status = limits_opt_parse("solve", &lo, &config.limits);
    char *text = status == 0 && !batch ? join(pos_args, npos) : NULL;
    free(pos_args);
    if (status != 0)
        return status;
    if (!text && !batch)
        return cli_fail("solve: out of memory");

    catalog *cat = NULL;
    struct solve_opts o = { config, first, method, json, outcome, reduce_days };
    char err[512];
    if (catalog_open(&cat, plugin_path, err, sizeof err) != SG_OK ||
        (game_params && configure_params(cat, game_params, err, sizeof err) != SG_OK))
        status = cli_fail("solve: %s", err);
    else if (batch)
        status = solve_batch(cat, batch, &o);
    else
        status = solve_one(cat, text, &o, NULL, 0);
    catalog_close(cat);
    free(text);
    return status;
}
