/* Go notation (design brief): rows top to bottom separated by '/', '.' empty, 'X' Black
 * (Left), 'O' White (Right), '#' not part of the region; at most 9x9. State that the
 * board does not show follows in brackets: [ko=c3] names the point the player to be
 * banned may not retake (the banned colour is the one not surrounding it), [moves=12]
 * the moves the region has made towards its cap; both as [ko=c3,moves=12].
 * 'x' and 'o' are safe Black and White stones off the region (a whole board's split
 * writes them; a user marks a chain alive with them or with [alive=c3]); [base=N] the
 * points Black has apart from the board (prisoners under territory rules); [dead=c3]
 * removes the chain at c3 as dead (repeatable); [tb=c3] and [tw=c3] mark an empty point
 * Black's or White's territory (repeatable).
 * Points are GTP-style: a column letter a..j without i, then the row counted from the
 * bottom: c3. */
#ifndef GO_NOTATION_H
#define GO_NOTATION_H

#include <stddef.h>

#include "board.h"

/* The marks a position may carry, in the order the caller applies them. */
enum { GO_MARK_DEAD, GO_MARK_ALIVE, GO_MARK_TB, GO_MARK_TW, GO_MARKS };

/* marks, when not NULL, receives the points of the [dead=P], [alive=P], [tb=P] and [tw=P]
 * items, in that order, which the caller applies; without it they are errors. */
int go_parse_position(const go_geometry *geo, const char *text, go_pos *pos,
                      go_bb marks[GO_MARKS], char *err, size_t errlen);
int go_format_position(const go_pos *pos, char *buf, size_t cap);
int go_parse_point(const go_pos *pos, const char *text, int *point, char *err, size_t errlen);
int go_format_point(const go_pos *pos, int point, char *buf, size_t cap);

#endif
