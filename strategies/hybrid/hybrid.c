/* Strategy `hybrid`: exact local values inside a shallow, selective global search (issue
 * 12, item 5: beyond Müller and Li §3.2). docs/algorithms.md says why it beats TEMP-αβ
 * with Hotstrat+ rollouts, and gives the measurements.
 *
 * Every component is analysed exactly once (its thermograph: mean, temperature, Hotstrat+
 * pseudo-temperatures, best moves, sumgame/estimator.h; its canonical form for the
 * incentives, sumgame/local.h). A global αβ search on the shared engine then looks only
 * at the moves that local analysis calls relevant:
 *   - INC: a move whose incentive another move's dominates is dropped (Müller-Li §2.3),
 *     which never drops the only best move;
 *   - of the components with a move left, the `width` hottest by the mover's Hotstrat+
 *     pseudo-temperature (ties to the first), each with one move, the estimator's best
 *     there; with `thermostrat = yes` also Thermostrat's move (the widest component at
 *     the ambient temperature of the compound thermograph, sumgame/thermostrat.h). At the
 *     root `root_width` applies instead (0: every move INC keeps);
 *   - ordered the table's move first, then Thermostrat's, then hottest first;
 *   - bounded in temperature as TEMP-αβ is (a position below the root whose components
 *     are none hotter than b = bound × t_max(root) is a leaf) and in depth (`depth`
 *     plies; an even depth leaves the root's player to move at the leaves, which the
 *     rollouts' tempo favours);
 *   - leaves scored by `leaf`: rollout (default) a Hotstrat+ playout of the sum
 *     (sumgame/sum_eval.h, remembered by sum); biased the sum of the means plus half the
 *     hottest temperature for the player to move (the first player's share in an
 *     "enriched environment", Müller-Li §3.2; nothing once no component is hot); static
 *     the sum of the means.
 * The transposition table is kept from move to move within a game and cleared at each new
 * game: an entry from an earlier move cuts off only where it was searched at least as deep
 * (the engine's rule), so across moves it mostly orders moves. Under a budget the search
 * that ran out leaves the table's move for the root, or else Hotstrat+'s move is played.
 * With width 0, bound 0 and depth 0 nothing is cut and play is exact on rcg trees.
 *
 * Keys of [strategy.NAME]. The defaults were tuned on rcg(2, 50) sums of 2..13 trees drawn
 * with seed 1000 (100 positions per size, checked on seed 2000), never with the
 * experiments' seed 1:
 *   width       = components searched at each node below the root (default 0: every
 *                 move INC keeps; on rcg(2, 50) sums INC leaves so few that a width of 3
 *                 was slower and no better; games with many moves per component want one)
 *   root_width  = the same at the root (default 0: every move INC keeps)
 *   thermostrat = no (default) or yes: also search Thermostrat's move
 *   incentives  = yes (default) or no: INC pruning
 *   bound       = the factor C of b = C × t_max(root) (default 0.4; a decimal or dyadic)
 *   depth       = plies (default 8; 0 = only the bound stops the search)
 *   leaf        = rollout (default), biased or static
 *   tt_log2     = transposition table of 2^tt_log2 entries (default 10, from 4 to 28) */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/estimator.h"
#include "sumgame/sum_eval.h"
#include "sumgame/local.h"
#include "sumgame/params.h"
#include "sumgame/search.h"
#include "sumgame/strategy.h"
#include "sumgame/sum_eval.h"
#include "sumgame/thermograph.h"
#include "sumgame/thermostrat.h"

enum leaf { LEAF_BIASED = 0, LEAF_STATIC = 1, LEAF_ROLLOUT = 2 };
static const char *const leaf_names[] = { "biased", "static", "rollout", NULL };

