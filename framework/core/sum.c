#include "sumgame/sum.h"
#include "sumgame/game_call.h"
#include "sumgame/rng.h"

#include <stdalign.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* Largest number of parts one split may produce. */
#define SPLIT_MAX 64

struct slot {
    sg_game *game;
    uint32_t off;
    uint32_t size;
    uint64_t hash; /* mixed component hash */
    bool ban;      /* a move elsewhere changes it (a ko ban): game.h, moved_elsewhere */
};

struct sg_sum {
    sg_freeze policy;
    sg_number_oracle_fn oracle; /* a second opinion on numbers, or NULL */
    void *oracle_ctx;
    sg_value frozen;
    size_t count, cap;
    size_t bans; /* slots with ban set */
    struct slot *slots;
    unsigned char *bytes;
    size_t used, bytes_cap;
    /* Scratch space kept between calls so that searches do not allocate per node. The
     * move buffer is written even through a const sum: it is a cache, not state (sums
     * are never shared between threads). */
    unsigned char *split_buf;
    size_t split_cap;
    sg_move *move_buf;
    size_t move_cap;
    /* A search plays every move of a node into the same child sum, and siblings differ
     * from their parent in one component. id (unique in the process) and version (bumped
     * by every change) name a state of a sum; a sum made by a play that replaced
     * component origin_slot of origin one for one (no split, no settling) remembers that
     * state, and the next play from it only puts that slot back and writes its own. */
    uint64_t id, version;
    const sg_sum *origin;
    uint64_t origin_id, origin_version;
    size_t origin_slot;
};

static atomic_uint_fast64_t sum_ids;

/* Every change of a sum's contents goes through here. */
static void changed(sg_sum *s)
{
    s->version++;
    s->origin = NULL;
}

void sg_game_init(sg_game *game, const sg_game_desc *desc, void *instance)
{
    uint64_t h = UINT64_C(1469598103934665603);
    for (const char *p = desc->name; *p; p++)
        h = (h ^ (unsigned char)*p) * UINT64_C(1099511628211);
    game->desc = desc;
    game->instance = instance;
    game->salt = sg_mix64(h);
}

sg_sum *sg_sum_new(sg_freeze policy)
{
    sg_sum *s = calloc(1, sizeof *s);
    if (s) {
        s->policy = policy;
        s->id = atomic_fetch_add_explicit(&sum_ids, 1, memory_order_relaxed) + 1;
    }
    return s;
}

void sg_sum_free(sg_sum *sum)
{
    if (!sum)
        return;
    free(sum->slots);
    free(sum->bytes);
    free(sum->split_buf);
    free(sum->move_buf);
    free(sum);
}

void sg_sum_clear(sg_sum *sum)
{
    changed(sum);
    sum->count = 0;
    sum->bans = 0;
    sum->used = 0;
    sum->frozen = sg_value_int(0);
}

sg_freeze sg_sum_policy(const sg_sum *sum) { return sum->policy; }

void sg_sum_set_number_oracle(sg_sum *sum, sg_number_oracle_fn fn, void *ctx)
{
    changed(sum);
    sum->oracle = fn;
    sum->oracle_ctx = ctx;
}
size_t sg_sum_count(const sg_sum *sum) { return sum->count; }
sg_game *sg_sum_game(const sg_sum *sum, size_t i) { return sum->slots[i].game; }
const void *sg_sum_pos(const sg_sum *sum, size_t i) { return sum->bytes + sum->slots[i].off; }
uint64_t sg_sum_component_hash(const sg_sum *sum, size_t i) { return sum->slots[i].hash; }
sg_value sg_sum_frozen(const sg_sum *sum) { return sum->frozen; }
void sg_sum_add_frozen(sg_sum *sum, sg_value v)
{
    changed(sum);
    sum->frozen = sg_value_add(sum->frozen, v);
}

static int reserve(sg_sum *s, size_t slots, size_t bytes)
{
    if (slots > s->cap) {
        size_t cap = s->cap ? s->cap : 8;
        while (cap < slots)
            cap *= 2;
        struct slot *n = realloc(s->slots, cap * sizeof *n);
        if (!n)
            return SG_ERR_NOMEM;
        s->slots = n;
        s->cap = cap;
    }
    if (bytes > s->bytes_cap) {
        size_t cap = s->bytes_cap ? s->bytes_cap : 256;
        while (cap < bytes)
            cap *= 2;
        unsigned char *n = realloc(s->bytes, cap);
        if (!n)
            return SG_ERR_NOMEM;
        s->bytes = n;
        s->bytes_cap = cap;
    }
    return SG_OK;
}

