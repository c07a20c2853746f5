/* Domineering boards as 64-bit masks.
 *
 * Square (row r counted from the top, column c from the left) is bit r * 8 + c, whatever
 * the board's size: a board smaller than 8x8 lives in the top left corner. Only squares
 * of the board are ever set in a mask, so a shift that runs off a row or off the board
 * lands on a square that is never empty. Left (Vertical) covers squares s and s + 8,
 * Right (Horizontal) squares s and s + 1. */
#ifndef DOMINEERING_BOARD_H
#define DOMINEERING_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#include "sumgame/host.h"

#define DOM_SIDE_MAX 8
#define DOM_SQUARES 64

/* The position blob (game.h's pos_size bytes): plain integers, explicit zero padding,
 * and no bit set outside the board, so equal boards are equal bytes. */
typedef struct dom_pos {
    uint64_t occupied;
    uint8_t width, height;
    uint8_t zero[6];
} dom_pos;

/* The working form: the board's squares and the empty ones among them. */
typedef struct dom_board {
    int width, height;
    uint64_t empty;
} dom_board;

static inline int dom_square(int row, int col) { return row * DOM_SIDE_MAX + col; }
static inline uint64_t dom_bit(int sq) { return UINT64_C(1) << sq; }
static inline int dom_popcount(uint64_t x) { return __builtin_popcountll(x); }

/* All squares of a width x height board. */
uint64_t dom_board_mask(int width, int height);

/* Loads a blob; false when it is not a well-formed position (size, stray bits,
 * padding), so that bad bytes from a caller never reach move generation. */
bool dom_load(const void *pos, dom_board *b);
void dom_store(const dom_board *b, void *pos);

/* The squares where a domino of who can start: the top square of a vertical (Left)
 * slot, the left square of a horizontal (Right) one. */
uint64_t dom_slots(const dom_board *b, sg_player who);
/* The squares that lie in some slot of who. */
uint64_t dom_slot_squares(const dom_board *b, sg_player who);
/* The most dominoes who can still place, all of them at once: runs of empty squares
 * along who's direction hold floor(length / 2) each, and runs never share a domino. */
int dom_max_placements(const dom_board *b, sg_player who);

/* The eight symmetries of the square, as maps of a board onto its image: 0 identity,
 * 1 left-right, 2 top-bottom, 3 the 180-degree rotation (these four keep the board's
 * shape and each player's direction), 4 the transpose, 5 the anti-transpose, 6 and 7 the
 * quarter turns (these exchange width and height, and vertical with horizontal). */
#define DOM_SYMMETRIES 8
void dom_transform(const dom_board *b, int k, dom_board *out);

/* The connected regions of empty squares (4-adjacency), in order of their first square
 * in reading order: writes up to cap masks and returns how many there are. */
int dom_regions(const dom_board *b, uint64_t *regions, int cap);
/* The region as a board of its own: its bounding box, the rest occupied. */
void dom_region_board(uint64_t region, dom_board *out);

#endif
