/* Board masks, slots, symmetries and regions (see board.h). */
#include "board.h"

#include <string.h>

/* Column 7 of every row: a square there has no right neighbour. */
#define COL7 UINT64_C(0x8080808080808080)
#define COL0 UINT64_C(0x0101010101010101)

uint64_t dom_board_mask(int width, int height)
{
    uint64_t row = width >= DOM_SIDE_MAX ? UINT64_C(0xff) : (UINT64_C(1) << width) - 1;
    uint64_t mask = 0;
    for (int r = 0; r < height; r++)
        mask |= row << (r * DOM_SIDE_MAX);
    return mask;
}

bool dom_load(const void *pos, dom_board *b)
{
    dom_pos p;
    memcpy(&p, pos, sizeof p);
    if (p.width < 1 || p.width > DOM_SIDE_MAX || p.height < 1 || p.height > DOM_SIDE_MAX)
        return false;
    for (size_t i = 0; i < sizeof p.zero; i++)
        if (p.zero[i])
            return false;
    uint64_t mask = dom_board_mask(p.width, p.height);
    if (p.occupied & ~mask)
        return false;
    b->width = p.width;
    b->height = p.height;
    b->empty = mask & ~p.occupied;
    return true;
}

void dom_store(const dom_board *b, void *pos)
{
    dom_pos p;
    memset(&p, 0, sizeof p);
    p.width = (uint8_t)b->width;
    p.height = (uint8_t)b->height;
    p.occupied = dom_board_mask(b->width, b->height) & ~b->empty;
    memcpy(pos, &p, sizeof p);
}

uint64_t dom_slots(const dom_board *b, sg_player who)
{
    uint64_t e = b->empty;
    /* A square of the last row (or column) has no empty partner: the partner's bit is
     * outside the board, or (column 7) the next row's first square, masked off. */
    return who == SG_LEFT ? e & (e >> DOM_SIDE_MAX) : e & (e >> 1) & ~COL7;
}

uint64_t dom_slot_squares(const dom_board *b, sg_player who)
{
    uint64_t s = dom_slots(b, who);
    return who == SG_LEFT ? s | (s << DOM_SIDE_MAX) : s | (s << 1);
}

int dom_max_placements(const dom_board *b, sg_player who)
{
    int lines = who == SG_LEFT ? b->width : b->height;
    int length = who == SG_LEFT ? b->height : b->width;
    int total = 0;
    for (int i = 0; i < lines; i++) {
        int run = 0;
        for (int j = 0; j <= length; j++) {
            int sq = who == SG_LEFT ? dom_square(j, i) : dom_square(i, j);
            if (j < length && (b->empty & dom_bit(sq))) {
                run++;
            } else {
                total += run / 2;
                run = 0;
            }
        }
    }
    return total;
}

void dom_transform(const dom_board *b, int k, dom_board *out)
{
    int w = b->width, h = b->height;
    bool swap = k >= 4;
    out->width = swap ? h : w;
    out->height = swap ? w : h;
    out->empty = 0;
    for (uint64_t e = b->empty; e; e &= e - 1) {
        int sq = __builtin_ctzll(e);
        int r = sq / DOM_SIDE_MAX, c = sq % DOM_SIDE_MAX, nr, nc;
        switch (k) {
        case 0: nr = r; nc = c; break;
        case 1: nr = r; nc = w - 1 - c; break;
        case 2: nr = h - 1 - r; nc = c; break;
        case 3: nr = h - 1 - r; nc = w - 1 - c; break;
        case 4: nr = c; nc = r; break;
        case 5: nr = w - 1 - c; nc = h - 1 - r; break;
        case 6: nr = c; nc = h - 1 - r; break;
        default: nr = w - 1 - c; nc = r; break;
        }
        out->empty |= dom_bit(dom_square(nr, nc));
    }
}

int dom_regions(const dom_board *b, uint64_t *regions, int cap)
{
    int n = 0;
    for (uint64_t rest = b->empty; rest; n++) {
        uint64_t region = rest & -rest, grown;
        for (;;) {
            grown = region | (region << DOM_SIDE_MAX) | (region >> DOM_SIDE_MAX) |
                    ((region << 1) & ~COL0) | ((region >> 1) & ~COL7);
            grown &= b->empty;
            if (grown == region)
                break;
            region = grown;
        }
        if (n < cap)
            regions[n] = region;
        rest &= ~region;
    }
    return n;
}

void dom_region_board(uint64_t region, dom_board *out)
{
    int rmin = DOM_SIDE_MAX, rmax = -1, cmin = DOM_SIDE_MAX, cmax = -1;
    for (uint64_t e = region; e; e &= e - 1) {
        int sq = __builtin_ctzll(e), r = sq / DOM_SIDE_MAX, c = sq % DOM_SIDE_MAX;
        rmin = r < rmin ? r : rmin;
        rmax = r > rmax ? r : rmax;
        cmin = c < cmin ? c : cmin;
        cmax = c > cmax ? c : cmax;
    }
    out->width = cmax - cmin + 1;
    out->height = rmax - rmin + 1;
    out->empty = 0;
    for (uint64_t e = region; e; e &= e - 1) {
        int sq = __builtin_ctzll(e), r = sq / DOM_SIDE_MAX, c = sq % DOM_SIDE_MAX;
        out->empty |= dom_bit(dom_square(r - rmin, c - cmin));
    }
}