/* Positions are stored at 16-byte aligned offsets, so games may keep wide fields. */
static size_t padded(size_t n) { return (n + 15) & ~(size_t)15; }

/* Whether a move elsewhere changes pos (it holds a ban), with the changed position. */
static bool lifts(sg_game *g, const void *pos, void *out)
{
    return SG_GAME_HAS(g->desc, moved_elsewhere) &&
           sg_gc_moved_elsewhere(g->desc, g->instance, pos, out);
}

static int append_raw(sg_sum *s, sg_game *g, const void *pos, uint64_t hash)
{
    size_t size = g->desc->pos_size;
    int rc = reserve(s, s->count + 1, s->used + padded(size));
    if (rc != SG_OK)
        return rc;
    struct slot *sl = &s->slots[s->count++];
    sl->game = g;
    sl->off = (uint32_t)s->used;
    sl->size = (uint32_t)size;
    sl->hash = hash;
    alignas(16) unsigned char lifted[SG_POS_MAX];
    sl->ban = lifts(g, pos, lifted);
    s->bans += sl->ban;
    memcpy(s->bytes + s->used, pos, size);
    s->used += padded(size);
    return SG_OK;
}

/* The one formula; sum.c calls it directly on its hot paths, where a call through the
 * exported sg_component_hash could not be inlined. */
static inline uint64_t component_hash(const sg_game *game, const void *pos)
{
    return sg_mix64(sg_gc_hash(game->desc, game->instance, pos) ^ game->salt);
}

uint64_t sg_component_hash(const sg_game *game, const void *pos)
{
    return component_hash(game, pos);
}

/* A move was made outside slots [skip, skip + nskip): every ban elsewhere is lifted. */
static void lift_bans(sg_sum *s, size_t skip, size_t nskip)
{
    for (size_t k = 0; k < s->count && s->bans > 0; k++) {
        struct slot *sl = &s->slots[k];
        if (!sl->ban || (k >= skip && k < skip + nskip))
            continue;
        alignas(16) unsigned char lifted[SG_POS_MAX];
        if (lifts(sl->game, s->bytes + sl->off, lifted)) {
            memcpy(s->bytes + sl->off, lifted, sl->size);
            sl->hash = component_hash(sl->game, lifted);
        }
        sl->ban = false;
        s->bans--;
    }
}

/* True with its value when pos leaves the sum: its number is known (from the game, else
 * the oracle) and the policy freezes it. */
static bool settles(const sg_sum *s, sg_game *g, const void *pos, sg_value *v)
{
    bool known = sg_gc_number(g->desc, g->instance, pos, v) ||
                 (s->oracle && s->oracle(s->oracle_ctx, g, pos, v));
    return known && (sg_value_is_integer(*v) || s->policy == SG_FREEZE_NUMBERS);
}

/* Freezes pos when the policy says its number leaves the sum, else appends it. */
static int settle_or_append(sg_sum *s, sg_game *g, const void *pos)
{
    sg_value v;
    if (settles(s, g, pos, &v)) {
        s->frozen = sg_value_add(s->frozen, v);
        return SG_OK;
    }
    return append_raw(s, g, pos, component_hash(g, pos));
}

/* The parts of pos: *parts is pos itself for a game without split(), else s's split
 * buffer. */
static int split_parts(sg_sum *s, sg_game *g, const void *pos, const unsigned char **parts,
                       size_t *count, char *err, size_t errlen)
{
    *parts = pos;
    *count = 1;
    if (!g->desc->split)
        return SG_OK;
    size_t size = g->desc->pos_size, n = 0;
    if (s->split_cap < SPLIT_MAX * size) {
        unsigned char *grown = realloc(s->split_buf, SPLIT_MAX * size);
        if (!grown)
            return SG_ERR_NOMEM;
        s->split_buf = grown;
        s->split_cap = SPLIT_MAX * size;
    }
    int rc = sg_gc_split(g->desc, g->instance, pos, s->split_buf, SPLIT_MAX, &n);
    if (rc != SG_OK || n > SPLIT_MAX) {
        snprintf(err, errlen, "%s: split failed (%d)", g->desc->name, rc);
        return rc != SG_OK ? rc : SG_ERR_INTERNAL;
    }
    *parts = s->split_buf;
    *count = n;
    return SG_OK;
}

