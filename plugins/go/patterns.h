/* Mogo's 3x3 playout patterns (Gelly, Wang, Munos, Teytaud, "Modification of UCT with
 * patterns in Monte-Carlo Go", INRIA RR-6062, 2006, section 3.2): hane, cut and edge
 * shapes around an empty point, matched in all eight orientations and for both colours.
 * The playout plays, after the atari rules, a random point next to the last move whose
 * neighbourhood is one of them. The set here is our reading of the report's figure;
 * docs/games/go.md lists it and says whether it pays off. */
#ifndef GO_PATTERNS_H
#define GO_PATTERNS_H

#include <stdbool.h>
#include <stdint.h>

#include "board.h"

/* Whether each of the 4^8 neighbourhoods matches a pattern (index: go_neighbourhood). */
typedef struct go_patterns {
    uint8_t match[1 << 16];
} go_patterns;

void go_patterns_init(go_patterns *p);
/* The neighbourhood of p, two bits per neighbour (0 empty, 1 Black, 2 White, 3 off the
 * region), in the order NW, N, NE, W, E, SW, S, SE. */
unsigned go_neighbourhood(const go_board *b, int p);

static inline bool go_patterns_match(const go_patterns *pat, const go_board *b, int p)
{
    return pat->match[go_neighbourhood(b, p)];
}

#endif
