/* The `solver` strategy: a perfect player. Every move is the exact solver's best move
 * (sumgame/solve.h): optimal play for the CGT stop of the sum with the mover first, so
 * against it a strategy loses exactly the points its own mistakes cost (Müller and Li,
 * Experiment 3, whose perfect player is their TEMP + INC searcher).
 *
 * Keys:
 *   order      = auto | none | prev | temp | temp+prev | incentive (sg_order_names;
 *                default auto: the solver's own choice)
 *   incentives = yes | no   prune moves with dominated incentives (default yes)
 *   decompose  = yes | no   replace components by their canonical forms (default yes:
 *                decomposition search; `no` searches the games' own moves)
 *   tt_log2    = N          transposition table of 2^N entries (default 20, 32 MiB; each
 *                game makes its own, so small sums play faster with less)
 *   goal       = stop | win  stop (default): the best stop, and a winning move among the
 *                moves that reach it; win: a winning move whenever the mover wins, found
 *                by the normal-play outcome search alone (sg_solver_outcome), stops not
 *                computed. For matches counted by wins (zero_score = mover_loses): far
 *                faster where the stop is out of reach (the open 4x4 Amazons room: under
 *                a second, where the stop search does not finish).
 * Every setting is exact for its goal; the others change only the time a move takes. Under a clock the
 * solver may take half of the move's time; when it does not finish, the move is
 * Hotstrat+'s over anytime TDS+ estimates in the time left (sg_clock_fallback_within) and
 * the game goes on with a fresh solver. Without a clock every move is solved to the end.
 *
 * The match plays out numbers (SG_FREEZE_INTEGERS) while the solver wants them frozen
 * (SG_FREEZE_NUMBERS), so each move copies the sum under the solver's policy
 * (sg_sum_refreeze) and maps the answer's component back to the match's. When every
 * live component is a number the solver has no move to give; then each legal move is
 * scored by the stop that follows it and the best one is played (real play of a number
 * can still cost points: 1/2 = {0|1}). One solver serves a whole game, so its canonical
 * forms and transposition table carry from move to move. */
#include <stdio.h>
#include <string.h>

#include "sumgame/params.h"
#include "sumgame/solve.h"
#include "sumgame/strategy.h"
#include "sumgame/sum_eval.h"

typedef struct solver_strategy {
    const sg_host *host;
    sg_solve_config config;
    sg_clock_share clock;   /* its meter is the solver's (config.meter) */
    sg_estimator *fallback; /* under a clock, when the solver does not finish */
    sg_solver *solver;  /* made on the first move of a game */
    sg_sum *frozen;     /* the sum under SG_FREEZE_NUMBERS */
    sg_sum *next;       /* a sum after one move, for the fallback */
    uint32_t *origin;   /* frozen's component -> the match sum's */
    size_t origin_cap;
    sg_sum_move *moves;
    size_t moves_cap;
    bool win;           /* goal = win */
    sg_strategy_stats stats;
} solver_strategy;

static const char *const known_keys[] = { "order", "incentives", "decompose", "tt_log2", "goal",
                                          NULL };
static const char *const goal_names[] = { "stop", "win", NULL };