static int split_settle_append(sg_sum *s, sg_game *g, const void *pos, char *err, size_t errlen)
{
    const unsigned char *parts;
    size_t n;
    int rc = split_parts(s, g, pos, &parts, &n, err, errlen);
    /* settle_or_append copies each part into the sum before the buffer is reused */
    for (size_t k = 0; k < n && rc == SG_OK; k++)
        rc = settle_or_append(s, g, parts + k * g->desc->pos_size);
    return rc;
}

int sg_sum_add(sg_sum *sum, sg_game *game, const void *pos, char *err, size_t errlen)
{
    changed(sum);
    if (game->desc->pos_size > SG_POS_MAX) {
        snprintf(err, errlen, "%s: position size %zu exceeds %d", game->desc->name,
                 game->desc->pos_size, SG_POS_MAX);
        return SG_ERR_INVALID;
    }
    return split_settle_append(sum, game, pos, err, errlen);
}

int sg_sum_copy(sg_sum *dst, const sg_sum *src)
{
    int rc = reserve(dst, src->count, src->used);
    if (rc != SG_OK)
        return rc;
    changed(dst);
    dst->policy = src->policy;
    dst->oracle = src->oracle;
    dst->oracle_ctx = src->oracle_ctx;
    dst->frozen = src->frozen;
    dst->count = src->count;
    dst->bans = src->bans;
    dst->used = src->used;
    if (src->count)
        memcpy(dst->slots, src->slots, src->count * sizeof *src->slots);
    if (src->used)
        memcpy(dst->bytes, src->bytes, src->used);
    return SG_OK;
}

int sg_sum_refreeze(sg_sum *dst, const sg_sum *src, uint32_t *origin, size_t cap, char *err,
                    size_t errlen)
{
    sg_sum_clear(dst);
    sg_sum_add_frozen(dst, src->frozen);
    for (size_t i = 0; i < src->count; i++) {
        size_t before = dst->count;
        int rc = sg_sum_add(dst, src->slots[i].game, src->bytes + src->slots[i].off, err,
                            errlen);
        if (rc != SG_OK)
            return rc;
        if (origin && dst->count > cap) {
            snprintf(err, errlen, "component %zu splits into more parts than expected", i + 1);
            return SG_ERR_RANGE;
        }
        for (size_t k = before; origin && k < dst->count; k++)
            origin[k] = (uint32_t)i;
    }
    return SG_OK;
}

int sg_sum_component_moves(const sg_sum *sum, size_t i, sg_player who, sg_move *moves,
                           size_t cap, size_t *count)
{
    const struct slot *sl = &sum->slots[i];
    return sg_gc_moves(sl->game->desc, sl->game->instance, sum->bytes + sl->off, who, moves, cap,
                                 count);
}

int sg_sum_moves(const sg_sum *sum, sg_player who, sg_sum_move *moves, size_t cap,
                 size_t *count)
{
    sg_sum *scratch = (sg_sum *)sum; /* only the move cache is touched */
    if (!scratch->move_buf) {
        scratch->move_buf = malloc(256 * sizeof *scratch->move_buf);
        if (!scratch->move_buf)
            return SG_ERR_NOMEM;
        scratch->move_cap = 256;
    }
    size_t total = 0;
    bool short_cap = false;
    for (size_t i = 0; i < sum->count; i++) {
        size_t n = 0;
        int rc = sg_sum_component_moves(sum, i, who, scratch->move_buf, scratch->move_cap, &n);
        if (rc == SG_ERR_RANGE) {
            sg_move *grown = realloc(scratch->move_buf, n * sizeof *grown);
            if (!grown)
                return SG_ERR_NOMEM;
            scratch->move_buf = grown;
            scratch->move_cap = n;
            rc = sg_sum_component_moves(sum, i, who, scratch->move_buf, n, &n);
        }
        if (rc != SG_OK)
            return rc;
        for (size_t k = 0; k < n; k++, total++) {
            if (total < cap) {
                moves[total].component = (uint32_t)i;
                moves[total].move = scratch->move_buf[k];
            } else {
                short_cap = true;
            }
        }
    }
    *count = total;
    return short_cap ? SG_ERR_RANGE : SG_OK;
}

