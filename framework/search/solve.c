#include "sumgame/solve.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/cg_game.h"
#include "sumgame/cgt.h"
#include "sumgame/local.h"
#include "sumgame/search.h"
#include "sumgame/game_call.h"

struct component {
    bool reduced;
    sg_cg id;
    char why[200];
};

struct sg_solver {
    sg_solve_config config;
    sg_meter own;   /* the meter when the caller gives none */
    sg_meter *m;
    sg_cgt *table;
    sg_game cg;
    sg_search *engine;
    const sg_sum *loaded;
    sg_sum *reduced;
    struct component *comps; /* per live component of the loaded sum */
    size_t ncomps;
    size_t *loaded_of;       /* live component of reduced -> live component of loaded */
    char inexact[400];
    sg_local *local; /* TEMP, INC and the incentive order */
    unsigned reduce_days; /* only components born by then are reduced; 0 = all */
    struct ranked *ranked;
    size_t ranked_cap;
};

struct ranked {
    int64_t replies; /* the change in the opponent's move count: fewer first */
    double key;      /* the change in the evaluation, for the mover: more first */
    size_t at;
    sg_sum_move move;
};

/* The positions a component of the given sum past reduce_days may still cost to reduce. */
#define SOLVE_LATE_POSITIONS 20000u

/* Whether reduce_days leaves pos out of every analysis (its birthday bound is above it). */
static bool too_large(const sg_solver *s, const sg_game *game, const void *pos)
{
    unsigned days;
    return s->reduce_days && SG_GAME_HAS(game->desc, birthday_bound) &&
           (!sg_gc_birthday_bound(game->desc, game->instance, pos, &days) ||
            days > s->reduce_days);
}

static bool stuck_side(const sg_game *game, const void *pos)
{
    for (int p = 0; p < 2; p++) {
        size_t n = 0;
        int rc = sg_gc_moves(game->desc, game->instance, pos, (sg_player)p, NULL, 0, &n);
        if ((rc == SG_OK || rc == SG_ERR_RANGE) && n == 0)
            return true;
    }
    return false;
}

static bool oracle(void *ctx, const sg_game *game, const void *pos, sg_value *value)
{
    sg_solver *s = ctx;
    if (sg_is_cg_game(game))
        return false; /* exact already: its table knows every number */
    /* A position where a player has no move is an integer the search cannot do without
     * (a game's settlement may have given up on it): it is analysed whatever the cap,
     * under the meter only. */
    uint64_t cap = s->config.component_positions;
    bool stuck = stuck_side(game, pos);
    if (!stuck && too_large(s, game, pos))
        return false; /* an outcome search plays it out: exact, if slower */
    if (cap && stuck)
        cap = 0;
    int answer = sg_cgt_number_of(s->table, game, pos, cap, s->m, value);
    if (answer == SG_CGT_UNKNOWN && !sg_meter_expired(s->m) && !s->inexact[0]) {
        char text[120];
        if (sg_gc_format(game->desc, game->instance, pos, text, sizeof text) != SG_OK)
            snprintf(text, sizeof text, "(a position)");
        snprintf(s->inexact, sizeof s->inexact,
                 "%s:%s was not analysed within %llu positions, so it was played out "
                 "although it may be a number",
                 game->desc->name, text, (unsigned long long)s->config.component_positions);
    }
    return answer == SG_CGT_IS_NUMBER;
}

int sg_solver_new(const sg_solve_config *config, sg_solver **out, char *err, size_t errlen)
{
    sg_solver *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    if (config)
        s->config = *config;
    s->m = s->config.meter;
    if (!s->m) {
        sg_meter_start(&s->own, &s->config.limits);
        s->m = &s->own;
    }
    s->table = sg_cgt_new();
    s->reduced = sg_sum_new(SG_FREEZE_NUMBERS);
    sg_search_config sc = { .iterative = true, .tt_log2 = s->config.tt_log2 };
    s->engine = s->table && s->reduced ? sg_search_new(&sc, err, errlen) : NULL;
    sg_local_config lc = { .order = s->config.order,
                           .incentives = !s->config.no_incentives,
                           .max_positions = s->config.component_positions,
                           .meter = s->m };
    if (!s->engine || sg_local_new(&lc, s->table, &s->local, err, errlen) != SG_OK) {
        if (!s->table || !s->reduced)
            snprintf(err, errlen, "out of memory");
        sg_solver_free(s);
        return SG_ERR_NOMEM;
    }
    sg_cg_game_init(&s->cg, s->table);
    sg_sum_set_number_oracle(s->reduced, oracle, s);
    sg_search_set_meter(s->engine, s->m);
    sg_local_attach(s->local, s->engine);
    *out = s;
    return SG_OK;
}

