/* sumgame experiment FILE.ini, kinds played as games against a perfect opponent
 * (Müller and Li, "Locally informed global search for sums of combinatorial games"):
 *
 *   kind = loss      Experiment 3 (Tables 6 and 7): for each number of components, the
 *                    total loss of each strategy against the opponent over `instances`
 *                    random sums, as first and as second player; a Markdown table in the
 *                    paper's layout (rows "NAME (1st)", "NAME (2nd)", columns the numbers
 *                    of components), and the CPU time of each cell.
 *   kind = tradeoff  Experiment 4 (Figure 1): for one number of components, total loss
 *                    against total CPU time for each strategy, and for each value of a
 *                    swept key (sweep.KEY = LIST in its section: one line per strategy);
 *                    a table and, with --svg FILE, the plot (time on a log scale).
 *
 * [experiment] keys: kind, title, generator (default rcg), components (a list or range:
 * 2-13), instances (default 100), seed (default 1), strategies (names of [strategy.NAME]
 * sections), opponent (the perfect player's section), label.NAME (a strategy's name in
 * the tables), time_per_move, nodes_per_move; every other key goes to the generator
 * (levels = 2, size = 50). A strategy section holds its plugin's keys, and for tradeoff
 * at most one sweep.KEY: `sweep.depth = 0-24`, `sweep.bound = 0.0-1.0/0.1` or a list
 * `1, 2, 4`.
 *
 * Every cell is a match (match.h) of the strategy against the opponent on the same
 * positions: position p of the sums with n components is drawn exactly as `sumgame
 * match` draws it with components = n and the same seed, game 2p has the strategy as
 * Left moving first, game 2p+1 as Right with the opponent moving first, each game in a
 * forked worker, the loss measured against the position's stop (optimal = yes). The
 * games of all cells of one strategy variant share the worker pool (--jobs J).
 *
 * --out FILE.jsonl writes one line per finished cell as soon as it is finished; with
 * --resume the cells already in FILE (same strategy, parameters, opponent, positions)
 * are read back instead of played, so an interrupted run loses no finished cell.
 * --games FILE.jsonl writes every game's line (the `match --out` contract). */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/cli/args.h"
#include "host/match/match_log.h"
#include "host/cli/in_file.h"
#include "host/check/catalog.h"
#include "host/cli/cli.h"
#include "host/cli/progress.h"
#include "host/experiments/experiment.h"
#include "host/match/match.h"
#include "host/report/plot_svg.h"
#include "host/cli/config.h"
#include "host/cli/json.h"
#include "sumgame/params.h"

#define LIST_MAX 64
#define STRATEGY_PREFIX "strategy."
#define SWEEP_PREFIX "sweep."
#define CMD "experiment"

enum { KIND_LOSS = 0, KIND_TRADEOFF = 1 };
static const char *const kinds[] = { "loss", "tradeoff", NULL };
static const char *const own_keys[] = { "kind",      "title",          "generator",
                                        "components", "instances",     "seed",
                                        "strategies", "opponent",      "time_per_move",
                                        "nodes_per_move", NULL };

/* Command-line values (NULL / 0 / false = the file's or the default). */
typedef struct overrides {
    const char *plugin_path;
    unsigned jobs;
    bool json, resume;
    const char *svg, *out, *games;
    unsigned long long instances;
    const char *components, *strategies;
} overrides;

typedef struct series {
    const char *name;  /* NAME of [strategy.NAME] */
    const char *label; /* in the tables */
    const sg_params *section;
    const sg_param *sweep; /* sweep.KEY, or NULL */
    size_t first_variant, nvariants;
} series;

typedef struct variant {
    size_t series;
    char value[48];     /* the swept value, "" without a sweep */
    char label[160];    /* "label" or "label KEY=value" */
    uint64_t print;     /* fingerprint of its configuration */
    match_side side;    /* open during its batch only */
    sg_param *params;   /* what side was created from, while it is open */
} variant;

typedef struct cell {
    size_t variant, count; /* count: index into the components list */
    bool done, resumed;
    unsigned long long delivered;
    sg_value loss[2];      /* [0] as first player, [1] as second */
    unsigned long long games[2], forfeits[2], nodes[2];
    double cpu[2], wall[2];
    uint64_t print;
} cell;

typedef struct experiment {
    const char *file;
    int kind;
    const char *title;
    sg_config *cfg;
    catalog *cat;
    const sg_params *ex;
    int counts[LIST_MAX];
    size_t ncounts;
    unsigned long long instances;
    uint64_t seed;
    sg_budget budget;
    const char *opponent_name;
    match_side opponent;
    uint64_t opponent_print;
    series *series;
    size_t nseries;
    variant *variants;
    size_t nvariants;
    match_plan *positions; /* per count: sums, texts and stops, no sides */
    uint64_t *positions_print;
    cell *cells;           /* cells[v * ncounts + c] */
    size_t ncells;
    const char **drop;     /* keys that are not the generator's */
} experiment;


/* ---- fingerprints (FNV-1a), so a resumed cell is the same cell ---- */

static uint64_t fnv(uint64_t h, const char *s)
{
    if (!h)
        h = 1469598103934665603ULL;
    for (; s && *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ULL;
    }
    h ^= 0xff; /* a separator, so "ab"+"c" differs from "a"+"bc" */
    h *= 1099511628211ULL;
    return h;
}

