/* Rooms (independent components) and the min-distance evaluation. */
#include "amazons.h"

#include <limits.h>

/* A room is a set of non-blocked squares connected under queen adjacency (8 neighbours):
 * no move can ever cross a blocked square, so play in one room never affects another.
 * Each room keeps the board's size with everything outside it blocked. Rooms without
 * amazons are kept too: number() settles them at 0. */
size_t amz_rooms(const amz_board *b, amz_board *rooms, size_t cap)
{
    amz_bb open = b->black | b->white | b->empty;
    size_t n = 0;
    while (open) {
        amz_bb room = amz_flood(amz_bit(amz_lsb(open)), open);
        open &= ~room;
        if (n < cap) {
            rooms[n] = *b;
            rooms[n].black &= room;
            rooms[n].white &= room;
            rooms[n].empty &= room;
        }
        n++;
    }
    return n;
}

/* The min-distance heuristic of the TDS+ lecture: d_B(s) is the least number of queen
 * moves (through empty squares, amazons and arrows blocking) any Black amazon needs to
 * reach the empty square s, d_W(s) the same for White. s is Black's when d_B < d_W and
 * White's when d_W < d_B; ties and squares neither side reaches count for nobody (this
 * variant ignores who is to move). The value is Black's squares minus White's.
 * Both searches run breadth-first in lockstep, one queen move per round on whole sets.
 * Written once for both widths of bitboard (board.h's fills): FILL(front, empty, arg)
 * is one queen move of a whole set, arg its doublings (64 bits, a constant, so the fill
 * inlines with its shifts fixed) or the board's side (128 bits). */
#define DEFINE_MIN_DISTANCE(NAME, TYPE, FILL, POPCOUNT)                                      \
    static inline __attribute__((always_inline)) int NAME(TYPE black, TYPE white,             \
                                                          TYPE empty, int arg)                \
    {                                                                                         \
        TYPE front_b = black, front_w = white;                                                \
        TYPE seen_b = 0, seen_w = 0, own_b = 0, own_w = 0;                                    \
        /* Once every empty square is reached by someone, later rounds only reach squares  \
         * the other side got first, which changes nothing. */                                \
        while ((front_b || front_w) && (empty & ~(seen_b | seen_w))) {                        \
            TYPE new_b = FILL(front_b, empty, arg) & ~seen_b;                                 \
            TYPE new_w = FILL(front_w, empty, arg) & ~seen_w;                                 \
            seen_b |= new_b;                                                                  \
            seen_w |= new_w;                                                                  \
            own_b |= new_b & ~seen_w;                                                         \
            own_w |= new_w & ~seen_b;                                                         \
            front_b = new_b;                                                                  \
            front_w = new_w;                                                                  \
        }                                                                                     \
        return POPCOUNT(own_b) - POPCOUNT(own_w);                                             \
    }

DEFINE_MIN_DISTANCE(min_distance64, uint64_t, amz_queen_set64, amz_popcount64)
DEFINE_MIN_DISTANCE(min_distance128, amz_bb, amz_queen_set, amz_popcount)

int amz_min_distance(const amz_board *b)
{
    int side = b->width > b->height ? b->width : b->height;
    /* Up to 6 rows every square lies below bit 64: every room of the papers' experiments. */
    if (side <= 9 && !((b->black | b->white | b->empty) >> 64)) {
        uint64_t black = (uint64_t)b->black, white = (uint64_t)b->white,
                 empty = (uint64_t)b->empty;
        return side <= 5 ? min_distance64(black, white, empty, 2)
                         : min_distance64(black, white, empty, 3);
    }
    return min_distance128(b->black, b->white, b->empty, side);
}

/* amz_min_distance_best_child on a room below bit 64, searched with bounds (the value is
 * exactly the greatest child's, however many children it never evaluates in full). Written
 * for the mover m (the side to move, whose children these are; o the other side) and the
 * value as the mover counts it, m's squares minus o's, the greatest for either colour.
 *
 * After each round of a child's min_distance64 search every square reached is settled
 * for good (whoever reached it first, or a tie), and each square not yet reached can move
 * the value by at most one: own_m + unreached - own_o bounds the value from above, and a
 * child whose bound is no more than the best value found so far is left unfinished. */

/* The rest of one child's search from the end of its first round, seen_m and seen_o being
 * the squares each side reaches in one move: the child's value, or bar (the best so far)
 * as soon as the value cannot exceed it. */
