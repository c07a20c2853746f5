/* The full 4x4 Amazons database (amazons_grid_db.h): a retrograde analysis over
 * (Black square, White square, arrows). Every move adds an arrow, so the positions with p
 * arrows need only those with p + 1, and a level is finished before the next one starts.
 * Within a level one position of each class under the 8 symmetries and the colour swap is
 * analysed; the others copy its canonical form, or its negative for a colour swap. */
#include "sumgame/amazons_grid_db.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/host.h"
#include "sumgame/rng.h"
#include "sumgame/rooms_db.h"

#define N 4
#define SQUARES (N * N)
#define SYMMETRIES 8
#define INDICES ((size_t)SQUARES * SQUARES << 16)
#define UNSET UINT32_MAX
#define MAX_OPTIONS 1024 /* an empty 4x4 board offers an amazon fewer than 200 moves */

struct sg_grid_db {
    sg_cgt *table;
    uint32_t *id;     /* canonical form per index, UNSET where no position */
    uint32_t *listed; /* index of each position listed up to symmetry, in file order */
    size_t count;
};

/* The geometry, computed once per build (no globals: plugins and threads may share the
 * library). */
typedef struct geometry {
    int8_t ray[SQUARES][8][N]; /* squares along each direction, -1 after the edge */
    uint8_t sym_square[SYMMETRIES][SQUARES];
    uint16_t *sym_mask; /* [SYMMETRIES][65536] */
    uint16_t *by_arrows; /* every mask, by number of squares, then increasing */
    uint32_t first[SQUARES + 2]; /* masks of k squares: by_arrows[first[k] .. first[k+1]) */
} geometry;

static uint32_t index_of(int black, int white, uint16_t arrows)
{
    return (uint32_t)(black * SQUARES + white) << 16 | arrows;
}

static sg_grid_pos position_of(uint32_t index)
{
    sg_grid_pos p = { (uint8_t)(index >> 16 >> 4), (uint8_t)(index >> 16 & 15),
                      (uint16_t)(index & 0xFFFF) };
    return p;
}

static int popcount16(unsigned m)
{
    int n = 0;
    for (; m; m &= m - 1)
        n++;
    return n;
}

static int geometry_init(geometry *g)
{
    static const int dr[8] = { -1, -1, -1, 0, 0, 1, 1, 1 };
    static const int dc[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };
    for (int s = 0; s < SQUARES; s++)
        for (int d = 0; d < 8; d++) {
            int r = s / N, c = s % N;
            for (int i = 0; i < N; i++) {
                r += dr[d];
                c += dc[d];
                g->ray[s][d][i] = (int8_t)(r >= 0 && r < N && c >= 0 && c < N ? r * N + c : -1);
                if (g->ray[s][d][i] < 0)
                    r = c = -N; /* stays off the board */
            }
        }
    for (int k = 0; k < SYMMETRIES; k++)
        for (int s = 0; s < SQUARES; s++)
            g->sym_square[k][s] = (uint8_t)sg_rooms_symmetry(k, s);
    g->sym_mask = malloc((size_t)SYMMETRIES * 65536 * sizeof *g->sym_mask);
    g->by_arrows = malloc(65536 * sizeof *g->by_arrows);
    if (!g->sym_mask || !g->by_arrows) {
        free(g->sym_mask);
        free(g->by_arrows);
        return SG_ERR_NOMEM;
    }
    uint32_t count[SQUARES + 1] = { 0 };
    for (unsigned m = 0; m < 65536; m++)
        count[popcount16(m)]++;
    g->first[0] = 0;
    for (int k = 0; k <= SQUARES; k++)
        g->first[k + 1] = g->first[k] + count[k];
    uint32_t next[SQUARES + 1];
    memcpy(next, g->first, sizeof next);
    for (unsigned m = 0; m < 65536; m++)
        g->by_arrows[next[popcount16(m)]++] = (uint16_t)m;
    for (int k = 0; k < SYMMETRIES; k++)
        for (unsigned m = 0; m < 65536; m++) {
            uint16_t image = 0;
            for (int s = 0; s < SQUARES; s++)
                if (m >> s & 1)
                    image |= (uint16_t)(1u << g->sym_square[k][s]);
            g->sym_mask[(size_t)k << 16 | m] = image;
        }
    return SG_OK;
}

/* The least index among the images of a position under the symmetries, and with swap also
 * under the colour swap (*swapped tells whether that image swaps colours). */
