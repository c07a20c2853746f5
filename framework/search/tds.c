#include "sumgame/tds.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/clock.h"
#include "sumgame/coupons.h"
#include "sumgame/search.h"
#include "sumgame/solve.h"

#define TDS_TT_DEFAULT_LOG2 18
/* Heuristic searches that fail low at the top of the stack raise it this often. */
#define HEURISTIC_RAISES 2

struct sg_tds {
    sg_search *engine;
    sg_meter *meter; /* or NULL */
    bool table_has_delta; /* the table holds entries of stacks spaced by table_delta */
    sg_value table_delta;
    sg_sum *root;
};

/* One estimate in progress: the stack, the limits and what the searches cost. */
typedef struct run {
    sg_tds *tds;
    const sg_sum *root;
    const sg_coupons *stack;
    const sg_tds_config *config;
    bool heuristic;
    double start;
    uint64_t nodes;
    int searches;
    bool exact; /* every search so far was free of depth-limited leaves */
} run;

/* What one player's searches found. */
typedef struct side {
    sg_value mean;
    sg_value temperature;
    sg_value first; /* t from the first PV, before lowering */
    bool first_by[2]; /* who made that PV's first move in G */
    sg_tds_case kase;
    bool fail_low_at_top; /* the stack was not hot enough */
} side;

static sg_value zero(void) { return sg_value_int(0); }
static sg_value minus_one(void) { return sg_value_int(-1); }

/* Whether v can be the temperature of a game whose temperatures are all multiples of
 * grid (grid <= 0: nothing is known, any v can): both over the larger denominator. */
static bool on_grid(sg_value v, sg_value grid)
{
    if (sg_value_cmp(grid, zero()) <= 0)
        return true;
    int32_t e = v.exp > grid.exp ? v.exp : grid.exp;
    int64_t a = v.num * ((int64_t)1 << (e - v.exp));
    int64_t b = grid.num * ((int64_t)1 << (e - grid.exp));
    return a % b == 0;
}

const char *sg_tds_case_name(sg_tds_case c)
{
    switch (c) {
    case SG_TDS_REGULAR:
        return "regular";
    case SG_TDS_FAIL_HIGH:
        return "fail-high";
    case SG_TDS_FAIL_LOW:
        return "fail-low";
    default:
        return "none";
    }
}

sg_tds *sg_tds_new(size_t tt_log2, char *err, size_t errlen)
{
    sg_tds *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    sg_search_config config = { .tt_log2 = tt_log2 ? tt_log2 : TDS_TT_DEFAULT_LOG2 };
    t->engine = sg_search_new(&config, err, errlen);
    t->root = sg_sum_new(SG_FREEZE_NUMBERS);
    if (!t->engine || !t->root) {
        if (t->engine && !t->root)
            snprintf(err, errlen, "out of memory");
        sg_tds_free(t);
        return NULL;
    }
    return t;
}

void sg_tds_set_meter(sg_tds *tds, sg_meter *meter)
{
    tds->meter = meter;
    sg_search_set_meter(tds->engine, meter);
}

void sg_tds_free(sg_tds *tds)
{
    if (!tds)
        return;
    sg_search_free(tds->engine);
    sg_sum_free(tds->root);
    free(tds);
}

/* ---- one search ------------------------------------------------------------------- */

/* Fills the engine's budget from what is left of the estimate's. False when nothing is
 * left. */
static bool remaining_budget(const run *r, sg_budget *b)
{
    memset(b, 0, sizeof *b);
    if (r->config->seconds > 0) {
        double left = r->config->seconds - (sg_clock_seconds() - r->start);
        if (left <= 0)
            return false;
        b->seconds = left;
    }
    if (r->config->nodes) {
        if (r->nodes >= r->config->nodes)
            return false;
        b->nodes = r->config->nodes - r->nodes;
    }
    return true;
}

static bool budget_spent(const run *r)
{
    sg_budget b;
    return r->heuristic && !remaining_budget(r, &b);
}

/* How the top `taken` coupons left the stack before a search. */
typedef enum prefix {
    PREFIX_PLAYED, /* chosen by the players on an earlier PV: the search continues that
                      line, so -1 coupons among them count towards pseudo-terminal */
    PREFIX_FORCED  /* taken by fiat (the lowering step): nobody chose them, so they say
                      nothing about the players' unwillingness to play in G */
} prefix;

