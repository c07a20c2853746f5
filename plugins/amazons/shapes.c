/* The Amazons plugin's database shapes and symmetry (shapes.h). Shapes work on masks of
 * at most 16 squares, row r from the top, column c: bit r * C + c. */
#include "shapes.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "amazons.h"
#include "sumgame/bitmatrix.h"

#define GRID_MAX 16
#define SYMS_MAX 8
#define ROOM_SIDE 4

typedef enum shape_kind { SHAPE_GRID, SHAPE_ROOMS } shape_kind;

struct amz_shape {
    shape_kind kind;
    int rows, cols, squares; /* the grid: rows x cols; rooms: the 4x4 grid */
    int syms;                /* board symmetries (images are twice as many for a grid) */
    uint8_t sym_square[SYMS_MAX][GRID_MAX];
    uint16_t *sym_mask;      /* grid: [syms][1 << squares] */
    int amz_square[GRID_MAX]; /* the bitboard square of each mask square */
    int8_t ray[GRID_MAX][8][GRID_MAX]; /* grid: squares along each queen line, -1 after */
    bool distinct;           /* rooms: listed once up to symmetry */
    size_t nshapes;
    uint16_t *masks;         /* rooms: canonical masks, increasing */
};

static int popcount16(unsigned m) { return __builtin_popcount(m & 0xFFFFu); }

/* Symmetry k of an n x n square (k < 8) or of an r x c rectangle (k < 4), on (row, col). */
static void transform(int k, int rows, int cols, int r, int c, int *tr, int *tc)
{
    switch (k) {
    case 0: *tr = r; *tc = c; break;
    case 1: *tr = rows - 1 - r; *tc = cols - 1 - c; break;
    case 2: *tr = r; *tc = cols - 1 - c; break;
    case 3: *tr = rows - 1 - r; *tc = c; break;
    /* square boards only: the four that exchange rows and columns */
    case 4: *tr = c; *tc = r; break;
    case 5: *tr = c; *tc = rows - 1 - r; break;
    case 6: *tr = cols - 1 - c; *tc = r; break;
    default: *tr = cols - 1 - c; *tc = rows - 1 - r; break;
    }
}

/* ---- rooms: shapes of the 4x4 grid up to symmetry and translation ---- */

static uint16_t to_corner(uint16_t mask)
{
    int min_r = ROOM_SIDE, min_c = ROOM_SIDE;
    for (int s = 0; s < ROOM_SIDE * ROOM_SIDE; s++)
        if (mask >> s & 1) {
            if (s / ROOM_SIDE < min_r)
                min_r = s / ROOM_SIDE;
            if (s % ROOM_SIDE < min_c)
                min_c = s % ROOM_SIDE;
        }
    return (uint16_t)(mask >> (min_r * ROOM_SIDE + min_c));
}

/* Symmetry k of a room mask, moved to the corner; *shift gets the move, so squares can
 * follow: square s goes to map_square(s). */
static uint16_t room_image(uint16_t mask, int k, int *shift)
{
    uint16_t image = 0;
    for (int s = 0; s < ROOM_SIDE * ROOM_SIDE; s++)
        if (mask >> s & 1) {
            int r, c;
            transform(k, ROOM_SIDE, ROOM_SIDE, s / ROOM_SIDE, s % ROOM_SIDE, &r, &c);
            image |= (uint16_t)(1u << (r * ROOM_SIDE + c));
        }
    uint16_t moved = to_corner(image);
    *shift = 0;
    while (image && (uint16_t)(moved << *shift) != image)
        ++*shift;
    return moved;
}

static int room_square(int s, int k, int shift)
{
    int r, c;
    transform(k, ROOM_SIDE, ROOM_SIDE, s / ROOM_SIDE, s % ROOM_SIDE, &r, &c);
    return r * ROOM_SIDE + c - shift;
}

static uint16_t room_canonical(uint16_t mask)
{
    uint16_t best = UINT16_MAX;
    for (int k = 0; k < SYMS_MAX; k++) {
        int shift;
        uint16_t m = room_image(mask, k, &shift);
        if (m < best)
            best = m;
    }
    return best;
}

