#include "sumgame/estimator.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/cgt.h"
#include "sumgame/gthermo.h"
#include "sumgame/mc.h"
#include "sumgame/params.h"
#include "sumgame/rng.h"
#include "sumgame/sum_eval.h"
#include "sumgame/tds.h"
#include "sumgame/thermograph.h"

const char *const sg_estimator_methods[] = { "exact", "tds", "tdsplus", "mcdual", "thermograph",
                                             NULL };

enum method {
    METHOD_EXACT = 0,
    METHOD_TDS = 1,
    METHOD_TDSPLUS = 2,
    METHOD_MCDUAL = 3,
    METHOD_THERMOGRAPH = 4
};

/* thermograph: komaster auto picks one per component from the rest of the sum. */
#define KOMASTER_AUTO 3

/* An estimate remembered for one component (Hotstrat-TDS reuses the temperatures of
 * components a move did not change; searches ask for the same components at many nodes).
 * The position is kept to rule out hash collisions. */
typedef struct cached {
    bool used;
    uint64_t key;
    const sg_game *game;
    unsigned char *pos;
    int komaster; /* thermograph: the komaster the estimate assumed */
    int depth;    /* tds: plies per search of the estimate (0 = complete) */
    sg_estimate estimate;
} cached;

struct sg_estimator {
    enum method method;
    sg_meter *meter; /* or NULL */
    size_t max_positions;
    sg_thermo_cache *cache;
    sg_tds *tds;
    sg_tds_config tds_config;
    bool has_tds_stats; /* an estimate of the tds engine ran since creation */
    sg_uct_config uct;  /* mcdual */
    sg_rng rng;         /* mcdual: a component's searches draw from a split of it */
    /* mcdual with exact_positions: boards the exact engine finished, and boards it gave
     * up on (budget or ko) that went to the searches */
    uint64_t exact_answers, exact_fallbacks;
    int komaster;     /* thermograph: sg_komaster, or KOMASTER_AUTO */
    int komaster_now; /* thermograph: the one the next estimate assumes */
    bool komonster;   /* thermograph: komaster_rule = komonster (docs/algorithms.md) */
    cached *slots;
    size_t nslots, nused;
    int last_depth; /* tds: plies per search of the last answer */
    /* exact under a clock: TDS+ for the components the exact analysis cannot finish in
     * its share (made the first time one is needed) */
    sg_estimator *fallback;
    uint64_t fallbacks; /* answers it gave */
};

