/* Monte-Carlo machinery shared by the Monte-Carlo strategies and the mcdual estimator
 * (Cazenave, "Monte-Carlo approximation of temperature"): playouts of one component and of
 * a sum, UCT over a sum, and the per-board dual (§3.2) and threat (§3.3) searches.
 *
 * Scores are points from Left's view, never win/loss: the paper scores playouts by points
 * because differences of points are what a temperature is made of.
 *
 * Playouts. A component is played out by its game's playout hook (game.h, ABI 1.2) when it
 * has one, else by uniformly random moves, players alternating, until number() reports an
 * integer (see sg_mc_playout_component). A sum is played out component after component
 * (§3.1): the player to move starts component 0; whoever would move after the last move
 * of component k starts component k + 1. Components after the first are told a move was
 * made elsewhere first (moved_elsewhere), so a ko ban does not outlive the play of the
 * components before them.
 *
 * Reproducibility. Everything random draws from an sg_rng the caller gives; each unit of
 * work (a thread's tree, one board's search) gets its own stream by sg_rng_split, so a
 * result depends on the seed and the thread count only, never on scheduling.
 *
 * Threads. Work runs in several threads only when every game involved declares
 * SG_GAME_REENTRANT (game.h); otherwise silently in one. */
#ifndef SUMGAME_MC_H
#define SUMGAME_MC_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/cgt.h"
#include "sumgame/host.h"
#include "sumgame/sum.h"
#include "sumgame/value.h"

SG_API_BEGIN

/* Moves one playout of one component may make before it fails with SG_ERR_INTERNAL (a
 * game that never settles under random play). */
#define SG_MC_MAX_PLAYOUT_MOVES 100000

/* Plays pos out, who first. *score is the final value (Left's view) and *next the player
 * who would move after the last move. Without a playout hook: uniformly random moves
 * until number() reports an integer; a non-integer number is played on while moves
 * remain. A player without a move passes when the game has SG_GAME_PASSES and the
 * opponent has a move (moved_elsewhere lifts a ban); otherwise the playout ends there
 * with number()'s value, else evaluate() rounded down to an integer, else 0. */
int sg_mc_playout_component(const sg_game *game, const void *pos, sg_player who,
                            sg_rng *rng, sg_value *score, sg_player *next, char *err,
                            size_t errlen);

/* Plays every live component of sum out in order (§3.1, see above); *score is the frozen
 * total plus the components' scores. *next (may be NULL) is who would move after all. */
int sg_mc_playout_sum(const sg_sum *sum, sg_player who, sg_rng *rng, sg_value *score,
                      sg_player *next, char *err, size_t errlen);

/* True when every live component's game declares SG_GAME_REENTRANT. */
bool sg_mc_sum_reentrant(const sg_sum *sum);

/* Runs job(ctx, i, ...) for i in [0, n) on up to threads threads (pthreads; 1 runs them in
 * the calling thread, in order). Every job runs even when one fails; the failure of the
 * lowest-numbered failing job is returned with its message, so the answer does not depend
 * on scheduling. */
typedef int (*sg_mc_job_fn)(void *ctx, size_t i, char *err, size_t errlen);
int sg_mc_run_jobs(size_t n, int threads, sg_mc_job_fn job, void *ctx, char *err,
                   size_t errlen);

/* ---- UCT over a sum -------------------------------------------------------------------- */

typedef struct sg_uct_config {
    uint64_t playouts; /* per search (all threads together); at least 1 */
    double c;          /* exploration constant; the paper's 0.3 */
    int threads;       /* root parallelisation: one tree per thread */
    size_t max_nodes;  /* tree nodes per tree; past it nodes are no longer expanded */
    double seconds;    /* a search also stops after this long (at least one playout is
                        * made); 0 = no limit. Results then depend on the machine. */
} sg_uct_config;

#define SG_UCT_DEFAULT_PLAYOUTS 1000
#define SG_UCT_DEFAULT_C 0.3
#define SG_UCT_DEFAULT_THREADS 1

/* playouts, c and threads the defaults above, max_nodes 1 << 20, seconds 0. */
void sg_uct_config_default(sg_uct_config *config);
/* Reads the keys playouts, c and threads from params into config (absent keys keep
 * config's values); other keys are the caller's to check. */
int sg_uct_config_parse(const sg_params *params, sg_uct_config *config, char *err,
                        size_t errlen);

/* The documentation of those keys in a strategy's descriptor: sg_param_doc initializers
 * with sg_uct_config_default's defaults, so the defaults a strategy lists are the ones it
 * gets. Macros rather than an exported table, because a descriptor's table is a constant
 * that cannot copy another's entries. What a playout or a thread is for differs between
 * strategies (per move or per search, trees or boards), so each writes that help; the
 * help texts several share are below. */
#define SG_MC_TEXT_(x) #x
#define SG_MC_TEXT(x) SG_MC_TEXT_(x)
#define SG_MC_PARAM_PLAYOUTS(help) { "playouts", SG_MC_TEXT(SG_UCT_DEFAULT_PLAYOUTS), help }
#define SG_MC_PARAM_C(help) { "c", SG_MC_TEXT(SG_UCT_DEFAULT_C), help }
#define SG_MC_PARAM_THREADS(help) { "threads", SG_MC_TEXT(SG_UCT_DEFAULT_THREADS), help }
#define SG_MC_HELP_C "UCT exploration constant (scores are points)"
#define SG_MC_HELP_BOARD_THREADS "threads for the boards' searches (only for reentrant games)"

