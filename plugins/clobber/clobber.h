/* The Clobber plugin's instance and the pieces its files share. */
#ifndef CLOBBER_CLOBBER_H
#define CLOBBER_CLOBBER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"
#include "sumgame/game.h"

/* Generator patterns. */
enum { CLOB_PATTERN_RANDOM, CLOB_PATTERN_CHECKER };

typedef struct clob_instance {
    const sg_host *host;
    uint64_t size_key[CLOB_SIDE_MAX + 1][CLOB_SIDE_MAX + 1]; /* [width][height], hash()'s salt */
    long long width, height; /* generator parameters */
    int pattern;             /* CLOB_PATTERN_* */
    sg_value fill;           /* random boards: chance of a stone on a square, 0..1 */
    int db_rows, db_cols;    /* the database shape db_shape selected, 0 when none */
} clob_instance;

/* The database hooks (db.c). */
int clob_db_shape(void *instance, const char *text, sg_db_shape *shape, char *err,
                  size_t errlen);
bool clob_db_position(void *instance, uint64_t index, void *pos, uint32_t *layer);
uint64_t clob_db_index(void *instance, const void *pos);
void clob_db_images(void *instance, uint64_t index, uint64_t *out, bool *conjugate);

#endif
