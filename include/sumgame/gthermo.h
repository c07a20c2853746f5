/* Generalized thermography: thermographs of games with ko (loopy game graphs) under a
 * komaster assumption, and the same walls measured by orthodox play against an enriched
 * environment of coupons.
 *
 * Model (Berlekamp, "The economist's view of combinatorial games", 1996; Müller,
 * Berlekamp and Spight, "Generalized thermography", 1996). A ko ban is the game's
 * (ABI 1.2 moved_elsewhere): a player it forbids a move may wait, and a move elsewhere
 * lifts it. Under a komaster assumption:
 *   - the koloser never breaks a ban;
 *   - the komaster may break a ban (by a ko threat the koloser answers), but then moves
 *     twice at one turn: the retake and a second move from the position it reaches,
 *     paying two taxes. A retake that ends the game (reaches a number) is one move;
 *   - by default (Berlekamp's convention as Spight describes it) a komaster who takes a
 *     ko keeps going until it is resolved: he may not wait while he has a move there
 *     (game_graph.c's committed copies); sg_gthermo_options.komonster lifts that, the
 *     rule before issue #29. In games with stop_score (Go) either player may pass at
 *     t = 0, but a committed komaster may not while he has a move.
 * With komaster NONE neither player may break a ban (both are kolosers).
 *
 * At temperature t every local move pays the tax t, and a player may instead wait (play
 * elsewhere, at the environment's temperature just below t). For each position s:
 *     LW_s(t) = max( RW_{s^L}(t) - k t over Left's options (k = 1, or 2 for a double
 *                    move),  RW_{lift s}(t-) )        [Left waits; lift s = s unbanned]
 *     RW_s(t) = min( LW_{s^R}(t) + k t,  LW_{lift s}(t-) )
 * This is the limit of play against a coupon stack as its step goes to 0. Where the
 * scaffolds cross the walls meet in a vertical mast, as in loop-free thermography; where
 * a scaffold keeps pushing a met pair of walls (a balloon's path in a cave) they move
 * together: an inclined mast. Walls have integer slopes (the net number of local moves
 * of the player who pays) and rational breakpoints. The sweep solves the system upward
 * from t = -1, exactly, event by event.
 *
 * Positions that reach no ban and no cycle are short games: by default their walls come
 * from the loop-free engine (thermograph.h), so loop-free positions give exactly its
 * thermographs. A cycle of moves that no ban stops (superko) has no thermograph: the move
 * that closes it is removed (game_graph.c says which), and `pruned` counts them. */
#ifndef SUMGAME_GTHERMO_H
#define SUMGAME_GTHERMO_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>

#include "sumgame/meter.h"
#include "sumgame/ratio.h"
#include "sumgame/sum.h"
#include "sumgame/value.h"

SG_API_BEGIN

typedef enum sg_komaster {
    SG_KOMASTER_NONE = 0,
    SG_KOMASTER_LEFT = 1,
    SG_KOMASTER_RIGHT = 2
} sg_komaster;

const char *sg_komaster_name(sg_komaster k);
/* "left", "right", "none" (also "black", "white"). */
int sg_komaster_parse(const char *text, sg_komaster *out);

/* A wall on [-1, oo): value x[i] at t[i] (t[0] = -1, increasing), slope[i] on
 * [t[i], t[i+1]) and slope[n-1] from t[n-1] on. */
typedef struct sg_rwall {
    size_t n;
    sg_ratio *t;
    sg_ratio *x;
    int *slope;
} sg_rwall;

sg_ratio sg_rwall_eval(const sg_rwall *w, sg_ratio t, bool *overflow);

typedef struct sg_gthermograph {
    sg_komaster komaster;
    sg_ratio mast;        /* the value of the vertical mast at the top */
    sg_ratio temperature; /* where the walls join the vertical mast for good */
    sg_ratio left_stop, right_stop; /* LW(0), RW(0) */
    sg_rwall left_wall, right_wall;
    bool loopy;          /* the position reaches a ko ban: not a short game */
    bool inclined;       /* the walls coincide with a non-zero slope somewhere */
    size_t positions;    /* positions of the game graph */
    size_t events;       /* breakpoints the sweep stopped at */
    size_t pruned;       /* moves removed because they close a cycle no ban stops */
    size_t ended;        /* positions those cuts leave nobody a move: they count their
                          * stop (stop_score), as two passes end Go */
    size_t komaster_won; /* walls at t = 0 where play could go round a cycle for ever,
                          * counted as the komaster's win (docs/algorithms.md) */
} sg_gthermograph;