static inline __attribute__((always_inline)) int finish64(uint64_t seen_m, uint64_t seen_o,
                                                          uint64_t empty, int dbl, int bar)
{
    uint64_t front_m = seen_m, front_o = seen_o;
    uint64_t own_m = seen_m & ~seen_o, own_o = seen_o & ~seen_m;
    while ((front_m || front_o) && (empty & ~(seen_m | seen_o))) {
        /* o's round first: an unreached square o reaches now is at best a tie, which most
         * often ends the search before m's round is needed */
        uint64_t new_o = amz_queen_set64(front_o, empty, dbl) & ~seen_o;
        uint64_t open = empty & ~(seen_m | seen_o | new_o);
        if (amz_popcount64(own_m | open) - amz_popcount64(own_o) <= bar)
            return bar;
        uint64_t new_m = amz_queen_set64(front_m, empty, dbl) & ~seen_m;
        seen_m |= new_m;
        seen_o |= new_o;
        own_m |= new_m & ~seen_o;
        own_o |= new_o & ~seen_m;
        front_m = new_m;
        front_o = new_o;
    }
    return amz_popcount64(own_m) - amz_popcount64(own_o);
}

/* reach, the squares a queen on s reaches, less those it loses to an arrow on a, one of
 * them: a and the squares beyond it on the same line. */
static inline uint64_t block64(const amz_geom *g, uint64_t reach, int s, int a)
{
    /* direction index by (row step + 1, column step + 1), as board.c numbers them */
    static const int8_t dir_of[3][3] = { { 6, 5, 4 }, { 7, -1, 2 }, { 3, 0, 1 } };
    int dr = g->row[a] - g->row[s], dc = g->col[a] - g->col[s];
    int d = dir_of[(dr > 0) - (dr < 0) + 1][(dc > 0) - (dc < 0) + 1];
    return reach & ~((uint64_t)1 << a) & ~(uint64_t)g->ray[a][d];
}

/* A child at the end of its search's first round, and its bound there. */
typedef struct amz_first_round {
    uint64_t seen_m, seen_o, empty;
    int bound;
} amz_first_round;

/* Children are bounded this many at a time before any is finished (the leaves of
 * bench_tds_rate's 5x5 and 6x6 rooms had up to 244, so each fits in one batch). */
#define AMZ_BATCH 256

/* Finishes a batch of children: the one of the highest bound (k[top]) first, since a
 * high value found early cuts the others short, then the others in order. */
static inline __attribute__((always_inline)) int finish_batch(const amz_first_round *k, int n,
                                                              int top, int dbl, int best)
{
    int v = finish64(k[top].seen_m, k[top].seen_o, k[top].empty, dbl, best);
    best = v > best ? v : best;
    for (int i = 0; i < n; i++)
        if (i != top && k[i].bound > best) {
            v = finish64(k[i].seen_m, k[i].seen_o, k[i].empty, dbl, best);
            best = v > best ? v : best;
        }
    return best;
}

/* The best child's value for the mover, or INT_MIN without a child. A child's first
 * round comes almost free from its landing square's (once per amazon move, before the
 * arrow): the arrow on a takes from a queen's reach only a and the squares beyond it on
 * the same line, and nothing if the queen did not reach a. Where neither o nor m's other
 * queens reach the arrow, the bound also follows from counts made once per landing
 * square: the squares o does not reach count for m (after & ~reach_o, less the arrow),
 * and o's squares count against m unless m reaches them too (z, the part of o's reach
 * that m's other queens miss, off the landing square's reach or on the arrow's line
 * from the arrow on). */
