/* The Domineering plugin's instance and the pieces its files share. */
#ifndef DOMINEERING_DOMINEERING_H
#define DOMINEERING_DOMINEERING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "sumgame/game.h"

typedef struct dom_instance {
    const sg_host *host;
    uint64_t zobrist[DOM_SQUARES];                        /* per occupied square */
    uint64_t zobrist_size[DOM_SIDE_MAX + 1][DOM_SIDE_MAX + 1]; /* [width][height] */
    long long width, height; /* generator parameters */
    sg_value fill;           /* generator: chance of a square being occupied, 0..1 */
    int db_rows, db_cols;    /* the database shape db_shape selected, 0 when none */
} dom_instance;

/* The database hooks (db.c). */
int dom_db_shape(void *instance, const char *text, sg_db_shape *shape, char *err,
                 size_t errlen);
bool dom_db_position(void *instance, uint64_t index, void *pos, uint32_t *layer);
uint64_t dom_db_index(void *instance, const void *pos);
void dom_db_images(void *instance, uint64_t index, uint64_t *out, bool *conjugate);

#endif
