/* UCT over a sum (sumgame/mc.h; Kocsis and Szepesvári's bandit rule as Cazenave's §2.3
 * and §3.1 use it, with playouts scored in points).
 *
 * A tree is an array of nodes; a node's children are made together, in sg_sum_moves
 * order, the second time play reaches it (its first visit is the playout that added
 * it), and each playout visits one child that had no visit before: one node per playout,
 * as Coulom's and Mogo's trees grow. A node whose children would pass the node cap stays
 * a leaf, played out from each time. */
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/clock.h"
#include "sumgame/mc.h"
#include "sumgame/params.h"
#include "sumgame/rng.h"

enum { OPEN = 0, EXPANDED = 1, TERMINAL = 2, LEAF = 3 };

typedef struct node {
    uint64_t visits;
    double total; /* sum of playout scores through the node, Left's view */
    uint32_t first, nchildren;
    uint8_t state;
    bool pass;
    sg_sum_move move;
} node;

typedef struct tree {
    const sg_uct_config *config;
    node *nodes;
    size_t n, cap;
    sg_sum **sums; /* sums[d]: the position d plies below the root on this playout */
    size_t nsums;
    uint32_t *path;
    size_t path_cap;
    sg_sum_move *moves;
    size_t moves_cap;
    sg_rng rng;
} tree;

void sg_uct_config_default(sg_uct_config *config)
{
    config->playouts = SG_UCT_DEFAULT_PLAYOUTS;
    config->c = SG_UCT_DEFAULT_C;
    config->threads = SG_UCT_DEFAULT_THREADS;
    config->max_nodes = (size_t)1 << 20;
    config->seconds = 0;
}

int sg_uct_config_parse(const sg_params *params, sg_uct_config *config, char *err,
                        size_t errlen)
{
    long long playouts = (long long)config->playouts, threads = config->threads;
    int rc = sg_params_int(params, "playouts", playouts, 1, (long long)1 << 40, &playouts, err,
                           errlen);
    if (rc == SG_OK)
        rc = sg_params_int(params, "threads", threads, 1, 256, &threads, err, errlen);
    if (rc != SG_OK)
        return rc;
    const sg_param *c = sg_params_find(params, "c");
    if (c) {
        char *end;
        errno = 0;
        double x = strtod(c->value, &end);
        if (end == c->value || *end || errno || !isfinite(x) || x < 0) {
            sg_params_error(params, c, err, errlen,
                            "c = '%s' is not a non-negative number", c->value);
            return SG_ERR_INVALID;
        }
        config->c = x;
    }
    config->playouts = (uint64_t)playouts;
    config->threads = (int)threads;
    return SG_OK;
}

static void tree_free(tree *t)
{
    for (size_t i = 0; i < t->nsums; i++)
        sg_sum_free(t->sums[i]);
    free(t->sums);
    free(t->nodes);
    free(t->path);
    free(t->moves);
    memset(t, 0, sizeof *t);
}

/* sums[d] exists (made with the root's policy by the copy or play that fills it). */
static int ensure_depth(tree *t, size_t d)
{
    if (d >= t->path_cap) {
        size_t n = t->path_cap ? t->path_cap * 2 : 64;
        while (n <= d)
            n *= 2;
        uint32_t *grown = realloc(t->path, n * sizeof *grown);
        if (!grown)
            return SG_ERR_NOMEM;
        t->path = grown;
        t->path_cap = n;
    }
    if (d < t->nsums)
        return SG_OK;
    sg_sum **grown = realloc(t->sums, (d + 1) * sizeof *grown);
    if (!grown)
        return SG_ERR_NOMEM;
    t->sums = grown;
    while (t->nsums <= d) {
        t->sums[t->nsums] = sg_sum_new(SG_FREEZE_INTEGERS);
        if (!t->sums[t->nsums])
            return SG_ERR_NOMEM;
        t->nsums++;
    }
    return SG_OK;
}

static int add_nodes(tree *t, size_t count, uint32_t *first)
{
    if (t->n + count > t->cap) {
        size_t n = t->cap ? t->cap : 256;
        while (n < t->n + count)
            n *= 2;
        node *grown = realloc(t->nodes, n * sizeof *grown);
        if (!grown)
            return SG_ERR_NOMEM;
        t->nodes = grown;
        t->cap = n;
    }
    memset(&t->nodes[t->n], 0, count * sizeof *t->nodes);
    *first = (uint32_t)t->n;
    t->n += count;
    return SG_OK;
}