static int new_exact(const sg_params *params, sg_estimator *e, char *err, size_t errlen)
{
    static const char *const known[] = { "max_positions", NULL };
    long long max_positions = 0;
    int rc = sg_params_check_known(params, known, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(params, "max_positions", 0, 0, (long long)1 << 40, &max_positions,
                           err, errlen);
    if (rc != SG_OK)
        return rc;
    e->max_positions = (size_t)max_positions;
    e->cache = sg_thermo_cache_new(NULL);
    if (!e->cache) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    return SG_OK;
}

static int new_tds(const sg_params *params, bool plus, sg_estimator *e, char *err,
                   size_t errlen)
{
    unsigned enhancements;
    int rc = sg_tds_config_parse(params, plus, &e->tds_config, &enhancements, err, errlen);
    if (rc != SG_OK)
        return rc;
    e->tds = sg_tds_new(0, err, errlen);
    if (!e->tds)
        return SG_ERR_NOMEM;
    sg_tds_set_enhancements(e->tds, enhancements);
    return SG_OK;
}

static int new_mcdual(const sg_params *params, sg_estimator *e, char *err, size_t errlen)
{
    static const char *const known[] = { "playouts", "c", "threads", "seed", "exact_positions",
                                         NULL };
    long long seed = 1, exact_positions = 0;
    sg_uct_config_default(&e->uct);
    int rc = sg_params_check_known(params, known, err, errlen);
    if (rc == SG_OK)
        rc = sg_uct_config_parse(params, &e->uct, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(params, "seed", 1, 0, INT64_MAX, &seed, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(params, "exact_positions", 0, 0, (long long)1 << 40,
                           &exact_positions, err, errlen);
    if (rc == SG_OK)
        sg_rng_seed(&e->rng, (uint64_t)seed);
    if (rc == SG_OK && exact_positions > 0) {
        e->max_positions = (size_t)exact_positions;
        e->cache = sg_thermo_cache_new(NULL);
        if (!e->cache) {
            snprintf(err, errlen, "out of memory");
            rc = SG_ERR_NOMEM;
        }
    }
    return rc;
}

static int new_thermograph(const sg_params *params, sg_estimator *e, char *err,
                           size_t errlen)
{
    static const char *const known[] = { "komaster", "komaster_rule", "max_positions", NULL };
    static const char *const choices[] = { "none", "left", "right", "auto", NULL };
    static const char *const rules[] = { "berlekamp", "komonster", NULL };
    int rule = 0;
    long long max_positions = 0;
    int komaster = KOMASTER_AUTO;
    int rc = sg_params_check_known(params, known, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(params, "max_positions", 0, 0, (long long)1 << 40, &max_positions,
                           err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(params, "komaster", choices, KOMASTER_AUTO, &komaster, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(params, "komaster_rule", rules, 0, &rule, err, errlen);
    e->komonster = rule == 1;
    e->max_positions = (size_t)max_positions;
    e->komaster = komaster;
    e->komaster_now = komaster == KOMASTER_AUTO ? SG_KOMASTER_NONE : komaster;
    /* Loop-free components get the exact method's answers, pseudo-temperatures included. */
    e->cache = rc == SG_OK ? sg_thermo_cache_new(NULL) : NULL;
    if (rc == SG_OK && !e->cache) {
        snprintf(err, errlen, "out of memory");
        rc = SG_ERR_NOMEM;
    }
    return rc;
}

int sg_estimator_new(const char *method, const sg_params *params, sg_estimator **out,
                     char *err, size_t errlen)
{
    enum method m;
    if (strcmp(method, "exact") == 0) {
        m = METHOD_EXACT;
    } else if (strcmp(method, "tds") == 0) {
        m = METHOD_TDS;
    } else if (strcmp(method, "tdsplus") == 0) {
        m = METHOD_TDSPLUS;
    } else if (strcmp(method, "mcdual") == 0) {
        m = METHOD_MCDUAL;
    } else if (strcmp(method, "thermograph") == 0) {
        m = METHOD_THERMOGRAPH;
    } else {
        snprintf(err, errlen,
                 "unknown estimator '%s' (known: exact, tds, tdsplus, mcdual, thermograph)",
                 method);
        return SG_ERR_INVALID;
    }
    sg_estimator *e = calloc(1, sizeof *e);
    if (!e) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    e->method = m;
    int rc = m == METHOD_EXACT         ? new_exact(params, e, err, errlen)
             : m == METHOD_MCDUAL      ? new_mcdual(params, e, err, errlen)
             : m == METHOD_THERMOGRAPH ? new_thermograph(params, e, err, errlen)
                                       : new_tds(params, m == METHOD_TDSPLUS, e, err, errlen);
    if (rc != SG_OK) {
        sg_estimator_free(e);
        return rc;
    }
    *out = e;
    return SG_OK;
}

static void forget(sg_estimator *e)
{
    for (size_t i = 0; i < e->nslots; i++)
        free(e->slots[i].pos);
    free(e->slots);
    e->slots = NULL;
    e->nslots = e->nused = 0;
}

void sg_estimator_free(sg_estimator *e)
{
    if (!e)
        return;
    sg_thermo_cache_free(e->cache);
    sg_tds_free(e->tds);
    sg_estimator_free(e->fallback);
    forget(e);
    free(e);
}

int sg_estimator_reset(sg_estimator *e)
{
    forget(e);
    if (e->fallback)
        sg_estimator_reset(e->fallback);
    return e->cache ? sg_thermo_cache_reset(e->cache) : SG_OK;
}

/* ---- the cache by component ------------------------------------------------------------------ */

/* Keys are component hashes (sg_component_hash), so a component of a sum is looked up
 * by the hash the sum keeps, without asking its game again. */
static cached *lookup_key(const sg_estimator *e, const sg_game *game, const void *pos,
                          uint64_t key)
{
    for (size_t i = key & (e->nslots - 1);; i = (i + 1) & (e->nslots - 1)) {
        cached *c = &e->slots[i];
        if (!c->used)
            return NULL;
        if (c->key == key && c->game == game && c->komaster == e->komaster_now &&
            memcmp(c->pos, pos, game->desc->pos_size) == 0)
            return c;
    }
}

static cached *lookup(const sg_estimator *e, const sg_game *game, const void *pos)
{
    return e->nslots ? lookup_key(e, game, pos, sg_component_hash(game, pos)) : NULL;
}

/* Component i of sum. */
static cached *lookup_in(const sg_estimator *e, const sg_sum *sum, size_t i)
{
    return e->nslots ? lookup_key(e, sg_sum_game(sum, i), sg_sum_pos(sum, i),
                                  sg_sum_component_hash(sum, i))
                     : NULL;
}

/* Remembers an estimate; a full table that cannot grow just forgets, which is only
 * slower. */
static void remember(sg_estimator *e, const sg_game *game, const void *pos,
                     const sg_estimate *est, int depth)
{
    if ((e->nused + 1) * 2 > e->nslots) {
        size_t n = e->nslots ? e->nslots * 2 : 64;
        cached *grown = calloc(n, sizeof *grown);
        if (!grown)
            return;
        for (size_t i = 0; i < e->nslots; i++) {
            if (!e->slots[i].used)
                continue;
            size_t j = e->slots[i].key & (n - 1);
            while (grown[j].used)
                j = (j + 1) & (n - 1);
            grown[j] = e->slots[i];
        }
        free(e->slots);
        e->slots = grown;
        e->nslots = n;
    }
    unsigned char *copy = malloc(game->desc->pos_size ? game->desc->pos_size : 1);
    if (!copy)
        return;
    memcpy(copy, pos, game->desc->pos_size);
    uint64_t key = sg_component_hash(game, pos);
    size_t j = key & (e->nslots - 1);
    while (e->slots[j].used)
        j = (j + 1) & (e->nslots - 1);
    cached *c = &e->slots[j];
    c->used = true;
    c->key = key;
    c->game = game;
    c->pos = copy;
    c->komaster = e->komaster_now;
    c->depth = depth;
    c->estimate = *est;
    e->nused++;
}

/* The smaller of each limit of the configuration and the caller's budget. */
static sg_tds_config tds_limits(const sg_estimator *e, const sg_budget *budget)
{
    sg_tds_config c = e->tds_config;
    if (budget) {
        if (budget->depth > 0 && (c.depth == 0 || budget->depth < c.depth))
            c.depth = budget->depth;
        if (budget->seconds > 0 && (c.seconds == 0 || budget->seconds < c.seconds))
            c.seconds = budget->seconds;
        if (budget->nodes > 0)
            c.nodes = budget->nodes;
    }
    return c;
}

/* Whether asking again about a remembered estimate may search deeper: an anytime TDS
 * (time or nodes without a depth) that has not yet proved its values. */
static bool deepens(const sg_tds_config *c, const cached *hit)
{
    return !hit->estimate.exact && hit->depth > 0 && c->depth == 0 &&
           (c->seconds > 0 || c->nodes > 0);
}

static int estimate_tds(sg_estimator *e, const sg_game *game, const void *pos,
                        const sg_budget *budget, sg_estimate *out, char *err, size_t errlen)
{
    sg_tds_config c = tds_limits(e, budget);
    cached *hit = lookup(e, game, pos);
    if (hit && (!budget || !deepens(&c, hit))) {
        *out = hit->estimate;
        out->nodes = 0;
        out->seconds = 0;
        e->has_tds_stats = false;
        e->last_depth = hit->depth;
        return SG_OK;
    }
    int rc;
    if (hit) {
        /* A budget for a component met before goes into deepening its estimate: the
         * searches go on from the depth it reached (Hotstrat-TDS across moves). */
        rc = sg_tds_estimate_deeper(e->tds, game, pos, &c, &hit->estimate, hit->depth, out,
                                    err, errlen);
        if (rc == SG_OK) {
            hit->estimate = *out;
            hit->depth = sg_tds_last_depth(e->tds);
        }
    } else {
        rc = sg_tds_estimate(e->tds, game, pos, &c, out, err, errlen);
        if (rc == SG_OK)
            remember(e, game, pos, out, sg_tds_last_depth(e->tds));
    }
    e->last_depth = sg_tds_last_depth(e->tds);
    e->has_tds_stats = true;
    return rc;
}

int sg_estimator_depth(const sg_estimator *e)
{
    return e->tds ? e->last_depth : 0;
}

int sg_estimator_cached_depth(const sg_estimator *e, const sg_game *game, const void *pos)
{
    const cached *hit = lookup(e, game, pos);
    return hit ? hit->depth : -1;
}

int sg_estimator_cached_depth_in(const sg_estimator *e, const sg_sum *sum, size_t i)
{
    const cached *hit = lookup_in(e, sum, i);
    return hit ? hit->depth : -1;
}

bool sg_estimator_tds_stats(const sg_estimator *e, sg_tds_stats *out)
{
    if (!e->tds || !e->has_tds_stats)
        return false;
    sg_tds_last_stats(e->tds, out);
    return true;
}

bool sg_estimator_met_ko(const sg_estimator *e)
{
    return e->tds && e->has_tds_stats && sg_tds_met_ko(e->tds);
}

void sg_estimator_set_meter(sg_estimator *e, sg_meter *meter)
{
    e->meter = meter;
    if (e->cache)
        sg_thermo_cache_set_meter(e->cache, meter);
    if (e->tds)
        sg_tds_set_meter(e->tds, meter);
}

/* ---- Monte-Carlo dual search -------------------------------------------------------------- */

/* Cazenave's dual search (§3.2): the means of the playouts of two UCT searches, Left
 * first (mu_L) and Right first (mu_R), rounded to the grid of sg_mc_dyadic; mean and
 * temperature are their half sum and half difference, exactly, so the stops are
 * mean +- temperature. The paper's (mu_Black + mu_White - size^2) / 2 is the same
 * temperature for Go scores counted from Black's side (Black's points mu_Black and
 * White's points size^2 - mu_White). */
static void dual_estimate(const sg_mc_board *b, sg_estimate *out)
{
    memset(out, 0, sizeof *out);
    sg_value l = sg_mc_dyadic(b->mu_left), r = sg_mc_dyadic(b->mu_right);
    out->left_stop = l;
    out->right_stop = r;
    out->mean = sg_value_half(sg_value_add(l, r));
    out->temperature = sg_value_half(sg_value_sub(l, r));
    out->pseudo_left = out->pseudo_right = out->temperature;
    out->has_best_left = b->has_left;
    out->best_left = b->best_left;
    out->has_best_right = b->has_right;
    out->best_right = b->best_right;
    out->nodes = b->nodes;
}

/* Estimates the n components (games[i], positions[i]) that are not cached into out[i],
 * all searches together so that threads can share them. Each component's stream is a
 * function of the seed and the component, so an estimate is the same whether it was
 * made alone or with others, and whatever the thread count. */
static int analyse_exactly(sg_estimator *e, const sg_game *game, const void *pos,
                           sg_estimate *out, char *err, size_t errlen);
static int analyse_loopy(sg_estimator *e, const sg_game *game, const void *pos,
                         sg_estimate *out, char *err, size_t errlen);

static int estimate_mcdual(sg_estimator *e, size_t n, const sg_game *const *games,
                           const void *const *positions, const sg_budget *budget,
                           sg_estimate *out, char *err, size_t errlen)
{
    const sg_game **fresh_games = calloc(n ? n : 1, sizeof *fresh_games);
    const void **fresh_pos = calloc(n ? n : 1, sizeof *fresh_pos);
    uint64_t *streams = calloc(n ? n : 1, sizeof *streams);
    size_t *slot = calloc(n ? n : 1, sizeof *slot);
    sg_mc_board *boards = calloc(n ? n : 1, sizeof *boards);
    int rc = fresh_games && fresh_pos && streams && slot && boards ? SG_OK : SG_ERR_NOMEM;
    size_t fresh = 0;
    for (size_t i = 0; rc == SG_OK && i < n; i++) {
        const cached *hit = lookup(e, games[i], positions[i]);
        if (hit) {
            out[i] = hit->estimate;
            out[i].nodes = 0;
            out[i].seconds = 0;
            continue;
        }
        if (e->cache) {
            /* exact_positions: the exact engine first; a board it cannot finish within
             * the budget (or a ko) falls back to the searches */
            char why[256];
            int exact_rc = analyse_exactly(e, games[i], positions[i], &out[i], why, sizeof why);
            if (exact_rc == SG_OK) {
                remember(e, games[i], positions[i], &out[i], 0);
                e->exact_answers++;
                continue;
            }
            if (exact_rc != SG_ERR_BUDGET && exact_rc != SG_ERR_UNSUPPORTED) {
                snprintf(err, errlen, "%s", why);
                rc = exact_rc;
                break;
            }
            e->exact_fallbacks++;
            /* Failed attempts leave their positions in the table: bound what they keep. */
            if (sg_cgt_size(sg_thermo_cache_table(e->cache)) > 16 * e->max_positions &&
                sg_thermo_cache_reset(e->cache) != SG_OK) {
                snprintf(err, errlen, "out of memory");
                rc = SG_ERR_NOMEM;
                break;
            }
        }
        fresh_games[fresh] = games[i];
        fresh_pos[fresh] = positions[i];
        streams[fresh] = sg_component_hash(games[i], positions[i]);
        slot[fresh++] = i;
    }
    /* A time budget is spread over the searches; without one the playouts decide. */
    sg_uct_config config = e->uct;
    bool reentrant = true;
    for (size_t k = 0; k < fresh; k++)
        reentrant = reentrant && (SG_GAME_FLAGS(fresh_games[k]->desc) & SG_GAME_REENTRANT);
    config.seconds = sg_mc_search_seconds(budget ? budget->seconds : 0, 2 * fresh,
                                          config.threads, reentrant);
    double start = sg_clock_seconds();
    if (rc == SG_OK && fresh)
        rc = sg_mc_boards(fresh, fresh_games, fresh_pos, streams, &config, &e->rng, false,
                          boards, err, errlen);
    double seconds = sg_clock_seconds() - start;
    uint64_t playouts = 0;
    for (size_t k = 0; rc == SG_OK && k < fresh; k++) {
        sg_estimate *o = &out[slot[k]];
        dual_estimate(&boards[k], o);
        o->seconds = seconds / (double)fresh;
        playouts += boards[k].playouts;
        remember(e, fresh_games[k], fresh_pos[k], o, 0);
    }
    /* The meter counts playouts; it is read after the searches, which a fixed number of
     * playouts bounds anyway. */
    if (rc == SG_OK && e->meter) {
        bool expired = sg_meter_expired(e->meter);
        for (uint64_t k = 0; k < playouts && !expired; k++)
            expired = sg_meter_tick(e->meter);
        if (expired) {
            char why[120];
            sg_meter_reason(e->meter, why, sizeof why);
            snprintf(err, errlen, "mcdual: stopped at %s", why);
            rc = SG_ERR_BUDGET;
        }
    }
    if (rc == SG_ERR_NOMEM)
        snprintf(err, errlen, "out of memory");
    free(fresh_games);
    free(fresh_pos);
    free(streams);
    free(slot);
    free(boards);
    return rc;
}

void sg_estimator_set_rng(sg_estimator *e, const sg_rng *rng)
{
    if (e->method != METHOD_MCDUAL)
        return;
    e->rng = *rng;
    /* Cached estimates came from the old stream. */
    forget(e);
}

static int analyse_exactly(sg_estimator *e, const sg_game *game, const void *pos,
                           sg_estimate *out, char *err, size_t errlen);

/* Exact analysis under a clock (sg_clock_share, sumgame/sum_eval.h): the exact values when
 * the analysis finishes in its share (what it built stays in the cache, so the next
 * move's try starts further on), else an anytime TDS+ estimate in the time left, not
 * remembered, so that the next budget tries the exact analysis again. */
static int exact_by_clock(sg_estimator *e, const sg_game *game, const void *pos,
                          const sg_budget *budget, sg_estimate *out, char *err, size_t errlen)
{
    sg_clock_share clock;
    sg_clock_share_start(&clock, budget);
    sg_thermo_cache_set_meter(e->cache, sg_clock_share_meter(&clock));
    int rc = analyse_exactly(e, game, pos, out, err, errlen);
    sg_thermo_cache_set_meter(e->cache, NULL);
    if (rc == SG_OK)
        remember(e, game, pos, out, 0);
    if (!sg_clock_share_ran_out(&clock, rc))
        return rc;
    if (!e->fallback) {
        /* delta = 1/2: the lecture's "very good approximations" for heuristic TDS. */
        const sg_param items[] = { { "delta", "1/2", 0 } };
        sg_params params = { "exact under a clock", "estimator.tdsplus", items, 1 };
        rc = sg_estimator_new("tdsplus", &params, &e->fallback, err, errlen);
        if (rc != SG_OK)
            return rc;
    }
    sg_budget rest = sg_clock_share_rest(&clock);
    rc = sg_estimator_estimate(e->fallback, game, pos, &rest, out, err, errlen);
    if (rc == SG_OK) {
        e->fallbacks++;
        out->seconds = sg_clock_seconds() - clock.start;
    }
    return rc;
}

uint64_t sg_estimator_fallbacks(const sg_estimator *e) { return e->fallbacks; }

int sg_estimator_estimate(sg_estimator *e, const sg_game *game, const void *pos,
                          const sg_budget *budget, sg_estimate *out, char *err, size_t errlen)
{
    if (e->method == METHOD_MCDUAL)
        return estimate_mcdual(e, 1, &game, &pos, budget, out, err, errlen);
    if (e->method != METHOD_EXACT && e->method != METHOD_THERMOGRAPH)
        return estimate_tds(e, game, pos, budget, out, err, errlen);
    /* Exact analysis runs to the end; max_positions bounds it instead of the budget.
     * Estimates are remembered by component as TDS's are, so that asking again (every
     * node of a search, every move of a rollout) costs one lookup and no allocation. */
    const cached *hit = lookup(e, game, pos);
    if (hit) {
        *out = hit->estimate;
        out->nodes = 0;
        out->seconds = 0;
        return SG_OK;
    }
    if (e->method == METHOD_EXACT && budget && (budget->seconds > 0 || budget->nodes > 0) &&
        !e->meter)
        return exact_by_clock(e, game, pos, budget, out, err, errlen);
    int rc = analyse_exactly(e, game, pos, out, err, errlen);
    if (rc == SG_ERR_UNSUPPORTED && e->method == METHOD_THERMOGRAPH)
        rc = analyse_loopy(e, game, pos, out, err, errlen); /* a ko or a cycle */
    if (rc == SG_OK)
        remember(e, game, pos, out, 0);
    return rc;
}

/* A rational as the value type: itself when dyadic, else to the nearest multiple of
 * 2^-20 (a ko's thirds), which *exact records. */
static sg_value as_value(sg_ratio r, bool *exact)
{
    sg_value v;
    if (sg_ratio_to_value(r, &v))
        return v;
    *exact = false;
    double scaled = sg_ratio_to_double(r) * (double)(1 << 20);
    return sg_value_make((int64_t)(scaled < 0 ? scaled - 0.5 : scaled + 0.5), 20);
}

/* Generalized thermography of one component under the komaster the estimator assumes
 * now (not remembered). */
static int analyse_loopy(sg_estimator *e, const sg_game *game, const void *pos,
                         sg_estimate *out, char *err, size_t errlen)
{
    double start = sg_clock_seconds();
    memset(out, 0, sizeof *out);
    sg_gthermograph th;
    sg_gthermo_options opt = { .max_positions = e->max_positions, .meter = e->meter,
                               .komonster = e->komonster };
    bool has[2] = { false, false };
    sg_move best[2] = { 0, 0 };
    int rc = sg_gthermograph_best(game, pos, (sg_komaster)e->komaster_now, &opt, &th, has, best,
                                  err, errlen);
    if (rc == SG_OK) {
        out->exact = true;
        out->mean = as_value(th.mast, &out->exact);
        out->temperature = as_value(th.temperature, &out->exact);
        out->left_stop = as_value(th.left_stop, &out->exact);
        out->right_stop = as_value(th.right_stop, &out->exact);
        out->pseudo_left = out->pseudo_right = out->temperature;
        out->has_best_left = has[0];
        out->has_best_right = has[1];
        out->best_left = best[0];
        out->best_right = best[1];
        out->nodes = th.positions;
    }
    sg_gthermograph_free(&th);
    out->seconds = sg_clock_seconds() - start;
    return rc;
}

/* Exact analysis of one component within max_positions: its thermograph and the best
 * moves at its temperature (not remembered). */
static int analyse_exactly(sg_estimator *e, const sg_game *game, const void *pos,
                           sg_estimate *out, char *err, size_t errlen)
{
    double start = sg_clock_seconds();
    size_t before = sg_cgt_size(sg_thermo_cache_table(e->cache));
    memset(out, 0, sizeof *out);
    const sg_thermograph *th;
    int rc = sg_thermograph_of_position(e->cache, game, pos, e->max_positions, &th, err,
                                        errlen);
    if (rc != SG_OK)
        return rc;
    out->mean = th->mean;
    out->temperature = th->temperature;
    out->pseudo_left = th->pseudo_left;
    out->pseudo_right = th->pseudo_right;
    out->left_stop = th->left_stop;
    out->right_stop = th->right_stop;
    out->exact = true;
    rc = sg_thermograph_best_move(e->cache, game, pos, SG_LEFT, th->temperature,
                                  e->max_positions, &out->has_best_left, &out->best_left, err,
                                  errlen);
    if (rc == SG_OK)
        rc = sg_thermograph_best_move(e->cache, game, pos, SG_RIGHT, th->temperature,
                                      e->max_positions, &out->has_best_right,
                                      &out->best_right, err, errlen);
    out->nodes = sg_cgt_size(sg_thermo_cache_table(e->cache)) - before;
    out->seconds = sg_clock_seconds() - start;
    return rc;
}

/* komaster = auto, after every component was estimated with nobody komaster: a component
 * offers a player a ko threat when that player's pseudo-temperature there is above its
 * temperature (a sente move: Hotstrat+'s notion, Müller–Li §2.1). The komaster of each
 * component with a ko is the player with more threats in the other components; on a tie
 * nobody, and the first estimate stands. Only components of games with bans are valued
 * again (loop-free ones come out the same, from the exact engine's cache). */
static int choose_komasters(sg_estimator *e, const sg_sum *sum, const sg_budget *share,
                            sg_estimate *out, char *err, size_t errlen)
{
    size_t n = sg_sum_count(sum), threats[2] = { 0, 0 };
    for (size_t i = 0; i < n; i++) {
        threats[0] += sg_value_cmp(out[i].pseudo_left, out[i].temperature) > 0;
        threats[1] += sg_value_cmp(out[i].pseudo_right, out[i].temperature) > 0;
    }
    int rc = SG_OK;
    for (size_t i = 0; i < n && rc == SG_OK; i++) {
        const sg_game *g = sg_sum_game(sum, i);
        if (!SG_GAME_HAS(g->desc, moved_elsewhere))
            continue; /* a game without bans has no ko */
        size_t l = threats[0] - (sg_value_cmp(out[i].pseudo_left, out[i].temperature) > 0);
        size_t r = threats[1] - (sg_value_cmp(out[i].pseudo_right, out[i].temperature) > 0);
        int km = l > r ? SG_KOMASTER_LEFT : r > l ? SG_KOMASTER_RIGHT : SG_KOMASTER_NONE;
        if (km == SG_KOMASTER_NONE)
            continue;
        e->komaster_now = km;
        rc = sg_estimator_estimate(e, g, sg_sum_pos(sum, i), share, &out[i], err, errlen);
    }
    e->komaster_now = SG_KOMASTER_NONE;
    return rc;
}

/* A TDS budget for the whole sum (docs/algorithms.md, "Time between components"): the
 * components without an estimate first, in the sum's order, then those whose anytime
 * estimate can still deepen, hottest first (a hot component's estimate decides the
 * move; a cold one's rarely does); components with exact estimates cost a lookup. Each
 * gets an equal share of what is left when its turn comes, so time one did not need
 * goes to the next, and the total keeps to the budget (the first iteration of an
 * estimate always answers, so a component can overrun a tiny share). */
/* The components of sum whose remembered estimate can deepen, hottest first (ties keep
 * the sum's order), appended to order[*m..]. With out, components with nothing to deepen
 * get their remembered estimate there. */
static void deepenable(const sg_estimator *e, const sg_sum *sum, const sg_tds_config *c,
                       size_t *order, size_t *m, sg_estimate *out)
{
    size_t from = *m;
    for (size_t i = 0; i < sg_sum_count(sum); i++) {
        const cached *hit = lookup_in(e, sum, i);
        if (!hit)
            continue;
        if (!deepens(c, hit)) {
            if (out) {
                out[i] = hit->estimate;
                out[i].nodes = 0;
                out[i].seconds = 0;
            }
            continue;
        }
        size_t k = (*m)++;
        while (k > from &&
               sg_value_cmp(lookup_in(e, sum, order[k - 1])->estimate.temperature,
                            hit->estimate.temperature) < 0) {
            order[k] = order[k - 1];
            k--;
        }
        order[k] = i;
    }
}

/* A TDS budget for the whole sum (docs/algorithms.md, "Time between components"): the
 * components without an estimate first, in the sum's order, then those whose anytime
 * estimate can still deepen, hottest first (a hot component's estimate decides the
 * move; a cold one's rarely does); components with exact estimates cost a lookup. Each
 * gets an equal share of what is left when its turn comes, so time one did not need
 * goes to the next; and while time is left after a pass and the pass took some estimate
 * deeper, another pass over those that can still deepen follows, so that time the last
 * ones did not need is not lost. The first iteration of an estimate always answers, so
 * a component can overrun a tiny share. */
static int estimate_sum_tds(sg_estimator *e, const sg_sum *sum, const sg_budget *budget,
                            sg_estimate *out, char *err, size_t errlen)
{
    size_t n = sg_sum_count(sum);
    size_t *order = malloc((n ? n : 1) * sizeof *order);
    int *before = malloc((n ? n : 1) * sizeof *before);
    uint64_t *spent = calloc(n ? n : 1, sizeof *spent); /* nodes over every pass */
    if (!order || !before || !spent) {
        free(order);
        free(before);
        free(spent);
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    sg_tds_config c = tds_limits(e, budget);
    size_t m = 0;
    for (size_t i = 0; i < n; i++)
        if (!lookup_in(e, sum, i))
            order[m++] = i;
    deepenable(e, sum, &c, order, &m, out);
    double deadline = budget->seconds > 0 ? sg_clock_seconds() + budget->seconds : 0;
    uint64_t nodes_left = budget->nodes;
    int rc = SG_OK;
    for (;;) {
        bool deeper = false;
        for (size_t k = 0; k < m && rc == SG_OK; k++) {
            size_t i = order[k];
            sg_budget share = *budget;
            if (deadline > 0) {
                double left = deadline - sg_clock_seconds();
                share.seconds = left / (double)(m - k);
                if (share.seconds < 1e-3)
                    share.seconds = 1e-3;
            }
            if (budget->nodes)
                share.nodes = nodes_left / (m - k) + 1;
            before[i] = sg_estimator_cached_depth_in(e, sum, i);
            rc = sg_estimator_estimate(e, sg_sum_game(sum, i), sg_sum_pos(sum, i), &share,
                                       &out[i], err, errlen);
            if (budget->nodes)
                nodes_left = out[i].nodes < nodes_left ? nodes_left - out[i].nodes : 0;
            spent[i] += out[i].nodes;
            out[i].nodes = spent[i];
            deeper = deeper || before[i] < 0 || e->last_depth > before[i] || out[i].exact;
        }
        if (rc != SG_OK || !deeper || m == 0)
            break;
        m = 0;
        deepenable(e, sum, &c, order, &m, NULL);
        bool time_left = deadline > 0 && deadline - sg_clock_seconds() > 2e-3 * (double)m;
        bool nodes_remain = budget->nodes && nodes_left > m;
        if (m == 0 || !(time_left || nodes_remain))
            break;
    }
    free(order);
    free(before);
    free(spent);
    return rc;
}

int sg_estimator_estimate_sum(sg_estimator *e, const sg_sum *sum, const sg_budget *budget,
                              sg_estimate *out, char *err, size_t errlen)
{
    sg_budget share = budget ? *budget : (sg_budget){ 0 };
    if ((e->method == METHOD_TDS || e->method == METHOD_TDSPLUS) &&
        (share.seconds > 0 || share.nodes > 0))
        return estimate_sum_tds(e, sum, &share, out, err, errlen);
    if (e->method == METHOD_EXACT && share.seconds > 0 && !e->meter) {
        /* One clock for the sum: each component an equal share of what is left. */
        double deadline = sg_clock_seconds() + share.seconds;
        size_t n = sg_sum_count(sum);
        for (size_t i = 0; i < n; i++) {
            sg_budget b = { .seconds = (deadline - sg_clock_seconds()) / (double)(n - i) };
            if (b.seconds < 1e-3)
                b.seconds = 1e-3;
            int rc = sg_estimator_estimate(e, sg_sum_game(sum, i), sg_sum_pos(sum, i), &b,
                                           &out[i], err, errlen);
            if (rc != SG_OK)
                return rc;
        }
        return SG_OK;
    }
    if (e->method == METHOD_MCDUAL) {
        size_t n = sg_sum_count(sum);
        const sg_game **games = malloc((n ? n : 1) * sizeof *games);
        const void **positions = malloc((n ? n : 1) * sizeof *positions);
        int rc = games && positions ? SG_OK : SG_ERR_NOMEM;
        for (size_t i = 0; rc == SG_OK && i < n; i++) {
            games[i] = sg_sum_game(sum, i);
            positions[i] = sg_sum_pos(sum, i);
        }
        if (rc == SG_OK)
            rc = estimate_mcdual(e, n, games, positions, budget, out, err, errlen);
        else
            snprintf(err, errlen, "out of memory");
        free(games);
        free(positions);
        return rc;
    }
    bool automatic = e->method == METHOD_THERMOGRAPH && e->komaster == KOMASTER_AUTO;
    if (automatic)
        e->komaster_now = SG_KOMASTER_NONE;
    for (size_t i = 0; i < sg_sum_count(sum); i++) {        int rc = sg_estimator_estimate(e, sg_sum_game(sum, i), sg_sum_pos(sum, i), &share,
                                       &out[i], err, errlen);
        if (rc != SG_OK)
            return rc;
    }
    return automatic ? choose_komasters(e, sum, &share, out, err, errlen) : SG_OK;
}