static uint64_t section_print(const sg_params *p, const char *skip_prefix)
{
    uint64_t h = fnv(0, p->section);
    for (size_t i = 0; i < p->count; i++) {
        if (skip_prefix && strncmp(p->items[i].key, skip_prefix, strlen(skip_prefix)) == 0)
            continue;
        h = fnv(h, p->items[i].key);
        h = fnv(h, p->items[i].value);
    }
    return h;
}

/* ---- lists ---- */

/* A non-negative decimal "12", "0.25": its value times 10^decimals, and its decimals. */
static bool parse_decimal(const char *s, const char **end, long long *scaled, int *decimals)
{
    long long v = 0;
    int d = 0;
    bool digits = false, point = false;
    for (; *s; s++) {
        if (*s >= '0' && *s <= '9') {
            if (v > 100000000000LL)
                return false;
            v = v * 10 + (*s - '0');
            digits = true;
            d += point;
        } else if (*s == '.' && !point) {
            point = true;
        } else {
            break;
        }
    }
    *end = s;
    *scaled = v;
    *decimals = d;
    return digits && d <= 6;
}

static long long scale_to(long long v, int from, int to)
{
    for (; from < to; from++)
        v *= 10;
    return v;
}

/* A sweep: items separated by commas, each a value, a range a-b (step 1) or a-b/step;
 * values are decimal and written back with the decimals their item uses. */
static int parse_sweep(const char *text, char (*values)[48], size_t *n)
{
    *n = 0;
    const char *s = text;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        long long a, b, step = 1;
        int da, db = 0, ds = 0;
        const char *end;
        if (!parse_decimal(s, &end, &a, &da))
            return -1;
        s = end;
        b = a;
        db = da;
        bool range = false;
        if (*s == '-') {
            range = true;
            if (!parse_decimal(s + 1, &end, &b, &db))
                return -1;
            s = end;
            if (*s == '/') {
                if (!parse_decimal(s + 1, &end, &step, &ds))
                    return -1;
                s = end;
            }
        }
        int d = da > db ? da : db;
        d = d > ds ? d : ds;
        a = scale_to(a, da, d);
        b = scale_to(b, db, d);
        step = range && ds == 0 && *s != '/' ? scale_to(step, 0, d) : scale_to(step, ds, d);
        if (step <= 0 || a > b)
            return -1;
        long long pow10 = scale_to(1, 0, d);
        for (long long v = a; v <= b; v += step) {
            if (*n >= LIST_MAX)
                return -1;
            if (d)
                snprintf(values[*n], 48, "%lld.%0*lld", v / pow10, d, v % pow10);
            else
                snprintf(values[*n], 48, "%lld", v);
            (*n)++;
        }
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == '\0')
            return 0;
        if (*s++ != ',')
            return -1;
    }
}

/* The next comma-separated name of list (trimmed) into buf; false at the end. */
static bool next_name(const char **list, char *buf, size_t cap)
{
    const char *s = *list;
    while (*s == ' ' || *s == '\t' || *s == ',')
        s++;
    if (!*s)
        return false;
    size_t n = strcspn(s, ",");
    const char *e = s + n;
    *list = e;
    while (n && (s[n - 1] == ' ' || s[n - 1] == '\t'))
        n--;
    if (n >= cap)
        n = cap - 1;
    memcpy(buf, s, n);
    buf[n] = '\0';
    return true;
}

/* ---- the configuration ---- */

/* Opens variant var's strategy from its section's keys but `plugin` and the sweep, and
 * the swept key, at the end, with the variant's value. */
static int variant_open(const experiment *e, variant *var, char *err, size_t errlen)
{
    const series *s = &e->series[var->series];
    const sg_params *sp = s->section;
    const char *swept = s->sweep ? s->sweep->key + strlen(SWEEP_PREFIX) : NULL;
    free(var->params);
    if (!(var->params = calloc(sp->count + 1, sizeof *var->params)))
        return cli_errf(err, errlen, "out of memory");
    size_t n = 0;
    for (size_t i = 0; i < sp->count; i++) {
        const char *key = sp->items[i].key;
        if (strcmp(key, "plugin") != 0 && !(swept && strcmp(key, swept) == 0) &&
            strncmp(key, SWEEP_PREFIX, strlen(SWEEP_PREFIX)) != 0)
            var->params[n++] = sp->items[i];
    }
    if (swept)
        var->params[n++] = (sg_param){ swept, var->value, s->sweep->line };
    const sg_params params = { sp->file, sp->section, var->params, n };
    return match_side_open(&var->side, e->cfg, e->cat, sp, &params, 0, 0, err, errlen);
}

static void variant_close(variant *var)
{
    match_side_close(&var->side);
    free(var->params);
    var->params = NULL;
}

static const sg_params *strategy_section(const experiment *e, const char *name)
{
    char section[256];
    if (snprintf(section, sizeof section, STRATEGY_PREFIX "%s", name) >= (int)sizeof section)
        return NULL;
    return sg_config_find(e->cfg, section);
}

