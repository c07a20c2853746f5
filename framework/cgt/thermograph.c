#include "sumgame/thermograph.h"
#include "sumgame/game_call.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- piecewise-linear functions ---- */

/* One allocation per function: t and x first (aligned as sg_value), then the slopes. */
static void pl_free(sg_pl *f)
{
    free(f->t);
    memset(f, 0, sizeof *f);
}

static bool pl_alloc(sg_pl *f, size_t n)
{
    n++;
    f->n = 0;
    f->t = malloc(n * (2 * sizeof(sg_value) + sizeof(int)));
    if (!f->t) {
        f->x = NULL;
        f->slope = NULL;
        return false;
    }
    f->x = f->t + n;
    f->slope = (int *)(f->x + n);
    return true;
}

static void pl_push(sg_pl *f, sg_value t, sg_value x, int slope)
{
    /* Drop a breakpoint that changes nothing: same slope and on the previous line. */
    if (f->n > 0 && f->slope[f->n - 1] == slope) {
        sg_value on_line = sg_value_add(f->x[f->n - 1],
                                        sg_value_mul_int(sg_value_sub(t, f->t[f->n - 1]), slope));
        if (sg_value_eq(on_line, x))
            return;
    }
    f->t[f->n] = t;
    f->x[f->n] = x;
    f->slope[f->n] = slope;
    f->n++;
}

static bool pl_const(sg_pl *f, sg_value x)
{
    if (!pl_alloc(f, 1))
        return false;
    pl_push(f, sg_value_int(-1), x, 0);
    return true;
}

static size_t segment_at(const sg_pl *f, sg_value t)
{
    size_t i = 0;
    while (i + 1 < f->n && sg_value_cmp(f->t[i + 1], t) <= 0)
        i++;
    return i;
}

sg_value sg_pl_eval(const sg_pl *f, sg_value t)
{
    size_t i = segment_at(f, t);
    return sg_value_add(f->x[i], sg_value_mul_int(sg_value_sub(t, f->t[i]), f->slope[i]));
}

static int slope_at(const sg_pl *f, sg_value t) { return f->slope[segment_at(f, t)]; }

/* x / k for k in {1, 2, 4}: the only divisors slope differences of walls produce. */
static bool divide(sg_value x, int k, sg_value *out)
{
    int s = k < 0 ? -1 : 1;
    k *= s;
    if (k != 1 && k != 2 && k != 4)
        return false;
    *out = sg_value_mul_int(x, s);
    for (; k > 1; k /= 2)
        *out = sg_value_half(*out);
    return true;
}

enum pl_op { PL_MAX, PL_MIN, PL_SUB };

/* f op g, with the breakpoints of both plus, for max and min, their crossings. */
static bool pl_combine(const sg_pl *f, const sg_pl *g, enum pl_op op, sg_pl *out)
{
    size_t cap = 2 * (f->n + g->n) + 2;
    sg_value *pts = malloc(cap * sizeof *pts);
    if (!pts)
        return false;
    size_t n = 0, i = 0, j = 0;
    while (i < f->n || j < g->n) {
        sg_value next;
        if (j >= g->n || (i < f->n && sg_value_cmp(f->t[i], g->t[j]) <= 0))
            next = f->t[i++];
        else
            next = g->t[j++];
        if (n == 0 || !sg_value_eq(pts[n - 1], next))
            pts[n++] = next;
    }
    size_t base = n;
    if (op != PL_SUB) {
        for (size_t k = 0; k < base; k++) {
            sg_value a = pts[k];
            sg_value d = sg_value_sub(sg_pl_eval(f, a), sg_pl_eval(g, a));
            int ds = slope_at(f, a) - slope_at(g, a);
            if (ds == 0 || d.num == 0 || (d.num > 0) == (ds > 0))
                continue; /* no sign change on this segment */
            sg_value step, c;
            if (!divide(sg_value_neg(d), ds, &step)) {
                free(pts);
                return false;
            }
            c = sg_value_add(a, step);
            if (k + 1 < base && sg_value_cmp(c, pts[k + 1]) >= 0)
                continue;
            pts[n++] = c;
        }
        /* keep the points sorted: crossings go between existing ones */
        for (size_t k = base; k < n; k++)
            for (size_t m = k; m > 0 && sg_value_cmp(pts[m], pts[m - 1]) < 0; m--) {
                sg_value s = pts[m];
                pts[m] = pts[m - 1];
                pts[m - 1] = s;
            }
    }
    if (!pl_alloc(out, n)) {
        free(pts);
        return false;
    }
    for (size_t k = 0; k < n; k++) {
        sg_value p = pts[k], fx = sg_pl_eval(f, p), gx = sg_pl_eval(g, p);
        int fs = slope_at(f, p), gs = slope_at(g, p);
        if (op == PL_SUB) {
            pl_push(out, p, sg_value_sub(fx, gx), fs - gs);
            continue;
        }
        int c = sg_value_cmp(fx, gx);
        bool take_f = op == PL_MAX ? (c > 0 || (c == 0 && fs >= gs))
                                   : (c < 0 || (c == 0 && fs <= gs));
        pl_push(out, p, take_f ? fx : gx, take_f ? fs : gs);
    }
    free(pts);
    return true;
}

