/* 8 x 8 bit matrices for games' symmetry maps: square (x, y) of a board of at most 8 x 8
 * is bit 8 * y + x (row y in byte y, column x in bit x), so a reflection or a transpose
 * of the whole board is a few word operations instead of one step per square. Amazons'
 * and Clobber's canonical() use them. Static inline: plugins need no exported symbol. */
#ifndef SUMGAME_BITMATRIX_H
#define SUMGAME_BITMATRIX_H

#include <stdint.h>

/* Row y, column x -> row x, column y (the main diagonal fixed). */
static inline uint64_t sg_bm8_transpose(uint64_t m)
{
    uint64_t t;
    t = (m ^ (m >> 7)) & UINT64_C(0x00AA00AA00AA00AA);
    m ^= t ^ (t << 7);
    t = (m ^ (m >> 14)) & UINT64_C(0x0000CCCC0000CCCC);
    m ^= t ^ (t << 14);
    t = (m ^ (m >> 28)) & UINT64_C(0x00000000F0F0F0F0);
    m ^= t ^ (t << 28);
    return m;
}

/* Column x -> w - 1 - x in every row, for a board w wide (1 <= w <= 8; no bit at or past
 * column w). */
static inline uint64_t sg_bm8_flip_x(uint64_t m, int w)
{
    m = ((m >> 1) & UINT64_C(0x5555555555555555)) | ((m & UINT64_C(0x5555555555555555)) << 1);
    m = ((m >> 2) & UINT64_C(0x3333333333333333)) | ((m & UINT64_C(0x3333333333333333)) << 2);
    m = ((m >> 4) & UINT64_C(0x0F0F0F0F0F0F0F0F)) | ((m & UINT64_C(0x0F0F0F0F0F0F0F0F)) << 4);
    return m >> (8 - w);
}

/* Row y -> h - 1 - y, for a board h high (1 <= h <= 8; no bit at or past row h). */
static inline uint64_t sg_bm8_flip_y(uint64_t m, int h)
{
    return __builtin_bswap64(m) >> (8 * (8 - h));
}

#endif
