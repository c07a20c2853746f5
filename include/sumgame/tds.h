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
 * 2^-(h+1) is enough; the TDS paper's n-square rooms need delta = 2^(2-n). */
#ifndef SUMGAME_TDS_H
#define SUMGAME_TDS_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/estimator.h"
#include "sumgame/params.h"
#include "sumgame/sum.h"
#include "sumgame/value.h"

SG_API_BEGIN

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
    int depth;        /* plies per search (under E8, moves in the game); 0 = no limit */
    double seconds;   /* for the whole estimate; 0 = no limit */
    uint64_t nodes;   /* for the whole estimate; 0 = no limit */
    sg_tds_combine combine;
    sg_value grid;    /* when > 0, every temperature of the game is a known multiple of it
                         (the TDS paper's n-point rooms: 2^(3-n)); the lowering (3. above)
                         stops only on it. 0 = unknown */
} sg_tds_config;

typedef struct sg_tds sg_tds;

/* TDS+ (Zhang and Müller 2015, as the TDS lecture presents it): five enhancements, bits
 * of a mask. With none, the engine is the 2004 paper's TDS: the table is cleared before
 * every search, its entries keep the points the coupons gave (a line's state records who
 * took which coupon), and states reached by a -1 coupon are kept out of it.
 *   E1: pre-searches with delta = 1, 1/2, ... down to the estimate's delta, each setting
 *       t_max = t_delta' + 2 delta' for the next (the 2-delta conjecture, checked against
 *       the final temperature and counted in sg_tds_stats).
 *   E2: the "possible temperatures" theorem (sg_tds_temperature_member): a game born by
 *       day b has its temperature in T_b. The bound is the sum of the live components'
 *       birthday_bound(), recomputed at every node (it falls as moves are made). Inside
 *       the search nobody may move in the game while the coupon on top is at least the
 *       hottest temperature of T_b (with E4, the hottest up to E4's bound); determining
 *       the temperature stops only on temperatures in T_b. Without a bound E2 does
 *       nothing. (Forbidding moves at every coupon outside T_b, as the lecture says,
 *       changed values in our tests; see docs/algorithms.md.)
 *   E3: the generalized table: one table for every t_max and delta (the state word is
 *       the remaining stack), entries without the points taken, kept between searches.
 *   E4: recursive TDS: at every node, a pre-search (delta 1, then 1/2) of the position in
 *       the game gives t'; while the coupon on top is at least t' + 1, nobody may move in
 *       the game (the temperature drop is skipped as a run of coupons). Needs E1 and E3.
 *   E5: states reached by -1 coupons are stored in the table with the number n of -1
 *       coupons just taken, S(g, c, toPlay, n) (the GHI-correct state). Needs E3.
 * E2 and E4 restrict the moves searched; the values stay exact as long as the theorem
 * holds (E2) and the 2-delta conjecture holds for the positions E4 pre-searches. */
#define SG_TDS_E1 (1u << 0)
#define SG_TDS_E2 (1u << 1)
#define SG_TDS_E3 (1u << 2)
#define SG_TDS_E4 (1u << 3)
#define SG_TDS_E5 (1u << 4)
#define SG_TDS_ALL_ENHANCEMENTS 0x1fu
/* Ours, not the lecture's: at a node whose position in the game is born by day 8 at most
 * (birthday_bound()), its exact temperature from the canonical form of the sum of its
 * components (the exact engine's memo) closes the gate while the coupon on top is at
 * least that; no pre-search is needed there. Exact without any conjecture. Not in
 * "all"; "6" in a list. */
#define SG_TDS_E6 (1u << 6)
/* Ours, not the lecture's: a depth-limited leaf of a heuristic search is scored by the
 * one-ply thermographs of its components (the mean and temperature of {a | b}, a and b
 * the best options' evaluate()): the sum of the means, plus for the player to move
 * t1 - t2 + t3 - ... over the temperatures above the coupon c on top, hottest first, and
 * - c after an odd number of them, as in a sum of switches. Complete searches have no
 * such leaves, so exact estimates do not change. In `tdsplus`, not in "all"; "7" in a
 * list. */
#define SG_TDS_E7 (1u << 7)
/* Ours, not the lecture's: in a depth-limited (heuristic) search, taking a coupon does not
 * count against the depth, so a search of depth d looks d moves into the game however
 * many coupons the players take on the way, and its reported depth counts moves in the
 * game only. Counted as plies (the 2004 TDS), coupons eat the depth: most lines of a
 * shallow search end with the game where it started. Complete searches have no depth
 * limit, so exact estimates do not change. In `tdsplus`, not in "all"; "8" in a list. */
#define SG_TDS_E8 (1u << 8)
/* Ours, not the lecture's: the searches of a heuristic (depth-limited or timed) estimate
 * order their moves by the history heuristic (sg_search_set_history), learnt over the
 * estimator's life. Searches to a fixed depth find the same values in fewer nodes (2.4
 * times fewer at depth 3 on the probe rooms), so a clock reaches deeper. Complete
 * searches are not affected. In `tdsplus`, not in "all"; "9" in a list. */
#define SG_TDS_E9 (1u << 9)
/* Ours, not the lecture's: the searches of a heuristic estimate reduce late moves
 * (sg_search_set_reductions): after the first four moves of a node with three or more
 * plies left, a move in the game is searched a ply shallower first and again at the full
 * depth only if it beats the best so far. Meant with E9's order. Complete searches are
 * not affected. In `tdsplus`, not in "all"; "10" in a list. */
