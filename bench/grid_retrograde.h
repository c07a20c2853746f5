/* The baseline of the 4x4 database benchmark: the retrograde analysis written for that
 * database alone before `sumgame db` existed (its own 16-bit move generator, canonical
 * forms level by level from the most arrows down), kept here only so that bench_amazons
 * measures the generic database against it in the same run. */
#ifndef SUMGAME_BENCH_GRID_RETROGRADE_H
#define SUMGAME_BENCH_GRID_RETROGRADE_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/cgt.h"

typedef struct grid_pos {
    uint8_t black, white;
    uint16_t arrows;
} grid_pos;

/* Symmetry k of the 4x4 square (the identity, the 3 rotations, the 4 reflections). */
static int grid_symmetry(int k, int square)
{
    int r = square / 4, c = square % 4;
    int rr[8] = { r, c, 3 - r, 3 - c, r, 3 - r, c, 3 - c };
    int cc[8] = { c, 3 - r, 3 - c, r, 3 - c, c, r, 3 - r };
    return rr[k] * 4 + cc[k];
}

#define N 4
#define SQUARES (N * N)
#define SYMMETRIES 8
#define INDICES ((size_t)SQUARES * SQUARES << 16)
#define UNSET UINT32_MAX
#define MAX_OPTIONS 1024 /* an empty 4x4 board offers an amazon fewer than 200 moves */

typedef struct grid_db {
    sg_cgt *table;
    uint32_t *id;     /* canonical form per index, UNSET where no position */
    uint32_t *listed; /* index of each position listed up to symmetry, in file order */
    size_t count;
} grid_db;

static void grid_db_free(grid_db *db);

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

static grid_pos position_of(uint32_t index)
{
    grid_pos p = { (uint8_t)(index >> 16 >> 4), (uint8_t)(index >> 16 & 15),
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
            g->sym_square[k][s] = (uint8_t)grid_symmetry(k, s);
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
    grid_pos p = position_of(index);
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
static size_t options(const grid_db *db, const geometry *g, int from, int other,
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

static int analyse(grid_db *db, const geometry *g, uint32_t index)
{
    sg_cg left[MAX_OPTIONS], right[MAX_OPTIONS];
    grid_pos p = position_of(index);
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
static int list_positions(grid_db *db, const geometry *g)
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

static int grid_db_build(grid_db **out, char *err, size_t errlen)
{
    *out = NULL;
    geometry g;
    grid_db *db = calloc(1, sizeof *db);
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
                    }
                }
    }
    rc = list_positions(db, &g);
done:
    free(g.sym_mask);
    free(g.by_arrows);
    if (rc != SG_OK) {
        snprintf(err, errlen, "grid database: %s",
                 rc == SG_ERR_NOMEM ? "out of memory" : "canonical form failed");
        grid_db_free(db);
        return rc;
    }
    *out = db;
    return SG_OK;
}

static void grid_db_free(grid_db *db)
{
    if (!db)
        return;
    sg_cgt_free(db->table);
    free(db->id);
    free(db->listed);
    free(db);
}

#endif
