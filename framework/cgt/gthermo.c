/* Generalized thermography by an exact upward sweep in t (gthermo.h has the model). */
#include "sumgame/gthermo.h"

#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/thermograph.h"

#include "game_graph.h"
#include "sumgame/game_call.h"

#define DEFAULT_MAX_POSITIONS 200000
#define MAX_EVENTS 2000000
#define T_LIMIT 1000000000LL

const char *sg_komaster_name(sg_komaster k)
{
    return k == SG_KOMASTER_LEFT ? "left" : k == SG_KOMASTER_RIGHT ? "right" : "none";
}

int sg_komaster_parse(const char *text, sg_komaster *out)
{
    if (strcmp(text, "left") == 0 || strcmp(text, "black") == 0)
        *out = SG_KOMASTER_LEFT;
    else if (strcmp(text, "right") == 0 || strcmp(text, "white") == 0)
        *out = SG_KOMASTER_RIGHT;
    else if (strcmp(text, "none") == 0)
        *out = SG_KOMASTER_NONE;
    else
        return SG_ERR_INVALID;
    return SG_OK;
}

/* ---- walls ---- */

static void rwall_free(sg_rwall *w)
{
    free(w->t);
    free(w->x);
    free(w->slope);
    memset(w, 0, sizeof *w);
}

void sg_gthermograph_free(sg_gthermograph *th)
{
    rwall_free(&th->left_wall);
    rwall_free(&th->right_wall);
}

static size_t rwall_segment(const sg_rwall *w, sg_ratio t)
{
    size_t i = 0;
    while (i + 1 < w->n && sg_ratio_cmp(w->t[i + 1], t) <= 0)
        i++;
    return i;
}

sg_ratio sg_rwall_eval(const sg_rwall *w, sg_ratio t, bool *overflow)
{
    size_t i = rwall_segment(w, t);
    sg_ratio d = sg_ratio_sub(t, w->t[i], overflow);
    return sg_ratio_add(w->x[i], sg_ratio_mul_int(d, w->slope[i], overflow), overflow);
}

/* Appends a breakpoint unless it lies on the last segment's line. */
static bool rwall_push(sg_rwall *w, size_t *cap, sg_ratio t, sg_ratio x, int slope,
                       bool *overflow)
{
    if (w->n > 0 && w->slope[w->n - 1] == slope) {
        sg_ratio d = sg_ratio_sub(t, w->t[w->n - 1], overflow);
        sg_ratio on = sg_ratio_add(w->x[w->n - 1], sg_ratio_mul_int(d, slope, overflow),
                                   overflow);
        if (sg_ratio_eq(on, x))
            return true;
    }
    if (w->n == *cap) {
        size_t c = *cap ? *cap * 2 : 8;
        sg_ratio *t2 = realloc(w->t, c * sizeof *t2);
        if (t2)
            w->t = t2;
        sg_ratio *x2 = realloc(w->x, c * sizeof *x2);
        if (x2)
            w->x = x2;
        int *s2 = realloc(w->slope, c * sizeof *s2);
        if (s2)
            w->slope = s2;
        if (!t2 || !x2 || !s2)
            return false;
        *cap = c;
    }
    w->t[w->n] = t;
    w->x[w->n] = x;
    w->slope[w->n] = slope;
    w->n++;
    return true;
}

static bool rwall_from_pl(const sg_pl *pl, sg_rwall *w)
{
    size_t cap = 0;
    bool ovf = false;
    for (size_t i = 0; i < pl->n; i++)
        if (!rwall_push(w, &cap, sg_ratio_from_value(pl->t[i]), sg_ratio_from_value(pl->x[i]),
                        pl->slope[i], &ovf))
            return false;
    return !ovf;
}

/* ---- the sweep ---- */

enum kind { K_SWEEP, K_LEAF, K_FIXED };

typedef struct sweep {
    game_graph g;
    int km;
    size_t n;
    unsigned char *kind;
    sg_ratio *w[2];     /* current LW (0) and RW (1) at t */
    int *s[2];          /* their slopes on [t, next event) */
    sg_rwall *rec[2];   /* recorded walls (SWEEP and FIXED nodes) */
    size_t *reccap[2];
    size_t *cursor[2];  /* FIXED: the segment t is in */
    uint32_t *order;    /* SWEEP nodes, options before the positions they come from */
    size_t norder;
    size_t ended, komaster_won;
    bool overflow;
    char *err;
    size_t errlen;
} sweep;

static void sweep_free(sweep *sw)
{
    for (int side = 0; side < 2; side++) {
        if (sw->rec[side])
            for (size_t i = 0; i < sw->n; i++)
                rwall_free(&sw->rec[side][i]);
        free(sw->rec[side]);
        free(sw->reccap[side]);
        free(sw->cursor[side]);
        free(sw->w[side]);
        free(sw->s[side]);
    }
    free(sw->kind);
    free(sw->order);
    gg_free(&sw->g);
}

