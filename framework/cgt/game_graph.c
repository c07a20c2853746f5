#include "game_graph.h"
#include "sumgame/game_call.h"

#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

const void *gg_pos(const game_graph *g, uint32_t i) { return g->pos + (size_t)i * g->pos_size; }

void gg_describe(const game_graph *g, uint32_t i, char *buf, size_t cap)
{
    const sg_game_desc *d = g->game->desc;
    if (sg_gc_format(d, g->game->instance, gg_pos(g, i), buf, cap) != SG_OK && cap > 0)
        snprintf(buf, cap, "(a position too long to show)");
}

void gg_free(game_graph *g)
{
    free(g->node);
    free(g->pos);
    free(g->edge);
    free(g->slot);
    memset(g, 0, sizeof *g);
}

static bool grow_slots(game_graph *g)
{
    size_t n = g->nslots ? g->nslots * 2 : 1024;
    uint32_t *s = calloc(n, sizeof *s);
    if (!s)
        return false;
    for (size_t i = 0; i < g->n; i++) {
        size_t k = g->node[i].hash & (n - 1);
        while (s[k])
            k = (k + 1) & (n - 1);
        s[k] = (uint32_t)i + 1;
    }
    free(g->slot);
    g->slot = s;
    g->nslots = n;
    return true;
}

bool gg_find(const game_graph *g, const void *pos, uint32_t *out)
{
    if (!g->nslots)
        return false;
    uint64_t h = sg_gc_hash(g->game->desc, g->game->instance, pos);
    for (size_t k = h & (g->nslots - 1); g->slot[k]; k = (k + 1) & (g->nslots - 1)) {
        uint32_t i = g->slot[k] - 1;
        if (g->node[i].hash == h && memcmp(gg_pos(g, i), pos, g->pos_size) == 0) {
            *out = i;
            return true;
        }
    }
    return false;
}

/* The index of pos, added when new. */
static int intern(game_graph *g, const void *pos, size_t max, uint32_t *out, char *err,
                  size_t errlen)
{
    const sg_game_desc *d = g->game->desc;
    uint64_t h = sg_gc_hash(d, g->game->instance, pos);
    if ((g->n + 1) * 2 > g->nslots && !grow_slots(g))
        return SG_ERR_NOMEM;
    size_t k = h & (g->nslots - 1);
    for (; g->slot[k]; k = (k + 1) & (g->nslots - 1)) {
        uint32_t i = g->slot[k] - 1;
        if (g->node[i].hash == h && memcmp(gg_pos(g, i), pos, g->pos_size) == 0) {
            *out = i;
            return SG_OK;
        }
    }
    if (g->n >= max) {
        snprintf(err, errlen, "the game graph has more than %zu positions (every position play can reach is analysed: try a smaller position)", max);
        return SG_ERR_BUDGET;
    }
    if (g->n == g->cap) {
        size_t cap = g->cap ? g->cap * 2 : 256;
        gg_node *nn = realloc(g->node, cap * sizeof *nn);
        if (!nn)
            return SG_ERR_NOMEM;
        g->node = nn;
        unsigned char *np = realloc(g->pos, cap * g->pos_size);
        if (!np)
            return SG_ERR_NOMEM;
        g->pos = np;
        g->cap = cap;
    }
    uint32_t i = (uint32_t)g->n++;
    memset(&g->node[i], 0, sizeof g->node[i]);
    g->node[i].hash = h;
    g->node[i].lift = i;
    memcpy(g->pos + (size_t)i * g->pos_size, pos, g->pos_size);
    g->slot[k] = i + 1;
    *out = i;
    return SG_OK;
}

static int add_edge(game_graph *g, uint32_t to, sg_player who, int tax, bool dbl)
{
    if (g->ne == g->ecap) {
        size_t cap = g->ecap ? g->ecap * 2 : 1024;
        gg_edge *e = realloc(g->edge, cap * sizeof *e);
        if (!e)
            return SG_ERR_NOMEM;
        g->edge = e;
        g->ecap = cap;
    }
    gg_edge e = { to, (uint8_t)who, (uint8_t)tax, (uint8_t)dbl, 0 };
    g->edge[g->ne++] = e;
    return SG_OK;
}

