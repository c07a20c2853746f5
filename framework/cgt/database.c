/* Exact databases of a game's shapes (database.h). */
#include "sumgame/database.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/rng.h"
#include "sumgame/game_call.h"

#define UNSET UINT32_MAX
#define BUSY (UINT32_MAX - 1) /* being expanded: met again, play has gone round a cycle */
#define FIRST_MOVES 256

struct sg_db {
    const sg_game *game;
    sg_db_shape shape;
    sg_cgt *table;
    uint32_t *id; /* value per index: UNSET, BUSY or a canonical form */
    uint8_t *least; /* values built: a bit per index, set on the least of each orbit */
    uint64_t *listed;
    uint32_t *layer;
    size_t count;
};

/* The state of one build: growable stacks addressed by offset, since a recursion may
 * move them. */
typedef struct build {
    sg_db *db;
    sg_meter *meter;
    char *err;
    size_t errlen;
    size_t stride;           /* pos_size rounded up to 16 */
    unsigned char *pos;      /* one position per depth of the recursion */
    size_t pos_cap;          /* positions */
    sg_move *moves;
    size_t moves_used, moves_cap;
    sg_cg *opts;
    size_t opts_used, opts_cap;
    uint64_t *kids; /* child indices (db_children) */
    size_t kids_used, kids_cap;
} build;

static void *grow(void *p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return p;
    size_t c = *cap ? *cap : 64;
    while (c < need)
        c *= 2;
    void *q = realloc(p, c * size);
    if (q)
        *cap = c;
    return q;
}

static unsigned char *pos_at(build *b, size_t depth) { return b->pos + depth * b->stride; }

static int no_memory(build *b)
{
    snprintf(b->err, b->errlen, "%s: database: out of memory", b->db->game->desc->name);
    return SG_ERR_NOMEM;
}

static int describe_position(build *b, const void *pos, const char *what)
{
    const sg_game_desc *d = b->db->game->desc;
    char text[160];
    if (sg_gc_format(d, b->db->game->instance, pos, text, sizeof text) != SG_OK)
        snprintf(text, sizeof text, "?");
    snprintf(b->err, b->errlen, "%s: database: '%s' %s", d->name, text, what);
    return SG_ERR_UNSUPPORTED;
}

/* Copies v to every image of index under the shape's symmetries, and marks the least
 * index of each orbit under the symmetries that keep the players' roles: the images that
 * are no conjugates form one such orbit, the conjugates another (or the same), and the
 * list holds the least of each. Marking here saves asking every position its images
 * again when the list is made. */
static void fill_images(sg_db *db, uint64_t index, sg_cg v)
{
    uint64_t image[SG_DB_SYMMETRIES_MAX], least[2] = { SG_DB_NONE, SG_DB_NONE };
    bool conjugate[SG_DB_SYMMETRIES_MAX];
    sg_gc_db_images(db->game->desc, db->game->instance, index, image, conjugate);
    for (uint32_t k = 0; k < db->shape.symmetries; k++) {
        if (image[k] >= db->shape.indices)
            continue;
        if (db->id[image[k]] == UNSET)
            db->id[image[k]] = conjugate[k] ? sg_cgt_neg(db->table, v) : v;
        if (image[k] < least[conjugate[k]])
            least[conjugate[k]] = image[k];
    }
    db->id[index] = v;
    least[0] = index < least[0] ? index : least[0];
    for (int c = 0; c < 2; c++)
        if (least[c] != SG_DB_NONE)
            db->least[least[c] >> 3] |= (uint8_t)(1u << (least[c] & 7));
}

static int expand(build *b, uint64_t index, size_t depth);

/* The value of position ci of the shape, a child of the position at depth, expanded first
 * (at depth + 1, where the child's position is unless have_pos is false) when it has none
 * yet. */