static int add_series(experiment *e, const sg_param *list_item, const char *name, char *err,
                      size_t errlen)
{
    const sg_params *sp = strategy_section(e, name);
    if (!sp) {
        sg_params_error(e->ex, list_item, err, errlen, "%s: no section [strategy.%.80s]",
                        list_item->key, name);
        return SG_ERR_INVALID;
    }
    series *grown = realloc(e->series, (e->nseries + 1) * sizeof *grown);
    if (!grown)
        return cli_errf(err, errlen, "out of memory");
    e->series = grown;
    series *s = &e->series[e->nseries++];
    memset(s, 0, sizeof *s);
    s->section = sp;
    s->name = sp->section + strlen(STRATEGY_PREFIX);
    char key[300];
    snprintf(key, sizeof key, "label.%s", s->name);
    s->label = sg_params_string(e->ex, key, s->name);
    for (size_t i = 0; i < sp->count; i++) {
        if (strncmp(sp->items[i].key, SWEEP_PREFIX, strlen(SWEEP_PREFIX)) != 0)
            continue;
        if (e->kind != KIND_TRADEOFF) {
            sg_params_error(sp, &sp->items[i], err, errlen, "%s: sweeps belong to kind = "
                            "tradeoff", sp->items[i].key);
            return SG_ERR_INVALID;
        }
        if (s->sweep) {
            sg_params_error(sp, &sp->items[i], err, errlen, "%s: one sweep per strategy "
                            "(already %s, line %d)", sp->items[i].key, s->sweep->key,
                            s->sweep->line);
            return SG_ERR_INVALID;
        }
        if (!sp->items[i].key[strlen(SWEEP_PREFIX)]) {
            sg_params_error(sp, &sp->items[i], err, errlen, "sweep.KEY: the key is missing");
            return SG_ERR_INVALID;
        }
        s->sweep = &sp->items[i];
    }
    char values[LIST_MAX][48];
    size_t nvalues = 1;
    if (s->sweep && parse_sweep(s->sweep->value, values, &nvalues) != 0) {
        sg_params_error(sp, s->sweep, err, errlen, "%s = %s: expected values, ranges a-b or "
                        "a-b/step of non-negative decimals, separated by commas (at most "
                        "%d values)", s->sweep->key, s->sweep->value, LIST_MAX);
        return SG_ERR_INVALID;
    }
    variant *vs = realloc(e->variants, (e->nvariants + nvalues) * sizeof *vs);
    if (!vs)
        return cli_errf(err, errlen, "out of memory");
    e->variants = vs;
    s->first_variant = e->nvariants;
    s->nvariants = nvalues;
    uint64_t print = section_print(sp, SWEEP_PREFIX);
    for (size_t k = 0; k < nvalues; k++) {
        variant *v = &e->variants[e->nvariants++];
        memset(v, 0, sizeof *v);
        v->series = (size_t)(s - e->series);
        if (s->sweep) {
            const char *sk = s->sweep->key + strlen(SWEEP_PREFIX);
            memcpy(v->value, values[k], sizeof v->value);
            snprintf(v->label, sizeof v->label, "%s %s=%s", s->label, sk, v->value);
            v->print = fnv(fnv(print, sk), v->value);
        } else {
            snprintf(v->label, sizeof v->label, "%s", s->label);
            v->print = print;
        }
    }
    return SG_OK;
}

