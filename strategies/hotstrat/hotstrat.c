/* Hotstrat and Hotstrat+: move in the hottest component (Müller–Li §2.1).
 *
 * Plain Hotstrat ranks components by temperature; Hotstrat+ (mode = plus) ranks them by
 * the pseudo-temperature of the player to move, so a player cashes in a sente threat such
 * as Left's move in 10|0||-1 at t = 5 instead of waiting until t = 1. The move played in
 * the chosen component is the estimator's best move there. Ties go to the component that
 * comes first in the sum. The pick is sg_hotstrat_pick (sumgame/sum_eval.h), shared with
 * the Hotstrat+ rollouts that evaluate the leaves of the αβ strategies.
 *
 * With estimator = thermograph the temperatures and moves come from generalized
 * thermography under a komaster (sumgame/gthermo.h): components with ko are valued as
 * the komaster key says (auto: the player with more moves in the other components).
 *
 * With estimator = mcdual the temperatures are Monte-Carlo dual-search estimates
 * (Cazenave §3.2; sumgame/mc.h), and the searches draw from each game's own stream.
 *
 * With estimator = tds this is Hotstrat-TDS (Müller, Enzenberger, Schaeffer 2004): the
 * temperatures are TDS estimates, the move is the first move of TDS's re-search at the
 * estimated temperature that forces the first move into the component, the estimator
 * keeps the estimates of components a move did not change, and when every estimate is
 * -1 (no component is worth a move: zugzwang-like endings) a global αβ search of the
 * whole sum by the shared engine chooses the move instead, within what is left of the
 * move's time.
 *
 * Under a time budget per move (and no `depth` or `time` key) the estimates are anytime
 * TDS (sumgame/tds.h): "a rough idea of t first, then refine if time" (the TDS lecture).
 * A quarter of the move's time goes to the components without an estimate; when every
 * estimate is then -1 the rest goes to the global search, else to deepening the
 * estimates, hottest first (sg_estimator_estimate_sum; docs/algorithms.md, "Time
 * between components"). The estimator keeps every estimate for the whole game with the
 * depth it reached, so the one or two rooms a move changed get the time first and the
 * unchanged ones go on deepening from where they were. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sumgame/estimator.h>
#include <sumgame/mc.h>
#include <sumgame/params.h>
#include <sumgame/search.h>
#include <sumgame/strategy.h>
#include <sumgame/sum_eval.h>

enum mode { MODE_PLAIN = 0, MODE_PLUS = 1 };

struct hotstrat {
    const sg_host *host;
    enum mode mode;
    sg_estimator *estimator;
    bool tds_timed;    /* estimator tds without depth or time keys: deepen by the clock */
    sg_search *global; /* made the first time every estimate is -1 */
    sg_estimate *estimates;
    size_t cap;
    sg_strategy_stats stats;
};

static const char *const known_keys[] = { "estimator", "mode",    "max_positions",
                                          "delta",     "tmax",    "depth",
                                          "time",      "combine", "enhancements",
                                          "playouts",  "c",       "threads",
                                          "seed",      "komaster",
                                          "komaster_rule", NULL };
/* The keys that belong to each estimator. */
static const char *const exact_keys[] = { "max_positions", NULL };
static const char *const tds_keys[] = { "delta", "tmax",         "depth", "time",
                                        "combine", "enhancements", NULL };
static const char *const mc_keys[] = { "playouts", "c", "threads", "seed", NULL };
static const char *const thermograph_keys[] = { "komaster", "komaster_rule", "max_positions",
                                                NULL };
static const char *const modes[] = { "plain", "plus", NULL };