void sg_solver_free(sg_solver *s)
{
    if (!s)
        return;
    sg_search_free(s->engine);
    sg_local_free(s->local);
    free(s->ranked);
    sg_sum_free(s->reduced);
    sg_cgt_free(s->table);
    free(s->comps);
    free(s->loaded_of);
    free(s);
}

sg_meter *sg_solver_meter(sg_solver *s) { return s->m; }
const char *sg_solver_inexact_reason(const sg_solver *s) { return s->inexact; }

static int stopped(sg_solver *s, const char *doing, char *err, size_t errlen)
{
    char why[120];
    sg_meter_reason(s->m, why, sizeof why);
    snprintf(err, errlen, "stopped at %s while %s, after %llu nodes and %.1f s", why, doing,
             (unsigned long long)s->m->count, sg_meter_elapsed(s->m));
    return SG_ERR_BUDGET;
}

int sg_solver_load(sg_solver *s, const sg_sum *sum, char *err, size_t errlen)
{
    size_t n = sg_sum_count(sum);
    free(s->comps);
    free(s->loaded_of);
    s->comps = calloc(n ? n : 1, sizeof *s->comps);
    s->loaded_of = calloc(n ? n : 1, sizeof *s->loaded_of);
    if (!s->comps || !s->loaded_of) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    s->ncomps = n;
    s->loaded = sum;
    sg_sum_clear(s->reduced);
    sg_sum_add_frozen(s->reduced, sg_sum_frozen(sum));
    for (size_t i = 0; i < n; i++) {
        struct component *c = &s->comps[i];
        sg_game *game = sg_sum_game(sum, i);
        const void *pos = sg_sum_pos(sum, i);
        int rc = SG_ERR_UNSUPPORTED;
        if (!s->config.no_decompose) {
            /* A birthday bound says little of what a form costs: four 3x3 rooms, each
             * "born after day 4", are reduced in milliseconds and then decided at once,
             * where searching them as they are took minutes. So in a sum of several, a
             * component past reduce_days still gets a small budget of positions, spent
             * into the table the search's own reductions use; only when that is not
             * enough is it searched as it is. A game alone is left to the search, which
             * reduces the regions it splits into (trying the whole first cost single
             * Amazons and Domineering positions 1.9-2.4x). */
            uint64_t cap = s->config.component_positions;
            bool late = too_large(s, game, pos);
            if (late && (cap == 0 || cap > SOLVE_LATE_POSITIONS))
                cap = SOLVE_LATE_POSITIONS;
            if (late && n == 1) {
                snprintf(c->why, sizeof c->why, "born after day %u, searched as it is",
                         s->reduce_days);
                rc = SG_ERR_BUDGET;
            } else {
                rc = sg_cgt_from_game_metered(s->table, game, pos, cap, s->m, &c->id, c->why,
                                              sizeof c->why);
            }
            if (late && n > 1 && rc != SG_OK && !sg_meter_expired(s->m)) {
                snprintf(c->why, sizeof c->why,
                         "born after day %u and more than %u positions, searched as it is",
                         s->reduce_days, (unsigned)SOLVE_LATE_POSITIONS);
                rc = SG_ERR_BUDGET; /* it was never owed a form: the search takes it */
            }
            if (rc == SG_ERR_BUDGET && sg_meter_expired(s->m)) {
                char doing[64];
                snprintf(doing, sizeof doing, "analysing component %zu", i + 1);
                return stopped(s, doing, err, errlen);
            }
            if (rc != SG_OK && rc != SG_ERR_BUDGET) {
                snprintf(err, errlen, "component %zu: %s", i + 1, c->why);
                return rc;
            }
        } else {
            snprintf(c->why, sizeof c->why, "decomposition is off");
        }
        c->reduced = rc == SG_OK;
        if (c->reduced)
            c->why[0] = '\0';
        size_t before = sg_sum_count(s->reduced);
        uint32_t id = c->id;
        rc = c->reduced ? sg_sum_add(s->reduced, &s->cg, &id, err, errlen)
                        : sg_sum_add(s->reduced, game, pos, err, errlen);
        if (rc != SG_OK)
            return rc;
        if (sg_meter_expired(s->m))
            return stopped(s, "analysing the components", err, errlen);
        for (size_t k = before; k < sg_sum_count(s->reduced); k++)
            s->loaded_of[k] = i;
    }
    return SG_OK;
}

