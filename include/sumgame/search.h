/* The shared αβ engine: negamax with αβ pruning over a sum of components, plus an
 * optional extra component (the coupon stack of TDS). Every strategy that searches
 * calls this; none keeps a copy of its own.
 *
 * Scores are exact dyadic values from Left's point of view. A leaf is:
 *   - over: no live component is left; its score is the frozen total plus, with an
 *     extra component, the extra's leaf value;
 *   - depth-limited: at max_depth without being over; scored by the games' heuristic
 *     evaluate() summed over live components plus the frozen total, and the result is
 *     marked inexact.
 * The search iterates depth 1, 2, ... (iterative deepening) until the root is solved
 * exactly, max_depth is reached, or the budget runs out; the result is that of the
 * deepest completed iteration. A transposition table keyed on the whole sum (hash of the
 * live components, the player to move and the extra's state) stores scores relative to
 * the frozen total, so transpositions that settled different points still share. */
#ifndef SUMGAME_SEARCH_H
#define SUMGAME_SEARCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/clock.h"
#include "sumgame/host.h"
#include "sumgame/sum.h"
#include "sumgame/value.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The extra component hook. Its state is a 64-bit word the hook defines (a coupon
 * stack's index, say). It is searched like one more component: its moves come after
 * the sum's moves, unless order() puts them elsewhere. */
typedef struct sg_search_extra {
    void *ctx;
    uint64_t initial_state;
    /* Number of moves who has in the extra at state (0 or more). */
    size_t (*move_count)(void *ctx, uint64_t state, sg_player who);
    /* Plays move index k; writes the new state and the points it gives (Left's view,
     * added to the score). */
    void (*play)(void *ctx, uint64_t state, sg_player who, size_t k, uint64_t *next,
                 sg_value *points);
    /* True when the position is a leaf because of the extra (TDS's pseudo-terminal
     * state); *value is then the leaf's score excluding the frozen total. Optional. */
    bool (*leaf)(void *ctx, uint64_t state, const sg_sum *sum, sg_player to_move,
                 sg_value *value);
    /* What the remaining extra is worth at an over or depth-limited leaf. */
    sg_value (*value)(void *ctx, uint64_t state, sg_player to_move);
} sg_search_extra;

/* A move of the search: in the sum, or (component == SG_EXTRA_COMPONENT) move k of the
 * extra component. */
#define SG_EXTRA_COMPONENT UINT32_MAX

/* Optional move ordering: may permute moves[0..count) in place before they are tried.
 * best is the move the transposition table or the previous iteration found best at
 * this node (NULL if none); the engine tries it first unless order() moved it. */
typedef void (*sg_search_order_fn)(void *ctx, const sg_sum *sum, sg_player to_move,
                                   sg_sum_move *moves, size_t count,
                                   const sg_sum_move *best);

typedef struct sg_search_config {
    int max_depth;         /* plies; 0 = until every leaf is over (exact) */
    sg_budget budget;      /* time / nodes; zero fields mean unlimited */
    size_t tt_log2;        /* transposition table of 2^tt_log2 entries; 0 = default 20 */
    bool iterative;        /* iterative deepening (else one search to max_depth) */
    sg_search_order_fn order; /* NULL = the games' order, with the best move first */
    void *order_ctx;
    const sg_search_extra *extra; /* NULL = no extra component */
} sg_search_config;

#define SG_SEARCH_PV_MAX 64

typedef struct sg_search_result {
    sg_value score;        /* from Left's view, including the frozen total */
    bool exact;            /* no depth-limited leaf influenced the score */
    bool completed;        /* at least one iteration finished within the budget */
    int depth;             /* depth of the deepest completed iteration */
    uint64_t nodes;        /* nodes over all iterations */
    double seconds;
    size_t pv_length;
    sg_sum_move pv[SG_SEARCH_PV_MAX]; /* principal variation from the root */
} sg_search_result;

typedef struct sg_search sg_search;

/* An engine with its transposition table; reuse it across searches of one game. */
sg_search *sg_search_new(const sg_search_config *config, char *err, size_t errlen);
void sg_search_free(sg_search *search);
/* Forgets the transposition table. */
void sg_search_clear(sg_search *search);

/* Searches sum with to_move to play. With no budget and max_depth 0 the answer is the
 * exact minimax value. Returns SG_OK with result filled; SG_ERR_BUDGET when the budget
 * ran out before any iteration finished (result->completed false, pv empty). */
int sg_search_run(sg_search *search, const sg_sum *sum, sg_player to_move,
                  sg_search_result *result, char *err, size_t errlen);

#ifdef __cplusplus
}
#endif
#endif