/* Searches G + C after the top `taken` coupons are gone, mover to play; with game_first
 * the coupon is withheld until someone moves in G. Without with_stack it searches G
 * alone. A search that the budget stops before its first iteration is replaced by one of
 * depth 1, which always finishes: an estimate must answer something. */
static int search(run *r, bool with_stack, size_t taken, prefix how, bool game_first,
                  sg_player mover, sg_search_result *res, char *err, size_t errlen)
{
    sg_search_extra extra;
    sg_search_config config = { .max_depth = r->config->depth, .iterative = r->heuristic };
    bool spent = !remaining_budget(r, &config.budget);
    if (with_stack) {
        /* A position is pseudo-terminal when both players have taken a -1 coupon as their
         * last move: the run of -1 coupons the played prefix ends with carries over into
         * the search; a forced prefix starts a new run. */
        unsigned run_of_minus = 0;
        for (size_t i = taken; how == PREFIX_PLAYED && i-- > 0 && run_of_minus < 2;) {
            if (!sg_value_eq(sg_coupons_at(r->stack, i), minus_one()))
                break;
            run_of_minus++;
        }
        sg_coupons_extra(r->stack,
                         sg_coupons_state(r->stack, taken, run_of_minus, game_first), &extra);
        config.extra = &extra;
    }
    int rc = SG_ERR_BUDGET;
    if (!spent) {
        sg_search_set_config(r->tds->engine, &config);
        rc = sg_search_run(r->tds->engine, r->root, mover, res, err, errlen);
        r->nodes += res->nodes;
        r->searches++;
    }
    if (rc == SG_ERR_BUDGET) {
        config.max_depth = 1;
        config.iterative = false;
        memset(&config.budget, 0, sizeof config.budget);
        sg_search_set_config(r->tds->engine, &config);
        rc = sg_search_run(r->tds->engine, r->root, mover, res, err, errlen);
        r->nodes += res->nodes;
        r->searches++;
    }
    if (rc == SG_OK)
        r->exact = r->exact && res->exact;
    return rc;
}

/* Left's view of the score after forcing the top `taken` coupons, p taking the first,
 * then searching on. */
static sg_value forced_score(const run *r, size_t taken, sg_player p, const sg_search_result *res)
{
    return sg_value_add(sg_coupons_taken_points(r->stack, taken, p), res->score);
}

static sg_player mover_after(size_t taken, sg_player p)
{
    return taken % 2 ? sg_opponent(p) : p;
}

/* ---- one player's analysis ------------------------------------------------------ */

/* The PV's first move in G (*found), and whether a -1 coupon came before it. */
static size_t first_game_move(const run *r, size_t taken, const sg_search_result *res,
                              bool *found, bool *minus_before)
{
    *found = false;
    *minus_before = false;
    for (size_t i = 0; i < res->pv_length; i++) {
        if (res->pv[i].component != SG_EXTRA_COMPONENT) {
            *found = true;
            return i;
        }
        size_t idx = taken + i;
        if (idx < r->stack->count &&
            sg_value_cmp(sg_coupons_at(r->stack, idx), minus_one()) <= 0)
            *minus_before = true;
    }
    return res->pv_length;
}