static int fail(sweep *sw, int rc, uint32_t node, const char *why)
{
    char text[160];
    gg_describe(&sw->g, node, text, sizeof text);
    snprintf(sw->err, sw->errlen, "%s: '%s' %s", sw->g.game->desc->name, text, why);
    return rc;
}

/* Whether each node reaches no ban and no cycle of moves (a short game): a walk over
 * every edge, nodes on a cycle marked as the walk meets its closing edge. */
struct loopfree_walk {
    const game_graph *g;
    bool *loopfree, *cyc;
};

static int loopfree_back(void *ctx, const uint32_t *stack, size_t top, gg_edge *e)
{
    struct loopfree_walk *w = ctx;
    for (size_t k = top; k-- > 0;) {
        w->cyc[stack[k]] = true;
        if (stack[k] == e->to)
            break;
    }
    return SG_OK;
}

static int loopfree_done(void *ctx, uint32_t u)
{
    struct loopfree_walk *w = ctx;
    const game_graph *g = w->g;
    const gg_node *nu = &g->node[u];
    /* In a game that passes, a position where a player is stuck is no short game of
     * normal play either. */
    bool lf = nu->lift == u && !w->cyc[u] &&
              !(g->passes && !nu->leaf && (nu->stuck[0] || nu->stuck[1]));
    for (uint32_t e = 0; lf && e < nu->count; e++)
        lf = w->loopfree[g->edge[nu->first + e].to];
    w->loopfree[u] = lf;
    return SG_OK;
}

static int find_loopfree(sweep *sw, bool *loopfree)
{
    bool *cyc = calloc(sw->n ? sw->n : 1, sizeof *cyc);
    if (!cyc)
        return SG_ERR_NOMEM;
    struct loopfree_walk w = { &sw->g, loopfree, cyc };
    const gg_walk_ops ops = { NULL, NULL, loopfree_back, loopfree_done };
    int rc = gg_walk(&sw->g, &ops, &w);
    free(cyc);
    return rc;
}

/* SWEEP nodes in an order where every option reachable by an open edge comes first. A
 * cycle of open edges is a cycle of moves no ban stops: refused (gg_prune_cycles has cut
 * them all, so this is a guard). */
static bool order_root(void *ctx, uint32_t node)
{
    return ((sweep *)ctx)->kind[node] == K_SWEEP;
}

static bool order_follow(void *ctx, const gg_edge *e)
{
    sweep *sw = ctx;
    return gg_edge_open(e, sw->km) && sw->kind[e->to] == K_SWEEP;
}

static int order_back(void *ctx, const uint32_t *stack, size_t top, gg_edge *e)
{
    (void)stack;
    (void)top;
    return fail(ctx, SG_ERR_UNSUPPORTED, e->to,
                "lies on a cycle of moves that no ko ban stops (superko); generalized "
                "thermography handles cycles through a ban only");
}

static int order_done(void *ctx, uint32_t node)
{
    sweep *sw = ctx;
    sw->order[sw->norder++] = node;
    return SG_OK;
}

static int sweep_order(sweep *sw)
{
    sw->order = malloc((sw->n ? sw->n : 1) * sizeof *sw->order);
    if (!sw->order)
        return SG_ERR_NOMEM;
    const gg_walk_ops ops = { order_root, order_follow, order_back, order_done };
    return gg_walk(&sw->g, &ops, sw);
}

/* The value and slope at t of side's wall of node i, as the sweep holds it. */
static void wall_at(const sweep *sw, uint32_t i, int side, sg_ratio *v, int *s)
{
    *v = sw->w[side][i];
    *s = sw->s[side][i];
}

/* The best term of side (0: Left's max, 1: Right's min) at node i, at t: each open
 * option, taxed, and waiting when with_wait. Ties go to the better slope. */
static bool best_term(sweep *sw, uint32_t i, int side, sg_ratio t, bool with_wait,
                      sg_ratio *bv, int *bs)
{
    const game_graph *g = &sw->g;
    const gg_node *nd = &g->node[i];
    bool have = false;
    int sign = side == 0 ? 1 : -1; /* compare sign*value: larger is better */
    for (uint32_t k = 0; k < nd->count; k++) {
        const gg_edge *e = &g->edge[nd->first + k];
        if (e->who != side || !gg_edge_open(e, sw->km))
            continue;
        sg_ratio v;
        int s;
        wall_at(sw, e->to, 1 - side, &v, &s);
        v = sg_ratio_sub(v, sg_ratio_mul_int(t, sign * e->tax, &sw->overflow), &sw->overflow);
        s -= sign * e->tax;
        int c = have ? sg_ratio_cmp(v, *bv) * sign : 1;
        if (!have || c > 0 || (c == 0 && (s - *bs) * sign > 0)) {
            *bv = v;
            *bs = s;
            have = true;
        }
    }
    if (with_wait && !nd->no_wait[side]) {
        sg_ratio v;
        int s;
        wall_at(sw, nd->lift, 1 - side, &v, &s);
        int c = have ? sg_ratio_cmp(v, *bv) * sign : 1;
        if (!have || c > 0 || (c == 0 && (s - *bs) * sign > 0)) {
            *bv = v;
            *bs = s;
            have = true;
        }
    }
    return have;
}

