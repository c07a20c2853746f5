/* The shared αβ engine: negamax with αβ pruning over a sum of components, plus an
 * optional extra component (the coupon stack of TDS). Every strategy that searches
 * calls this; none keeps a copy of its own.
 *
 * Scores are exact dyadic values from Left's point of view. A leaf is:
 *   - over: no live component is left; its score is the frozen total plus, with an
 *     extra component, the extra's value();
 *   - an extra leaf: the extra's leaf() says so; frozen total plus its value;
 *   - depth-limited: at the depth limit without being over; scored by the games'
 *     heuristic evaluate() summed over live components (0 for a game without one), plus
 *     the frozen total and the extra's value(), and the result is marked inexact;
 *   - stuck: the player to move has no move although live components remain (a game
 *     breaking its contract). When every live component reports a number() the leaf
 *     scores the frozen total plus those numbers; otherwise the search fails with
 *     SG_ERR_INTERNAL naming the game.
 * The search iterates depth 1, 2, ... (iterative deepening) until the root is solved
 * exactly, the depth limit is reached, or the budget runs out; the result is that of the
 * deepest completed iteration. A transposition table keyed on the whole sum (hash of the
 * live components, the player to move and the extra's state) stores scores relative to
 * the frozen total, so transpositions that settled different points still share. An
 * entry remembers whether a depth-limited leaf influenced it: such an entry is used only
 * at a node searched to no more than its depth, while an entry free of them is a proven
 * bound and is used at any depth. Nothing is allocated per node: the engine keeps one
 * sum and one move list per ply and grows them only when a search goes deeper than
 * before. */
#ifndef SUMGAME_SEARCH_H
#define SUMGAME_SEARCH_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/clock.h"
#include "sumgame/host.h"
#include "sumgame/meter.h"
#include "sumgame/sum.h"
#include "sumgame/value.h"

SG_API_BEGIN

/* The extra component hook. Its state is a 64-bit word the hook defines (a coupon
 * stack's index, say). It is searched like one more component: its moves come after
 * the sum's moves, unless order() puts them elsewhere. Every value it returns must not
 * depend on the sum's frozen total (scores are stored relative to it). */
typedef struct sg_search_extra {
    void *ctx;
    uint64_t initial_state;
    /* Number of moves who has in the extra at state (0 or more). NULL = none. */
    size_t (*move_count)(void *ctx, uint64_t state, sg_player who);
    /* Plays move index k; writes the new state and the points it gives (Left's view,
     * added to the score). */
    void (*play)(void *ctx, uint64_t state, sg_player who, size_t k, uint64_t *next,
                 sg_value *points);
    /* True when the position is a leaf because of the extra (TDS's pseudo-terminal
     * state); *value is then the leaf's score excluding the frozen total. Such a leaf
     * counts as exact. Optional (NULL). */
    bool (*leaf)(void *ctx, uint64_t state, const sg_sum *sum, sg_player to_move,
                 sg_value *value);
    /* What the remaining extra is worth at an over or depth-limited leaf. NULL = 0. */
    sg_value (*value)(void *ctx, uint64_t state, sg_player to_move);
    /* The extra's state after a move in the sum, for extras whose state remembers what
     * happened since their own last move (TDS counts consecutive -1 coupons, and a move
     * in the game breaks the run). NULL = the state does not change. */
    uint64_t (*after_sum_move)(void *ctx, uint64_t state);
} sg_search_extra;

/* A move of the search: in the sum, or (component == SG_EXTRA_COMPONENT) move k of the
 * extra component. */
#define SG_EXTRA_COMPONENT UINT32_MAX

/* Optional move ordering: may permute moves[0..count) in place before they are tried.
 * best is the move the transposition table or the previous iteration found best at
 * this node (NULL if none). The engine has already put best at moves[0], so it is
 * tried first unless order() moves it. */
typedef void (*sg_search_order_fn)(void *ctx, const sg_sum *sum, sg_player to_move,
                                   sg_sum_move *moves, size_t count,
                                   const sg_sum_move *best);

