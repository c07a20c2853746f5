/* Perft on the plain board, for checking move generation against published counts: every
 * sequence of moves, players alternating, no splitting into rooms and no settling. A
 * sequence that reaches a player without a move ends early and is not a leaf. At the
 * last ply the moves are counted, not made: for each amazon and landing square the arrow
 * squares are the queen line count from the landing square. The same counting answers
 * moves() asked for a count only (cap 0). */
#include "amazons.h"

/* The counting is popcount-bound: the perft loop is compiled twice (POPCNT_CLONES). */

/* Sum over the squares of from of the empty run that starts next to each in the
 * direction of step: the set moves one step at a time and keeps only the squares whose
 * whole path so far is empty, so round k counts the squares with a run of k or more. */
static inline int run_sum(amz_bb from, amz_bb empty, int step)
{
    int n = 0;
    amz_bb x = from;
    for (;;) {
        x = (step > 0 ? x << step : x >> -step) & empty;
        if (!x)
            return n;
        n += amz_popcount(x);
    }
}

/* The moves of who, counted direction by direction over all landing squares of one
 * amazon at once. The arrow flies through empty squares and the square the amazon left;
 * the landing square itself is never on its own arrow's path. */
static inline __attribute__((always_inline)) uint64_t count_moves(const amz_geom *g, const amz_board *b, sg_player who)
{
    uint64_t n = 0;
    amz_bb amazons = who == SG_LEFT ? b->black : b->white;
    while (amazons) {
        int from = amz_pop(&amazons);
        amz_bb after = b->empty | amz_bit(from);
        amz_bb dest = amz_queen(g, from, b->empty);
        n += (uint64_t)(run_sum(dest, after, 11) + run_sum(dest, after, 12) +
                        run_sum(dest, after, 1) + run_sum(dest, after, 10) +
                        run_sum(dest, after, -10) + run_sum(dest, after, -11) +
                        run_sum(dest, after, -12) + run_sum(dest, after, -1));
    }
    return n;
}

POPCNT_CLONES static uint64_t count_moves_cloned(const amz_geom *g, const amz_board *b,
                                                 sg_player who)
{
    return count_moves(g, b, who);
}

/* Not cloned itself: clang gives a cloned function with external linkage an ifunc symbol
 * that the other files of the plugin do not find when it is loaded. */
uint64_t amz_count_moves(const amz_geom *g, const amz_board *b, sg_player who)
{
    return count_moves_cloned(g, b, who);
}

POPCNT_CLONES static uint64_t perft(const amz_geom *g, const amz_board *b, sg_player who, int depth)
{
    if (depth == 1)
        return count_moves(g, b, who);
    uint64_t n = 0;
    amz_bb amazons = who == SG_LEFT ? b->black : b->white;
    while (amazons) {
        int from = amz_pop(&amazons);
        amz_bb dest = amz_queen(g, from, b->empty);
        amz_board next = *b;
        amz_bb *mine = who == SG_LEFT ? &next.black : &next.white;
        while (dest) {
            int to = amz_pop(&dest);
            amz_bb after = (b->empty | amz_bit(from)) & ~amz_bit(to);
            *mine = (who == SG_LEFT ? b->black : b->white) ^ amz_bit(from) ^ amz_bit(to);
            amz_bb arrows = amz_queen(g, to, after);
            while (arrows) {
                next.empty = after & ~amz_bit(amz_pop(&arrows));
                n += perft(g, &next, sg_opponent(who), depth - 1);
            }
        }
    }
    return n;
}

int sumgame_amazons_perft(void *instance, const void *pos, int who, int depth,
                          uint64_t *leaves)
{
    amz_instance *inst = instance;
    if (!inst || !pos || !leaves || (who != SG_LEFT && who != SG_RIGHT) || depth < 0 ||
        depth > 64 || !amz_valid(&inst->geom, pos))
        return SG_ERR_INVALID;
    amz_board b;
    amz_load(pos, &b);
    *leaves = depth == 0 ? 1 : perft(&inst->geom, &b, (sg_player)who, depth);
    return SG_OK;
}
