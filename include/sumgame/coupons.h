/* Coupon stacks: the enriched environment of Temperature Discovery Search (Müller,
 * Enzenberger, Schaeffer, "Temperature Discovery Search", AAAI 2004).
 *
 * The simple stack C(t_max, delta), t_max = n delta, holds the coupons t_max, t_max -
 * delta, ..., delta, top first; a coupon of value v is the switch v | -v, so taking it
 * gives the taker v points. The extended stack C_-1(t_max, delta) continues below delta
 * with 0, -delta, ..., -1, then k more coupons of -1 and a last coupon of -1/2. With
 * delta = 1/(2m) and k even its value V(C_-1, p) equals V(C, p) (the paper's unbiased
 * construction); k is large enough that the search never reaches the -1/2 coupon.
 *
 * V(C, p) is the score (Left's view) when both players take the remaining coupons in
 * turn, p first: ceil(n/2) delta for Left, -ceil(n/2) delta for Right on a simple stack.
 *
 * As the extra component of the shared αβ engine (sumgame/search.h) a stack's state is a
 * 64-bit word: how many coupons are taken, how many of the latest moves were -1 coupons
 * (0, 1 or 2: TDS+'s fix for graph history interaction, so the table never confuses a
 * pseudo-terminal position with one that is not), and a flag that withholds the coupon
 * move until a move in the game has been made (the re-search that forces the first move
 * into the game). A position whose last two moves were -1 coupons is pseudo-terminal: the
 * live game counts 0 (the simplicity rule), so its score is the frozen total, the coupons
 * taken and V of the remaining stack. All values are exact dyadics. */
#ifndef SUMGAME_COUPONS_H
#define SUMGAME_COUPONS_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/search.h"
#include "sumgame/value.h"

SG_API_BEGIN

/* The most coupons one stack may hold: searches deeper than this fail anyway (the
 * engine stops lines longer than 4096 plies). */
#define SG_COUPONS_MAX 4000
/* The extra -1 coupons k of an extended stack (even; no line takes this many). */
#define SG_COUPONS_MINUS_ONES 64

typedef struct sg_coupons {
    sg_value t_max, delta;
    bool extended;
    size_t positive; /* n: coupons t_max .. delta */
    size_t count;    /* every coupon of the stack */
    sg_value *value; /* value[i]: the i-th coupon from the top */
    sg_value *rest;  /* rest[i]: V of coupons i.. with the player to move taking first,
                        from that player's view (rest[count] = 0) */
    /* The state also records who took which coupon (a hash in its high bits), so that
     * table entries are only shared by lines that took the same points: the original
     * TDS's table. Off (the default) is TDS+'s generalized entries (E3). */
    bool path_in_state;
} sg_coupons;

/* Builds C(t_max, delta) or C_-1(t_max, delta). delta must be positive, t_max a
 * non-negative multiple of delta; an extended stack needs delta = 1/(2m). Errors:
 * SG_ERR_INVALID (message says why), SG_ERR_RANGE (more than SG_COUPONS_MAX coupons),
 * SG_ERR_NOMEM. */
int sg_coupons_init(sg_coupons *c, sg_value t_max, sg_value delta, bool extended, char *err,
                    size_t errlen);
void sg_coupons_free(sg_coupons *c);

/* The value of the i-th coupon from the top (i < count). */
sg_value sg_coupons_at(const sg_coupons *c, size_t i);
/* V of the stack after the top `taken` coupons are gone, who taking the next one, in
 * Left's view. V(C, p) is sg_coupons_value(c, 0, p). */
sg_value sg_coupons_value(const sg_coupons *c, size_t taken, sg_player who);
/* Sum (Left's view) of coupons 0 .. taken-1 taken in turn, first first. */
sg_value sg_coupons_taken_points(const sg_coupons *c, size_t taken, sg_player first);
/* The index of the coupon worth v, or false when the stack has none (the first of the
 * -1 coupons when v = -1). */
bool sg_coupons_index_of(const sg_coupons *c, sg_value v, size_t *index);

/* The engine's state word. It records how many coupons remain rather than how many
 * are taken, and delta's exponent, so that stacks of any t_max and delta share one table
 * (TDS+'s generalized table, E3): equal words mean equal remaining stacks. */
uint64_t sg_coupons_state(const sg_coupons *c, size_t taken, unsigned minus_ones,
                          bool game_first);
size_t sg_coupons_state_taken(const sg_coupons *c, uint64_t state);
unsigned sg_coupons_state_minus_ones(uint64_t state);
bool sg_coupons_state_game_first(uint64_t state);

/* The stack as the engine's extra component, starting at state. c must outlive it. */
void sg_coupons_extra(const sg_coupons *c, uint64_t state, sg_search_extra *out);

SG_API_END
#endif