static int shape_value(build *b, uint64_t ci, size_t depth, bool have_pos, sg_cg *out)
{
    sg_db *db = b->db;
    const sg_game_desc *d = db->game->desc;
    if (ci >= db->shape.indices) {
        snprintf(b->err, b->errlen, "%s: database: a child index %llu, beyond the shape's %llu",
                 d->name, (unsigned long long)ci, (unsigned long long)db->shape.indices);
        return SG_ERR_INTERNAL;
    }
    if (db->id[ci] < BUSY) {
        *out = db->id[ci];
        return SG_OK;
    }
    uint32_t layer;
    if (!have_pos && !sg_gc_db_position(d, db->game->instance, ci, pos_at(b, depth + 1), &layer)) {
        snprintf(b->err, b->errlen, "%s: database: db_children gave %llu, which is no position",
                 d->name, (unsigned long long)ci);
        return SG_ERR_INTERNAL;
    }
    if (db->id[ci] == BUSY)
        return describe_position(b, pos_at(b, depth + 1),
                                 "comes back to itself: a database needs a loop-free game");
    int rc = expand(b, ci, depth + 1);
    *out = db->id[ci];
    return rc;
}

/* The value of the child at depth + 1, in or out of the shape. */
static int child_value(build *b, size_t depth, sg_cg *out)
{
    sg_db *db = b->db;
    const unsigned char *child = pos_at(b, depth + 1);
    uint64_t ci = sg_gc_db_index(db->game->desc, db->game->instance, child);
    if (ci == SG_DB_NONE)
        return sg_cgt_from_game_metered(db->table, db->game, child, 0, b->meter, out, b->err,
                                        b->errlen);
    return shape_value(b, ci, depth, true, out);
}

static int push_option(build *b, sg_cg v)
{
    if (b->opts_used == b->opts_cap) {
        sg_cg *o = grow(b->opts, &b->opts_cap, b->opts_used + 1, sizeof *o);
        if (!o)
            return no_memory(b);
        b->opts = o;
    }
    b->opts[b->opts_used++] = v;
    return SG_OK;
}

/* One player's options by the game's db_children; SG_ERR_UNSUPPORTED when it has none
 * for this position (nothing pushed then). */
static int options_by_index(build *b, uint64_t index, size_t depth, int side, size_t *count)
{
    sg_db *db = b->db;
    const sg_game_desc *d = db->game->desc;
    if (!SG_GAME_HAS(d, db_children))
        return SG_ERR_UNSUPPORTED;
    size_t at = b->kids_used, n = 0;
    uint64_t *k = grow(b->kids, &b->kids_cap, at + FIRST_MOVES, sizeof *k);
    if (!k)
        return no_memory(b);
    b->kids = k;
    int rc = sg_gc_db_children(d, db->game->instance, index, (sg_player)side, k + at, FIRST_MOVES,
                            &n);
    if (rc == SG_ERR_RANGE) {
        if (!(k = grow(b->kids, &b->kids_cap, at + n, sizeof *k)))
            return no_memory(b);
        b->kids = k;
        rc = sg_gc_db_children(d, db->game->instance, index, (sg_player)side, k + at, n, &n);
    }
    if (rc != SG_OK)
        return rc == SG_ERR_UNSUPPORTED ? rc : describe_position(b, pos_at(b, depth),
                                                                 "has no child list");
    b->kids_used = at + n;
    for (size_t i = 0; i < n && rc == SG_OK; i++) {
        sg_cg v;
        rc = shape_value(b, b->kids[at + i], depth, false, &v);
        if (rc == SG_OK)
            rc = push_option(b, v);
    }
    b->kids_used = at;
    *count = n;
    return rc;
}

