/* Board masks, neighbours, symmetries and groups (see board.h). */
#include "board.h"

#include <string.h>

#include "sumgame/bitmatrix.h"

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

/* Symmetry k of a width x height board: 0 the identity, 1 columns reversed, 2 rows
 * reversed, 3 both (the half turn); 4 the transpose (row r, column c to row c, column r),
 * then 5 with both of the transposed board's reversals, 6 with its columns reversed and
 * 7 with its rows reversed. Squares are r * 8 + c, so a board is an 8 x 8 bit matrix. */
void clob_transform(const clob_board *b, int k, clob_board *out)
{
    int w = b->width, h = b->height;
    uint64_t left = b->left, right = b->right;
    if (k >= 4) {
        left = sg_bm8_transpose(left);
        right = sg_bm8_transpose(right);
        int t = w;
        w = h;
        h = t;
    }
    bool flip_x = k == 1 || k == 3 || k == 5 || k == 6;
    bool flip_y = k == 2 || k == 3 || k == 5 || k == 7;
    if (flip_x) {
        left = sg_bm8_flip_x(left, w);
        right = sg_bm8_flip_x(right, w);
    }
    if (flip_y) {
        left = sg_bm8_flip_y(left, h);
        right = sg_bm8_flip_y(right, h);
    }
    clob_board image = { w, h, left, right };
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
