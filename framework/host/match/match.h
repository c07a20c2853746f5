/* `sumgame match`: what a head-to-head is made of (match_plan, read from an INI file by
 * match_config.c), how one game is played inside a worker process (match_play.c), and
 * how games are farmed out to workers and gathered in order (match_run.c).
 *
 * Games and pairs. Position p (0-based) is played twice: game 2p with the `left=`
 * strategy ("A") playing Left, game 2p+1 with A playing Right. `first` fixes who moves
 * first: left (default), right, or alternate (Left in both games of even pairs, Right in
 * both games of odd pairs, so the two games of a pair always differ only in colors).
 *
 * Randomness. root = sg_rng_seed(seed). Position p is generated from
 * sg_rng_split(root, p) (its components one after another from that one stream), so
 * with components = 1 the positions are exactly those of `sumgame gen --seed S`. Game g
 * draws its strategies' streams from sg_rng_split(sg_rng_split(root, 2^64-1), g): A gets
 * sg_rng_split(that, 0), the `right=` strategy ("B") sg_rng_split(that, 1). Each game is
 * played in a fresh process forked from the prepared parent, so no strategy state
 * (transposition tables, ...) carries from one game to the next: results do not depend
 * on --jobs or on which worker ran which game, nor on --from. */
#ifndef SUMGAME_HOST_MATCH_H
#define SUMGAME_HOST_MATCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "host/check/catalog.h"
#include "sumgame/clock.h"
#include "host/cli/config.h"
#include "sumgame/strategy.h"
#include "sumgame/sum.h"

typedef enum match_first { FIRST_LEFT = 0, FIRST_RIGHT = 1, FIRST_ALTERNATE = 2 } match_first;
/* What a final score of 0 means: a draw (scoring games such as rcg or Go) or, under
 * normal play, a loss for the player to move at the end. */
typedef enum match_zero { ZERO_DRAW = 0, ZERO_MOVER_LOSES = 1 } match_zero;

/* A strategy of a match. The runner only checks its configuration (create() in a child
 * process it then discards); each worker creates its own instance before its game, under
 * the worker's data limit, so that a strategy's tables count against worker_memory and
 * never against the runner. */
typedef struct match_side {
    const char *name; /* NAME of [strategy.NAME] (points into the config, or the caller's) */
    const sg_strategy_desc *desc;
    void *instance;   /* NULL outside a worker */
    sg_params params; /* what create() is given */
    sg_param *kept;   /* the parameters given to create(), kept while the side lives */
} match_side;

/* AddressSanitizer reserves terabytes of address space: no data limit can hold it. */
#if defined(__SANITIZE_ADDRESS__)
#define MATCH_MEMORY_LIMITS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MATCH_MEMORY_LIMITS 0
#endif
#endif
#ifndef MATCH_MEMORY_LIMITS
#define MATCH_MEMORY_LIMITS 1
#endif

/* The limits every game's worker runs under (match_run.c, docs/user-guide.md). A plan
 * built by hand leaves this zeroed: every limit then takes its default. */
#define MATCH_TIME_PER_MOVE_MAX 3600.0 /* seconds: larger values are refused */
#define MATCH_TIME_MARGIN 1.0          /* seconds a move may overrun time_per_move */
#define MATCH_GAME_SECONDS 3600.0      /* default cap of a game without a time budget */
#define MATCH_GAME_SECONDS_MAX 2592000.0 /* 30 days */
#define MATCH_OPTIMAL_SECONDS 600.0 /* optimal_time's default, a position */
/* A strategy's create() in the configuration check, without game_time_limit (which
 * bounds it otherwise): a creation that takes longer is an error, not a wait. */
#define MATCH_CREATE_SECONDS 120.0
typedef struct match_limits {
    bool has_time_margin;
    double time_margin;     /* seconds; MATCH_TIME_MARGIN unless has_time_margin */
    double game_seconds;    /* wall-clock cap of one game; 0 = the default (above) */
    bool no_memory_limit;   /* worker_memory = none */
    uint64_t worker_memory; /* bytes of data per worker; 0 = RAM / jobs */
    uint64_t tables;        /* bytes asked for by the strategies' tt_log2 keys (estimate) */
    char memory_where[256]; /* "FILE:LINE: match: worker_memory = V", "" when not given */
    char tables_where[256]; /* "FILE:LINE: strategy.X: tt_log2 = N" of the largest table */
} match_limits;