/* f(t) + k t */
static bool pl_add_linear(const sg_pl *f, int k, sg_pl *out)
{
    if (!pl_alloc(out, f->n))
        return false;
    for (size_t i = 0; i < f->n; i++)
        pl_push(out, f->t[i], sg_value_add(f->x[i], sg_value_mul_int(f->t[i], k)),
                f->slope[i] + k);
    return true;
}

/* f on [-1, t], then the constant f(t). */
static bool pl_cap(const sg_pl *f, sg_value t, sg_pl *out)
{
    if (!pl_alloc(out, f->n + 1))
        return false;
    for (size_t i = 0; i < f->n && sg_value_cmp(f->t[i], t) < 0; i++)
        pl_push(out, f->t[i], f->x[i], f->slope[i]);
    pl_push(out, t, sg_pl_eval(f, t), 0);
    return true;
}

/* The largest t' >= t up to which f keeps the value f(t): the end of a flat run. */
static sg_value flat_end(const sg_pl *f, sg_value t)
{
    size_t i = segment_at(f, t);
    while (f->slope[i] == 0 && i + 1 < f->n)
        i++;
    if (f->slope[i] == 0) /* flat to infinity: cannot happen for a scaffold */
        return f->t[i];
    return sg_value_cmp(f->t[i], t) > 0 ? f->t[i] : t;
}

void sg_thermograph_free(sg_thermograph *th)
{
    pl_free(&th->left_wall);
    pl_free(&th->right_wall);
}

static int number_thermograph(sg_value x, sg_thermograph *th)
{
    memset(th, 0, sizeof *th);
    if (!pl_const(&th->left_wall, x) || !pl_const(&th->right_wall, x))
        return SG_ERR_NOMEM;
    th->mean = th->left_stop = th->right_stop = x;
    /* -1 for integers, -1/2^k for m/2^k */
    th->temperature = sg_value_is_integer(x) ? sg_value_int(-1) : sg_value_make(-1, x.exp);
    th->pseudo_left = th->pseudo_right = th->temperature;
    return SG_OK;
}

/* The thermograph of a non-number from its options' walls: Left's taxed scaffold is the
 * max of the Left options' right walls minus t, Right's the min of the Right options'
 * left walls plus t. */