/* Whether side may wait at node i at t = 0, where nobody waits for a lower temperature:
 * only to let a ban lift, or to pass when stuck in a game that passes. */
static bool waits_at_bottom(const sweep *sw, uint32_t i, int side, bool *any)
{
    const game_graph *g = &sw->g;
    const gg_node *nd = &g->node[i];
    *any = false;
    for (uint32_t k = 0; k < nd->count && !*any; k++) {
        const gg_edge *e = &g->edge[nd->first + k];
        *any = e->who == side && gg_edge_open(e, sw->km);
    }
    if (nd->no_wait[side])
        return false;
    return nd->lift != i || (!*any && g->passes);
}

/* Re-solves node i's bottom equations; true when a value changed. A position whose walls
 * would start apart the wrong way (Left's below Right's) is cold: like a number, it is
 * worth the simplest number between its options' stops, and nobody moves in it until a
 * scaffold reaches that value. */
static bool bottom_node(sweep *sw, uint32_t i, sg_ratio t0)
{
    sg_ratio v[2];
    bool wait[2], changed = false;
    if (sw->g.stops && sw->g.node[i].lift == i) {
        /* Either player may pass, and two passes end play at the stop: a hot position
         * is worth its options, a cold one its stop, unless a player's option beats
         * passing. */
        bool have[2];
        for (int side = 0; side < 2; side++) {
            int s;
            have[side] = best_term(sw, i, side, t0, false, &v[side], &s);
        }
        int forced = -1; /* a committed komaster (gg_commit) may not pass while he has
                          * a move open: his wall is his best move, and the other
                          * player's pass leads to it */
        for (int side = 0; side < 2; side++)
            if (have[side] && sw->g.node[i].no_wait[side])
                forced = side;
        if (forced >= 0) {
            int o = 1 - forced, sign = o == 0 ? 1 : -1;
            if (!have[o] || sg_ratio_cmp(v[forced], v[o]) * sign > 0)
                v[o] = v[forced];
        } else if (!(have[0] && have[1] && sg_ratio_cmp(v[0], v[1]) > 0)) {
            sg_ratio c = sg_ratio_from_value(sw->g.node[i].stop);
            if (have[0] && sg_ratio_cmp(c, v[0]) < 0)
                c = v[0];
            if (have[1] && sg_ratio_cmp(c, v[1]) > 0)
                c = v[1];
            v[0] = v[1] = c;
        }
    } else {
        for (int side = 0; side < 2; side++) {
            bool any;
            wait[side] = waits_at_bottom(sw, i, side, &any);
            int s;
            v[side] = sw->w[side][i];
            best_term(sw, i, side, t0, wait[side], &v[side], &s);
        }
        sg_ratio x;
        if (!wait[0] && !wait[1] && sg_ratio_cmp(v[0], v[1]) < 0 &&
            sg_ratio_simplest_between(v[0], v[1], &x))
            v[0] = v[1] = x;
    }
    for (int side = 0; side < 2; side++)
        if (!sg_ratio_eq(v[side], sw->w[side][i])) {
            sw->w[side][i] = v[side];
            changed = true;
        }
    return changed;
}

/* The targets node i reads at the bottom: its open options and, last, what it waits
 * into. */
static size_t bottom_targets(const sweep *sw, uint32_t i, uint32_t *out)
{
    const gg_node *nd = &sw->g.node[i];
    size_t n = 0;
    for (uint32_t e = 0; e < nd->count; e++) {
        const gg_edge *ed = &sw->g.edge[nd->first + e];
        if (gg_edge_open(ed, sw->km) && sw->kind[ed->to] == K_SWEEP)
            out[n++] = ed->to;
    }
    if (sw->kind[nd->lift] == K_SWEEP)
        out[n++] = nd->lift;
    return n;
}

/* Who reads each SWEEP node at the bottom, as CSR arrays: readers[first[i] ..
 * first[i+1]). */
static int bottom_readers(sweep *sw, uint32_t **first_out, uint32_t **readers_out)
{
    size_t most = 1;
    for (size_t k = 0; k < sw->norder; k++)
        if (sw->g.node[sw->order[k]].count + 1 > most)
            most = sw->g.node[sw->order[k]].count + 1;
    uint32_t *first = calloc(sw->n + 1, sizeof *first), *fill = calloc(sw->n, sizeof *fill);
    uint32_t *targets = malloc(most * sizeof *targets), *readers = NULL;
    int rc = first && fill && targets ? SG_OK : SG_ERR_NOMEM;
    for (size_t k = 0; rc == SG_OK && k < sw->norder; k++) {
        size_t n = bottom_targets(sw, sw->order[k], targets);
        for (size_t a = 0; a < n; a++)
            first[targets[a] + 1]++;
    }
    if (rc == SG_OK) {
        for (size_t i = 1; i <= sw->n; i++)
            first[i] += first[i - 1];
        readers = malloc(((size_t)first[sw->n] + 1) * sizeof *readers);
        rc = readers ? SG_OK : SG_ERR_NOMEM;
    }
    for (size_t k = 0; rc == SG_OK && k < sw->norder; k++) {
        size_t n = bottom_targets(sw, sw->order[k], targets);
        for (size_t a = 0; a < n; a++)
            readers[first[targets[a]] + fill[targets[a]]++] = sw->order[k];
    }
    free(fill);
    free(targets);
    if (rc != SG_OK) {
        free(first);
        free(readers);
        return rc;
    }
    *first_out = first;
    *readers_out = readers;
    return SG_OK;
}

