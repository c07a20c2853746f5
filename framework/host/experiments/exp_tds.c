/* kind = agree, errors, depth: sumgame experiment FILE.ini [--sizes LIST] [--deltas LIST]
 *                             [--depths LIST] [--combine average|max|auto] [--json]
 *
 * TDS accuracy experiments over stored databases of n-point rooms (`game` and `data`
 * keys; docs/results/tds-experiment-1.md has the paper's), as in the TDS paper (Müller, Enzenberger, Schaeffer 2004):
 *   kind = agree   Experiment 1: exact TDS against the exact mean and temperature of
 *                  every room; counts of rooms that agree, per size and delta.
 *   kind = errors  Experiment 2 (Tables 1 and 2): average and maximum absolute error of
 *                  t and mu per delta and size, complete searches.
 *   kind = depth   Experiment 3 (Figure 3): average absolute error of t per search depth
 *                  and size, depth-limited (heuristic) TDS with the game's evaluation at
 *                  the leaves.
 * Every estimate runs one search per player moving first (and the lowering searches);
 * the two means are averaged, the temperatures combined as `combine` says. The stack is
 * C_-1(t_max, delta) with t_max = n - 3 + delta (the paper's) unless tmax is given.
 * Each (size, delta, depth) cell uses a fresh TDS engine, so cells do not share a
 * transposition table and results do not depend on the order of the cells.
 *
 * The INI file holds one section [experiment]; keys: kind, sizes, deltas, depths, tmax,
 * combine, grid (none, or paper: TDS is told that a room's temperatures are multiples of
 * 2^(3-n), as the paper states), data (the database path, {n} standing for the size),
 * title. Errors are one line "file:line: ...". Output: Markdown tables on stdout, or one
 * JSON object; progress on stderr when it is a terminal. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/cli/args.h"
#include "host/check/catalog.h"
#include "host/cli/cli.h"
#include "host/cli/progress.h"
#include "host/experiments/experiment.h"
#include "sumgame/clock.h"
#include "host/cli/config.h"
#include "host/cli/json.h"
#include "sumgame/params.h"
#include "sumgame/tds.h"
#include "sumgame/game_call.h"

#define LIST_MAX 32

typedef enum kind { KIND_AGREE = 0, KIND_ERRORS = 1, KIND_DEPTH = 2 } kind;
static const char *const kind_names[] = { "agree", "errors", "depth", NULL };
static const char *const combine_names[] = { "auto", "max", "average", NULL };
static const char *const known_keys[] = { "kind",  "sizes", "deltas", "depths", "tmax",
                                          "combine", "data", "title", "grid", "game", "enhancements", NULL };
static const char *const grid_names[] = { "none", "paper", NULL };

typedef struct plan {
    kind what;
    const char *title;
    int sizes[LIST_MAX];
    size_t nsizes;
    /* deltas: paper[i] means 2^(2-n) for each size */
    sg_value deltas[LIST_MAX];
    bool paper[LIST_MAX];
    size_t ndeltas;
    int depths[LIST_MAX];
    size_t ndepths;
    bool has_tmax;
    sg_value tmax;
    sg_tds_combine combine;
    bool grid; /* tell TDS the paper's grid: temperatures are multiples of 2^(3-n) */
    unsigned enhancements; /* TDS+'s (sumgame/tds.h); default none, the 2004 TDS */
    const char *data;
    const char *game; /* whose positions the data files hold */
} plan;

/* One cell of the experiment. */
typedef struct cell {
    int size, depth;
    sg_value delta, tmax;
    size_t rooms, agree, failed, exact_results;
    double sum_t, sum_mu; /* absolute errors */
    sg_value max_t, max_mu;
    uint64_t nodes;
    double seconds;
    bool skip; /* the same size, delta and depth as an earlier cell (paper = 1/16 at n = 6) */
} cell;

static int fail_at(char *err, size_t errlen, const sg_params *p, const sg_param *item,
                   const char *fmt, const char *what)
{
    sg_params_error(p, item, err, errlen, fmt, what);
    return SG_ERR_INVALID;
}

