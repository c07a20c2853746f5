#include <stdio.h>
#include <stdlib.h>

#include "sumgame/sum.h"

struct perft {
    sg_sum **ply;         /* ply[k]: the position after k moves (ply[0] is the caller's) */
    sg_sum_move **moves;  /* moves[k]: the move list at ply k */
    size_t *cap;
    uint64_t nodes;
    char *err;
    size_t errlen;
};

static int moves_at(struct perft *pf, int ply, sg_player who, size_t *count)
{
    for (;;) {
        int rc = sg_sum_moves(pf->ply[ply], who, pf->moves[ply], pf->cap[ply], count);
        if (rc != SG_ERR_RANGE)
            return rc;
        sg_sum_move *grown = realloc(pf->moves[ply], *count * sizeof *grown);
        if (!grown)
            return SG_ERR_NOMEM;
        pf->moves[ply] = grown;
        pf->cap[ply] = *count;
    }
}

static int count_leaves(struct perft *pf, int ply, int depth, sg_player who, uint64_t *leaves)
{
    pf->nodes++;
    *leaves = 0;
    if (depth == 0) {
        *leaves = 1;
        return SG_OK;
    }
    size_t n;
    int rc = depth == 1 ? sg_sum_move_count(pf->ply[ply], who, &n)
                        : moves_at(pf, ply, who, &n);
    if (rc != SG_OK) {
        snprintf(pf->err, pf->errlen, "move generation failed (%d)", rc);
        return rc;
    }
    if (depth == 1) {
        /* every legal move ends one sequence; the leaves still count as visited nodes */
        *leaves = n;
        pf->nodes += n;
        return SG_OK;
    }
    for (size_t i = 0; i < n; i++) {
        rc = sg_sum_play(pf->ply[ply], who, pf->moves[ply][i], pf->ply[ply + 1], pf->err,
                         pf->errlen);
        uint64_t below = 0;
        if (rc == SG_OK)
            rc = count_leaves(pf, ply + 1, depth - 1, sg_opponent(who), &below);
        if (rc != SG_OK)
            return rc;
        *leaves += below;
    }
    return SG_OK;
}

int sg_sum_perft(const sg_sum *sum, sg_player who, int depth, uint64_t *leaves,
                 uint64_t *nodes, char *err, size_t errlen)
{
    *leaves = 0;
    *nodes = 0;
    if (depth < 0 || (who != SG_LEFT && who != SG_RIGHT)) {
        snprintf(err, errlen, "perft: bad depth %d or player", depth);
        return SG_ERR_INVALID;
    }
    size_t plies = (size_t)depth + 1;
    struct perft pf = { calloc(plies, sizeof *pf.ply), calloc(plies, sizeof *pf.moves),
                        calloc(plies, sizeof *pf.cap), 0, err, errlen };
    int rc = pf.ply && pf.moves && pf.cap ? SG_OK : SG_ERR_NOMEM;
    if (rc == SG_OK)
        pf.ply[0] = (sg_sum *)sum; /* only read: ply 0 is never played into */
    for (size_t k = 1; k < plies && rc == SG_OK; k++)
        if (!(pf.ply[k] = sg_sum_new(sg_sum_policy(sum))))
            rc = SG_ERR_NOMEM;
    if (rc == SG_OK)
        rc = count_leaves(&pf, 0, depth, who, leaves);
    else
        snprintf(err, errlen, "perft: out of memory");
    *nodes = pf.nodes;
    for (size_t k = 1; pf.ply && k < plies; k++)
        sg_sum_free(pf.ply[k]);
    for (size_t k = 0; pf.moves && k < plies; k++)
        free(pf.moves[k]);
    free(pf.ply);
    free(pf.moves);
    free(pf.cap);
    return rc;
}
