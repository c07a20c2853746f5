/* kind = ordering: how often TEMP and BEST-PREV put an optimal move first (Müller and Li,
 * §4.3: "In 80.2% of all searched positions, both heuristics ordered the best move
 * first...", for 100 sums of 12 two-level subgames searched by the engine with TEMP and
 * INC).
 *
 * [experiment]
 * kind = ordering
 * title = ...             ; optional
 * levels = 2              ; rcg(levels, size)
 * size = 50
 * components = 12
 * instances = 100
 * seed = 1                ; positions as `sumgame match` makes them (experiment.h)
 * order = temp+prev       ; the searching engine's order (sg_order_names)
 * incentives = yes        ; INC pruning in the searching engine
 * sample = 0.01           ; probability that a searched position is classified
 * sample_seed = 1         ; the sampling's own stream
 *
 * Each instance is searched for Left moving first, exactly, by the shared αβ engine over
 * the components' own positions (no decomposition), with the local analysis of
 * sumgame/local.h installed (sg_local_attach: TEMP's sort and INC pruning) and, for
 * BEST-PREV to have a candidate, iterative deepening. The engine's order hook sees every
 * searched position (every node whose moves are generated, in every iteration; nodes
 * the table answers are not searched), after pruning, with the table's best move, which
 * is BEST-PREV's candidate. A sampled position is classified by its two first moves:
 *   TEMP's first: the move in the component hottest for the player to move (Hotstrat+
 *     pseudo-temperature, sg_local_temperatures), of equally hot ones the first in the
 *     games' order, among the moves the pruning kept;
 *   BEST-PREV's first: the table's best move, or without one the first kept move in the
 *     games' order.
 * A move is optimal when the exact stop of the position it leads to (the other player to
 * move) equals the position's exact stop, both computed by the decomposition solver
 * (sumgame/solve.h), independently of the search's own scores and cutoffs. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/check/catalog.h"
#include "host/cli/cli.h"
#include "host/cli/progress.h"
#include "host/cli/json.h"
#include "host/experiments/experiment.h"
#include "sumgame/cgt.h"
#include "sumgame/clock.h"
#include "sumgame/local.h"
#include "sumgame/params.h"
#include "sumgame/rng.h"
#include "sumgame/search.h"
#include "sumgame/solve.h"

static const char *const ord_keys[] = { "kind",  "title", "levels",     "size",
                                        "components", "instances", "seed", "order",
                                        "incentives", "sample", "sample_seed", NULL };

typedef struct ord_plan {
    const char *file, *title;
    int levels, size, components;
    unsigned instances;
    uint64_t seed, sample_seed;
    sg_order order;
    bool incentives;
    double sample;
} ord_plan;

/* Classes: both first moves optimal, only TEMP's, only BEST-PREV's, neither. */
enum { BOTH = 0, TEMP_ONLY = 1, PREV_ONLY = 2, NEITHER = 3 };
/* Subsets of the classified positions. */
enum { ALL = 0, CHOICE = 1, CANDIDATE = 2, SUBSETS = 3 };
static const char *const subset_names[] = {
    "all sampled positions",
    "with two moves or more after pruning",
    "with two moves or more and a BEST-PREV candidate from the table",
};
static const char *const subset_keys[] = { "all", "choice", "candidate" };

typedef struct ord_stats {
    uint64_t searched;   /* positions the hook saw */
    uint64_t classified;
    uint64_t counts[SUBSETS][4];
    uint64_t same_move;  /* TEMP and BEST-PREV chose the same first move */
    uint64_t nodes;
} ord_stats;

typedef struct ord_ctx {
    const ord_plan *pl;
    sg_local *local;
    sg_solver *solver;
    sg_sum *child;
    sg_rng rng;
    ord_stats *st;
    int rc;
    char err[512];
} ord_ctx;

static double uniform(sg_rng *rng) { return (double)(sg_rng_next(rng) >> 11) * 0x1.0p-53; }

/* The exact stop of sum with who to move. */
static int exact_stop(ord_ctx *c, const sg_sum *sum, sg_player who, sg_value *stop)
{
    sg_solve_answer a;
    int rc = sg_solver_load(c->solver, sum, c->err, sizeof c->err);
    if (rc == SG_OK)
        rc = sg_solver_solve(c->solver, who, &a, c->err, sizeof c->err);
    if (rc == SG_OK && !a.exact) {
        snprintf(c->err, sizeof c->err, "inexact: %s", sg_solver_inexact_reason(c->solver));
        rc = SG_ERR_INTERNAL;
    }
    if (rc == SG_OK)
        *stop = a.stop;
    return rc;
}