typedef struct sg_search_config {
    int max_depth;         /* plies; 0 = until every leaf is over (exact) */
    sg_budget budget;      /* time / nodes, and budget.depth as a second depth limit
                              (the smaller nonzero one wins); zero fields = unlimited */
    size_t tt_log2;        /* transposition table of 2^tt_log2 entries; 0 = default 20;
                              from 4 to 28 (32 bytes an entry) */
    bool iterative;        /* iterative deepening (else one search to max_depth) */
    sg_search_order_fn order; /* NULL = the games' order, with the best move first */
    void *order_ctx;
    const sg_search_extra *extra; /* NULL = no extra component */
    /* Normal-play outcome instead of score: an over leaf scores 1 when Left wins
     * (frozen total, plus the extra's value, > 0, or = 0 with Right to move) and -1
     * otherwise; a depth-limited leaf scores 0 (unknown). The root's score is then 1 or
     * -1 exactly when the winner is proved. Run it on a sum made with SG_FREEZE_NUMBERS:
     * by number avoidance, playing only in components that are not numbers is then
     * exact. The table key includes the frozen total in this mode. */
    bool outcome;
    bool no_tt;            /* search without the transposition table (for testing) */
    /* order() is called only after the best move (moves[0]) failed to end the node, and
     * must keep it first: an order that costs much is then not paid at the many nodes
     * where the table's move cuts them off. */
    bool order_after_best;
} sg_search_config;

#define SG_SEARCH_PV_MAX 64

typedef struct sg_search_result {
    sg_value score;        /* from Left's view, including the frozen total */
    bool exact;            /* no depth-limited leaf influenced the score */
    bool completed;        /* at least one iteration finished within the budget */
    int depth;             /* depth of the deepest completed iteration; for a search
                              without depth limit, the longest line it searched */
    uint64_t nodes;        /* nodes over all iterations */
    double seconds;
    size_t pv_length;
    sg_sum_move pv[SG_SEARCH_PV_MAX]; /* principal variation from the root; pv[0] is
                                         the best move */
} sg_search_result;

typedef struct sg_search sg_search;

/* An engine with its transposition table; reuse it across searches of one game. */
sg_search *sg_search_new(const sg_search_config *config, char *err, size_t errlen);
void sg_search_free(sg_search *search);
/* Whether the last run met a ko: a position in which a component holds a ban that a move
 * elsewhere lifts (game.h, moved_elsewhere). Its score is then that of play under the ko
 * rule (bans lifted by moves elsewhere, coupons included), which is not a combinatorial
 * game value: callers that report exact values say so. */
bool sg_search_met_ko(const sg_search *search);
/* Forgets the transposition table. */
void sg_search_clear(sg_search *search);
/* Winning first. After a run whose score is exact and 0 with no extra component, some
 * moves that keep the score lose under normal play (in ^ + *, Left's move to ^ leaves *
 * to Right). This runs the normal-play outcome search on sum with what is left of the
 * run's budget and, when it proves that to_move wins, makes its winning first move
 * result's PV; every winning move keeps the score 0. Otherwise (the budget ran out, the
 * mover loses, a game in sum passes) result keeps its move. Its nodes and seconds grow
 * by the outcome search's. The sum should be the one the run searched. */
int sg_search_keep_win(sg_search *search, const sg_sum *sum, sg_player to_move,
                       sg_search_result *result, char *err, size_t errlen);

/* Replaces the configuration (budget, depth, hooks, mode) for the next runs; tt_log2 is
 * ignored, the table is kept. Clear the table when the meaning of a position changes
 * (another extra component). Outcome and score entries are kept apart. */
void sg_search_set_config(sg_search *search, const sg_search_config *config);

/* Optional move pruning: may drop moves that cannot matter (exact solving drops moves
 * whose incentive another move's dominates). Moves the kept ones to the front of
 * moves[0..count), in their order, and returns how many are kept (at least one). Called
 * before the best move is put first. Set with sg_search_set_prune (a setter rather than
 * a config field, so that callers compiled against the older config still work). */