static uint32_t least_image(const geometry *g, uint32_t index, bool swap, bool *swapped)
{
    sg_grid_pos p = position_of(index);
    uint32_t best = index;
    *swapped = false;
    for (int k = 1 - swap; k < SYMMETRIES * (1 + swap); k++) {
        int sym = k % SYMMETRIES;
        int b = g->sym_square[sym][p.black], w = g->sym_square[sym][p.white];
        uint16_t m = g->sym_mask[(size_t)sym << 16 | p.arrows];
        uint32_t image = k < SYMMETRIES ? index_of(b, w, m) : index_of(w, b, m);
        if (image < best) {
            best = image;
            *swapped = k >= SYMMETRIES;
        }
    }
    return best;
}

/* The canonical forms of the positions one amazon can reach: the mover on from, the
 * other amazon on other; each option has one more arrow and is already in the table. */
static size_t options(const sg_grid_db *db, const geometry *g, int from, int other,
                      uint16_t arrows, bool black, sg_cg *out)
{
    size_t n = 0;
    unsigned blocked = arrows | 1u << from | 1u << other;
    for (int d = 0; d < 8; d++)
        for (int i = 0; i < N; i++) {
            int to = g->ray[from][d][i];
            if (to < 0 || blocked >> to & 1)
                break;
            unsigned blocked_after = arrows | 1u << other | 1u << to;
            for (int e = 0; e < 8; e++)
                for (int j = 0; j < N; j++) {
                    int a = g->ray[to][e][j];
                    if (a < 0 || blocked_after >> a & 1)
                        break;
                    uint16_t m = (uint16_t)(arrows | 1u << a);
                    uint32_t idx = black ? index_of(to, other, m) : index_of(other, to, m);
                    out[n++] = db->id[idx];
                }
        }
    return n;
}

static int analyse(sg_grid_db *db, const geometry *g, uint32_t index)
{
    sg_cg left[MAX_OPTIONS], right[MAX_OPTIONS];
    sg_grid_pos p = position_of(index);
    size_t nl = options(db, g, p.black, p.white, p.arrows, true, left);
    size_t nr = options(db, g, p.white, p.black, p.arrows, false, right);
    sg_cg value;
    int rc = sg_cgt_make(db->table, left, nl, right, nr, &value);
    if (rc == SG_OK)
        db->id[index] = value;
    return rc;
}

/* File order: by empty squares (most arrows first), then by index. */
static int by_order(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    int px = popcount16(x & 0xFFFF), py = popcount16(y & 0xFFFF);
    if (px != py)
        return py - px;
    return (x > y) - (x < y);
}

/* Positions up to symmetry (colours told apart), each at its least image. */
static int list_positions(sg_grid_db *db, const geometry *g)
{
    size_t cap = 1 << 20;
    db->listed = malloc(cap * sizeof *db->listed);
    if (!db->listed)
        return SG_ERR_NOMEM;
    for (uint32_t idx = 0; idx < INDICES; idx++) {
        bool swapped;
        if (db->id[idx] == UNSET || least_image(g, idx, false, &swapped) != idx)
            continue;
        if (db->count == cap) {
            cap *= 2;
            uint32_t *grown = realloc(db->listed, cap * sizeof *grown);
            if (!grown)
                return SG_ERR_NOMEM;
            db->listed = grown;
        }
        db->listed[db->count++] = idx;
    }
    qsort(db->listed, db->count, sizeof *db->listed, by_order);
    return SG_OK;
}

