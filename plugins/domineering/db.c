/* Databases of whole boards: shape "RxC" is every set of occupied squares of the board
 * with R rows and C columns (at most 25 squares), the index being the occupied squares
 * as an R*C-bit mask in reading order (bit r * C + c). The layer is the number of empty
 * squares. The symmetries are those of the rectangle: the identity, the left-right and
 * top-bottom reflections and the half turn keep each player's direction; on a square
 * board the transposes and the quarter turns exchange vertical and horizontal, so they
 * are conjugates (the value is negated). */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "domineering.h"

#define DB_SQUARES_MAX 25

/* The board of index in the selected shape. */
static dom_board index_board(const dom_instance *inst, uint64_t index)
{
    dom_board b = { inst->db_cols, inst->db_rows, 0 };
    for (int r = 0; r < inst->db_rows; r++)
        for (int c = 0; c < inst->db_cols; c++)
            if (!(index & (UINT64_C(1) << (r * inst->db_cols + c))))
                b.empty |= dom_bit(dom_square(r, c));
    return b;
}

/* The index of a board of the selected shape's size. */
static uint64_t board_index(const dom_instance *inst, const dom_board *b)
{
    uint64_t index = 0;
    for (int r = 0; r < inst->db_rows; r++)
        for (int c = 0; c < inst->db_cols; c++)
            if (!(b->empty & dom_bit(dom_square(r, c))))
                index |= UINT64_C(1) << (r * inst->db_cols + c);
    return index;
}

/* Reads a side length 1..8 at *p. */
static int read_side(const char **p)
{
    if (**p < '1' || **p > '0' + DOM_SIDE_MAX || ((*p)[1] >= '0' && (*p)[1] <= '9'))
        return -1;
    return *(*p)++ - '0';
}

int dom_db_shape(void *instance, const char *text, sg_db_shape *shape, char *err,
                 size_t errlen)
{
    dom_instance *inst = instance;
    const char *p = text;
    int rows = read_side(&p), cols = -1;
    if (rows > 0 && *p == 'x') {
        p++;
        cols = read_side(&p);
    }
    if (cols < 0 || *p != '\0') {
        if (errlen)
            snprintf(err, errlen,
                     "domineering: bad database shape '%.40s' (expected ROWSxCOLUMNS with "
                     "sides 1..%d, like 4x4 or 3x5)", text, DOM_SIDE_MAX);
        return SG_ERR_INVALID;
    }
    if (rows * cols > DB_SQUARES_MAX) {
        if (errlen)
            snprintf(err, errlen,
                     "domineering: database shape %dx%d has %d squares, at most %d are "
                     "supported (2^squares indices)", rows, cols, rows * cols,
                     DB_SQUARES_MAX);
        return SG_ERR_INVALID;
    }
    inst->db_rows = rows;
    inst->db_cols = cols;
    memset(shape, 0, sizeof *shape);
    shape->indices = UINT64_C(1) << (rows * cols);
    shape->layers = (uint32_t)(rows * cols + 1);
    shape->symmetries = rows == cols ? DOM_SYMMETRIES : 4;
    snprintf(shape->title, sizeof shape->title,
             "every set of occupied squares of the board of %d rows and %d columns, by empty "
             "squares",
             rows, cols);
    return SG_OK;
}

bool dom_db_position(void *instance, uint64_t index, void *pos, uint32_t *layer)
{
    dom_instance *inst = instance;
    if (inst->db_rows == 0 || index >> (inst->db_rows * inst->db_cols))
        return false;
    dom_board b = index_board(inst, index);
    dom_store(&b, pos);
    *layer = (uint32_t)dom_popcount(b.empty);
    return true;
}

uint64_t dom_db_index(void *instance, const void *pos)
{
    dom_instance *inst = instance;
    dom_board b;
    if (inst->db_rows == 0 || !dom_load(pos, &b) || b.height != inst->db_rows ||
        b.width != inst->db_cols)
        return SG_DB_NONE;
    return board_index(inst, &b);
}

void dom_db_images(void *instance, uint64_t index, uint64_t *out, bool *conjugate)
{
    dom_instance *inst = instance;
    int n = inst->db_rows == inst->db_cols ? DOM_SYMMETRIES : 4;
    bool valid = inst->db_rows > 0 && !(index >> (inst->db_rows * inst->db_cols));
    dom_board b = valid ? index_board(inst, index) : (dom_board){ 0, 0, 0 };
    for (int k = 0; k < n; k++) {
        conjugate[k] = k >= 4;
        if (!valid) {
            out[k] = SG_DB_NONE;
            continue;
        }
        dom_board image;
        dom_transform(&b, k, &image);
        out[k] = board_index(inst, &image);
    }
}