/* Makes the children of node i (position sum, p to move), or marks it terminal or, past
 * the node cap, a leaf. The root is always expanded. */
static int expand(tree *t, uint32_t i, const sg_sum *sum, sg_player p, char *err,
                  size_t errlen)
{
    size_t count = 0;
    int rc;
    for (;;) {
        rc = sg_sum_moves(sum, p, t->moves, t->moves_cap, &count);
        if (rc != SG_ERR_RANGE)
            break;
        sg_sum_move *grown = realloc(t->moves, count * sizeof *grown);
        if (!grown)
            return SG_ERR_NOMEM;
        t->moves = grown;
        t->moves_cap = count;
    }
    if (rc != SG_OK) {
        snprintf(err, errlen, "uct: move generation failed");
        return rc;
    }
    bool pass = false;
    if (count == 0) {
        size_t theirs = 0;
        rc = sg_sum_move_count(sum, sg_opponent(p), &theirs);
        if (rc != SG_OK && rc != SG_ERR_RANGE)
            return rc;
        /* only a game that passes (Go) lets a player without a move hand the turn over;
         * elsewhere the mover is stuck and play is over */
        if (theirs == 0 || !sg_sum_may_pass(sum)) {
            t->nodes[i].state = TERMINAL;
            return SG_OK;
        }
        pass = true;
        count = 1;
    }
    if (i != 0 && t->n + count > t->config->max_nodes) {
        t->nodes[i].state = LEAF;
        return SG_OK;
    }
    uint32_t first;
    rc = add_nodes(t, count, &first);
    if (rc != SG_OK)
        return rc;
    for (size_t k = 0; k < count; k++) {
        node *c = &t->nodes[first + k];
        c->pass = pass;
        if (!pass)
            c->move = t->moves[k];
    }
    t->nodes[i].first = first;
    t->nodes[i].nchildren = (uint32_t)count;
    t->nodes[i].state = EXPANDED;
    return SG_OK;
}

/* The child to follow from node i with p to move; *fresh when it had no visit. */
static uint32_t select_child(tree *t, uint32_t i, sg_player p, bool *fresh)
{
    const node *nd = &t->nodes[i];
    size_t unvisited = 0;
    for (uint32_t k = 0; k < nd->nchildren; k++)
        unvisited += t->nodes[nd->first + k].visits == 0;
    if (unvisited > 0) {
        uint64_t pick = sg_rng_below(&t->rng, unvisited);
        for (uint32_t k = 0;; k++)
            if (t->nodes[nd->first + k].visits == 0 && pick-- == 0) {
                *fresh = true;
                return nd->first + k;
            }
    }
    *fresh = false;
    double log_n = log((double)nd->visits);
    double best = -INFINITY;
    uint32_t choice = nd->first;
    for (uint32_t k = 0; k < nd->nchildren; k++) {
        const node *c = &t->nodes[nd->first + k];
        double mean = c->total / (double)c->visits;
        if (p == SG_RIGHT)
            mean = -mean;
        double u = mean + t->config->c * sqrt(log_n / (double)c->visits);
        if (u > best) {
            best = u;
            choice = nd->first + k;
        }
    }
    return choice;
}

/* One playout of the tree: descend, add a node, play out, back up. */
static int iterate(tree *t, sg_player who, char *err, size_t errlen)
{
    size_t d = 0;
    uint32_t cur = 0;
    sg_player p = who;
    t->path[0] = 0;
    for (;;) {
        if (t->nodes[cur].state == OPEN) {
            int rc = expand(t, cur, t->sums[d], p, err, errlen);
            if (rc != SG_OK)
                return rc;
        }
        if (t->nodes[cur].state != EXPANDED)
            break;
        bool fresh;
        uint32_t child = select_child(t, cur, p, &fresh);
        int rc = ensure_depth(t, d + 1);
        if (rc != SG_OK)
            return rc;
        const node *c = &t->nodes[child];
        rc = c->pass ? sg_sum_pass(t->sums[d], t->sums[d + 1])
                     : sg_sum_play(t->sums[d], p, c->move, t->sums[d + 1], err, errlen);
        if (rc != SG_OK)
            return rc;
        d++;
        t->path[d] = child;
        cur = child;
        p = sg_opponent(p);
        if (fresh)
            break;
    }
    sg_value v;
    int rc = sg_mc_playout_sum(t->sums[d], p, &t->rng, &v, NULL, err, errlen);
    if (rc != SG_OK)
        return rc;
    double score = sg_value_to_double(v);
    for (size_t k = 0; k <= d; k++) {
        t->nodes[t->path[k]].visits++;
        t->nodes[t->path[k]].total += score;
    }
    return SG_OK;
}

