/* Playouts of one component and of a sum (sumgame/mc.h). */
#include <math.h>
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/mc.h"
#include "sumgame/rng.h"
#include "sumgame/game_call.h"

/* Moves of who in pos into *buf (grown from the caller's stack buffer to the heap when
 * needed; *heap says whether *buf must be freed). */
static int list_moves(const sg_game *game, const void *pos, sg_player who, sg_move **buf,
                      size_t *cap, bool *heap, size_t *count)
{
    for (;;) {
        int rc = sg_gc_moves(game->desc, game->instance, pos, who, *buf, *cap, count);
        if (rc != SG_ERR_RANGE)
            return rc;
        size_t n = *count > *cap * 2 ? *count : *cap * 2;
        sg_move *grown = *heap ? realloc(*buf, n * sizeof *grown) : malloc(n * sizeof *grown);
        if (!grown)
            return SG_ERR_NOMEM;
        *heap = true;
        *buf = grown;
        *cap = n;
    }
}

static bool has_move(const sg_game *game, const void *pos, sg_player who)
{
    size_t count = 0;
    int rc = sg_gc_moves(game->desc, game->instance, pos, who, NULL, 0, &count);
    return (rc == SG_OK || rc == SG_ERR_RANGE) && count > 0;
}

/* The value of a position where the playout has to stop although it is not settled. */
static sg_value stuck_value(const sg_game *game, const void *pos, sg_player to_move)
{
    sg_value v;
    if (sg_gc_number(game->desc, game->instance, pos, &v))
        return v;
    if (game->desc->evaluate) {
        v = sg_gc_evaluate(game->desc, game->instance, pos, to_move);
        return sg_value_int(sg_value_floor(sg_value_add(v, sg_value_make(1, 1))));
    }
    return sg_value_int(0);
}

static int random_playout(const sg_game *game, const void *pos, sg_player who, sg_rng *rng,
                          sg_value *score, sg_player *next, char *err, size_t errlen)
{
    const sg_game_desc *d = game->desc;
    alignas(16) unsigned char a[SG_POS_MAX], b[SG_POS_MAX];
    sg_move stack[256];
    sg_move *moves = stack;
    size_t cap = sizeof stack / sizeof stack[0];
    bool heap = false;
    unsigned char *cur = a, *other = b;
    memcpy(cur, pos, d->pos_size);
    sg_player p = who;
    int rc = SG_OK;
    for (long n = 0;; n++) {
        sg_value v;
        if (sg_gc_number(d, game->instance, cur, &v) && sg_value_is_integer(v)) {
            *score = v;
            break;
        }
        if (n >= SG_MC_MAX_PLAYOUT_MOVES) {
            snprintf(err, errlen, "%s: a random playout made %d moves without settling",
                     d->name, SG_MC_MAX_PLAYOUT_MOVES);
            rc = SG_ERR_INTERNAL;
            break;
        }
        size_t count = 0;
        rc = list_moves(game, cur, p, &moves, &cap, &heap, &count);
        if (rc != SG_OK) {
            if (rc == SG_ERR_NOMEM)
                snprintf(err, errlen, "out of memory");
            else
                snprintf(err, errlen, "%s: move generation failed in a playout", d->name);
            break;
        }
        if (count == 0) {
            if ((SG_GAME_FLAGS(d) & SG_GAME_PASSES) && has_move(game, cur, sg_opponent(p))) {
                if (SG_GAME_HAS(d, moved_elsewhere) &&
                    sg_gc_moved_elsewhere(d, game->instance, cur, other)) {
                    unsigned char *t = cur;
                    cur = other;
                    other = t;
                }
                p = sg_opponent(p);
                continue;
            }
            *score = stuck_value(game, cur, p);
            break;
        }
        sg_move m = moves[sg_rng_below(rng, count)];
        rc = sg_gc_play(d, game->instance, cur, p, m, other, err, errlen);
        if (rc != SG_OK)
            break;
        unsigned char *t = cur;
        cur = other;
        other = t;
        p = sg_opponent(p);
    }
    if (heap)
        free(moves);
    *next = p;
    return rc;
}

int sg_mc_playout_component(const sg_game *game, const void *pos, sg_player who,
                            sg_rng *rng, sg_value *score, sg_player *next, char *err,
                            size_t errlen)
{
    if (SG_GAME_HAS(game->desc, playout)) {
        int rc = sg_gc_playout(game->desc, game->instance, pos, who, rng, score, next);
        if (rc != SG_OK)
            snprintf(err, errlen, "%s: the game's playout failed", game->desc->name);
        return rc;
    }
    return random_playout(game, pos, who, rng, score, next, err, errlen);
}

int sg_mc_playout_sum(const sg_sum *sum, sg_player who, sg_rng *rng, sg_value *score,
                      sg_player *next, char *err, size_t errlen)
{
    alignas(16) unsigned char lifted[SG_POS_MAX];
    sg_value total = sg_sum_frozen(sum);
    sg_player p = who;
    for (size_t i = 0; i < sg_sum_count(sum); i++) {
        const sg_game *game = sg_sum_game(sum, i);
        const void *pos = sg_sum_pos(sum, i);
        /* The components before this one were played: a ban here has expired. */
        if (i > 0 && SG_GAME_HAS(game->desc, moved_elsewhere) &&
            sg_gc_moved_elsewhere(game->desc, game->instance, pos, lifted))
            pos = lifted;
        sg_value v;
        int rc = sg_mc_playout_component(game, pos, p, rng, &v, &p, err, errlen);
        if (rc != SG_OK)
            return rc;
        total = sg_value_add(total, v);
    }
    *score = total;
    if (next)
        *next = p;
    return SG_OK;
}

bool sg_mc_sum_reentrant(const sg_sum *sum)
{
    for (size_t i = 0; i < sg_sum_count(sum); i++)
        if (!(SG_GAME_FLAGS(sg_sum_game(sum, i)->desc) & SG_GAME_REENTRANT))
            return false;
    return true;
}

sg_value sg_mc_dyadic(double x)
{
    double scaled = nearbyint(x * (double)(1 << SG_MC_GRID_LOG2));
    return sg_value_make((int64_t)scaled, SG_MC_GRID_LOG2);
}