/* "1, 1/2, paper": deltas 1, 1/2, 1/4, ... or the word paper (2^(2-n)). */
static int parse_delta_list(const char *text, plan *pl)
{
    pl->ndeltas = 0;
    char buf[256];
    if (strlen(text) >= sizeof buf)
        return -1;
    strcpy(buf, text);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save)) {
        while (*tok == ' ' || *tok == '\t')
            tok++;
        size_t len = strlen(tok);
        while (len && (tok[len - 1] == ' ' || tok[len - 1] == '\t'))
            tok[--len] = '\0';
        if (pl->ndeltas >= LIST_MAX)
            return -1;
        size_t i = pl->ndeltas;
        if (strcmp(tok, "paper") == 0) {
            pl->paper[i] = true;
        } else {
            char e[128];
            sg_value v;
            if (sg_value_parse(tok, &v, e, sizeof e) != SG_OK || v.num != 1 || v.exp < 0 ||
                v.exp > 30)
                return -1;
            pl->paper[i] = false;
            pl->deltas[i] = v;
        }
        pl->ndeltas++;
    }
    return pl->ndeltas ? 0 : -1;
}

static int load_plan(const sg_config *cfg, const experiment_kind *ek, plan *pl, char *err,
                     size_t errlen)
{
    memset(pl, 0, sizeof *pl);
    const char *file = sg_config_file(cfg);
    for (size_t i = 0; i < sg_config_count(cfg); i++) {
        const sg_params *s = sg_config_section(cfg, i);
        if (strcmp(s->section, "experiment") != 0) {
            snprintf(err, errlen, "%s:%d: unknown section [%s] (expected [experiment])", file,
                     sg_config_section_line(cfg, i), s->section);
            return SG_ERR_INVALID;
        }
    }
    const sg_params *p = sg_config_find(cfg, "experiment");
    if (!p) /* the file changed since the kind was read from it */
        return cli_errf(err, errlen, "%s: missing section [experiment]", file);
    int combine;
    int rc = sg_params_check_known(p, known_keys, err, errlen);
    if (rc != SG_OK)
        return rc;
    /* The registry sent only this file's rows here. */
    pl->what = KIND_AGREE;
    for (int k = 0; kind_names[k]; k++)
        if (strcmp(kind_names[k], ek->name) == 0)
            pl->what = (kind)k;
    int def_combine = pl->what == KIND_AGREE ? SG_TDS_COMBINE_AUTO : SG_TDS_COMBINE_AVERAGE;
    if ((rc = sg_params_enum(p, "combine", combine_names, def_combine, &combine, err,
                             errlen)) != SG_OK)
        return rc;
    pl->combine = (sg_tds_combine)combine;
    int grid;
    if ((rc = sg_params_enum(p, "grid", grid_names, 0, &grid, err, errlen)) != SG_OK)
        return rc;
    pl->grid = grid == 1;
    const sg_param *enh = sg_params_find(p, "enhancements");
    if (enh) {
        char why[160];
        if (sg_tds_enhancements_parse(enh->value, &pl->enhancements, why, sizeof why) != SG_OK) {
            sg_params_error(p, enh, err, errlen, "%s", why);
            return SG_ERR_INVALID;
        }
    }
    pl->title = sg_params_string(p, "title", NULL);
    pl->data = sg_params_string(p, "data", NULL);
    pl->game = sg_params_string(p, "game", NULL);

    const sg_param *it = sg_params_find(p, "sizes");
    if (args_int_list(it ? it->value : "4-6", 2, 16, false, pl->sizes, LIST_MAX, &pl->nsizes) != 0)
        return fail_at(err, errlen, p, it, "sizes = %s: expected room sizes from 2 to 16, "
                                           "e.g. 4, 5, 6 or 4-6", it->value);
    it = sg_params_find(p, "deltas");
    const char *def_deltas = pl->what == KIND_AGREE    ? "paper, 1/16"
                             : pl->what == KIND_ERRORS ? "1, 1/2, 1/4, 1/8, 1/16"
                                                       : "1/2";
    if (parse_delta_list(it ? it->value : def_deltas, pl) != 0)
        return fail_at(err, errlen, p, it, "deltas = %s: expected a list of 1, 1/2, 1/4, ... "
                                           "or paper (2^(2-n))", it->value);
    it = sg_params_find(p, "depths");
    if (pl->what == KIND_DEPTH) {
        if (args_int_list(it ? it->value : "1-8", 1, 1000, false, pl->depths, LIST_MAX, &pl->ndepths) != 0)
            return fail_at(err, errlen, p, it, "depths = %s: expected plies from 1, e.g. "
                                               "1-10 or 1, 2, 4", it->value);
    } else {
        if (it)
            return fail_at(err, errlen, p, it, "depths = %s: only kind = depth limits the "
                                               "search depth", it->value);
        pl->depths[0] = 0;
        pl->ndepths = 1;
    }
    it = sg_params_find(p, "tmax");
    if (it && strcmp(it->value, "paper") != 0) {
        pl->has_tmax = true;
        if ((rc = sg_params_value(p, "tmax", sg_value_int(0), &pl->tmax, err, errlen)) != SG_OK)
            return rc;
        if (sg_value_cmp(pl->tmax, sg_value_int(0)) < 0)
            return fail_at(err, errlen, p, it, "tmax = %s: expected paper or a value >= 0",
                           it->value);
    }
    /* The host knows no game: the data and its game are named, never assumed. */
    if (!pl->game || !pl->data) {
        snprintf(err, errlen, "%s:%d: experiment: missing key '%s' (%s)", file,
                 sg_config_find_line(cfg, "experiment"), pl->game ? "data" : "game",
                 pl->game ? "the room databases' files, {n} standing for the "
                            "size"
                          : "the game of the data's positions, as `sumgame list` "
                            "names it");
        return SG_ERR_INVALID;
    }
    return SG_OK;
}