/* Connected under queen adjacency: squares touching by a side or a corner. */
static bool room_connected(uint16_t mask)
{
    if (!mask)
        return false;
    uint16_t seen = (uint16_t)(mask & -mask), frontier = seen;
    while (frontier) {
        uint16_t next = 0;
        for (int s = 0; s < ROOM_SIDE * ROOM_SIDE; s++) {
            if (!(frontier >> s & 1))
                continue;
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    int r = s / ROOM_SIDE + dr, c = s % ROOM_SIDE + dc;
                    if (r >= 0 && r < ROOM_SIDE && c >= 0 && c < ROOM_SIDE)
                        next |= (uint16_t)(1u << (r * ROOM_SIDE + c));
                }
        }
        frontier = (uint16_t)(next & mask & ~seen);
        seen |= frontier;
    }
    return seen == mask;
}

static void room_box(uint16_t mask, int *rows, int *cols)
{
    *rows = *cols = 0;
    for (int s = 0; s < ROOM_SIDE * ROOM_SIDE; s++)
        if (mask >> s & 1) {
            if (s % ROOM_SIDE + 1 > *cols)
                *cols = s % ROOM_SIDE + 1;
            if (s / ROOM_SIDE + 1 > *rows)
                *rows = s / ROOM_SIDE + 1;
        }
}

/* ---- shape selection ---- */

void amz_shape_free(const sg_host *host, amz_shape *shape)
{
    if (!shape)
        return;
    host->free(shape->sym_mask);
    host->free(shape->masks);
    host->free(shape);
}

static int parse_shape(const char *text, amz_shape *s, char *err, size_t errlen)
{
    int a, b, used = 0;
    char tail[16] = "";
    if (sscanf(text, "%dx%d%n", &a, &b, &used) == 2 && text[used] == '\0') {
        if (a < 1 || b < 1 || a > AMZ_SIDE_MAX || b > AMZ_SIDE_MAX || a * b > GRID_MAX ||
            a * b < 2) {
            snprintf(err, errlen, "a grid of %dx%d: expected rows x columns with 2 to %d "
                                  "squares", a, b, GRID_MAX);
            return SG_ERR_INVALID;
        }
        s->kind = SHAPE_GRID;
        s->rows = a;
        s->cols = b;
        return SG_OK;
    }
    used = 0;
    if (sscanf(text, "rooms:%d%n", &a, &used) == 1 &&
        (text[used] == '\0' || (sscanf(text + used, ":%15s", tail) == 1 &&
                                strcmp(tail, "distinct") == 0))) {
        if (a < 2 || a > ROOM_SIDE * ROOM_SIDE) {
            snprintf(err, errlen, "rooms of %d points: expected 2 to 16 (two amazons in a "
                                  "4x4 grid)", a);
            return SG_ERR_INVALID;
        }
        s->kind = SHAPE_ROOMS;
        s->rows = s->cols = ROOM_SIDE;
        s->squares = a; /* points, until the grid is set below */
        s->distinct = tail[0] != '\0';
        return SG_OK;
    }
    snprintf(err, errlen, "unknown shape (expected RxC such as 4x4, rooms:N or "
                          "rooms:N:distinct)");
    return SG_ERR_INVALID;
}

static int setup_grid(const sg_host *host, amz_shape *s)
{
    s->squares = s->rows * s->cols;
    s->syms = s->rows == s->cols ? 8 : 4;
    for (int k = 0; k < s->syms; k++)
        for (int q = 0; q < s->squares; q++) {
            int r, c;
            transform(k, s->rows, s->cols, q / s->cols, q % s->cols, &r, &c);
            s->sym_square[k][q] = (uint8_t)(r * s->cols + c);
        }
    size_t masks = (size_t)1 << s->squares;
    s->sym_mask = host->alloc((size_t)s->syms * masks * sizeof *s->sym_mask);
    if (!s->sym_mask)
        return SG_ERR_NOMEM;
    for (int k = 0; k < s->syms; k++)
        for (size_t m = 0; m < masks; m++) {
            uint16_t image = 0;
            for (int q = 0; q < s->squares; q++)
                if (m >> q & 1)
                    image |= (uint16_t)(1u << s->sym_square[k][q]);
            s->sym_mask[(size_t)k * masks + m] = image;
        }
    for (int q = 0; q < s->squares; q++)
        s->amz_square[q] = amz_square(q % s->cols, s->rows - 1 - q / s->cols);
    static const int dr[8] = { -1, -1, -1, 0, 0, 1, 1, 1 };
    static const int dc[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };
    for (int q = 0; q < s->squares; q++)
        for (int d = 0; d < 8; d++) {
            int r = q / s->cols, c = q % s->cols;
            for (int i = 0; i < GRID_MAX; i++) {
                r += dr[d];
                c += dc[d];
                bool on = r >= 0 && r < s->rows && c >= 0 && c < s->cols;
                s->ray[q][d][i] = (int8_t)(on ? r * s->cols + c : -1);
                if (!on)
                    r = c = -GRID_MAX; /* stays off the board */
            }
        }
    return SG_OK;
}