bool sg_solver_reduced(const sg_solver *s, size_t i, const char **why)
{
    if (why)
        *why = s->comps[i].why;
    return s->comps[i].reduced;
}

int sg_solver_component_text(const sg_solver *s, size_t i, char *buf, size_t cap)
{
    if (i >= s->ncomps || !s->comps[i].reduced)
        return SG_ERR_INVALID;
    return sg_cgt_format(s->table, s->comps[i].id, buf, cap);
}

static int by_key(const void *a, const void *b)
{
    const struct ranked *x = a, *y = b;
    if (x->replies != y->replies)
        return x->replies < y->replies ? -1 : 1;
    return x->key > y->key ? -1 : x->key < y->key ? 1 : x->at < y->at ? -1 : x->at > y->at;
}

/* who's opponent's moves in pos, counted by the game (moves() with no room). */
static int64_t replies(const sg_game *g, const void *pos, sg_player who)
{
    size_t n = 0;
    int rc = sg_gc_moves(g->desc, g->instance, pos, sg_opponent(who), NULL, 0, &n);
    return rc == SG_OK || rc == SG_ERR_RANGE ? (int64_t)n : 0;
}

/* The outcome search's move order (after the table's move): the moves that leave the
 * opponent fewest replies first, then by how much the move improves its component's
 * evaluation (the game's evaluate() before and after, the opponent to move) for the
 * mover. Both are changes in the moved component alone, which are the changes in the
 * sum: only that component is played, as it stands. Under normal play a player without a
 * move loses, and a child with fewer replies has fewer lines to refute (its proof number
 * in proof-number search, counted by mobility). The evaluation alone had ranked every
 * losing move of the open 4x4 Amazons room ahead of the winning ones
 * (docs/results/outcome-solving.md, "Fewest replies first": 4.3 s to 0.7 s there, and 1.2
 * to 3.8 times fewer CPU seconds on held-out boards of every game). Playing each move into
 * the sum instead (split, numbers settled by the oracle, the child decided when all its
 * parts have forms) made forms of the parts of moves the search never tried ("A move
 * order that makes no forms"). */
static void outcome_order(void *ctx, const sg_sum *sum, sg_player who, sg_sum_move *moves,
                          size_t count, const sg_sum_move *best)
{
    sg_solver *s = ctx;
    size_t from = best ? 1 : 0;
    if (count <= from + 1)
        return;
    if (count > s->ranked_cap) {
        struct ranked *grown = realloc(s->ranked, count * sizeof *grown);
        if (!grown)
            return;
        s->ranked = grown;
        s->ranked_cap = count;
    }
    double sign = who == SG_LEFT ? 1.0 : -1.0;
    size_t entered = SIZE_MAX;
    double before = 0;
    int64_t replies_before = 0;
    for (size_t k = from; k < count; k++) {
        struct ranked *r = &s->ranked[k - from];
        r->at = k;
        r->move = moves[k];
        r->replies = 0;
        r->key = 0;
        const sg_game *g = sg_sum_game(sum, moves[k].component);
        const void *pos = sg_sum_pos(sum, moves[k].component);
        if (moves[k].component != entered) {
            entered = moves[k].component;
            replies_before = replies(g, pos, who);
            if (g->desc->evaluate)
                before = sg_value_to_double(
                    sg_gc_evaluate(g->desc, g->instance, pos, sg_opponent(who)));
        }
        _Alignas(16) unsigned char next[SG_POS_MAX];
        char why[160];
        if (sg_gc_play(g->desc, g->instance, pos, who, moves[k].move, next, why, sizeof why) !=
            SG_OK)
            continue; /* the search plays it and reports the broken contract */
        r->replies = replies(g, next, who) - replies_before;
        if (g->desc->evaluate)
            r->key = sign * (sg_value_to_double(sg_gc_evaluate(g->desc, g->instance, next,
                                                               sg_opponent(who))) -
                             before);
    }
    qsort(s->ranked, count - from, sizeof *s->ranked, by_key);
    for (size_t k = from; k < count; k++)
        moves[k] = s->ranked[k - from].move;
}