#define SG_TDS_E10 (1u << 10)
/* Ours, not the lecture's: heuristic estimates take the lowering step too (while forcing
 * the next coupon before any move in the game leaves the score unchanged, t := that
 * coupon), with searches of the same depth. Without it a depth-limited estimate answers
 * the coupon before the PV's first move in the game, which may be the mover's
 * pseudo-temperature, above t(G). Complete searches lower anyway. In `tdsplus`, not in
 * "all"; "11" in a list. */
#define SG_TDS_E11 (1u << 11)
/* Not one of the five: on a time-out with a principal variation of coupons only, t is
 * half the lowest coupon on it (the lecture's t_min / 2 for TDS+) instead of that coupon. */
#define SG_TDS_HALF_TMIN (1u << 5)
/* TDS+ as `tdsplus` runs it: the five, the t_min / 2 rule, and E7 to E11, which change
 * only heuristic estimates (docs/results/tdsplus-sum-games.md says why these). */
#define SG_TDS_PLUS                                                                        \
    (SG_TDS_ALL_ENHANCEMENTS | SG_TDS_HALF_TMIN | SG_TDS_E7 | SG_TDS_E8 | SG_TDS_E9 |      \
     SG_TDS_E10 | SG_TDS_E11)

/* Parses "none", "all" or a list of enhancement numbers ("1,2,3", "1 3 5", "135") into
 * bits SG_TDS_E1.. (other bits of *mask are kept). Digits run together are one number
 * each, except "10" and "11", which are E10 and E11. Refuses numbers outside 1-11 and the
 * lecture's dependencies (4 needs 1 and 3; 5 needs 3), with a one-line message. */
int sg_tds_enhancements_parse(const char *text, unsigned *mask, char *err, size_t errlen);
/* "none" or "1,3,5". */
void sg_tds_enhancements_format(unsigned mask, char *buf, size_t cap);
/* The lecture's name of a subset: "TDS", "TDS_13", "TDS_12345"; E10 after an underscore,
 * "TDS_1234578_10". */
void sg_tds_enhancements_name(unsigned mask, char *buf, size_t cap);

/* What the last sg_tds_estimate did beyond plain TDS. */
typedef struct sg_tds_stats {
    unsigned enhancements;
    int presearches;             /* E1: pre-searches of the component */
    int conjecture_checks;       /* E1: pre-search temperatures compared with the final one */
    int conjecture_violations;   /* final t > t_delta' + 2 delta' */
    uint64_t e2_closed;          /* nodes where E2 allowed only the coupon */
    uint64_t e2_rejected;        /* E2: lowering steps not taken as the temperature */
    uint64_t e4_closed;          /* nodes where E4 allowed only the coupon */
    uint64_t e4_presearches;     /* E4 pre-searches run (not found in its memo) */
    uint64_t e6_closed;          /* nodes where E6's exact temperature allowed only the coupon */
    bool timed_out;              /* a heuristic estimate's budget ran out */
} sg_tds_stats;

/* Sets the enhancements (and SG_TDS_HALF_TMIN) for the next estimates; the default is 0,
 * plain TDS. Changing them clears the tables. */
void sg_tds_set_enhancements(sg_tds *tds, unsigned mask);
unsigned sg_tds_enhancements(const sg_tds *tds);
void sg_tds_last_stats(const sg_tds *tds, sg_tds_stats *out);
/* Whether the last estimate's searches met a ko (sg_search_met_ko): its values are then
 * those of play against the coupon stack with coupons as ko threats, and the estimate is
 * not marked exact. */
bool sg_tds_met_ko(const sg_tds *tds);

/* Reads a TDS estimator's keys from params: delta (default 1/16), tmax, depth, time,
 * combine (auto, max, average) and enhancements (default none, or all with plus, which
 * also sets SG_TDS_HALF_TMIN). Unknown keys are errors ("file:line: ..."). params may
 * be NULL (defaults). */
int sg_tds_config_parse(const sg_params *params, bool plus, sg_tds_config *config,
                        unsigned *enhancements, char *err, size_t errlen);

/* Whether t can be the temperature of a game born by day `days` (the lecture's T_n:
 * -1/2^b, 0 and the multiples j/2^b in lowest terms up to n - 2 + 1/2^b, 0 <= b <= n - 1;
 * -1 for integers). days = 0 means no bound is known: only the negative temperatures are
 * restricted (to -1/2^b and 0). */
bool sg_tds_temperature_member(sg_value t, unsigned days);
/* The largest temperature of T_days not above x (x itself when days = 0 and x >= 0);
 * false when x < -1. */
bool sg_tds_temperature_floor(sg_value x, unsigned days, sg_value *out);

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

/* Anytime TDS. With a time or node limit and no depth, sg_tds_estimate deepens whole
 * estimates: every search of the estimate at 1 ply, then at 2, 3, ..., until an
 * iteration is exact or the budget is spent, and answers the deepest iteration that
 * finished (the first always answers). The table (E3) carries over between iterations.
 * sg_tds_last_depth is the plies per search of the answer (the deepest completed
 * iteration; under E8 moves in the game), or the configured depth; 0 for complete
 * searches. */
int sg_tds_last_depth(const sg_tds *tds);
/* Goes on deepening an earlier anytime estimate prev of the same position, which reached
 * prev_depth, from prev_depth + 1 within config's budget; answers prev when no deeper
 * iteration finishes, or when prev is exact. Without a time or node limit in config it
 * answers prev (or estimates afresh when prev is NULL). */
int sg_tds_estimate_deeper(sg_tds *tds, const sg_game *game, const void *pos,
                           const sg_tds_config *config, const sg_estimate *prev,
                           int prev_depth, sg_estimate *out, char *err, size_t errlen);

SG_API_END
#endif