/* who's moves in pos, in a buffer the caller frees. */
static int list_moves(const sg_game *game, const void *pos, sg_player who, sg_move **out,
                      size_t *n)
{
    const sg_game_desc *d = game->desc;
    *out = NULL;
    *n = 0;
    int rc = sg_gc_moves(d, game->instance, pos, who, NULL, 0, n);
    if (rc != SG_OK && rc != SG_ERR_RANGE)
        return rc;
    if (*n == 0)
        return SG_OK;
    *out = malloc(*n * sizeof **out);
    if (!*out)
        return SG_ERR_NOMEM;
    return sg_gc_moves(d, game->instance, pos, who, *out, *n, n);
}

static bool listed(const sg_move *m, size_t n, sg_move x)
{
    for (size_t i = 0; i < n; i++)
        if (m[i] == x)
            return true;
    return false;
}

/* The komaster who's double moves out of node i: each move who has in the lifted
 * position and not here breaks the ban; then every move of who from there. */
static int add_double_moves(game_graph *g, uint32_t i, sg_player who, const sg_move *here,
                            size_t nhere, size_t max, sg_meter *meter, char *err,
                            size_t errlen)
{
    const sg_game_desc *d = g->game->desc;
    void *inst = g->game->instance;
    alignas(16) unsigned char lifted[SG_POS_MAX], q[SG_POS_MAX], r[SG_POS_MAX];
    memcpy(lifted, gg_pos(g, g->node[i].lift), g->pos_size);
    sg_move *all = NULL, *second = NULL;
    size_t nall = 0, nsecond = 0;
    int rc = list_moves(g->game, lifted, who, &all, &nall);
    for (size_t a = 0; rc == SG_OK && a < nall; a++) {
        if (listed(here, nhere, all[a]))
            continue;
        rc = sg_gc_play(d, inst, lifted, who, all[a], q, err, errlen);
        if (rc != SG_OK)
            break;
        sg_value v;
        uint32_t to;
        if (sg_gc_number(d, inst, q, &v)) {
            rc = intern(g, q, max, &to, err, errlen);
            if (rc == SG_OK)
                rc = add_edge(g, to, who, 1, true);
            continue;
        }
        free(second);
        rc = list_moves(g->game, q, who, &second, &nsecond);
        if (rc == SG_OK && nsecond == 0) {
            /* Nothing to do from the critical position: the retake alone. */
            rc = intern(g, q, max, &to, err, errlen);
            if (rc == SG_OK)
                rc = add_edge(g, to, who, 1, true);
        }
        for (size_t b = 0; rc == SG_OK && b < nsecond; b++) {
            if (meter && sg_meter_tick(meter))
                rc = SG_ERR_BUDGET;
            if (rc == SG_OK)
                rc = sg_gc_play(d, inst, q, who, second[b], r, err, errlen);
            if (rc == SG_OK)
                rc = intern(g, r, max, &to, err, errlen);
            if (rc == SG_OK)
                rc = add_edge(g, to, who, 2, true);
        }
    }
    free(all);
    free(second);
    return rc;
}

