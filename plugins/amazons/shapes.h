/* The Amazons plugin's database shapes (game.h, db_ hooks) and its symmetry (canonical).
 *
 * Two families, both with one Black and one White amazon:
 *   - "RxC" (R rows, C columns, R * C <= 16): every position of the board, any set of
 *     blocked squares. The full 4x4 database of the TDS+ lecture is "4x4". Index
 *     (b * S + w) << S | blocked, S = R * C, a square being the bit r * C + c with row r
 *     from the top; layer: empty squares. Symmetries: the board's (8 for a square, 4 for
 *     a rectangle) and each of them with the colours swapped (a conjugate).
 *   - "rooms:N" and "rooms:N:distinct" (2 <= N <= 16): the N-point rooms of the TDS
 *     paper's Experiment 1, connected sets of N squares of a 4x4 grid under queen
 *     adjacency. Shapes are taken once up to the 8 symmetries of the square and
 *     translation, each at its canonical mask (the least over the symmetries, moved to
 *     the top-left corner), in increasing mask. "rooms:N" counts as the paper did (132,
 *     690 and 3330 rooms for N = 4, 5, 6): every unordered pair of squares, Black on the
 *     lower; a symmetric shape's placements that map onto each other are listed
 *     separately. ":distinct" lists each position once up to symmetry (176, 1216, 5978).
 *     Index: shape rank * 256 + b * 16 + w; one layer. A room is written inside its
 *     bounding box, squares outside the shape blocked. */
#ifndef AMAZONS_SHAPES_H
#define AMAZONS_SHAPES_H

#include <stdbool.h>
#include <stdint.h>

#include "sumgame/game.h"

struct amz_instance;
typedef struct amz_shape amz_shape;

void amz_shape_free(const sg_host *host, amz_shape *shape);

int amz_db_shape(void *instance, const char *text, sg_db_shape *shape, char *err,
                 size_t errlen);
bool amz_db_position(void *instance, uint64_t index, void *pos, uint32_t *layer);
uint64_t amz_db_index(void *instance, const void *pos);
void amz_db_images(void *instance, uint64_t index, uint64_t *out, bool *conjugate);
int amz_db_children(void *instance, uint64_t index, sg_player who, uint64_t *out, size_t cap,
                    size_t *count);

/* The representative of pos under translation (a room moved to the corner of a board cut
 * to its bounding box) and the board's symmetries: the least blob among the images. */
void amz_canonical(void *instance, const void *pos, void *out);
/* Fills the instance's tables for amz_canonical. */
void amz_canonical_init(struct amz_instance *inst);

#endif