int sg_grid_db_build(sg_grid_db **out, sg_grid_progress *progress, void *ctx, char *err,
                     size_t errlen)
{
    *out = NULL;
    geometry g;
    sg_grid_db *db = calloc(1, sizeof *db);
    int rc = db ? geometry_init(&g) : SG_ERR_NOMEM;
    if (rc != SG_OK) {
        free(db);
        snprintf(err, errlen, "grid database: out of memory");
        return rc;
    }
    db->table = sg_cgt_new();
    db->id = malloc(INDICES * sizeof *db->id);
    if (!db->table || !db->id) {
        rc = SG_ERR_NOMEM;
        goto done;
    }
    memset(db->id, 0xFF, INDICES * sizeof *db->id);
    size_t total = (size_t)SQUARES * (SQUARES - 1) << (SQUARES - 2), done_count = 0;
    for (int arrows = SQUARES - 2; arrows >= 0; arrows--) {
        /* First the least image of each class, then the rest copy it: the copies of a
         * level are never options of the same level. */
        for (int pass = 0; pass < 2; pass++)
            for (int b = 0; b < SQUARES; b++)
                for (int w = 0; w < SQUARES; w++) {
                    if (b == w)
                        continue;
                    unsigned amazons = 1u << b | 1u << w;
                    for (uint32_t i = g.first[arrows]; i < g.first[arrows + 1]; i++) {
                        unsigned m = g.by_arrows[i];
                        if (m & amazons)
                            continue;
                        uint32_t idx = index_of(b, w, (uint16_t)m);
                        bool swapped;
                        uint32_t least = least_image(&g, idx, true, &swapped);
                        if (pass == 0 && least == idx) {
                            rc = analyse(db, &g, idx);
                            if (rc != SG_OK)
                                goto done;
                        } else if (pass == 1 && least != idx) {
                            sg_cg v = db->id[least];
                            db->id[idx] = swapped ? sg_cgt_neg(db->table, v) : v;
                        }
                        done_count += pass == 1;
                    }
                }
        if (progress)
            progress(ctx, arrows, done_count, total);
    }
    rc = list_positions(db, &g);
done:
    free(g.sym_mask);
    free(g.by_arrows);
    if (rc != SG_OK) {
        snprintf(err, errlen, "grid database: %s",
                 rc == SG_ERR_NOMEM ? "out of memory" : "canonical form failed");
        sg_grid_db_free(db);
        return rc;
    }
    *out = db;
    return SG_OK;
}

void sg_grid_db_free(sg_grid_db *db)
{
    if (!db)
        return;
    sg_cgt_free(db->table);
    free(db->id);
    free(db->listed);
    free(db);
}

sg_cgt *sg_grid_db_table(sg_grid_db *db) { return db->table; }

static bool valid(sg_grid_pos p)
{
    return p.black < SQUARES && p.white < SQUARES && p.black != p.white &&
           !(p.arrows >> p.black & 1) && !(p.arrows >> p.white & 1);
}

int sg_grid_db_value(const sg_grid_db *db, sg_grid_pos p, sg_cg *out)
{
    if (!valid(p))
        return SG_ERR_INVALID;
    *out = db->id[index_of(p.black, p.white, p.arrows)];
    return SG_OK;
}

size_t sg_grid_db_count(const sg_grid_db *db) { return db->count; }

sg_grid_pos sg_grid_db_position(const sg_grid_db *db, size_t i)
{
    return position_of(db->listed[i]);
}

int sg_grid_empty_squares(sg_grid_pos p) { return SQUARES - 2 - popcount16(p.arrows); }

bool sg_grid_one_room(sg_grid_pos p)
{
    return sg_rooms_connected((uint16_t)~p.arrows);
}

void sg_grid_format(sg_grid_pos p, char text[SG_GRID_TEXT_MAX])
{
    size_t k = 0;
    for (int s = 0; s < SQUARES; s++) {
        if (s && s % N == 0)
            text[k++] = '/';
        text[k++] = s == p.black ? 'B' : s == p.white ? 'W' : p.arrows >> s & 1 ? 'x' : '.';
    }
    text[k] = '\0';
}

const int sg_grid_lecture_quota[SG_GRID_LAYERS] = { 0,  0,  17, 50, 50, 50, 50, 50,
                                                    50, 50, 50, 50, 50, 50, 33 };

int sg_grid_db_sample(const sg_grid_db *db, const int quota[SG_GRID_LAYERS], uint64_t seed,
                      size_t *out, size_t cap, size_t *count)
{
    sg_rng root;
    sg_rng_seed(&root, seed);
    size_t n = 0, start = 0;
    for (int empty = 0; empty < SG_GRID_LAYERS; empty++) {
        size_t end = start;
        while (end < db->count && sg_grid_empty_squares(position_of(db->listed[end])) == empty)
            end++;
        size_t size = end - start, want = quota[empty] < 0 ? 0 : (size_t)quota[empty];
        if (want > size)
            want = size;
        if (n + want > cap) {
            *count = n + want;
            return SG_ERR_RANGE;
        }
        /* Selection sampling (Knuth's Algorithm S): each subset of the layer equally
         * likely, and the chosen come out in list order. One stream per layer, so a
         * changed quota leaves the other layers' draws alone. */
        sg_rng rng = sg_rng_split(&root, (uint64_t)empty);
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