static int tree_run(tree *t, const sg_sum *sum, sg_player who, uint64_t playouts, char *err,
                    size_t errlen)
{
    int rc = ensure_depth(t, 0);
    uint32_t root;
    if (rc == SG_OK)
        rc = sg_sum_copy(t->sums[0], sum);
    if (rc == SG_OK)
        rc = add_nodes(t, 1, &root);
    double deadline = t->config->seconds > 0 ? sg_clock_seconds() + t->config->seconds : 0;
    for (uint64_t k = 0; rc == SG_OK && k < playouts; k++) {
        /* The clock is read every 16 playouts: a playout is short next to a search. */
        if (deadline > 0 && k > 0 && k % 16 == 0 && sg_clock_seconds() >= deadline)
            break;
        rc = iterate(t, who, err, errlen);
    }
    if (rc == SG_ERR_NOMEM)
        snprintf(err, errlen, "out of memory");
    return rc;
}

typedef struct par {
    const sg_sum *sum;
    sg_player who;
    const sg_uct_config *config;
    const sg_rng *rng;
    size_t ntrees;
    tree *trees;
} par;

static int tree_job(void *ctx, size_t i, char *err, size_t errlen)
{
    par *p = ctx;
    tree *t = &p->trees[i];
    t->config = p->config;
    t->rng = sg_rng_split(p->rng, i);
    uint64_t share = p->config->playouts / p->ntrees + (i < p->config->playouts % p->ntrees);
    return tree_run(t, p->sum, p->who, share, err, errlen);
}

void sg_uct_result_free(sg_uct_result *result)
{
    free(result->children);
    result->children = NULL;
    result->nchildren = 0;
}

int sg_uct_search(const sg_sum *sum, sg_player who, const sg_uct_config *config,
                  const sg_rng *rng, sg_uct_result *out, char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    uint64_t playouts = config->playouts ? config->playouts : 1;
    sg_uct_config c = *config;
    c.playouts = playouts;
    size_t ntrees = config->threads > 1 && sg_mc_sum_reentrant(sum) ? (size_t)config->threads : 1;
    if (ntrees > playouts)
        ntrees = (size_t)playouts;
    par p = { sum, who, &c, rng, ntrees, calloc(ntrees, sizeof(tree)) };
    if (!p.trees) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    int rc = sg_mc_run_jobs(ntrees, (int)ntrees, tree_job, &p, err, errlen);
    if (rc == SG_OK) {
        /* Every tree's root has the same children, in sg_sum_moves order. */
        const node *root0 = &p.trees[0].nodes[0];
        size_t n = root0->state == EXPANDED ? root0->nchildren : 0;
        out->children = n ? calloc(n, sizeof *out->children) : NULL;
        if (n && !out->children) {
            snprintf(err, errlen, "out of memory");
            rc = SG_ERR_NOMEM;
        }
        double total = 0;
        for (size_t k = 0; rc == SG_OK && k < ntrees; k++) {
            const tree *t = &p.trees[k];
            total += t->nodes[0].total;
            out->playouts += t->nodes[0].visits;
            out->nodes += t->n;
            for (size_t j = 0; j < n; j++) {
                const node *ch = &t->nodes[t->nodes[0].first + j];
                out->children[j].pass = ch->pass;
                out->children[j].move = ch->move;
                out->children[j].visits += ch->visits;
                out->children[j].mean += ch->total; /* a total until divided below */
            }
        }
        if (rc == SG_OK) {
            out->nchildren = n;
            out->threads = (int)ntrees;
            out->mean = out->playouts ? total / (double)out->playouts : 0;
            for (size_t j = 0; j < n; j++) {
                sg_uct_child *ch = &out->children[j];
                ch->mean = ch->visits ? ch->mean / (double)ch->visits : 0;
                if (!out->has_best) {
                    out->has_best = true;
                    out->best = j;
                    continue;
                }
                const sg_uct_child *b = &out->children[out->best];
                double mine = who == SG_LEFT ? ch->mean : -ch->mean;
                double theirs = who == SG_LEFT ? b->mean : -b->mean;
                if (ch->visits > b->visits || (ch->visits == b->visits && mine > theirs))
                    out->best = j;
            }
        }
    }
    for (size_t k = 0; k < ntrees; k++)
        tree_free(&p.trees[k]);
    free(p.trees);
    if (rc != SG_OK)
        sg_uct_result_free(out);
    return rc;
}