static int analyze_side(run *r, sg_player p, side *out, char *err, size_t errlen)
{
    const sg_coupons *c = r->stack;
    memset(out, 0, sizeof *out);
    sg_search_result res;
    size_t taken = 0;
    bool have_t = false, classified = false;
    size_t t_index = 0;
    sg_value score = zero(), t_value = minus_one();
    for (;;) {
        int rc = search(r, true, taken, PREFIX_PLAYED, false, mover_after(taken, p), &res, err,
                        errlen);
        if (rc != SG_OK)
            return rc;
        score = forced_score(r, taken, p, &res);
        bool found, minus_before;
        size_t i = first_game_move(r, taken, &res, &found, &minus_before);
        /* The paper classifies the PV of one search. A complete search's PV is only cut
         * by the engine's PV length, so its classification waits for the whole line. */
        bool line_known = r->heuristic || found || minus_before ||
                          res.pv_length < SG_SEARCH_PV_MAX;
        if (!classified && line_known) {
            classified = true;
            out->kase = found && taken + i == 0 ? SG_TDS_FAIL_LOW
                        : !found || minus_before ? SG_TDS_FAIL_HIGH
                                                 : SG_TDS_REGULAR;
        }
        if (found && taken + i == 0) {
            out->fail_low_at_top = true;
            t_value = c->t_max;
            break;
        }
        if (found) {
            out->first_by[mover_after(taken + i, p)] = true;
            have_t = true;
            t_index = taken + i - 1;
            t_value = sg_coupons_at(c, t_index);
            break;
        }
        if (minus_before || res.pv_length == 0 || taken + res.pv_length >= c->count) {
            /* Neither player ever wants to move in G. */
            t_value = minus_one();
            break;
        }
        taken += res.pv_length;
        if (budget_spent(r)) {
            /* Out of budget while following coupons down: t is at most the last one. */
            t_value = sg_coupons_at(c, taken - 1);
            break;
        }
    }
    out->first = t_value;

    /* Determining the temperature (complete searches): while taking every coupon down to
     * the next lower one, t - delta, before anyone may move in G leaves the score
     * unchanged, t := t - delta. No game is colder than -1, so the lowering ends at the
     * first -1 coupon; reaching it needs the forced -1 not to count towards a
     * pseudo-terminal position (PREFIX_FORCED), else the opponent could end play at once
     * with G scored 0, which changes the score of every G that equals a non-zero
     * integer without being recognized as one.
     * With a grid (the config's: every temperature of the game is a multiple of it) the
     * estimate only moves to coupons on the grid; a coupon between two grid values is
     * passed only together with the next. Lowering by the score alone goes one coupon
     * past t(G) when the player who must take the coupon t(G) - delta is answered by an
     * opponent's move in G that is answered at once (Left first in ^ = {0|*} ends at
     * -delta); with delta at most half the grid that coupon is off the grid. */
    if (have_t && r->exact) {
        for (size_t j = t_index + 1; j < c->count; j++) {
            if (sg_value_cmp(sg_coupons_at(c, j - 1), minus_one()) <= 0 || budget_spent(r))
                break;
            int rc = search(r, true, j + 1, PREFIX_FORCED, false, mover_after(j + 1, p), &res,
                            err, errlen);
            if (rc != SG_OK)
                return rc;
            if (!res.exact || !sg_value_eq(forced_score(r, j + 1, p, &res), score))
                break;
            if (on_grid(sg_coupons_at(c, j), r->config->grid))
                t_value = sg_coupons_at(c, j);
        }
    }
    out->temperature = t_value;
    out->mean = sg_value_sub(score, sg_coupons_value(c, 0, p));
    return SG_OK;
}

/* ---- best moves ------------------------------------------------------------------- */

/* p's move in G at temperature t: the first move of a search of G + C_-1(t, delta) that
 * withholds the coupon until a move in G is made. */
static int best_move(run *r, sg_player p, sg_value t, bool *has, sg_move *move, char *err,
                     size_t errlen)
{
    *has = false;
    size_t count = 0;
    int rc = sg_sum_moves(r->root, p, NULL, 0, &count);
    if ((rc != SG_OK && rc != SG_ERR_RANGE) || count == 0)
        return SG_OK;
    const sg_coupons *c = r->stack;
    size_t top = 0; /* the lowest coupon still worth at least t */
    while (top + 1 < c->count && sg_value_cmp(sg_coupons_at(c, top + 1), t) >= 0)
        top++;
    sg_search_result res;
    rc = search(r, true, top, PREFIX_FORCED, true, p, &res, err, errlen);
    if (rc != SG_OK)
        return rc;
    if (res.pv_length == 0 || res.pv[0].component == SG_EXTRA_COMPONENT) {
        snprintf(err, errlen, "tds: the search that forces a move in the game found none");
        return SG_ERR_INTERNAL;
    }
    *has = true;
    *move = res.pv[0].move;
    return SG_OK;
}

/* A number's best move for p: to the option the game rates best (numbers by value,
 * others by evaluate()). Play in a number only ever happens when nothing else is left. */
