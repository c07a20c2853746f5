/* kind = coverage: the TDS+ lecture's experiments on a test set of positions with exact
 * values (the lecture's has 600 positions of 4x4 boards; Zhang and Müller): how many positions each TDS variant solves within a time limit,
 * exactly or with a coarse delta, and how far heuristic estimates are from the database.
 *
 * [experiment]
 * kind = coverage
 * title = ...                    ; optional
 * game = GAME                    ; whose positions the test set holds
 * test_set = FILE                ; POSITION MEAN TEMPERATURE lines
 * sample = 0                     ; positions per number of empty squares, drawn with seed
 *                                ; (0 = every position)
 * seed = 1
 * empties = 2-14                 ; only positions with these numbers of empty squares
 * limits = 1, 2.5, 10            ; seconds per position: the table's columns
 * variants = tds, plus           ; rows, each a [variant.NAME] section
 *
 * [variant.NAME]
 * label = TDS_12345              ; row title (default: the enhancements' name)
 * method = tdsplus               ; tds (enhancements default none, the 2004 TDS) or
 *                                ; tdsplus (default all, and the t_min/2 time-out rule)
 * enhancements = 1,2,3,4,5       ; or none
 * delta = exact                  ; exact: 2^-e for a position with e empty squares (a game
 *                                ; born by day e has means and temperatures in multiples of
 *                                ; 2^(1-e), so that delta makes a complete TDS exact, as
 *                                ; docs/results/tds-experiment-1.md uses for rooms), or a
 *                                ; value such as 1 or 1/8
 * search = complete              ; complete: one exact search per position under a
 *                                ; wall-clock meter of the largest limit; heuristic: one
 *                                ; estimate per position and limit with time = the limit
 *
 * A complete search is deterministic, so one run under the largest limit gives the whole
 * curve: a position counts at limit L when it finished within L seconds. With delta = exact
 * it counts only when mean and temperature equal the database's; a finished answer that
 * differs is reported apart (it would mean an enhancement is unsound). With a fixed delta
 * a finished search counts (its answer is the delta-approximation), and the table gives its
 * mean absolute errors. An estimate that fails for any other reason (a stack of more than
 * SG_COUPONS_MAX coupons) counts as unsolved, with its reason in the record.
 *
 * --out FILE.jsonl writes one line per (variant, position[, limit]) as soon as it is done;
 * --resume keeps the lines of an earlier run whose variant settings match and does only
 * the rest. Progress goes to stderr (one line per record when stderr is not a terminal).
 * Each record gets a fresh TDS engine, so records do not depend on their order. */
#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
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
#include "host/cli/json.h"
#include "sumgame/clock.h"
#include "sumgame/meter.h"
#include "sumgame/params.h"
#include "sumgame/rng.h"
#include "sumgame/tds.h"
#include "sumgame/game_call.h"

#define CMD "experiment"
#define LIMITS_MAX 32
#define VARIANTS_MAX 32
#define EMPTIES_MAX 16

static const char *const ex_keys[] = { "kind",    "title",  "test_set", "sample", "seed",
                                       "empties", "limits", "variants", "game",   NULL };
static const char *const variant_keys[] = { "label", "method", "enhancements", "delta",
                                            "search", NULL };
static const char *const method_names[] = { "tds", "tdsplus", NULL };
static const char *const search_names[] = { "complete", "heuristic", NULL };

typedef struct variant {
    char name[64], label[64];
    bool plus, heuristic, exact_delta;
    unsigned mask;
    sg_value delta;
    uint64_t print; /* settings a resumed record must match */
} variant;

/* One search: a variant, a position and (heuristic) a limit. */
typedef struct record {
    bool done, resumed, finished, correct;
    double seconds, cpu, err_t, err_mu; /* cpu: the process's CPU seconds (the machine
                                         * is shared: cpu / seconds shows the share) */
    sg_value mean, temperature;
    uint64_t nodes;
    sg_tds_stats stats;
    char why[160];
} record;

typedef struct plan {
    const char *file, *title, *test_set, *game;
    unsigned sample;
    uint64_t seed;
    bool empties[EMPTIES_MAX + 1];
    double limits[LIMITS_MAX];
    size_t nlimits;
    variant variants[VARIANTS_MAX];
    size_t nvariants;
    exp_room *rooms; /* the positions run, in test-set order */
    int *empties_of;
    size_t nrooms;
    record *records; /* [variant][room][limit] (complete variants use limit 0 only) */
} plan;

static int failf_item(char *err, size_t errlen, const sg_params *p, const sg_param *item,
                      const char *what, const char *value)
{
    sg_params_error(p, item, err, errlen, "%s = %.80s: %s", item ? item->key : "?", value,
                    what);
    return SG_ERR_INVALID;
}

static int empty_squares(const char *position)
{
    int n = 0;
    for (const char *c = position; *c; c++)
        n += *c == '.';
    return n;
}

/* "1, 2.5, 10": increasing positive seconds. */
static bool parse_limits(const char *text, plan *pl)
{
    pl->nlimits = 0;
    char *copy = strdup(text);
    if (!copy)
        return false;
    bool ok = true;
    for (char *save = NULL, *tok = strtok_r(copy, ", ", &save); tok && ok;
         tok = strtok_r(NULL, ", ", &save)) {
        char *end;
        double s = strtod(tok, &end);
        ok = end != tok && *end == '\0' && isfinite(s) && s > 0 && s <= 31536000 &&
             pl->nlimits < LIMITS_MAX && (pl->nlimits == 0 || s > pl->limits[pl->nlimits - 1]);
        if (ok)
            pl->limits[pl->nlimits++] = s;
    }
    free(copy);
    return ok && pl->nlimits > 0;
}