typedef size_t (*sg_search_prune_fn)(void *ctx, const sg_sum *sum, sg_player to_move,
                                     sg_sum_move *moves, size_t count);
void sg_search_set_prune(sg_search *search, sg_search_prune_fn fn, void *ctx);
/* Optional exact leaves of an outcome search: at every node below the root, fn may
 * decide the normal-play winner of sum with to_move to play without a search (by adding
 * the components' canonical forms, say): it returns 1 when Left wins, -1 when Right
 * wins, 0 when it cannot tell. Not called outside outcome mode. A setter, like
 * sg_search_set_prune. */
typedef int (*sg_search_decide_fn)(void *ctx, const sg_sum *sum, sg_player to_move);
void sg_search_set_decide(sg_search *search, sg_search_decide_fn fn, void *ctx);
/* Ticks meter (NULL = none) once per node as well: an expired meter stops the search as
 * a spent budget does. The meter outlives the searches that use it. */
void sg_search_set_meter(sg_search *search, sg_meter *meter);
/* Keys the transposition table by each component's class under its game's symmetries
 * (game.h's canonical), so that a position and its mirror images share one entry: equal
 * values, one search. Off by default. A table move is kept only for the orientation that
 * stored it, and a sum of more than 65,534 components keeps none. Switching clears the
 * table. SG_ERR_NOMEM when its cache (1 MiB) cannot be had; the search is then as it
 * was. */
int sg_search_set_symmetric(sg_search *search, bool on);

/* Move ordering policies (Müller and Li §3.1 and Experiment 1), by name in INI files and
 * on the command line (sg_order_names). The engine itself only knows whether to put the
 * best move of the table (the previous iteration's, or a transposition's) first and
 * whether to deepen iteratively; temperatures and incentives come from local analysis
 * (sumgame/local.h), which also implements INC pruning. */
typedef enum sg_order {
    SG_ORDER_AUTO = 0,      /* the caller's own default */
    SG_ORDER_NONE = 1,      /* the games' order; one search, no best move first */
    SG_ORDER_PREV = 2,      /* BEST-PREV: iterative deepening, the best move found before
                               first */
    SG_ORDER_TEMP = 3,      /* TEMP: hottest component first; one search */
    SG_ORDER_TEMP_PREV = 4, /* both: by temperature, then the best move found before first */
    SG_ORDER_INCENTIVE = 5  /* by the Left stops of the moves' incentives, largest first,
                               then the best move found before first */
} sg_order;
/* "auto", "none", "prev", "temp", "temp+prev", "incentive"; NULL-terminated, indexed by
 * sg_order. */
extern const char *const sg_order_names[];
/* Whether an order deepens iteratively and puts the best move found before first. */
bool sg_order_uses_prev(sg_order order);
/* Whether an order sorts by temperature. */
bool sg_order_uses_temp(sg_order order);

/* Whether the table's best move for a node is tried first (default true). Off, moves come
 * in the order the prune and order hooks leave them, and order() gets best = NULL. */
void sg_search_set_best_first(sg_search *search, bool on);

/* Optional evaluation of depth-limited (and horizon) leaves, replacing the sum of the
 * games' evaluate(): the Left-view worth of the live components, without the frozen
 * total or the extra component. Set it before a search; NULL restores the default. */
typedef sg_value (*sg_search_evaluate_fn)(void *ctx, const sg_sum *sum, sg_player to_move);
void sg_search_set_evaluate(sg_search *search, sg_search_evaluate_fn fn, void *ctx);

/* Optional evaluation of depth-limited (and horizon) leaves that also sees the extra
 * component's state (TDS+'s thermographic leaves score a position by the coupon on top);
 * it takes precedence over the evaluate() hook and returns what that one returns. NULL
 * (the default) leaves the evaluation to that hook. */