int sg_sum_move_count(const sg_sum *sum, sg_player who, size_t *count)
{
    size_t total = 0;
    for (size_t i = 0; i < sum->count; i++) {
        const struct slot *sl = &sum->slots[i];
        /* a real one-move buffer, in case a game writes before it checks cap */
        sg_move unused;
        size_t n = 0;
        int rc = sg_gc_moves(sl->game->desc, sl->game->instance, sum->bytes + sl->off, who, &unused,
                                       0, &n);
        if (rc != SG_OK && rc != SG_ERR_RANGE) {
            *count = total;
            return rc;
        }
        total += n;
    }
    *count = total;
    return SG_OK;
}

int sg_sum_play(const sg_sum *src, sg_player who, sg_sum_move mv, sg_sum *dst, char *err,
                size_t errlen)
{
    if (mv.component >= src->count) {
        if (mv.component == SG_SUM_PASS && sg_sum_may_pass(src))
            return sg_sum_pass(src, dst);
        if (mv.component == SG_SUM_PASS)
            snprintf(err, errlen, "a pass is not a move here: no game in the sum passes");
        else
            snprintf(err, errlen, "no component %u in a sum of %zu", mv.component + 1,
                     src->count);
        return SG_ERR_INVALID;
    }
    const struct slot *target = &src->slots[mv.component];
    sg_game *g = target->game;
    alignas(16) unsigned char next[SG_POS_MAX];
    int rc = sg_gc_play(g->desc, g->instance, src->bytes + target->off, who, mv.move, next, err,
                           errlen);
    if (rc != SG_OK)
        return rc;
    const unsigned char *parts;
    size_t n, j = mv.component;
    rc = split_parts(dst, g, next, &parts, &n, err, errlen);
    if (rc != SG_OK)
        return rc;
    /* The game is asked about each part once, in order, as sg_sum_add asks: a number()
     * with a budget may answer differently when asked again. */
    sg_value v;
    bool settled = n == 1 && settles(src, g, parts, &v);
    bool one_for_one = n == 1 && !settled;
    bool from_origin = dst->origin == src && dst->origin_id == src->id &&
                       dst->origin_version == src->version;
    /* the fast path below copies two slots; a ban elsewhere needs the full copy */
    bool bans_elsewhere = src->bans > (size_t)target->ban;
    dst->version++;
    if (one_for_one && from_origin && !bans_elsewhere) {
        size_t k = dst->origin_slot;
        if (k != j) {
            memcpy(dst->bytes + src->slots[k].off, src->bytes + src->slots[k].off,
                   src->slots[k].size);
            dst->slots[k] = src->slots[k];
        }
        memcpy(dst->bytes + dst->slots[j].off, parts, target->size);
        dst->slots[j].hash = component_hash(g, parts);
        alignas(16) unsigned char lifted[SG_POS_MAX];
        dst->slots[j].ban = lifts(g, parts, lifted);
        dst->bans = dst->slots[j].ban;
        dst->origin_slot = j;
        return SG_OK;
    }
    dst->policy = src->policy;
    dst->oracle = src->oracle;
    dst->oracle_ctx = src->oracle_ctx;
    dst->frozen = src->frozen;
    dst->origin = NULL;
    /* Positions lie in slot order, each at the end of the one before, so the components
     * on either side of the moved one are copied in two blocks with their cached hashes;
     * only the moved one's parts are settled or appended. */
    size_t rest = src->count - j - 1;
    size_t after = target->off + padded(target->size), tail = src->used - after;
    rc = reserve(dst, src->count + n, src->used + n * padded(target->size));
    if (rc != SG_OK)
        return rc;
    memcpy(dst->slots, src->slots, j * sizeof *src->slots);
    memcpy(dst->bytes, src->bytes, target->off);
    dst->count = j;
    dst->bans = src->bans - target->ban;
    dst->used = target->off;
    if (one_for_one) {
        rc = append_raw(dst, g, parts, component_hash(g, parts));
    } else if (settled) {
        dst->frozen = sg_value_add(dst->frozen, v);
    } else {
        for (size_t k = 0; k < n && rc == SG_OK; k++)
            rc = settle_or_append(dst, g, parts + k * target->size);
    }
    if (rc != SG_OK)
        return rc;
    memcpy(dst->bytes + dst->used, src->bytes + after, tail);
    struct slot *moved = dst->slots + dst->count;
    memcpy(moved, src->slots + j + 1, rest * sizeof *src->slots);
    for (size_t k = 0; k < rest; k++) /* a split or a settled component shifts the rest */
        moved[k].off = (uint32_t)(moved[k].off - after + dst->used);
    size_t parts_at = j, nparts = dst->count - j;
    dst->count += rest;
    dst->used += tail;
    lift_bans(dst, parts_at, nparts);
    if (one_for_one && dst->bans == 0) {
        dst->origin = src;
        dst->origin_id = src->id;
        dst->origin_version = src->version;
        dst->origin_slot = j;
    }
    return SG_OK;
}