/* The database path for size n: data with {n} replaced. */
static void data_path(const plan *pl, int n, char *out, size_t cap)
{
    const char *at = strstr(pl->data, "{n}");
    if (!at)
        snprintf(out, cap, "%s", pl->data);
    else
        snprintf(out, cap, "%.*s%d%s", (int)(at - pl->data), pl->data, n, at + 3);
}

static sg_value abs_value(sg_value v)
{
    return sg_value_cmp(v, sg_value_int(0)) < 0 ? sg_value_neg(v) : v;
}

static int run_cell(const sg_game *game, const exp_room *rooms, size_t count, const plan *pl,
                    cell *c, progress_out *pr, char *err, size_t errlen)
{
    sg_tds *tds = sg_tds_new(0, err, errlen);
    if (!tds)
        return SG_ERR_NOMEM;
    sg_tds_set_enhancements(tds, pl->enhancements);
    sg_tds_config config = { .delta = c->delta, .has_tmax = true, .tmax = c->tmax,
                             .depth = c->depth, .combine = pl->combine };
    if (pl->grid) /* n - 2 moves at most: multiples of 2^(3-n) (the paper) */
        config.grid = c->size >= 3 ? sg_value_make(1, c->size - 3)
                                   : sg_value_int((int64_t)1 << (3 - c->size));
    char d[SG_VALUE_TEXT_MAX];
    sg_value_format(c->delta, d, sizeof d);
    double start = sg_clock_seconds();
    c->rooms = count;
    c->max_t = c->max_mu = sg_value_int(0);
    int rc = SG_OK;
    for (size_t i = 0; i < count && rc == SG_OK; i++) {
        if (progress_due(pr)) {
            char depth[32] = "";
            if (c->depth)
                snprintf(depth, sizeof depth, ", depth %d", c->depth);
            progress_show(pr, "experiment: size %d, delta %s%s: room %zu of %zu", c->size, d,
                          depth, i + 1, count);
        }
        _Alignas(16) unsigned char pos[SG_POS_MAX];
        char e[256];
        if ((rc = sg_gc_parse(game->desc, game->instance, rooms[i].position, pos, err, errlen)) !=
            SG_OK)
            break;
        sg_estimate est;
        if (sg_tds_estimate(tds, game, pos, &config, &est, e, sizeof e) != SG_OK) {
            /* Counted, so that one failing room does not hide the others. */
            c->failed++;
            continue;
        }
        c->nodes += est.nodes;
        if (est.exact)
            c->exact_results++;
        sg_value et = abs_value(sg_value_sub(est.temperature, rooms[i].temperature));
        sg_value em = abs_value(sg_value_sub(est.mean, rooms[i].mean));
        if (sg_value_eq(et, sg_value_int(0)) && sg_value_eq(em, sg_value_int(0)))
            c->agree++;
        c->sum_t += sg_value_to_double(et);
        c->sum_mu += sg_value_to_double(em);
        c->max_t = sg_value_max(c->max_t, et);
        c->max_mu = sg_value_max(c->max_mu, em);
    }
    progress_clear(pr);
    c->seconds = sg_clock_seconds() - start;
    sg_tds_free(tds);
    return rc;
}

