/* Locally informed global search (Müller and Li, "Locally informed global search for sums
 * of combinatorial games", §3.1): what the shared αβ engine learns from analysing each
 * component on its own, and how it uses it.
 *
 *   TEMP  moves are tried hottest component first. A component's temperature is the
 *         Hotstrat+ pseudo-temperature of the player to move (the paper calls these
 *         temperatures too, §2.1), from the exact thermograph of its canonical form or
 *         from a caller's estimator; ties keep the games' order.
 *   INC   a move whose incentive (G^L - G for Left, G - G^R for Right) is dominated by
 *         another move's incentive is dropped: S + D1 <= S + D2 gives R(S + D1) <=
 *         R(S + D2), since stops are order-preserving (Siegel, CGT, §II.4). Of equal
 *         incentives the first is kept. Exact play is unchanged.
 *   incentive order: by the Left stops of the incentives, largest first (decomposition
 *         search's own order).
 * The best move of the previous iteration (BEST-PREV) is the engine's business
 * (sg_search_set_best_first); sg_local_attach sets it as the order says.
 *
 * Components may be canonical forms (cg components, sumgame/cg_game.h) or any game's
 * positions: a position is reduced to its canonical form in the local table, memoized by
 * hash, within max_positions. A component whose analysis is cut short has no temperature
 * and no incentives: its moves are kept and tried after the others. */
#ifndef SUMGAME_LOCAL_H
#define SUMGAME_LOCAL_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/cgt.h"
#include "sumgame/meter.h"
#include "sumgame/search.h"
#include "sumgame/sum.h"
#include "sumgame/value.h"

SG_API_BEGIN

typedef struct sg_local_config {
    sg_order order;          /* AUTO counts as INCENTIVE */
    bool incentives;         /* INC pruning */
    uint64_t max_positions;  /* one component's analysis (0 = only the meter bounds it) */
    sg_meter *meter;         /* NULL = none */
} sg_local_config;

/* A component's temperature for a player, from a caller's estimator (say TDS) instead of
 * the exact thermograph. False when it has none. */
typedef bool (*sg_local_temperature_fn)(void *ctx, const sg_game *game, const void *pos,
                                        sg_player who, sg_value *t);

typedef struct sg_local sg_local;

/* table: the canonical-form table to share (NULL = the local analysis makes its own). */
int sg_local_new(const sg_local_config *config, sg_cgt *table, sg_local **out, char *err,
                 size_t errlen);
void sg_local_free(sg_local *l);
sg_cgt *sg_local_table(sg_local *l);
/* Forgets analyses keyed on game instances (call when the instances go away). */
void sg_local_reset(sg_local *l);
void sg_local_set_temperature(sg_local *l, sg_local_temperature_fn fn, void *ctx);

/* Installs the prune hook (INC and the TEMP or incentive order) on search and switches
 * the engine's best-move-first as the order says. The caller sets iterative deepening
 * (sg_order_uses_prev). The local analysis must outlive the search's use of it. */
void sg_local_attach(sg_local *l, sg_search *search);

/* The prune hook sg_local_attach installs (ctx is the sg_local), for strategies with a
 * prune hook of their own that want INC and the order first. */
size_t sg_local_prune(void *local, const sg_sum *sum, sg_player who, sg_sum_move *moves,
                      size_t count);
/* The incentive of move m of sum for who, memoized by component, move and player; false
 * when the component's analysis was cut short. */
bool sg_local_incentive(sg_local *l, const sg_sum *sum, sg_player who, sg_sum_move m,
                        sg_cg *out);

/* The canonical form of a component position; false when its analysis was cut short. */
bool sg_local_form(sg_local *l, const sg_game *game, const void *pos, sg_cg *out);
/* Analyses only positions whose game bounds their birthday (birthday_bound) by at most
 * days: larger ones are not tried and count as cut short, so a search over a large
 * position pays nothing for its forms until its parts are small (0 = every position is
 * tried, the default). A game without birthday_bound is always tried. Each game's limit
 * then moves up a day at a time while its forms one day further are cheap: the first 32
 * positions met just past the limit are tried within 100 positions each, and when all 32
 * succeed the limit rises; the first that does not ends it for that game. Setting days
 * starts every game at days again. */
void sg_local_set_max_days(sg_local *l, unsigned days);
/* Temperature and Hotstrat+ pseudo-temperatures of a component position; false when
 * its analysis was cut short. */
bool sg_local_temperatures(sg_local *l, const sg_game *game, const void *pos,
                           sg_value *temperature, sg_value *pseudo_left,
                           sg_value *pseudo_right);
/* The hottest temperature of sum's live components (-1 when it has none or none could be
 * analysed). */
sg_value sg_local_tmax(sg_local *l, const sg_sum *sum);

SG_API_END
#endif