static int scaffold_thermograph(const sg_pl *const *left_rw, size_t nl,
                                const sg_pl *const *right_lw, size_t nr, sg_thermograph *th)
{
    memset(th, 0, sizeof *th);
    if (nl == 0 || nr == 0)
        return SG_ERR_INTERNAL; /* a game with an empty side is a number */
    sg_pl sl = { 0 }, sr = { 0 }, tmp = { 0 }, d = { 0 };
    int rc = SG_ERR_NOMEM;
    for (size_t i = 0; i < nl; i++) {
        sg_pl taxed;
        if (!pl_add_linear(left_rw[i], -1, &taxed))
            goto out;
        if (i == 0) {
            sl = taxed;
        } else {
            bool ok = pl_combine(&sl, &taxed, PL_MAX, &tmp);
            pl_free(&taxed);
            pl_free(&sl);
            sl = tmp;
            memset(&tmp, 0, sizeof tmp);
            if (!ok)
                goto out;
        }
    }
    for (size_t i = 0; i < nr; i++) {
        sg_pl taxed;
        if (!pl_add_linear(right_lw[i], +1, &taxed))
            goto out;
        if (i == 0) {
            sr = taxed;
        } else {
            bool ok = pl_combine(&sr, &taxed, PL_MIN, &tmp);
            pl_free(&taxed);
            pl_free(&sr);
            sr = tmp;
            memset(&tmp, 0, sizeof tmp);
            if (!ok)
                goto out;
        }
    }
    if (!pl_combine(&sl, &sr, PL_SUB, &d))
        goto out;
    /* d = SL - SR is non-increasing; the temperature is where it first reaches 0. */
    sg_value temp = sg_value_int(-1);
    if (d.x[0].num > 0) {
        size_t i = 0;
        while (i + 1 < d.n && d.x[i + 1].num > 0)
            i++;
        if (d.slope[i] >= 0) {
            rc = SG_ERR_INTERNAL;
            goto out;
        }
        sg_value step;
        if (!divide(d.x[i], -d.slope[i], &step)) {
            rc = SG_ERR_INTERNAL;
            goto out;
        }
        temp = sg_value_add(d.t[i], step);
    }
    th->temperature = temp;
    th->mean = sg_pl_eval(&sl, temp);
    if (!pl_cap(&sl, temp, &th->left_wall) || !pl_cap(&sr, temp, &th->right_wall))
        goto out;
    th->pseudo_left = flat_end(&sl, temp);
    th->pseudo_right = flat_end(&sr, temp);
    th->left_stop = sg_pl_eval(&th->left_wall, sg_value_int(0));
    th->right_stop = sg_pl_eval(&th->right_wall, sg_value_int(0));
    rc = SG_OK;
out:
    pl_free(&sl);
    pl_free(&sr);
    pl_free(&d);
    pl_free(&tmp);
    if (rc != SG_OK)
        sg_thermograph_free(th);
    return rc;
}

/* ---- caches ---- */

struct sg_thermo_cache {
    sg_cgt *table;
    sg_meter *meter; /* or NULL */
    bool owns_table;
    sg_thermograph **by_id; /* indexed by sg_cg */
    size_t ids;
};

sg_thermo_cache *sg_thermo_cache_new(sg_cgt *table)
{
    sg_thermo_cache *c = calloc(1, sizeof *c);
    if (!c)
        return NULL;
    c->owns_table = table == NULL;
    c->table = table ? table : sg_cgt_new();
    if (!c->table) {
        free(c);
        return NULL;
    }
    return c;
}

void sg_thermo_cache_set_meter(sg_thermo_cache *c, sg_meter *meter) { c->meter = meter; }

sg_cgt *sg_thermo_cache_table(sg_thermo_cache *c) { return c->table; }

static void forget_thermographs(sg_thermo_cache *c)
{
    for (size_t i = 0; i < c->ids; i++)
        if (c->by_id[i]) {
            sg_thermograph_free(c->by_id[i]);
            free(c->by_id[i]);
        }
    free(c->by_id);
    c->by_id = NULL;
    c->ids = 0;
}

int sg_thermo_cache_reset(sg_thermo_cache *c)
{
    forget_thermographs(c);
    if (!c->owns_table)
        return SG_OK;
    sg_cgt *fresh = sg_cgt_new();
    if (!fresh)
        return SG_ERR_NOMEM;
    sg_cgt_free(c->table);
    c->table = fresh;
    return SG_OK;
}

void sg_thermo_cache_free(sg_thermo_cache *c)
{
    if (!c)
        return;
    forget_thermographs(c);
    if (c->owns_table)
        sg_cgt_free(c->table);
    free(c);
}

