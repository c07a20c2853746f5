/* Amazons boards as 128-bit bitboards, and queen-line (sliding) attacks on them.
 *
 * Square (column c, row r), both counted from 0 at the bottom left, is bit r * 11 + c.
 * Column 10 of every row is a guard that is never empty, and bits 110..127 are never
 * used, so a shift that would wrap around a row edge, or run off the board, lands on a
 * square that is not empty and stops there. Boards smaller than 10x10 live in the
 * bottom left corner; the squares outside them are simply never empty. */
#ifndef AMAZONS_BOARD_H
#define AMAZONS_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "sumgame/host.h"

/* GCC and Clang both provide it; it keeps the attack code short and fast. */
__extension__ typedef unsigned __int128 amz_bb;

#define AMZ_SIDE_MAX 10
#define AMZ_STRIDE 11
#define AMZ_SQUARES (AMZ_SIDE_MAX * AMZ_STRIDE) /* bit indices 0..109 */
#define AMZ_DIRS 8

/* The position blob (game.h's pos_size bytes): every field is a plain integer and the
 * padding is explicit and always zero, so equal boards are equal bytes. The bitboards are
 * split into (low, high) 64-bit halves so the blob needs no 16-byte alignment. The empty
 * squares are stored (not the arrows) because that is what move generation reads; a
 * square of the board is blocked when it is in none of the three sets. */
typedef struct amz_pos {
    uint8_t width, height;
    uint8_t zero[6];
    uint64_t black[2], white[2], empty[2];
} amz_pos;

/* The working form of a position. */
typedef struct amz_board {
    int width, height;
    amz_bb black, white, empty;
} amz_board;

/* Tables every instance builds once (no globals in a plugin). */
typedef struct amz_geom {
    amz_bb ray[AMZ_SQUARES][AMZ_DIRS]; /* squares strictly beyond sq in direction d */
    uint8_t ray_len[AMZ_SQUARES][AMZ_DIRS];
    amz_bb board_mask[AMZ_SIDE_MAX + 1][AMZ_SIDE_MAX + 1]; /* [width][height] */
    uint8_t col[AMZ_SQUARES], row[AMZ_SQUARES];
} amz_geom;

void amz_geom_init(amz_geom *g);

static inline amz_bb amz_bit(int sq) { return (amz_bb)1 << sq; }
static inline int amz_square(int col, int row) { return row * AMZ_STRIDE + col; }

static inline int amz_lsb(amz_bb x)
{
    uint64_t lo = (uint64_t)x;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(x >> 64));
}

static inline int amz_msb(amz_bb x)
{
    uint64_t hi = (uint64_t)(x >> 64);
    return hi ? 127 - __builtin_clzll(hi) : 63 - __builtin_clzll((uint64_t)x);
}

/* Without the POPCNT instruction (the x86-64 baseline) __builtin_popcountll is a call into
 * libgcc, which took 9% of a TDS+ search; the bit-parallel count stays inline. */
/* Without -mpopcnt in the build flags, a popcount-bound function marked POPCNT_CLONES
 * gets a second copy on x86-64 compiled for the instruction, picked when the plugin
 * loads (the CPU has had it since 2008). */
#if defined(__x86_64__) && defined(__ELF__) && (defined(__clang__) || __GNUC__ >= 6)
#define POPCNT_CLONES __attribute__((target_clones("popcnt", "default")))
#else
#define POPCNT_CLONES
#endif

