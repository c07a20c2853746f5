/* Combinatorial summation (sumgame/summation.h). */
#include "sumgame/summation.h"
#include "sumgame/game_call.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* "stopped at the time limit of 2 s while adding component 3 of 5" */
static int stopped(sg_meter *meter, const char *doing, char *err, size_t errlen)
{
    char why[120] = "the canonical-form table's memory";
    if (meter && meter->stop != SG_METER_RUNNING)
        sg_meter_reason(meter, why, sizeof why);
    snprintf(err, errlen, "stopped at %s while %s", why, doing);
    return SG_ERR_BUDGET;
}

/* The canonical form of live component i. */
static int component_form(sg_cgt *table, const sg_sum *sum, size_t i, sg_meter *meter,
                          sg_cg *out, char *err, size_t errlen)
{
    char why[200] = "";
    int rc = sg_cgt_from_game_metered(table, sg_sum_game(sum, i), sg_sum_pos(sum, i), 0, meter,
                                      out, why, sizeof why);
    if (rc == SG_ERR_BUDGET) {
        char doing[64];
        snprintf(doing, sizeof doing, "analysing component %zu", i + 1);
        return stopped(meter, doing, err, errlen);
    }
    if (rc != SG_OK)
        snprintf(err, errlen, "component %zu: %s", i + 1, why[0] ? why : "analysis failed");
    return rc;
}

static int add(sg_cgt *table, sg_cg a, sg_cg b, sg_meter *meter, sg_cg *out, const char *doing,
               char *err, size_t errlen)
{
    int rc = sg_cgt_add_metered(table, a, b, meter, out);
    if (rc == SG_ERR_BUDGET)
        return stopped(meter, doing, err, errlen);
    return rc;
}

int sg_summation(sg_cgt *table, const sg_sum *sum, sg_meter *meter, sg_cg *out, char *err,
                 size_t errlen)
{
    size_t n = sg_sum_count(sum);
    sg_cg total = sg_cgt_number(table, sg_sum_frozen(sum));
    for (size_t i = 0; i < n; i++) {
        sg_cg form;
        int rc = component_form(table, sum, i, meter, &form, err, errlen);
        if (rc != SG_OK)
            return rc;
        char doing[64];
        snprintf(doing, sizeof doing, "adding component %zu of %zu", i + 1, n);
        if ((rc = add(table, total, form, meter, &total, doing, err, errlen)) != SG_OK)
            return rc;
    }
    *out = total;
    return SG_OK;
}

int sg_summation_stops(const sg_sum *sum, sg_meter *meter, sg_summation_answer *a, char *err,
                       size_t errlen)
{
    memset(a, 0, sizeof *a);
    sg_cgt *table = sg_cgt_new();
    if (!table) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    sg_cg g;
    int rc = sg_summation(table, sum, meter, &g, err, errlen);
    if (rc == SG_OK) {
        sg_cgt_stops(table, g, &a->left, &a->right);
        sg_cmp c = sg_cgt_compare(table, g, sg_cgt_number(table, sg_value_int(0)));
        /* G > 0: Left wins, G < 0: Right wins, G = 0: the second player, G || 0: the
         * first player. */
        a->left_first_winner = c == SG_CMP_GREATER || c == SG_CMP_FUZZY ? SG_LEFT : SG_RIGHT;
        a->right_first_winner = c == SG_CMP_GREATER || c == SG_CMP_EQUAL ? SG_LEFT : SG_RIGHT;
        a->forms = sg_cgt_size(table);
    }
    sg_cgt_free(table);
    return rc;
}

/* The best move so far: whether it leaves the opponent to move in a sum the mover wins,
 * its stop with the opponent to move, and whether it reached the target (then the
 * search ends). A winning move comes first, then the better stop. */
struct choice {
    bool found, reached, wins;
    sg_value stop;
    sg_sum_move move;
};

