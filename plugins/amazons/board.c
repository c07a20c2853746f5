#include "board.h"

#include <string.h>

/* Column and row steps of the eight directions, in the order of board.h: the first four
 * raise the bit index, the last four lower it. */
static const int dir_dc[AMZ_DIRS] = { 0, 1, 1, -1, 1, 0, -1, -1 };
static const int dir_dr[AMZ_DIRS] = { 1, 1, 0, 1, -1, -1, -1, 0 };

void amz_geom_init(amz_geom *g)
{
    memset(g, 0, sizeof *g);
    for (int r = 0; r < AMZ_SIDE_MAX; r++)
        for (int c = 0; c < AMZ_SIDE_MAX; c++) {
            int sq = amz_square(c, r);
            g->col[sq] = (uint8_t)c;
            g->row[sq] = (uint8_t)r;
            for (int d = 0; d < AMZ_DIRS; d++) {
                int cc = c + dir_dc[d], rr = r + dir_dr[d];
                while (cc >= 0 && cc < AMZ_SIDE_MAX && rr >= 0 && rr < AMZ_SIDE_MAX) {
                    g->ray[sq][d] |= amz_bit(amz_square(cc, rr));
                    g->ray_len[sq][d]++;
                    cc += dir_dc[d];
                    rr += dir_dr[d];
                }
            }
        }
    for (int w = 1; w <= AMZ_SIDE_MAX; w++)
        for (int h = 1; h <= AMZ_SIDE_MAX; h++)
            for (int r = 0; r < h; r++)
                for (int c = 0; c < w; c++)
                    g->board_mask[w][h] |= amz_bit(amz_square(c, r));
}

/* The 3x3 blocks around the squares of x: a step along the row, then one along the
 * column, four shifts where x | amz_neighbours(x) takes eight. What spills into the guard
 * column or the unused bits is in no set of squares, and every caller masks it away. */
static inline amz_bb blocks(amz_bb x)
{
    x |= x << 1 | x >> 1;
    return x | x << AMZ_STRIDE | x >> AMZ_STRIDE;
}

amz_bb amz_flood(amz_bb seed, amz_bb within)
{
    /* Splitting floods every room after every move. Two steps per comparison: the
     * comparison costs about as much as a step, and a fixed point of two steps is one of
     * one, since the set only grows. */
    amz_bb mask = within | seed, cur = seed;
    for (;;) {
        amz_bb next = blocks(blocks(cur) & mask) & mask;
        if (next == cur)
            return cur;
        cur = next;
    }
}


amz_bb amz_queen_set(amz_bb set, amz_bb empty, int side)
{
    int doublings = side <= 5 ? 2 : side <= 9 ? 3 : 4;
    /* Four doublings would shift a 64-bit word by 96 bits. */
    if (doublings <= 3 && !((set | empty) >> 64)) {
        uint64_t s = (uint64_t)set, e = (uint64_t)empty;
        return doublings == 2 ? amz_queen_set64(s, e, 2) : amz_queen_set64(s, e, 3);
    }
    return doublings == 2 ? amz_queen_set128(set, empty, 2)
           : doublings == 3 ? amz_queen_set128(set, empty, 3)
                            : amz_queen_set128(set, empty, 4);
}

size_t amz_moves(const amz_geom *g, const amz_board *b, sg_player who, sg_move *moves,
                 size_t cap)
{
    size_t n = 0;
    amz_bb amazons = who == SG_LEFT ? b->black : b->white;
    while (amazons) {
        int from = amz_pop(&amazons);
        amz_bb after = b->empty | amz_bit(from); /* the arrow may use the vacated square */
        amz_bb dest = amz_queen(g, from, b->empty);
        while (dest) {
            int to = amz_pop(&dest);
            amz_bb arrows = amz_queen(g, to, after & ~amz_bit(to));
            while (arrows) {
                int arrow = amz_pop(&arrows);
                if (n < cap)
                    moves[n] = amz_move_code(from, to, arrow);
                n++;
            }
        }
    }
    return n;
}

/* True when a queen on from reaches to through empty: to is empty and on one of from's
 * lines with only empty squares between. Both must be squares of the 10x10 board. One
 * line instead of amz_queen's eight: play() checks every move it is given. */
static bool line_clear(const amz_geom *g, int from, int to, amz_bb empty)
{
    /* direction index by (row step + 1, column step + 1), as in the table at the top */
    static const int8_t dir_of[3][3] = { { 6, 5, 4 }, { 7, -1, 2 }, { 3, 0, 1 } };
    if (!(empty & amz_bit(to)))
        return false;
    int dc = g->col[to] - g->col[from], dr = g->row[to] - g->row[from];
    if (dc != 0 && dr != 0 && dc != dr && dc != -dr)
        return false;
    int d = dir_of[(dr > 0) - (dr < 0) + 1][(dc > 0) - (dc < 0) + 1];
    if (d < 0)
        return false;
    amz_bb between = g->ray[from][d] & ~g->ray[to][d] & ~amz_bit(to);
    return (between & ~empty) == 0;
}

bool amz_legal(const amz_geom *g, const amz_board *b, sg_player who, sg_move move)
{
    if (move >> 24)
        return false;
    int from = amz_move_from(move), to = amz_move_to(move), arrow = amz_move_arrow(move);
    if (from >= AMZ_SQUARES || to >= AMZ_SQUARES || arrow >= AMZ_SQUARES)
        return false;
    amz_bb amazons = who == SG_LEFT ? b->black : b->white;
    /* an amazon and an empty square are on the board, so their columns and rows are
     * real; the line test checks emptiness before using them */
    if (!(amazons & amz_bit(from)) || !line_clear(g, from, to, b->empty))
        return false;
    amz_bb after = (b->empty | amz_bit(from)) & ~amz_bit(to);
    return line_clear(g, to, arrow, after);
}

void amz_apply(const amz_board *b, sg_player who, sg_move move, amz_board *out)
{
    int from = amz_move_from(move), to = amz_move_to(move), arrow = amz_move_arrow(move);
    *out = *b;
    amz_bb step = amz_bit(from) | amz_bit(to);
    if (who == SG_LEFT)
        out->black ^= step;
    else
        out->white ^= step;
    out->empty = ((b->empty | amz_bit(from)) & ~amz_bit(to)) & ~amz_bit(arrow);
}
