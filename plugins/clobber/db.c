/* Databases of whole boards: shape "RxC" is every placement of stones on the board with
 * R rows and C columns (at most 16 squares), the index being the squares in reading
 * order as base-3 digits, square r * C + c worth 3^(r * C + c): digit 0 empty, 1 a stone
 * of Left ('x'), 2 a stone of Right ('o'). The layer is the number of stones. The
 * symmetries are the rectangle's (the identity, the left-right and top-bottom
 * reflections, the half turn; on a square board also the transposes and the quarter
 * turns), none a conjugate since a Clobber move is the same in every direction; and each
 * of them once more with the colours swapped, a conjugate (the players exchange their
 * stones, so the value is negated). */
#include <stdio.h>
#include <string.h>

#include "clobber.h"

#define DB_SQUARES_MAX 16

static uint64_t pow3(int n)
{
    uint64_t p = 1;
    while (n-- > 0)
        p *= 3;
    return p;
}

static int squares(const clob_instance *inst) { return inst->db_rows * inst->db_cols; }

/* The board of index (below 3^squares) in the selected shape. */
static clob_board index_board(const clob_instance *inst, uint64_t index)
{
    clob_board b = { inst->db_cols, inst->db_rows, 0, 0 };
    for (int r = 0; r < inst->db_rows; r++)
        for (int c = 0; c < inst->db_cols; c++, index /= 3) {
            uint64_t digit = index % 3;
            if (digit == 1)
                b.left |= clob_bit(clob_square(r, c));
            else if (digit == 2)
                b.right |= clob_bit(clob_square(r, c));
        }
    return b;
}

/* The index of a board of the selected shape's size. */
static uint64_t board_index(const clob_instance *inst, const clob_board *b)
{
    uint64_t index = 0;
    for (int r = inst->db_rows - 1; r >= 0; r--)
        for (int c = inst->db_cols - 1; c >= 0; c--) {
            uint64_t bit = clob_bit(clob_square(r, c));
            index = index * 3 + ((b->left & bit) ? 1 : (b->right & bit) ? 2 : 0);
        }
    return index;
}

/* Reads a side length 1..8 at *p. */
static int read_side(const char **p)
{
    if (**p < '1' || **p > '0' + CLOB_SIDE_MAX || ((*p)[1] >= '0' && (*p)[1] <= '9'))
        return -1;
    return *(*p)++ - '0';
}

/* Geometric symmetries that keep an R x C board's shape. */
static int geometric(int rows, int cols) { return rows == cols ? CLOB_SYMMETRIES : 4; }

int clob_db_shape(void *instance, const char *text, sg_db_shape *shape, char *err,
                  size_t errlen)
{
    clob_instance *inst = instance;
    const char *p = text;
    int rows = read_side(&p), cols = -1;
    if (rows > 0 && *p == 'x') {
        p++;
        cols = read_side(&p);
    }
    if (cols < 0 || *p != '\0') {
        if (errlen)
            snprintf(err, errlen,
                     "clobber: bad database shape '%.40s' (expected ROWSxCOLUMNS with sides "
                     "1..%d, like 3x3 or 2x5)", text, CLOB_SIDE_MAX);
        return SG_ERR_INVALID;
    }
    if (rows * cols > DB_SQUARES_MAX) {
        if (errlen)
            snprintf(err, errlen,
                     "clobber: database shape %dx%d has %d squares, at most %d are supported "
                     "(3^squares indices)", rows, cols, rows * cols, DB_SQUARES_MAX);
        return SG_ERR_INVALID;
    }
    inst->db_rows = rows;
    inst->db_cols = cols;
    memset(shape, 0, sizeof *shape);
    shape->indices = pow3(rows * cols);
    shape->layers = (uint32_t)(rows * cols + 1);
    shape->symmetries = (uint32_t)(2 * geometric(rows, cols));
    snprintf(shape->title, sizeof shape->title,
             "every placement of stones on the board of %d rows and %d columns, by stones",
             rows, cols);
    return SG_OK;
}

bool clob_db_position(void *instance, uint64_t index, void *pos, uint32_t *layer)
{
    clob_instance *inst = instance;
    if (inst->db_rows == 0 || index >= pow3(squares(inst)))
        return false;
    clob_board b = index_board(inst, index);
    clob_store(&b, pos);
    *layer = (uint32_t)clob_popcount(b.left | b.right);
    return true;
}

uint64_t clob_db_index(void *instance, const void *pos)
{
    clob_instance *inst = instance;
    clob_board b;
    if (inst->db_rows == 0 || !clob_load(pos, &b) || b.height != inst->db_rows ||
        b.width != inst->db_cols)
        return SG_DB_NONE;
    return board_index(inst, &b);
}

void clob_db_images(void *instance, uint64_t index, uint64_t *out, bool *conjugate)
{
    clob_instance *inst = instance;
    int g = geometric(inst->db_rows, inst->db_cols);
    bool valid = inst->db_rows > 0 && index < pow3(squares(inst));
    clob_board b = valid ? index_board(inst, index) : (clob_board){ 0, 0, 0, 0 };
    for (int k = 0; k < g; k++) {
        conjugate[k] = false;
        conjugate[g + k] = true;
        if (!valid) {
            out[k] = out[g + k] = SG_DB_NONE;
            continue;
        }
        clob_board image, swapped;
        clob_transform(&b, k, &image);
        swapped = image;
        swapped.left = image.right;
        swapped.right = image.left;
        out[k] = board_index(inst, &image);
        out[g + k] = board_index(inst, &swapped);
    }
}
