/* kind = solve-time: Müller and Li's exact search experiments (Tables 1 to 5 of "Locally
 * informed global search for sums of combinatorial games"): the total time to solve
 * `instances` random sums of `components` rcg(levels, size) trees, per method (a row) and
 * number of components (a column).
 *
 * [experiment]
 * kind = solve-time
 * title = ...                    ; optional
 * levels = 2                     ; rcg(levels, size)
 * size = 50
 * components = 2-13              ; the columns: "2-13", "2, 3, 5" or a mix
 * instances = 100                ; sums per cell
 * seed = 1                       ; positions as `sumgame match` makes them (experiment.h)
 * cap = 600                      ; seconds per cell; a row ends at its first cell over it
 * clock = wall                   ; what the cap counts: wall (wall-clock seconds) or cpu
 *                                ; (the process's CPU seconds: on a shared machine
 *                                ; they vary less; an instance then stops at 4x the CPU
 *                                ; time left, in wall-clock seconds, plus one)
 * extend = no                    ; yes: a row goes on past the listed columns, one
 *                                ; component more each time, until a cell passes its cap
 * max_components = 100           ; where extend stops in any case
 * memory = 8G                    ; resident memory limit of each solve (default: the
 *                                ; meter's, below the machine's)
 * methods = temp, temp_inc       ; rows, each a [method.NAME] section
 *
 * [method.NAME]
 * label = TEMP + INC             ; row title (default NAME)
 * method = search                ; search (sumgame/solve.h) or summation
 *                                ; (sumgame/summation.h)
 * order = temp                   ; auto|none|prev|temp|temp+prev|incentive (search)
 * incentives = yes               ; INC pruning (search)
 * decompose = no                 ; replace components by canonical forms (search)
 * cap = 120                      ; this row's cap (default: the experiment's)
 * extend = yes                   ; this row's extend (default: the experiment's)
 * components = 2-13, 20, 24      ; this row's columns (default: the experiment's); the
 *                                ; other rows' columns it skips show "-"
 *
 * Each instance is solved for one first player, Left, by a fresh solver (its creation,
 * the components' analysis and the search are timed, parsing the text is not), under a
 * meter whose time limit is what is left of the cell's cap, so a cell never runs past
 * it. A cell's time is the sum over its instances (wall clock; CPU seconds and nodes are
 * reported beside it). When stderr is not a terminal, each finished cell is also logged
 * there as one line "experiment: cell {JSON}", so a long run that is stopped keeps what
 * it did. Every Left stop is compared with the one the first row that
 * solved the same instance found: a disagreement is a bug and is reported as an error
 * naming the instance. Errors are one line each on stderr; the tables are still printed,
 * and the exit status is then 1. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "host/cli/args.h"
#include "host/check/catalog.h"
#include "host/cli/cli.h"
#include "host/cli/progress.h"
#include "host/cli/json.h"
#include "host/experiments/experiment.h"
#include "sumgame/clock.h"
#include "sumgame/params.h"
#include "sumgame/solve.h"
#include "sumgame/summation.h"

#define COLUMNS_MAX 1000
#define METHODS_MAX 16
#define INSTANCES_MAX 100000

static const char *const st_keys[] = { "kind",   "title",  "levels",   "size",
                                       "components", "instances", "seed", "cap",
                                       "clock", "extend", "max_components", "memory",
                                       "methods", NULL };
static const char *const clock_names[] = { "wall", "cpu", NULL };
static const char *const method_keys[] = { "label", "method", "order", "incentives",
                                           "decompose", "cap", "extend", "components",
                                           NULL };
static const char *const method_kinds[] = { "search", "summation", NULL };

typedef struct method_spec {
    const char *name, *label;
    bool summation;
    sg_order order;
    bool incentives, decompose, extend;
    double cap;
    int listed[COLUMNS_MAX]; /* this row's columns */
    size_t nlisted;
} method_spec;

typedef enum cell_status {
    CELL_NOT_RUN = 0,
    CELL_SKIPPED, /* not among the row's columns */
    CELL_DONE,
    CELL_OVER_CAP,
    CELL_OUT_OF_MEMORY,
    CELL_ERROR
} cell_status;
static const char *const status_names[] = { "not_run", "skipped", "ok", "over_cap",
                                            "out_of_memory", "error" };