/* Solves the bottom from start values by a worklist: only the readers of a changed
 * value are solved again. */
static int bottom_solve(sweep *sw, sg_ratio t0, const uint32_t *first, const uint32_t *readers,
                        size_t limit, sg_meter *meter)
{
    uint32_t *queue = malloc((sw->n + 1) * sizeof *queue);
    unsigned char *queued = calloc(sw->n, 1);
    int rc = queue && queued ? SG_OK : SG_ERR_NOMEM;
    size_t head = 0, tail = 0, cap = sw->n + 1, work = 0;
    for (size_t k = 0; rc == SG_OK && k < sw->norder; k++) {
        queue[tail++] = sw->order[k];
        queued[sw->order[k]] = 1;
    }
    while (rc == SG_OK && head != tail) {
        uint32_t i = queue[head];
        head = (head + 1) % cap;
        queued[i] = 0;
        if (++work > limit || (meter && sg_meter_tick(meter))) {
            rc = meter && sg_meter_expired(meter)
                     ? SG_ERR_BUDGET
                     : fail(sw, SG_ERR_UNSUPPORTED, i,
                            "cannot be valued at t = 0: its equations do not settle");
            break;
        }
        if (!bottom_node(sw, i, t0))
            continue;
        for (uint32_t r = first[i]; r < first[i + 1]; r++)
            if (!queued[readers[r]]) {
                queued[readers[r]] = 1;
                queue[tail] = readers[r];
                tail = (tail + 1) % cap;
            }
    }
    free(queue);
    free(queued);
    return rc;
}

/* Values at t = 0. Waiting there can go round a cycle (a ban lifts, play comes back),
 * so the equations are solved by sidling, as Winning Ways does for loopy games: iterate
 * down from a value above every outcome and up from one below; where the two meet, the
 * value is unique. */
static int bottom(sweep *sw, sg_ratio t0, sg_meter *meter)
{
    for (size_t k = 0; k < sw->norder; k++) {
        uint32_t i = sw->order[k];
        for (int side = 0; side < 2; side++) {
            bool any;
            if (!waits_at_bottom(sw, i, side, &any) && !any)
                return fail(sw, SG_ERR_INVALID, i,
                            side == 0 ? "leaves Left without a move, yet the game does not "
                                        "report a number"
                                      : "leaves Right without a move, yet the game does not "
                                        "report a number");
        }
    }
    /* No line of play earns anything at t = 0 beyond the largest number. */
    int64_t big = 2 * (int64_t)sw->n + 8, most = 0;
    for (uint32_t i = 0; i < sw->n; i++)
        if (sw->kind[i] != K_SWEEP || sw->g.stops)
            for (int side = 0; side < 2; side++) {
                sg_ratio v = sw->kind[i] != K_SWEEP ? sw->w[side][i]
                                                    : sg_ratio_from_value(sw->g.node[i].stop);
                int64_t a = (v.num < 0 ? -v.num : v.num) / v.den + 1;
                if (a > INT64_MAX / 4 - big)
                    return fail(sw, SG_ERR_UNSUPPORTED, i, "has values too large to sweep");
                if (a + big > big)
                    big = a + big;
                if (a > most)
                    most = a;
            }
    sg_ratio *upper[2] = { malloc(sw->n * sizeof(sg_ratio)), malloc(sw->n * sizeof(sg_ratio)) };
    uint32_t *first = NULL, *readers = NULL;
    int rc = upper[0] && upper[1] ? SG_OK : SG_ERR_NOMEM;
    if (rc == SG_OK)
        rc = bottom_readers(sw, &first, &readers);
    size_t limit = 64 * (sw->norder + 16) * (size_t)(sw->norder < 4096 ? 64 : 8);
    for (int from = 0; from < 2 && rc == SG_OK; from++) {
        for (size_t k = 0; k < sw->norder; k++)
            for (int side = 0; side < 2; side++)
                sw->w[side][sw->order[k]] = sg_ratio_int(from == 0 ? big : -big);
        rc = bottom_solve(sw, t0, first, readers, limit, meter);
        if (from == 0 && rc == SG_OK)
            for (int side = 0; side < 2; side++)
                memcpy(upper[side], sw->w[side], sw->n * sizeof(sg_ratio));
    }
    free(first);
    free(readers);
    /* Where the two differ, play can go round a cycle for ever. Under a komaster that
     * play is the komaster's win, as Winning Ways' onside (Left) and offside (Right)
     * count infinite play: only the komaster's ban-breaking retakes keep a ko going, so
     * the koloser, who can never win it, must leave the cycle. A cycle nobody can leave,
     * and any cycle without a komaster, has no thermograph. */
    for (size_t k = 0; k < sw->norder && rc == SG_OK; k++) {
        uint32_t i = sw->order[k];
        for (int side = 0; side < 2 && rc == SG_OK; side++) {
            if (sg_ratio_eq(upper[side][i], sw->w[side][i]))
                continue;
            sg_ratio v = sw->km == SG_KOMASTER_LEFT ? upper[side][i] : sw->w[side][i];
            if (sw->km == SG_KOMASTER_NONE)
                rc = fail(sw, SG_ERR_UNSUPPORTED, i,
                          "cannot be valued at t = 0 without a komaster: play can go round "
                          "a cycle for ever (a loopy value, not a thermograph)");
            else if (sg_ratio_cmp(v, sg_ratio_int(most)) > 0 ||
                     sg_ratio_cmp(v, sg_ratio_int(-most)) < 0)
                rc = fail(sw, SG_ERR_UNSUPPORTED, i,
                          "cannot be valued at t = 0: play goes round a cycle for ever and "
                          "nobody can leave it (a loopy value, not a thermograph)");
            else {
                sw->w[side][i] = v;
                sw->komaster_won++;
            }
        }
    }
    free(upper[0]);
    free(upper[1]);
    return rc;
}