int gg_build(game_graph *g, const sg_game *game, const void *root, size_t max_positions,
             sg_meter *meter, char *err, size_t errlen)
{
    memset(g, 0, sizeof *g);
    g->game = game;
    g->pos_size = game->desc->pos_size;
    g->passes = (SG_GAME_FLAGS(game->desc) & SG_GAME_PASSES) != 0;
    const sg_game_desc *d = game->desc;
    g->stops = g->passes && SG_GAME_HAS(d, stop_score);
    void *inst = game->instance;
    bool has_lift = SG_GAME_HAS(d, moved_elsewhere);
    uint32_t id;
    int rc = intern(g, root, max_positions, &id, err, errlen);
    alignas(16) unsigned char pos[SG_POS_MAX], next[SG_POS_MAX];
    for (uint32_t i = 0; rc == SG_OK && i < g->n; i++) {
        if (meter && sg_meter_tick(meter)) {
            rc = SG_ERR_BUDGET;
            break;
        }
        memcpy(pos, gg_pos(g, i), g->pos_size);
        g->node[i].first = (uint32_t)g->ne;
        sg_value v;
        if (sg_gc_number(d, inst, pos, &v)) {
            g->node[i].leaf = true;
            g->node[i].value = g->node[i].stop = v;
            continue;
        }
        if (g->stops && !sg_gc_stop_score(d, inst, pos, &g->node[i].stop)) {
            char text[160];
            gg_describe(g, i, text, sizeof text);
            snprintf(err, errlen, "%s: stop_score refused '%s', a position its own moves reach",
                     d->name, text);
            rc = SG_ERR_INVALID;
            break;
        }
        if (has_lift && sg_gc_moved_elsewhere(d, inst, pos, next)) {
            rc = intern(g, next, max_positions, &id, err, errlen);
            if (rc != SG_OK)
                break;
            g->node[i].lift = id;
        }
        sg_move *mv[2] = { NULL, NULL };
        size_t nmv[2] = { 0, 0 };
        for (int who = 0; rc == SG_OK && who < 2; who++) {
            rc = list_moves(game, pos, (sg_player)who, &mv[who], &nmv[who]);
            g->node[i].stuck[who] = nmv[who] == 0;
            for (size_t k = 0; rc == SG_OK && k < nmv[who]; k++) {
                rc = sg_gc_play(d, inst, pos, (sg_player)who, mv[who][k], next, err, errlen);
                if (rc == SG_OK)
                    rc = intern(g, next, max_positions, &id, err, errlen);
                if (rc == SG_OK)
                    rc = add_edge(g, id, (sg_player)who, 1, false);
            }
        }
        for (int who = 0; rc == SG_OK && who < 2 && g->node[i].lift != i; who++)
            rc = add_double_moves(g, i, (sg_player)who, mv[who], nmv[who], max_positions,
                                  meter, err, errlen);
        free(mv[0]);
        free(mv[1]);
        g->node[i].count = (uint32_t)(g->ne - g->node[i].first);
    }
    if (rc == SG_ERR_NOMEM)
        snprintf(err, errlen, "out of memory building the game graph (%zu positions)", g->n);
    else if (rc == SG_ERR_BUDGET && meter && sg_meter_expired(meter))
        sg_meter_reason(meter, err, errlen);
    return rc;
}

/* Nodes in a ko: those from which a move or a wait reaches a ban. */
static int in_ko(const game_graph *g, bool *ko)
{
    size_t n = g->n;
    uint32_t *deg = calloc(n + 1, sizeof *deg), *src = malloc((g->ne + n + 1) * sizeof *src);
    uint32_t *queue = malloc((n + 1) * sizeof *queue);
    int rc = deg && src && queue ? SG_OK : SG_ERR_NOMEM;
    if (rc == SG_OK) {
        /* reverse links, counted then filled (CSR): edges and lifts */
        for (uint32_t i = 0; i < n; i++) {
            const gg_node *nd = &g->node[i];
            for (uint32_t e = 0; e < nd->count; e++)
                deg[g->edge[nd->first + e].to + 1]++;
            deg[nd->lift + 1]++;
        }
        for (size_t i = 0; i < n; i++)
            deg[i + 1] += deg[i];
        uint32_t *fill = malloc((n + 1) * sizeof *fill);
        if (!fill) {
            rc = SG_ERR_NOMEM;
        } else {
            memcpy(fill, deg, (n + 1) * sizeof *fill);
            for (uint32_t i = 0; i < n; i++) {
                const gg_node *nd = &g->node[i];
                for (uint32_t e = 0; e < nd->count; e++)
                    src[fill[g->edge[nd->first + e].to]++] = i;
                src[fill[nd->lift]++] = i;
            }
            free(fill);
            size_t head = 0, tail = 0;
            for (uint32_t i = 0; i < n; i++)
                if ((ko[i] = g->node[i].lift != i))
                    queue[tail++] = i;
            while (head < tail) {
                uint32_t j = queue[head++];
                for (uint32_t k = deg[j]; k < deg[j + 1]; k++)
                    if (!ko[src[k]]) {
                        ko[src[k]] = true;
                        queue[tail++] = src[k];
                    }
            }
        }
    }
    free(deg);
    free(src);
    free(queue);
    return rc;
}