typedef struct cell {
    cell_status status;
    double seconds, cpu;
    uint64_t nodes;
    unsigned solved;
    unsigned outcome_searches; /* Left stop 0: the solver also searched for the winner */
    unsigned disagreements;
} cell;

/* One number of components: its positions (made on first use) and the stops found. */
typedef struct column {
    int components;
    char **texts;
    sg_value *stops;
    int *stop_row; /* row that found stops[i], -1 none */
} column;

typedef struct st_plan {
    const char *file, *title;
    int levels, size;
    int listed[COLUMNS_MAX];
    size_t nlisted;
    unsigned instances;
    uint64_t seed;
    double cap;
    bool cpu_clock;
    bool extend;
    int max_components;
    uint64_t memory;
    method_spec methods[METHODS_MAX];
    size_t nmethods;
} st_plan;

static int bad(char *err, size_t errlen, const sg_params *p, const sg_param *it, const char *msg)
{
    sg_params_error(p, it, err, errlen, "%s = %s: %s", it->key, it->value, msg);
    return SG_ERR_INVALID;
}

static int load_method(const sg_config *cfg, const sg_params *exp, const sg_param *list,
                       const char *name, const st_plan *pl, method_spec *m, char *err,
                       size_t errlen)
{
    char section[128];
    if (snprintf(section, sizeof section, "method.%s", name) >= (int)sizeof section ||
        !sg_config_find(cfg, section)) {
        sg_params_error(exp, list, err, errlen, "methods: no section [method.%.60s]", name);
        return SG_ERR_INVALID;
    }
    const sg_params *p = sg_config_find(cfg, section);
    m->name = p->section + strlen("method.");
    int kind, order;
    int rc = sg_params_check_known(p, method_keys, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(p, "method", method_kinds, 0, &kind, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(p, "order", sg_order_names, SG_ORDER_AUTO, &order, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_bool(p, "incentives", true, &m->incentives, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_bool(p, "decompose", true, &m->decompose, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_seconds(p, "cap", pl->cap, &m->cap, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_bool(p, "extend", pl->extend, &m->extend, err, errlen);
    if (rc != SG_OK)
        return rc;
    const sg_param *it = sg_params_find(p, "components");
    if (!it) {
        memcpy(m->listed, pl->listed, pl->nlisted * sizeof *m->listed);
        m->nlisted = pl->nlisted;
    } else if (args_int_list(it->value, 1, pl->max_components, true, m->listed, COLUMNS_MAX,
                             &m->nlisted) != 0) {
        return bad(err, errlen, p, it, "expected increasing counts from 1 to max_components, "
                                       "e.g. 2-13 or 2, 3, 5");
    }
    m->summation = kind == 1;
    m->order = (sg_order)order;
    m->label = sg_params_string(p, "label", m->name);
    if (m->summation)
        for (const char *const *k = method_keys + 2; *k && strcmp(*k, "cap") != 0; k++)
            if (sg_params_find(p, *k)) {
                sg_params_error(p, sg_params_find(p, *k), err, errlen,
                                "%s: only method = search takes it", *k);
                return SG_ERR_INVALID;
            }
    if (m->cap <= 0) {
        sg_params_error(p, sg_params_find(p, "cap"), err, errlen, "cap: expected seconds > 0");
        return SG_ERR_INVALID;
    }
    return SG_OK;
}

static int load_st_plan(const sg_config *cfg, st_plan *pl, char *err, size_t errlen)
{
    memset(pl, 0, sizeof *pl);
    pl->file = sg_config_file(cfg);
    for (size_t i = 0; i < sg_config_count(cfg); i++) {
        const char *name = sg_config_section(cfg, i)->section;
        if (strcmp(name, "experiment") != 0 && strncmp(name, "method.", 7) != 0) {
            snprintf(err, errlen, "%s:%d: unknown section [%s] (expected [experiment] or "
                     "[method.NAME])", pl->file, sg_config_section_line(cfg, i), name);
            return SG_ERR_INVALID;
        }
    }
    const sg_params *p = sg_config_find(cfg, "experiment");
    long long levels, size, instances, seed, maxc;
    int rc = sg_params_check_known(p, st_keys, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(p, "levels", 2, 1, 12, &levels, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(p, "size", 50, 1, 1000000, &size, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(p, "instances", 100, 1, INSTANCES_MAX, &instances, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(p, "seed", 1, 0, INT64_MAX, &seed, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_seconds(p, "cap", 600, &pl->cap, err, errlen);
    int clk = 0;
    if (rc == SG_OK)
        rc = sg_params_enum(p, "clock", clock_names, 0, &clk, err, errlen);
    pl->cpu_clock = clk == 1;
    if (rc == SG_OK)
        rc = sg_params_bool(p, "extend", false, &pl->extend, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(p, "max_components", 100, 1, COLUMNS_MAX, &maxc, err, errlen);
    if (rc != SG_OK)
        return rc;
    pl->levels = (int)levels;
    pl->size = (int)size;
    pl->instances = (unsigned)instances;
    pl->seed = (uint64_t)seed;
    pl->max_components = (int)maxc;
    pl->title = sg_params_string(p, "title", NULL);
    const sg_param *it = sg_params_find(p, "cap");
    if (pl->cap <= 0)
        return bad(err, errlen, p, it, "expected seconds > 0");
    if ((it = sg_params_find(p, "memory")) && sg_parse_memory(it->value, &pl->memory) != SG_OK)
        return bad(err, errlen, p, it, "expected a size such as 8G or 512M");
    it = sg_params_find(p, "components");
    if (args_int_list(it ? it->value : "2-5", 1, pl->max_components, true, pl->listed, COLUMNS_MAX,
                       &pl->nlisted) != 0) {
        if (!it) {
            snprintf(err, errlen, "%s: experiment: components: the default 2-5 passes "
                     "max_components", pl->file);
            return SG_ERR_INVALID;
        }
        return bad(err, errlen, p, it, "expected increasing counts from 1 to max_components, "
                                       "e.g. 2-13 or 2, 3, 5");
    }
    it = sg_params_find(p, "methods");
    if (!it) {
        snprintf(err, errlen, "%s:%d: experiment: missing key 'methods' (names of "
                 "[method.NAME] sections)", pl->file, sg_config_find_line(cfg, "experiment"));
        return SG_ERR_INVALID;
    }
    char buf[SG_CONFIG_MAX_LINE + 1];
    snprintf(buf, sizeof buf, "%s", it->value);
    for (char *save = NULL, *tok = strtok_r(buf, ",", &save); tok;
         tok = strtok_r(NULL, ",", &save)) {
        while (*tok == ' ' || *tok == '\t')
            tok++;
        size_t len = strlen(tok);
        while (len && (tok[len - 1] == ' ' || tok[len - 1] == '\t'))
            tok[--len] = '\0';
        if (!len)
            continue;
        if (pl->nmethods == METHODS_MAX)
            return bad(err, errlen, p, it, "at most 16 methods");
        if ((rc = load_method(cfg, p, it, tok, pl, &pl->methods[pl->nmethods], err, errlen)) !=
            SG_OK)
            return rc;
        pl->nmethods++;
    }
    if (!pl->nmethods)
        return bad(err, errlen, p, it, "expected names of [method.NAME] sections");
    return SG_OK;
}

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* What one instance gave. */
typedef struct outcome {
    int rc;
    sg_value stop;
    uint64_t nodes;
    bool memory;       /* stopped by memory rather than by time */
    bool outcome_search;
    char err[512];
} outcome;

static void solve_one(const method_spec *m, const sg_sum *sum, const sg_limits *limits,
                      outcome *o)
{
    memset(o, 0, sizeof *o);
    if (m->summation) {
        sg_meter meter;
        sg_meter_start(&meter, limits);
        sg_summation_answer a;
        o->rc = sg_summation_stops(sum, &meter, &a, o->err, sizeof o->err);
        o->stop = a.left;
        o->nodes = meter.count;
        o->memory = meter.stop == SG_METER_MEMORY || meter.stop == SG_METER_OUT_OF_MEMORY;
        return;
    }
    sg_solve_config config = { .limits = *limits,
                               .order = m->order,
                               .no_incentives = !m->incentives,
                               .no_decompose = !m->decompose };
    sg_solver *s = NULL;
    o->rc = sg_solver_new(&config, &s, o->err, sizeof o->err);
    if (o->rc == SG_OK)
        o->rc = sg_solver_load(s, sum, o->err, sizeof o->err);
    sg_solve_answer a;
    if (o->rc == SG_OK)
        o->rc = sg_solver_solve(s, SG_LEFT, &a, o->err, sizeof o->err);
    if (o->rc == SG_OK) {
        o->stop = a.stop;
        o->outcome_search = sg_value_eq(a.stop, sg_value_int(0));
        if (!a.exact) {
            snprintf(o->err, sizeof o->err, "inexact: %s", sg_solver_inexact_reason(s));
            o->rc = SG_ERR_INTERNAL;
        }
    }
    if (s) {
        sg_meter *meter = sg_solver_meter(s);
        o->nodes = meter->count;
        o->memory = meter->stop == SG_METER_MEMORY || meter->stop == SG_METER_OUT_OF_MEMORY;
    }
    sg_solver_free(s);
}

static int make_column(const st_plan *pl, const char *plugin_path, column *col, char *err,
                       size_t errlen)
{
    if (col->texts)
        return SG_OK;
    int rc = exp_positions(pl->file, plugin_path, pl->levels, pl->size, col->components,
                           pl->instances, pl->seed, &col->texts, err, errlen);
    if (rc != SG_OK)
        return rc;
    col->stops = calloc(pl->instances, sizeof *col->stops);
    col->stop_row = malloc(pl->instances * sizeof *col->stop_row);
    if (!col->stops || !col->stop_row) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    for (unsigned i = 0; i < pl->instances; i++)
        col->stop_row[i] = -1;
    return SG_OK;
}

/* Runs row r on column col; returns false when the row must stop. */
static bool run_cell(const st_plan *pl, size_t r, catalog *cat, column *col, cell *c,
                     progress_out *pr, int *errors)
{
    const method_spec *m = &pl->methods[r];
    double cap = m->cap;
    c->status = CELL_DONE;
    for (unsigned i = 0; i < pl->instances; i++) {
        progress_show(pr, "experiment: %s, %d components: instance %u of %u, %.1f s", m->label,
                      col->components, i + 1, pl->instances, c->seconds);
        sg_sum *sum = sg_sum_new(SG_FREEZE_NUMBERS);
        char err[512];
        if (!sum || catalog_parse_sum(cat, col->texts[i], sum, err, sizeof err) != SG_OK) {
            progress_clear(pr);
            cli_fail("experiment: %s, %d components, instance %u (%s): %s", m->label,
                     col->components, i + 1, col->texts[i], sum ? err : "out of memory");
            sg_sum_free(sum);
            (*errors)++;
            c->status = CELL_ERROR;
            return false;
        }
        double used = pl->cpu_clock ? c->cpu : c->seconds;
        sg_limits limits = { .seconds = pl->cpu_clock ? 4 * (cap - used) + 1 : cap - used,
                             .memory = pl->memory };
        outcome o;
        double w0 = sg_clock_seconds(), c0 = cpu_seconds();
        solve_one(m, sum, &limits, &o);
        c->seconds += sg_clock_seconds() - w0;
        c->cpu += cpu_seconds() - c0;
        c->nodes += o.nodes;
        sg_sum_free(sum);
        if (o.rc == SG_ERR_BUDGET) {
            c->status = o.memory ? CELL_OUT_OF_MEMORY : CELL_OVER_CAP;
            return false;
        }
        if (o.rc != SG_OK) {
            progress_clear(pr);
            cli_fail("experiment: %s, %d components, instance %u (%s): %s", m->label,
                     col->components, i + 1, col->texts[i], o.err);
            (*errors)++;
            c->status = CELL_ERROR;
            return false;
        }
        c->solved++;
        c->outcome_searches += o.outcome_search;
        if (col->stop_row[i] < 0) {
            col->stops[i] = o.stop;
            col->stop_row[i] = (int)r;
        } else if (!sg_value_eq(col->stops[i], o.stop)) {
            char a[SG_VALUE_TEXT_MAX], b[SG_VALUE_TEXT_MAX];
            sg_value_format(o.stop, a, sizeof a);
            sg_value_format(col->stops[i], b, sizeof b);
            progress_clear(pr);
            cli_fail("experiment: %s, %d components, instance %u (%s): Left stop %s, but %s "
                     "found %s", m->label, col->components, i + 1, col->texts[i], a,
                     pl->methods[col->stop_row[i]].label, b);
            (*errors)++;
            c->disagreements++;
            c->status = CELL_ERROR;
        }
        /* A cell whose last instance ended right at the cap is over it as well. */
        if ((pl->cpu_clock ? c->cpu : c->seconds) > cap) {
            c->status = CELL_OVER_CAP;
            return false;
        }
    }
    progress_clear(pr);
    return c->status == CELL_DONE;
}

/* Seconds as the paper prints them: three significant digits, no exponent. */
static void fmt_seconds(double s, char *buf, size_t cap)
{
    if (s >= 100)
        snprintf(buf, cap, "%.0f", s);
    else if (s >= 10)
        snprintf(buf, cap, "%.1f", s);
    else if (s >= 1)
        snprintf(buf, cap, "%.2f", s);
    else
        snprintf(buf, cap, "%.3f", s);
}

static void cell_text(const cell *c, double cap, int what, char *buf, size_t n)
{
    switch (c->status) {
    case CELL_NOT_RUN:
        snprintf(buf, n, "N/A");
        return;
    case CELL_SKIPPED:
        snprintf(buf, n, "-");
        return;
    case CELL_OVER_CAP:
        snprintf(buf, n, "> %g", cap);
        return;
    case CELL_OUT_OF_MEMORY:
        snprintf(buf, n, "N/C");
        return;
    case CELL_ERROR:
        snprintf(buf, n, "error");
        return;
    case CELL_DONE:
        break;
    }
    if (what == 0)
        fmt_seconds(c->seconds, buf, n);
    else if (what == 1)
        fmt_seconds(c->cpu, buf, n);
    else
        snprintf(buf, n, "%llu", (unsigned long long)c->nodes);
}

static void print_markdown(const st_plan *pl, const column *cols, size_t ncols,
                           const cell *cells, double total)
{
    printf("# %s\n\n", pl->title ? pl->title : pl->file);
    printf("Sums of rcg(%d, %d) trees, %u instances per cell (seed %llu), Left moving first. "
           "Total seconds per cell; a row ends at its first cell over its cap in %s seconds "
           "(\"> cap\"; N/A after it, N/C: out of memory).\n\n",
           pl->levels, pl->size, pl->instances, (unsigned long long)pl->seed,
           pl->cpu_clock ? "CPU" : "wall-clock");
    static const char *const titles[] = { "Wall-clock seconds", "CPU seconds",
                                          "Nodes (positions analysed plus search nodes)" };
    for (int what = 0; what < 3; what++) {
        printf("%s\n\n| Method |", titles[what]);
        for (size_t k = 0; k < ncols; k++)
            printf(" %d |", cols[k].components);
        printf("\n| --- |");
        for (size_t k = 0; k < ncols; k++)
            printf(" ---: |");
        printf("\n");
        for (size_t r = 0; r < pl->nmethods; r++) {
            printf("| %s |", pl->methods[r].label);
            for (size_t k = 0; k < ncols; k++) {
                char t[64];
                cell_text(&cells[r * COLUMNS_MAX + k], pl->methods[r].cap, what, t, sizeof t);
                printf(" %s |", t);
            }
            printf("\n");
        }
        printf("\n");
    }
    printf("Methods:\n\n");
    for (size_t r = 0; r < pl->nmethods; r++) {
        const method_spec *m = &pl->methods[r];
        if (m->summation)
            printf("- %s: summation of canonical forms, cap %g s\n", m->label, m->cap);
        else
            printf("- %s: search, order %s, incentives %s, decompose %s, cap %g s\n", m->label,
                   sg_order_names[m->order], m->incentives ? "yes" : "no",
                   m->decompose ? "yes" : "no", m->cap);
    }
    unsigned zero_stops = 0;
    for (size_t r = 0; r < pl->nmethods; r++)
        for (size_t k = 0; k < ncols; k++)
            zero_stops += cells[r * COLUMNS_MAX + k].outcome_searches;
    printf("\nStops: every solved instance's Left stop was compared with the first row's that "
           "solved it. Instances whose Left stop was 0 (the solver then also searches for the "
           "normal-play winner, inside the time): %u.\n\nTotal: %.1f s.\n", zero_stops, total);
}

/* A cell's figures, in the --json rows and in the log line of each finished cell. */
static void cell_fields(json_out *o, int components, const cell *c)
{
    json_out_int(o, "components", components);
    json_out_string(o, "status", status_names[c->status]);
    json_out_fixed(o, "seconds", c->seconds, 4);
    json_out_fixed(o, "cpu_seconds", c->cpu, 4);
    json_out_uint(o, "nodes", c->nodes);
    json_out_uint(o, "solved", c->solved);
    json_out_uint(o, "outcome_searches", c->outcome_searches);
}

static void print_json(const st_plan *pl, const column *cols, size_t ncols, const cell *cells,
                       double total)
{
    json_out o;
    json_out_init(&o, stdout);
    json_out_object(&o, NULL);
    json_out_string(&o, "file", pl->file);
    json_out_string(&o, "kind", "solve-time");
    json_out_int(&o, "levels", pl->levels);
    json_out_int(&o, "size", pl->size);
    json_out_uint(&o, "instances", pl->instances);
    json_out_uint(&o, "seed", pl->seed);
    json_out_string(&o, "first", "left");
    json_out_string(&o, "clock", clock_names[pl->cpu_clock]);
    json_out_fixed(&o, "seconds", total, 3);
    json_out_array(&o, "rows");
    for (size_t r = 0; r < pl->nmethods; r++) {
        const method_spec *m = &pl->methods[r];
        json_out_newline(&o);
        json_out_object(&o, NULL);
        json_out_string(&o, "method", m->name);
        json_out_string(&o, "label", m->label);
        json_out_string(&o, "solver", m->summation ? "summation" : "search");
        json_out_string(&o, "order", sg_order_names[m->order]);
        json_out_bool(&o, "incentives", m->incentives);
        json_out_bool(&o, "decompose", m->decompose);
        char cap[32];
        snprintf(cap, sizeof cap, "%g", m->cap);
        json_out_number(&o, "cap", cap);
        json_out_array(&o, "cells");
        for (size_t k = 0; k < ncols; k++) {
            const cell *c = &cells[r * COLUMNS_MAX + k];
            if (c->status == CELL_NOT_RUN || c->status == CELL_SKIPPED)
                continue;
            json_out_object(&o, NULL);
            cell_fields(&o, cols[k].components, c);
            json_out_end(&o);
        }
        json_out_end(&o);
        json_out_end(&o);
    }
    fputc('\n', stdout);
    json_out_end(&o);
    json_out_end(&o);
    fputc('\n', stdout);
}

/* Adds a column for count in order (no-op when there is one); cells of later columns
 * move with it. */
static int insert_column(column *cols, size_t *ncols, int count, cell *cells, size_t nrows)
{
    size_t at = 0;
    while (at < *ncols && cols[at].components < count)
        at++;
    if (at < *ncols && cols[at].components == count)
        return SG_OK;
    if (*ncols == COLUMNS_MAX)
        return SG_ERR_RANGE;
    memmove(&cols[at + 1], &cols[at], (*ncols - at) * sizeof *cols);
    memset(&cols[at], 0, sizeof *cols);
    cols[at].components = count;
    for (size_t r = 0; cells && r < nrows; r++) {
        memmove(&cells[r * COLUMNS_MAX + at + 1], &cells[r * COLUMNS_MAX + at],
                (*ncols - at) * sizeof *cells);
        memset(&cells[r * COLUMNS_MAX + at], 0, sizeof *cells);
        cells[r * COLUMNS_MAX + at].status = CELL_SKIPPED;
    }
    (*ncols)++;
    return SG_OK;
}

static void ensure_column(column *cols, size_t *ncols, int count)
{
    insert_column(cols, ncols, count, NULL, 0);
}

static int ensure_column_row(column *cols, size_t *ncols, int count, cell *cells, size_t nrows)
{
    return insert_column(cols, ncols, count, cells, nrows);
}

/* "experiment: cell {...}" on stderr: the finished cell, for logs of long runs. */
static void log_cell(const method_spec *m, int count, const cell *c)
{
    fputs("experiment: cell ", stderr);
    json_out o;
    json_out_init(&o, stderr);
    json_out_object(&o, NULL);
    json_out_string(&o, "method", m->name);
    cell_fields(&o, count, c);
    json_out_end(&o);
    fputc('\n', stderr);
    fflush(stderr);
}

static int solve_time(const sg_config *cfg, const char *plugin_path, bool json)
{
    st_plan pl;
    char err[512];
    if (load_st_plan(cfg, &pl, err, sizeof err) != SG_OK)
        return cli_fail("%s", err);
    catalog *cat = NULL;
    if (catalog_open(&cat, plugin_path, err, sizeof err) != SG_OK)
        return cli_fail("experiment: %s", err);
    column *cols = calloc(COLUMNS_MAX, sizeof *cols);
    cell *cells = calloc((size_t)pl.nmethods * COLUMNS_MAX, sizeof *cells);
    if (!cols || !cells) {
        free(cols);
        free(cells);
        catalog_close(cat);
        return cli_fail("experiment: out of memory");
    }
    /* The columns: every row's listed counts, sorted, then what extend adds. */
    size_t ncols = 0;
    for (size_t r = 0; r < pl.nmethods; r++)
        for (size_t i = 0; i < pl.methods[r].nlisted; i++)
            ensure_column(cols, &ncols, pl.methods[r].listed[i]);
    progress_out pr;
    progress_start(&pr, isatty(STDERR_FILENO));
    int errors = 0, status = 0;
    double start = sg_clock_seconds();
    for (size_t r = 0; r < pl.nmethods && status == 0; r++) {
        const method_spec *m = &pl.methods[r];
        for (size_t k = 0; k < ncols; k++)
            cells[r * COLUMNS_MAX + k].status = CELL_SKIPPED;
        int count = 0;
        for (size_t i = 0;; i++) {
            if (i < m->nlisted) {
                count = m->listed[i];
            } else {
                count++;
                if (!m->extend || count > pl.max_components || ncols == COLUMNS_MAX)
                    break;
                if (ensure_column_row(cols, &ncols, count, cells, pl.nmethods) != SG_OK)
                    break;
            }
            size_t k = 0;
            while (cols[k].components != count)
                k++;
            cell *c = &cells[r * COLUMNS_MAX + k];
            if (make_column(&pl, plugin_path, &cols[k], err, sizeof err) != SG_OK) {
                status = cli_fail("experiment: %d components: %s", count, err);
                break;
            }
            bool go_on = run_cell(&pl, r, cat, &cols[k], c, &pr, &errors);
            if (!pr.tty)
                log_cell(m, count, c);
            if (!go_on)
                break;
        }
        progress_clear(&pr);
    }
    /* Columns of a row after where it stopped were not run. */
    for (size_t r = 0; r < pl.nmethods; r++) {
        bool after = false;
        for (size_t k = 0; k < ncols; k++) {
            cell *c = &cells[r * COLUMNS_MAX + k];
            if (after && c->status == CELL_SKIPPED)
                c->status = CELL_NOT_RUN;
            if (c->status == CELL_OVER_CAP || c->status == CELL_OUT_OF_MEMORY ||
                c->status == CELL_ERROR)
                after = true;
        }
    }
    double total = sg_clock_seconds() - start;
    if (status == 0) {
        if (json)
            print_json(&pl, cols, ncols, cells, total);
        else
            print_markdown(&pl, cols, ncols, cells, total);
        if (fflush(stdout) != 0)
            status = cli_fail("experiment: cannot write standard output: %s", strerror(errno));
        else if (errors)
            status = 1;
    }
    for (size_t k = 0; k < ncols; k++) {
        exp_positions_free(cols[k].texts, pl.instances);
        free(cols[k].stops);
        free(cols[k].stop_row);
    }
    free(cols);
    free(cells);
    catalog_close(cat);
    return status;
}

int exp_solve_time_run(const experiment_kind *kind, int argc, char **argv)
{
    return experiment_run_config(kind, argc, argv, solve_time);
}