typedef struct hybrid {
    const sg_host *host;
    int width, root_width, depth;
    bool thermostrat, incentives;
    sg_factor bound;
    enum leaf leaf;
    sg_search *engine;
    sg_estimator *estimator;
    sg_sum_eval *eval;       /* over estimator: t_max, the leaves' scores */
    sg_clock_share clock;    /* its meter bounds every exact analysis */
    sg_estimator *fallback;  /* under a clock, when the exact analysis does not finish */
    sg_local *local;         /* INC pruning (its incentives memoized by component) */
    sg_thermo_cache *thermo; /* Thermostrat's walls; only with thermostrat = yes */
    /* the decision under way */
    const sg_sum *root;
    sg_player root_who;
    sg_value root_tmax;
    /* the node under way; scratch grown as sums grow */
    const sg_sum *est_of;    /* the node horizon() filled est for, or NULL */
    sg_estimate *est;        /* of each component */
    const sg_thermograph **th;
    size_t *rank;
    size_t cap;
    unsigned char *selected; /* of each move */
    size_t move_cap;
    sg_sum_move preferred;   /* Thermostrat's move, when has_preferred */
    bool has_preferred;
    sg_strategy_stats last;
} hybrid;

static const char *const known_keys[] = { "width",   "root_width", "thermostrat",
                                          "incentives", "bound", "depth",
                                          "leaf",    "tt_log2",    NULL };

static void hy_destroy(void *instance)
{
    hybrid *h = instance;
    if (!h)
        return;
    sg_search_free(h->engine);
    sg_sum_eval_free(h->eval);
    sg_estimator_free(h->estimator);
    sg_estimator_free(h->fallback);
    if (h->thermo)
        sg_thermo_cache_free(h->thermo);
    if (h->local)
        sg_local_free(h->local);
    free(h->selected);
    free(h->est);
    free(h->th);
    free(h->rank);
    h->host->free(h);
}

static bool fail(hybrid *h, int rc, const char *why)
{
    sg_sum_eval_record(h->eval, rc, why);
    return false;
}

static bool reserve(hybrid *h, size_t n)
{
    if (n <= h->cap)
        return true;
    size_t cap = h->cap ? h->cap : 16;
    while (cap < n)
        cap *= 2;
    sg_estimate *est = realloc(h->est, cap * sizeof *est);
    if (est)
        h->est = est;
    const sg_thermograph **th = realloc(h->th, cap * sizeof *th);
    if (th)
        h->th = th;
    size_t *rank = realloc(h->rank, cap * sizeof *rank);
    if (rank)
        h->rank = rank;
    if (!est || !th || !rank)
        return false;
    h->cap = cap;
    return true;
}

/* Estimates of every live component into h->est. */
static bool estimate_all(hybrid *h, const sg_sum *sum)
{
    size_t n = sg_sum_count(sum);
    if (!reserve(h, n))
        return fail(h, SG_ERR_NOMEM, "out of memory");
    for (size_t i = 0; i < n; i++) {
        char why[256];
        int rc = sg_estimator_estimate(h->estimator, sg_sum_game(sum, i), sg_sum_pos(sum, i),
                                       NULL, &h->est[i], why, sizeof why);
        if (rc != SG_OK)
            return fail(h, rc, why);
    }
    return true;
}

static sg_value heat(const sg_estimate *e, sg_player who)
{
    return who == SG_LEFT ? e->pseudo_left : e->pseudo_right;
}

/* Thermostrat's component for who: widest at the ambient temperature, then hotter, then
 * first (sumgame/thermostrat.h); and the move there, the best at that temperature. */
static bool thermostrat_move(hybrid *h, const sg_sum *sum, sg_player who, sg_sum_move *out)
{
    size_t n = sg_sum_count(sum);
    char why[256];
    int rc = sg_thermostrat_thermographs(h->thermo, sum, 0, h->th, why, sizeof why);
    if (rc != SG_OK)
        return fail(h, rc, why);
    sg_value t = sg_thermostrat_ambient(h->th, n, who);
    size_t pick = 0;
    sg_value widest = sg_value_int(0);
    bool found = false;
    for (size_t i = 0; i < n; i++) {
        if (!(who == SG_LEFT ? h->est[i].has_best_left : h->est[i].has_best_right))
            continue;
        sg_value w = sg_value_sub(sg_pl_eval(&h->th[i]->left_wall, t),
                                  sg_pl_eval(&h->th[i]->right_wall, t));
        int c = found ? sg_value_cmp(w, widest) : 1;
        if (c > 0 || (c == 0 && sg_value_cmp(h->th[i]->temperature,
                                             h->th[pick]->temperature) > 0)) {
            found = true;
            pick = i;
            widest = w;
        }
    }
    if (!found)
        return false;
    bool has = false;
    rc = sg_thermograph_best_move(h->thermo, sg_sum_game(sum, pick), sg_sum_pos(sum, pick), who,
                                  t, 0, &has, &out->move, why, sizeof why);
    if (rc != SG_OK)
        return fail(h, rc, why);
    out->component = (uint32_t)pick;
    return has;
}