static int load(experiment *e, const overrides *ov, char *err, size_t errlen)
{
    const sg_config *cfg = e->cfg;
    for (size_t i = 0; i < sg_config_count(cfg); i++) {
        const char *name = sg_config_section(cfg, i)->section;
        if (strcmp(name, "experiment") == 0 ||
            (strncmp(name, STRATEGY_PREFIX, strlen(STRATEGY_PREFIX)) == 0 &&
             name[strlen(STRATEGY_PREFIX)]))
            continue;
        return cli_errf(err, errlen, "%s:%d: unknown section [%s] (expected [experiment] or "
                     "[strategy.NAME])", e->file, sg_config_section_line(cfg, i), name);
    }
    const sg_params *ex = e->ex = sg_config_find(cfg, "experiment");
    if (!ex)
        return cli_errf(err, errlen, "%s: missing section [experiment]", e->file);
    int kind;
    long long instances, seed, nodes;
    double seconds;
    int rc;
    if ((rc = sg_params_enum(ex, "kind", kinds, KIND_LOSS, &kind, err, errlen)) ||
        (rc = sg_params_int(ex, "instances", 100, 1, 1000000, &instances, err, errlen)) ||
        (rc = sg_params_int(ex, "seed", 1, 0, INT64_MAX, &seed, err, errlen)) ||
        (rc = sg_params_seconds(ex, "time_per_move", 0, &seconds, err, errlen)) ||
        (rc = sg_params_int(ex, "nodes_per_move", 0, 0, INT64_MAX, &nodes, err, errlen)))
        return rc;
    e->kind = kind;
    e->title = sg_params_string(ex, "title", NULL);
    e->instances = ov->instances ? ov->instances : (unsigned long long)instances;
    e->seed = (uint64_t)seed;
    e->budget.seconds = seconds;
    e->budget.nodes = (uint64_t)nodes;

    const sg_param *it = sg_params_find(ex, "components");
    const char *counts = ov->components ? ov->components : it ? it->value : NULL;
    if (!counts)
        return cli_errf(err, errlen, "%s:%d: experiment: missing key 'components' (e.g. 2-13)",
                     e->file, sg_config_find_line(cfg, "experiment"));
    if (args_int_list(counts, 1, 1000, false, e->counts, LIST_MAX, &e->ncounts) != 0) {
        if (ov->components)
            return cli_errf(err, errlen, CMD ": --components '%.80s': expected numbers of components "
                         "from 1 to 1000, e.g. 2-13 or 2, 4, 8", counts);
        sg_params_error(ex, it, err, errlen, "components = %s: expected numbers of components "
                        "from 1 to 1000, e.g. 2-13 or 2, 4, 8", counts);
        return SG_ERR_INVALID;
    }
    if (e->kind == KIND_TRADEOFF && e->ncounts != 1) {
        if (ov->components)
            return cli_errf(err, errlen, CMD ": --components '%.80s': kind = tradeoff takes one number "
                         "of components", counts);
        sg_params_error(ex, it, err, errlen, "components = %s: kind = tradeoff takes one "
                        "number of components", counts);
        return SG_ERR_INVALID;
    }

    const sg_param *opp = sg_params_find(ex, "opponent");
    if (!opp)
        return cli_errf(err, errlen, "%s:%d: experiment: missing key 'opponent' (the perfect "
                     "player's [strategy.NAME])", e->file, sg_config_find_line(cfg, "experiment"));
    const sg_params *osec = strategy_section(e, opp->value);
    if (!osec) {
        sg_params_error(ex, opp, err, errlen, "opponent = '%.80s': no section [strategy.%.80s]",
                        opp->value, opp->value);
        return SG_ERR_INVALID;
    }
    e->opponent_name = osec->section + strlen(STRATEGY_PREFIX);
    e->opponent_print = section_print(osec, NULL);

    it = sg_params_find(ex, "strategies");
    const char *list = ov->strategies ? ov->strategies : it ? it->value : NULL;
    if (!list)
        return cli_errf(err, errlen, "%s:%d: experiment: missing key 'strategies' (names of "
                     "[strategy.NAME] sections)", e->file, sg_config_find_line(cfg, "experiment"));
    sg_param cli_item = { "--strategies", list, 0 };
    char name[200];
    while (next_name(&list, name, sizeof name))
        if ((rc = add_series(e, ov->strategies ? &cli_item : it, name, err, errlen)) != SG_OK)
            return rc;
    if (!e->nseries)
        return cli_errf(err, errlen, "%s: experiment: no strategies", e->file);

    /* The generator's keys: everything in [experiment] that is not the experiment's. */
    e->drop = calloc(ex->count + sizeof own_keys / sizeof own_keys[0] + 1, sizeof *e->drop);
    if (!e->drop)
        return cli_errf(err, errlen, "out of memory");
    size_t nd = 0;
    for (const char *const *k = own_keys; *k; k++)
        e->drop[nd++] = *k;
    for (size_t i = 0; i < ex->count; i++)
        if (strncmp(ex->items[i].key, "label.", 6) == 0)
            e->drop[nd++] = ex->items[i].key;
    return SG_OK;
}

/* The positions for every count, drawn as `match` draws them, and their stops. */
static int make_positions(experiment *e, const char *plugin_path, char *err, size_t errlen)
{
    (void)plugin_path;
    e->positions = calloc(e->ncounts, sizeof *e->positions);
    e->positions_print = calloc(e->ncounts, sizeof *e->positions_print);
    if (!e->positions || !e->positions_print)
        return cli_errf(err, errlen, "out of memory");
    /* The host knows no game: the positions' generator is named, never assumed. */
    const sg_param *gen = sg_params_find(e->ex, "generator");
    if (!gen)
        return cli_errf(err, errlen, "%s:%d: experiment: missing key 'generator' (the game that "
                     "draws the positions, as `sumgame list` names it)", e->file,
                     sg_config_find_line(e->cfg, "experiment"));
    for (size_t c = 0; c < e->ncounts; c++) {
        match_plan *p = &e->positions[c];
        p->cat = e->cat;
        p->seed = e->seed;
        p->positions = e->instances;
        int rc = match_generate(p, e->ex, gen, e->drop, e->counts[c], err, errlen);
        if (rc != SG_OK)
            return rc;
        if ((rc = match_compute_stops(p, err, errlen)) != SG_OK) {
            char why[400];
            snprintf(why, sizeof why, "%.399s", err);
            return cli_errf(err, errlen, "%s: %d components: the optimal results: %s", e->file,
                         e->counts[c], why);
        }
        uint64_t h = 0;
        for (unsigned long long i = 0; i < p->positions; i++)
            h = fnv(h, p->texts[i]);
        e->positions_print[c] = h;
    }
    return SG_OK;
}

/* ---- cells: the checkpoint lines ---- */

static const char *const sides[2] = { "first", "second" };

/* A cell's keys, inside an object the caller opened: the --out line and the --json cell. */
static void cell_fields(json_out *o, const experiment *e, const cell *c)
{
    const variant *v = &e->variants[c->variant];
    const series *s = &e->series[v->series];
    json_out_string(o, "kind", kinds[e->kind]);
    json_out_string(o, "strategy", s->name);
    json_out_string(o, "label", s->label);
    if (s->sweep) {
        json_out_string(o, "key", s->sweep->key + strlen(SWEEP_PREFIX));
        json_out_string(o, "value", v->value);
    }
    json_out_int(o, "components", e->counts[c->count]);
    json_out_uint(o, "instances", e->instances);
    json_out_uint(o, "seed", e->seed);
    json_out_stringf(o, "fingerprint", "%016" PRIx64, c->print);
    for (int k = 0; k < 2; k++) {
        char l[64], key[32];
        sg_value_format(c->loss[k], l, sizeof l);
        snprintf(key, sizeof key, "loss_%s", sides[k]);
        json_out_string(o, key, l);
        snprintf(key, sizeof key, "games_%s", sides[k]);
        json_out_uint(o, key, c->games[k]);
        snprintf(key, sizeof key, "forfeits_%s", sides[k]);
        json_out_uint(o, key, c->forfeits[k]);
        snprintf(key, sizeof key, "cpu_%s", sides[k]);
        json_out_fixed(o, key, c->cpu[k], 6);
        snprintf(key, sizeof key, "wall_%s", sides[k]);
        json_out_fixed(o, key, c->wall[k], 6);
        snprintf(key, sizeof key, "nodes_%s", sides[k]);
        json_out_uint(o, key, c->nodes[k]);
    }
}