static void fmt_value(sg_value v, char *buf, size_t cap) { sg_value_format(v, buf, cap); }

/* Average error with 4 decimals, as the paper's tables. */
static double avg(double sum, size_t n) { return n ? sum / (double)n : 0; }

static void print_markdown(const plan *pl, const cell *cells, size_t ncells, const char *file,
                           double total)
{
    char a[SG_VALUE_TEXT_MAX], b[SG_VALUE_TEXT_MAX];
    printf("# %s\n\n", pl->title ? pl->title : file);
    printf("kind = %s, combine = %s, grid = %s, t_max = %s\n\n", kind_names[pl->what],
           combine_names[pl->combine], pl->grid ? "2^(3-n)" : "none",
           pl->has_tmax ? "given" : "n - 3 + delta");
    if (pl->what == KIND_AGREE) {
        printf("| size | rooms | delta | t_max | agree | disagree | errors | seconds |\n");
        printf("| ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |\n");
        for (size_t i = 0; i < ncells; i++) {
            const cell *c = &cells[i];
            if (c->skip)
                continue;
            fmt_value(c->delta, a, sizeof a);
            fmt_value(c->tmax, b, sizeof b);
            printf("| %d | %zu | %s | %s | %zu | %zu | %zu | %.2f |\n", c->size, c->rooms, a, b,
                   c->agree, c->rooms - c->agree - c->failed, c->failed, c->seconds);
        }
    } else {
        /* rows: delta (errors) or depth (depth); columns: sizes */
        bool by_depth = pl->what == KIND_DEPTH;
        size_t nrows = by_depth ? pl->ndeltas * pl->ndepths : pl->ndeltas;
        const char *tables[] = { "Average absolute error of t / mu",
                                 "Maximum absolute error of t / mu", "Seconds" };
        for (int tb = 0; tb < 3; tb++) {
            printf("%s\n\n| %s |", tables[tb], by_depth ? "delta, depth" : "delta");
            for (size_t s = 0; s < pl->nsizes; s++)
                printf(" size %d |", pl->sizes[s]);
            printf("\n| ---: |");
            for (size_t s = 0; s < pl->nsizes; s++)
                printf(" ---: |");
            printf("\n");
            for (size_t r = 0; r < nrows; r++) {
                const cell *first = &cells[r];
                if (by_depth) {
                    fmt_value(first->delta, a, sizeof a);
                    printf("| %s, %d |", pl->paper[r / pl->ndepths] ? "paper" : a, first->depth);
                } else if (pl->paper[r]) {
                    printf("| 2^(2-n) |");
                } else {
                    fmt_value(first->delta, a, sizeof a);
                    printf("| %s |", a);
                }
                for (size_t s = 0; s < pl->nsizes; s++) {
                    const cell *c = &cells[s * nrows + r];
                    size_t n = c->rooms - c->failed;
                    if (tb == 0)
                        printf(" %.4f / %.4f |", avg(c->sum_t, n), avg(c->sum_mu, n));
                    else if (tb == 1)
                        printf(" %g / %g |", sg_value_to_double(c->max_t),
                               sg_value_to_double(c->max_mu));
                    else
                        printf(" %.2f |", c->seconds);
                }
                printf("\n");
            }
            printf("\n");
        }
        size_t failed = 0, inexact = 0, all = 0;
        for (size_t i = 0; i < ncells; i++) {
            failed += cells[i].failed;
            inexact += cells[i].rooms - cells[i].failed - cells[i].exact_results;
            all += cells[i].rooms;
        }
        printf("Estimates: %zu, of which %zu failed with an error and %zu came from "
               "depth-limited searches.\n", all, failed, inexact);
    }
    printf("\nTotal: %.1f s.\n", total);
}