/* FIXED nodes: value and slope at t from their walls, the cursor moved forward. */
static void fixed_at(sweep *sw, uint32_t i, sg_ratio t)
{
    for (int side = 0; side < 2; side++) {
        const sg_rwall *w = &sw->rec[side][i];
        size_t c = sw->cursor[side][i];
        while (c + 1 < w->n && sg_ratio_cmp(w->t[c + 1], t) <= 0)
            c++;
        sw->cursor[side][i] = c;
        sg_ratio d = sg_ratio_sub(t, w->t[c], &sw->overflow);
        sw->w[side][i] = sg_ratio_add(w->x[c], sg_ratio_mul_int(d, w->slope[c], &sw->overflow),
                                      &sw->overflow);
        sw->s[side][i] = w->slope[c];
    }
}

/* Slopes of every SWEEP wall on [t, t + eps): Gauss-Seidel from 0 (a wall held only by
 * waiting stays where it is), options first; waiting reads the current estimate. */
static int settle_slopes(sweep *sw, sg_ratio t)
{
    for (size_t k = 0; k < sw->norder; k++)
        sw->s[0][sw->order[k]] = sw->s[1][sw->order[k]] = 0;
    size_t limit = 4 * sw->norder + 16;
    for (size_t iter = 0; iter < limit; iter++) {
        bool changed = false;
        for (size_t k = 0; k < sw->norder; k++) {
            uint32_t i = sw->order[k];
            for (int side = 0; side < 2; side++) {
                sg_ratio v = { 0, 1 };
                int s = 0;
                best_term(sw, i, side, t, true, &v, &s);
                if (!sg_ratio_eq(v, sw->w[side][i])) {
                    char msg[400], a[SG_RATIO_TEXT_MAX], b[SG_RATIO_TEXT_MAX], c[SG_RATIO_TEXT_MAX];
                    sg_ratio_format(v, a, sizeof a);
                    sg_ratio_format(sw->w[side][i], b, sizeof b);
                    sg_ratio_format(t, c, sizeof c);
                    snprintf(msg, sizeof msg,
                             "breaks an invariant of the sweep at t = %s (%s wall %s, best "
                             "term %s): a bug, please report it",
                             c, side == 0 ? "left" : "right", b, a);
                    return fail(sw, SG_ERR_INTERNAL, i, msg);
                }
                if (s != sw->s[side][i]) {
                    sw->s[side][i] = s;
                    changed = true;
                }
            }
        }
        if (!changed)
            return SG_OK;
    }
    return fail(sw, SG_ERR_UNSUPPORTED, sw->order[0],
                "has walls whose slopes do not settle (an oscillation the model leaves open)");
}

