/* Go notation (design brief): rows top to bottom separated by '/', '.' empty, 'X' Black
 * (Left), 'O' White (Right), '#' not part of the region; at most 19x19 (a board larger
 * than 9 columns or 12 rows is cut into parts that fit by its split). State that the board does not
 * show follows in brackets: [ko=c3] names the point the player to be banned may not
 * retake (the banned colour is the one not surrounding it), [moves=12] the moves the
 * region has made towards its cap; both as [ko=c3,moves=12].
 * 'x' and 'o' are safe Black and White stones off the region (a whole board's split
 * writes them; a user marks a chain alive with them or with [alive=c3]); [base=N] the
 * points Black has apart from the board (prisoners under territory rules); [dead=c3]
 * removes the chain at c3 as dead (repeatable); [tb=c3] and [tw=c3] mark an empty point
 * Black's or White's territory (repeatable); [at=k12,board=19x19] says the rows are a
 * part of a 19x19 board whose top-left point is k12 (a split writes it), so points are
 * named as on that board.
 * Points are GTP-style: a column letter a..t without i, then the row counted from the
 * bottom: c3. */
#ifndef GO_NOTATION_H
#define GO_NOTATION_H

#include <stddef.h>

#include "board.h"
#include "grid.h"

/* The marks a position may carry (go_marks' bits), in the order they are applied. */
enum { GO_MARK_DEAD, GO_MARK_ALIVE, GO_MARK_TB, GO_MARK_TW, GO_MARKS };

/* marks, when not NULL, receives the points of the [dead=P], [alive=P], [tb=P] and [tw=P]
 * items, which the caller applies (go_grid_apply_marks); without it they are errors. */
int go_parse_grid(const char *text, go_grid *g, uint8_t *marks, char *err, size_t errlen);
int go_format_grid(const go_grid *g, char *buf, size_t cap);
int go_format_position(const go_pos *pos, char *buf, size_t cap);

/* Points of a position on bitboards (y * GO_STRIDE + x), named on the board a part
 * was cut from when it was. */
int go_parse_point(const go_pos *pos, const char *text, int *point, char *err, size_t errlen);
int go_format_point(const go_pos *pos, int point, char *buf, size_t cap);
/* Points of a grid (y * GO_GRID_SIDE + x), the same way. */
int go_grid_parse_point(const go_grid *g, const char *text, int *point, char *err,
                        size_t errlen);
int go_grid_format_point(const go_grid *g, int point, char *buf, size_t cap);

#endif