const sg_thermograph *sg_thermograph_of(sg_thermo_cache *c, sg_cg g)
{
    if (g < c->ids && c->by_id[g])
        return c->by_id[g];
    sg_cgt *t = c->table;
    sg_thermograph th;
    sg_value x;
    int rc;
    if (sg_cgt_is_number(t, g, &x)) {
        rc = number_thermograph(x, &th);
    } else {
        size_t nl = sg_cgt_left_count(t, g), nr = sg_cgt_right_count(t, g);
        const sg_pl **walls = malloc((nl + nr + 1) * sizeof *walls);
        if (!walls)
            return NULL;
        rc = SG_OK;
        for (size_t i = 0; i < nl && rc == SG_OK; i++) {
            const sg_thermograph *o = sg_thermograph_of(c, sg_cgt_left(t, g, i));
            rc = o ? SG_OK : SG_ERR_NOMEM;
            if (o)
                walls[i] = &o->right_wall;
        }
        for (size_t i = 0; i < nr && rc == SG_OK; i++) {
            const sg_thermograph *o = sg_thermograph_of(c, sg_cgt_right(t, g, i));
            rc = o ? SG_OK : SG_ERR_NOMEM;
            if (o)
                walls[nl + i] = &o->left_wall;
        }
        if (rc == SG_OK)
            rc = scaffold_thermograph(walls, nl, walls + nl, nr, &th);
        free(walls);
    }
    if (rc != SG_OK)
        return NULL;
    if (g >= c->ids) {
        size_t ids = (g + 1) * 2;
        sg_thermograph **grown = realloc(c->by_id, ids * sizeof *grown);
        if (!grown) {
            sg_thermograph_free(&th);
            return NULL;
        }
        memset(grown + c->ids, 0, (ids - c->ids) * sizeof *grown);
        c->by_id = grown;
        c->ids = ids;
    }
    sg_thermograph *stored = malloc(sizeof *stored);
    if (!stored) {
        sg_thermograph_free(&th);
        return NULL;
    }
    *stored = th;
    c->by_id[g] = stored;
    return stored;
}

/* Walls at t >= 0 depend only on a game's value (cooling is well defined on values), and
 * below 0, as for pseudo-temperatures, sumgame takes them from the canonical form (see
 * thermograph.h), so a position's thermograph is its canonical form's: one memoized walk
 * of the plugin's moves, and one thermograph per distinct value however many positions
 * share it. (The walls computed from a position's own options are kept for checking, in
 * sg_thermograph_unmemoized.) */
int sg_thermograph_of_position(sg_thermo_cache *c, const sg_game *game, const void *pos,
                               size_t max_positions, const sg_thermograph **out, char *err,
                               size_t errlen)
{
    sg_cg canon;
    int rc = sg_cgt_from_game_metered(c->table, game, pos, max_positions, c->meter, &canon, err,
                                      errlen);
    if (rc != SG_OK)
        return rc;
    *out = sg_thermograph_of(c, canon);
    return *out ? SG_OK : SG_ERR_NOMEM;
}

int sg_thermograph_of_played(sg_thermo_cache *c, const sg_game *game, const void *pos,
                             size_t max_positions, const sg_thermograph **out, char *err,
                             size_t errlen)
{
    /* The canonical walk adds the parts of a position that splits. */
    return sg_thermograph_of_position(c, game, pos, max_positions, out, err, errlen);
}

int sg_thermograph_best_move(sg_thermo_cache *cache, const sg_game *game, const void *pos,
                             sg_player who, sg_value t, size_t max_positions, bool *has,
                             sg_move *best, char *err, size_t errlen)
{
    const sg_game_desc *d = game->desc;
    size_t n = 0;
    *has = false;
    int rc = sg_gc_moves(d, game->instance, pos, who, NULL, 0, &n);
    if (rc != SG_OK && rc != SG_ERR_RANGE)
        return rc;
    if (n == 0)
        return SG_OK;
    sg_move *moves = malloc(n * sizeof *moves);
    if (!moves)
        return SG_ERR_NOMEM;
    rc = sg_gc_moves(d, game->instance, pos, who, moves, n, &n);
    sg_value best_value = sg_value_int(0);
    _Alignas(16) unsigned char next[SG_POS_MAX];
    for (size_t i = 0; i < n && rc == SG_OK; i++) {
        const sg_thermograph *th = NULL;
        rc = sg_gc_play(d, game->instance, pos, who, moves[i], next, err, errlen);
        if (rc == SG_OK)
            rc = sg_thermograph_of_played(cache, game, next, max_positions, &th, err,
                                                errlen);
        if (rc != SG_OK)
            break;
        sg_value v = sg_pl_eval(who == SG_LEFT ? &th->right_wall : &th->left_wall, t);
        int c = sg_value_cmp(v, best_value);
        if (!*has || (who == SG_LEFT ? c > 0 : c < 0)) {
            *has = true;
            *best = moves[i];
            best_value = v;
        }
    }
    free(moves);
    return rc;
}