typedef sg_value (*sg_search_leaf_fn)(void *ctx, const sg_sum *sum, sg_player to_move,
                                      uint64_t extra_state);
void sg_search_set_leaf(sg_search *search, sg_search_leaf_fn fn, void *ctx);

/* Whether moves in the extra component (coupons) count against the depth limit (the
 * default) or are free, so that a depth-limited search counts moves in the sum only and
 * its leaves lie that many moves into the games however many coupons were taken on the
 * way. Set it before a search. */
void sg_search_set_free_extra(sg_search *search, bool on);

/* Late move reductions: in a depth-limited search, a move in the sum after the first four
 * of a node with three or more plies left is searched a ply shallower first, and again at
 * the full depth only when it beats the best move so far. Depth-limited values may change
 * (a reduced line can miss what the full depth would see); a search without a depth
 * limit is not affected. Best with an order that puts good moves first (the table's move,
 * sg_search_set_history). Off by default; set it before a search. */
void sg_search_set_reductions(sg_search *search, bool on);

/* The history heuristic (Schaeffer, 1989): after the table's move, each node's moves in
 * the sum are tried in the order of how often and how deep the same move (the same code
 * in the same component) ended other nodes for the same player, each cut adding depth^2;
 * moves outside the sum (coupons) keep their places after them. It changes the order,
 * not what a search finds: a depth-limited search takes fewer nodes to the same depth.
 * The counts (32 KiB, made when it is first switched on) live as long as the engine,
 * through switching off and on again (halved when one passes 2^30), so a search reuses
 * what the searches before it learnt. Off by default; an engine with an order() uses
 * that instead. SG_ERR_NOMEM when the counts cannot be had; the search is then as it
 * was. */
int sg_search_set_history(sg_search *search, bool on);

/* Optional horizon: a node below the root for which horizon() returns true is scored as
 * a depth-limited leaf (the temperature-bounded search of Müller and Li §3.2 stops where
 * no component is hotter than its bound). Entries of the table that such leaves
 * influenced count as heuristic; clear the table when the horizon changes. */
typedef bool (*sg_search_horizon_fn)(void *ctx, const sg_sum *sum, sg_player to_move);
void sg_search_set_horizon(sg_search *search, sg_search_horizon_fn fn, void *ctx);

/* Optional gate on the sum's moves: at a node where the extra component has moves, a gate
 * that returns false leaves only those (TDS+ forbids moves in the game at temperatures
 * the game cannot have, and while a pre-search shows it is colder than the coupon on
 * top). It defines the tree searched, so it must depend only on its arguments; clear the
 * table when it changes. NULL = always open. */
typedef bool (*sg_search_gate_fn)(void *ctx, const sg_sum *sum, sg_player to_move,
                                  uint64_t extra_state);
void sg_search_set_gate(sg_search *search, sg_search_gate_fn fn, void *ctx);

/* Optional filter on the transposition table: nodes whose extra state it rejects are
 * neither looked up nor stored (the original TDS keeps states reached by -1 coupons out
 * of its table, because their value depends on the moves that led there). NULL = every
 * node uses the table. */
typedef bool (*sg_search_table_filter_fn)(void *ctx, uint64_t extra_state);
void sg_search_set_table_filter(sg_search *search, sg_search_table_filter_fn fn, void *ctx);

/* Searches sum with to_move to play. With no budget and max_depth 0 the answer is the
 * exact minimax value. Returns SG_OK with result filled; SG_ERR_BUDGET when the budget
 * ran out before any iteration finished (result->completed false; pv_length is 1 when
 * the table holds a move for the root from an earlier search, else 0); SG_ERR_INTERNAL
 * when a game broke its contract (message names it); SG_ERR_NOMEM. Node budgets give the
 * same result every time for the same sequence of searches on one engine. */
int sg_search_run(sg_search *search, const sg_sum *sum, sg_player to_move,
                  sg_search_result *result, char *err, size_t errlen);

SG_API_END
#endif