/* Expands the position at depth (whose index is index) from both players' moves. */
static int expand(build *b, uint64_t index, size_t depth)
{
    sg_db *db = b->db;
    const sg_game_desc *d = db->game->desc;
    void *inst = db->game->instance;
    if (b->meter && sg_meter_tick(b->meter)) {
        char why[96];
        sg_meter_reason(b->meter, why, sizeof why);
        snprintf(b->err, b->errlen, "%s: database: stopped at %s", d->name, why);
        return SG_ERR_BUDGET;
    }
    unsigned char *grown = grow(b->pos, &b->pos_cap, depth + 2, b->stride);
    if (!grown)
        return no_memory(b);
    b->pos = grown;
    db->id[index] = BUSY;
    size_t opts_base = b->opts_used, count[2] = { 0, 0 };
    for (int side = 0; side < 2; side++) {
        int rc = options_by_index(b, index, depth, side, &count[side]);
        if (rc == SG_OK)
            continue;
        if (rc != SG_ERR_UNSUPPORTED)
            return rc;
        size_t at = b->moves_used, n = 0;
        sg_move *mv = grow(b->moves, &b->moves_cap, at + FIRST_MOVES, sizeof *mv);
        if (!mv)
            return no_memory(b);
        b->moves = mv;
        rc = sg_gc_moves(d, inst, pos_at(b, depth), (sg_player)side, mv + at, FIRST_MOVES, &n);
        if (rc == SG_ERR_RANGE) {
            if (!(mv = grow(b->moves, &b->moves_cap, at + n, sizeof *mv)))
                return no_memory(b);
            b->moves = mv;
            rc = sg_gc_moves(d, inst, pos_at(b, depth), (sg_player)side, mv + at, n, &n);
        }
        if (rc != SG_OK)
            return describe_position(b, pos_at(b, depth), "has no move list");
        b->moves_used = at + n;
        for (size_t i = 0; i < n; i++) {
            char perr[160];
            rc = sg_gc_play(d, inst, pos_at(b, depth), (sg_player)side, b->moves[at + i],
                         pos_at(b, depth + 1), perr, sizeof perr);
            if (rc != SG_OK) {
                snprintf(b->err, b->errlen, "%s: database: a listed move was refused: %s",
                         d->name, perr);
                return rc;
            }
            sg_cg v;
            if ((rc = child_value(b, depth, &v)) != SG_OK || (rc = push_option(b, v)) != SG_OK)
                return rc;
        }
        b->moves_used = at;
        count[side] = n;
    }
    sg_cg v;
    int rc = sg_cgt_make(db->table, b->opts + opts_base, count[0],
                         b->opts + opts_base + count[0], count[1], &v);
    b->opts_used = opts_base;
    if (rc != SG_OK)
        return no_memory(b);
    fill_images(db, index, v);
    return SG_OK;
}

/* Whether index is the least of its images that keep the players' roles. */
static bool listed_here(const sg_db *db, uint64_t index)
{
    uint64_t image[SG_DB_SYMMETRIES_MAX];
    bool conjugate[SG_DB_SYMMETRIES_MAX];
    sg_gc_db_images(db->game->desc, db->game->instance, index, image, conjugate);
    for (uint32_t k = 1; k < db->shape.symmetries; k++)
        if (!conjugate[k] && image[k] < index)
            return false;
    return true;
}

bool sg_db_supported(const sg_game *game)
{
    const sg_game_desc *d = game->desc;
    return SG_GAME_HAS(d, db_shape) && SG_GAME_HAS(d, db_position) &&
           SG_GAME_HAS(d, db_index) && SG_GAME_HAS(d, db_images);
}

static int check_shape(const sg_game_desc *d, const char *text, const sg_db_shape *s,
                       char *err, size_t errlen)
{
    const char *why = s->indices == 0                    ? "no indices"
                      : s->indices > SG_DB_INDICES_MAX   ? NULL
                      : s->layers == 0                   ? "no layers"
                      : s->symmetries == 0 ||
                              s->symmetries > SG_DB_SYMMETRIES_MAX
                          ? "a number of symmetries outside 1..16"
                          : memchr(s->title, '\0', sizeof s->title) == NULL
                          ? "a title without its end"
                          : "";
    if (!why) {
        snprintf(err, errlen,
                 "%s: shape '%.60s' has %llu indices, more than the %llu a database holds",
                 d->name, text, (unsigned long long)s->indices,
                 (unsigned long long)SG_DB_INDICES_MAX);
        return SG_ERR_INVALID;
    }
    if (*why) {
        snprintf(err, errlen, "%s: shape '%.60s' is described with %s", d->name, text, why);
        return SG_ERR_INVALID;
    }
    return SG_OK;
}