static int setup_rooms(const sg_host *host, amz_shape *s, int points)
{
    s->squares = ROOM_SIDE * ROOM_SIDE;
    s->syms = s->distinct ? SYMS_MAX : 1;
    size_t n = 0;
    for (int pass = 0; pass < 2; pass++) {
        n = 0;
        for (uint32_t m = 1; m <= UINT16_MAX; m++) {
            uint16_t mask = (uint16_t)m;
            /* each class once, at its canonical mask (which lies in the corner) */
            if (popcount16(mask) != points || !room_connected(mask) ||
                room_canonical(mask) != mask)
                continue;
            if (pass == 1)
                s->masks[n] = mask;
            n++;
        }
        if (pass == 0 && !(s->masks = host->alloc((n ? n : 1) * sizeof *s->masks)))
            return SG_ERR_NOMEM;
    }
    s->nshapes = n;
    return SG_OK;
}

int amz_db_shape(void *instance, const char *text, sg_db_shape *shape, char *err,
                 size_t errlen)
{
    amz_instance *inst = instance;
    amz_shape *s = inst->host->alloc(sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    memset(s, 0, sizeof *s);
    int rc = parse_shape(text, s, err, errlen);
    if (rc == SG_OK)
        rc = s->kind == SHAPE_GRID ? setup_grid(inst->host, s)
                                   : setup_rooms(inst->host, s, s->squares);
    if (rc != SG_OK) {
        if (rc == SG_ERR_NOMEM)
            snprintf(err, errlen, "out of memory");
        amz_shape_free(inst->host, s);
        return rc;
    }
    memset(shape, 0, sizeof *shape);
    if (s->kind == SHAPE_GRID) {
        shape->indices = (uint64_t)(s->squares * s->squares) << s->squares;
        shape->layers = (uint32_t)s->squares - 1;
        shape->symmetries = 2 * (uint32_t)s->syms;
        snprintf(shape->title, sizeof shape->title,
                 "the %dx%d board with one Black and one White amazon and every pattern of "
                 "blocked squares, by empty squares", s->rows, s->cols);
    } else {
        int points = popcount16(s->nshapes ? s->masks[0] : 0);
        shape->indices = (uint64_t)s->nshapes << 8;
        shape->layers = 1;
        shape->symmetries = (uint32_t)s->syms;
        snprintf(shape->title, sizeof shape->title,
                 "rooms of %d points in a 4x4 grid, one Black and one White amazon: %zu "
                 "shapes (counting: %s)",
                 points, s->nshapes, s->distinct ? "distinct" : "paper");
    }
    amz_shape_free(inst->host, inst->shape);
    inst->shape = s;
    return SG_OK;
}

/* ---- indices and positions ---- */

static void grid_split(const amz_shape *s, uint64_t index, int *b, int *w, unsigned *blocked)
{
    *blocked = (unsigned)(index & ((1u << s->squares) - 1));
    unsigned bw = (unsigned)(index >> s->squares);
    *b = (int)(bw / (unsigned)s->squares);
    *w = (int)(bw % (unsigned)s->squares);
}

static uint64_t grid_index(const amz_shape *s, int b, int w, unsigned blocked)
{
    return (uint64_t)(b * s->squares + w) << s->squares | blocked;
}

/* A mask's rows (row r from the top: bits r * cols ..) are bitboard rows (rows - 1 - r
 * from the bottom, at r * AMZ_STRIDE), so a whole row moves in one shift. */
static unsigned bb_to_mask(amz_bb bb, int rows, int cols)
{
    unsigned m = 0, row = (1u << cols) - 1;
    for (int r = 0; r < rows; r++)
        m |= (unsigned)((uint64_t)(bb >> ((rows - 1 - r) * AMZ_STRIDE)) & row) << (r * cols);
    return m;
}

static amz_bb mask_to_bb(unsigned m, int rows, int cols)
{
    amz_bb bb = 0;
    unsigned row = (1u << cols) - 1;
    for (int r = 0; r < rows; r++)
        bb |= (amz_bb)((m >> (r * cols)) & row) << ((rows - 1 - r) * AMZ_STRIDE);
    return bb;
}

/* A board of rows x cols whose open squares are the mask open, amazons on b and w. */
static void store_board(int rows, int cols, unsigned open, int b, int w, void *pos)
{
    unsigned amazons = 1u << b | 1u << w;
    amz_board board = { cols, rows, mask_to_bb(1u << b, rows, cols),
                        mask_to_bb(1u << w, rows, cols),
                        mask_to_bb(open & ~amazons, rows, cols) };
    amz_store(&board, pos);
}

bool amz_db_position(void *instance, uint64_t index, void *pos, uint32_t *layer)
{
    const amz_instance *inst = instance;
    const amz_shape *s = inst->shape;
    if (!s)
        return false;
    if (s->kind == SHAPE_GRID) {
        int b, w;
        unsigned blocked;
        if (index >= (uint64_t)(s->squares * s->squares) << s->squares)
            return false;
        grid_split(s, index, &b, &w, &blocked);
        if (b == w || (blocked >> b & 1) || (blocked >> w & 1))
            return false;
        store_board(s->rows, s->cols, ~blocked & ((1u << s->squares) - 1), b, w, pos);
        *layer = (uint32_t)(s->squares - 2 - popcount16(blocked));
        return true;
    }
    uint64_t rank = index >> 8;
    int b = (int)(index >> 4 & 15), w = (int)(index & 15);
    if (rank >= s->nshapes)
        return false;
    uint16_t mask = s->masks[rank];
    if (b == w || !(mask >> b & 1) || !(mask >> w & 1) || (!s->distinct && w < b))
        return false;
    int rows, cols;
    room_box(mask, &rows, &cols);
    /* room squares are numbered in the 4x4 grid: renumber them inside the box */
    unsigned open = 0;
    int bb = -1, ww = -1;
    for (int q = 0; q < ROOM_SIDE * ROOM_SIDE; q++)
        if (mask >> q & 1) {
            int k = q / ROOM_SIDE * cols + q % ROOM_SIDE;
            open |= 1u << k;
            if (q == b)
                bb = k;
            if (q == w)
                ww = k;
        }
    store_board(rows, cols, open, bb, ww, pos);
    *layer = 0;
    return true;
}

/* The mask squares (row from the top) of a board's amazons and its open squares, or
 * false when it is not rows x cols with exactly one amazon of each colour. */
static bool read_board(const amz_board *bd, int rows, int cols, int *b, int *w,
                       unsigned *open)
{
    /* exactly one bit each, without a popcount (the plugin is built for any x86-64) */
    if (bd->width != cols || bd->height != rows || !bd->black || !bd->white ||
        (bd->black & (bd->black - 1)) || (bd->white & (bd->white - 1)))
        return false;
    *b = __builtin_ctz(bb_to_mask(bd->black, rows, cols));
    *w = __builtin_ctz(bb_to_mask(bd->white, rows, cols));
    *open = bb_to_mask(bd->black | bd->white | bd->empty, rows, cols);
    return true;
}

uint64_t amz_db_index(void *instance, const void *pos)
{
    const amz_instance *inst = instance;
    const amz_shape *s = inst->shape;
    amz_board bd;
    int b = 0, w = 0;
    unsigned open;
    if (!s || !amz_load_valid(&inst->geom, pos, &bd))
        return SG_DB_NONE;
    if (s->kind == SHAPE_GRID) {
        if (!read_board(&bd, s->rows, s->cols, &b, &w, &open))
            return SG_DB_NONE;
        return grid_index(s, b, w, ~open & ((1u << s->squares) - 1));
    }
    if (bd.width > ROOM_SIDE || bd.height > ROOM_SIDE ||
        !read_board(&bd, bd.height, bd.width, &b, &w, &open))
        return SG_DB_NONE;
    /* back to 4x4 grid numbering */
    unsigned mask = 0;
    int gb = 0, gw = 0;
    for (int q = 0; q < bd.width * bd.height; q++)
        if (open >> q & 1) {
            int g = q / bd.width * ROOM_SIDE + q % bd.width;
            mask |= 1u << g;
            gb = q == b ? g : gb;
            gw = q == w ? g : gw;
        }
    int rows, cols;
    room_box((uint16_t)mask, &rows, &cols);
    if (rows != bd.height || cols != bd.width || (!s->distinct && gw < gb))
        return SG_DB_NONE;
    size_t lo = 0, hi = s->nshapes;
    while (lo < hi) {
        size_t mid = (lo + hi) / 2;
        if (s->masks[mid] < mask)
            lo = mid + 1;
        else
            hi = mid;
    }
    if (lo == s->nshapes || s->masks[lo] != mask)
        return SG_DB_NONE;
    return (uint64_t)lo << 8 | (uint64_t)gb << 4 | (uint64_t)gw;
}

void amz_db_images(void *instance, uint64_t index, uint64_t *out, bool *conjugate)
{
    const amz_instance *inst = instance;
    const amz_shape *s = inst->shape;
    if (s->kind == SHAPE_GRID) {
        int b, w;
        unsigned blocked;
        grid_split(s, index, &b, &w, &blocked);
        size_t masks = (size_t)1 << s->squares;
        for (int k = 0; k < s->syms; k++) {
            int sb = s->sym_square[k][b], sw = s->sym_square[k][w];
            unsigned m = s->sym_mask[(size_t)k * masks + blocked];
            out[k] = grid_index(s, sb, sw, m);
            conjugate[k] = false;
            out[s->syms + k] = grid_index(s, sw, sb, m);
            conjugate[s->syms + k] = true;
        }
        return;
    }
    out[0] = index;
    conjugate[0] = false;
    uint16_t mask = s->masks[index >> 8];
    int b = (int)(index >> 4 & 15), w = (int)(index & 15);
    for (int k = 1; k < s->syms; k++) {
        int shift;
        conjugate[k] = false;
        if (room_image(mask, k, &shift) != mask) {
            out[k] = SG_DB_NONE;
            continue;
        }
        out[k] = (index >> 8) << 8 | (uint64_t)room_square(b, k, shift) << 4 |
                 (uint64_t)room_square(w, k, shift);
    }
}

int amz_db_children(void *instance, uint64_t index, sg_player who, uint64_t *out, size_t cap,
                    size_t *count)
{
    const amz_instance *inst = instance;
    const amz_shape *s = inst->shape;
    *count = 0;
    if (!s || s->kind != SHAPE_GRID)
        return SG_ERR_UNSUPPORTED; /* a room's moves leave its shape */
    int b, w;
    unsigned blocked;
    grid_split(s, index, &b, &w, &blocked);
    int from = who == SG_LEFT ? b : w, other = who == SG_LEFT ? w : b;
    unsigned stop = blocked | 1u << from | 1u << other;
    size_t n = 0;
    /* a queen step to `to`, then an arrow from there (the square left is open again) */
    for (int d = 0; d < 8; d++)
        for (int i = 0; i < GRID_MAX; i++) {
            int to = s->ray[from][d][i];
            if (to < 0 || stop >> to & 1)
                break;
            unsigned stop_after = blocked | 1u << other | 1u << to;
            for (int e = 0; e < 8; e++)
                for (int j = 0; j < GRID_MAX; j++) {
                    int a = s->ray[to][e][j];
                    if (a < 0 || stop_after >> a & 1)
                        break;
                    if (n < cap)
                        out[n] = who == SG_LEFT ? grid_index(s, to, other, blocked | 1u << a)
                                                : grid_index(s, other, to, blocked | 1u << a);
                    n++;
                }
        }
    *count = n;
    return n > cap ? SG_ERR_RANGE : SG_OK;
}

/* ---- symmetry of any position ---- */

/* Symmetry k of the 8 of a w x h box, on (x, y) from its bottom-left corner: the last four
 * exchange x and y (the box becomes h x w). */
static void box_image(int k, int w, int h, int x, int y, int *ox, int *oy)
{
    if (k >= 4) {
        int t = x;
        x = y;
        y = t;
        t = w;
        w = h;
        h = t;
    }
    *ox = k & 1 ? w - 1 - x : x;
    *oy = k & 2 ? h - 1 - y : y;
}

void amz_canonical_init(amz_instance *inst)
{
    for (int w = 1; w <= AMZ_SIDE_MAX; w++)
        for (int h = 1; h <= AMZ_SIDE_MAX && w * h <= 64; h++)
            for (int k = 0; k < 8; k++)
                for (int q = 0; q < w * h; q++) {
                    int x, y;
                    box_image(k, w, h, q % w, q / w, &x, &y);
                    inst->box_map[w][h][k][q] = (uint8_t)(y * (k >= 4 ? h : w) + x);
                }
}

static uint64_t box_move(uint64_t m, const uint8_t *map)
{
    uint64_t out = 0;
    for (; m; m &= m - 1)
        out |= (uint64_t)1 << map[__builtin_ctzll(m)];
    return out;
}

/* Whether the image (width iw, masks im) comes before the best so far: narrower first,
 * then by the Black, White and empty masks. */
static bool image_less(int iw, const uint64_t im[3], int best_w, const uint64_t best[3])
{
    if (iw != best_w)
        return iw < best_w;
    for (int s = 0; s < 3; s++)
        if (im[s] != best[s])
            return im[s] < best[s];
    return false;
}

/* Boxes of at most 8 x 8 are 8 x 8 bit matrices (sumgame/bitmatrix.h): the eight maps
 * are then a few word operations each instead of one step per square. */

/* canonical_small for a box of at most 8 x 8. The images are compared as the stride-w
 * packing does: with equal widths both orders are by (row, column) from the top, so the
 * same representative is chosen. */
static void canonical_8x8(const amz_board *bd, int min_r, int min_c, int w, int h, void *out)
{
    uint64_t m[3] = { 0, 0, 0 };
    const amz_bb sets[3] = { bd->black, bd->white, bd->empty };
    uint64_t rowmask = ((uint64_t)1 << w) - 1;
    for (int y = 0; y < h; y++) {
        int shift = (min_r + y) * AMZ_STRIDE + min_c;
        for (int s = 0; s < 3; s++)
            m[s] |= ((uint64_t)(sets[s] >> shift) & rowmask) << (8 * y);
    }
    uint64_t best[3] = { 0, 0, 0 };
    int best_w = 0;
    for (int k = 0; k < 8; k++) {
        bool swap = k >= 4;
        int iw = swap ? h : w, ih = swap ? w : h;
        uint64_t im[3];
        for (int s = 0; s < 3; s++) {
            uint64_t x = swap ? sg_bm8_transpose(m[s]) : m[s];
            if (k & 1)
                x = sg_bm8_flip_x(x, iw);
            if (k & 2)
                x = sg_bm8_flip_y(x, ih);
            im[s] = x;
        }
        if (k == 0 || image_less(iw, im, best_w, best)) {
            best_w = iw;
            memcpy(best, im, sizeof best);
        }
    }
    int bh = w * h / best_w;
    amz_board rep = { best_w, bh, 0, 0, 0 };
    amz_bb *dst[3] = { &rep.black, &rep.white, &rep.empty };
    for (int y = 0; y < bh; y++)
        for (int s = 0; s < 3; s++)
            *dst[s] |= (amz_bb)((best[s] >> (8 * y)) & 0xFFu) << (y * AMZ_STRIDE);
    amz_store(&rep, out);
}

/* The representative when the open squares' box has at most 64 squares (every room exact
 * analysis can reach): the box as three 64-bit masks, each image by a table, the least
 * (width, Black, White, empty) chosen. False when the box is larger. */
static bool canonical_small(const amz_instance *inst, const amz_board *bd, amz_bb open,
                            void *out)
{
    int min_r = -1, max_r = 0, w = 0, min_c;
    unsigned cols = 0;
    for (int r = 0; r < bd->height; r++) {
        unsigned row = (unsigned)((uint64_t)(open >> (r * AMZ_STRIDE)) & 0x3FFu);
        if (!row)
            continue;
        min_r = min_r < 0 ? r : min_r;
        max_r = r;
        cols |= row;
    }
    min_c = __builtin_ctz(cols);
    w = 32 - __builtin_clz(cols) - min_c;
    int h = max_r - min_r + 1;
    if (w <= 8 && h <= 8) {
        canonical_8x8(bd, min_r, min_c, w, h, out);
        return true;
    }
    if (w * h > 64)
        return false;
    uint64_t m[3] = { 0, 0, 0 }, rowmask = ((uint64_t)1 << w) - 1;
    const amz_bb sets[3] = { bd->black, bd->white, bd->empty };
    for (int y = 0; y < h; y++) {
        int shift = (min_r + y) * AMZ_STRIDE + min_c;
        for (int s = 0; s < 3; s++)
            m[s] |= ((uint64_t)(sets[s] >> shift) & rowmask) << (y * w);
    }
    uint64_t best[3] = { 0, 0, 0 };
    int best_w = 0;
    for (int k = 0; k < 8; k++) {
        const uint8_t *map = inst->box_map[w][h][k];
        int iw = k >= 4 ? h : w;
        uint64_t im[3] = { box_move(m[0], map), box_move(m[1], map), box_move(m[2], map) };
        if (k == 0 || image_less(iw, im, best_w, best)) {
            best_w = iw;
            memcpy(best, im, sizeof best);
        }
    }
    int bh = w * h / best_w;
    amz_board rep = { best_w, bh, 0, 0, 0 };
    amz_bb *dst[3] = { &rep.black, &rep.white, &rep.empty };
    uint64_t browmask = ((uint64_t)1 << best_w) - 1;
    for (int y = 0; y < bh; y++)
        for (int s = 0; s < 3; s++)
            *dst[s] |= (amz_bb)((best[s] >> (y * best_w)) & browmask) << (y * AMZ_STRIDE);
    amz_store(&rep, out);
    return true;
}

void amz_canonical(void *instance, const void *pos, void *out)
{
    const amz_instance *inst = instance;
    amz_board bd;
    if (!amz_load_valid(&inst->geom, pos, &bd)) {
        memcpy(out, pos, sizeof(amz_pos));
        return;
    }
    amz_bb open = bd.black | bd.white | bd.empty;
    if (!open) {
        memcpy(out, pos, sizeof(amz_pos));
        return;
    }
    if (canonical_small(inst, &bd, open, out))
        return;
    int min_c = AMZ_SIDE_MAX, max_c = 0, min_r = AMZ_SIDE_MAX, max_r = 0;
    for (amz_bb x = open; x;) {
        int sq = amz_pop(&x), c = inst->geom.col[sq], r = inst->geom.row[sq];
        min_c = c < min_c ? c : min_c;
        max_c = c > max_c ? c : max_c;
        min_r = r < min_r ? r : min_r;
        max_r = r > max_r ? r : max_r;
    }
    int width = max_c - min_c + 1, height = max_r - min_r + 1;
    amz_pos best;
    /* The eight maps of the box, in (x, y) from its bottom-left corner; the last four
     * exchange x and y, giving the transposed box (the same game: queen moves are
     * symmetric under all eight). */
    for (int k = 0; k < 8; k++) {
        bool swap = k >= 4;
        amz_board im = { swap ? height : width, swap ? width : height, 0, 0, 0 };
        for (amz_bb x = open; x;) {
            int sq = amz_pop(&x), px = inst->geom.col[sq] - min_c,
                py = inst->geom.row[sq] - min_r;
            if (swap) {
                int t = px;
                px = py;
                py = t;
            }
            if (k & 1)
                px = im.width - 1 - px;
            if (k & 2)
                py = im.height - 1 - py;
            amz_bb from = amz_bit(sq), to = amz_bit(amz_square(px, py));
            if (bd.black & from)
                im.black |= to;
            else if (bd.white & from)
                im.white |= to;
            else
                im.empty |= to;
        }
        amz_pos p;
        amz_store(&im, &p);
        if (k == 0 || memcmp(&p, &best, sizeof p) < 0)
            best = p;
    }
    memcpy(out, &best, sizeof best);
}