static void write_cell(FILE *f, const experiment *e, const cell *c)
{
    json_out o;
    json_out_init(&o, f);
    json_out_object(&o, NULL);
    cell_fields(&o, e, c);
    json_out_end(&o);
    fputc('\n', f);
}

/* --resume: a finished cell of an earlier run's --out file, when it is one of this run's. */
static bool take_cell(void *ctx, const json_t *obj)
{
    experiment *e = ctx;
    char print[32];
    if (!json_text(obj, "fingerprint", print, sizeof print))
        return false;
    uint64_t h = strtoull(print, NULL, 16);
    for (size_t i = 0; i < e->ncells; i++) {
        cell *c = &e->cells[i];
        if (c->print != h || c->done)
            continue;
        bool ok = true;
        for (int k = 0; k < 2 && ok; k++) {
            char key[32], buf[64], why[128];
            snprintf(key, sizeof key, "loss_%s", sides[k]);
            ok = json_text(obj, key, buf, sizeof buf) &&
                 sg_value_parse(buf, &c->loss[k], why, sizeof why) == SG_OK;
            snprintf(key, sizeof key, "games_%s", sides[k]);
            ok = ok && json_text(obj, key, buf, sizeof buf);
            c->games[k] = strtoull(buf, NULL, 10);
            snprintf(key, sizeof key, "forfeits_%s", sides[k]);
            ok = ok && json_text(obj, key, buf, sizeof buf);
            c->forfeits[k] = strtoull(buf, NULL, 10);
            snprintf(key, sizeof key, "cpu_%s", sides[k]);
            ok = ok && json_text(obj, key, buf, sizeof buf);
            c->cpu[k] = strtod(buf, NULL);
            snprintf(key, sizeof key, "wall_%s", sides[k]);
            ok = ok && json_text(obj, key, buf, sizeof buf);
            c->wall[k] = strtod(buf, NULL);
            snprintf(key, sizeof key, "nodes_%s", sides[k]);
            ok = ok && json_text(obj, key, buf, sizeof buf);
            c->nodes[k] = strtoull(buf, NULL, 10);
        }
        if (ok) {
            c->done = c->resumed = true;
            return true;
        }
        memset(c->loss, 0, sizeof c->loss);
        return false;
    }
    return false;
}

static int resume(experiment *e, const char *path, size_t *found, char *err, size_t errlen)
{
    return exp_read_records(path, take_cell, e, found, err, errlen);
}

/* ---- playing ---- */

typedef struct batch {
    experiment *e;
    match_plan *plans;  /* one per count, for the batch's variant */
    match_task *tasks;
    size_t *cell_of;    /* task -> cell */
    size_t ntasks;
    FILE *out, *games;
    progress_out progress;
    size_t cells_done;  /* in the whole experiment */
} batch;

static void show_progress(batch *b, size_t task)
{
    const experiment *e = b->e;
    const cell *c = &e->cells[b->cell_of[task]];
    progress_show(&b->progress,
                  CMD ": %s, %d components: game %llu of %llu; cells %zu of %zu; %.0f s",
                  e->variants[c->variant].label, e->counts[c->count], c->delivered,
                  2 * e->instances, b->cells_done, e->ncells,
                  progress_elapsed(&b->progress));
}

static int on_game(void *ctx, size_t task, const match_record *r)
{
    batch *b = ctx;
    experiment *e = b->e;
    cell *c = &e->cells[b->cell_of[task]];
    const match_plan *plan = b->tasks[task].plan;
    unsigned long long g = b->tasks[task].game;
    int k = match_a_first(plan, g) ? 0 : 1;
    sg_player a = match_a_is_left(g) ? SG_LEFT : SG_RIGHT;
    sg_value loss;
    if (match_loss(plan, g, r, &loss)) {
        c->loss[k] = sg_value_add(c->loss[k], loss);
        c->games[k]++;
    }
    if (r->forfeit)
        c->forfeits[k]++;
    c->cpu[k] += r->side_cpu[a];
    c->wall[k] += r->side_seconds[a];
    c->nodes[k] += r->nodes[a];
    c->delivered++;
    if (b->games) {
        match_write_line(b->games, plan, g, r);
        fflush(b->games);
    }
    if (c->delivered == 2 * e->instances) {
        c->done = true;
        b->cells_done++;
        if (b->out) {
            write_cell(b->out, e, c);
            fflush(b->out);
            if (ferror(b->out))
                return cli_fail(CMD ": cannot write the --out file");
        }
    }
    show_progress(b, task);
    return 0;
}

