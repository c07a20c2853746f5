/* Go notation (design brief): rows top to bottom separated by '/', '.' empty, 'X' Black
 * (Left), 'O' White (Right), '#' not part of the region; at most 9x9. State that the
 * board does not show follows in brackets: [ko=c3] names the point the player to be
 * banned may not retake (the banned colour is the one not surrounding it), [moves=12]
 * the moves the region has made towards its cap; both as [ko=c3,moves=12].
 * 'x' and 'o' are safe Black and White stones off the region (a whole board's split
 * writes them; a user marks a chain alive with them or with [alive=c3]); [base=N] the
 * points Black has apart from the board (prisoners under territory rules); [dead=c3]
 * removes the chain at c3 as dead (repeatable).
 * Points are GTP-style: a column letter a..j without i, then the row counted from the
 * bottom: c3. */
#ifndef GO_NOTATION_H
#define GO_NOTATION_H

#include <stddef.h>

#include "board.h"

/* marks, when not NULL, receives the points of [dead=P] (marks[0]) and [alive=P]
 * (marks[1]) items, which the caller applies; without it they are errors. */
int go_parse_position(const go_geometry *geo, const char *text, go_pos *pos, go_bb marks[2],
                      char *err, size_t errlen);
int go_format_position(const go_pos *pos, char *buf, size_t cap);
int go_parse_point(const go_pos *pos, const char *text, int *point, char *err, size_t errlen);
int go_format_point(const go_pos *pos, int point, char *buf, size_t cap);

#endif
