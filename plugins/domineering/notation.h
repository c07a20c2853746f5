/* Domineering notation. Positions: rows from the top separated by '/', '.' empty, 'x'
 * occupied ("../.." is the 2x2 board). Moves: the domino's lower left square, columns
 * 'a'.. from the left and rows '1'.. from the bottom as in chess, then 'v' (vertical,
 * Left's) or 'h' (horizontal, Right's): "b2v" covers b2 and b3, "b2h" covers b2 and c2.
 * A bare square ("b2") is the mover's own orientation. */
#ifndef DOMINEERING_NOTATION_H
#define DOMINEERING_NOTATION_H

#include <stddef.h>

#include "board.h"

/* Move codes: the top (vertical) or left (horizontal) square in bits 0..5, bit 6 set for
 * a horizontal domino, so a code says where and which way without knowing the mover. */
#define DOM_MOVE_HORIZONTAL 64u
static inline sg_move dom_move_code(int sq, bool horizontal)
{
    return (sg_move)sq | (horizontal ? DOM_MOVE_HORIZONTAL : 0u);
}
/* Whether code is a move of who on b: its squares empty, on the board, who's direction. */
bool dom_legal(const dom_board *b, sg_player who, sg_move move);
/* b with move's two squares filled (move must be legal for someone). */
void dom_apply(const dom_board *b, sg_move move, dom_board *out);

int dom_parse(const char *text, dom_board *b, char *err, size_t errlen);
/* SG_ERR_RANGE when cap is too small (72 bytes always suffice). */
int dom_format(const dom_board *b, char *buf, size_t cap);

int dom_parse_move(const dom_board *b, sg_player who, const char *text, sg_move *move,
                   char *err, size_t errlen);
/* Writes "invalid-0x.." for a code that names no domino of b. */
int dom_format_move(const dom_board *b, sg_move move, char *buf, size_t cap);

#endif