/* Plays the cells of variant v that are not done yet. */
static int run_variant(experiment *e, size_t v, unsigned jobs, batch *b, char *err,
                       size_t errlen)
{
    size_t todo = 0;
    for (size_t c = 0; c < e->ncounts; c++)
        todo += !e->cells[v * e->ncounts + c].done;
    if (!todo)
        return 0;
    variant *var = &e->variants[v];
    if (variant_open(e, var, err, errlen) != SG_OK)
        return cli_fail("%s", err);
    var->side.name = var->label;
    size_t games = (size_t)(2 * e->instances);
    b->plans = calloc(e->ncounts, sizeof *b->plans);
    b->tasks = calloc(todo * games, sizeof *b->tasks);
    b->cell_of = calloc(todo * games, sizeof *b->cell_of);
    int status = 0;
    if (!b->plans || !b->tasks || !b->cell_of)
        status = cli_fail(CMD ": out of memory");
    b->ntasks = 0;
    for (size_t c = 0; status == 0 && c < e->ncounts; c++) {
        size_t ci = v * e->ncounts + c;
        if (e->cells[ci].done)
            continue;
        match_plan *p = &b->plans[c];
        *p = e->positions[c]; /* a view: shares the positions, frees nothing */
        p->a = var->side;
        p->b = e->opponent;
        p->budget = e->budget;
        p->first = FIRST_LEFT;
        p->zero = ZERO_DRAW;
        for (size_t g = 0; g < games; g++) {
            b->tasks[b->ntasks] = (match_task){ p, g };
            b->cell_of[b->ntasks++] = ci;
        }
    }
    if (status == 0)
        status = match_play_tasks(b->tasks, b->ntasks, jobs, CMD, on_game, b);
    free(b->plans);
    free(b->tasks);
    free(b->cell_of);
    b->plans = NULL;
    b->tasks = NULL;
    b->cell_of = NULL;
    variant_close(var);
    return status;
}

/* ---- reports ---- */

static void cell_loss_text(const experiment *e, const cell *c, int k, char *buf, size_t cap)
{
    char l[64];
    sg_value_format(c->loss[k], l, sizeof l);
    if (c->games[k] == e->instances)
        snprintf(buf, cap, "%s", l);
    else
        snprintf(buf, cap, "%s (%llu of %llu games)", l, c->games[k], e->instances);
}

static void print_header(const experiment *e)
{
    printf("# %s\n\n", e->title ? e->title : e->file);
    const sg_param *gen = sg_params_find(e->ex, "generator");
    printf("kind = %s; positions: %s", kinds[e->kind], gen ? gen->value : "?");
    bool first = true;
    for (size_t i = 0; i < e->ex->count; i++) {
        const char *key = e->ex->items[i].key;
        bool own = false;
        for (size_t d = 0; e->drop[d]; d++)
            own = own || strcmp(e->drop[d], key) == 0;
        if (own)
            continue;
        printf("%s%s = %s", first ? " (" : ", ", key, e->ex->items[i].value);
        first = false;
    }
    printf("%s, %llu instances, seed %" PRIu64 "; opponent: %s", first ? "" : ")",
           e->instances, e->seed, e->opponent_name);
    if (e->budget.seconds > 0)
        printf("; %g s per move", e->budget.seconds);
    if (e->budget.nodes)
        printf("; %" PRIu64 " nodes per move", e->budget.nodes);
    printf("\n\n");
}

static void print_loss(const experiment *e)
{
    for (int table = 0; table < 2; table++) {
        if (table == 0)
            printf("Total loss (points) over %llu games against the perfect opponent; "
                   "(1st) = the method moves first, (2nd) = the opponent does\n\n",
                   e->instances);
        else
            printf("CPU seconds of the method's own moves over the same %llu games\n\n",
                   e->instances);
        printf("| Method |");
        for (size_t c = 0; c < e->ncounts; c++)
            printf(" %d |", e->counts[c]);
        printf("\n| --- |");
        for (size_t c = 0; c < e->ncounts; c++)
            printf(" ---: |");
        printf("\n");
        for (size_t v = 0; v < e->nvariants; v++)
            for (int k = 0; k < 2; k++) {
                printf("| %s (%s) |", e->variants[v].label, k ? "2nd" : "1st");
                for (size_t c = 0; c < e->ncounts; c++) {
                    const cell *cl = &e->cells[v * e->ncounts + c];
                    char buf[96];
                    if (table == 0)
                        cell_loss_text(e, cl, k, buf, sizeof buf);
                    else
                        snprintf(buf, sizeof buf, "%.3g", cl->cpu[k]);
                    printf(" %s |", buf);
                }
                printf("\n");
            }
        printf("\n");
    }
}

static void print_tradeoff(const experiment *e)
{
    printf("Total loss (points) and the method's CPU seconds over %llu games as first and "
           "%llu as second player, %d components\n\n",
           e->instances, e->instances, e->counts[0]);
    printf("| Method | parameter | loss (1st) | loss (2nd) | loss | CPU s (1st) | "
           "CPU s (2nd) | CPU s |\n");
    printf("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |\n");
    for (size_t v = 0; v < e->nvariants; v++) {
        const variant *var = &e->variants[v];
        const series *s = &e->series[var->series];
        const cell *c = &e->cells[v];
        char a[96], b[96], t[64];
        cell_loss_text(e, c, 0, a, sizeof a);
        cell_loss_text(e, c, 1, b, sizeof b);
        sg_value_format(sg_value_add(c->loss[0], c->loss[1]), t, sizeof t);
        char param[96] = "";
        if (s->sweep)
            snprintf(param, sizeof param, "%s = %s", s->sweep->key + strlen(SWEEP_PREFIX),
                     var->value);
        printf("| %s | %s | %s | %s | %s | %.3g | %.3g | %.3g |\n", s->label, param, a, b, t,
               c->cpu[0], c->cpu[1], c->cpu[0] + c->cpu[1]);
    }
    printf("\n");
}

