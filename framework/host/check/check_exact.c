#include "host/check/check_exact.h"

#include <limits.h>
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/meter.h"
#include "sumgame/sum.h"
#include "sumgame/thermograph.h"

/* A longest-line memo entry: position bytes, then the length (LINE_OPEN while the
 * position is on the search path). */
#define LINE_OPEN ULONG_MAX

struct check_exact {
    sg_game_desc plain; /* the plugin's descriptor without split, canonical and db hooks */
    sg_game game;
    sg_cgt *table;
    sg_thermo_cache *thermo;
    sg_meter meter;
    size_t per_call;
    size_t pos_size;
    /* the longest-line search: an open-addressed table of positions and lengths */
    unsigned char *keys;
    unsigned long *lengths;
    size_t cap, used, visited;
};

check_exact *check_exact_new(const sg_game_desc *d, void *instance, size_t per_call,
                             uint64_t total)
{
    check_exact *x = calloc(1, sizeof *x);
    if (!x)
        return NULL;
    /* Only the bytes the plugin compiled are copied: the fields after its size stay
     * zero, and its own size keeps the host from reading them anyway. */
    memcpy(&x->plain, d, d->size < sizeof x->plain ? d->size : sizeof x->plain);
    x->plain.split = NULL;
    if (x->plain.size >= offsetof(sg_game_desc, canonical) + sizeof(void *))
        x->plain.canonical = NULL;
    if (x->plain.size >= offsetof(sg_game_desc, db_images) + sizeof(void *)) {
        x->plain.db_shape = NULL;
        x->plain.db_position = NULL;
        x->plain.db_index = NULL;
        x->plain.db_images = NULL;
    }
    if (x->plain.size >= offsetof(sg_game_desc, db_children) + sizeof(void *))
        x->plain.db_children = NULL;
    sg_game_init(&x->game, &x->plain, instance);
    x->table = sg_cgt_new();
    x->thermo = x->table ? sg_thermo_cache_new(x->table) : NULL;
    if (!x->thermo) {
        check_exact_free(x);
        return NULL;
    }
    sg_limits limits = { .nodes = total };
    sg_meter_start(&x->meter, &limits);
    x->per_call = per_call;
    x->pos_size = d->pos_size;
    return x;
}

void check_exact_free(check_exact *x)
{
    if (!x)
        return;
    if (x->thermo)
        sg_thermo_cache_free(x->thermo);
    if (x->table)
        sg_cgt_free(x->table);
    free(x->keys);
    free(x->lengths);
    free(x);
}

sg_cgt *check_exact_table(check_exact *x) { return x->table; }

void check_exact_format(check_exact *x, sg_cg g, char *buf, size_t cap)
{
    if (sg_cgt_format(x->table, g, buf, cap) != SG_OK && cap > 4)
        snprintf(buf, cap, "(long)");
}

int check_exact_value(check_exact *x, const void *pos, sg_cg *out, char *err, size_t errlen)
{
    if (sg_meter_expired(&x->meter))
        return SG_ERR_BUDGET;
    return sg_cgt_from_game_metered(x->table, &x->game, pos, x->per_call, &x->meter, out, err,
                                    errlen);
}

/* who's moves from pos, grown into *list. */
static int moves_of(check_exact *x, const void *pos, sg_player who, sg_move **list,
                    size_t *cap, size_t *n)
{
    for (;;) {
        int rc = x->plain.moves(x->game.instance, pos, who, *list, *cap, n);
        if (rc != SG_ERR_RANGE || *n <= *cap)
            return rc;
        sg_move *grown = realloc(*list, *n * sizeof *grown);
        if (!grown)
            return SG_ERR_NOMEM;
        *list = grown;
        *cap = *n;
    }
}

int check_exact_from_options(check_exact *x, const void *pos, sg_cg *out, char *err,
                             size_t errlen)
{
    sg_move *list = NULL;
    size_t cap = 0;
    sg_cg *opts[2] = { NULL, NULL };
    size_t nopt[2] = { 0, 0 };
    int rc = SG_OK;
    alignas(16) unsigned char child[SG_POS_MAX];
    for (int side = 0; side < 2 && rc == SG_OK; side++) {
        size_t n = 0;
        rc = moves_of(x, pos, (sg_player)side, &list, &cap, &n);
        if (rc == SG_OK && n && !(opts[side] = malloc(n * sizeof *opts[side])))
            rc = SG_ERR_NOMEM;
        for (size_t i = 0; i < n && rc == SG_OK; i++) {
            rc = x->plain.play(x->game.instance, pos, (sg_player)side, list[i], child, err,
                               errlen);
            if (rc == SG_OK)
                rc = check_exact_value(x, child, &opts[side][nopt[side]++], err, errlen);
        }
    }
    if (rc == SG_OK)
        rc = sg_cgt_make(x->table, opts[0], nopt[0], opts[1], nopt[1], out);
    free(opts[0]);
    free(opts[1]);
    free(list);
    return rc;
}