static int child_stop(ord_ctx *c, const sg_sum *sum, sg_player who, sg_sum_move m,
                      sg_value *stop)
{
    int rc = sg_sum_play(sum, who, m, c->child, c->err, sizeof c->err);
    if (rc == SG_OK)
        rc = exact_stop(c, c->child, sg_opponent(who), stop);
    return rc;
}

/* Whether a comes before b in the games' order (component, then the list's order). */
static bool earlier(const sg_sum_move *a, size_t ia, const sg_sum_move *b, size_t ib)
{
    return a->component != b->component ? a->component < b->component : ia < ib;
}

static void order_hook(void *ctx, const sg_sum *sum, sg_player who, sg_sum_move *moves,
                       size_t count, const sg_sum_move *best)
{
    ord_ctx *c = ctx;
    c->st->searched++;
    if (c->rc != SG_OK || count == 0 || uniform(&c->rng) >= c->pl->sample)
        return;
    /* TEMP's first and the games' first. */
    size_t temp = count, game = 0;
    sg_value hottest = sg_value_int(0);
    for (size_t i = 0; i < count; i++) {
        if (earlier(&moves[i], i, &moves[game], game))
            game = i;
        const sg_game *g = sg_sum_game(sum, moves[i].component);
        sg_value t, pl, pr;
        if (moves[i].component == SG_EXTRA_COMPONENT ||
            !sg_local_temperatures(c->local, g, sg_sum_pos(sum, moves[i].component), &t, &pl,
                                   &pr))
            continue;
        sg_value h = who == SG_LEFT ? pl : pr;
        int cmp = temp == count ? 1 : sg_value_cmp(h, hottest);
        if (cmp > 0 || (cmp == 0 && earlier(&moves[i], i, &moves[temp], temp))) {
            temp = i;
            hottest = h;
        }
    }
    if (temp == count)
        temp = game;
    sg_sum_move tm = moves[temp], pm = best ? *best : moves[game];
    sg_value v, vt, vp;
    int rc = exact_stop(c, sum, who, &v);
    if (rc == SG_OK)
        rc = child_stop(c, sum, who, tm, &vt);
    bool same = tm.component == pm.component && tm.move == pm.move;
    if (rc == SG_OK) {
        if (same)
            vp = vt;
        else
            rc = child_stop(c, sum, who, pm, &vp);
    }
    if (rc != SG_OK) {
        c->rc = rc;
        return;
    }
    bool t_ok = sg_value_eq(vt, v), p_ok = sg_value_eq(vp, v);
    if (!t_ok && !p_ok && count == 1) {
        snprintf(c->err, sizeof c->err, "the only move kept does not reach the stop: INC "
                 "pruning or the solver is wrong");
        c->rc = SG_ERR_INTERNAL;
        return;
    }
    int cls = t_ok && p_ok ? BOTH : t_ok ? TEMP_ONLY : p_ok ? PREV_ONLY : NEITHER;
    c->st->classified++;
    c->st->same_move += same;
    c->st->counts[ALL][cls]++;
    if (count >= 2) {
        c->st->counts[CHOICE][cls]++;
        if (best)
            c->st->counts[CANDIDATE][cls]++;
    }
}