/* The first t' > t at which a term overtakes the best one somewhere, or none. */
static bool next_event(sweep *sw, sg_ratio t, sg_ratio *dt)
{
    bool have = false;
    const game_graph *g = &sw->g;
    for (size_t k = 0; k < sw->norder; k++) {
        uint32_t i = sw->order[k];
        const gg_node *nd = &g->node[i];
        for (int side = 0; side < 2; side++) {
            int sign = side == 0 ? 1 : -1;
            sg_ratio bv = sw->w[side][i];
            int bs = sw->s[side][i];
            for (uint32_t e = 0; e <= nd->count; e++) {
                sg_ratio v;
                int s;
                if (e < nd->count) {
                    const gg_edge *ed = &g->edge[nd->first + e];
                    if (ed->who != side || !gg_edge_open(ed, sw->km))
                        continue;
                    wall_at(sw, ed->to, 1 - side, &v, &s);
                    v = sg_ratio_sub(v, sg_ratio_mul_int(t, sign * ed->tax, &sw->overflow),
                                     &sw->overflow);
                    s -= sign * ed->tax;
                } else if (nd->no_wait[side]) {
                    continue;
                } else {
                    wall_at(sw, nd->lift, 1 - side, &v, &s);
                }
                /* gap = sign*(best - term) >= 0 closes at rate sign*(s - bs). */
                sg_ratio gap = sg_ratio_mul_int(sg_ratio_sub(bv, v, &sw->overflow), sign,
                                                &sw->overflow);
                int rate = sign * (s - bs);
                if (rate <= 0 || gap.num <= 0)
                    continue;
                sg_ratio d = sg_ratio_div_int(gap, rate, &sw->overflow);
                if (!have || sg_ratio_cmp(d, *dt) < 0) {
                    *dt = d;
                    have = true;
                }
            }
        }
    }
    for (uint32_t i = 0; i < sw->n; i++) {
        if (sw->kind[i] != K_FIXED)
            continue;
        for (int side = 0; side < 2; side++) {
            const sg_rwall *w = &sw->rec[side][i];
            size_t c = sw->cursor[side][i];
            if (c + 1 < w->n) {
                sg_ratio d = sg_ratio_sub(w->t[c + 1], t, &sw->overflow);
                if (!have || sg_ratio_cmp(d, *dt) < 0) {
                    *dt = d;
                    have = true;
                }
            }
        }
    }
    return have;
}

static int record(sweep *sw, sg_ratio t)
{
    for (size_t k = 0; k < sw->norder; k++) {
        uint32_t i = sw->order[k];
        for (int side = 0; side < 2; side++)
            if (!rwall_push(&sw->rec[side][i], &sw->reccap[side][i], t, sw->w[side][i],
                            sw->s[side][i], &sw->overflow))
                return SG_ERR_NOMEM;
    }
    return SG_OK;
}

static int sweep_alloc(sweep *sw)
{
    size_t n = sw->n;
    sw->kind = calloc(n, 1);
    for (int side = 0; side < 2; side++) {
        sw->w[side] = calloc(n, sizeof *sw->w[side]);
        sw->s[side] = calloc(n, sizeof *sw->s[side]);
        sw->rec[side] = calloc(n, sizeof *sw->rec[side]);
        sw->reccap[side] = calloc(n, sizeof *sw->reccap[side]);
        sw->cursor[side] = calloc(n, sizeof *sw->cursor[side]);
        if (!sw->w[side] || !sw->s[side] || !sw->rec[side] || !sw->reccap[side] ||
            !sw->cursor[side])
            return SG_ERR_NOMEM;
    }
    return sw->kind ? SG_OK : SG_ERR_NOMEM;
}

/* Leaves are constant; loop-free nodes take the loop-free engine's walls (unless
 * no_shortcut); the rest are swept. */
static int classify(sweep *sw, const sg_gthermo_options *opt, size_t max, char *err,
                    size_t errlen)
{
    game_graph *g = &sw->g;
    bool *loopfree = calloc(sw->n, sizeof *loopfree);
    if (!loopfree)
        return SG_ERR_NOMEM;
    int rc = find_loopfree(sw, loopfree);
    /* Canonical forms know no passing: where two passes end play, everything is swept. */
    bool shortcut = !opt->no_shortcut && !g->stops;
    sg_thermo_cache *cache = NULL;
    for (uint32_t i = 0; i < sw->n && rc == SG_OK; i++) {
        const gg_node *nd = &g->node[i];
        if (nd->leaf || gg_dead_end(g, i, sw->km)) {
            sw->ended += !nd->leaf;
            sw->kind[i] = K_LEAF;
            sw->w[0][i] = sw->w[1][i] = sg_ratio_from_value(nd->leaf ? nd->value : nd->stop);
            continue;
        }
        /* A one-sided short position of a normal-play game is a number; its walls must
         * come from canonical forms even without the shortcut. */
        bool one_sided = !g->passes && nd->lift == i && (nd->stuck[0] || nd->stuck[1]);
        if (!loopfree[i] || !(shortcut || one_sided)) {
            sw->kind[i] = K_SWEEP;
            continue;
        }
        if (!cache && !(cache = sg_thermo_cache_new(NULL))) {
            rc = SG_ERR_NOMEM;
            break;
        }
        sg_thermo_cache_set_meter(cache, opt->meter);
        const sg_thermograph *th = NULL;
        rc = sg_thermograph_of_position(cache, g->game, gg_pos(g, i), max, &th, err, errlen);
        if (rc != SG_OK)
            break;
        sw->kind[i] = K_FIXED;
        if (!rwall_from_pl(&th->left_wall, &sw->rec[0][i]) ||
            !rwall_from_pl(&th->right_wall, &sw->rec[1][i]))
            rc = SG_ERR_NOMEM;
    }
    sg_thermo_cache_free(cache);
    free(loopfree);
    return rc;
}

static void copy_wall(const sg_rwall *from, sg_rwall *to)
{
    size_t cap = 0;
    bool ovf = false;
    for (size_t i = 0; i < from->n; i++)
        rwall_push(to, &cap, from->t[i], from->x[i], from->slope[i], &ovf);
}

