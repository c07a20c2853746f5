/* Clobber notation. Positions: rows from the top separated by '/', '.' empty, 'x' a
 * stone of Left (Black), 'o' a stone of Right (White), as CGSuite writes them with '/'
 * for its '|' ("xo/ox" is the 2x2 start). Moves: the moving stone's square, '-', the
 * clobbered stone's square, squares named as in chess (columns 'a'.. from the left, rows
 * '1'.. from the bottom): "b2-b3". */
#ifndef CLOBBER_NOTATION_H
#define CLOBBER_NOTATION_H

#include <stddef.h>

#include "board.h"

/* Move codes: the from square in bits 0..5, the to square in bits 6..11. A code names
 * the two squares alone; the mover is whoever owns the stone on the from square. */
static inline sg_move clob_move_code(int from, int to)
{
    return (sg_move)from | ((sg_move)to << 6);
}
/* Whether code is a move of who on b: its own stone onto an orthogonally adjacent stone
 * of the other colour. */
bool clob_legal(const clob_board *b, sg_player who, sg_move move);
/* b after who plays move (which must be legal for who). */
void clob_apply(const clob_board *b, sg_player who, sg_move move, clob_board *out);

int clob_parse(const char *text, clob_board *b, char *err, size_t errlen);
/* SG_ERR_RANGE when cap is too small (72 bytes always suffice). */
int clob_format(const clob_board *b, char *buf, size_t cap);

int clob_parse_move(const clob_board *b, sg_player who, const char *text, sg_move *move,
                    char *err, size_t errlen);
/* Writes "invalid-0x.." for a code that names no pair of neighbouring squares of b. */
int clob_format_move(const clob_board *b, sg_move move, char *buf, size_t cap);

#endif
