/* Whole boards (docs/games/go.md, "Whole boards"): Benson's unconditionally alive chains,
 * the split of a board into regions bounded by safe stones, and boards read from SGF. */
#ifndef GO_WHOLE_H
#define GO_WHOLE_H

#include <stdbool.h>
#include <stddef.h>

#include "board.h"
#include "grid.h"

/* A whole board on bitboards (not big): the region and the safe stones cover the full width x height rectangle
 * (no '#'). Only a whole board is searched for Benson's chains: a region cut out of a
 * board has lost the rest of its surroundings. */
bool go_is_whole(const go_geometry *geo, const go_pos *pos);

/* The chains of colour c that are unconditionally alive by Benson's algorithm
 * (go_grid_benson), on a board on bitboards (not big). */
go_bb go_benson(const go_geometry *geo, const go_pos *pos, int c);

/* The chain of colour c through point p, in c's stones (or 0). */
go_bb go_chain(const go_geometry *geo, go_bb stones, go_bb board, int p);

/* The parts of pos: on a whole board Benson's chains become safe stones; then each
 * connected set of region points is one part that keeps the safe stones near it, and
 * the safe stones and pos's base go into one more part (on area rules safe stones count
 * there), so the parts' scores add up to the board's. parts is NULL to count only.
 * A big board gives each part a frame of at most 9 columns and 12 rows (its region and the
 * points next to it), named as on the board; 0 when one does not fit, and
 * go_split_checked says why in err. */
size_t go_split(const go_geometry *geo, const go_pos *pos, bool area, go_pos *parts,
                size_t cap);
size_t go_split_checked(const go_geometry *geo, const go_pos *pos, bool area, go_pos *parts,
                        size_t cap, char *err, size_t errlen);

/* A board from an SGF game record: SZ (at most 19), AB, AW, AE, then the B and W moves of
 * the main line played by the rules (go_grid_play: captures; prisoners into base when
 * territory). The points of its TB and TW properties (territory marks, any node of the
 * main line) get the marks GO_MARK_TB and GO_MARK_TW when marks is not NULL. */
int go_parse_sgf(const char *text, bool territory, go_grid *g, uint8_t *marks, char *err,
                 size_t errlen);

#endif