static inline __attribute__((always_inline)) int best_child64(const amz_geom *g, uint64_t m,
                                                              uint64_t o, uint64_t empty,
                                                              int dbl)
{
    amz_first_round kids[AMZ_BATCH];
    int n = 0, top = 0, high = INT_MIN, best = INT_MIN;
    /* with one queen, o's reach after an arrow is its reach less the blocked line */
    bool lone = o && !(o & (o - 1));
    int s = lone ? __builtin_ctzll(o) : 0;
    for (uint64_t movers = m; movers; movers &= movers - 1) {
        int from = __builtin_ctzll(movers);
        uint64_t others = m & ~((uint64_t)1 << from);
        uint64_t lifted = empty | (uint64_t)1 << from; /* the arrow may use the vacated square */
        uint64_t dest = (uint64_t)amz_queen(g, from, empty);
        uint64_t reach_o_lifted = lone ? amz_queen_set64(o, lifted, dbl) : 0;
        for (; dest; dest &= dest - 1) {
            int to = __builtin_ctzll(dest);
            uint64_t after = lifted & ~((uint64_t)1 << to);
            uint64_t reach_to = amz_queen_set64((uint64_t)1 << to, after, dbl);
            uint64_t reach_others = others ? amz_queen_set64(others, after, dbl) : 0;
            uint64_t reach_o = !lone                        ? amz_queen_set64(o, after, dbl)
                               : reach_o_lifted >> to & 1 ? block64(g, reach_o_lifted, s, to)
                                                          : reach_o_lifted;
            uint64_t z = reach_o & ~reach_others;
            int base = amz_popcount64(after & ~reach_o) - amz_popcount64(z & ~reach_to) - 1;
            for (int d = 0; d < AMZ_DIRS; d++) {
                /* the arrows on one line, farthest first (the rays of directions 0 to 3 run
                 * up the bits), counting z's squares from the far end to the arrow */
                uint64_t line = reach_to & (uint64_t)g->ray[to][d];
                int z_beyond = 0;
                while (line) {
                    int a = d < 4 ? 63 - __builtin_clzll(line) : __builtin_ctzll(line);
                    uint64_t arrow = (uint64_t)1 << a, e = after & ~arrow;
                    line ^= arrow;
                    z_beyond += (int)(z >> a & 1);
                    uint64_t seen_to = reach_to & ~arrow & ~(uint64_t)g->ray[a][d];
                    uint64_t seen_m = seen_to | reach_others, seen_o = reach_o;
                    int bound = base - z_beyond;
                    if ((reach_o | reach_others) & arrow) {
                        if (reach_others & arrow)
                            seen_m = seen_to | amz_queen_set64(others, e, dbl);
                        if (reach_o & arrow)
                            seen_o = lone ? block64(g, reach_o, s, a)
                                          : amz_queen_set64(o, e, dbl);
                        bound = amz_popcount64(e & ~seen_o) - amz_popcount64(seen_o & ~seen_m);
                    }
                    if (bound <= best)
                        continue;
                    if (bound > high) {
                        high = bound;
                        top = n;
                    }
                    kids[n++] = (amz_first_round){ seen_m, seen_o, e, bound };
                    if (n == AMZ_BATCH) {
                        best = finish_batch(kids, n, top, dbl, best);
                        n = 0, high = INT_MIN;
                    }
                }
            }
        }
    }
    return n ? finish_batch(kids, n, top, dbl, best) : best;
}

/* best_child64 for 5x5 rooms and smaller (two rings) or larger ones (three), compiled
 * twice (POPCNT_CLONES): its bounds are popcounts. */
POPCNT_CLONES static int best_child_cloned(const amz_geom *g, uint64_t m, uint64_t o,
                                           uint64_t empty, bool small)
{
    return small ? best_child64(g, m, o, empty, 2) : best_child64(g, m, o, empty, 3);
}

/* The greatest (Black to move) or least (White) amz_min_distance over who's children:
 * evaluate() one move ahead without play()'s checks and copies (the evaluate_options hook;
 * TDS+'s leaves ask it of every leaf, and it was most of TDS+'s time on 6x6 rooms). False
 * when who has no move. Below bit 64 best_child64 bounds the children; on the 128-bit board
 * each child is evaluated in full, updated per landing square and per arrow rather than
 * made whole by amz_apply for each move, which cost 5% of a depth-2 TDS+ estimate. */
bool amz_min_distance_best_child(const amz_geom *g, const amz_board *b, sg_player who,
                                 int *best)
{
    bool left = who == SG_LEFT, any = false;
    int side = b->width > b->height ? b->width : b->height;
    if (side <= 9 && !((b->black | b->white | b->empty) >> 64)) {
        uint64_t black = (uint64_t)b->black, white = (uint64_t)b->white,
                 empty = (uint64_t)b->empty;
        uint64_t m = left ? black : white, o = left ? white : black;
        int v = best_child_cloned(g, m, o, empty, side <= 5);
        if (v == INT_MIN)
            return false;
        *best = left ? v : -v;
        return true;
    }
    amz_bb amazons = left ? b->black : b->white;
    amz_board child = *b;
    while (amazons) {
        int from = amz_pop(&amazons);
        amz_bb lifted = b->empty | amz_bit(from); /* the arrow may use the vacated square */
        amz_bb dest = amz_queen(g, from, b->empty);
        while (dest) {
            int to = amz_pop(&dest);
            amz_bb step = amz_bit(from) | amz_bit(to);
            if (left)
                child.black = b->black ^ step;
            else
                child.white = b->white ^ step;
            amz_bb after = lifted & ~amz_bit(to);
            amz_bb arrows = amz_queen(g, to, after);
            while (arrows) {
                child.empty = after & ~amz_bit(amz_pop(&arrows));
                int v = amz_min_distance(&child);
                if (!any || (left ? v > *best : v < *best))
                    *best = v;
                any = true;
            }
        }
    }
    return any;
}
