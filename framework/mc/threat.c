/* Threat search's two-level games and its choice of board (sumgame/mc.h, Cazenave §3.3). */
#include <stdio.h>
#include <stdlib.h>

#include "sumgame/cg_game.h"
#include "sumgame/mc.h"
#include "sumgame/summation.h"
#include "sumgame/thermograph.h"

int sg_mc_threat_game(sg_cgt *table, const sg_mc_board *b, sg_cg *out)
{
    sg_cg left, right, a, z;
    int rc = SG_OK;
    if (b->has_left && !b->has_left2) {
        left = sg_cgt_number(table, sg_mc_dyadic(b->mu_left));
    } else if (b->has_left) {
        a = sg_cgt_number(table, sg_mc_dyadic(b->mu_left2));
        z = sg_cgt_number(table, sg_mc_dyadic(b->mu_left));
        rc = sg_cgt_make(table, &a, 1, &z, 1, &left);
    }
    if (b->has_right && !b->has_right2) {
        right = sg_cgt_number(table, sg_mc_dyadic(b->mu_right));
    } else if (rc == SG_OK && b->has_right) {
        a = sg_cgt_number(table, sg_mc_dyadic(b->mu_right));
        z = sg_cgt_number(table, sg_mc_dyadic(b->mu_right2));
        rc = sg_cgt_make(table, &a, 1, &z, 1, &right);
    }
    if (rc == SG_OK)
        rc = sg_cgt_make(table, &left, b->has_left ? 1 : 0, &right, b->has_right ? 1 : 0, out);
    return rc;
}

static bool has_move(const sg_mc_board *b, sg_player who)
{
    return who == SG_LEFT ? b->has_left : b->has_right;
}

/* The component of summation's best first move in the sum of the threat games, as a
 * board index; *chosen false when it gives none. */
static int minimax_board(sg_cgt *table, const sg_cg *games, const sg_mc_board *boards,
                         size_t n, sg_player who, bool *chosen, size_t *board, char *err,
                         size_t errlen)
{
    *chosen = false;
    sg_game cg;
    sg_cg_game_init(&cg, table);
    sg_sum *sum = sg_sum_new(SG_FREEZE_NUMBERS);
    size_t *origin = malloc((n ? n : 1) * sizeof *origin);
    int rc = sum && origin ? SG_OK : SG_ERR_NOMEM;
    if (rc != SG_OK)
        snprintf(err, errlen, "out of memory");
    /* Boards whose game is a number are frozen, so the sum's indices skip them. */
    for (size_t i = 0; rc == SG_OK && i < n; i++) {
        size_t before = sg_sum_count(sum);
        rc = sg_sum_add(sum, &cg, &games[i], err, errlen);
        if (rc == SG_OK && sg_sum_count(sum) > before)
            origin[before] = i;
    }
    bool found = false;
    sg_sum_move mv;
    if (rc == SG_OK)
        rc = sg_summation_best_move(table, sum, who, NULL, &found, &mv, err, errlen);
    if (rc == SG_OK && found && has_move(&boards[origin[mv.component]], who)) {
        *chosen = true;
        *board = origin[mv.component];
    }
    free(origin);
    sg_sum_free(sum);
    return rc;
}

int sg_mc_threat_select(const sg_mc_board *boards, size_t n, sg_player who, bool minimax,
                        bool *found, size_t *board, sg_value *temperatures, char *err,
                        size_t errlen)
{
    *found = false;
    sg_cgt *table = sg_cgt_new();
    sg_thermo_cache *cache = table ? sg_thermo_cache_new(table) : NULL;
    sg_cg *games = malloc((n ? n : 1) * sizeof *games);
    int rc = cache && games ? SG_OK : SG_ERR_NOMEM;
    sg_value best = sg_value_int(0);
    for (size_t i = 0; rc == SG_OK && i < n; i++) {
        rc = sg_mc_threat_game(table, &boards[i], &games[i]);
        const sg_thermograph *th = rc == SG_OK ? sg_thermograph_of(cache, games[i]) : NULL;
        if (rc == SG_OK && !th)
            rc = SG_ERR_NOMEM;
        if (rc != SG_OK)
            break;
        if (temperatures)
            temperatures[i] = th->temperature;
        if (has_move(&boards[i], who) &&
            (!*found || sg_value_cmp(th->temperature, best) > 0)) {
            *found = true;
            *board = i;
            best = th->temperature;
        }
    }
    if (rc == SG_ERR_NOMEM)
        snprintf(err, errlen, "out of memory");
    if (rc == SG_OK && minimax && *found) {
        bool chosen;
        size_t b;
        rc = minimax_board(table, games, boards, n, who, &chosen, &b, err, errlen);
        if (rc == SG_OK && chosen)
            *board = b;
    }
    free(games);
    sg_thermo_cache_free(cache);
    sg_cgt_free(table);
    return rc;
}