int sg_sum_pass(const sg_sum *src, sg_sum *dst)
{
    int rc = sg_sum_copy(dst, src);
    if (rc == SG_OK)
        lift_bans(dst, 0, 0);
    return rc;
}

bool sg_sum_stop_score(const sg_sum *sum, sg_value *out)
{
    sg_value total = sum->frozen;
    for (size_t k = 0; k < sum->count; k++) {
        const sg_game *g = sum->slots[k].game;
        sg_value v;
        if (!SG_GAME_HAS(g->desc, stop_score) ||
            !sg_gc_stop_score(g->desc, g->instance, sum->bytes + sum->slots[k].off, &v))
            return false;
        total = sg_value_add(total, v);
    }
    *out = total;
    return true;
}

bool sg_sum_may_pass(const sg_sum *sum)
{
    for (size_t k = 0; k < sum->count; k++)
        if (SG_GAME_FLAGS(sum->slots[k].game->desc) & SG_GAME_PASSES)
            return true;
    return false;
}

bool sg_sum_has_ban(const sg_sum *sum, size_t *component)
{
    for (size_t k = 0; k < sum->count && sum->bans > 0; k++)
        if (sum->slots[k].ban) {
            if (component)
                *component = k;
            return true;
        }
    return false;
}

uint64_t sg_sum_hash(const sg_sum *sum)
{
    uint64_t h = 0;
    for (size_t i = 0; i < sum->count; i++)
        h += sum->slots[i].hash;
    return h;
}

int sg_sum_format(const sg_sum *sum, char *buf, size_t cap)
{
    size_t used = 0;
    if (cap == 0)
        return SG_ERR_RANGE;
    buf[0] = '\0';
    if (sum->count == 0)
        return snprintf(buf, cap, "0") < (int)cap ? SG_OK : SG_ERR_RANGE;
    for (size_t i = 0; i < sum->count; i++) {
        const struct slot *sl = &sum->slots[i];
        int n = snprintf(buf + used, cap - used, "%s%s:", i ? " + " : "", sl->game->desc->name);
        if (n < 0 || used + (size_t)n >= cap)
            return SG_ERR_RANGE;
        used += (size_t)n;
        int rc = sg_gc_format(sl->game->desc, sl->game->instance, sum->bytes + sl->off, buf + used,
                                        cap - used);
        if (rc != SG_OK)
            return rc;
        used += strlen(buf + used);
    }
    return SG_OK;
}

int sg_game_format_move(const sg_game *game, const void *pos, sg_player who, sg_move move,
                        char *buf, size_t cap)
{
    if (SG_GAME_HAS(game->desc, format_move_for))
        return sg_gc_format_move_for(game->desc, game->instance, pos, who, move, buf, cap);
    return sg_gc_format_move(game->desc, game->instance, pos, move, buf, cap);
}

/* who < 0: not known, the game's format_move. */
static int format_sum_move(const sg_sum *sum, int who, sg_sum_move mv, char *buf, size_t cap)
{
    if (mv.component == SG_SUM_PASS) {
        int n = snprintf(buf, cap, "pass");
        return n < 0 || (size_t)n >= cap ? SG_ERR_RANGE : SG_OK;
    }
    if (mv.component >= sum->count)
        return SG_ERR_INVALID;
    const struct slot *sl = &sum->slots[mv.component];
    int n = snprintf(buf, cap, "%u:", mv.component + 1);
    if (n < 0 || (size_t)n >= cap)
        return SG_ERR_RANGE;
    const void *pos = sum->bytes + sl->off;
    if (who < 0)
        return sg_gc_format_move(sl->game->desc, sl->game->instance, pos, mv.move, buf + n,
                                           cap - (size_t)n);
    return sg_game_format_move(sl->game, pos, (sg_player)who, mv.move, buf + n,
                               cap - (size_t)n);
}

int sg_sum_format_move(const sg_sum *sum, sg_sum_move mv, char *buf, size_t cap)
{
    return format_sum_move(sum, -1, mv, buf, cap);
}

int sg_sum_format_move_for(const sg_sum *sum, sg_player who, sg_sum_move mv, char *buf,
                           size_t cap)
{
    return format_sum_move(sum, (int)who, mv, buf, cap);
}