/* Walks the index space once: values (when asked) and the list, bucketed by layer. */
static int walk(build *b, bool values)
{
    sg_db *db = b->db;
    const sg_game_desc *d = db->game->desc;
    void *inst = db->game->instance;
    size_t nl = db->shape.layers;
    size_t *per_layer = calloc(nl, sizeof *per_layer);
    uint32_t *layer_of = NULL;
    uint64_t *found = NULL;
    size_t found_n = 0, found_cap = 0, layer_cap = 0;
    int rc = per_layer ? SG_OK : no_memory(b);
    if (rc == SG_OK && !(b->pos = grow(NULL, &b->pos_cap, 2, b->stride)))
        rc = no_memory(b);
    for (uint64_t i = 0; i < db->shape.indices && rc == SG_OK; i++) {
        uint32_t layer = 0;
        /* a position valued already: listed when marked (fill_images) */
        if (values && db->id[i] != UNSET && !(db->least[i >> 3] >> (i & 7) & 1))
            continue;
        if (!sg_gc_db_position(d, inst, i, pos_at(b, 0), &layer))
            continue;
        if (layer >= nl) {
            snprintf(b->err, b->errlen, "%s: database: index %llu is in layer %u of %zu",
                     d->name, (unsigned long long)i, layer, nl);
            rc = SG_ERR_INTERNAL;
            break;
        }
        if (values && db->id[i] == UNSET && (rc = expand(b, i, 0)) != SG_OK)
            break;
        if (values ? !(db->least[i >> 3] >> (i & 7) & 1) : !listed_here(db, i))
            continue;
        uint64_t *f = grow(found, &found_cap, found_n + 1, sizeof *f);
        if (f)
            found = f;
        uint32_t *l = f ? grow(layer_of, &layer_cap, found_n + 1, sizeof *l) : NULL;
        if (!l) {
            rc = no_memory(b);
            break;
        }
        layer_of = l;
        found[found_n] = i;
        layer_of[found_n++] = layer;
        per_layer[layer]++;
    }
    if (rc == SG_OK) {
        /* stable by layer: the walk already went by index */
        db->listed = malloc((found_n ? found_n : 1) * sizeof *db->listed);
        db->layer = malloc((found_n ? found_n : 1) * sizeof *db->layer);
        if (!db->listed || !db->layer)
            rc = no_memory(b);
    }
    if (rc == SG_OK) {
        size_t start = 0;
        for (size_t l = 0; l < nl; l++) {
            size_t n = per_layer[l];
            per_layer[l] = start;
            start += n;
        }
        for (size_t k = 0; k < found_n; k++) {
            size_t at = per_layer[layer_of[k]]++;
            db->listed[at] = found[k];
            db->layer[at] = layer_of[k];
        }
        db->count = found_n;
    }
    free(per_layer);
    free(layer_of);
    free(found);
    return rc;
}