static int create(const sg_host *host, const sg_params *params, void **out, char *err,
                  size_t errlen)
{
    int mode = MODE_PLAIN, method = 0;
    int rc = sg_params_check_known(params, known_keys, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(params, "mode", modes, MODE_PLAIN, &mode, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(params, "estimator", sg_estimator_methods, 0, &method, err, errlen);
    if (rc != SG_OK)
        return rc;
    /* The estimator gets the keys that are its own; the other estimator's are errors. */
    const char *method_name = sg_estimator_methods[method];
    bool mc = strcmp(method_name, "mcdual") == 0;
    bool loopy = strcmp(method_name, "thermograph") == 0;
    bool tds = strcmp(method_name, "exact") != 0 && !mc && !loopy; /* tds or tdsplus */
    const char *const *own_keys = tds    ? tds_keys
                                  : mc    ? mc_keys
                                  : loopy ? thermograph_keys
                                          : exact_keys;
    sg_param own[8];
    sg_params est = { params->file, params->section, own, 0 };
    for (size_t i = 0; i < params->count; i++) {
        const sg_param *it = &params->items[i];
        if (strcmp(it->key, "estimator") == 0 || strcmp(it->key, "mode") == 0)
            continue;
        bool mine = false;
        for (const char *const *k = own_keys; *k; k++)
            mine = mine || strcmp(*k, it->key) == 0;
        if (!mine) {
            sg_params_error(params, it, err, errlen, "key '%s' is not for estimator %s",
                            it->key, method_name);
            return SG_ERR_INVALID;
        }
        if (est.count == sizeof own / sizeof own[0]) {
            sg_params_error(params, it, err, errlen, "too many estimator keys");
            return SG_ERR_INVALID;
        }
        own[est.count++] = *it;
    }
    struct hotstrat *h = host->alloc(sizeof *h);
    if (!h)
        return SG_ERR_NOMEM;
    memset(h, 0, sizeof *h);
    h->host = host;
    h->mode = (enum mode)mode;
    rc = sg_estimator_new(method_name, &est, &h->estimator, err, errlen);
    if (rc != SG_OK) {
        host->free(h);
        return rc;
    }
    h->tds_timed = tds && !sg_params_find(&est, "depth") && !sg_params_find(&est, "time");
    *out = h;
    return SG_OK;
}

/* True when every estimate is -1 or colder: no component is worth a move. */
static bool all_cold(const sg_estimate *e, size_t n);

/* The share of a move's time for the components without an estimate, before the rest
 * goes to the global search (every estimate -1) or to deepening. */
#define FIRST_SHARE 0.25

/* Anytime TDS estimates of every component within the move's time (see the top). */
static int estimate_timed(struct hotstrat *h, const sg_sum *sum, double seconds, char *err,
                          size_t errlen)
{
    double start = sg_clock_seconds();
    size_t n = sg_sum_count(sum);
    sg_budget first = { .seconds = seconds * FIRST_SHARE };
    int rc = sg_estimator_estimate_sum(h->estimator, sum, &first, h->estimates, err, errlen);
    for (size_t i = 0; i < n; i++)
        h->stats.nodes += h->estimates[i].nodes;
    double left = seconds - (sg_clock_seconds() - start);
    if (rc != SG_OK || all_cold(h->estimates, n) || left <= 1e-3)
        return rc;
    sg_budget rest = { .seconds = left };
    rc = sg_estimator_estimate_sum(h->estimator, sum, &rest, h->estimates, err, errlen);
    for (size_t i = 0; i < n; i++)
        h->stats.nodes += h->estimates[i].nodes;
    return rc;
}

static void destroy(void *instance)
{
    struct hotstrat *h = instance;
    sg_estimator_free(h->estimator);
    sg_search_free(h->global);
    h->host->free(h->estimates);
    h->host->free(h);
}

static void new_game(void *instance, const sg_rng *rng)
{
    struct hotstrat *h = instance;
    /* Cached analyses are keyed on the last game's instances. If the reset cannot get a
     * fresh table it keeps the old one, which stays correct, only larger. */
    sg_estimator_reset(h->estimator);
    /* mcdual's searches follow the game's stream, so a game replays from the match seed. */
    sg_estimator_set_rng(h->estimator, rng);
    if (h->global)
        sg_search_clear(h->global);
}

/* True when every estimate is -1 or colder: no component is worth a move. */
static bool all_cold(const sg_estimate *e, size_t n)
{
    for (size_t i = 0; i < n; i++)
        if (sg_value_cmp(e[i].temperature, sg_value_int(-1)) > 0)
            return false;
    return n > 0;
}

/* The shared engine's αβ over the whole sum, within what is left of the move's budget
 * (time spent since start is taken off; at least a millisecond, so that a move from an
 * earlier search in the table can still be used). */
static int global_search(struct hotstrat *h, const sg_sum *sum, sg_player who,
                         const sg_budget *budget, double start, sg_sum_move *move, char *err,
                         size_t errlen)
{
    sg_search_config config = { .iterative = true, .tt_log2 = 18 };
    if (budget) {
        config.budget = *budget;
        if (budget->seconds > 0) {
            double left = budget->seconds - (sg_clock_seconds() - start);
            config.budget.seconds = left > 1e-3 ? left : 1e-3;
        }
    }
    if (!h->global) {
        h->global = sg_search_new(&config, err, errlen);
        if (!h->global)
            return SG_ERR_NOMEM;
    }
    sg_search_set_config(h->global, &config);
    sg_search_result r;
    int rc = sg_search_run(h->global, sum, who, &r, err, errlen);
    if (rc == SG_OK)
        rc = sg_search_keep_win(h->global, sum, who, &r, err, errlen);
    h->stats.nodes += r.nodes;
    if ((rc == SG_OK || rc == SG_ERR_BUDGET) && r.pv_length > 0) {
        *move = r.pv[0];
        return SG_OK;
    }
    /* No move from the search (budget gone at once): keep Hotstrat's choice. */
    return rc == SG_ERR_BUDGET ? SG_OK : rc;
}

static int choose(void *instance, const sg_sum *sum, sg_player who, const sg_budget *budget,
                  sg_sum_move *move, char *err, size_t errlen)
{
    struct hotstrat *h = instance;
    double start = sg_clock_seconds();
    size_t n = sg_sum_count(sum);
    if (n > h->cap) {
        sg_estimate *grown = h->host->realloc(h->estimates, n * sizeof *grown);
        if (!grown)
            return SG_ERR_NOMEM;
        h->estimates = grown;
        h->cap = n;
    }
    h->stats.nodes = 0;
    h->stats.depth = 0;
    bool timed = h->tds_timed && budget && budget->seconds > 0 && budget->nodes == 0;
    int rc = timed ? estimate_timed(h, sum, budget->seconds, err, errlen)
                   : sg_estimator_estimate_sum(h->estimator, sum, budget, h->estimates, err,
                                               errlen);
    if (rc != SG_OK)
        return rc;
    if (timed) {
        /* Reported depth: the shallowest estimate's plies per search (moves in the game
         * under E8; 0 = complete). */
        for (size_t i = 0; i < n; i++) {
            int d = sg_estimator_cached_depth_in(h->estimator, sum, i);
            if (d > 0 && (h->stats.depth == 0 || d < h->stats.depth))
                h->stats.depth = d;
        }
    } else {
        for (size_t i = 0; i < n; i++)
            h->stats.nodes += h->estimates[i].nodes;
    }
    bool found = sg_hotstrat_pick(h->estimates, n, who, h->mode == MODE_PLUS, move);
    if (found && all_cold(h->estimates, n))
        rc = global_search(h, sum, who, budget, start, move, err, errlen);
    h->stats.seconds = sg_clock_seconds() - start;
    if (rc != SG_OK)
        return rc;
    if (!found) {
        snprintf(err, errlen, "hotstrat: no move for %s in the sum",
                 who == SG_LEFT ? "left" : "right");
        return SG_ERR_INVALID;
    }
    return SG_OK;
}

static void stats(void *instance, sg_strategy_stats *out)
{
    *out = ((struct hotstrat *)instance)->stats;
}

static const sg_param_doc params_doc[] = {
    { "mode", "plain", "plain: rank by temperature; plus: by pseudo-temperature (Hotstrat+)" },
    { "estimator", "exact", "how components are analyzed" },
    { "max_positions", "0", "estimator exact: positions one analysis may visit (0 = no limit)" },
    { "komaster", "auto", "estimator thermograph (generalized thermography of kos): left, "
                          "right, none, or auto: the player with more moves in the other "
                          "components, none on a tie" },
    { "komaster_rule", "berlekamp", "estimator thermograph: berlekamp (a komaster who takes a "
                                    "ko keeps going until it is resolved) or komonster (he may "
                                    "wait after taking it)" },
    { "delta", "1/16", "estimator tds: coupon spacing (1, 1/2, 1/4, ...)" },
    { "tmax", "bound + delta", "estimator tds: top coupon (default: the game's temperature "
                               "bound plus delta)" },
    { "depth", "0", "estimator tds: plies per search (0 = no limit; without depth and time, "
                    "a time per move is spent deepening estimates room by room)" },
    { "time", "0", "estimator tds: seconds per component estimate (0 = no limit; the move's "
                   "budget is shared by the components too)" },
    { "combine", "auto", "estimator tds: the players' temperatures: auto, max or average" },
    { "enhancements", "none (tdsplus: 1,2,3,4,5,7,8,9,10,11)",
      "estimator tds or tdsplus: TDS+'s enhancements, e.g. 1,3 or all (sumgame/tds.h)" },
    SG_MC_PARAM_PLAYOUTS("estimator mcdual: playouts per UCT search"),
    SG_MC_PARAM_C("estimator mcdual: UCT exploration constant"),
    SG_MC_PARAM_THREADS("estimator mcdual: threads for the searches (reentrant games only)"),
    { "seed", "1", "estimator mcdual: ignored in matches, where each game's stream is used" },
    { NULL, NULL, NULL },
};

static const sg_strategy_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_strategy_desc),
    .name = "hotstrat",
    .version = "1.0",
    .description = "Hotstrat / Hotstrat+: play in the hottest component",
    .params = params_doc,
    .create = create,
    .destroy = destroy,
    .new_game = new_game,
    .choose = choose,
    .stats = stats,
};

const sg_strategy_desc *sumgame_strategy_plugin(void);
const sg_strategy_desc *sumgame_strategy_plugin(void) { return &descriptor; }