typedef struct match_plan {
    sg_config *cfg;
    catalog *cat;
    match_side a, b; /* a: the `left=` strategy, b: the `right=` one */
    unsigned long long positions;
    unsigned long long from; /* first position played (--from); earlier ones are skipped */
    uint64_t seed;
    sg_budget budget;
    match_limits limits;
    match_first first;
    match_zero zero;
    sg_value komi;  /* subtracted once from every final score (Go: White's compensation) */
    sg_sum **sums;  /* start of each position */
    char **texts;   /* each position as "GAME:POS + ..." */
    sg_param *kept; /* the generator's parameters, kept while its instance lives */
    /* optimal = yes: each position's stop with the game's first player moving first
     * (the same for both games of a pair), computed by the parent before play; under
     * zero_score = mover_loses its winner instead, 1 for Left and -1 for Right. */
    bool optimal;
    sg_value *stops;
    double optimal_seconds; /* optimal_time: the solver's wall-clock limit a position */
    /* --shard INDEX/COUNT (count 0 = no shards): this run plays only the positions p
     * with p % count == index (both games of each), so every shard's summary is over
     * colour-swapped pairs. */
    unsigned long long shard, shards;
    /* The tournament's fingerprint (match_log.h) that records carry; 0 = none (plans
     * built by hand, whose records carry no identity). */
    uint64_t print;
} match_plan;

/* Command-line values that replace the file's (NULL / false = keep the file's). */
typedef struct match_overrides {
    bool has_games, has_seed;
    unsigned long long games;
    unsigned long long from; /* --from: positions before it are built but not played */
    unsigned long long shard, shards; /* --shard INDEX/COUNT, COUNT 0 = none */
    uint64_t seed;
    const char *plugin_path;
} match_overrides;

/* Reads the configuration at path, opens and creates both strategies and builds every
 * position (and with optimal = yes their stops). On failure err holds one line, normally
 * "file:line: ...". */
int match_plan_load(match_plan *plan, const char *path, const match_overrides *ov, char *err,
                    size_t errlen);
/* Frees what the plan owns: both sides, the positions, the catalog and the config. */
void match_plan_free(match_plan *plan);

/* The pieces match_plan_load is made of, for other commands that play games and build
 * their plans by hand. */

/* Opens the plugin of section (a [strategy.NAME] of cfg, or any section with a `plugin`
 * key; without one, the plugin is NAME) and checks that an instance can be created from
 * params: the keys its caller chose, which must outlive the side; NULL = the section's
 * keys but `plugin`. The check runs create() in a child process under a data limit of
 * memory bytes (0: none), so that no table is allocated here, and a limit of seconds of
 * wall clock (0: MATCH_CREATE_SECONDS), past which it is an error. Messages name the
 * section. */
int match_side_open(match_side *side, const sg_config *cfg, catalog *cat,
                    const sg_params *section, const sg_params *params, uint64_t memory,
                    double seconds, char *err, size_t errlen);
void match_side_close(match_side *side);
/* Creates side's instance (in the worker that plays with it); err holds the strategy's
 * reason on failure. match_side_close destroys it. */
int match_side_create(match_side *side, char *err, size_t errlen);
/* Bytes of data (VmData) this process holds: what a forked worker starts with. */
uint64_t match_data_in_use(void);

/* Makes plan->positions sums (plan->cat and plan->seed set) from the random generator of
 * game gen (an item of section, blamed in messages), each of `components` components
 * drawn in turn from sg_rng_split(sg_rng_seed(seed), p), so that every command gives the
 * same positions for the same seed. The game's instance gets the keys of section but
 * those in drop (NULL-terminated). */
int match_generate(match_plan *plan, const sg_params *section, const sg_param *gen,
                   const char *const *drop, long long components, char *err, size_t errlen);
/* Fills plan->stops for positions plan->from onward with the exact solver (the first
 * player of each position's games moving first), each within plan->optimal_seconds (0:
 * no limit); progress on stderr when it is a terminal. Sets plan->optimal. */
int match_compute_stops(match_plan *plan, char *err, size_t errlen);
/* Frees the positions, their stops and the generator's parameters only. */
void match_positions_free(match_plan *plan);

/* Whether this run plays position p (its shard). */
static inline bool match_plan_owns(const match_plan *plan, unsigned long long p)
{
    return plan->shards <= 1 || p % plan->shards == plan->shard;
}

/* Game g's colors and first player. */
static inline bool match_a_is_left(unsigned long long g) { return g % 2 == 0; }
sg_player match_first_player(const match_plan *plan, unsigned long long g);

/* Plays game g inside a worker and reports on fd, one line per message:
 *   "T L|R"                that player starts thinking about a move
 *   "M TEXT"               a move was played (sg_sum_format_move text)
 *   "D DEPTH"              after each M: the deepest iteration the mover's strategy
 *                          completed for it (sg_strategy_stats), 0 for none or a pass
 *   "F L|R REASON"         that player forfeits (its strategy failed or moved illegally)
 *   "E SCORE NL NR SECS WL WR CL CR"
 *                          the game ended: final score (Left's view) or "-" after a
 *                          forfeit, nodes of the Left and Right players, seconds, and
 *                          the wall-clock and CPU seconds Left and Right spent choosing
 *   "X game|strategy|none PLUGIN FUNCTION SIGNAL"
 *                          the worker is dying of SIGNAL inside that plugin call (written
 *                          by its fault handler; see sumgame/fault.h) */
void match_play_game(const match_plan *plan, unsigned long long g, int fd);

/* Whether game g's first mover is the `left=` strategy A. */
static inline bool match_a_first(const match_plan *plan, unsigned long long g)
{
    return (match_first_player(plan, g) == SG_LEFT) == match_a_is_left(g);
}