int check_exact_temperature(check_exact *x, sg_cg g, sg_value *t)
{
    const sg_thermograph *th = sg_thermograph_of(x->thermo, g);
    if (!th)
        return SG_ERR_BUDGET;
    *t = th->temperature;
    return SG_OK;
}

static uint64_t bytes_hash(const unsigned char *p, size_t n)
{
    uint64_t h = UINT64_C(1469598103934665603);
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * UINT64_C(1099511628211);
    return h ^ (h >> 29);
}

/* The memo slot of pos: its own, or the empty one where it belongs. */
static size_t line_slot(check_exact *x, const unsigned char *pos, bool *found)
{
    size_t i = bytes_hash(pos, x->pos_size) & (x->cap - 1);
    for (;; i = (i + 1) & (x->cap - 1)) {
        unsigned char *k = x->keys + i * x->pos_size;
        if (x->lengths[i] == 0) {
            *found = false;
            return i;
        }
        if (memcmp(k, pos, x->pos_size) == 0) {
            *found = true;
            return i;
        }
    }
}

/* Lengths are stored plus one, so that 0 marks an empty slot. */
static int line_grow(check_exact *x)
{
    size_t cap = x->cap ? 2 * x->cap : 1024;
    unsigned char *keys = malloc(cap * x->pos_size);
    unsigned long *lengths = calloc(cap, sizeof *lengths);
    if (!keys || !lengths) {
        free(keys);
        free(lengths);
        return SG_ERR_NOMEM;
    }
    unsigned char *old_keys = x->keys;
    unsigned long *old_lengths = x->lengths;
    size_t old_cap = x->cap;
    x->keys = keys;
    x->lengths = lengths;
    x->cap = cap;
    for (size_t i = 0; i < old_cap; i++) {
        if (!old_lengths[i])
            continue;
        bool found;
        size_t s = line_slot(x, old_keys + i * x->pos_size, &found);
        memcpy(x->keys + s * x->pos_size, old_keys + i * x->pos_size, x->pos_size);
        x->lengths[s] = old_lengths[i];
    }
    free(old_keys);
    free(old_lengths);
    return SG_OK;
}

static int longest(check_exact *x, const unsigned char *pos, unsigned long *length)
{
    bool found;
    size_t s = line_slot(x, pos, &found);
    if (found) {
        if (x->lengths[s] == LINE_OPEN)
            return SG_ERR_UNSUPPORTED; /* a cycle: no line is longest */
        *length = x->lengths[s] - 1;
        return SG_OK;
    }
    if (++x->visited > x->per_call || sg_meter_tick(&x->meter))
        return SG_ERR_BUDGET;
    if (2 * (x->used + 1) > x->cap) {
        if (line_grow(x) != SG_OK)
            return SG_ERR_NOMEM;
        s = line_slot(x, pos, &found);
    }
    memcpy(x->keys + s * x->pos_size, pos, x->pos_size);
    x->lengths[s] = LINE_OPEN;
    x->used++;
    unsigned long best = 0;
    int rc = SG_OK;
    sg_value v;
    if (x->plain.number(x->game.instance, pos, &v) && v.exp == 0) {
        /* a settled score n is the game n, born on day |n| */
        best = v.num < 0 ? (unsigned long)-(v.num + 1) + 1 : (unsigned long)v.num;
    } else {
        sg_move *list = NULL;
        size_t cap = 0;
        alignas(16) unsigned char child[SG_POS_MAX];
        for (int side = 0; side < 2 && rc == SG_OK; side++) {
            size_t n = 0;
            rc = moves_of(x, pos, (sg_player)side, &list, &cap, &n);
            for (size_t i = 0; i < n && rc == SG_OK; i++) {
                char err[256];
                unsigned long sub = 0;
                rc = x->plain.play(x->game.instance, pos, (sg_player)side, list[i], child, err,
                                   sizeof err);
                if (rc == SG_OK)
                    rc = longest(x, child, &sub);
                if (rc == SG_OK && sub + 1 > best)
                    best = sub + 1;
            }
        }
        free(list);
    }
    if (rc != SG_OK)
        return rc; /* the table is dropped by the caller */
    s = line_slot(x, pos, &found);
    x->lengths[s] = best + 1;
    *length = best;
    return SG_OK;
}

int check_exact_longest_line(check_exact *x, const void *pos, unsigned long *length)
{
    if (sg_meter_expired(&x->meter))
        return SG_ERR_BUDGET;
    x->visited = 0;
    x->used = 0;
    if (x->cap)
        memset(x->lengths, 0, x->cap * sizeof *x->lengths);
    else if (line_grow(x) != SG_OK)
        return SG_ERR_NOMEM;
    alignas(16) unsigned char start[SG_POS_MAX];
    memcpy(start, pos, x->pos_size);
    return longest(x, start, length);
}
