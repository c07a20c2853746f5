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
 * Both searches run breadth-first in lockstep, one queen move per round on whole sets. */
int amz_min_distance(const amz_board *b)
{
    amz_bb front_b = b->black, front_w = b->white;
    amz_bb seen_b = 0, seen_w = 0, own_b = 0, own_w = 0;
    int side = b->width > b->height ? b->width : b->height;
    /* Once every empty square is reached by someone, later rounds only reach squares the
     * other side got first, which changes nothing. */
    while ((front_b || front_w) && (b->empty & ~(seen_b | seen_w))) {
        amz_bb new_b = front_b ? amz_queen_set(front_b, b->empty, side) & ~seen_b : 0;
        amz_bb new_w = front_w ? amz_queen_set(front_w, b->empty, side) & ~seen_w : 0;
        seen_b |= new_b;
        seen_w |= new_w;
        own_b |= new_b & ~seen_w;
        own_w |= new_w & ~seen_b;
        front_b = new_b;
        front_w = new_w;
    }
    return amz_popcount(own_b) - amz_popcount(own_w);
}
