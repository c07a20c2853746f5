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

amz_bb amz_neighbours(amz_bb x)
{
    return x << 1 | x >> 1 | x << 10 | x >> 10 | x << 11 | x >> 11 | x << 12 | x >> 12;
}

amz_bb amz_flood(amz_bb seed, amz_bb within)
{
    amz_bb cur = seed, next;
    while ((next = (cur | amz_neighbours(cur)) & (within | seed)) != cur)
        cur = next;
    return cur;
}

/* Shifts toward higher bits for positive steps. */
static inline amz_bb shift(amz_bb x, int step)
{
    return step > 0 ? x << step : x >> -step;
}

/* Kogge-Stone occluded fill: every square reachable from set by sliding in one direction
 * through empty squares (set included), then one step further onto the empty square the
 * slide reaches. Three doublings cover the 9 steps a 10-square line needs. */
static amz_bb slide(amz_bb set, amz_bb empty, int step)
{
    amz_bb gen = set, pro = empty;
    gen |= pro & shift(gen, step);
    pro &= shift(pro, step);
    gen |= pro & shift(gen, 2 * step);
    pro &= shift(pro, 2 * step);
    gen |= pro & shift(gen, 4 * step);
    pro &= shift(pro, 4 * step);
    gen |= pro & shift(gen, 8 * step);
    return shift(gen, step) & empty;
}

amz_bb amz_queen_set(amz_bb set, amz_bb empty)
{
    static const int steps[AMZ_DIRS] = { 11, 12, 1, 10, -10, -11, -12, -1 };
    amz_bb att = 0;
    for (int d = 0; d < AMZ_DIRS; d++)
        att |= slide(set, empty, steps[d]);
    return att;
}

static amz_bb get_bb(const uint64_t half[2])
{
    return (amz_bb)half[1] << 64 | half[0];
}

static void put_bb(uint64_t half[2], amz_bb x)
{
    half[0] = (uint64_t)x;
    half[1] = (uint64_t)(x >> 64);
}

void amz_load(const void *pos, amz_board *b)
{
    amz_pos p;
    memcpy(&p, pos, sizeof p);
    b->width = p.width;
    b->height = p.height;
    b->black = get_bb(p.black);
    b->white = get_bb(p.white);
    b->empty = get_bb(p.empty);
}

void amz_store(const amz_board *b, void *pos)
{
    amz_pos p;
    memset(&p, 0, sizeof p);
    p.width = (uint8_t)b->width;
    p.height = (uint8_t)b->height;
    put_bb(p.black, b->black);
    put_bb(p.white, b->white);
    put_bb(p.empty, b->empty);
    memcpy(pos, &p, sizeof p);
}

bool amz_load_valid(const amz_geom *g, const void *pos, amz_board *b)
{
    amz_pos p;
    memcpy(&p, pos, sizeof p);
    uint64_t zero = 0;
    for (size_t i = 0; i < sizeof p.zero; i++)
        zero |= p.zero[i];
    if (zero || p.width < 1 || p.width > AMZ_SIDE_MAX || p.height < 1 ||
        p.height > AMZ_SIDE_MAX)
        return false;
    b->width = p.width;
    b->height = p.height;
    b->black = get_bb(p.black);
    b->white = get_bb(p.white);
    b->empty = get_bb(p.empty);
    amz_bb mask = g->board_mask[b->width][b->height];
    amz_bb all = b->black | b->white | b->empty;
    return (all & ~mask) == 0 && (b->black & b->white) == 0 && (b->black & b->empty) == 0 &&
           (b->white & b->empty) == 0;
}

bool amz_valid(const amz_geom *g, const void *pos)
{
    amz_board b;
    return amz_load_valid(g, pos, &b);
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
 * lines, and so is every square between. Both squares must be on the board (col and row
 * are only set there); an empty square always is. */
static bool slides(const amz_geom *g, int from, int to, amz_bb empty)
{
    if (!(empty & amz_bit(to)))
        return false;
    int dc = g->col[to] - g->col[from], dr = g->row[to] - g->row[from];
    if (dc != 0 && dr != 0 && dc != dr && dc != -dr)
        return false;
    int sc = (dc > 0) - (dc < 0), sr = (dr > 0) - (dr < 0);
    for (int d = 0; d < AMZ_DIRS; d++)
        if (dir_dc[d] == sc && dir_dr[d] == sr) {
            amz_bb path = g->ray[from][d] & ~g->ray[to][d]; /* beyond from, up to to */
            return (path & ~empty) == 0;
        }
    return false; /* to == from, which is not empty */
}

/* Called for every move played, so it checks the two lines instead of building attack
 * sets. */
bool amz_legal(const amz_geom *g, const amz_board *b, sg_player who, sg_move move)
{
    if (move >> 24)
        return false;
    int from = amz_move_from(move), to = amz_move_to(move), arrow = amz_move_arrow(move);
    if (from >= AMZ_SQUARES || to >= AMZ_SQUARES || arrow >= AMZ_SQUARES)
        return false;
    amz_bb amazons = who == SG_LEFT ? b->black : b->white;
    if (!(amazons & amz_bit(from)) || !slides(g, from, to, b->empty))
        return false;
    amz_bb after = (b->empty | amz_bit(from)) & ~amz_bit(to);
    return slides(g, to, arrow, after);
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