static int create(const sg_host *host, const sg_params *params, void **instance, char *err,
                  size_t errlen)
{
    int order = SG_ORDER_AUTO;
    bool incentives = true, decompose = true;
    int rc = sg_params_check_known(params, known_keys, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(params, "order", sg_order_names, SG_ORDER_AUTO, &order, err,
                            errlen);
    if (rc == SG_OK)
        rc = sg_params_bool(params, "incentives", true, &incentives, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_bool(params, "decompose", true, &decompose, err, errlen);
    long long tt_log2 = 20;
    if (rc == SG_OK)
        rc = sg_params_int(params, "tt_log2", 20, 10, 30, &tt_log2, err, errlen);
    int goal = 0;
    if (rc == SG_OK)
        rc = sg_params_enum(params, "goal", goal_names, 0, &goal, err, errlen);
    if (rc != SG_OK)
        return rc;
    solver_strategy *s = host->alloc(sizeof *s);
    if (!s)
        return SG_ERR_NOMEM;
    memset(s, 0, sizeof *s);
    s->host = host;
    s->config.order = (sg_order)order;
    s->config.no_incentives = !incentives;
    s->config.no_decompose = !decompose;
    s->config.tt_log2 = (size_t)tt_log2;
    s->win = goal == 1;
    s->frozen = sg_sum_new(SG_FREEZE_NUMBERS);
    s->next = sg_sum_new(SG_FREEZE_INTEGERS);
    if (!s->frozen || !s->next) {
        sg_sum_free(s->frozen);
        sg_sum_free(s->next);
        host->free(s);
        return SG_ERR_NOMEM;
    }
    *instance = s;
    return SG_OK;
}

static void destroy(void *instance)
{
    solver_strategy *s = instance;
    if (!s)
        return;
    sg_solver_free(s->solver);
    sg_sum_free(s->frozen);
    sg_sum_free(s->next);
    sg_estimator_free(s->fallback);
    s->host->free(s->origin);
    s->host->free(s->moves);
    s->host->free(s);
}

static void new_game(void *instance, const sg_rng *rng)
{
    (void)rng;
    solver_strategy *s = instance;
    /* Canonical forms are keyed on the last game's instances: start afresh. */
    sg_solver_free(s->solver);
    s->solver = NULL;
    if (s->fallback)
        sg_estimator_reset(s->fallback);
}

static const char *side_name(sg_player p) { return p == SG_LEFT ? "left" : "right"; }

/* The solver's answer for sum with who to move first (loads it into the solver): the stop
 * and a best move, or under outcome the winner and a winning move alone (stop 0). */
static int answer_of(solver_strategy *s, const sg_sum *sum, sg_player who, bool outcome,
                     sg_solve_answer *answer, char *err, size_t errlen)
{
    size_t n = sg_sum_count(sum);
    /* A split can make more parts than there were components; twice as many is plenty,
     * and a sum that needs more is reported rather than mapped wrongly. */
    size_t need = 2 * n + 1;
    if (need > s->origin_cap) {
        uint32_t *grown = s->host->realloc(s->origin, need * sizeof *grown);
        if (!grown) {
            snprintf(err, errlen, "solver: out of memory");
            return SG_ERR_NOMEM;
        }
        s->origin = grown;
        s->origin_cap = need;
    }
    int rc = sg_sum_refreeze(s->frozen, sum, s->origin, s->origin_cap, err, errlen);
    if (rc == SG_OK)
        rc = sg_solver_load(s->solver, s->frozen, err, errlen);
    if (rc == SG_OK)
        rc = outcome ? sg_solver_outcome(s->solver, who, answer, err, errlen)
                     : sg_solver_solve(s->solver, who, answer, err, errlen);
    return rc;
}

/* The sum is a number to the solver: the legal move after which who wins, if one does,
 * and among those the one after which the stop is best. */
static int best_by_stops(solver_strategy *s, const sg_sum *sum, sg_player who,
                         sg_sum_move *move, sg_value *stop, char *err, size_t errlen)
{
    size_t count = 0;
    int rc = sg_sum_moves(sum, who, s->moves, s->moves_cap, &count);
    if (rc == SG_ERR_RANGE) {
        sg_sum_move *grown = s->host->realloc(s->moves, count * sizeof *grown);
        if (!grown) {
            snprintf(err, errlen, "solver: out of memory for %zu moves", count);
            return SG_ERR_NOMEM;
        }
        s->moves = grown;
        s->moves_cap = count;
        rc = sg_sum_moves(sum, who, s->moves, s->moves_cap, &count);
    }
    if (rc != SG_OK || count == 0) {
        snprintf(err, errlen, "solver: %s has no move", side_name(who));
        return rc != SG_OK ? rc : SG_ERR_INVALID;
    }
    bool found = false, best_wins = false;
    sg_value best = sg_value_int(0);
    for (size_t k = 0; k < count; k++) {
        if ((rc = sg_sum_play(sum, who, s->moves[k], s->next, err, errlen)) != SG_OK)
            return rc;
        sg_value v = sg_sum_frozen(s->next);
        sg_solve_answer a;
        /* Over: the opponent, to move in a settled total of 0, loses. */
        int sign = sg_value_cmp(v, sg_value_int(0));
        bool wins = sign == 0 || (sign > 0) == (who == SG_LEFT);
        if (!sg_sum_is_over(s->next)) {
            if ((rc = answer_of(s, s->next, sg_opponent(who), false, &a, err, errlen)) !=
                SG_OK)
                return rc;
            v = a.stop;
            wins = a.winner == who;
        }
        int c = sg_value_cmp(v, best) * (who == SG_LEFT ? 1 : -1);
        if (!found || (wins != best_wins ? wins : c > 0)) {
            found = true;
            best_wins = wins;
            best = v;
            *move = s->moves[k];
        }
    }
    *stop = best;
    return SG_OK;
}

/* Whether who does better by a pass, where the sum lets him (Go: a player with moves may
 * pass), than by the solver's answer a, whose stop is `stop` (for a number sum,
 * the stop of best_by_stops' move). After a pass the opponent either passes too, ending
 * play at the count as it stands (sg_sum_stop_score of the host's sum), or moves first,
 * for the solver's stop with the opponent first (in a number, the number). A pass is what
 * number avoidance asks in a number, and in a cold sum where every move costs points
 * (filling one's own territory) the only move that costs none. On a tie the move is
 * played (a dame is filled, as GNU Go fills it). Reads the loaded sum. */
static int pass_is_best(solver_strategy *s, const sg_sum *sum, sg_player who,
                        const sg_solve_answer *a, sg_value stop, bool *pass, char *err,
                        size_t errlen)
{
    sg_solve_answer other = *a;
    if (a->has_move) {
        int rc = sg_solver_solve(s->solver, sg_opponent(who), &other, err, errlen);
        if (rc != SG_OK)
            return rc;
    }
    int sign = who == SG_LEFT ? 1 : -1;
    sg_value after = other.stop, now;
    if (sg_sum_stop_score(sum, &now) && sign * sg_value_cmp(now, after) < 0)
        after = now;
    *pass = sign * sg_value_cmp(after, stop) > 0;
    return SG_OK;
}

static int choose(void *instance, const sg_sum *sum, sg_player who, const sg_budget *budget,
                  sg_sum_move *move, char *err, size_t errlen)
{
    solver_strategy *s = instance;
    double start = sg_clock_seconds();
    int rc = SG_OK;
    sg_clock_share_start(&s->clock, budget);
    s->config.meter = &s->clock.meter;
    if (!s->solver) {
        rc = sg_solver_new(&s->config, &s->solver, err, errlen);
        if (rc == SG_OK && s->win)
            sg_solver_set_reduce_days(s->solver, SG_SOLVE_OUTCOME_DAYS);
    }
    uint64_t before = rc == SG_OK ? sg_solver_meter(s->solver)->count : 0;
    sg_solve_answer a;
    if (rc == SG_OK)
        rc = answer_of(s, sum, who, s->win, &a, err, errlen);
    /* A pass is weighed on the stop goal only: goal = win counts wins by the last move,
     * which a pass never takes. Hosts before ABI 1.7 do not take a pass. */
    bool may_pass = rc == SG_OK && !s->win && s->host->abi_version >= SG_ABI_VERSION_OF(1, 7) &&
                    sg_sum_may_pass(sum);
    bool pass = false;
    if (rc == SG_OK && !a.has_move) {
        /* a number to the solver: its stop is read before best_by_stops loads other sums */
        sg_solve_answer number = a;
        sg_value stop;
        rc = best_by_stops(s, sum, who, move, &stop, err, errlen);
        if (rc == SG_OK && may_pass)
            rc = pass_is_best(s, sum, who, &number, stop, &pass, err, errlen);
    } else if (rc == SG_OK) {
        if (may_pass)
            rc = pass_is_best(s, sum, who, &a, a.stop, &pass, err, errlen);
        uint32_t c = a.move.component;
        /* The component must be one part of the match's component, not a split of it,
         * for the move code to be the match's. */
        bool alone = (c == 0 || s->origin[c - 1] != s->origin[c]) &&
                     (c + 1 >= sg_sum_count(s->frozen) || s->origin[c + 1] != s->origin[c]);
        if (rc != SG_OK || pass) {
            /* failed, or the pass below */
        } else if (!alone) {
            snprintf(err, errlen, "solver: component %u of the sum splits under the solver's "
                     "rules; its move cannot be mapped back", s->origin[c] + 1);
            rc = SG_ERR_UNSUPPORTED;
        } else {
            move->component = s->origin[c];
            move->move = a.move.move;
        }
    }
    if (rc == SG_OK && pass) {
        move->component = SG_SUM_PASS;
        move->move = 0;
    }
    s->stats.nodes = s->solver ? sg_solver_meter(s->solver)->count - before : 0;
    if (sg_clock_share_ran_out(&s->clock, rc)) {
        /* A solver stopped half-way is not trusted with the next move. */
        sg_solver_free(s->solver);
        s->solver = NULL;
        sg_budget rest = sg_clock_share_rest(&s->clock);
        rc = sg_clock_fallback_within(&s->fallback, sum, who, &rest, move, err, errlen);
    }
    s->stats.depth = 0;
    s->stats.seconds = sg_clock_seconds() - start;
    if (rc != SG_OK && err[0] && strncmp(err, "solver: ", 8) != 0) {
        char why[400];
        snprintf(why, sizeof why, "%s", err);
        snprintf(err, errlen, "solver: %s", why);
    }
    return rc;
}

static void stats(void *instance, sg_strategy_stats *out)
{
    *out = ((solver_strategy *)instance)->stats;
}

static const sg_param_doc param_docs[] = {
    { "order", "auto", "move ordering: auto, none, prev, temp, temp+prev or incentive" },
    { "incentives", "yes", "prune moves with dominated incentives (INC)" },
    { "decompose", "yes", "search the components' canonical forms (decomposition search)" },
    { "tt_log2", "20", "transposition table of 2^N entries" },
    { "goal", "stop", "stop: the best stop, winning among those moves; win: a winning move "
                      "by the normal-play outcome search alone (for matches counted by wins)" },
    { NULL, NULL, NULL },
};

static const sg_strategy_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_strategy_desc),
    .name = "solver",
    .version = "1.0",
    .description = "perfect play: the exact solver's best move, a winning one whenever the mover "
                   "wins, with the best stop among them",
    .params = param_docs,
    .create = create,
    .destroy = destroy,
    .new_game = new_game,
    .choose = choose,
    .stats = stats,
};

const sg_strategy_desc *sumgame_strategy_plugin(void);
const sg_strategy_desc *sumgame_strategy_plugin(void) { return &descriptor; }
