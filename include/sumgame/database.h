/* Exact databases of a game's shapes: every position of a finite family the game numbers
 * densely (game.h, db_shape and the other db_ hooks), with its canonical form, listed once
 * up to the shape's symmetries.
 *
 * The build walks the index space in order. A position not yet valued is expanded from
 * the game's own moves; a child inside the shape is looked up by index (and expanded
 * first when it has no value yet), a child outside it is valued by the exact engine
 * (sg_cgt_from_game). A value found is copied at once to every image of the position
 * under the shape's symmetries, negated for a conjugate (the players' roles exchanged),
 * so a class is expanded once. Databases are for loop-free games: play that comes back
 * to a position being expanded stops the build with one line.
 *
 * Listing: a position is listed when no image of it that is not a conjugate has a smaller
 * index, and the list is ordered by layer, then by index; it depends on nothing but the
 * game and the shape, so a file written from it rebuilds bit for bit. */
#ifndef SUMGAME_DATABASE_H
#define SUMGAME_DATABASE_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/cgt.h"
#include "sumgame/game.h"
#include "sumgame/meter.h"
#include "sumgame/sum.h"

SG_API_BEGIN

typedef struct sg_db sg_db;

/* The largest index space a build accepts: four bytes of value per index. */
#define SG_DB_INDICES_MAX ((uint64_t)1 << 30)

enum {
    SG_DB_VALUES = 1u << 0 /* value the positions, not only list them */
};

/* Whether the game offers every hook a database needs. */
bool sg_db_supported(const sg_game *game);

/* Selects shape in game's instance and builds its database under meter (NULL = none: each
 * position expanded ticks it). SG_ERR_UNSUPPORTED when the game has no database hooks or
 * passes (a passing game is loopy), SG_ERR_INVALID for a shape the game refuses or
 * describes badly, SG_ERR_BUDGET when the meter stops it; one line in err. */
int sg_db_build(sg_db **out, const sg_game *game, const char *shape, unsigned flags,
                sg_meter *meter, char *err, size_t errlen);
void sg_db_free(sg_db *db);

const sg_db_shape *sg_db_describe(const sg_db *db);
/* The table holding the values (for thermographs and formatting). */
sg_cgt *sg_db_table(sg_db *db);

/* Listed positions, in list order. */
size_t sg_db_count(const sg_db *db);
uint64_t sg_db_index(const sg_db *db, size_t i);
uint32_t sg_db_layer(const sg_db *db, size_t i);
/* Writes listed position i into pos (the game's pos_size bytes). */
int sg_db_position(const sg_db *db, size_t i, void *pos);
/* The canonical form of listed position i (a build with SG_DB_VALUES). */
sg_cg sg_db_value(const sg_db *db, size_t i);
/* The canonical form of any position of the shape; SG_ERR_INVALID when pos is not in it. */
int sg_db_lookup(const sg_db *db, const void *pos, sg_cg *out);

/* A stratified sample: quota[l] listed positions of layer l (all of them when the layer is
 * smaller; layers beyond nquota give none), drawn uniformly without replacement with one
 * random stream per layer split from seed, so a changed quota leaves the other layers'
 * draws alone. Writes list indices, in list order, into out (cap entries) and their
 * number into *count; SG_ERR_RANGE when cap is too small. */
int sg_db_sample(const sg_db *db, const unsigned *quota, size_t nquota, uint64_t seed,
                 size_t *out, size_t cap, size_t *count);

SG_API_END
#endif
