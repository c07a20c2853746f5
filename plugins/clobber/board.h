/* Clobber boards as two 64-bit masks, one per colour.
 *
 * Square (row r counted from the top, column c from the left) is bit r * 8 + c, whatever
 * the board's size: a board smaller than 8x8 lives in the top left corner. Only squares
 * of the board ever hold a stone, so a shift that runs off the board meets no stone; a
 * shift along a row is masked so that it does not wrap into the next row. Left's stones
 * are 'x' (Black), Right's 'o' (White), as in CGSuite. */
#ifndef CLOBBER_BOARD_H
#define CLOBBER_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "sumgame/host.h"

#define CLOB_SIDE_MAX 8
#define CLOB_SQUARES 64

/* The position blob (game.h's pos_size bytes): plain integers, explicit zero padding,
 * disjoint masks with no bit outside the board, so equal boards are equal bytes. */
typedef struct clob_pos {
    uint64_t left, right; /* Left's ('x') and Right's ('o') stones */
    uint8_t width, height;
    uint8_t zero[6];
} clob_pos;

/* The working form. */
typedef struct clob_board {
    int width, height;
    uint64_t left, right;
} clob_board;

static inline int clob_square(int row, int col) { return row * CLOB_SIDE_MAX + col; }
static inline uint64_t clob_bit(int sq) { return UINT64_C(1) << sq; }
/* Without -mpopcnt (the portable build) __builtin_popcountll is a call into libgcc, and
 * move counting and group sizes ask for it at every node. */
static inline int clob_popcount(uint64_t x)
{
    x -= (x >> 1) & UINT64_C(0x5555555555555555);
    x = (x & UINT64_C(0x3333333333333333)) + ((x >> 2) & UINT64_C(0x3333333333333333));
    x = (x + (x >> 4)) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    return (int)((x * UINT64_C(0x0101010101010101)) >> 56);
}

/* The stones of who, and of the other player. */
static inline uint64_t clob_own(const clob_board *b, sg_player who)
{
    return who == SG_LEFT ? b->left : b->right;
}
static inline uint64_t clob_theirs(const clob_board *b, sg_player who)
{
    return who == SG_LEFT ? b->right : b->left;
}

/* All squares of a width x height board (1 to 8 each). Inline, like the shifts below:
 * every call into the plugin loads a board, and these run at every node. */
static inline uint64_t clob_board_mask(int width, int height)
{
    uint64_t row = width >= CLOB_SIDE_MAX ? UINT64_C(0xff) : (UINT64_C(1) << width) - 1;
    uint64_t rows = height >= CLOB_SIDE_MAX ? ~UINT64_C(0)
                                            : (UINT64_C(1) << (height * CLOB_SIDE_MAX)) - 1;
    return (row * UINT64_C(0x0101010101010101)) & rows;
}

/* Loads a blob; false when it is not a well-formed position (size, stray or shared
 * bits, padding), so that bad bytes from a caller never reach move generation. */
bool clob_load(const void *pos, clob_board *b);
void clob_store(const clob_board *b, void *pos);

/* The four orthogonal neighbours of the squares in m that lie on an 8x8 board, in one
 * direction each: 0 up, 1 left, 2 right, 3 down (the order of their square numbers). */
#define CLOB_DIRECTIONS 4
static inline uint64_t clob_shift(uint64_t m, int dir)
{
    const uint64_t col0 = UINT64_C(0x0101010101010101), col7 = UINT64_C(0x8080808080808080);
    switch (dir) {
    case 0: return m >> CLOB_SIDE_MAX;
    case 1: return (m >> 1) & ~col7; /* along a row, never wrapping into the next */
    case 2: return (m << 1) & ~col0;
    default: return m << CLOB_SIDE_MAX;
    }
}
/* Every neighbour of the squares in m. */
static inline uint64_t clob_neighbours(uint64_t m)
{
    return clob_shift(m, 0) | clob_shift(m, 1) | clob_shift(m, 2) | clob_shift(m, 3);
}

/* The stones of who that have a move (an orthogonal neighbour of the other colour). */
uint64_t clob_movers(const clob_board *b, sg_player who);
/* How many moves who has. Each adjacent pair of opposite stones is one move for each
 * player, so both players always have the same number. */
int clob_move_count(const clob_board *b, sg_player who);

/* The eight symmetries of the square, as maps of a board onto its image: 0 identity,
 * 1 left-right, 2 top-bottom, 3 the half turn (these keep the board's shape), 4 the
 * transpose, 5 the anti-transpose, 6 and 7 the quarter turns (these exchange width and
 * height). A Clobber move is the same in every direction, so every image has the value
 * of the board. */
#define CLOB_SYMMETRIES 8
void clob_transform(const clob_board *b, int k, clob_board *out);

/* The connected groups of stones (4-adjacency, either colour), in order of their first
 * square in reading order: writes up to cap masks and returns how many there are. */
int clob_groups(const clob_board *b, uint64_t *groups, int cap);
/* The group as a board of its own: its bounding box, the stones of b inside the group. */
void clob_group_board(const clob_board *b, uint64_t group, clob_board *out);

#endif