static bool same(sg_sum_move a, sg_sum_move b)
{
    return a.component == b.component && a.move == b.move;
}

/* Room for count moves' marks. */
static bool grow_moves(hybrid *h, size_t count)
{
    if (count <= h->move_cap)
        return true;
    size_t cap = h->move_cap ? h->move_cap : 32;
    while (cap < count)
        cap *= 2;
    unsigned char *selected = realloc(h->selected, cap);
    if (!selected)
        return fail(h, SG_ERR_NOMEM, "out of memory");
    h->selected = selected;
    h->move_cap = cap;
    return true;
}

/* The selective move list. INC (the local analysis's, sumgame/local.h) drops dominated
 * moves first. Of the components with a move left, the hottest by the mover's
 * pseudo-temperature (stable) are taken, each standing for one move: the estimator's best
 * move there if INC kept it, else its first kept move; until `width` are taken (0: every
 * move INC keeps). Thermostrat's move is added if INC kept it. The selected moves go to
 * the front in the engine's order. */
static size_t prune(void *ctx, const sg_sum *sum, sg_player who, sg_sum_move *moves,
                    size_t count)
{
    hybrid *h = ctx;
    h->has_preferred = false;
    bool root = sum == h->root && who == h->root_who;
    int width = root ? h->root_width : h->width;
    bool fresh = h->est_of == sum;
    h->est_of = NULL;
    if ((!fresh && !estimate_all(h, sum)) || !grow_moves(h, count))
        return count;
    if (h->incentives)
        count = sg_local_prune(h->local, sum, who, moves, count);
    size_t n = sg_sum_count(sum);
    memset(h->selected, width == 0, count);
    if (width > 0) {
        /* h->rank[c]: the move standing for component c, or SIZE_MAX. */
        for (size_t c = 0; c < n; c++)
            h->rank[c] = SIZE_MAX;
        for (size_t i = 0; i < count; i++) {
            size_t c = moves[i].component;
            const sg_estimate *e = &h->est[c];
            bool best = (who == SG_LEFT ? e->has_best_left : e->has_best_right) &&
                        moves[i].move == (who == SG_LEFT ? e->best_left : e->best_right);
            if (h->rank[c] == SIZE_MAX || best)
                h->rank[c] = i;
        }
        /* Compact the representatives in place (m <= c), then take the hottest left
         * (the first of equals) until `width` are kept: O(width × m), width is small. */
        size_t m = 0;
        for (size_t c = 0; c < n; c++)
            if (h->rank[c] != SIZE_MAX)
                h->rank[m++] = h->rank[c];
        for (size_t taken = 0; taken < (size_t)width && m > 0; taken++) {
            size_t top = 0;
            sg_value hot = heat(&h->est[moves[h->rank[0]].component], who);
            for (size_t r = 1; r < m; r++) {
                sg_value t = heat(&h->est[moves[h->rank[r]].component], who);
                if (sg_value_cmp(t, hot) > 0) {
                    top = r;
                    hot = t;
                }
            }
            h->selected[h->rank[top]] = 1;
            memmove(&h->rank[top], &h->rank[top + 1], (m - top - 1) * sizeof *h->rank);
            m--;
        }
    }
    if (h->thermostrat && thermostrat_move(h, sum, who, &h->preferred))
        for (size_t i = 0; i < count; i++)
            if (same(moves[i], h->preferred)) {
                h->selected[i] = 1;
                h->has_preferred = true;
            }
    size_t kept = 0;
    for (size_t i = 0; i < count; i++) {
        if (!h->selected[i])
            continue;
        sg_sum_move t = moves[kept];
        moves[kept] = moves[i];
        moves[i] = t;
        h->selected[i] = h->selected[kept];
        h->selected[kept] = 1;
        kept++;
    }
    return kept ? kept : count;
}

