/* Temperature Discovery Search (Müller, Enzenberger, Schaeffer, AAAI 2004): the mean,
 * temperature and best moves of one component from αβ searches of G + C_-1(t_max,
 * delta) by the shared engine (sumgame/search.h), with the stack of sumgame/coupons.h as
 * its extra component. This is the `tds` method of sumgame/estimator.h.
 *
 * For each player p moving first:
 *   1. search G + C with p to move; the score is V(G + C, p) and the mean estimate is
 *      V(G + C, p) - V(C, p);
 *   2. the temperature estimate t is the last coupon taken before the first move in G on
 *      the principal variation (a PV of coupons only that the engine cut at its PV length
 *      is continued by searching again after those coupons, which keeps the score);
 *   3. exact searches only ("determining the temperature"): while taking every coupon
 *      down to the next lower one, t - delta, before anyone may move in G leaves the score
 *      unchanged, t := t - delta, ending at the first -1 coupon. Coupons forced this way
 *      do not count towards a pseudo-terminal position (two consecutive -1 coupons).
 *      With config->grid, t moves only to multiples of the grid (a coupon between two is
 *      passed only when the next one keeps the score too).
 * A PV that moves in G first (fail low) means the stack was not hot enough: t_max is
 * doubled and the search repeated (exact searches always, heuristic ones twice at most).
 * A PV that reaches the -1 coupons without moving in G (fail high) gives t = -1; a
 * heuristic PV of coupons only is continued below its last coupon (the re-search with a
 * lower stack). The two players' means are averaged (Experiment 2); so are their
 * temperatures after heuristic searches, while after complete searches the larger is
 * taken: the lowering can go one coupon too far for the player whose opponent answers a
 * delayed move with a sente move of their own (Right first in 10|0||-1 stops at 1 -
 * delta), and the coupon just below t(G) is taken by Left in one search and by Right in
 * the other, so one of the two always stops at t(G). With the game's grid given and delta
 * at most half of it, that coupon too far is off the grid, both stop at t(G), and the
 * average is exact as well (the paper's Tables 1-2 at the exact delta).
 * Each player's best move is the first move of a search of G + C_-1(t, delta) in which
 * the coupon is withheld until a move in G is made.
 *
 * Heuristic TDS limits every search by depth, time or nodes; depth-limited leaves are
 * scored by the game's evaluate() plus the coupons taken plus V of the remaining stack.
 *
 * Exactness (Berlekamp 1996, as the paper uses it): when every mean and temperature of G
 * and of all its subpositions is an integer multiple of 2 delta and the searches are
 * complete, the mean and temperature are exact. Games of height h with integer leaves
 * (rcg trees of h levels) have means and temperatures in multiples of 2^-h, so delta =
 * 2^-(h+1) is enough; an n-square Amazons room needs delta = 2^(2-n). */
#ifndef SUMGAME_TDS_H
#define SUMGAME_TDS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/estimator.h"
#include "sumgame/sum.h"
#include "sumgame/value.h"

#ifdef __cplusplus
extern "C" {
#endif

/* How the two players' temperatures become one. */
typedef enum sg_tds_combine {
    SG_TDS_COMBINE_AUTO = 0,    /* max after complete searches, else average */
    SG_TDS_COMBINE_MAX = 1,
    SG_TDS_COMBINE_AVERAGE = 2  /* the paper's Experiment 2 */
} sg_tds_combine;

typedef struct sg_tds_config {
    sg_value delta;   /* coupon spacing: 1, 1/2, 1/4, ... */
    bool has_tmax;    /* else t_max = the game's temperature_bound (rounded up to a
                         multiple of delta) + delta, or 1 doubled until not failing low */
    sg_value tmax;
    int depth;        /* plies per search; 0 = no limit */
    double seconds;   /* for the whole estimate; 0 = no limit */
    uint64_t nodes;   /* for the whole estimate; 0 = no limit */
    sg_tds_combine combine;
    sg_value grid;    /* when > 0, every temperature of the game is a known multiple of it
                         (an n-point Amazons room: 2^(3-n)); the lowering (3. above)
                         stops only on it. 0 = unknown */
} sg_tds_config;

typedef struct sg_tds sg_tds;

/* A TDS engine with its transposition table of 2^tt_log2 entries (0 = 18). */
sg_tds *sg_tds_new(size_t tt_log2, char *err, size_t errlen);
void sg_tds_free(sg_tds *tds);
/* Search nodes and the positions the stops analyse tick meter (NULL = none). */
void sg_tds_set_meter(sg_tds *tds, sg_meter *meter);

/* Estimates one component. out gets mean, temperature, pseudo-temperatures (the
 * temperature each player's first search found before lowering: between t(G) and the
 * temperature up to which that player may play in G), stops (αβ of G alone, each player
 * first), best moves, exact, and the tds_* fields. A component that the game reports as a
 * number is answered without search: its value, temperature -1 for an integer and
 * -1/2^k for m/2^k, and best moves to the option the game rates best. */
int sg_tds_estimate(sg_tds *tds, const sg_game *game, const void *pos,
                    const sg_tds_config *config, sg_estimate *out, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