static int number_best_move(const sg_game *game, const void *pos, sg_player p, bool *has,
                            sg_move *move, char *err, size_t errlen)
{
    *has = false;
    const sg_game_desc *d = game->desc;
    size_t n = 0;
    int rc = d->moves(game->instance, pos, p, NULL, 0, &n);
    if (rc != SG_OK && rc != SG_ERR_RANGE)
        return rc;
    if (n == 0)
        return SG_OK;
    sg_move *moves = malloc(n * sizeof *moves);
    unsigned char *child = malloc(d->pos_size ? d->pos_size : 1);
    if (!moves || !child) {
        free(moves);
        free(child);
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    rc = d->moves(game->instance, pos, p, moves, n, &n);
    sg_value best = zero();
    for (size_t i = 0; rc == SG_OK && i < n; i++) {
        rc = d->play(game->instance, pos, p, moves[i], child, err, errlen);
        if (rc != SG_OK)
            break;
        sg_value v;
        if (!d->number(game->instance, child, &v))
            v = d->evaluate ? d->evaluate(game->instance, child, sg_opponent(p)) : zero();
        int cmp = sg_value_cmp(v, best);
        if (!*has || (p == SG_LEFT ? cmp > 0 : cmp < 0)) {
            *has = true;
            best = v;
            *move = moves[i];
        }
    }
    free(moves);
    free(child);
    return rc;
}

/* ---- the estimate ----------------------------------------------------------------- */

/* The smallest multiple of delta that is at least v (v >= 0). */
static sg_value round_up(sg_value v, sg_value delta)
{
    int64_t lo = 0, hi = 1;
    while (sg_value_cmp(sg_value_mul_int(delta, hi), v) < 0 && hi < ((int64_t)1 << 40))
        hi *= 2;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (sg_value_cmp(sg_value_mul_int(delta, mid), v) >= 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return sg_value_mul_int(delta, lo);
}

static sg_value number_temperature(sg_value x)
{
    return x.exp == 0 ? minus_one() : sg_value_neg(sg_value_make(1, x.exp));
}

static int estimate_number(const sg_game *game, const void *pos, sg_value x,
                           sg_estimate *out, char *err, size_t errlen)
{
    out->mean = out->left_stop = out->right_stop = x;
    out->temperature = out->pseudo_left = out->pseudo_right = number_temperature(x);
    out->exact = true;
    int rc = number_best_move(game, pos, SG_LEFT, &out->has_best_left, &out->best_left, err,
                              errlen);
    if (rc == SG_OK)
        rc = number_best_move(game, pos, SG_RIGHT, &out->has_best_right, &out->best_right,
                              err, errlen);
    return rc;
}

/* The stops. A complete TDS takes them from the exact solver, which freezes every
 * position that is a number whatever the game reports, so they are the CGT stops like
 * every other method's; a heuristic TDS has no time for that and searches G alone with
 * its budget (its estimate is inexact anyway). */
static int stops(run *r, sg_estimate *out, char *err, size_t errlen)
{
    if (!r->heuristic) {
        bool exact;
        char why[400];
        int rc = sg_exact_stops(r->root, r->tds->meter, &out->left_stop, &out->right_stop, &exact, why, sizeof why,
                                err, errlen);
        if (rc == SG_OK)
            r->exact = r->exact && exact;
        return rc;
    }
    sg_search_result res;
    for (int k = 0; k < 2; k++) {
        sg_player who = k == 0 ? SG_LEFT : SG_RIGHT;
        int rc = search(r, false, 0, PREFIX_PLAYED, false, who, &res, err, errlen);
        if (rc != SG_OK)
            return rc;
        sg_value v = res.score;
        if (who == SG_LEFT)
            out->left_stop = v;
        else
            out->right_stop = v;
    }
    return SG_OK;
}

int sg_tds_estimate(sg_tds *tds, const sg_game *game, const void *pos,
                    const sg_tds_config *config, sg_estimate *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    run r = { .tds = tds, .root = tds->root, .config = config, .exact = true,
              .start = sg_clock_seconds() };
    r.heuristic = config->depth > 0 || config->seconds > 0 || config->nodes > 0;
    out->tds_delta = config->delta;
    sg_sum_clear(tds->root);
    int rc = sg_sum_add(tds->root, (sg_game *)game, pos, err, errlen);
    if (rc != SG_OK)
        return rc;
    if (sg_sum_is_over(tds->root)) {
        rc = estimate_number(game, pos, sg_sum_frozen(tds->root), out, err, errlen);
        out->seconds = sg_clock_seconds() - r.start;
        return rc;
    }

    sg_value delta = config->delta;
    bool bounded = true;
    sg_value tmax;
    if (config->has_tmax) {
        tmax = round_up(config->tmax, delta);
    } else if (game->desc->temperature_bound &&
               game->desc->temperature_bound(game->instance, pos, &tmax)) {
        if (sg_value_cmp(tmax, zero()) < 0)
            tmax = zero();
        tmax = sg_value_add(round_up(tmax, delta), delta);
    } else {
        bounded = false;
        tmax = round_up(sg_value_int(1), delta);
    }
    if (!tds->table_has_delta || !sg_value_eq(tds->table_delta, delta)) {
        /* The table's states count coupons, which mean other values under another delta. */
        sg_search_clear(tds->engine);
        tds->table_has_delta = true;
        tds->table_delta = delta;
    }

    sg_coupons stack;
    side left, right;
    rc = sg_coupons_init(&stack, tmax, delta, true, err, errlen);
    if (rc != SG_OK)
        return rc;
    for (int raises = 0;; raises++) {
        r.stack = &stack;
        rc = analyze_side(&r, SG_LEFT, &left, err, errlen);
        if (rc == SG_OK)
            rc = analyze_side(&r, SG_RIGHT, &right, err, errlen);
        if (rc != SG_OK) {
            sg_coupons_free(&stack);
            return rc;
        }
        if (raises == 0) {
            /* The cases reported are those of the first searches. */
            out->tds_case_left = left.kase;
            out->tds_case_right = right.kase;
        }
        bool low = left.fail_low_at_top || right.fail_low_at_top;
        bool may_raise = !r.heuristic || (!budget_spent(&r) &&
                                          (raises < HEURISTIC_RAISES || !bounded));
        if (!low || !may_raise || raises >= 16)
            break;
        sg_coupons higher;
        sg_value raised = sg_value_add(sg_value_mul_int(tmax, 2), delta);
        char why[160];
        if (sg_coupons_init(&higher, raised, delta, true, why, sizeof why) != SG_OK)
            break;
        sg_coupons_free(&stack);
        stack = higher;
        tmax = raised;
    }
    out->tds_tmax = tmax;
    out->mean = sg_value_half(sg_value_add(left.mean, right.mean));
    bool use_max = config->combine == SG_TDS_COMBINE_MAX ||
                   (config->combine == SG_TDS_COMBINE_AUTO && r.exact);
    out->temperature = use_max ? sg_value_max(left.temperature, right.temperature)
                               : sg_value_half(sg_value_add(left.temperature, right.temperature));
    /* A player's pseudo-temperature is at least the temperature at which a PV had that
     * player make the first move in G. */
    out->pseudo_left = out->pseudo_right = out->temperature;
    for (int k = 0; k < 2; k++) {
        const side *sd = k == 0 ? &left : &right;
        for (int who = 0; who < 2; who++) {
            sg_value *pt = who == SG_LEFT ? &out->pseudo_left : &out->pseudo_right;
            if (sd->first_by[who])
                *pt = sg_value_max(*pt, sd->first);
        }
    }
    if (sg_value_cmp(out->temperature, minus_one()) <= 0) {
        /* Nobody moves in G before the -1 coupons: G plays like an integer, and a search
         * that forces a move in G below them meets only pseudo-terminal positions. Like
         * any number it has no sente threat above its temperature either. */
        out->pseudo_left = out->pseudo_right = out->temperature;
        rc = number_best_move(game, pos, SG_LEFT, &out->has_best_left, &out->best_left, err,
                              errlen);
        if (rc == SG_OK)
            rc = number_best_move(game, pos, SG_RIGHT, &out->has_best_right,
                                  &out->best_right, err, errlen);
    } else {
        rc = best_move(&r, SG_LEFT, out->temperature, &out->has_best_left, &out->best_left,
                       err, errlen);
        if (rc == SG_OK)
            rc = best_move(&r, SG_RIGHT, out->temperature, &out->has_best_right,
                           &out->best_right, err, errlen);
    }
    if (rc == SG_OK)
        rc = stops(&r, out, err, errlen);
    sg_coupons_free(&stack);
    out->exact = r.exact;
    out->nodes = r.nodes;
    out->tds_searches = r.searches;
    out->seconds = sg_clock_seconds() - r.start;
    return rc;
}