/* Mast, temperature, stops and whether walls coincide on a slope. */
static void summarize(sg_gthermograph *out, bool *overflow)
{
    const sg_rwall *l = &out->left_wall, *r = &out->right_wall;
    out->mast = l->x[l->n - 1];
    sg_ratio tl = l->t[l->n - 1], tr = r->t[r->n - 1];
    out->temperature = sg_ratio_cmp(tl, tr) > 0 ? tl : tr;
    out->left_stop = sg_rwall_eval(l, sg_ratio_int(0), overflow);
    out->right_stop = sg_rwall_eval(r, sg_ratio_int(0), overflow);
    out->inclined = false;
    for (int pass = 0; pass < 2 && !out->inclined; pass++) {
        const sg_rwall *w = pass ? r : l, *o = pass ? l : r;
        for (size_t i = 0; i < w->n && !out->inclined; i++) {
            if (w->slope[i] == 0)
                continue;
            sg_ratio t = w->t[i];
            if (!sg_ratio_eq(sg_rwall_eval(o, t, overflow), w->x[i]))
                continue;
            size_t j = rwall_segment(o, t);
            out->inclined = o->slope[j] == w->slope[i];
        }
    }
}

/* The sweep of pos under km into out; sw stays alive for the caller to read (and free). */
static int run_sweep(const sg_game *game, const void *pos, sg_komaster km,
                     const sg_gthermo_options *opt, sg_gthermograph *out, sweep *sw_out,
                     char *err, size_t errlen)
{
    memset(out, 0, sizeof *out);
    out->komaster = km;
    size_t max = opt->max_positions ? opt->max_positions : DEFAULT_MAX_POSITIONS;
    sweep sw;
    memset(&sw, 0, sizeof sw);
    sw.km = (int)km;
    sw.err = err;
    sw.errlen = errlen;
    int rc = gg_build(&sw.g, game, pos, max, opt->meter, err, errlen);
    out->positions = sw.g.n;
    if (rc == SG_OK && !opt->komonster)
        rc = gg_commit(&sw.g, sw.km);
    sw.n = sw.g.n;
    if (rc == SG_OK)
        rc = sweep_alloc(&sw);
    for (uint32_t i = 0; rc == SG_OK && i < sw.n && !out->loopy; i++)
        out->loopy = sw.g.node[i].lift != i;
    if (rc == SG_OK)
        rc = gg_prune_cycles(&sw.g, sw.km, &out->pruned);
    if (rc == SG_OK)
        rc = classify(&sw, opt, max, err, errlen);
    if (rc == SG_OK)
        rc = sweep_order(&sw);
    sg_ratio t = sg_ratio_int(0);
    for (uint32_t i = 0; rc == SG_OK && i < sw.n; i++)
        if (sw.kind[i] == K_FIXED)
            fixed_at(&sw, i, t);
    if (rc == SG_OK)
        rc = bottom(&sw, t, opt->meter);
    out->ended = sw.ended;
    out->komaster_won = sw.komaster_won;
    if (rc == SG_ERR_BUDGET && opt->meter && sg_meter_expired(opt->meter))
        sg_meter_reason(opt->meter, err, errlen);
    while (rc == SG_OK) {
        /* An event costs work in every swept position: read the clock at each one. */
        if (opt->meter && (sg_meter_tick(opt->meter) || sg_meter_check(opt->meter))) {
            sg_meter_reason(opt->meter, err, errlen);
            rc = SG_ERR_BUDGET;
            break;
        }
        rc = settle_slopes(&sw, t);
        if (rc == SG_OK)
            rc = record(&sw, t);
        if (rc != SG_OK)
            break;
        sg_ratio dt;
        if (!next_event(&sw, t, &dt))
            break;
        if (++out->events > MAX_EVENTS || sg_ratio_cmp(t, sg_ratio_int(T_LIMIT)) > 0) {
            rc = fail(&sw, SG_ERR_UNSUPPORTED, 0, "has walls that do not settle into a mast");
            break;
        }
        t = sg_ratio_add(t, dt, &sw.overflow);
        for (size_t k = 0; k < sw.norder; k++) {
            uint32_t i = sw.order[k];
            for (int side = 0; side < 2; side++)
                sw.w[side][i] = sg_ratio_add(sw.w[side][i],
                                             sg_ratio_mul_int(dt, sw.s[side][i], &sw.overflow),
                                             &sw.overflow);
        }
        for (uint32_t i = 0; i < sw.n; i++)
            if (sw.kind[i] == K_FIXED)
                fixed_at(&sw, i, t);
        if (sw.overflow)
            break;
    }
    if (rc == SG_OK && sw.overflow)
        rc = fail(&sw, SG_ERR_UNSUPPORTED, 0, "has walls past 64-bit rational arithmetic");
    if (rc == SG_OK) {
        if (sw.kind[0] == K_LEAF) {
            size_t cap = 0;
            bool ovf = false;
            rwall_push(&out->left_wall, &cap, sg_ratio_int(0), sw.w[0][0], 0, &ovf);
            cap = 0;
            rwall_push(&out->right_wall, &cap, sg_ratio_int(0), sw.w[1][0], 0, &ovf);
        } else {
            copy_wall(&sw.rec[0][0], &out->left_wall);
            copy_wall(&sw.rec[1][0], &out->right_wall);
        }
        if (!out->left_wall.n || !out->right_wall.n)
            rc = SG_ERR_NOMEM;
    }
    if (rc == SG_OK) {
        const sg_rwall *l = &out->left_wall, *r = &out->right_wall;
        if (l->slope[l->n - 1] != 0 || r->slope[r->n - 1] != 0 ||
            !sg_ratio_eq(l->x[l->n - 1], r->x[r->n - 1]))
            rc = fail(&sw, SG_ERR_UNSUPPORTED, 0, "has walls that do not meet in a mast");
        else
            summarize(out, &sw.overflow);
    }
    if (rc == SG_ERR_NOMEM)
        snprintf(err, errlen, "out of memory in generalized thermography (%zu positions)",
                 sw.n);
    *sw_out = sw;
    return rc;
}