/* One child of the root: a move, or the pass of a player without a move. */
typedef struct sg_uct_child {
    bool pass;
    sg_sum_move move;
    uint64_t visits;
    double mean; /* mean playout score through it, Left's view (0 when unvisited) */
} sg_uct_child;

typedef struct sg_uct_result {
    bool has_best;      /* false when the root is terminal (nobody has a move) */
    size_t best;        /* index in children: the most visited (ties: better mean for
                         * the mover, then move order) */
    double mean;        /* mean score of all playouts, Left's view */
    uint64_t playouts;
    uint64_t nodes;     /* tree nodes made, all trees together */
    int threads;        /* threads actually used */
    size_t nchildren;
    sg_uct_child *children; /* in sg_sum_moves order; freed by sg_uct_result_free */
} sg_uct_result;

/* UCT from sum with who to move: each playout descends the tree choosing, for the player
 * to move at each node, a child not yet visited (uniformly at random among them) or else
 * the one maximising mean + c * sqrt(ln N / n) (mean from the mover's view), adds one node,
 * and plays a sum playout from it. A player without a move while the opponent has one
 * passes (the node's only child, sg_sum_pass); a node where nobody has a move is
 * terminal and scores its sum playout, which ends at once. With config->threads > 1
 * and every game reentrant, each thread grows its own tree on its share of the playouts
 * (rng stream split by thread number) and root children's visits and scores are summed.
 * The result is a function of sum, who, config and rng's state. */
int sg_uct_search(const sg_sum *sum, sg_player who, const sg_uct_config *config,
                  const sg_rng *rng, sg_uct_result *out, char *err, size_t errlen);
void sg_uct_result_free(sg_uct_result *result);

/* ---- dual and threat search on separate boards ----------------------------------------- */

/* The searches of one board (component), each a one-thread UCT search on the sum holding
 * only that board with config's playouts:
 *   dual (§3.2):   Left first (mean mu_left, best Left move) and Right first (mu_right);
 *   threat (§3.3): also, after Left's best move, Left first again (mu_left2), and after
 *                  Right's best move, Right first again (mu_right2).
 * has_left (has_right) is false when that player has no move on the board (its search
 * then starts with a pass, and the threat search is skipped: mu_left2 = mu_left);
 * has_left2 (has_right2) false when Left has no move after its best move (the board is
 * over, or it is Right's alone): the threat is then no threat. */
typedef struct sg_mc_board {
    double mu_left, mu_right;
    double mu_left2, mu_right2; /* threat search only */
    bool has_left, has_right;   /* that player has a move on the board */
    bool has_left2, has_right2; /* threat search: a second move after the best first */
    sg_move best_left, best_right;
    uint64_t playouts, nodes;
} sg_mc_board;

/* Seconds per search for `searches` searches that share `seconds` on up to `threads`
 * threads (all games reentrant or not): a move's time budget spread over its searches,
 * with a tenth kept back. 0 when seconds is 0. */
double sg_mc_search_seconds(double seconds, size_t searches, int threads, bool reentrant);

/* Analyses n boards (games[i], positions[i]), board i drawing from
 * sg_rng_split(rng, streams[i]) (search j of the board from a split of that by j), so a
 * board's answer depends on its stream only: the same whatever the other boards, the
 * thread count or the order. The 2n (dual) or 4n (threat, in two rounds) searches run on
 * up to config->threads threads when every game is reentrant. A board that splits into
 * parts is searched as their sum; its best moves are then moves of the part they are
 * in. */
int sg_mc_boards(size_t n, const sg_game *const *games, const void *const *positions,
                 const uint64_t *streams, const sg_uct_config *config, const sg_rng *rng,
                 bool threat, sg_mc_board *out, char *err, size_t errlen);

/* Threat search's picture of a board (§3.3): the two-level game
 *     G = { {mu_left2 | mu_left} | {mu_right | mu_right2} }
 * (each mean rounded by sg_mc_dyadic), without Left's option when !has_left and without
 * Right's when !has_right, as a canonical form of table. When Left has no second move
 * (!has_left2) Left's option is the number mu_left itself, not {mu_left | mu_left} (which
 * would be mu_left plus star, a move that is not there); the same for Right. */
int sg_mc_threat_game(sg_cgt *table, const sg_mc_board *board, sg_cg *out);

/* The board threat search plays on for who, among boards where who has a move:
 *   minimax false (Hotstrat): the greatest temperature of the board's threat game (ties:
 *                 the first board);
 *   minimax true: the component of an optimal first move in the sum of all boards'
 *                 threat games (sg_summation_best_move: exact minimax with number
 *                 avoidance); when that sum gives none (it is a number), Hotstrat's.
 * temperatures (may be NULL) receives each board's threat-game temperature. False in
 * *found when who has a move on no board. */
int sg_mc_threat_select(const sg_mc_board *boards, size_t n, sg_player who, bool minimax,
                        bool *found, size_t *board, sg_value *temperatures, char *err,
                        size_t errlen);

/* x rounded to the nearest multiple of 1/SG_MC_GRID: how Monte-Carlo means become exact
 * dyadic values. */
#define SG_MC_GRID_LOG2 10
sg_value sg_mc_dyadic(double x);

SG_API_END
#endif