static void print_footer(const experiment *e, double seconds, size_t resumed)
{
    unsigned long long forfeits = 0, missing = 0;
    for (size_t i = 0; i < e->ncells; i++)
        for (int k = 0; k < 2; k++) {
            forfeits += e->cells[i].forfeits[k];
            missing += e->instances - e->cells[i].games[k];
        }
    printf("Games without a score (forfeits): %llu; games forfeited: %llu.\n", missing,
           forfeits);
    if (resumed)
        printf("Cells read back from the --out file: %zu of %zu.\n", resumed, e->ncells);
    printf("Total: %.1f s.\n", seconds);
}

static void print_json(const experiment *e, double seconds)
{
    json_out o;
    json_out_init(&o, stdout);
    json_out_object(&o, NULL);
    json_out_string(&o, "file", e->file);
    json_out_string(&o, "kind", kinds[e->kind]);
    json_out_uint(&o, "instances", e->instances);
    json_out_uint(&o, "seed", e->seed);
    json_out_string(&o, "opponent", e->opponent_name);
    json_out_fixed(&o, "seconds", seconds, 3);
    json_out_array(&o, "cells");
    for (size_t i = 0; i < e->ncells; i++) {
        json_out_newline(&o);
        json_out_object(&o, NULL);
        cell_fields(&o, e, &e->cells[i]);
        json_out_end(&o);
    }
    fputc('\n', stdout);
    json_out_end(&o);
    json_out_end(&o);
    fputc('\n', stdout);
}

static int save_svg(const experiment *e, const char *path)
{
    plot_series *ps = calloc(e->nseries, sizeof *ps);
    double *xs = calloc(e->nvariants, sizeof *xs), *ys = calloc(e->nvariants, sizeof *ys);
    int status = 0;
    if (!ps || !xs || !ys) {
        status = cli_fail(CMD ": out of memory");
    } else {
        for (size_t s = 0; s < e->nseries; s++) {
            const series *se = &e->series[s];
            for (size_t k = 0; k < se->nvariants; k++) {
                const cell *c = &e->cells[se->first_variant + k];
                xs[se->first_variant + k] = c->cpu[0] + c->cpu[1];
                ys[se->first_variant + k] = sg_value_to_double(sg_value_add(c->loss[0],
                                                                            c->loss[1]));
            }
            ps[s] = (plot_series){ .name = se->label, .x = xs + se->first_variant,
                                   .y = ys + se->first_variant, .n = se->nvariants };
        }
        char title[300], xl[200], yl[200];
        snprintf(title, sizeof title, "%s", e->title ? e->title : "Error against time");
        snprintf(xl, sizeof xl, "CPU seconds of the method over %llu games (log scale)",
                 2 * e->instances);
        snprintf(yl, sizeof yl, "points lost against the perfect player (%llu games)",
                 2 * e->instances);
        plot_spec spec = { .title = title, .x_label = xl, .y_label = yl, .x_log = true,
                           .series = ps, .nseries = e->nseries };
        status = plot_svg_save(&spec, CMD, path);
    }
    free(ps);
    free(xs);
    free(ys);
    return status;
}