static int run(sg_solver *s, const sg_sum *sum, sg_player first, bool outcome,
               sg_search_result *r, char *err, size_t errlen)
{
    /* Over canonical forms the incentive order already puts the best moves first, and
     * iterative deepening only re-searches (3x slower on rcg sums); over a game's own
     * positions each iteration's best moves order the next, which pays for itself. */
    bool iterative = sg_order_uses_prev(s->config.order);
    if (s->config.order == SG_ORDER_AUTO) {
        iterative = false;
        /* An outcome search stops at the first win it finds, so shallow iterations
         * only repeat work: without them the open 4x4 Amazons room took 443,000 nodes
         * instead of 818,000, and MCGS's Clobber autotests 5.4 s instead of 8.9
         * (docs/results/outcome-solving.md, "Wins end a node"). */
        for (size_t i = 0; i < s->ncomps && !outcome; i++)
            iterative = iterative || !s->comps[i].reduced;
    }
    sg_search_config sc = { .iterative = iterative, .outcome = outcome };
    if (outcome && s->reduce_days) {
        sc.order = outcome_order;
        sc.order_ctx = s;
        sc.order_after_best = true;
    }
    if (outcome) {
        sg_search_clear(s->engine); /* outcome scores live under other keys */
        /* Mirror images share entries: on the open 4x4 Amazons room, 2.4 times fewer
         * nodes (docs/results/outcome-solving.md). Without the memory, as before. */
        (void)sg_search_set_symmetric(s->engine, true);
    }
    sg_search_set_config(s->engine, &sc);
    int rc = sg_search_run(s->engine, sum, first, r, err, errlen);
    if (outcome) {
        (void)sg_search_set_symmetric(s->engine, false);
        sg_search_clear(s->engine);
    }
    if (rc == SG_ERR_BUDGET || (rc == SG_OK && sg_meter_expired(s->m)))
        return stopped(s, outcome ? "searching for the winner" : "searching for the stop", err,
                       errlen);
    return rc;
}

/* The search of the loaded sum with who to move after replacing reduced component r by
 * the game g: for its stop, or (outcome) for its normal-play winner. */
static int search_with(sg_solver *s, size_t r, sg_cg g, sg_player who, bool outcome,
                       sg_search_result *res, char *err, size_t errlen)
{
    sg_sum *alt = sg_sum_new(SG_FREEZE_NUMBERS);
    if (!alt)
        return SG_ERR_NOMEM;
    sg_sum_set_number_oracle(alt, oracle, s);
    sg_sum_add_frozen(alt, sg_sum_frozen(s->reduced));
    int rc = SG_OK;
    for (size_t j = 0; j < sg_sum_count(s->reduced) && rc == SG_OK; j++) {
        uint32_t id = g;
        rc = j == r ? sg_sum_add(alt, &s->cg, &id, err, errlen)
                    : sg_sum_add(alt, sg_sum_game(s->reduced, j), sg_sum_pos(s->reduced, j),
                                 err, errlen);
    }
    if (rc == SG_OK)
        rc = run(s, alt, who, outcome, res, err, errlen);
    sg_sum_free(alt);
    return rc;
}

/* Whether who's move to the option g of reduced component r is as good as the search's:
 * it reaches the stop, or (win) it leaves the opponent to move in a sum who wins. */
static int option_matches(sg_solver *s, size_t r, sg_cg g, sg_player who, sg_value stop,
                          bool win, bool *matches, char *err, size_t errlen)
{
    sg_search_result res;
    int rc = search_with(s, r, g, sg_opponent(who), win, &res, err, errlen);
    if (rc != SG_OK)
        return rc;
    int won = sg_value_cmp(res.score, sg_value_int(0)) * (who == SG_LEFT ? 1 : -1);
    *matches = win ? res.exact && won > 0 : sg_value_eq(res.score, stop);
    return SG_OK;
}

/* The search's first move is an option of a canonical form; the answer names a move of
 * the component's own game. A move whose canonical form equals the option, or is at least
 * as good for the mover, is as good in the sum (order-preserving stops, and G >= H keeps
 * every win of H). An option that came from bypassing a reversible move may have neither:
 * then each move is tried for the stop, or for the win; a lost sum takes any. */
