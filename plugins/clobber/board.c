/* Board masks, neighbours, symmetries and groups (see board.h). */
#include "board.h"

#include <string.h>

bool clob_load(const void *pos, clob_board *b)
{
    clob_pos p;
    memcpy(&p, pos, sizeof p);
    if (p.width < 1 || p.width > CLOB_SIDE_MAX || p.height < 1 || p.height > CLOB_SIDE_MAX)
        return false;
    for (size_t i = 0; i < sizeof p.zero; i++)
        if (p.zero[i])
            return false;
    uint64_t mask = clob_board_mask(p.width, p.height);
    if ((p.left | p.right) & ~mask || (p.left & p.right))
        return false;
    b->width = p.width;
    b->height = p.height;
    b->left = p.left;
    b->right = p.right;
    return true;
}

void clob_store(const clob_board *b, void *pos)
{
    clob_pos p;
    memset(&p, 0, sizeof p);
    p.width = (uint8_t)b->width;
    p.height = (uint8_t)b->height;
    uint64_t mask = clob_board_mask(b->width, b->height);
    p.left = b->left & mask;
    p.right = b->right & mask & ~b->left;
    memcpy(pos, &p, sizeof p);
}

uint64_t clob_movers(const clob_board *b, sg_player who)
{
    return clob_own(b, who) & clob_neighbours(clob_theirs(b, who));
}

int clob_move_count(const clob_board *b, sg_player who)
{
    int n = 0;
    for (int dir = 0; dir < CLOB_DIRECTIONS; dir++)
        n += clob_popcount(clob_shift(clob_own(b, who), dir) & clob_theirs(b, who));
    return n;
}

/* The image of square (r, c) of a width x height board under symmetry k. */
static int image_square(int w, int h, int k, int sq)
{
    int r = sq / CLOB_SIDE_MAX, c = sq % CLOB_SIDE_MAX, nr, nc;
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
    return clob_square(nr, nc);
}

static uint64_t image_mask(int w, int h, int k, uint64_t m)
{
    uint64_t out = 0;
    for (; m; m &= m - 1)
        out |= clob_bit(image_square(w, h, k, __builtin_ctzll(m)));
    return out;
}

void clob_transform(const clob_board *b, int k, clob_board *out)
{
    int w = b->width, h = b->height;
    bool swap = k >= 4;
    clob_board image = { swap ? h : w, swap ? w : h, image_mask(w, h, k, b->left),
                         image_mask(w, h, k, b->right) };
    *out = image;
}

int clob_groups(const clob_board *b, uint64_t *groups, int cap)
{
    int n = 0;
    uint64_t stones = b->left | b->right;
    for (uint64_t rest = stones; rest; n++) {
        uint64_t group = rest & -rest, grown;
        for (;;) {
            grown = (group | clob_neighbours(group)) & stones;
            if (grown == group)
                break;
            group = grown;
        }
        if (n < cap)
            groups[n] = group;
        rest &= ~group;
    }
    return n;
}

void clob_group_board(const clob_board *b, uint64_t group, clob_board *out)
{
    int rmin = CLOB_SIDE_MAX, rmax = -1, cmin = CLOB_SIDE_MAX, cmax = -1;
    for (uint64_t m = group; m; m &= m - 1) {
        int sq = __builtin_ctzll(m), r = sq / CLOB_SIDE_MAX, c = sq % CLOB_SIDE_MAX;
        rmin = r < rmin ? r : rmin;
        rmax = r > rmax ? r : rmax;
        cmin = c < cmin ? c : cmin;
        cmax = c > cmax ? c : cmax;
    }
    out->width = cmax - cmin + 1;
    out->height = rmax - rmin + 1;
    /* Moving the box to the top left corner is a shift of the whole mask: rows up by
     * rmin, columns left by cmin (no stone of the group lies left of column cmin). */
    int by = rmin * CLOB_SIDE_MAX + cmin;
    out->left = (b->left & group) >> by;
    out->right = (b->right & group) >> by;
}