static uint64_t fnv(uint64_t h, const char *s)
{
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h;
}

static int load_variant(const sg_config *cfg, const char *file, const char *name, variant *v,
                        char *err, size_t errlen)
{
    char section[96];
    snprintf(section, sizeof section, "variant.%s", name);
    const sg_params *p = sg_config_find(cfg, section);
    if (!p) {
        snprintf(err, errlen, "%s:%d: variants: no section [%.60s]", file,
                 sg_config_find_line(cfg, "experiment"), section);
        return SG_ERR_INVALID;
    }
    int rc = sg_params_check_known(p, variant_keys, err, errlen);
    int method = 1, search = 0;
    if (rc == SG_OK)
        rc = sg_params_enum(p, "method", method_names, 1, &method, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(p, "search", search_names, 0, &search, err, errlen);
    if (rc != SG_OK)
        return rc;
    snprintf(v->name, sizeof v->name, "%s", name);
    v->plus = method == 1;
    v->heuristic = search == 1;
    v->mask = v->plus ? SG_TDS_PLUS : 0;
    const sg_param *it = sg_params_find(p, "enhancements");
    char why[256];
    if (it && sg_tds_enhancements_parse(it->value, &v->mask, why, sizeof why) != SG_OK)
        return failf_item(err, errlen, p, it, why, it->value);
    it = sg_params_find(p, "delta");
    v->exact_delta = !it || strcmp(it->value, "exact") == 0;
    if (!v->exact_delta) {
        if (sg_value_parse(it->value, &v->delta, why, sizeof why) != SG_OK ||
            sg_value_cmp(v->delta, sg_value_int(0)) <= 0)
            return failf_item(err, errlen, p, it, "expected exact or a value above 0 "
                              "such as 1 or 1/8", it->value);
    }
    char enh[64];
    sg_tds_enhancements_name(v->mask, enh, sizeof enh);
    snprintf(v->label, sizeof v->label, "%s", sg_params_string(p, "label", enh));
    char d[SG_VALUE_TEXT_MAX];
    if (v->exact_delta)
        snprintf(d, sizeof d, "exact");
    else
        sg_value_format(v->delta, d, sizeof d);
    char print[160];
    /* E2 became a search gate (main, 04a6dcd): records made with the earlier E2 must
     * not be read back for a variant that uses it. */
    snprintf(print, sizeof print, "%s/%u/%s/%s%s", method_names[method], v->mask, d,
             search_names[search], (v->mask & SG_TDS_E2) ? "/e2-gate" : "");
    v->print = fnv(14695981039346656037ull, print);
    return SG_OK;
}

/* Picks pl->sample positions of each number of empty squares (all when fewer), keeping
 * the test set's order: a partial Fisher-Yates shuffle per class, classes in increasing
 * order, one stream of seed. */
static int select_rooms(plan *pl, exp_room *all, size_t count, char *err, size_t errlen)
{
    bool *take = calloc(count ? count : 1, sizeof *take);
    size_t *idx = calloc(count ? count : 1, sizeof *idx);
    pl->rooms = calloc(count ? count : 1, sizeof *pl->rooms);
    pl->empties_of = calloc(count ? count : 1, sizeof *pl->empties_of);
    if (!take || !idx || !pl->rooms || !pl->empties_of) {
        free(take);
        free(idx);
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    sg_rng rng;
    sg_rng_seed(&rng, pl->seed);
    for (int e = 0; e <= EMPTIES_MAX; e++) {
        size_t n = 0;
        for (size_t i = 0; i < count; i++)
            if (empty_squares(all[i].position) == e)
                idx[n++] = i;
        if (!pl->empties[e] || n == 0)
            continue;
        size_t want = pl->sample && pl->sample < n ? pl->sample : n;
        for (size_t k = 0; k < want; k++) {
            size_t j = k + (size_t)sg_rng_below(&rng, n - k);
            size_t t = idx[k];
            idx[k] = idx[j];
            idx[j] = t;
            take[idx[k]] = true;
        }
    }
    for (size_t i = 0; i < count; i++)
        if (take[i]) {
            pl->empties_of[pl->nrooms] = empty_squares(all[i].position);
            pl->rooms[pl->nrooms++] = all[i];
        }
    free(take);
    free(idx);
    return SG_OK;
}

/* Command-line values (NULL / 0 = the file's). */
typedef struct overrides {
    const char *plugin_path, *out, *svg, *limits, *variants, *empties;
    bool json, resume;
    unsigned long long sample;
    bool has_sample;
} overrides;

static int load(const sg_config *cfg, const char *file, const overrides *ov, plan *pl,
                char *err, size_t errlen)
{
    for (size_t i = 0; i < sg_config_count(cfg); i++) {
        const sg_params *s = sg_config_section(cfg, i);
        if (strcmp(s->section, "experiment") != 0 && strncmp(s->section, "variant.", 8) != 0) {
            snprintf(err, errlen, "%s:%d: unknown section [%.60s] (expected [experiment] or "
                     "[variant.NAME])", file, sg_config_find_line(cfg, s->section), s->section);
            return SG_ERR_INVALID;
        }
    }
    const sg_params *ex = sg_config_find(cfg, "experiment");
    int rc = sg_params_check_known(ex, ex_keys, err, errlen);
    long long sample = 0, seed = 1;
    if (rc == SG_OK)
        rc = sg_params_int(ex, "sample", 0, 0, 1000000, &sample, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(ex, "seed", 1, 0, INT64_MAX, &seed, err, errlen);
    if (rc != SG_OK)
        return rc;
    pl->file = file;
    pl->title = sg_params_string(ex, "title", NULL);
    pl->sample = ov->has_sample ? (unsigned)ov->sample : (unsigned)sample;
    pl->seed = (uint64_t)seed;
    const sg_param *it = sg_params_find(ex, "test_set");
    if (!it) {
        snprintf(err, errlen, "%s:%d: experiment: missing key 'test_set' (a file of POSITION "
                 "MEAN TEMPERATURE lines)", file, sg_config_find_line(cfg, "experiment"));
        return SG_ERR_INVALID;
    }
    pl->test_set = it->value;
    /* The host knows no game: the test set's game is named, never assumed. */
    if (!(pl->game = sg_params_string(ex, "game", NULL))) {
        snprintf(err, errlen, "%s:%d: experiment: missing key 'game' (the game of the test "
                 "set's positions, as `sumgame list` names it)", file,
                 sg_config_find_line(cfg, "experiment"));
        return SG_ERR_INVALID;
    }
    it = sg_params_find(ex, "empties");
    const char *empties = ov->empties ? ov->empties : it ? it->value : NULL;
    for (int e = 0; e <= EMPTIES_MAX; e++)
        pl->empties[e] = !empties;
    if (empties) {
        int list[EMPTIES_MAX + 1];
        size_t n = 0;
        if (args_int_list(empties, 0, EMPTIES_MAX, false, list, EMPTIES_MAX + 1, &n) != 0) {
            if (ov->empties) {
                snprintf(err, errlen, CMD ": --empties '%.80s': expected numbers of empty "
                         "squares from 0 to 16, e.g. 2-8", ov->empties);
                return SG_ERR_INVALID;
            }
            return failf_item(err, errlen, ex, it, "expected numbers of empty squares from 0 "
                              "to 16, e.g. 2-8", it->value);
        }
        for (size_t k = 0; k < n; k++)
            pl->empties[list[k]] = true;
    }
    it = sg_params_find(ex, "limits");
    if (ov->limits) {
        if (!parse_limits(ov->limits, pl)) {
            snprintf(err, errlen, CMD ": --limits '%.80s': expected increasing seconds above "
                     "0, e.g. 1,2.5,10", ov->limits);
            return SG_ERR_INVALID;
        }
    } else if (!it || !parse_limits(it->value, pl)) {
        if (it)
            return failf_item(err, errlen, ex, it, "expected increasing seconds above 0, "
                              "e.g. 1, 2.5, 10", it->value);
        snprintf(err, errlen, "%s:%d: experiment: missing key 'limits' (seconds per "
                 "position, e.g. 1, 2.5, 10)", file, sg_config_find_line(cfg, "experiment"));
        return SG_ERR_INVALID;
    }
    it = sg_params_find(ex, "variants");
    const char *names = ov->variants ? ov->variants : it ? it->value : NULL;
    if (!names) {
        snprintf(err, errlen, "%s:%d: experiment: missing key 'variants' (names of "
                 "[variant.NAME] sections)", file, sg_config_find_line(cfg, "experiment"));
        return SG_ERR_INVALID;
    }
    char *copy = strdup(names);
    if (!copy) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    rc = SG_OK;
    for (char *save = NULL, *tok = strtok_r(copy, ", ", &save); tok && rc == SG_OK;
         tok = strtok_r(NULL, ", ", &save)) {
        if (pl->nvariants == VARIANTS_MAX) {
            snprintf(err, errlen, "%s: more than %d variants", file, VARIANTS_MAX);
            rc = SG_ERR_INVALID;
        } else {
            rc = load_variant(cfg, file, tok, &pl->variants[pl->nvariants++], err, errlen);
        }
    }
    free(copy);
    return rc;
}

static size_t record_index(const plan *pl, size_t v, size_t r, size_t l)
{
    return (v * pl->nrooms + r) * pl->nlimits + l;
}

static sg_value variant_delta(const variant *v, int empties)
{
    return v->exact_delta ? sg_value_make(1, empties) : v->delta;
}

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static double abs_error(sg_value a, sg_value b)
{
    return fabs(sg_value_to_double(sg_value_sub(a, b)));
}

/* One estimate of room r by variant v, complete (under a meter of limit seconds) or
 * heuristic (time = limit). */
static int run_one(const sg_game *game, const variant *v, const exp_room *room, int empties,
                   double limit, record *rec, char *err, size_t errlen)
{
    memset(rec, 0, sizeof *rec);
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    int rc = sg_gc_parse(game->desc, game->instance, room->position, pos, err, errlen);
    if (rc != SG_OK)
        return rc;
    sg_tds_config config;
    unsigned mask;
    if ((rc = sg_tds_config_parse(NULL, v->plus, &config, &mask, err, errlen)) != SG_OK)
        return rc;
    config.delta = variant_delta(v, empties);
    if (v->heuristic)
        config.seconds = limit;
    sg_tds *tds = sg_tds_new(0, err, errlen);
    if (!tds)
        return SG_ERR_NOMEM;
    sg_tds_set_enhancements(tds, v->mask);
    sg_meter meter;
    sg_meter_start(&meter, &(sg_limits){ .seconds = v->heuristic ? 0 : limit });
    sg_tds_set_meter(tds, &meter);
    sg_estimate est;
    double start = sg_clock_seconds(), cpu_start = cpu_seconds();
    rc = sg_tds_estimate(tds, game, pos, &config, &est, rec->why, sizeof rec->why);
    rec->seconds = sg_clock_seconds() - start;
    rec->cpu = cpu_seconds() - cpu_start;
    sg_tds_last_stats(tds, &rec->stats);
    sg_tds_free(tds);
    rec->done = true;
    if (rc == SG_ERR_NOMEM) {
        snprintf(err, errlen, "out of memory");
        return rc;
    }
    if (rc != SG_OK) {
        if (sg_meter_expired(&meter))
            sg_meter_reason(&meter, rec->why, sizeof rec->why);
        return SG_OK;
    }
    rec->why[0] = '\0';
    rec->finished = true;
    rec->mean = est.mean;
    rec->temperature = est.temperature;
    rec->nodes = est.nodes;
    rec->err_t = abs_error(est.temperature, room->temperature);
    rec->err_mu = abs_error(est.mean, room->mean);
    rec->correct = rec->err_t == 0 && rec->err_mu == 0;
    return SG_OK;
}

/* A number of seconds as the limits are written everywhere ("%g": 0.05, 2.5, 30). */
static void put_limit(json_out *o, const char *key, double seconds)
{
    char text[32];
    snprintf(text, sizeof text, "%g", seconds);
    json_out_number(o, key, text);
}

static void write_record(FILE *f, const plan *pl, size_t v, size_t r, size_t l,
                         const record *rec)
{
    const variant *var = &pl->variants[v];
    const exp_room *room = &pl->rooms[r];
    char d[SG_VALUE_TEXT_MAX], a[SG_VALUE_TEXT_MAX], b[SG_VALUE_TEXT_MAX], enh[64];
    sg_value_format(variant_delta(var, pl->empties_of[r]), d, sizeof d);
    sg_tds_enhancements_format(var->mask, enh, sizeof enh);
    json_out o;
    json_out_init(&o, f);
    json_out_object(&o, NULL);
    json_out_string(&o, "variant", var->name);
    json_out_string(&o, "label", var->label);
    json_out_stringf(&o, "fingerprint", "%016" PRIx64, var->print);
    json_out_string(&o, "enhancements", enh);
    json_out_string(&o, "search", var->heuristic ? "heuristic" : "complete");
    json_out_string(&o, "position", room->position);
    json_out_int(&o, "empties", pl->empties_of[r]);
    json_out_string(&o, "delta", d);
    put_limit(&o, "limit", pl->limits[var->heuristic ? l : pl->nlimits - 1]);
    json_out_fixed(&o, "seconds", rec->seconds, 6);
    json_out_fixed(&o, "cpu", rec->cpu, 6);
    json_out_bool(&o, "finished", rec->finished);
    if (rec->finished) {
        sg_value_format(rec->mean, a, sizeof a);
        sg_value_format(rec->temperature, b, sizeof b);
        json_out_string(&o, "mean", a);
        json_out_string(&o, "temperature", b);
        json_out_bool(&o, "correct", rec->correct);
        json_out_fixed(&o, "error_t", rec->err_t, 6);
        json_out_fixed(&o, "error_mu", rec->err_mu, 6);
        json_out_uint(&o, "nodes", rec->nodes);
    } else {
        json_out_string(&o, "why", rec->why);
    }
    json_out_int(&o, "presearches", rec->stats.presearches);
    json_out_int(&o, "conjecture_checks", rec->stats.conjecture_checks);
    json_out_int(&o, "conjecture_violations", rec->stats.conjecture_violations);
    json_out_uint(&o, "e2_closed", rec->stats.e2_closed);
    json_out_uint(&o, "e2_rejected", rec->stats.e2_rejected);
    json_out_uint(&o, "e4_closed", rec->stats.e4_closed);
    json_out_uint(&o, "e4_presearches", rec->stats.e4_presearches);
    json_out_uint(&o, "e6_closed", rec->stats.e6_closed);
    json_out_bool(&o, "timed_out", rec->stats.timed_out);
    json_out_end(&o);
    fputc('\n', f);
}

/* Reads back the records of an earlier run's --out file that this run would make again:
 * the same variant settings and position, for a heuristic variant the same limit; a
 * complete search that finished, or that ran under at least this run's largest limit. */
static bool take_record(void *ctx, const json_t *obj)
{
    plan *pl = ctx;
    char name[64], print[32], position[40], buf[64], why[160];
    if (!json_text(obj, "variant", name, sizeof name) ||
        !json_text(obj, "fingerprint", print, sizeof print) ||
        !json_text(obj, "position", position, sizeof position) ||
        !json_text(obj, "limit", buf, sizeof buf))
        return false;
    double limit = strtod(buf, NULL);
    uint64_t h = strtoull(print, NULL, 16);
    size_t v = 0, r = 0, l = 0;
    while (v < pl->nvariants &&
           (strcmp(pl->variants[v].name, name) != 0 || pl->variants[v].print != h))
        v++;
    while (r < pl->nrooms && strcmp(pl->rooms[r].position, position) != 0)
        r++;
    if (v == pl->nvariants || r == pl->nrooms)
        return false;
    bool heuristic = pl->variants[v].heuristic;
    if (heuristic)
        while (l < pl->nlimits && fabs(pl->limits[l] - limit) > 1e-9 * limit)
            l++;
    if (l == pl->nlimits)
        return false;
    record *rec = &pl->records[record_index(pl, v, r, l)];
    if (rec->done)
        return false;
    record got = { .done = true, .resumed = true };
    bool ok = json_text(obj, "finished", buf, sizeof buf);
    got.finished = ok && strcmp(buf, "true") == 0;
    ok = ok && json_text(obj, "seconds", buf, sizeof buf);
    got.seconds = strtod(buf, NULL);
    if (json_text(obj, "cpu", buf, sizeof buf))
        got.cpu = strtod(buf, NULL);
    if (ok && got.finished) {
        ok = json_text(obj, "mean", buf, sizeof buf) &&
             sg_value_parse(buf, &got.mean, why, sizeof why) == SG_OK &&
             json_text(obj, "temperature", buf, sizeof buf) &&
             sg_value_parse(buf, &got.temperature, why, sizeof why) == SG_OK &&
             json_text(obj, "nodes", buf, sizeof buf);
        got.nodes = strtoull(buf, NULL, 10);
        got.err_t = abs_error(got.temperature, pl->rooms[r].temperature);
        got.err_mu = abs_error(got.mean, pl->rooms[r].mean);
        got.correct = got.err_t == 0 && got.err_mu == 0;
    } else if (ok) {
        ok = heuristic || limit >= pl->limits[pl->nlimits - 1];
        json_text(obj, "why", got.why, sizeof got.why);
    }
    /* Counters a record of an earlier build lacks count 0. */
    static const char *const counters[] = { "presearches", "conjecture_checks",
                                            "conjecture_violations", "e2_closed",
                                            "e2_rejected", "e4_closed", "e4_presearches",
                                            "e6_closed", NULL };
    uint64_t n[8] = { 0 };
    for (int k = 0; counters[k] && ok; k++)
        if (json_text(obj, counters[k], buf, sizeof buf))
            n[k] = strtoull(buf, NULL, 10);
    ok = ok && json_text(obj, "timed_out", buf, sizeof buf);
    got.stats = (sg_tds_stats){ .enhancements = pl->variants[v].mask,
                                .presearches = (int)n[0], .conjecture_checks = (int)n[1],
                                .conjecture_violations = (int)n[2], .e2_closed = n[3],
                                .e2_rejected = n[4], .e4_closed = n[5],
                                .e4_presearches = n[6], .e6_closed = n[7],
                                .timed_out = ok && strcmp(buf, "true") == 0 };
    if (ok)
        *rec = got;
    return ok;
}

static int resume(plan *pl, const char *path, size_t *found, char *err, size_t errlen)
{
    return exp_read_records(path, take_record, pl, found, err, errlen);
}

/* ---- summaries ---- */

typedef struct summary {
    size_t positions, covered[LIMITS_MAX], finished, wrong, unsolved_other;
    double sum_t, sum_mu, seconds, cpu;
    long checks, violations;
} summary;

/* Variant v's complete searches: covered[l] = finished (and, with delta = exact, equal
 * to the database) within limits[l]; errors over the finished ones. Only positions with
 * empties e (or all when e < 0). */
static summary summarize_complete(const plan *pl, size_t v, int e)
{
    summary s = { 0 };
    const variant *var = &pl->variants[v];
    for (size_t r = 0; r < pl->nrooms; r++) {
        const record *rec = &pl->records[record_index(pl, v, r, 0)];
        if (!rec->done || (e >= 0 && pl->empties_of[r] != e))
            continue;
        s.positions++;
        s.seconds += rec->seconds;
        s.cpu += rec->cpu;
        s.checks += rec->stats.conjecture_checks;
        s.violations += rec->stats.conjecture_violations;
        if (!rec->finished) {
            s.unsolved_other += rec->why[0] && !strstr(rec->why, "time limit");
            continue;
        }
        s.finished++;
        s.sum_t += rec->err_t;
        s.sum_mu += rec->err_mu;
        if (var->exact_delta && !rec->correct) {
            s.wrong++;
            continue;
        }
        for (size_t l = 0; l < pl->nlimits; l++)
            s.covered[l] += rec->seconds <= pl->limits[l];
    }
    return s;
}

/* Variant v's heuristic estimates at limits[l]. */
static summary summarize_heuristic(const plan *pl, size_t v, size_t l)
{
    summary s = { 0 };
    for (size_t r = 0; r < pl->nrooms; r++) {
        const record *rec = &pl->records[record_index(pl, v, r, l)];
        if (!rec->done)
            continue;
        s.positions++;
        s.seconds += rec->seconds;
        s.cpu += rec->cpu;
        if (!rec->finished) {
            s.unsolved_other++;
            continue;
        }
        s.finished++;
        s.sum_t += rec->err_t;
        s.sum_mu += rec->err_mu;
        s.covered[0] += rec->correct;
        s.wrong += rec->stats.timed_out;
    }
    return s;
}

static double mean_of(double sum, size_t n) { return n ? sum / (double)n : 0; }

static bool any(const plan *pl, bool heuristic)
{
    for (size_t v = 0; v < pl->nvariants; v++)
        if (pl->variants[v].heuristic == heuristic)
            return true;
    return false;
}

static void delta_text(const variant *v, char *buf, size_t cap)
{
    if (v->exact_delta)
        snprintf(buf, cap, "2^-e");
    else
        sg_value_format(v->delta, buf, cap);
}

static void print_markdown(const plan *pl, double seconds, size_t resumed)
{
    printf("# %s\n\n", pl->title ? pl->title : pl->file);
    printf("Test set %s: %zu positions", pl->test_set, pl->nrooms);
    if (pl->sample)
        printf(" (%u per number of empty squares, seed %" PRIu64 ")", pl->sample, pl->seed);
    printf(".\n\n");
    if (any(pl, false)) {
        printf("Coverage: positions solved within the limit (complete searches; delta = "
               "2^-e: mean and temperature equal to the database's)\n\n| variant | delta |");
        for (size_t l = 0; l < pl->nlimits; l++)
            printf(" %gs |", pl->limits[l]);
        printf(" finished but wrong | failed otherwise | mean abs error t / mu (finished) |"
               " 2-delta conjecture violations / checks | seconds (CPU) |\n| --- | ---: |");
        for (size_t l = 0; l < pl->nlimits; l++)
            printf(" ---: |");
        printf(" ---: | ---: | ---: | ---: | ---: |\n");
        for (size_t v = 0; v < pl->nvariants; v++) {
            const variant *var = &pl->variants[v];
            if (var->heuristic)
                continue;
            summary s = summarize_complete(pl, v, -1);
            char d[SG_VALUE_TEXT_MAX];
            delta_text(var, d, sizeof d);
            printf("| %s | %s |", var->label, d);
            for (size_t l = 0; l < pl->nlimits; l++)
                printf(" %zu |", s.covered[l]);
            printf(" %zu | %zu | %.4f / %.4f | %ld / %ld | %.1f (%.1f) |\n", s.wrong,
                   s.unsolved_other, mean_of(s.sum_t, s.finished),
                   mean_of(s.sum_mu, s.finished), s.violations, s.checks, s.seconds, s.cpu);
        }
        printf("\nCoverage within %gs by number of empty squares (positions run per class "
               "in the header)\n\n| variant |", pl->limits[pl->nlimits - 1]);
        bool used[EMPTIES_MAX + 1] = { false };
        for (size_t r = 0; r < pl->nrooms; r++)
            used[pl->empties_of[r]] = true;
        for (int e = 0; e <= EMPTIES_MAX; e++)
            if (used[e]) {
                size_t n = 0;
                for (size_t r = 0; r < pl->nrooms; r++)
                    n += pl->empties_of[r] == e;
                printf(" %d (%zu) |", e, n);
            }
        printf("\n| --- |");
        for (int e = 0; e <= EMPTIES_MAX; e++)
            if (used[e])
                printf(" ---: |");
        printf("\n");
        for (size_t v = 0; v < pl->nvariants; v++) {
            if (pl->variants[v].heuristic)
                continue;
            printf("| %s |", pl->variants[v].label);
            for (int e = 0; e <= EMPTIES_MAX; e++)
                if (used[e])
                    printf(" %zu |", summarize_complete(pl, v, e).covered[pl->nlimits - 1]);
            printf("\n");
        }
        printf("\n");
    }
    if (any(pl, true)) {
        printf("Heuristic estimates (time = the limit): mean absolute error against the "
               "database\n\n| variant | delta | limit | positions | error t | error mu | "
               "exact answers | timed out | seconds (CPU) |\n| --- | ---: | ---: | ---: | ---: | "
               "---: | ---: | ---: | ---: |\n");
        for (size_t v = 0; v < pl->nvariants; v++) {
            const variant *var = &pl->variants[v];
            if (!var->heuristic)
                continue;
            char d[SG_VALUE_TEXT_MAX];
            delta_text(var, d, sizeof d);
            for (size_t l = 0; l < pl->nlimits; l++) {
                summary s = summarize_heuristic(pl, v, l);
                printf("| %s | %s | %gs | %zu | %.4f | %.4f | %zu | %zu | %.1f (%.1f) |\n",
                       var->label, d, pl->limits[l], s.positions, mean_of(s.sum_t, s.finished),
                       mean_of(s.sum_mu, s.finished), s.covered[0], s.wrong, s.seconds, s.cpu);
            }
        }
        printf("\n");
    }
    printf("Wall time %.1f s", seconds);
    if (resumed)
        printf("; records read back from the --out file: %zu", resumed);
    printf(".\n");
}

static void print_json(const plan *pl, double seconds)
{
    json_out o;
    json_out_init(&o, stdout);
    json_out_object(&o, NULL);
    json_out_string(&o, "file", pl->file);
    json_out_uint(&o, "positions", pl->nrooms);
    json_out_uint(&o, "sample", pl->sample);
    json_out_uint(&o, "seed", pl->seed);
    json_out_array(&o, "limits");
    for (size_t l = 0; l < pl->nlimits; l++)
        put_limit(&o, NULL, pl->limits[l]);
    json_out_end(&o);
    json_out_array(&o, "variants");
    for (size_t v = 0; v < pl->nvariants; v++) {
        const variant *var = &pl->variants[v];
        char d[SG_VALUE_TEXT_MAX], enh[64];
        delta_text(var, d, sizeof d);
        sg_tds_enhancements_format(var->mask, enh, sizeof enh);
        json_out_object(&o, NULL);
        json_out_string(&o, "name", var->name);
        json_out_string(&o, "label", var->label);
        json_out_string(&o, "enhancements", enh);
        json_out_string(&o, "delta", d);
        json_out_string(&o, "search", var->heuristic ? "heuristic" : "complete");
        json_out_array(&o, "cells");
        for (size_t l = 0; l < pl->nlimits; l++) {
            summary s = var->heuristic ? summarize_heuristic(pl, v, l)
                                       : summarize_complete(pl, v, -1);
            json_out_object(&o, NULL);
            put_limit(&o, "limit", pl->limits[l]);
            json_out_uint(&o, "positions", s.positions);
            if (var->heuristic) {
                json_out_fixed(&o, "error_t", mean_of(s.sum_t, s.finished), 6);
                json_out_fixed(&o, "error_mu", mean_of(s.sum_mu, s.finished), 6);
                json_out_uint(&o, "exact_answers", s.covered[0]);
                json_out_uint(&o, "timed_out", s.wrong);
            } else {
                json_out_uint(&o, "covered", s.covered[l]);
                json_out_uint(&o, "finished_wrong", s.wrong);
                json_out_uint(&o, "failed_otherwise", s.unsolved_other);
                json_out_fixed(&o, "error_t", mean_of(s.sum_t, s.finished), 6);
                json_out_fixed(&o, "error_mu", mean_of(s.sum_mu, s.finished), 6);
                json_out_int(&o, "conjecture_checks", s.checks);
                json_out_int(&o, "conjecture_violations", s.violations);
            }
            json_out_fixed(&o, "seconds", s.seconds, 3);
            json_out_fixed(&o, "cpu", s.cpu, 3);
            json_out_end(&o);
        }
        json_out_end(&o);
        json_out_end(&o);
    }
    json_out_end(&o);
    json_out_fixed(&o, "seconds", seconds, 3);
    json_out_end(&o);
    fputc('\n', stdout);
}

/* Error against time: one line per heuristic variant and quantity. */
static int save_svg(const plan *pl, const char *path)
{
    plot_series series[2 * VARIANTS_MAX];
    double xs[2 * VARIANTS_MAX][LIMITS_MAX], ys[2 * VARIANTS_MAX][LIMITS_MAX];
    char names[2 * VARIANTS_MAX][96];
    size_t n = 0;
    for (size_t v = 0; v < pl->nvariants; v++) {
        const variant *var = &pl->variants[v];
        if (!var->heuristic)
            continue;
        for (int q = 0; q < 2; q++, n++) {
            snprintf(names[n], sizeof names[n], "%s, %s", var->label, q ? "mean" : "temperature");
            for (size_t l = 0; l < pl->nlimits; l++) {
                summary s = summarize_heuristic(pl, v, l);
                xs[n][l] = pl->limits[l];
                ys[n][l] = mean_of(q ? s.sum_mu : s.sum_t, s.finished);
            }
            series[n] = (plot_series){ .name = names[n], .x = xs[n], .y = ys[n], .n = pl->nlimits };
        }
    }
    if (n == 0)
        return cli_usage(CMD ": --svg: no variant with search = heuristic to plot");
    char title[256];
    snprintf(title, sizeof title, "%s", pl->title ? pl->title : "Average absolute error");
    plot_spec spec = { .title = title, .x_label = "time limit per position (s)",
                       .y_label = "average absolute error", .x_log = true, .series = series,
                       .nseries = n };
    return plot_svg_save(&spec, CMD, path);
}

typedef struct progress {
    progress_out out;
    size_t done, total;
} progress;

static void show(progress *pr, const plan *pl, size_t v, size_t r, size_t l, const record *rec)
{
    pr->done++;
    const variant *var = &pl->variants[v];
    /* Off a terminal each record is a line of the log: that is its progress. */
    if (pr->out.tty) {
        progress_show(&pr->out, CMD ": %s: %zu of %zu, %.0f s", var->label, pr->done,
                      pr->total, progress_elapsed(&pr->out));
        return;
    }
    fprintf(stderr, CMD ": %zu/%zu %s %s", pr->done, pr->total, var->label,
            pl->rooms[r].position);
    if (var->heuristic)
        fprintf(stderr, " limit %g", pl->limits[l]);
    fprintf(stderr, ": %.3f s %s\n", rec->seconds,
            !rec->finished ? "unsolved" : rec->correct ? "exact" : "inexact");
}

static int run_plan(plan *pl, const overrides *ov)
{
    char err[1024];
    int status = 0;
    exp_room *all = NULL;
    size_t count = 0;
    if (exp_read_rooms(pl->test_set, &all, &count, err, sizeof err) != SG_OK)
        return cli_fail(CMD ": %s", err);
    if (select_rooms(pl, all, count, err, sizeof err) != SG_OK)
        status = cli_fail(CMD ": %s", err);
    free(all);
    if (status == 0 && pl->nrooms == 0)
        status = cli_fail(CMD ": %s: no position with the chosen numbers of empty squares",
                          pl->test_set);
    size_t nrec = pl->nvariants * pl->nrooms * pl->nlimits;
    if (status == 0 && !(pl->records = calloc(nrec ? nrec : 1, sizeof *pl->records)))
        status = cli_fail(CMD ": out of memory");
    if (status == 0 && ov->resume && !ov->out)
        status = cli_usage(CMD ": --resume needs --out FILE (the records of the earlier run)");
    size_t resumed = 0;
    if (status == 0 && ov->resume && resume(pl, ov->out, &resumed, err, sizeof err) != SG_OK)
        status = cli_fail(CMD ": %s", err);
    catalog *cat = NULL;
    sg_game *game = NULL;
    if (status == 0 && (catalog_open(&cat, ov->plugin_path, err, sizeof err) != SG_OK ||
                        catalog_default_game(cat, pl->game, &game, err, sizeof err) != SG_OK))
        status = cli_fail(CMD ": %s", err);
    FILE *out = NULL;
    if (status == 0 && ov->out && !(out = fopen(ov->out, ov->resume ? "a" : "w")))
        status = cli_fail(CMD ": --out %s: %s", ov->out, strerror(errno));
    /* The game's first analysis of a position pays for lazily built tables (a few tenths
     * of a second): paid here, untimed, so that it is not charged to the first record. */
    if (status == 0 && pl->nvariants > 0) {
        record warm;
        if (run_one(game, &pl->variants[0], &pl->rooms[0], pl->empties_of[0], 1, &warm, err,
                    sizeof err) != SG_OK)
            status = cli_fail(CMD ": %s: %s", pl->rooms[0].position, err);
    }
    progress pr = { .total = 0 };
    progress_start(&pr.out, isatty(STDERR_FILENO));
    for (size_t v = 0; v < pl->nvariants; v++)
        pr.total += pl->nrooms * (pl->variants[v].heuristic ? pl->nlimits : 1);
    pr.total -= resumed;
    for (size_t v = 0; status == 0 && v < pl->nvariants; v++) {
        const variant *var = &pl->variants[v];
        size_t nl = var->heuristic ? pl->nlimits : 1;
        for (size_t r = 0; status == 0 && r < pl->nrooms; r++)
            for (size_t l = 0; status == 0 && l < nl; l++) {
                record *rec = &pl->records[record_index(pl, v, r, l)];
                if (rec->done)
                    continue;
                double limit = var->heuristic ? pl->limits[l] : pl->limits[pl->nlimits - 1];
                if (run_one(game, var, &pl->rooms[r], pl->empties_of[r], limit, rec, err,
                            sizeof err) != SG_OK) {
                    status = cli_fail(CMD ": %s: %s: %s", var->label, pl->rooms[r].position,
                                      err);
                    break;
                }
                if (out) {
                    write_record(out, pl, v, r, l, rec);
                    fflush(out);
                }
                show(&pr, pl, v, r, l, rec);
            }
    }
    progress_clear(&pr.out);
    if (out && fclose(out) != 0 && status == 0)
        status = cli_fail(CMD ": --out %s: cannot write", ov->out);
    double seconds = progress_elapsed(&pr.out);
    if (status == 0 && ov->svg)
        status = save_svg(pl, ov->svg);
    if (status == 0) {
        if (ov->json)
            print_json(pl, seconds);
        else
            print_markdown(pl, seconds, resumed);
        if (fflush(stdout) != 0)
            status = cli_fail(CMD ": cannot write standard output: %s", strerror(errno));
    }
    catalog_close(cat);
    return status;
}

int exp_tdsplus_run(const experiment_kind *kind, int argc, char **argv)
{
    overrides ov = { 0 };
    const char *sample = NULL;
    const args_option options[] = {
        { "--plugin-path", ARGS_STRING, &ov.plugin_path, 0, 0, NULL, "DIRS",
          "directories to look for plugins in first, ':' between them (each must exist)" },
        { "--json", ARGS_FLAG, &ov.json, 0, 0, NULL, NULL,
          "print the results as one JSON object" },
        { "--out", ARGS_STRING, &ov.out, 0, 0, NULL, "RECORDS.jsonl",
          "write a line per variant and position as it is done" },
        { "--resume", ARGS_FLAG, &ov.resume, 0, 0, NULL, NULL,
          "read the records back from --out and do the rest" },
        { "--svg", ARGS_STRING, &ov.svg, 0, 0, NULL, "FILE",
          "draw the error against the time" },
        { "--limits", ARGS_STRING, &ov.limits, 0, 0, NULL, "LIST",
          "the time limits, overriding the file" },
        { "--variants", ARGS_STRING, &ov.variants, 0, 0, NULL, "LIST",
          "the TDS variants, overriding the file" },
        { "--sample", ARGS_STRING, &sample, 0, 0, NULL, "N",
          "positions per number of empty squares (0: all), overriding the file" },
        { "--empties", ARGS_STRING, &ov.empties, 0, 0, NULL, "LIST",
          "numbers of empty squares, overriding the file" },
    };
    const char *file;
    int status = experiment_parse_args(kind, argc, argv, options,
                                       sizeof options / sizeof options[0], &file);
    if (status == 0 && sample) {
        ov.has_sample = true;
        if (!args_parse_uint(sample, 0, 1000000, &ov.sample))
            status = cli_usage(CMD ": --sample '%.40s': expected positions per number of "
                               "empty squares, 0 (all) to 1000000", sample);
    }
    if (status != 0)
        return status;
    char err[1024];
    sg_config *cfg = NULL;
    plan pl;
    memset(&pl, 0, sizeof pl);
    if (sg_config_load(file, &cfg, err, sizeof err) != SG_OK ||
        load(cfg, file, &ov, &pl, err, sizeof err) != SG_OK)
        status = cli_fail("%s", err);
    if (status == 0)
        status = run_plan(&pl, &ov);
    free(pl.rooms);
    free(pl.empties_of);
    free(pl.records);
    sg_config_free(cfg);
    return status;
}