/* Lines of play longer than this are taken for a cycle: the reference method walks the
 * whole game tree without a memo, so it cannot tell a cycle from a long game. */
#define UNMEMOIZED_DEPTH_MAX 2000

static int unmemoized(const sg_game *game, const void *pos, int depth, sg_thermograph *out,
                      char *err, size_t errlen)
{
    if (depth > UNMEMOIZED_DEPTH_MAX) {
        snprintf(err, errlen, "%s: a line of play longer than %d moves: the game seems to "
                              "have cycles, which have no thermograph here",
                 game->desc->name, UNMEMOIZED_DEPTH_MAX);
        return SG_ERR_UNSUPPORTED;
    }
    const sg_game_desc *d = game->desc;
    sg_value x;
    if (sg_gc_number(d, game->instance, pos, &x))
        return number_thermograph(x, out);
    _Alignas(16) unsigned char lifted[SG_POS_MAX];
    if (SG_GAME_HAS(d, moved_elsewhere) && sg_gc_moved_elsewhere(d, game->instance, pos, lifted)) {
        snprintf(err, errlen, "%s: a ko (a ban a move elsewhere lifts) has no thermograph "
                              "without generalized thermography", d->name);
        return SG_ERR_UNSUPPORTED;
    }
    sg_thermograph *children = NULL;
    const sg_pl **walls = NULL;
    size_t count[2] = { 0, 0 }, total = 0;
    int rc = SG_OK;
    _Alignas(16) unsigned char next[SG_POS_MAX];
    for (int s = 0; s < 2 && rc == SG_OK; s++) {
        size_t n = 0;
        rc = sg_gc_moves(d, game->instance, pos, (sg_player)s, NULL, 0, &n);
        if (rc != SG_OK && rc != SG_ERR_RANGE)
            break;
        sg_move *moves = malloc((n + 1) * sizeof *moves);
        sg_thermograph *grown = realloc(children, (total + n + 1) * sizeof *grown);
        const sg_pl **grown_walls = realloc(walls, (total + n + 1) * sizeof *grown_walls);
        if (grown)
            children = grown;
        if (grown_walls)
            walls = grown_walls;
        rc = moves && grown && grown_walls ? sg_gc_moves(d, game->instance, pos, (sg_player)s, moves,
                                                      n, &n)
                                           : SG_ERR_NOMEM;
        for (size_t i = 0; i < n && rc == SG_OK; i++) {
            rc = sg_gc_play(d, game->instance, pos, (sg_player)s, moves[i], next, err, errlen);
            if (rc == SG_OK)
                rc = unmemoized(game, next, depth + 1, &children[total], err, errlen);
            if (rc == SG_OK) {
                total++;
                count[s]++;
            }
        }
        free(moves);
    }
    for (size_t i = 0; i < total; i++)
        walls[i] = i < count[0] ? &children[i].right_wall : &children[i].left_wall;
    if (rc == SG_OK)
        rc = scaffold_thermograph(walls, count[0], walls + count[0], count[1], out);
    for (size_t i = 0; i < total; i++)
        sg_thermograph_free(&children[i]);
    free(children);
    free(walls);
    return rc;
}

int sg_thermograph_unmemoized(const sg_game *game, const void *pos, sg_thermograph *out,
                              char *err, size_t errlen)
{
    return unmemoized(game, pos, 0, out, err, errlen);
}