enum goal { GOAL_STOP, GOAL_WIN, GOAL_ANY };
static int own_move(sg_solver *s, sg_player who, sg_sum_move rm, sg_value stop, enum goal goal,
                    sg_solve_answer *a, char *err, size_t errlen)
{
    size_t li = s->loaded_of[rm.component];
    const sg_game *rgame = sg_sum_game(s->reduced, rm.component);
    a->move.component = (uint32_t)li;
    if (!sg_is_cg_game(rgame)) {
        a->move.move = rm.move;
        a->has_move = true;
        return SG_OK;
    }
    sg_cg target = sg_cg_game_option(rgame, sg_sum_pos(s->reduced, rm.component), rm.move);
    const sg_game *game = sg_sum_game(s->loaded, li);
    const void *pos = sg_sum_pos(s->loaded, li);
    size_t n = 0;
    int rc = sg_gc_moves(game->desc, game->instance, pos, who, NULL, 0, &n);
    if (rc != SG_OK && rc != SG_ERR_RANGE)
        return rc;
    sg_move *moves = malloc((n ? n : 1) * sizeof *moves);
    sg_cg *forms = malloc((n ? n : 1) * sizeof *forms);
    if (!moves || !forms) {
        free(moves);
        free(forms);
        return SG_ERR_NOMEM;
    }
    rc = sg_gc_moves(game->desc, game->instance, pos, who, moves, n, &n);
    _Alignas(16) unsigned char next[SG_POS_MAX];
    size_t found = n;
    for (size_t k = 0; k < n && rc == SG_OK; k++) {
        rc = sg_gc_play(game->desc, game->instance, pos, who, moves[k], next, err, errlen);
        if (rc == SG_OK)
            rc = sg_cgt_from_game_metered(s->table, game, next, 0, s->m, &forms[k], err,
                                          errlen);
        if (rc == SG_OK && found == n &&
            (forms[k] == target || (who == SG_LEFT ? sg_cgt_le(s->table, target, forms[k])
                                                   : sg_cgt_le(s->table, forms[k], target))))
            found = k;
    }
    if (goal == GOAL_ANY && found == n && n > 0)
        found = 0;
    for (size_t k = 0; k < n && rc == SG_OK && found == n; k++) {
        bool matches = false;
        rc = option_matches(s, rm.component, forms[k], who, stop, goal == GOAL_WIN, &matches,
                            err, errlen);
        if (rc == SG_OK && matches)
            found = k;
    }
    if (rc == SG_OK && found == n) {
        snprintf(err, errlen, "%s: no move of the game reaches the %s its canonical form gives",
                 game->desc->name, goal == GOAL_WIN ? "win" : "stop");
        rc = SG_ERR_INTERNAL;
    }
    if (rc == SG_OK) {
        a->move.move = moves[found];
        a->has_move = true;
    }
    free(moves);
    free(forms);
    if (rc == SG_ERR_BUDGET && sg_meter_expired(s->m))
        return stopped(s, "finding the best move", err, errlen);
    return rc;
}

int sg_solver_solve(sg_solver *s, sg_player first, sg_solve_answer *a, char *err, size_t errlen)
{
    memset(a, 0, sizeof *a);
    sg_search_result r;
    int rc = run(s, s->reduced, first, false, &r, err, errlen);
    if (rc != SG_OK)
        return rc;
    if (!r.exact && !s->inexact[0])
        snprintf(s->inexact, sizeof s->inexact,
                 "a player was stuck in a component whose game does not report its value, "
                 "and the game's evaluation scored it");
    a->stop = r.score;
    a->exact = !s->inexact[0];
    if (r.pv_length > 0 && r.pv[0].component != SG_EXTRA_COMPONENT) {
        rc = own_move(s, first, r.pv[0], r.score, GOAL_STOP, a, err, errlen);
        if (rc != SG_OK)
            return rc;
    }
    int sign = sg_value_cmp(r.score, sg_value_int(0));
    if (sign != 0) {
        a->winner = sign > 0 ? SG_LEFT : SG_RIGHT;
        return SG_OK;
    }
    /* A stop of 0 decides nothing: the normal-play outcome, again only in components
     * that are not numbers (a sum of numbers x is Left's iff x > 0, or x = 0 with Right
     * to move). */
    rc = run(s, s->reduced, first, true, &r, err, errlen);
    if (rc != SG_OK)
        return rc;
    int won = sg_value_cmp(r.score, sg_value_int(0));
    if (!r.exact || won == 0) {
        snprintf(err, errlen, "the outcome search ended without a winner");
        return SG_ERR_INTERNAL;
    }
    a->winner = won > 0 ? SG_LEFT : SG_RIGHT;
    /* Some moves that reach a stop of 0 lose (in ^ + *, Left's move to ^ leaves * to
     * Right). When the mover wins, the outcome search's first move wins, and every
     * winning move reaches the stop: it leaves H >= 0 for Left, so R(H) >= 0 = L(G). */
    if (a->winner == first && r.pv_length > 0 && r.pv[0].component != SG_EXTRA_COMPONENT)
        return own_move(s, first, r.pv[0], a->stop, GOAL_WIN, a, err, errlen);
    return SG_OK;
}