static inline int amz_popcount64(uint64_t x)
{
#ifdef __POPCNT__
    return __builtin_popcountll(x);
#else
    x -= x >> 1 & 0x5555555555555555u;
    x = (x & 0x3333333333333333u) + (x >> 2 & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (int)(x * 0x0101010101010101u >> 56);
#endif
}

static inline int amz_popcount(amz_bb x)
{
    return amz_popcount64((uint64_t)x) + amz_popcount64((uint64_t)(x >> 64));
}

/* Pops the lowest set square of *x. */
static inline int amz_pop(amz_bb *x)
{
    int sq = amz_lsb(*x);
    *x &= *x - 1;
    return sq;
}

/* Directions 0..3 step to higher bits (N, NE, E, NW), 4..7 to lower ones. */
static inline bool amz_dir_up(int d) { return d < 4; }

/* The squares a queen on sq reaches through empty squares. */
static inline amz_bb amz_queen(const amz_geom *g, int sq, amz_bb empty)
{
    amz_bb att = 0;
    for (int d = 0; d < AMZ_DIRS; d++) {
        amz_bb r = g->ray[sq][d];
        amz_bb blockers = r & ~empty;
        if (!blockers) {
            att |= r;
        } else {
            int b = amz_dir_up(d) ? amz_lsb(blockers) : amz_msb(blockers);
            att |= r ^ g->ray[b][d] ^ amz_bit(b);
        }
    }
    return att;
}

/* The number of squares amz_queen would return, without building the set. */
static inline int amz_queen_count(const amz_geom *g, int sq, amz_bb empty)
{
    int n = 0;
    for (int d = 0; d < AMZ_DIRS; d++) {
        amz_bb blockers = g->ray[sq][d] & ~empty;
        if (!blockers) {
            n += g->ray_len[sq][d];
        } else {
            int b = amz_dir_up(d) ? amz_lsb(blockers) : amz_msb(blockers);
            int dc = g->col[b] - g->col[sq], dr = g->row[b] - g->row[sq];
            dc = dc < 0 ? -dc : dc;
            dr = dr < 0 ? -dr : dr;
            n += (dc > dr ? dc : dr) - 1;
        }
    }
    return n;
}

/* The 8-neighbourhood of a set, not including the set itself unless adjacent. Inline,
 * like the loads and stores below: every call of the plugin makes a few, and a call
 * into another file cost more than the work. */
static inline amz_bb amz_neighbours(amz_bb x)
{
    return x << 1 | x >> 1 | x << 10 | x >> 10 | x << 11 | x >> 11 | x << 12 | x >> 12;
}

/* The queen fill written once for two widths of bitboard: the 128-bit board, and 64 bits
 * for rooms whose squares all lie below bit 64 (up to 6 rows at the stride of 11, so every
 * 4x4 to 6x6 room), where each shift is one instruction instead of three. Bits shifted
 * out of the narrow word fall on squares the empty mask would clear anyway.
 *
 * slide: Kogge-Stone occluded fill: every square reachable from set by sliding in one
 * direction through empty squares (set included), then one step further onto the empty
 * square the slide reaches. The doublings cover 1, 2, 4 and 8 steps: a line of `side`
 * squares needs those that add up to side - 2 at least (2 up to side 5, 3 up to 9, 4 for
 * 10).
 *
 * amz_queen_set64 and amz_queen_set128: the eight steps written out with a constant number
 * of doublings, so that every shift is by a constant: the min-distance evaluation calls
 * this a few times a position, and it was most of TDS's time while the steps came from a
 * table. Here in the header so that the evaluation's loop inlines the 64-bit fill with
 * its doublings fixed. */
#define DEFINE_QUEEN_SET(NAME, TYPE)                                                          \
    static inline __attribute__((always_inline)) TYPE NAME##_shift(TYPE x, int step)          \
    {                                                                                         \
        return step > 0 ? x << step : x >> -step;                                             \
    }                                                                                         \
    static inline __attribute__((always_inline)) TYPE NAME##_slide(TYPE set, TYPE empty,      \
                                                                   int step, int doublings)   \
    {                                                                                         \
        TYPE gen = set, pro = empty;                                                          \
        for (int k = 0; k < doublings; k++) {                                                 \
            gen |= pro & NAME##_shift(gen, step * (1 << k));                                  \
            if (k + 1 < doublings)                                                            \
                pro &= NAME##_shift(pro, step * (1 << k));                                    \
        }                                                                                     \
        return NAME##_shift(gen, step) & empty;                                               \
    }                                                                                         \
    static inline __attribute__((always_inline)) TYPE NAME(TYPE set, TYPE empty, int doublings) \
    {                                                                                         \
        return NAME##_slide(set, empty, 11, doublings) | NAME##_slide(set, empty, 12, doublings) | \
               NAME##_slide(set, empty, 1, doublings) | NAME##_slide(set, empty, 10, doublings) | \
               NAME##_slide(set, empty, -10, doublings) |                                     \
               NAME##_slide(set, empty, -11, doublings) |                                     \
               NAME##_slide(set, empty, -12, doublings) | NAME##_slide(set, empty, -1, doublings); \
    }

DEFINE_QUEEN_SET(amz_queen_set128, amz_bb)
DEFINE_QUEEN_SET(amz_queen_set64, uint64_t)

/* Every square that a queen standing on any square of set reaches through empty, on a
 * board whose longer side is at most side squares. */
amz_bb amz_queen_set(amz_bb set, amz_bb empty, int side);
/* The squares of within connected to seed under 8-adjacency (seed included). */
amz_bb amz_flood(amz_bb seed, amz_bb within);