static void print_json(const plan *pl, const cell *cells, size_t ncells, const char *file,
                       double total)
{
    char a[SG_VALUE_TEXT_MAX], b[SG_VALUE_TEXT_MAX], m1[SG_VALUE_TEXT_MAX],
        m2[SG_VALUE_TEXT_MAX];
    json_out o;
    json_out_init(&o, stdout);
    json_out_object(&o, NULL);
    json_out_string(&o, "file", file);
    json_out_string(&o, "kind", kind_names[pl->what]);
    json_out_string(&o, "combine", combine_names[pl->combine]);
    json_out_string(&o, "grid", grid_names[pl->grid]);
    json_out_fixed(&o, "seconds", total, 3);
    json_out_array(&o, "cells");
    for (size_t i = 0; i < ncells; i++) {
        const cell *c = &cells[i];
        if (c->skip)
            continue;
        size_t n = c->rooms - c->failed;
        fmt_value(c->delta, a, sizeof a);
        fmt_value(c->tmax, b, sizeof b);
        fmt_value(c->max_t, m1, sizeof m1);
        fmt_value(c->max_mu, m2, sizeof m2);
        json_out_newline(&o);
        json_out_object(&o, NULL);
        json_out_int(&o, "size", c->size);
        json_out_string(&o, "delta", a);
        json_out_string(&o, "tmax", b);
        json_out_int(&o, "depth", c->depth);
        json_out_uint(&o, "rooms", c->rooms);
        json_out_uint(&o, "agree", c->agree);
        json_out_uint(&o, "errors", c->failed);
        json_out_uint(&o, "exact", c->exact_results);
        json_out_fixed(&o, "avg_error_t", avg(c->sum_t, n), 6);
        json_out_fixed(&o, "avg_error_mean", avg(c->sum_mu, n), 6);
        json_out_string(&o, "max_error_t", m1);
        json_out_string(&o, "max_error_mean", m2);
        json_out_uint(&o, "nodes", c->nodes);
        json_out_fixed(&o, "seconds", c->seconds, 3);
        json_out_end(&o);
    }
    fputc('\n', stdout);
    json_out_end(&o);
    json_out_end(&o);
    fputc('\n', stdout);
}

/* The command line of the TDS kinds, which solve-time and ordering share: their options
 * are parsed for every kind and refused by name where they mean nothing. */
typedef struct command {
    const char *file, *plugin_path, *sizes, *deltas, *depths;
    int combine; /* -1: not given */
    bool json;
} command;

/* Reads argv into cmd; returns 0 or the exit status of an error it printed. */
static int parse_command(const experiment_kind *ek, int argc, char **argv, command *cmd)
{
    memset(cmd, 0, sizeof *cmd);
    cmd->combine = -1;
    const args_option options[] = {
        { "--plugin-path", ARGS_STRING, &cmd->plugin_path, 0, 0, NULL, "DIRS",
          "directories to look for plugins in first, ':' between them (each must exist)" },
        { "--json", ARGS_FLAG, &cmd->json, 0, 0, NULL, NULL,
          "print the results as one JSON object" },
        { "--sizes", ARGS_STRING, &cmd->sizes, 0, 0, NULL, "LIST",
          "room sizes, such as 4,5,6 or 4-6, overriding the file" },
        { "--deltas", ARGS_STRING, &cmd->deltas, 0, 0, NULL, "LIST",
          "coupon steps, such as 1,1/2 or paper, overriding the file" },
        { "--depths", ARGS_STRING, &cmd->depths, 0, 0, NULL, "LIST",
          "kind = depth: search depths in plies, such as 1-8" },
        { "--combine", ARGS_CHOICE, &cmd->combine, 0, 0, combine_names, NULL,
          "how the two players' temperatures become one (default auto)" },
    };
    char **pos_args = calloc((size_t)argc + 1, sizeof *pos_args);
    if (!pos_args)
        return cli_fail("experiment: out of memory");
    size_t npos = 0;
    int status = args_parse("experiment", argc, argv, options,
                            sizeof options / sizeof options[0], pos_args, &npos);
    cmd->file = npos ? pos_args[0] : NULL;
    if (status == 0 && npos == 0)
        status = experiment_usage_one_file(ek);
    else if (status == 0 && npos > 1)
        status = cli_usage("experiment: unexpected argument '%.80s'", pos_args[1]);
    free(pos_args);
    return status;
}

int experiment_run_config(const experiment_kind *ek, int argc, char **argv,
                          int (*run)(const sg_config *cfg, const char *plugin_path, bool json))
{
    command cmd;
    int status = parse_command(ek, argc, argv, &cmd);
    if (status != 0)
        return status;
    char err[512];
    sg_config *cfg = NULL;
    if (sg_config_load(cmd.file, &cfg, err, sizeof err) != SG_OK)
        return cli_fail("%s", err);
    status = cmd.sizes || cmd.deltas || cmd.depths || cmd.combine >= 0
                 ? cli_usage("experiment: --sizes, --deltas, --depths and --combine are for "
                             "the TDS kinds, not kind = %s", ek->name)
                 : run(cfg, cmd.plugin_path, cmd.json);
    sg_config_free(cfg);
    return status;
}