void sg_solver_set_reduce_days(sg_solver *s, unsigned days)
{
    s->reduce_days = days;
    sg_local_set_max_days(s->local, days);
}

/* The outcome search's exact leaves: a sum whose components all have canonical forms is
 * won by comparing their sum with 0 (G > 0: Left wins, G < 0: Right, G = 0: the second
 * player, G || 0: the first). */
static int decide(void *ctx, const sg_sum *sum, sg_player who)
{
    sg_solver *s = ctx;
    sg_cg total = sg_cgt_number(s->table, sg_sum_frozen(sum));
    for (size_t i = 0, n = sg_sum_count(sum); i < n; i++) {
        sg_cg g;
        if (!sg_local_form(s->local, sg_sum_game(sum, i), sg_sum_pos(sum, i), &g) ||
            sg_cgt_add_metered(s->table, total, g, s->m, &total) != SG_OK)
            return 0;
    }
    switch (sg_cgt_compare(s->table, total, sg_cgt_number(s->table, sg_value_int(0)))) {
    case SG_CMP_GREATER:
        return 1;
    case SG_CMP_LESS:
        return -1;
    case SG_CMP_EQUAL:
        return who == SG_LEFT ? -1 : 1;
    default:
        return who == SG_LEFT ? 1 : -1;
    }
}

int sg_solver_outcome(sg_solver *s, sg_player first, sg_solve_answer *a, char *err,
                      size_t errlen)
{
    memset(a, 0, sizeof *a);
    sg_search_result r;
    sg_search_set_decide(s->engine, decide, s);
    int rc = run(s, s->reduced, first, true, &r, err, errlen);
    sg_search_set_decide(s->engine, NULL, NULL);
    if (rc != SG_OK)
        return rc;
    int won = sg_value_cmp(r.score, sg_value_int(0));
    if (!r.exact || won == 0) {
        snprintf(err, errlen, "the outcome search ended without a winner");
        return SG_ERR_INTERNAL;
    }
    a->winner = won > 0 ? SG_LEFT : SG_RIGHT;
    a->exact = !s->inexact[0];
    if (a->winner == first && r.pv_length > 0 && r.pv[0].component != SG_EXTRA_COMPONENT)
        return own_move(s, first, r.pv[0], a->stop, GOAL_WIN, a, err, errlen);
    /* A lost sum: the search's first move (its option's equal or better move; failing
     * those, the stop search's test, which some move passes). */
    if (r.pv_length > 0 && r.pv[0].component != SG_EXTRA_COMPONENT)
        return own_move(s, first, r.pv[0], a->stop, GOAL_ANY, a, err, errlen);
    return SG_OK;
}

int sg_solver_stops(sg_solver *s, const sg_sum *sum, sg_value *left, sg_value *right,
                    bool *exact, char *err, size_t errlen)
{
    int rc = sg_solver_load(s, sum, err, errlen);
    sg_solve_answer a[2];
    for (int k = 0; k < 2 && rc == SG_OK; k++)
        rc = sg_solver_solve(s, k == 0 ? SG_LEFT : SG_RIGHT, &a[k], err, errlen);
    if (rc == SG_OK) {
        *left = a[0].stop;
        *right = a[1].stop;
        *exact = a[0].exact && a[1].exact;
    }
    if (rc == SG_ERR_NOMEM && err[0] == '\0')
        snprintf(err, errlen, "out of memory");
    return rc;
}

int sg_exact_stops(const sg_sum *sum, sg_meter *meter, sg_value *left, sg_value *right,
                   bool *exact, char *why, size_t whylen, char *err, size_t errlen)
{
    /* One component's stops: a small table, since TDS asks for every estimate. */
    sg_solve_config config = { .meter = meter, .tt_log2 = 16 };
    sg_solver *s = NULL;
    int rc = sg_solver_new(&config, &s, err, errlen);
    if (rc == SG_OK)
        rc = sg_solver_stops(s, sum, left, right, exact, err, errlen);
    if (rc == SG_OK)
        snprintf(why, whylen, "%s", sg_solver_inexact_reason(s));
    if (rc == SG_ERR_NOMEM && err[0] == '\0')
        snprintf(err, errlen, "out of memory");
    sg_solver_free(s);
    return rc;
}