/* True when who (SG_LEFT = Black) has a move: an amazon with an empty neighbour can step
 * there and shoot back onto the square it left. */
static inline bool amz_has_move(const amz_board *b, sg_player who)
{
    return (amz_neighbours(who == SG_LEFT ? b->black : b->white) & b->empty) != 0;
}

static inline void amz_put_bb(uint64_t half[2], amz_bb x)
{
    half[0] = (uint64_t)x;
    half[1] = (uint64_t)(x >> 64);
}

/* Reads the fields straight from the blob: copying the whole blob to a local struct
 * first made the compiler store it and read it back in pieces, which stalled every call
 * of the plugin (12% of an alpha-beta search went to loading positions). */
static inline amz_bb amz_read_bb(const unsigned char *p)
{
    uint64_t lo, hi;
    memcpy(&lo, p, sizeof lo);
    memcpy(&hi, p + sizeof lo, sizeof hi);
    return (amz_bb)hi << 64 | lo;
}

static inline void amz_load(const void *pos, amz_board *b)
{
    const unsigned char *p = pos;
    b->width = p[offsetof(amz_pos, width)];
    b->height = p[offsetof(amz_pos, height)];
    b->black = amz_read_bb(p + offsetof(amz_pos, black));
    b->white = amz_read_bb(p + offsetof(amz_pos, white));
    b->empty = amz_read_bb(p + offsetof(amz_pos, empty));
}

static inline void amz_store(const amz_board *b, void *pos)
{
    amz_pos p;
    memset(&p, 0, sizeof p);
    p.width = (uint8_t)b->width;
    p.height = (uint8_t)b->height;
    amz_put_bb(p.black, b->black);
    amz_put_bb(p.white, b->white);
    amz_put_bb(p.empty, b->empty);
    memcpy(pos, &p, sizeof p);
}

/* True when the blob is a well-formed position (fields in range, sets disjoint and on the
 * board, padding zero). Everything else may assume it. */
static inline bool amz_valid(const amz_geom *g, const void *pos)
{
    const unsigned char *p = pos;
    /* the six padding bytes as 4 + 2: gathering them into one 8-byte word went through
     * the stack and stalled the same way */
    uint32_t pad4;
    uint16_t pad2;
    memcpy(&pad4, p + offsetof(amz_pos, zero), sizeof pad4);
    memcpy(&pad2, p + offsetof(amz_pos, zero) + sizeof pad4, sizeof pad2);
    _Static_assert(sizeof ((const amz_pos *)0)->zero == sizeof pad4 + sizeof pad2,
                   "the padding is six bytes");
    int width = p[offsetof(amz_pos, width)], height = p[offsetof(amz_pos, height)];
    if ((pad4 | pad2) || width < 1 || width > AMZ_SIDE_MAX || height < 1 || height > AMZ_SIDE_MAX)
        return false;
    amz_bb black = amz_read_bb(p + offsetof(amz_pos, black));
    amz_bb white = amz_read_bb(p + offsetof(amz_pos, white));
    amz_bb empty = amz_read_bb(p + offsetof(amz_pos, empty));
    amz_bb mask = g->board_mask[width][height];
    return ((black | white | empty) & ~mask) == 0 && (black & white) == 0 &&
           (black & empty) == 0 && (white & empty) == 0;
}

/* amz_valid and amz_load in one: false (b unspecified) when the blob is not valid. */
static inline bool amz_load_valid(const amz_geom *g, const void *pos, amz_board *b)
{
    if (!amz_valid(g, pos))
        return false;
    amz_load(pos, b);
    return true;
}

/* Move codes: from | to << 8 | arrow << 16, square bit indices. */
static inline sg_move amz_move_code(int from, int to, int arrow)
{
    return (sg_move)from | (sg_move)to << 8 | (sg_move)arrow << 16;
}
static inline int amz_move_from(sg_move m) { return (int)(m & 0xff); }
static inline int amz_move_to(sg_move m) { return (int)(m >> 8 & 0xff); }
static inline int amz_move_arrow(sg_move m) { return (int)(m >> 16 & 0xff); }

/* Writes who's moves in a fixed order (amazon, landing square, arrow square, each by
 * increasing bit index); returns how many exist, writing at most cap. */
size_t amz_moves(const amz_geom *g, const amz_board *b, sg_player who, sg_move *moves,
                 size_t cap);
/* True when move is legal for who in b. */
bool amz_legal(const amz_geom *g, const amz_board *b, sg_player who, sg_move move);
/* Applies a legal move (copy-make). */
void amz_apply(const amz_board *b, sg_player who, sg_move move, amz_board *out);

#endif