/* Tries who's moves in component i of sum against rest, the form of everything else. */
static int try_component(sg_cgt *table, const sg_sum *sum, size_t i, sg_cg rest, sg_player who,
                         sg_value target, bool can_win, sg_meter *meter, struct choice *best,
                         char *err, size_t errlen)
{
    const sg_game *game = sg_sum_game(sum, i);
    const void *pos = sg_sum_pos(sum, i);
    size_t n = 0;
    int rc = sg_gc_moves(game->desc, game->instance, pos, who, NULL, 0, &n);
    if (rc != SG_OK && rc != SG_ERR_RANGE) {
        snprintf(err, errlen, "component %zu: %s: cannot list its moves", i + 1,
                 game->desc->name);
        return rc;
    }
    sg_move *moves = malloc((n ? n : 1) * sizeof *moves);
    if (!moves) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    rc = sg_gc_moves(game->desc, game->instance, pos, who, moves, n, &n);
    _Alignas(16) unsigned char next[SG_POS_MAX];
    for (size_t k = 0; k < n && rc == SG_OK && !best->reached; k++) {
        char why[200] = "";
        rc = sg_gc_play(game->desc, game->instance, pos, who, moves[k], next, why, sizeof why);
        if (rc != SG_OK) {
            snprintf(err, errlen, "component %zu: %s", i + 1, why);
            break;
        }
        sg_cg option, total;
        rc = sg_cgt_from_game_metered(table, game, next, 0, meter, &option, why, sizeof why);
        if (rc == SG_ERR_BUDGET)
            rc = stopped(meter, "analysing a move", err, errlen);
        else if (rc != SG_OK)
            snprintf(err, errlen, "component %zu: %s", i + 1, why);
        if (rc == SG_OK)
            rc = add(table, rest, option, meter, &total, "adding a move's result", err, errlen);
        sg_value l, r;
        if (rc != SG_OK || !sg_cgt_stops(table, total, &l, &r))
            continue;
        sg_value v = who == SG_LEFT ? r : l;
        /* The opponent moves next: who wins when the total is >= 0 in who's favour. */
        sg_cmp c = sg_cgt_compare(table, total, sg_cgt_number(table, sg_value_int(0)));
        bool wins = c == SG_CMP_EQUAL || c == (who == SG_LEFT ? SG_CMP_GREATER : SG_CMP_LESS);
        int better = wins != best->wins ? (wins ? 1 : -1)
                                        : sg_value_cmp(v, best->stop) * (who == SG_LEFT ? 1 : -1);
        if (!best->found || better > 0) {
            best->found = true;
            best->wins = wins;
            best->stop = v;
            best->move = (sg_sum_move){ (uint32_t)i, moves[k] };
            best->reached = sg_value_eq(v, target) && (wins || !can_win);
        }
    }
    free(moves);
    return rc;
}

int sg_summation_best_move(sg_cgt *table, const sg_sum *sum, sg_player who, sg_meter *meter,
                           bool *found, sg_sum_move *move, char *err, size_t errlen)
{
    *found = false;
    size_t n = sg_sum_count(sum);
    if (n == 0)
        return SG_OK;
    /* prefix[i]: frozen + components before i; suffix[i]: components from i on. */
    sg_cg *prefix = malloc((n + 1) * sizeof *prefix), *suffix = malloc((n + 1) * sizeof *suffix);
    sg_cg *forms = malloc(n * sizeof *forms);
    int rc = prefix && suffix && forms ? SG_OK : SG_ERR_NOMEM;
    if (rc != SG_OK)
        snprintf(err, errlen, "out of memory");
    for (size_t i = 0; i < n && rc == SG_OK; i++)
        rc = component_form(table, sum, i, meter, &forms[i], err, errlen);
    if (rc == SG_OK) {
        prefix[0] = sg_cgt_number(table, sg_sum_frozen(sum));
        suffix[n] = sg_cgt_number(table, sg_value_int(0));
    }
    for (size_t i = 0; i < n && rc == SG_OK; i++)
        rc = add(table, prefix[i], forms[i], meter, &prefix[i + 1], "adding the components", err,
                 errlen);
    for (size_t i = n; i-- > 0 && rc == SG_OK;)
        rc = add(table, suffix[i + 1], forms[i], meter, &suffix[i], "adding the components",
                 err, errlen);
    sg_value l, r, target = sg_value_int(0);
    bool can_win = false;
    if (rc == SG_OK) {
        sg_cgt_stops(table, prefix[n], &l, &r);
        target = who == SG_LEFT ? l : r;
        /* who moving first wins when the sum is fuzzy or favours who. */
        sg_cmp c = sg_cgt_compare(table, prefix[n], sg_cgt_number(table, sg_value_int(0)));
        can_win = c == SG_CMP_FUZZY || c == (who == SG_LEFT ? SG_CMP_GREATER : SG_CMP_LESS);
    }
    struct choice best = { .found = false };
    for (size_t i = 0; i < n && rc == SG_OK && !best.reached; i++) {
        sg_cg rest;
        rc = add(table, prefix[i], suffix[i + 1], meter, &rest, "adding the other components",
                 err, errlen);
        if (rc == SG_OK)
            rc = try_component(table, sum, i, rest, who, target, can_win, meter, &best, err,
                               errlen);
    }
    /* When the sum is not a number, some move reaches its stop (L(G) = max R(G^L)). When
     * it is one although its components are not, the stop is the number itself and the
     * best move is the one that keeps the most. */
    sg_value x;
    if (rc == SG_OK && best.found && !best.reached && !sg_cgt_is_number(table, prefix[n], &x)) {
        snprintf(err, errlen, "summation: no move reaches the sum's stop");
        rc = SG_ERR_INTERNAL;
    }
    if (rc == SG_OK && best.found) {
        *found = true;
        *move = best.move;
    }
    free(prefix);
    free(suffix);
    free(forms);
    return rc;
}