/* Whether a komaster's move to `to` takes a ko: it reaches a ban, in a position that
 * gets a committed copy. */
static bool takes_ko(const game_graph *g, const bool *ko, uint32_t to)
{
    return ko[to] && !g->node[to].leaf && g->node[to].lift != to;
}

int gg_commit(game_graph *g, int km)
{
    for (uint32_t i = 0; i < g->n; i++)
        g->node[i].original = i;
    if (km == 0 || g->n == 0)
        return SG_OK;
    int master = km - 1; /* SG_LEFT or SG_RIGHT */
    size_t n = g->n;
    bool *ko = calloc(n, sizeof *ko);
    uint32_t *copy = malloc(n * sizeof *copy);
    int rc = ko && copy ? in_ko(g, ko) : SG_ERR_NOMEM;
    /* Only copies the komaster can reach are made: those his ko-taking moves lead to and
     * those the koloser's moves and the lifting of bans reach from them. The others would
     * double the sweep's work for nothing. */
    uint32_t *queue = rc == SG_OK ? malloc(n * sizeof *queue) : NULL;
    size_t head = 0, tail = 0;
    if (rc == SG_OK && !queue)
        rc = SG_ERR_NOMEM;
    for (uint32_t i = 0; rc == SG_OK && i < n; i++)
        copy[i] = UINT32_MAX;
    for (uint32_t i = 0; rc == SG_OK && i < n; i++)
        for (uint32_t e = 0; e < g->node[i].count; e++) {
            uint32_t to = g->edge[g->node[i].first + e].to;
            if (g->edge[g->node[i].first + e].who == master && takes_ko(g, ko, to) &&
                copy[to] == UINT32_MAX) {
                copy[to] = 0;
                queue[tail++] = to;
            }
        }
    while (rc == SG_OK && head < tail) {
        const gg_node *nd = &g->node[queue[head++]];
        for (uint32_t e = 0; e <= nd->count; e++) {
            uint32_t to = e < nd->count ? g->edge[nd->first + e].to : nd->lift;
            if (e < nd->count && g->edge[nd->first + e].who == master)
                continue;
            if (ko[to] && !g->node[to].leaf && copy[to] == UINT32_MAX) {
                copy[to] = 0;
                queue[tail++] = to;
            }
        }
    }
    free(queue);
    size_t extra = 0;
    for (uint32_t i = 0; rc == SG_OK && i < n; i++)
        if (copy[i] != UINT32_MAX)
            copy[i] = (uint32_t)(n + extra++);
    if (rc == SG_OK && extra == 0) {
        free(ko);
        free(copy);
        return SG_OK;
    }
    if (rc == SG_OK && n + extra > UINT32_MAX / 2)
        rc = SG_ERR_NOMEM;
    if (rc == SG_OK && n + extra > g->cap) {
        gg_node *nn = realloc(g->node, (n + extra) * sizeof *nn);
        if (nn)
            g->node = nn;
        unsigned char *np = nn ? realloc(g->pos, (n + extra) * g->pos_size) : NULL;
        if (np)
            g->pos = np;
        if (!nn || !np)
            rc = SG_ERR_NOMEM;
        else
            g->cap = n + extra;
    }
    /* The copies' edges: the originals' again. */
    size_t ne = g->ne, more = 0;
    for (uint32_t i = 0; rc == SG_OK && i < n; i++)
        if (copy[i] != UINT32_MAX)
            more += g->node[i].count;
    if (rc == SG_OK && ne + more > g->ecap) {
        gg_edge *e = realloc(g->edge, (ne + more) * sizeof *e);
        if (!e)
            rc = SG_ERR_NOMEM;
        else {
            g->edge = e;
            g->ecap = ne + more;
        }
    }
    if (rc != SG_OK) {
        free(ko);
        free(copy);
        return rc;
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t c = copy[i];
        if (c == UINT32_MAX)
            continue;
        gg_node nd = g->node[i];
        nd.first = (uint32_t)g->ne;
        nd.original = i;
        nd.lift = copy[nd.lift] != UINT32_MAX ? copy[nd.lift] : nd.lift;
        for (uint32_t e = 0; e < g->node[i].count; e++) {
            gg_edge ed = g->edge[g->node[i].first + e];
            if (ed.who != master && copy[ed.to] != UINT32_MAX)
                ed.to = copy[ed.to];
            g->edge[g->ne++] = ed;
        }
        nd.committed = true;
        g->node[c] = nd;
        memcpy(g->pos + (size_t)c * g->pos_size, gg_pos(g, i), g->pos_size);
    }
    g->n = n + extra;
    /* The komaster's ko-taking moves, from originals and copies, lead into the copies. */
    for (size_t e = 0; e < g->ne; e++) {
        gg_edge *ed = &g->edge[e];
        if (ed->who == master && ed->to < n && takes_ko(g, ko, ed->to))
            ed->to = copy[ed->to];
    }
    free(ko);
    free(copy);
    return SG_OK;
}

