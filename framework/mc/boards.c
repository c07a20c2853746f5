/* Dual (§3.2) and threat (§3.3) searches on separate boards (sumgame/mc.h).
 *
 * Every search is a one-thread UCT search of its own stream, so the searches of all boards
 * can be spread over threads without changing any answer: threads change only how long
 * it takes. The threat searches' second round starts from the best moves of the first,
 * so it runs after it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/mc.h"
#include "sumgame/rng.h"

typedef struct boards {
    const sg_game *const *games;
    const void *const *positions;
    const uint64_t *streams;
    sg_uct_config config; /* threads 1: the parallelism is across searches */
    const sg_rng *rng;
    bool second; /* the threat round: the mover moves twice */
    sg_mc_board *out;
    uint64_t *playouts, *nodes; /* per search job */
} boards;

static int search_job(void *ctx, size_t j, char *err, size_t errlen)
{
    boards *b = ctx;
    size_t i = j / 2;
    sg_player side = j % 2 ? SG_RIGHT : SG_LEFT;
    sg_mc_board *o = &b->out[i];
    if (b->second && !(side == SG_LEFT ? o->has_left : o->has_right))
        return SG_OK; /* no first move: no threat to measure */
    sg_rng board_rng = sg_rng_split(b->rng, b->streams[i]);
    sg_rng rng = sg_rng_split(&board_rng, (b->second ? 2 : 0) + (uint64_t)(j % 2));
    sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS), *after = NULL;
    if (!sum) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    int rc = sg_sum_add(sum, (sg_game *)b->games[i], b->positions[i], err, errlen);
    const sg_sum *root = sum;
    if (rc == SG_OK && b->second) {
        after = sg_sum_new(SG_FREEZE_INTEGERS);
        /* The board's single component: a board that split is searched as its parts, and
         * the best move's part is found again by trying the parts in order. */
        rc = after ? SG_ERR_INVALID : SG_ERR_NOMEM;
        sg_move m = side == SG_LEFT ? o->best_left : o->best_right;
        for (uint32_t k = 0; after && k < sg_sum_count(sum) && rc != SG_OK; k++)
            rc = sg_sum_play(sum, side, (sg_sum_move){ k, m }, after, NULL, 0);
        if (rc == SG_ERR_INVALID)
            snprintf(err, errlen, "threat search: the best move is not legal again");
        root = after;
    }
    sg_uct_result r;
    if (rc == SG_OK)
        rc = sg_uct_search(root, side, &b->config, &rng, &r, err, errlen);
    if (rc == SG_OK) {
        bool has = r.has_best && !r.children[r.best].pass;
        if (b->second) {
            *(side == SG_LEFT ? &o->mu_left2 : &o->mu_right2) = r.mean;
            *(side == SG_LEFT ? &o->has_left2 : &o->has_right2) = has;
        } else if (side == SG_LEFT) {
            o->mu_left = r.mean;
            o->has_left = has;
            o->best_left = has ? r.children[r.best].move.move : 0;
        } else {
            o->mu_right = r.mean;
            o->has_right = has;
            o->best_right = has ? r.children[r.best].move.move : 0;
        }
        b->playouts[j] = r.playouts;
        b->nodes[j] = r.nodes;
        sg_uct_result_free(&r);
    }
    if (rc == SG_ERR_NOMEM)
        snprintf(err, errlen, "out of memory");
    sg_sum_free(after);
    sg_sum_free(sum);
    return rc;
}

double sg_mc_search_seconds(double seconds, size_t searches, int threads, bool reentrant)
{
    if (seconds <= 0 || searches == 0)
        return 0;
    size_t at_once = reentrant && threads > 1 ? (size_t)threads : 1;
    if (at_once > searches)
        at_once = searches;
    /* the searches run in ceil(searches / at_once) waves */
    size_t waves = (searches + at_once - 1) / at_once;
    return 0.9 * seconds / (double)waves;
}

int sg_mc_boards(size_t n, const sg_game *const *games, const void *const *positions,
                 const uint64_t *streams, const sg_uct_config *config, const sg_rng *rng,
                 bool threat, sg_mc_board *out, char *err, size_t errlen)
{
    memset(out, 0, n * sizeof *out);
    if (n == 0)
        return SG_OK;
    int threads = config->threads;
    for (size_t i = 0; i < n; i++)
        if (!(SG_GAME_FLAGS(games[i]->desc) & SG_GAME_REENTRANT))
            threads = 1;
    boards b = { games, positions, streams, *config, rng, false, out,
                 calloc(2 * n, sizeof(uint64_t)), calloc(2 * n, sizeof(uint64_t)) };
    b.config.threads = 1;
    int rc = b.playouts && b.nodes ? SG_OK : SG_ERR_NOMEM;
    if (rc != SG_OK)
        snprintf(err, errlen, "out of memory");
    for (int round = 0; rc == SG_OK && round < (threat ? 2 : 1); round++) {
        b.second = round == 1;
        memset(b.playouts, 0, 2 * n * sizeof *b.playouts);
        memset(b.nodes, 0, 2 * n * sizeof *b.nodes);
        rc = sg_mc_run_jobs(2 * n, threads, search_job, &b, err, errlen);
        for (size_t j = 0; rc == SG_OK && j < 2 * n; j++) {
            out[j / 2].playouts += b.playouts[j];
            out[j / 2].nodes += b.nodes[j];
        }
    }
    if (rc == SG_OK && threat)
        for (size_t i = 0; i < n; i++) {
            if (!out[i].has_left)
                out[i].mu_left2 = out[i].mu_left;
            if (!out[i].has_right)
                out[i].mu_right2 = out[i].mu_right;
        }
    free(b.playouts);
    free(b.nodes);
    return rc;
}
