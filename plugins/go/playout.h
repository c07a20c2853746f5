/* Fast playouts of one region with a Mogo-like policy (Gelly et al. 2006, as the design
 * brief summarises it), played in place on a board:
 *   1. after the opponent's move, capture its string if that move left it in atari;
 *   2. save the mover's strings the last move put in atari, by capturing a neighbour in
 *      atari or by extending when the extension has at least two liberties;
 *   3. with patterns (the instance's `patterns = yes`): a random empty point next to the
 *      last move whose 3x3 neighbourhood is one of Mogo's shapes (patterns.h);
 *   4. otherwise a uniformly random legal move that does not fill the mover's own true
 *      eye; a player without one passes, and two passes in a row end the playout. */
#ifndef GO_PLAYOUT_H
#define GO_PLAYOUT_H

#include "sumgame/host.h"

#include "board.h"
#include "patterns.h"

typedef struct go_playout_stats {
    unsigned moves;
    unsigned policy_moves;  /* moves chosen by rules 1 and 2 */
    unsigned pattern_moves; /* moves chosen by rule 3 */
} go_playout_stats;

/* Plays b out (b changes), c to move first, until both pass or the region has made cap
 * moves. Returns the area score from Black's view; *next is the colour that would move
 * after the last move (c when nobody moved). patterns NULL skips rule 3; stats may be
 * NULL. */
int go_playout(go_board *b, int c, unsigned cap, const go_patterns *patterns, sg_rng *rng,
               int *next, go_playout_stats *stats);

#endif