static int run_file(const char *file, const overrides *ov)
{
    experiment e;
    memset(&e, 0, sizeof e);
    e.file = file;
    char err[1024];
    int status = 0;
    if (sg_config_load(file, &e.cfg, err, sizeof err) != SG_OK ||
        load(&e, ov, err, sizeof err) != SG_OK)
        status = cli_fail("%s", err);
    if (status == 0 && ov->svg && e.kind != KIND_TRADEOFF)
        status = cli_usage(CMD ": --svg: only kind = tradeoff draws a plot");
    if (status == 0 && ov->resume && !ov->out)
        status = cli_usage(CMD ": --resume needs --out FILE (the cells of the earlier run)");
    if (status == 0 && catalog_open(&e.cat, ov->plugin_path, err, sizeof err) != SG_OK)
        status = cli_fail(CMD ": %s", err);
    if (status == 0) {
        const sg_param *opp = sg_params_find(e.ex, "opponent");
        const sg_params *osec = strategy_section(&e, opp->value);
        for (size_t i = 0; i < osec->count && status == 0; i++)
            if (strncmp(osec->items[i].key, SWEEP_PREFIX, strlen(SWEEP_PREFIX)) == 0) {
                sg_params_error(osec, &osec->items[i], err, sizeof err,
                                "%s: the opponent cannot be swept", osec->items[i].key);
                status = cli_fail("%s", err);
            }
        if (status == 0 &&
            match_side_open(&e.opponent, e.cfg, e.cat, osec, NULL, 0, 0, err, sizeof err) != SG_OK)
            status = cli_fail("%s", err);
    }
    /* Every strategy is created once before any game, so a bad key costs no play time. */
    for (size_t v = 0; status == 0 && v < e.nvariants; v++) {
        if (variant_open(&e, &e.variants[v], err, sizeof err) != SG_OK)
            status = cli_fail("%s", err);
        variant_close(&e.variants[v]);
    }
    double start = sg_clock_seconds();
    if (status == 0 && make_positions(&e, ov->plugin_path, err, sizeof err) != SG_OK)
        status = cli_fail("%s", err);
    if (status == 0) {
        e.ncells = e.nvariants * e.ncounts;
        if (!(e.cells = calloc(e.ncells, sizeof *e.cells)))
            status = cli_fail(CMD ": out of memory");
        for (size_t i = 0; status == 0 && i < e.ncells; i++) {
            cell *c = &e.cells[i];
            c->variant = i / e.ncounts;
            c->count = i % e.ncounts;
            uint64_t h = fnv(e.variants[c->variant].print, kinds[e.kind]);
            char num[64];
            snprintf(num, sizeof num, "%d/%llu/%" PRIu64 "/%g/%" PRIu64, e.counts[c->count],
                     e.instances, e.seed, e.budget.seconds, e.budget.nodes);
            h = fnv(h, num);
            h ^= e.positions_print[c->count] * 31 + e.opponent_print;
            c->print = h;
        }
    }
    size_t resumed = 0;
    if (status == 0 && ov->resume && resume(&e, ov->out, &resumed, err, sizeof err) != SG_OK)
        status = cli_fail(CMD ": %s", err);
    batch b = { .e = &e, .cells_done = resumed };
    progress_start(&b.progress, isatty(STDERR_FILENO));
    if (status == 0 && ov->out && !(b.out = fopen(ov->out, ov->resume ? "a" : "w")))
        status = cli_fail(CMD ": --out %s: %s", ov->out, strerror(errno));
    if (status == 0 && ov->games && !(b.games = fopen(ov->games, ov->resume ? "a" : "w")))
        status = cli_fail(CMD ": --games %s: %s", ov->games, strerror(errno));
    for (size_t v = 0; status == 0 && v < e.nvariants; v++)
        status = run_variant(&e, v, ov->jobs ? ov->jobs : 1, &b, err, sizeof err);
    progress_clear(&b.progress);
    if (b.out && fclose(b.out) != 0 && status == 0)
        status = cli_fail(CMD ": --out %s: cannot write", ov->out);
    if (b.games && fclose(b.games) != 0 && status == 0)
        status = cli_fail(CMD ": --games %s: cannot write", ov->games);
    double seconds = sg_clock_seconds() - start;
    if (status == 0 && ov->svg)
        status = save_svg(&e, ov->svg);
    if (status == 0) {
        if (ov->json) {
            print_json(&e, seconds);
        } else {
            print_header(&e);
            if (e.kind == KIND_LOSS)
                print_loss(&e);
            else
                print_tradeoff(&e);
            print_footer(&e, seconds, resumed);
        }
        if (fflush(stdout) != 0)
            status = cli_fail(CMD ": cannot write standard output: %s", strerror(errno));
    }
    for (size_t c = 0; e.positions && c < e.ncounts; c++)
        match_positions_free(&e.positions[c]);
    free(e.positions);
    free(e.positions_print);
    free(e.cells);
    for (size_t v = 0; v < e.nvariants; v++)
        variant_close(&e.variants[v]);
    free(e.variants);
    free(e.series);
    free(e.drop);
    match_side_close(&e.opponent);
    catalog_close(e.cat);
    sg_config_free(e.cfg);
    return status;
}

int exp_games_run(const experiment_kind *kind, int argc, char **argv)
{
    overrides ov = { 0 };
    unsigned long long jobs = 1;
    const args_option options[] = {
        { "--plugin-path", ARGS_STRING, &ov.plugin_path, 0, 0, NULL, "DIRS",
          "directories to look for plugins in first, ':' between them (each must exist)" },
        { "--jobs", ARGS_UINT, &jobs, 1, 256, NULL, "J",
          "play in J worker processes (results do not depend on it)" },
        { "--json", ARGS_FLAG, &ov.json, 0, 0, NULL, NULL,
          "print the tables as one JSON object" },
        { "--svg", ARGS_STRING, &ov.svg, 0, 0, NULL, "FILE",
          "draw the loss against the time" },
        { "--out", ARGS_STRING, &ov.out, 0, 0, NULL, "CELLS.jsonl",
          "write a line per cell as soon as it is done" },
        { "--games", ARGS_STRING, &ov.games, 0, 0, NULL, "GAMES.jsonl",
          "write every game's match record" },
        { "--resume", ARGS_FLAG, &ov.resume, 0, 0, NULL, NULL,
          "read the finished cells back from --out and play the rest" },
        { "--instances", ARGS_UINT, &ov.instances, 1, 1000000, NULL, "N",
          "positions per cell, overriding the file" },
        { "--components", ARGS_STRING, &ov.components, 0, 0, NULL, "LIST",
          "components per position, overriding the file" },
        { "--strategies", ARGS_STRING, &ov.strategies, 0, 0, NULL, "LIST",
          "the strategies to run, overriding the file" },
    };
    const char *file;
    int status = experiment_parse_args(kind, argc, argv, options,
                                       sizeof options / sizeof options[0], &file);
    if (status != 0)
        return status;
    ov.jobs = (unsigned)jobs;
    return run_file(file, &ov);
}