int sg_gthermograph_of_position(const sg_game *game, const void *pos, sg_komaster km,
                                const sg_gthermo_options *opt, sg_gthermograph *out,
                                char *err, size_t errlen)
{
    sg_gthermo_options none = { 0 };
    sweep sw;
    int rc = run_sweep(game, pos, km, opt ? opt : &none, out, &sw, err, errlen);
    sweep_free(&sw);
    return rc;
}

/* One wall of node i at t >= 0, as the sweep left it. */
static sg_ratio node_wall(sweep *sw, uint32_t i, int side, sg_ratio t)
{
    if (sw->kind[i] == K_LEAF)
        return sg_ratio_from_value(sw->g.node[i].value);
    return sg_rwall_eval(&sw->rec[side][i], t, &sw->overflow);
}

int sg_gthermograph_best(const sg_game *game, const void *pos, sg_komaster km,
                         const sg_gthermo_options *opt, sg_gthermograph *out, bool has[2],
                         sg_move best[2], char *err, size_t errlen)
{
    sg_gthermo_options none = { 0 };
    sweep sw;
    int rc = run_sweep(game, pos, km, opt ? opt : &none, out, &sw, err, errlen);
    const sg_game_desc *d = game->desc;
    alignas(16) unsigned char next[SG_POS_MAX];
    for (int who = 0; who < 2 && rc == SG_OK; who++) {
        has[who] = false;
        size_t n = 0;
        rc = sg_gc_moves(d, game->instance, pos, (sg_player)who, NULL, 0, &n);
        if (rc == SG_ERR_RANGE)
            rc = SG_OK;
        sg_move *mv = n ? malloc(n * sizeof *mv) : NULL;
        if (n && !mv)
            rc = SG_ERR_NOMEM;
        if (rc == SG_OK && n)
            rc = sg_gc_moves(d, game->instance, pos, (sg_player)who, mv, n, &n);
        sg_ratio best_v = { 0, 1 };
        for (size_t k = 0; k < n && rc == SG_OK; k++) {
            rc = sg_gc_play(d, game->instance, pos, (sg_player)who, mv[k], next, err, errlen);
            uint32_t i;
            if (rc == SG_OK && !gg_find(&sw.g, next, &i))
                rc = SG_ERR_INTERNAL;
            if (rc != SG_OK)
                break;
            /* A komaster's move that takes a ko leads into the committed copy. */
            const gg_node *root = &sw.g.node[0];
            for (uint32_t a = 0; a < root->count; a++) {
                const gg_edge *ed = &sw.g.edge[root->first + a];
                if (ed->who == who && ed->tax == 1 && !ed->double_move &&
                    sw.g.node[ed->to].original == i) {
                    i = ed->to;
                    break;
                }
            }
            /* Left wants the option's right wall high at the temperature, Right its left
             * wall low. */
            sg_ratio v = node_wall(&sw, i, 1 - who, out->temperature);
            int c = sg_ratio_cmp(v, best_v) * (who == 0 ? 1 : -1);
            if (!has[who] || c > 0) {
                has[who] = true;
                best[who] = mv[k];
                best_v = v;
            }
        }
        free(mv);
    }
    if (rc == SG_ERR_INTERNAL)
        snprintf(err, errlen, "generalized thermography: an option is missing from the game "
                              "graph (a bug)");
    sweep_free(&sw);
    return rc;
}

/* ---- classes ---- */

sg_ko_class sg_ko_classify(const sg_gthermograph *l, const sg_gthermograph *r)
{
    if (!l->loopy && !r->loopy)
        return SG_KO_LOOPFREE;
    if (!sg_ratio_eq(l->mast, r->mast))
        return SG_KO_HYPERACTIVE;
    if (!sg_ratio_eq(l->temperature, r->temperature))
        return SG_KO_ACTIVE;
    return SG_KO_PLACID;
}

const char *sg_ko_class_name(sg_ko_class c)
{
    static const char *const names[] = { "loop-free", "placid", "active", "hyperactive" };
    return names[c];
}