int gg_walk(game_graph *g, const gg_walk_ops *ops, void *ctx)
{
    size_t n = g->n ? g->n : 1;
    unsigned char *state = calloc(n, 1); /* 0 new, 1 on the walk, 2 done */
    uint32_t *stack = malloc(n * sizeof *stack), *next = malloc(n * sizeof *next);
    int rc = state && stack && next ? SG_OK : SG_ERR_NOMEM;
    for (uint32_t r = 0; rc == SG_OK && r < g->n; r++) {
        if (state[r] || (ops->root && !ops->root(ctx, r)))
            continue;
        size_t top = 0;
        stack[top] = r;
        next[top++] = 0;
        state[r] = 1;
        while (top && rc == SG_OK) {
            uint32_t u = stack[top - 1];
            const gg_node *nu = &g->node[u];
            if (next[top - 1] == nu->count) {
                state[u] = 2;
                top--;
                if (ops->done)
                    rc = ops->done(ctx, u);
                continue;
            }
            gg_edge *e = &g->edge[nu->first + next[top - 1]++];
            if (ops->follow && !ops->follow(ctx, e))
                continue;
            if (state[e->to] == 1) {
                if (ops->back)
                    rc = ops->back(ctx, stack, top, e);
            } else if (state[e->to] == 0) {
                state[e->to] = 1;
                stack[top] = e->to;
                next[top++] = 0;
            }
        }
    }
    free(state);
    free(stack);
    free(next);
    return rc;
}

struct prune {
    int km;
    size_t count;
};

static bool prune_follow(void *ctx, const gg_edge *e)
{
    return gg_edge_open(e, ((struct prune *)ctx)->km);
}

static int prune_back(void *ctx, const uint32_t *stack, size_t top, gg_edge *e)
{
    (void)stack;
    (void)top;
    struct prune *p = ctx;
    e->pruned |= (uint8_t)(1u << p->km);
    p->count++;
    return SG_OK;
}

int gg_prune_cycles(game_graph *g, int km, size_t *count)
{
    struct prune p = { km, 0 };
    const gg_walk_ops ops = { NULL, prune_follow, prune_back, NULL };
    int rc = gg_walk(g, &ops, &p);
    *count = p.count;
    /* A committed komaster (gg_commit) may not wait while he has a move left open. */
    for (uint32_t i = 0; km != 0 && i < g->n; i++) {
        gg_node *nd = &g->node[i];
        if (!nd->committed)
            continue;
        bool moves = false;
        for (uint32_t e = 0; e < nd->count && !moves; e++)
            moves = g->edge[nd->first + e].who == km - 1 &&
                    gg_edge_open(&g->edge[nd->first + e], km);
        nd->no_wait[km - 1] = moves;
    }
    return rc;
}

bool gg_dead_end(const game_graph *g, uint32_t i, int km)
{
    const gg_node *nd = &g->node[i];
    if (!g->stops || nd->leaf || nd->lift != i)
        return false;
    for (uint32_t k = 0; k < nd->count; k++)
        if (gg_edge_open(&g->edge[nd->first + k], km))
            return false;
    return true;
}
