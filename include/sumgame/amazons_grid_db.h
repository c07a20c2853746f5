/* The full 4x4 Amazons database of the TDS+ lecture ("Standard Test Set"): every position
 * of the 4x4 board with one Black and one White amazon and any set of blocked squares
 * (arrows), with the exact canonical form, mean and temperature of each.
 *
 * The values come from a retrograde analysis written for this database alone: its own
 * 16-bit move generator (not the amazons plugin's), and canonical forms built level by
 * level from the positions with the most arrows down to the empty board, since every move
 * adds one arrow. The board is a sum of its rooms, so a position is analysed as a whole.
 * Positions are taken once up to the 8 symmetries of the square; a position and its colour
 * swap are negatives of each other, which halves the work again.
 *
 * A square is a bit index 4r + c, row r from the top, column c from the left (so bit 0 is
 * a4, bit 15 is d1). Black is Left. */
#ifndef SUMGAME_AMAZONS_GRID_DB_H
#define SUMGAME_AMAZONS_GRID_DB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/cgt.h"
#include "sumgame/value.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SG_GRID_SQUARES 16
#define SG_GRID_TEXT_MAX 20 /* 4 rows of 4 squares, 3 slashes, NUL */

typedef struct sg_grid_db sg_grid_db;

/* One position: amazon squares and the blocked squares (never an amazon's square). */
typedef struct sg_grid_pos {
    uint8_t black, white;
    uint16_t arrows;
} sg_grid_pos;

/* Called after each level (number of arrows, 14 down to 0) with the positions analysed so
 * far and the total, for progress reports. */
typedef void sg_grid_progress(void *ctx, int arrows, size_t done, size_t total);

/* Builds the database: about 4 M positions, some 70 MB. */
int sg_grid_db_build(sg_grid_db **out, sg_grid_progress *progress, void *ctx, char *err,
                     size_t errlen);
void sg_grid_db_free(sg_grid_db *db);

/* The table that holds the canonical forms. */
sg_cgt *sg_grid_db_table(sg_grid_db *db);
/* The canonical form of a position; SG_ERR_INVALID when it is not one (amazons on the
 * same square or on a blocked square, a square out of range). */
int sg_grid_db_value(const sg_grid_db *db, sg_grid_pos p, sg_cg *out);

/* Positions taken once up to symmetry (colours told apart), in the fixed order of the
 * database file: by number of empty squares (0 to 14), then by the least image under the
 * 8 symmetries, Black square, White square and arrows. */
size_t sg_grid_db_count(const sg_grid_db *db);
sg_grid_pos sg_grid_db_position(const sg_grid_db *db, size_t i);

/* The stratified test set of the TDS+ lecture: for each number of empty squares e, quota[e]
 * positions (or all of them, when the layer is smaller) drawn uniformly without
 * replacement from the positions listed up to symmetry, with a random stream of seed.
 * Writes the chosen list indices, in list order, into out (cap entries) and their number
 * into *count. SG_ERR_RANGE when cap is too small. */
#define SG_GRID_LAYERS 15 /* 0 to 14 empty squares */
extern const int sg_grid_lecture_quota[SG_GRID_LAYERS]; /* 17; 50 x 11; 33 */
int sg_grid_db_sample(const sg_grid_db *db, const int quota[SG_GRID_LAYERS], uint64_t seed,
                      size_t *out, size_t cap, size_t *count);

/* Squares that hold neither an amazon nor an arrow. */
int sg_grid_empty_squares(sg_grid_pos p);
/* Whether every non-blocked square is in one room (queen-connected). */
bool sg_grid_one_room(sg_grid_pos p);
/* Amazons notation, rows from the top: "B.x./..../..W./xxxx". */
void sg_grid_format(sg_grid_pos p, char text[SG_GRID_TEXT_MAX]);

#ifdef __cplusplus
}
#endif
#endif