int exp_tds_run(const experiment_kind *ek, int argc, char **argv)
{
    command cmd;
    int status = parse_command(ek, argc, argv, &cmd);
    if (status != 0)
        return status;
    const char *file = cmd.file, *plugin_path = cmd.plugin_path, *sizes = cmd.sizes,
               *deltas = cmd.deltas, *depths = cmd.depths;
    int combine = cmd.combine;
    bool json = cmd.json;
    char err[512];
    sg_config *cfg = NULL;
    plan pl;
    if (sg_config_load(file, &cfg, err, sizeof err) != SG_OK)
        return cli_fail("%s", err);
    if (load_plan(cfg, ek, &pl, err, sizeof err) != SG_OK) {
        sg_config_free(cfg);
        return cli_fail("%s", err);
    }
    /* Command-line overrides. */
    if (sizes && args_int_list(sizes, 2, 16, false, pl.sizes, LIST_MAX, &pl.nsizes) != 0)
        status = cli_usage("experiment: --sizes '%.80s': expected room sizes from 2 to 16, "
                           "e.g. 4,5,6 or 4-6", sizes);
    else if (deltas && parse_delta_list(deltas, &pl) != 0)
        status = cli_usage("experiment: --deltas '%.80s': expected a list of 1, 1/2, 1/4, "
                           "... or paper", deltas);
    else if (depths && pl.what != KIND_DEPTH)
        status = cli_usage("experiment: --depths: only kind = depth limits the search depth");
    else if (depths && args_int_list(depths, 1, 1000, false, pl.depths, LIST_MAX, &pl.ndepths) != 0)
        status = cli_usage("experiment: --depths '%.80s': expected plies from 1, e.g. 1-10",
                           depths);
    if (combine >= 0)
        pl.combine = (sg_tds_combine)combine;
    if (status != 0) {
        sg_config_free(cfg);
        return status;
    }

    catalog *cat = NULL;
    sg_game *game = NULL;
    if (catalog_open(&cat, plugin_path, err, sizeof err) != SG_OK ||
        catalog_default_game(cat, pl.game, &game, err, sizeof err) != SG_OK) {
        catalog_close(cat);
        sg_config_free(cfg);
        return cli_fail("experiment: %s", err);
    }
    size_t rows = pl.ndeltas * pl.ndepths;
    size_t ncells = pl.nsizes * rows;
    cell *cells = calloc(ncells, sizeof *cells);
    if (!cells)
        status = cli_fail("experiment: out of memory");
    progress_out pr;
    progress_start(&pr, isatty(STDERR_FILENO));
    double start = sg_clock_seconds();
    for (size_t s = 0; status == 0 && s < pl.nsizes; s++) {
        int n = pl.sizes[s];
        char path[512];
        data_path(&pl, n, path, sizeof path);
        exp_room *rooms = NULL;
        size_t count = 0;
        if (exp_read_rooms(path, &rooms, &count, err, sizeof err) != SG_OK) {
            status = cli_fail("%s", err);
            break;
        }
        for (size_t r = 0; status == 0 && r < rows; r++) {
            size_t di = r / pl.ndepths;
            cell *c = &cells[s * rows + r];
            c->size = n;
            c->depth = pl.depths[r % pl.ndepths];
            c->delta = pl.paper[di] ? sg_value_make(1, n - 2) : pl.deltas[di];
            c->tmax = pl.has_tmax ? pl.tmax : sg_value_add(sg_value_int(n - 3), c->delta);
            for (size_t q = 0; q < r && pl.what == KIND_AGREE; q++)
                if (sg_value_eq(cells[s * rows + q].delta, c->delta))
                    c->skip = true;
            if (c->skip)
                continue;
            if (run_cell(game, rooms, count, &pl, c, &pr, err, sizeof err) != SG_OK)
                status = cli_fail("experiment: size %d: %s", n, err);
        }
        free(rooms);
    }
    double total = sg_clock_seconds() - start;
    if (status == 0) {
        if (json)
            print_json(&pl, cells, ncells, file, total);
        else
            print_markdown(&pl, cells, ncells, file, total);
        if (fflush(stdout) != 0)
            status = cli_fail("experiment: cannot write standard output: %s", strerror(errno));
    }
    free(cells);
    catalog_close(cat);
    sg_config_free(cfg);
    return status;
}