/* Table move first, then Thermostrat's, then hottest first (by the mover's
 * pseudo-temperature; ties keep the games' order). prune() filled h->est for this node. */
static void order(void *ctx, const sg_sum *sum, sg_player who, sg_sum_move *moves,
                  size_t count, const sg_sum_move *best)
{
    (void)sum;
    hybrid *h = ctx;
    size_t start = best && count > 0 && same(moves[0], *best) ? 1 : 0;
    if (h->has_preferred) {
        for (size_t i = start; i < count; i++) {
            if (same(moves[i], h->preferred)) {
                sg_sum_move t = moves[i];
                memmove(moves + start + 1, moves + start, (i - start) * sizeof *moves);
                moves[start++] = t;
                break;
            }
        }
    }
    for (size_t a = start + 1; a < count; a++) {
        sg_sum_move x = moves[a];
        size_t b = a;
        while (b > start && sg_value_cmp(heat(&h->est[x.component], who),
                                         heat(&h->est[moves[b - 1].component], who)) > 0) {
            moves[b] = moves[b - 1];
            b--;
        }
        moves[b] = x;
    }
}

/* Also leaves the node's estimates in h->est for prune(), which the engine calls next at
 * this node unless it is a leaf or the table answers it. */
static bool horizon(void *ctx, const sg_sum *sum, sg_player to_move)
{
    (void)to_move;
    hybrid *h = ctx;
    h->est_of = NULL;
    if (!estimate_all(h, sum))
        return false;
    h->est_of = sum;
    sg_value t = sg_value_int(-1);
    for (size_t i = 0, n = sg_sum_count(sum); i < n; i++)
        t = sg_value_max(t, h->est[i].temperature);
    return sg_factor_at_most(t, h->bound, h->root_tmax);
}

/* Sum of means plus half the hottest temperature for the player to move. */
static sg_value biased(void *ctx, const sg_sum *sum, sg_player to_move)
{
    hybrid *h = ctx;
    sg_value mean, t;
    char why[256];
    int rc = sg_sum_eval_static_value(h->eval, sum, &mean, why, sizeof why);
    if (rc == SG_OK)
        rc = sg_sum_eval_tmax(h->eval, sum, &t, why, sizeof why);
    if (rc != SG_OK) {
        fail(h, rc, why);
        return sg_value_int(0);
    }
    if (sg_value_cmp(t, sg_value_int(0)) <= 0)
        return mean;
    sg_value bias = sg_value_half(t);
    return to_move == SG_LEFT ? sg_value_add(mean, bias) : sg_value_sub(mean, bias);
}