static int load_ord_plan(const sg_config *cfg, ord_plan *pl, char *err, size_t errlen)
{
    memset(pl, 0, sizeof *pl);
    pl->file = sg_config_file(cfg);
    for (size_t i = 0; i < sg_config_count(cfg); i++) {
        const char *name = sg_config_section(cfg, i)->section;
        if (strcmp(name, "experiment") != 0) {
            snprintf(err, errlen, "%s:%d: unknown section [%s] (expected [experiment])",
                     pl->file, sg_config_section_line(cfg, i), name);
            return SG_ERR_INVALID;
        }
    }
    const sg_params *p = sg_config_find(cfg, "experiment");
    long long levels, size, comps, instances, seed, sseed;
    int order;
    int rc = sg_params_check_known(p, ord_keys, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(p, "levels", 2, 1, 12, &levels, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(p, "size", 50, 1, 1000000, &size, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(p, "components", 12, 1, 1000, &comps, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(p, "instances", 100, 1, 100000, &instances, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(p, "seed", 1, 0, INT64_MAX, &seed, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(p, "sample_seed", 1, 0, INT64_MAX, &sseed, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(p, "order", sg_order_names, SG_ORDER_TEMP_PREV, &order, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_bool(p, "incentives", true, &pl->incentives, err, errlen);
    if (rc != SG_OK)
        return rc;
    const sg_param *it = sg_params_find(p, "sample");
    pl->sample = 1;
    if (it) {
        char *end;
        errno = 0;
        pl->sample = strtod(it->value, &end);
        if (end == it->value || *end || errno || !(pl->sample > 0 && pl->sample <= 1)) {
            sg_params_error(p, it, err, errlen, "sample = %s: expected a probability in (0, 1]",
                            it->value);
            return SG_ERR_INVALID;
        }
    }
    pl->levels = (int)levels;
    pl->size = (int)size;
    pl->components = (int)comps;
    pl->instances = (unsigned)instances;
    pl->seed = (uint64_t)seed;
    pl->sample_seed = (uint64_t)sseed;
    pl->order = (sg_order)order;
    pl->title = sg_params_string(p, "title", NULL);
    return SG_OK;
}

/* Searches one instance with the hook installed. */
static int run_instance(const ord_plan *pl, catalog *cat, const char *text, unsigned index,
                        ord_stats *st, char *err, size_t errlen)
{
    sg_sum *sum = sg_sum_new(SG_FREEZE_NUMBERS);
    ord_ctx c = { .pl = pl, .st = st, .rc = SG_OK };
    sg_rng root;
    sg_rng_seed(&root, pl->sample_seed);
    c.rng = sg_rng_split(&root, index);
    c.child = sg_sum_new(SG_FREEZE_NUMBERS);
    sg_local_config lc = { .order = pl->order, .incentives = pl->incentives };
    sg_solve_config scfg = { .order = SG_ORDER_AUTO };
    sg_search *engine = NULL;
    int rc = sum && c.child ? SG_OK : SG_ERR_NOMEM;
    if (rc != SG_OK)
        snprintf(err, errlen, "out of memory");
    if (rc == SG_OK)
        rc = catalog_parse_sum(cat, text, sum, err, errlen);
    if (rc == SG_OK)
        rc = sg_local_new(&lc, NULL, &c.local, err, errlen);
    if (rc == SG_OK)
        rc = sg_solver_new(&scfg, &c.solver, err, errlen);
    sg_cgt_oracle oracle = { NULL, 0 };
    if (rc == SG_OK) {
        /* Components that are numbers by their canonical forms leave the sum, as in the
         * solver's search without decomposition. */
        oracle.table = sg_local_table(c.local);
        sg_sum_set_number_oracle(sum, sg_cgt_number_oracle, &oracle);
        sg_search_config sc = { .iterative = sg_order_uses_prev(pl->order),
                                .order = order_hook,
                                .order_ctx = &c };
        engine = sg_search_new(&sc, err, errlen);
        if (!engine)
            rc = SG_ERR_NOMEM;
    }
    if (rc == SG_OK) {
        sg_local_attach(c.local, engine);
        sg_search_result res;
        rc = sg_search_run(engine, sum, SG_LEFT, &res, err, errlen);
        if (rc == SG_OK && c.rc != SG_OK) {
            rc = c.rc;
            snprintf(err, errlen, "%s", c.err);
        }
        if (rc == SG_OK && !res.exact) {
            snprintf(err, errlen, "the search ended inexact");
            rc = SG_ERR_INTERNAL;
        }
        /* The search's own answer against the solver's. */
        sg_value v;
        if (rc == SG_OK && (rc = exact_stop(&c, sum, SG_LEFT, &v)) != SG_OK)
            snprintf(err, errlen, "%s", c.err);
        if (rc == SG_OK && !sg_value_eq(v, res.score)) {
            char a[SG_VALUE_TEXT_MAX], b[SG_VALUE_TEXT_MAX];
            sg_value_format(res.score, a, sizeof a);
            sg_value_format(v, b, sizeof b);
            snprintf(err, errlen, "the search found %s, the solver %s", a, b);
            rc = SG_ERR_INTERNAL;
        }
        st->nodes += res.nodes;
    }
    sg_search_free(engine);
    sg_solver_free(c.solver);
    sg_local_free(c.local);
    sg_sum_free(c.child);
    sg_sum_free(sum);
    return rc;
}

static double pct(uint64_t a, uint64_t n) { return n ? 100.0 * (double)a / (double)n : 0; }

static void print_markdown(const ord_plan *pl, const ord_stats *st, double seconds)
{
    printf("# %s\n\n", pl->title ? pl->title : pl->file);
    printf("%u sums of %d rcg(%d, %d) trees (seed %llu), Left moving first, searched exactly by "
           "the engine with order %s, INC pruning %s%s. Searched positions: %llu (nodes "
           "%llu); classified: %llu (each with probability %g, sample seed %llu).\n\n",
           pl->instances, pl->components, pl->levels, pl->size, (unsigned long long)pl->seed,
           sg_order_names[pl->order], pl->incentives ? "on" : "off",
           sg_order_uses_prev(pl->order) ? ", iterative deepening" : "",
           (unsigned long long)st->searched, (unsigned long long)st->nodes,
           (unsigned long long)st->classified, pl->sample, (unsigned long long)pl->sample_seed);
    printf("| positions | count | both first moves optimal | only TEMP's | only BEST-PREV's | "
           "neither |\n| --- | ---: | ---: | ---: | ---: | ---: |\n");
    for (int s = 0; s < SUBSETS; s++) {
        const uint64_t *k = st->counts[s];
        uint64_t n = k[0] + k[1] + k[2] + k[3];
        printf("| %s | %llu | %.1f%% | %.1f%% | %.1f%% | %.1f%% |\n", subset_names[s],
               (unsigned long long)n, pct(k[BOTH], n), pct(k[TEMP_ONLY], n),
               pct(k[PREV_ONLY], n), pct(k[NEITHER], n));
    }
    printf("\nTEMP and BEST-PREV chose the same first move in %.1f%% of the classified "
           "positions.\n\nTotal: %.1f s.\n",
           pct(st->same_move, st->classified), seconds);
}

static void print_json(const ord_plan *pl, const ord_stats *st, double seconds)
{
    json_out o;
    json_out_init(&o, stdout);
    json_out_object(&o, NULL);
    json_out_string(&o, "file", pl->file);
    json_out_string(&o, "kind", "ordering");
    json_out_int(&o, "levels", pl->levels);
    json_out_int(&o, "size", pl->size);
    json_out_int(&o, "components", pl->components);
    json_out_uint(&o, "instances", pl->instances);
    json_out_uint(&o, "seed", pl->seed);
    json_out_string(&o, "order", sg_order_names[pl->order]);
    json_out_bool(&o, "incentives", pl->incentives);
    char sample[32];
    snprintf(sample, sizeof sample, "%g", pl->sample);
    json_out_number(&o, "sample", sample);
    json_out_uint(&o, "sample_seed", pl->sample_seed);
    json_out_uint(&o, "searched", st->searched);
    json_out_uint(&o, "nodes", st->nodes);
    json_out_uint(&o, "classified", st->classified);
    json_out_uint(&o, "same_move", st->same_move);
    for (int s = 0; s < SUBSETS; s++) {
        const uint64_t *k = st->counts[s];
        json_out_object(&o, subset_keys[s]);
        json_out_uint(&o, "both", k[BOTH]);
        json_out_uint(&o, "temp_only", k[TEMP_ONLY]);
        json_out_uint(&o, "prev_only", k[PREV_ONLY]);
        json_out_uint(&o, "neither", k[NEITHER]);
        json_out_end(&o);
    }
    json_out_fixed(&o, "seconds", seconds, 3);
    json_out_end(&o);
    fputc('\n', stdout);
}

static int ordering(const sg_config *cfg, const char *plugin_path, bool json)
{
    ord_plan pl;
    char err[512];
    if (load_ord_plan(cfg, &pl, err, sizeof err) != SG_OK)
        return cli_fail("%s", err);
    char **texts = NULL;
    if (exp_positions(pl.file, plugin_path, pl.levels, pl.size, pl.components, pl.instances,
                      pl.seed, &texts, err, sizeof err) != SG_OK)
        return cli_fail("experiment: %s", err);
    catalog *cat = NULL;
    if (catalog_open(&cat, plugin_path, err, sizeof err) != SG_OK) {
        exp_positions_free(texts, pl.instances);
        return cli_fail("experiment: %s", err);
    }
    progress_out pr;
    progress_start(&pr, isatty(STDERR_FILENO));
    ord_stats st;
    memset(&st, 0, sizeof st);
    int status = 0;
    double start = sg_clock_seconds();
    for (unsigned i = 0; i < pl.instances && status == 0; i++) {
        progress_show(&pr, "experiment: instance %u of %u, %llu positions classified", i + 1,
                      pl.instances, (unsigned long long)st.classified);
        if (run_instance(&pl, cat, texts[i], i, &st, err, sizeof err) != SG_OK) {
            progress_clear(&pr);
            status = cli_fail("experiment: instance %u (%s): %s", i + 1, texts[i], err);
        }
    }
    progress_clear(&pr);
    double seconds = sg_clock_seconds() - start;
    if (status == 0) {
        if (json)
            print_json(&pl, &st, seconds);
        else
            print_markdown(&pl, &st, seconds);
        if (fflush(stdout) != 0)
            status = cli_fail("experiment: cannot write standard output: %s", strerror(errno));
    }
    catalog_close(cat);
    exp_positions_free(texts, pl.instances);
    return status;
}

int exp_ordering_run(const experiment_kind *kind, int argc, char **argv)
{
    return experiment_run_config(kind, argc, argv, ordering);
}