/* Whose fault a game's abnormal end was. */
typedef enum match_fault { FAULT_NONE = 0, FAULT_STRATEGY = 1, FAULT_GAME = 2 } match_fault;

/* What the parent knows about one game once its worker is done. */
typedef struct match_record {
    bool done;
    size_t moves;         /* moves played */
    char *moves_json;     /* "\"1:L1\",\"2:R1\"" */
    size_t moves_len;
    char *depths_json;    /* "3,0,5": each move's depth (sg_strategy_stats), 0 if none */
    size_t depths_len;
    bool forfeit;
    sg_player loser;      /* of a forfeit */
    char *reason;         /* of a forfeit, or of a game fault */
    match_fault fault;    /* FAULT_GAME: a game plugin crashed; nobody forfeits, no result */
    char *log;            /* what the strategies wrote to stdout and stderr, or NULL */
    size_t log_dropped;   /* bytes of it past the kept part */
    bool has_score;
    bool estimated;       /* the score is partly the games' evaluation (match_play.c) */
    sg_value score;       /* final score, Left's view */
    unsigned long long nodes[2];
    double seconds;
    double side_seconds[2]; /* wall-clock seconds in each player's choose() */
    double side_cpu[2];     /* CPU seconds of the worker process in each player's choose() */
} match_record;

/* A's result in game g: 1 a win, -1 a loss, 0 a draw (a score of 0 under
 * zero_score = draw). */
int match_result_sign(const match_plan *plan, unsigned long long g, const match_record *r);
/* The points A lost against optimal play from its own side (plan->optimal): the
 * position's stop minus A's score when A is Left, the score minus the stop when A is
 * Right. Under normal play (zero_score = mover_loses) the won game A lost instead: 1 when
 * A's side wins the start and A did not win, else 0. False without a score (a
 * forfeit). */
bool match_loss(const match_plan *plan, unsigned long long g, const match_record *r,
                sg_value *loss);

/* One game of a run: game of plan. */
typedef struct match_task {
    const match_plan *plan;
    unsigned long long game;
} match_task;
/* Called in task order, each task once, as soon as it and every task before it are
 * done; a non-zero return stops the run with that status. */
typedef int (*match_done_fn)(void *ctx, size_t task, const match_record *r);
/* Called with the done function's ctx every time the pool wakes (about ten times a
 * second) while games run: for progress that moves when no game has ended. */
typedef void (*match_tick_fn)(void *ctx);

/* Plays tasks[0..n) with up to jobs worker processes, one forked process per game (a
 * worker that dies or hangs forfeits its game; the run goes on). what names the command
 * in messages. Returns the exit status. */
int match_play_tasks(const match_task *tasks, size_t n, unsigned jobs, const char *what,
                     match_done_fn done, void *ctx);
/* The same, but done is called for each task as soon as it is done, in the order games
 * finish: what `match --out` needs to put every finished game on disk at once. */
int match_play_tasks_unordered(const match_task *tasks, size_t n, unsigned jobs,
                               const char *what, match_done_fn done, match_tick_fn tick,
                               void *ctx);
/* Either of the two (ordered or not) for a caller that prints nothing itself: the pool's
 * own failures (out of memory, limits the machine cannot honour, no worker started) go
 * into err, "" when done stopped the run (its message is the caller's). Returns the
 * status, 0 when every task is done. */
int match_pool_run(const match_task *tasks, size_t n, unsigned jobs, const char *what,
                   bool ordered, match_done_fn done, match_tick_fn tick, void *ctx, char *err,
                   size_t errlen);


/* Writes game g's JSON line (the contract of `sumgame match --out`). */
/* The player to move after r->moves moves of game g. */
sg_player match_to_move(const match_plan *plan, unsigned long long g, const match_record *r);

void match_write_line(FILE *f, const match_plan *plan, unsigned long long g,
                      const match_record *r);

/* The same line in a new string of *len bytes (free it); NULL when out of memory. */
char *match_format_line(const match_plan *plan, unsigned long long g, const match_record *r,
                        size_t *len);

/* How match_run runs and where its records go. */
typedef struct match_run_opts {
    unsigned jobs;
    bool json;
    const char *out;  /* --out FILE.jsonl, or NULL */
    bool resume;      /* continue the tournament already in out */
    bool mpi;         /* games farmed out to the ranks of an MPI job (match_mpi.h) */
} match_run_opts;

/* Plays games 2 * plan->from onward (those of plan's shard) with up to jobs worker
 * processes, or over MPI; appends one JSON line per game to opts->out as each game
 * finishes (match_log.h: fsynced, so a kill loses no finished game), and once every
 * game is in, rewrites the file in game order. With resume the games already in the
 * file are not played again. Prints the summary of all the run's games to stdout (as
 * JSON when json). Positions and games keep the numbers of a run from position 0, so a
 * run split with --from or --shard gives the same games as one run.
 * Returns the exit status. */
int match_run(const match_plan *plan, const match_run_opts *opts);

#endif
