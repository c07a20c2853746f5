/* Rooms (independent components) and the min-distance evaluation. */
#include "amazons.h"

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

/* The greatest (Black to move) or least (White) amz_min_distance over who's children,
 * made in place in amz_moves' order: evaluate() one move ahead without play()'s checks
 * and copies (the evaluate_options hook; TDS+'s leaves ask it of every leaf). False when
 * who has no move. The child is updated per landing square and per arrow rather than
 * made whole by amz_apply for each move, which cost 5% of a depth-2 TDS+ estimate. */
bool amz_min_distance_best_child(const amz_geom *g, const amz_board *b, sg_player who,
                                 int *best)
{
    bool left = who == SG_LEFT, any = false;
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