int sg_db_build(sg_db **out, const sg_game *game, const char *shape, unsigned flags,
                sg_meter *meter, char *err, size_t errlen)
{
    *out = NULL;
    const sg_game_desc *d = game->desc;
    if (!sg_db_supported(game)) {
        snprintf(err, errlen, "%s: the game offers no databases (no db_ hooks)", d->name);
        return SG_ERR_UNSUPPORTED;
    }
    if (SG_GAME_FLAGS(d) & SG_GAME_PASSES) {
        snprintf(err, errlen, "%s: the game passes, so its play can loop: databases are for "
                              "loop-free games", d->name);
        return SG_ERR_UNSUPPORTED;
    }
    sg_db *db = calloc(1, sizeof *db);
    if (!db) {
        snprintf(err, errlen, "%s: database: out of memory", d->name);
        return SG_ERR_NOMEM;
    }
    db->game = game;
    char gerr[256] = "";
    int rc = sg_gc_db_shape(d, game->instance, shape, &db->shape, gerr, sizeof gerr);
    if (rc != SG_OK) {
        snprintf(err, errlen, "%s: shape '%.60s': %s", d->name, shape,
                 gerr[0] ? gerr : "refused");
        free(db);
        return rc == SG_ERR_NOMEM ? rc : SG_ERR_INVALID;
    }
    if ((rc = check_shape(d, shape, &db->shape, err, errlen)) != SG_OK) {
        free(db);
        return rc;
    }
    build b = { db, meter, err, errlen, (d->pos_size + 15) & ~(size_t)15, NULL, 0, NULL,
                0, 0, NULL, 0, 0, NULL, 0, 0 };
    bool values = flags & SG_DB_VALUES;
    db->table = sg_cgt_new();
    /* The index of every position is written at once: it must fit before it is made. */
    if (meter && sg_meter_reserve(meter, db->shape.indices * sizeof *db->id +
                                             db->shape.indices / 8 + 1)) {
        char why[96];
        sg_meter_reason(meter, why, sizeof why);
        snprintf(err, errlen, "%s: database: stopped at %s: its index of %llu positions "
                 "needs %llu MiB", d->name, why, (unsigned long long)db->shape.indices,
                 (unsigned long long)((db->shape.indices * sizeof *db->id) >> 20));
        sg_db_free(db);
        return SG_ERR_BUDGET;
    }
    if (db->table && meter)
        sg_cgt_limit_memory(db->table, meter);
    db->id = malloc(db->shape.indices * sizeof *db->id);
    db->least = calloc(db->shape.indices / 8 + 1, 1);
    if (!db->table || !db->id || !db->least)
        rc = no_memory(&b);
    else {
        memset(db->id, 0xFF, db->shape.indices * sizeof *db->id);
        rc = walk(&b, values);
    }
    free(b.pos);
    free(b.moves);
    free(b.opts);
    free(b.kids);
    if (rc != SG_OK) {
        sg_db_free(db);
        return rc;
    }
    *out = db;
    return SG_OK;
}

void sg_db_free(sg_db *db)
{
    if (!db)
        return;
    sg_cgt_free(db->table);
    free(db->id);
    free(db->least);
    free(db->listed);
    free(db->layer);
    free(db);
}

const sg_db_shape *sg_db_describe(const sg_db *db) { return &db->shape; }
sg_cgt *sg_db_table(sg_db *db) { return db->table; }
size_t sg_db_count(const sg_db *db) { return db->count; }
uint64_t sg_db_index(const sg_db *db, size_t i) { return db->listed[i]; }
uint32_t sg_db_layer(const sg_db *db, size_t i) { return db->layer[i]; }
sg_cg sg_db_value(const sg_db *db, size_t i) { return db->id[db->listed[i]]; }

int sg_db_position(const sg_db *db, size_t i, void *pos)
{
    uint32_t layer;
    if (i >= db->count ||
        !sg_gc_db_position(db->game->desc, db->game->instance, db->listed[i], pos, &layer))
        return SG_ERR_INVALID;
    return SG_OK;
}

int sg_db_lookup(const sg_db *db, const void *pos, sg_cg *out)
{
    uint64_t i = sg_gc_db_index(db->game->desc, db->game->instance, pos);
    if (i >= db->shape.indices || db->id[i] >= BUSY)
        return SG_ERR_INVALID;
    *out = db->id[i];
    return SG_OK;
}

int sg_db_sample(const sg_db *db, const unsigned *quota, size_t nquota, uint64_t seed,
                 size_t *out, size_t cap, size_t *count)
{
    sg_rng root;
    sg_rng_seed(&root, seed);
    size_t n = 0, start = 0;
    for (uint32_t layer = 0; layer < db->shape.layers; layer++) {
        size_t end = start;
        while (end < db->count && db->layer[end] == layer)
            end++;
        size_t size = end - start, want = layer < nquota ? quota[layer] : 0;
        if (want > size)
            want = size;
        if (n + want > cap) {
            *count = n + want;
            return SG_ERR_RANGE;
        }
        /* Selection sampling (Knuth's Algorithm S): each subset of the layer equally
         * likely, and the chosen come out in list order. */
        sg_rng rng = sg_rng_split(&root, (uint64_t)layer);
        size_t left = want;
        for (size_t i = start; i < end && left; i++)
            if (sg_rng_below(&rng, end - i) < left) {
                out[n++] = i;
                left--;
            }
        start = end;
    }
    *count = n;
    return SG_OK;
}