static int hy_create(const sg_host *host, const sg_params *params, void **instance, char *err,
                     size_t errlen)
{
    long long width = 0, root_width = 0, depth = 8, tt_log2 = 10;
    bool thermostrat = false, incentives = true, bounded = false;
    int leaf = LEAF_ROLLOUT;
    sg_factor bound = { 2, 5 };
    int rc = sg_params_check_known(params, known_keys, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(params, "width", width, 0, 1000000, &width, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(params, "root_width", root_width, 0, 1000000, &root_width, err,
                           errlen);
    if (rc == SG_OK)
        rc = sg_params_bool(params, "thermostrat", thermostrat, &thermostrat, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_bool(params, "incentives", incentives, &incentives, err, errlen);
    if (rc == SG_OK)
        rc = sg_factor_param(params, "bound", &bounded, &bound, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(params, "depth", depth, 0, 10000, &depth, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(params, "leaf", leaf_names, leaf, &leaf, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_int(params, "tt_log2", tt_log2, 4, 28, &tt_log2, err, errlen);
    if (rc != SG_OK)
        return rc;
    hybrid *h = host->alloc(sizeof *h);
    if (!h) {
        snprintf(err, errlen, "hybrid: out of memory");
        return SG_ERR_NOMEM;
    }
    memset(h, 0, sizeof *h);
    h->host = host;
    h->width = (int)width;
    h->root_width = (int)root_width;
    h->depth = (int)depth;
    h->thermostrat = thermostrat;
    h->incentives = incentives;
    h->bound = bound;
    h->leaf = (enum leaf)leaf;
    char why[256] = "out of memory";
    sg_search_config config = { .max_depth = h->depth, .tt_log2 = (size_t)tt_log2 };
    h->engine = sg_search_new(&config, why, sizeof why);
    rc = h->engine ? SG_OK : SG_ERR_NOMEM;
    sg_clock_share_start(&h->clock, NULL);
    if (rc == SG_OK)
        rc = sg_estimator_new("exact", NULL, &h->estimator, why, sizeof why);
    if (rc == SG_OK)
        sg_estimator_set_meter(h->estimator, &h->clock.meter);
    if (rc == SG_OK)
        rc = sg_sum_eval_new(h->estimator, &h->eval, why, sizeof why);
    if (rc == SG_OK && h->thermostrat) {
        h->thermo = sg_thermo_cache_new(NULL);
        rc = h->thermo ? SG_OK : SG_ERR_NOMEM;
        if (h->thermo)
            sg_thermo_cache_set_meter(h->thermo, &h->clock.meter);
    }
    if (rc == SG_OK) {
        /* INC only, keeping the games' order; its hooks are not attached, prune() calls
         * it first. */
        sg_local_config lc = { .order = SG_ORDER_NONE, .incentives = true,
                               .meter = &h->clock.meter };
        rc = sg_local_new(&lc, NULL, &h->local, why, sizeof why);
    }
    if (rc != SG_OK) {
        snprintf(err, errlen, "hybrid: %s", why);
        hy_destroy(h);
        return rc;
    }
    sg_search_set_prune(h->engine, prune, h);
    sg_search_set_horizon(h->engine, horizon, h);
    if (h->leaf == LEAF_BIASED)
        sg_search_set_evaluate(h->engine, biased, h);
    else
        sg_search_set_evaluate(h->engine,
                               h->leaf == LEAF_STATIC ? sg_sum_eval_static : sg_sum_eval_rollout,
                               h->eval);
    *instance = h;
    return SG_OK;
}

static void hy_new_game(void *instance, const sg_rng *rng)
{
    (void)rng;
    hybrid *h = instance;
    sg_search_clear(h->engine);
    /* Cached analyses are keyed on the last game's instances. */
    sg_sum_eval_reset(h->eval); /* and its estimator */
    if (h->thermo)
        sg_thermo_cache_reset(h->thermo);
    sg_local_reset(h->local);
    if (h->fallback)
        sg_estimator_reset(h->fallback);
}

/* The move under a clock when the exact analysis did not finish in time. */
static int fall_back(hybrid *h, const sg_sum *sum, sg_player who, sg_sum_move *move,
                     char *err, size_t errlen)
{
    char why[256];
    sg_sum_eval_error(h->eval, why, sizeof why); /* clears what the meter's stop left */
    sg_budget rest = sg_clock_share_rest(&h->clock);
    int rc = sg_clock_fallback_within(&h->fallback, sum, who, &rest, move, err, errlen);
    h->last.seconds = sg_clock_seconds() - h->clock.start;
    return rc;
}

static int hy_choose(void *instance, const sg_sum *sum, sg_player who, const sg_budget *budget,
                     sg_sum_move *move, char *err, size_t errlen)
{
    hybrid *h = instance;
    double start = sg_clock_seconds();
    char why[256] = "";
    /* Under a clock the root's exact analysis may take half of it, and every analysis of
     * the search stops at the move's end; otherwise Hotstrat+ over TDS+ answers. */
    sg_clock_share_start(&h->clock, budget);
    int rc = sg_sum_eval_tmax(h->eval, sum, &h->root_tmax, why, sizeof why);
    if (rc == SG_OK && h->clock.on) {
        rc = estimate_all(h, sum) ? SG_OK : sg_sum_eval_error(h->eval, why, sizeof why);
        if (h->clock.seconds > 0) /* a node budget keeps the exact share's meter */
            sg_meter_start(&h->clock.meter,
                           &(sg_limits){ .seconds = sg_clock_share_left(&h->clock) });
    }
    if (sg_clock_share_ran_out(&h->clock, rc))
        return fall_back(h, sum, who, move, err, errlen);
    if (rc != SG_OK) {
        snprintf(err, errlen, "hybrid: %s", why);
        return rc;
    }
    h->root = sum;
    h->root_who = who;
    h->est_of = NULL;
    sg_search_config config = { .max_depth = h->depth, .iterative = false, .order = order,
                                .order_ctx = h };
    if (budget)
        config.budget = *budget;
    sg_search_set_config(h->engine, &config);
    sg_search_result r;
    rc = sg_search_run(h->engine, sum, who, &r, why, sizeof why);
    if (rc == SG_OK)
        rc = sg_search_keep_win(h->engine, sum, who, &r, why, sizeof why);
    h->root = NULL;
    h->last.nodes = r.nodes;
    h->last.depth = r.completed ? r.depth : 0;
    int erc = sg_sum_eval_error(h->eval, why, sizeof why);
    if ((rc != SG_OK && rc != SG_ERR_BUDGET) || erc != SG_OK) {
        if (h->clock.on && sg_meter_expired(&h->clock.meter))
            return fall_back(h, sum, who, move, err, errlen);
    }
    if (rc != SG_OK && rc != SG_ERR_BUDGET) {
        snprintf(err, errlen, "hybrid: %s", why);
        return rc;
    }
    if (erc != SG_OK) {
        snprintf(err, errlen, "hybrid: local analysis failed: %s", why);
        return erc;
    }
    h->last.seconds = sg_clock_seconds() - start;
    if (r.pv_length > 0 && r.pv[0].component != SG_EXTRA_COMPONENT) {
        *move = r.pv[0];
        return SG_OK;
    }
    /* Nothing searched in time: Hotstrat+'s move. */
    if (estimate_all(h, sum) &&
        sg_hotstrat_pick(h->est, sg_sum_count(sum), who, true, move))
        return SG_OK;
    erc = sg_sum_eval_error(h->eval, why, sizeof why);
    snprintf(err, errlen, "hybrid: %s", erc != SG_OK ? why : "no move for the player to move");
    return erc != SG_OK ? erc : SG_ERR_INVALID;
}

static void hy_stats(void *instance, sg_strategy_stats *stats)
{
    *stats = ((const hybrid *)instance)->last;
}

static const sg_param_doc params_doc[] = {
    { "width", "0", "components searched at each node below the root, hottest first by the "
                    "mover's pseudo-temperature, one move each; 0 = every move INC keeps" },
    { "root_width", "0", "the same at the root; 0 = every move INC keeps" },
    { "thermostrat", "no", "yes: also search Thermostrat's move at each node" },
    { "incentives", "yes", "drop moves with dominated incentives (INC)" },
    { "bound", "0.4", "factor C: a position below the root is a leaf when no component is "
                      "hotter than C x t_max(root)" },
    { "depth", "8", "plies (0 = only the bound stops the search)" },
    { "leaf", "rollout", "leaf score: rollout (Hotstrat+ playout), biased (sum of means + "
                         "t_max/2 for the mover) or static (sum of means)" },
    { "tt_log2", "10", "transposition table of 2^tt_log2 entries (4 to 28), kept within a "
                       "game" },
    { NULL, NULL, NULL },
};

static const sg_strategy_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_strategy_desc),
    .name = "hybrid",
    .version = "1.0",
    .description = "selective temperature-bounded alpha-beta over the hottest and "
                   "Thermostrat's moves, leaves scored from exact local values",
    .params = params_doc,
    .create = hy_create,
    .destroy = hy_destroy,
    .new_game = hy_new_game,
    .choose = hy_choose,
    .stats = hy_stats,
};

const sg_strategy_desc *sumgame_strategy_plugin(void);
const sg_strategy_desc *sumgame_strategy_plugin(void) { return &descriptor; }
