/* The n-point Amazons rooms of the TDS paper's Experiment 1 (Kao, Müller et al.; the exact
 * values came from Tegos's 2002 database): connected sets of n squares of a 4x4 grid under
 * queen adjacency (8 neighbours), holding one Black and one White amazon.
 *
 * Two ways of counting them:
 *   - SG_ROOMS_PAPER reproduces the paper's 132, 690 and 3330 rooms for n = 4, 5, 6: each
 *     shape once up to the 8 symmetries of the square and translation (22, 69 and 222
 *     shapes), times every unordered pair of its squares for the two amazons (n(n-1)/2),
 *     Black on the pair's first square in canonical order. Swapping colours only negates
 *     the mean, so one colour assignment per pair is enough; placements that a symmetric
 *     shape maps onto each other are listed separately.
 *   - SG_ROOMS_DISTINCT lists each position once up to symmetry and translation, Black and
 *     White told apart (176, 1216 and 5978 rooms).
 *
 * The order is canonical and fixed, so a database built from the list rebuilds bit for
 * bit. A shape is coded as a 16-bit mask, square (row r from the top, column c) at bit
 * 4r + c, translated to the top-left corner; its canonical mask is the least over the 8
 * symmetries. Shapes come in increasing canonical mask, then amazon squares in increasing
 * bit order (Black first). Each room is written in the amazons notation inside its
 * bounding box, squares outside the shape `x`. */
#ifndef SUMGAME_ROOMS_DB_H
#define SUMGAME_ROOMS_DB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/sum.h"
#include "sumgame/thermograph.h"
#include "sumgame/value.h"

#ifdef __cplusplus
extern "C" {
#endif

#define SG_ROOMS_GRID 4
#define SG_ROOMS_TEXT_MAX 24 /* 4 rows of 4 squares, 3 slashes, NUL */

typedef enum sg_rooms_mode { SG_ROOMS_PAPER = 0, SG_ROOMS_DISTINCT = 1 } sg_rooms_mode;

typedef struct sg_room {
    uint16_t shape;  /* canonical mask */
    uint8_t black;   /* bit index of the Black amazon in the mask */
    uint8_t white;
    uint8_t width, height; /* bounding box */
    char text[SG_ROOMS_TEXT_MAX];
} sg_room;

/* Symmetry k of the 4x4 grid (0..7: the identity and the 3 rotations, then the 4
 * reflections) applied to square 4r + c. */
int sg_rooms_symmetry(int k, int square);
/* Whether the squares of mask form one room under queen adjacency (false for none). */
bool sg_rooms_connected(uint16_t mask);

/* Connected n-square shapes of the 4x4 grid up to symmetry and translation, in canonical
 * order: writes up to cap canonical masks and their number into *count (SG_ERR_RANGE when
 * cap is too small; 1 <= n <= 16, else SG_ERR_INVALID). */
int sg_rooms_shapes(int n, uint16_t *out, size_t cap, size_t *count, char *err, size_t errlen);

/* Every n-point room (2 <= n <= 16) in canonical order. *out is allocated (free() it). */
int sg_rooms_enumerate(int n, sg_rooms_mode mode, sg_room **out, size_t *count, char *err,
                       size_t errlen);

/* The exact mean and temperature of each room (thermographs from the amazons plugin's
 * moves, game being an amazons instance), memoized in cache across rooms. mean and
 * temperature have count entries. */
int sg_rooms_values(sg_thermo_cache *cache, const sg_game *game, const sg_room *rooms,
                    size_t count, sg_value *mean, sg_value *temperature, char *err,
                    size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
