/* Safety by alternating play on a whole board: whether the chains a colour's split takes
 * as safe (marked alive) cannot be captured while that colour answers every attack in the
 * areas they enclose, and the answer that keeps them so.
 *
 * A whole board's split trusts its marks: chains marked alive are walls no move captures.
 * An opponent who does not share that assumption (GNU Go, whose statuses made the marks)
 * can attack them, and no part of the split sees the attack. This module reads it on the
 * real board, after Müller's safety by alternating play (1997), with a local search in
 * place of his static miai rules:
 * - an area is a colour's chains marked alive with the regions they enclose (points not
 *   theirs, holding none of the opponent's walls and few empty points), and no liberty
 *   outside the area counts;
 * - the regions are independent games (stones separate them): in each the attacker moves
 *   first and anywhere, never banned by a ko (he is taken to have a threat whenever he
 *   needs one), and the defender answers there or passes. A region is worth k eyes (2,
 *   1 or 0) to the chains around it when every attack has an answer after which every
 *   chain keeps k liberties there, down to k healthy sub-regions in Benson's sense;
 *   where the defender's stones joined to the chains cut a region into clusters, each
 *   cluster is read on its own and its eyes are added;
 * - a region worth fewer than two eyes is read once more for a join: whether the defender
 *   can also link every chain around it through his stones there at no cost in eyes (a
 *   miai pair of liberties is the simplest); the chains it joins count as one below, as
 *   Müller's rules join chains before counting eyes;
 * - a region may be worth more to some of its chains: each is read in turn for more;
 * - the walls are safe when Benson's fixpoint over the area's units, each region counting
 *   for a unit the most eyes it is worth to one of its chains, keeps every wall with
 *   two.
 * So one attack takes at most one liberty of a chain whose two eyes' worth of liberties
 * the answers restore, and a healthy region keeps a liberty whatever is played in it. */
#ifndef GO_SAFETY_H
#define GO_SAFETY_H

#include <stdbool.h>

#include "board.h"
#include "sumgame/host.h"

/* The move colour c must make on pos, a whole board in bitboards, so that chains its
 * split takes as safe stay safe: for an area of c's safe chains that the opponent has a
 * stone in play in, when c could not leave it (the chains are not proven safe with the
 * opponent to move), the first point of the area (the attacker's neighbours first) after
 * which they are. True with *move a point of pos; false when nothing is under attack, an
 * attacked area is safe as it stands, or no answer is proven within `nodes` positions
 * searched in all and `seconds` of the host's clock (0: no limit), or the board is no
 * whole board in bitboards. */
bool go_safety_reply(const sg_host *host, const go_geometry *geo, const go_pos *pos, int c,
                     long nodes, double seconds, int *move);

/* Whether c's chains marked alive on pos, with the areas they enclose, are safe with the
 * opponent to move, as go_safety_reply reads it, each area within `nodes` attacks:
 * *areas counts the areas, *proven those proven, and *covered gets their points (chains
 * and regions). An area with a region of more than GO_SAFETY_MAX_EMPTY empty points, or
 * open to the opponent's safe stones, leaves that region out. For marks = proven and
 * tests. */
void go_safety_count(const sg_host *host, const go_geometry *geo, const go_pos *pos, int c,
                     long nodes, int *areas, int *proven, go_bb *covered);

/* An area with more empty points than this is not read. */
#define GO_SAFETY_MAX_EMPTY 24

#endif