typedef struct sg_gthermo_options {
    size_t max_positions; /* game-graph positions before SG_ERR_BUDGET; 0 = 200000 */
    bool no_shortcut;     /* sweep loop-free positions too (tests: equal to thermograph.h) */
    sg_meter *meter;      /* ticked per position and per event; NULL = none */
    /* The komaster rule. false (the default): Berlekamp's convention as Spight describes
     * it, a komaster who takes a ko keeps going until it is resolved (he may not wait
     * while in the middle of it). true: komonster power, the rule before issue #29: the
     * komaster may wait after taking a ko, so he can break a ban again and again with
     * double moves and never spend the connecting move. */
    bool komonster;
} sg_gthermo_options;

/* The generalized thermograph of pos under komaster km. The caller frees out with
 * sg_gthermograph_free (also after an error). */
int sg_gthermograph_of_position(const sg_game *game, const void *pos, sg_komaster km,
                                const sg_gthermo_options *opt, sg_gthermograph *out,
                                char *err, size_t errlen);
void sg_gthermograph_free(sg_gthermograph *th);
/* The same, and each player's best move at the temperature: the option whose taxed
 * scaffold is best there (Left: the highest right wall of the option; Right: the lowest
 * left wall), the first in move order among equals; has[p] false when p has no move. The
 * moves are legal moves of pos, so a banned player's best is never the banned retake. */
int sg_gthermograph_best(const sg_game *game, const void *pos, sg_komaster km,
                         const sg_gthermo_options *opt, sg_gthermograph *out, bool has[2],
                         sg_move best[2], char *err, size_t errlen);

typedef enum sg_ko_class {
    SG_KO_LOOPFREE = 0, /* no ban reached: one thermograph, komaster irrelevant */
    SG_KO_PLACID,       /* neither mast nor temperature depends on the komaster */
    SG_KO_ACTIVE,       /* only the temperature does */
    SG_KO_HYPERACTIVE   /* the mast does */
} sg_ko_class;

sg_ko_class sg_ko_classify(const sg_gthermograph *left_komaster,
                           const sg_gthermograph *right_komaster);
const char *sg_ko_class_name(sg_ko_class c);

/* Orthodox play against an enriched environment, the independent check of the walls:
 * the minimax values of pos + C(t_max, delta), the coupons t_max, t_max - delta, ...,
 * delta (t_max a multiple of delta), with Left and with Right moving first. A player
 * may take the top coupon (a move elsewhere: it lifts bans) or move locally under the
 * komaster rules above (a double move takes two turns: between the retake and the second
 * move the koloser takes the top coupon); when the coupons are gone, play goes on
 * locally, and a player without a local move passes (a pass is a move elsewhere too). Exact, by retrograde
 * analysis over (position, coupons left, player to move). For small delta,
 *     left_first  = LW(t_max) + (value of the stack alone, Left first)  + O(delta)
 *     right_first = RW(t_max) + (value of the stack alone, Right first) + O(delta). */
int sg_gthermo_environment(const sg_game *game, const void *pos, sg_komaster km,
                           sg_value t_max, sg_value delta, const sg_gthermo_options *opt,
                           sg_value *left_first, sg_value *right_first, char *err,
                           size_t errlen);

/* Compares th (of pos under th->komaster) with the environment at t = 1/4, 1/2, ...,
 * t_hi (a multiple of 1/4 and of delta; delta at most 1/4): *worst is the largest
 * distance between LW(t) and Left-first play less the stack's own value, or RW(t) and
 * Right-first play less the stack's, and *worst_t where it occurs. t = 0 is left out:
 * there the environment has no coupon to wait with, unlike the limit. */
int sg_gthermo_check_environment(const sg_game *game, const void *pos,
                                 const sg_gthermograph *th, sg_value delta, sg_value t_hi,
                                 const sg_gthermo_options *opt, sg_ratio *worst,
                                 sg_value *worst_t, char *err, size_t errlen);

SG_API_END
#endif
