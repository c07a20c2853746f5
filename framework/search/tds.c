#include "sumgame/tds.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/cgt.h"
#include "sumgame/clock.h"
#include "sumgame/coupons.h"
#include "sumgame/rng.h"
#include "sumgame/search.h"
#include "sumgame/solve.h"
#include "sumgame/thermograph.h"
#include "sumgame/game_call.h"

#define TDS_TT_DEFAULT_LOG2 18
/* Heuristic searches that fail low at the top of the stack raise it this often. */
#define HEURISTIC_RAISES 2
/* E4's memo of pre-search temperatures, by position in the game. */
#define DROP_MEMO_LOG2 14
/* E4's pre-searches end at this spacing: the bound is t' + 2 delta' = t' + 1. */
#define DROP_DELTA_EXP 1
/* E6 asks the exact engine only about positions born by this day at most. */
#define EXACT_DAYS_MAX 8
/* Positions one E6 analysis may visit before it gives up on that node. */
#define EXACT_POSITIONS_MAX 20000
/* E7's memo of one-ply thermographs, by component position: 2^19 entries of 40 bytes,
 * 21 MB, allocated at the first E7 search and touched as it fills. A depth-2 estimate of
 * a 6x6 room meets about 16,000 leaf positions; at 2^16 entries collisions made E7
 * recompute up to 2.9 times as many one-ply looks, each one evaluation per move. */
#define LEAF_MEMO_LOG2 19
/* E7 counts at most this many of a leaf's components hotter than the coupon on top. */
#define LEAF_HOT_MAX 16
/* At most this many E1 pre-searches are recorded for the 2-delta check. */
#define PRESEARCH_MAX 24

/* E7: a component's one-ply mean and temperature (key 0 = empty). */
typedef struct leaf_entry {
    uint64_t key;
    sg_value mean, temperature;
} leaf_entry;

typedef struct drop_entry {
    uint64_t key;    /* 0 = empty */
    bool has_bound;  /* false: the pre-search found no move in the game */
    sg_value bound;  /* t' + 2 delta' */
} drop_entry;

struct sg_tds {
    sg_search *engine;
    bool met_ko; /* the last estimate met a ko */
    int last_depth; /* plies per search of the last estimate; 0 = complete searches */
    sg_meter *meter; /* or NULL */
    sg_sum *root;
    unsigned enhancements;
    sg_tds_stats stats;
    /* E4: pre-searches inside a search run on an engine and sum of their own. */
    sg_search *inner;
    sg_sum *inner_root;
    drop_entry *drops;
    /* E6: exact temperatures of small positions, from canonical forms. */
    sg_thermo_cache *exact;
    drop_entry *exact_memo;
    /* E7: one-ply thermographs of leaf positions, and a move list for making them. */
    leaf_entry *leaves;
    sg_move *leaf_moves;
    size_t leaf_cap;
    /* The exact stops of complete estimates: one solver for many estimates (making one
     * zeroes its table, which cost more than the estimates of small rooms themselves). */
    sg_solver *stops;
    const sg_meter *stops_meter; /* the meter it was made with */
    unsigned stops_uses;
};

/* One estimate (or one E4 pre-search inside it) in progress: the engine and sum it
 * searches, the stack, the limits and what the searches cost. */
typedef struct run {
    sg_tds *tds;
    sg_search *engine;
    const sg_sum *root;
    const sg_coupons *stack;
    const sg_tds_config *config;
    unsigned enh;     /* the enhancements this run uses */
    bool heuristic;
    double start;
    uint64_t nodes;
    int searches;
    bool exact; /* every search so far was free of depth-limited leaves */
    bool timed_out;
    bool met_ko; /* a search met a ko ban: its values are play under the ko rule */
    /* A pre-search's share of a heuristic budget: a clock time and a node count it must
     * not pass (0 = the estimate's own limits only). */
    double until;
    uint64_t nodes_until;
} run;

/* What one player's searches found. */
typedef struct side {
    sg_value mean;
    sg_value temperature;
    sg_value first; /* t from the first PV, before lowering */
    bool first_by[2]; /* who made that PV's first move in G */
    sg_tds_case kase;
    bool fail_low_at_top; /* the stack was not hot enough */
} side;

static sg_value zero(void) { return sg_value_int(0); }
static sg_value minus_one(void) { return sg_value_int(-1); }

/* Whether v can be the temperature of a game whose temperatures are all multiples of
 * grid (grid <= 0: nothing is known, any v can): both over the larger denominator. */
static bool on_grid(sg_value v, sg_value grid)
{
    if (sg_value_cmp(grid, zero()) <= 0)
        return true;
    int32_t e = v.exp > grid.exp ? v.exp : grid.exp;
    int64_t a = v.num * ((int64_t)1 << (e - v.exp));
    int64_t b = grid.num * ((int64_t)1 << (e - grid.exp));
    return a % b == 0;
}

const char *sg_tds_case_name(sg_tds_case c)
{
    switch (c) {
    case SG_TDS_REGULAR:
        return "regular";
    case SG_TDS_FAIL_HIGH:
        return "fail-high";
    case SG_TDS_FAIL_LOW:
        return "fail-low";
    default:
        return "none";
    }
}

sg_tds *sg_tds_new(size_t tt_log2, char *err, size_t errlen)
{
    sg_tds *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    sg_search_config config = { .tt_log2 = tt_log2 ? tt_log2 : TDS_TT_DEFAULT_LOG2 };
    t->engine = sg_search_new(&config, err, errlen);
    t->root = sg_sum_new(SG_FREEZE_NUMBERS);
    t->drops = calloc((size_t)1 << DROP_MEMO_LOG2, sizeof *t->drops);
    t->exact_memo = calloc((size_t)1 << DROP_MEMO_LOG2, sizeof *t->exact_memo);
    if (!t->engine || !t->root || !t->drops || !t->exact_memo) {
        if (t->engine && !t->root)
            snprintf(err, errlen, "out of memory");
        sg_tds_free(t);
        return NULL;
    }
    return t;
}

void sg_tds_set_meter(sg_tds *tds, sg_meter *meter)
{
    tds->meter = meter;
    sg_search_set_meter(tds->engine, meter);
    if (tds->inner)
        sg_search_set_meter(tds->inner, meter);
}

void sg_tds_free(sg_tds *tds)
{
    if (!tds)
        return;
    sg_search_free(tds->engine);
    sg_search_free(tds->inner);
    sg_sum_free(tds->root);
    sg_sum_free(tds->inner_root);
    free(tds->drops);
    sg_thermo_cache_free(tds->exact);
    free(tds->exact_memo);
    free(tds->leaves);
    free(tds->leaf_moves);
    sg_solver_free(tds->stops);
    free(tds);
}

void sg_tds_set_enhancements(sg_tds *tds, unsigned mask)
{
    if (mask == tds->enhancements)
        return;
    tds->enhancements = mask;
    sg_search_clear(tds->engine);
    if (tds->inner)
        sg_search_clear(tds->inner);
    memset(tds->drops, 0, ((size_t)1 << DROP_MEMO_LOG2) * sizeof *tds->drops);
    memset(tds->exact_memo, 0, ((size_t)1 << DROP_MEMO_LOG2) * sizeof *tds->exact_memo);
}

unsigned sg_tds_enhancements(const sg_tds *tds) { return tds->enhancements; }

void sg_tds_last_stats(const sg_tds *tds, sg_tds_stats *out) { *out = tds->stats; }
bool sg_tds_met_ko(const sg_tds *tds) { return tds->met_ko; }

/* ---- enhancement sets ------------------------------------------------------------- */

/* Enhancements have the numbers 1 to this. */
#define ENHANCEMENTS 11

/* The bit of enhancement number k + 1 (E6 sits above SG_TDS_HALF_TMIN). */
static unsigned enhancement_bit(int k)
{
    static const unsigned ours[] = { SG_TDS_E6, SG_TDS_E7, SG_TDS_E8, SG_TDS_E9, SG_TDS_E10,
                                     SG_TDS_E11 };
    return k < 5 ? 1u << k : ours[k - 5];
}

int sg_tds_enhancements_parse(const char *text, unsigned *mask, char *err, size_t errlen)
{
    unsigned bits = 0;
    if (strcmp(text, "none") == 0 || strcmp(text, "0") == 0) {
        bits = 0;
    } else if (strcmp(text, "all") == 0) {
        bits = SG_TDS_ALL_ENHANCEMENTS;
    } else {
        bool any = false, bad = false;
        for (const char *p = text; *p && !bad; p++) {
            if (*p == ',' || isspace((unsigned char)*p))
                continue;
            /* Digits run together ("135") are one number each, but "10" is ten and "11"
             * eleven. */
            int k = *p - '0';
            if (*p == '1' && (p[1] == '0' || p[1] == '1'))
                k = 10 + (*++p - '0');
            bad = k < 1 || k > ENHANCEMENTS;
            if (!bad)
                bits |= enhancement_bit(k - 1);
            any = true;
        }
        if (bad || !any) {
            snprintf(err, errlen, "enhancements '%.40s': expected none, all or numbers 1-%d",
                     text, ENHANCEMENTS);
            return SG_ERR_INVALID;
        }
    }
    /* The lecture's dependencies: E4's pre-searches are E1's, and E4 and E5 only make
     * sense with E3's shared table. */
    if ((bits & SG_TDS_E4) && (bits & (SG_TDS_E1 | SG_TDS_E3)) != (SG_TDS_E1 | SG_TDS_E3)) {
        snprintf(err, errlen, "enhancements '%.40s': 4 (recursive TDS) needs 1 and 3", text);
        return SG_ERR_INVALID;
    }
    if ((bits & SG_TDS_E5) && !(bits & SG_TDS_E3)) {
        snprintf(err, errlen, "enhancements '%.40s': 5 (GHI-correct states) needs 3", text);
        return SG_ERR_INVALID;
    }
    unsigned numbered = 0;
    for (int k = 0; k < ENHANCEMENTS; k++)
        numbered |= enhancement_bit(k);
    *mask = (*mask & ~numbered) | bits;
    return SG_OK;
}

void sg_tds_enhancements_format(unsigned mask, char *buf, size_t cap)
{
    size_t used = 0;
    if (cap)
        buf[0] = '\0';
    for (int k = 0; k < ENHANCEMENTS; k++) {
        if (!(mask & enhancement_bit(k)))
            continue;
        int n = snprintf(buf + used, used < cap ? cap - used : 0, "%s%d", used ? "," : "", k + 1);
        if (n > 0)
            used += (size_t)n;
    }
    if (!used)
        snprintf(buf, cap, "none");
}

void sg_tds_enhancements_name(unsigned mask, char *buf, size_t cap)
{
    size_t used = (size_t)snprintf(buf, cap, "TDS");
    bool first = true;
    for (int k = 0; k < ENHANCEMENTS && used < cap; k++) {
        if (!(mask & enhancement_bit(k)))
            continue;
        /* Digits run together; a number of two digits gets an underscore of its own. */
        int n = snprintf(buf + used, cap - used, "%s%d", first || k >= 9 ? "_" : "", k + 1);
        first = false;
        if (n > 0)
            used += (size_t)n;
    }
}

int sg_tds_config_parse(const sg_params *params, bool plus, sg_tds_config *c,
                        unsigned *enhancements, char *err, size_t errlen)
{
    static const char *const known[] = { "delta", "tmax", "depth", "time", "combine",
                                         "enhancements", NULL };
    static const char *const combines[] = { "auto", "max", "average", NULL };
    memset(c, 0, sizeof *c);
    *enhancements = plus ? SG_TDS_PLUS : 0;
    int combine = 0;
    long long depth = 0;
    int rc = params ? sg_params_check_known(params, known, err, errlen) : SG_OK;
    if (rc == SG_OK)
        rc = sg_params_value(params, "delta", sg_value_make(1, 4), &c->delta, err, errlen);
    if (rc == SG_OK && (c->delta.num != 1 || c->delta.exp > 30)) {
        /* The extended stack reaches -1 in steps of delta. */
        char text[SG_VALUE_TEXT_MAX];
        sg_value_format(c->delta, text, sizeof text);
        sg_params_error(params, sg_params_find(params, "delta"), err, errlen,
                        "delta = %s is not one of 1, 1/2, 1/4, ... (down to 1/2^30)", text);
        rc = SG_ERR_INVALID;
    }
    const sg_param *tmax = params ? sg_params_find(params, "tmax") : NULL;
    if (rc == SG_OK && tmax) {
        c->has_tmax = true;
        rc = sg_params_value(params, "tmax", sg_value_int(0), &c->tmax, err, errlen);
        if (rc == SG_OK && sg_value_cmp(c->tmax, sg_value_int(0)) < 0) {
            sg_params_error(params, tmax, err, errlen, "tmax must not be negative");
            rc = SG_ERR_INVALID;
        }
    }
    if (rc == SG_OK)
        rc = sg_params_int(params, "depth", 0, 0, 4000, &depth, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_seconds(params, "time", 0, &c->seconds, err, errlen);
    if (rc == SG_OK)
        rc = sg_params_enum(params, "combine", combines, 0, &combine, err, errlen);
    const sg_param *enh = params ? sg_params_find(params, "enhancements") : NULL;
    if (rc == SG_OK && enh) {
        char why[160];
        rc = sg_tds_enhancements_parse(enh->value, enhancements, why, sizeof why);
        if (rc != SG_OK)
            sg_params_error(params, enh, err, errlen, "%s", why);
    }
    c->combine = (sg_tds_combine)combine;
    c->depth = (int)depth;
    return rc;
}

/* ---- E2: possible temperatures ------------------------------------------------------ */

bool sg_tds_temperature_member(sg_value t, unsigned days)
{
    if (sg_value_eq(t, minus_one()) || sg_value_eq(t, zero()))
        return true;
    if (sg_value_cmp(t, minus_one()) < 0)
        return false;
    if (sg_value_cmp(t, zero()) < 0)
        return t.num == -1 && (!days || (unsigned)t.exp <= days - 1);
    if (!days)
        return true;
    /* t = num / 2^exp in lowest terms: exp <= days - 1 and t <= days - 2 + 1/2^exp. */
    if ((unsigned)t.exp > days - 1 || days < 2)
        return false;
    sg_value cap = sg_value_add(sg_value_int((long long)days - 2), sg_value_make(1, t.exp));
    return sg_value_cmp(t, cap) <= 0;
}

bool sg_tds_temperature_floor(sg_value x, unsigned days, sg_value *out)
{
    if (sg_value_cmp(x, minus_one()) < 0)
        return false;
    if (days == 1) {
        *out = sg_value_cmp(x, zero()) >= 0 ? zero() : minus_one();
        return true;
    }
    if (sg_value_cmp(x, zero()) < 0) {
        /* The largest -1/2^b <= x (b <= days - 1, any b without a bound). */
        int bmax = days ? (int)days - 1 : 62;
        sg_value best = minus_one();
        for (int b = 0; b <= bmax && b <= 62; b++) {
            sg_value t = sg_value_make(-1, b);
            if (sg_value_cmp(t, x) > 0)
                break;
            best = t;
        }
        *out = best;
        return true;
    }
    if (!days) {
        *out = x;
        return true;
    }
    sg_value top = sg_value_int((long long)days - 1);
    if (sg_value_cmp(x, top) >= 0) {
        *out = top;
        return true;
    }
    sg_value base = sg_value_int((long long)days - 2);
    if (sg_value_cmp(x, base) > 0) {
        /* Above days - 2 only days - 2 + 1/2^b are possible: the largest not above x. */
        for (int b = 1; b <= (int)days - 1 && b <= 62; b++) {
            sg_value t = sg_value_add(base, sg_value_make(1, b));
            if (sg_value_cmp(t, x) <= 0) {
                *out = t;
                return true;
            }
        }
        *out = base;
        return true;
    }
    /* Up to days - 2 every multiple of 2^-(days - 1) is possible: x rounded down. */
    if (days > 41) {
        *out = x; /* a grid that fine is no help */
        return true;
    }
    int k = (int)days - 1;
    int e = x.exp > k ? x.exp : k;
    int64_t scaled = x.num * ((int64_t)1 << (e - x.exp));
    int64_t unit = (int64_t)1 << (e - k);
    *out = sg_value_make((scaled / unit) * unit, e);
    return true;
}

/* The birthday bound of every live component together, 0 when one has none. */
static unsigned sum_birthday(const sg_sum *sum)
{
    unsigned total = 0;
    for (size_t i = 0; i < sg_sum_count(sum); i++) {
        const sg_game *g = sg_sum_game(sum, i);
        unsigned days;
        if (!SG_GAME_HAS(g->desc, birthday_bound) ||
            !sg_gc_birthday_bound(g->desc, g->instance, sg_sum_pos(sum, i), &days) || days == 0)
            return 0;
        total += days;
        if (total > 4096)
            return 0;
    }
    return total;
}

/* ---- one search ------------------------------------------------------------------- */

/* Fills the engine's budget from what is left of the estimate's. False when nothing is
 * left. */
static bool remaining_budget(const run *r, sg_budget *b)
{
    memset(b, 0, sizeof *b);
    if (r->config->seconds > 0) {
        double now = sg_clock_seconds();
        double left = r->config->seconds - (now - r->start);
        if (r->until > 0 && r->until - now < left)
            left = r->until - now;
        if (left <= 0)
            return false;
        b->seconds = left;
    }
    if (r->config->nodes) {
        uint64_t cap = r->nodes_until ? r->nodes_until : r->config->nodes;
        if (r->nodes >= cap)
            return false;
        b->nodes = cap - r->nodes;
    }
    return true;
}

static bool budget_spent(const run *r)
{
    sg_budget b;
    return r->heuristic && !remaining_budget(r, &b);
}

/* How the top `taken` coupons left the stack before a search. */
typedef enum prefix {
    PREFIX_PLAYED, /* chosen by the players on an earlier PV: the search continues that
                      line, so -1 coupons among them count towards pseudo-terminal */
    PREFIX_FORCED  /* taken by fiat (the lowering step): nobody chose them, so they say
                      nothing about the players' unwillingness to play in G */
} prefix;

static bool gate(void *ctx, const sg_sum *sum, sg_player to_move, uint64_t state);

/* Without E5, states reached by a -1 coupon stay out of the table (the original TDS). */
static bool table_filter(void *ctx, uint64_t state)
{
    (void)ctx;
    return sg_coupons_state_minus_ones(state) == 0;
}

/* ---- E7: thermographic leaves -------------------------------------------------------- */

/* The best of evaluate() one move ahead for who in pos (the greatest for Left, the least
 * for Right), from the game's evaluate_options where it has one (ABI 1.8), else by making
 * every child; false when who has no move, or no list of them could be had. */
static bool best_option(sg_tds *tds, const sg_game *g, const void *pos, sg_player who,
                        sg_value *best)
{
    if (SG_GAME_HAS(g->desc, evaluate_options))
        return sg_gc_evaluate_options(g->desc, g->instance, pos, who, best);
    size_t n = 0;
    int rc = sg_gc_moves(g->desc, g->instance, pos, who, tds->leaf_moves, tds->leaf_cap, &n);
    if (rc == SG_ERR_RANGE) {
        sg_move *grown = realloc(tds->leaf_moves, n * sizeof *grown);
        if (!grown)
            return false;
        tds->leaf_moves = grown;
        tds->leaf_cap = n;
        rc = sg_gc_moves(g->desc, g->instance, pos, who, tds->leaf_moves, n, &n);
    }
    if (rc != SG_OK)
        return false;
    _Alignas(16) unsigned char child[SG_POS_MAX];
    char err[80];
    bool has = false;
    for (size_t m = 0; m < n; m++) {
        if (sg_gc_play(g->desc, g->instance, pos, who, tds->leaf_moves[m], child, err,
                       sizeof err) != SG_OK)
            continue;
        sg_value v = sg_gc_evaluate(g->desc, g->instance, child, sg_opponent(who));
        int c = has ? sg_value_cmp(v, *best) : 0;
        if (!has || (who == SG_RIGHT ? c < 0 : c > 0))
            *best = v;
        has = true;
    }
    return has;
}

/* The one-ply thermograph of a component from evaluate(): a = Left's best option as
 * evaluate() scores it with Right to move, b = Right's best with Left to move; for a > b
 * the mean (a + b) / 2 and the temperature (a - b) / 2 of {a | b}, else evaluate() of the
 * position itself at temperature 0. Memoized by position (it does not depend on the
 * stack), so the walk down the coupons pays for each leaf once; search() allocates the
 * memo before it installs the leaf hook. */
static void one_ply(sg_tds *tds, const sg_sum *sum, size_t i, sg_value *mean, sg_value *temp)
{
    const sg_game *g = sg_sum_game(sum, i);
    const void *pos = sg_sum_pos(sum, i);
    uint64_t key = sg_mix64(sg_sum_component_hash(sum, i) ^ (uint64_t)(uintptr_t)g->instance) | 1;
    leaf_entry *e = &tds->leaves[key & (((size_t)1 << LEAF_MEMO_LOG2) - 1)];
    if (e->key == key) {
        *mean = e->mean;
        *temp = e->temperature;
        return;
    }
    *mean = sg_gc_evaluate(g->desc, g->instance, pos, SG_LEFT);
    *temp = zero();
    sg_value a, b;
    if (best_option(tds, g, pos, SG_LEFT, &a) && best_option(tds, g, pos, SG_RIGHT, &b) &&
        sg_value_cmp(a, b) > 0) {
        *mean = sg_value_half(sg_value_add(a, b));
        *temp = sg_value_half(sg_value_sub(a, b));
    }
    e->key = key;
    e->mean = *mean;
    e->temperature = *temp;
}

/* E7's leaf score: what the player to move gets from G with the coupon c on top, by the
 * components' one-ply thermographs, as in a sum of switches {m + t | m - t}: the sum of
 * the means, plus for the player to move (minus for the opponent) t1 - t2 + t3 - ...
 * over the temperatures above c, hottest first, and - c after an odd number of them, the
 * players alternating in the components hotter than c before the coupons (the stack's
 * own worth is counted with the mover taking its first coupon). A mean alone, as
 * evaluate() gives it, credits a hot leaf to neither player, so the player who moved into
 * it gains as if the opponent could not answer: TDS's temperatures then run about twice
 * too high on Amazons rooms (docs/results/tds-anytime.md). */
static sg_value thermographic_leaf(void *ctx, const sg_sum *sum, sg_player to_move,
                                   uint64_t state)
{
    run *r = ctx;
    size_t taken = sg_coupons_state_taken(r->stack, state);
    sg_value c = taken < r->stack->count ? sg_coupons_at(r->stack, taken) : zero();
    if (sg_value_cmp(c, zero()) < 0)
        c = zero();
    sg_value total = zero(), hot[LEAF_HOT_MAX];
    size_t k = 0;
    for (size_t i = 0, n = sg_sum_count(sum); i < n; i++) {
        sg_value m, t;
        one_ply(r->tds, sum, i, &m, &t);
        total = sg_value_add(total, m);
        if (sg_value_cmp(t, c) <= 0 ||
            (k == LEAF_HOT_MAX && sg_value_cmp(t, hot[k - 1]) <= 0))
            continue;
        /* Insertion, hottest first (a leaf has a handful of components); when full, the
         * coolest drops out. */
        size_t j = k < LEAF_HOT_MAX ? k++ : k - 1;
        for (; j > 0 && sg_value_cmp(hot[j - 1], t) < 0; j--)
            hot[j] = hot[j - 1];
        hot[j] = t;
    }
    sg_value excess = k % 2 ? sg_value_neg(c) : zero();
    for (size_t j = 0; j < k; j++)
        excess = j % 2 ? sg_value_sub(excess, hot[j]) : sg_value_add(excess, hot[j]);
    return to_move == SG_LEFT ? sg_value_add(total, excess) : sg_value_sub(total, excess);
}

/* Searches G + C after the top `taken` coupons are gone, mover to play; with game_first
 * the coupon is withheld until someone moves in G. Without with_stack it searches G
 * alone. A search that the budget stops before its first iteration is replaced by one of
 * depth 1, which always finishes: an estimate must answer something. */
static int search(run *r, bool with_stack, size_t taken, prefix how, bool game_first,
                  sg_player mover, sg_search_result *res, char *err, size_t errlen)
{
    sg_search *engine = r->engine;
    /* Without E3 every search starts from an empty table, as in the original TDS. */
    if (!(r->enh & SG_TDS_E3))
        sg_search_clear(engine);
    bool gated = with_stack && (r->enh & (SG_TDS_E2 | SG_TDS_E4 | SG_TDS_E6));
    sg_search_set_gate(engine, gated ? gate : NULL, r);
    sg_search_set_table_filter(engine,
                               with_stack && !(r->enh & SG_TDS_E5) ? table_filter : NULL, r);
    bool thermographic = with_stack && r->heuristic && (r->enh & SG_TDS_E7) &&
                         (r->tds->leaves || (r->tds->leaves = calloc((size_t)1 << LEAF_MEMO_LOG2,
                                                                     sizeof *r->tds->leaves)));
    sg_search_set_leaf(engine, thermographic ? thermographic_leaf : NULL, r);
    sg_search_set_free_extra(engine, with_stack && r->heuristic && (r->enh & SG_TDS_E8));
    /* Without its 32 KiB the searches keep the games' order: slower, the same values. */
    (void)sg_search_set_history(engine, r->heuristic && (r->enh & SG_TDS_E9));
    sg_search_set_reductions(engine, r->heuristic && (r->enh & SG_TDS_E10));
    sg_search_extra extra;
    sg_search_config config = { .max_depth = r->config->depth, .iterative = r->heuristic };
    bool spent = !remaining_budget(r, &config.budget);
    if (with_stack) {
        /* A position is pseudo-terminal when both players have taken a -1 coupon as their
         * last move: the run of -1 coupons the played prefix ends with carries over into
         * the search; a forced prefix starts a new run. */
        unsigned run_of_minus = 0;
        for (size_t i = taken; how == PREFIX_PLAYED && i-- > 0 && run_of_minus < 2;) {
            if (!sg_value_eq(sg_coupons_at(r->stack, i), minus_one()))
                break;
            run_of_minus++;
        }
        sg_coupons_extra(r->stack,
                         sg_coupons_state(r->stack, taken, run_of_minus, game_first), &extra);
        config.extra = &extra;
    }
    int rc = SG_ERR_BUDGET;
    if (!spent) {
        sg_search_set_config(engine, &config);
        rc = sg_search_run(engine, r->root, mover, res, err, errlen);
        r->nodes += res->nodes;
        r->searches++;
    }
    if (rc == SG_ERR_BUDGET) {
        r->timed_out = true;
        /* Coupons count again, so that this search stays one ply whatever the stack. */
        sg_search_set_free_extra(engine, false);
        config.max_depth = 1;
        config.iterative = false;
        memset(&config.budget, 0, sizeof config.budget);
        sg_search_set_config(engine, &config);
        rc = sg_search_run(engine, r->root, mover, res, err, errlen);
        r->nodes += res->nodes;
        r->searches++;
    }
    if (rc == SG_OK)
        r->exact = r->exact && res->exact;
    r->met_ko = r->met_ko || sg_search_met_ko(engine);
    return rc;
}

/* Left's view of the score after forcing the top `taken` coupons, p taking the first,
 * then searching on. */
static sg_value forced_score(const run *r, size_t taken, sg_player p, const sg_search_result *res)
{
    return sg_value_add(sg_coupons_taken_points(r->stack, taken, p), res->score);
}

static sg_player mover_after(size_t taken, sg_player p)
{
    return taken % 2 ? sg_opponent(p) : p;
}

/* ---- one player's analysis ------------------------------------------------------ */

/* The PV's first move in G (*found), and whether a -1 coupon came before it. */
static size_t first_game_move(const run *r, size_t taken, const sg_search_result *res,
                              bool *found, bool *minus_before)
{
    *found = false;
    *minus_before = false;
    for (size_t i = 0; i < res->pv_length; i++) {
        if (res->pv[i].component != SG_EXTRA_COMPONENT) {
            *found = true;
            return i;
        }
        size_t idx = taken + i;
        if (idx < r->stack->count &&
            sg_value_cmp(sg_coupons_at(r->stack, idx), minus_one()) <= 0)
            *minus_before = true;
    }
    return res->pv_length;
}

/* One player's searches. With first_only (pre-searches) the temperature is the first
 * PV's, without the lowering. */
static int analyze_side(run *r, sg_player p, bool first_only, side *out, char *err,
                        size_t errlen)
{
    const sg_coupons *c = r->stack;
    memset(out, 0, sizeof *out);
    sg_search_result res;
    size_t taken = 0;
    bool have_t = false, classified = false;
    size_t t_index = 0;
    sg_value score = zero(), t_value = minus_one();
    for (;;) {
        int rc = search(r, true, taken, PREFIX_PLAYED, false, mover_after(taken, p), &res, err,
                        errlen);
        if (rc != SG_OK)
            return rc;
        score = forced_score(r, taken, p, &res);
        bool found, minus_before;
        size_t i = first_game_move(r, taken, &res, &found, &minus_before);
        /* The paper classifies the PV of one search. A complete search's PV is only cut
         * by the engine's PV length, so its classification waits for the whole line. */
        bool line_known = r->heuristic || found || minus_before ||
                          res.pv_length < SG_SEARCH_PV_MAX;
        if (!classified && line_known) {
            classified = true;
            out->kase = found && taken + i == 0 ? SG_TDS_FAIL_LOW
                        : !found || minus_before ? SG_TDS_FAIL_HIGH
                                                 : SG_TDS_REGULAR;
        }
        if (found && taken + i == 0) {
            out->fail_low_at_top = true;
            t_value = c->t_max;
            break;
        }
        if (found) {
            out->first_by[mover_after(taken + i, p)] = true;
            have_t = true;
            t_index = taken + i - 1;
            t_value = sg_coupons_at(c, t_index);
            break;
        }
        if (minus_before || res.pv_length == 0 || taken + res.pv_length >= c->count) {
            /* Neither player ever wants to move in G. */
            t_value = minus_one();
            break;
        }
        taken += res.pv_length;
        if (budget_spent(r)) {
            /* Out of budget while following coupons down: t is at most the last one, and
             * TDS+ guesses half of it (the lecture's t_min / 2). */
            t_value = sg_coupons_at(c, taken - 1);
            if ((r->enh & SG_TDS_HALF_TMIN) && sg_value_cmp(t_value, zero()) > 0)
                t_value = sg_value_half(t_value);
            r->timed_out = true;
            break;
        }
    }
    out->first = t_value;

    /* Determining the temperature (complete searches, and heuristic ones under E11): while
     * taking every coupon down to the next lower one, t - delta, before anyone may move in
     * G leaves the score unchanged, t := t - delta. No game is colder than -1, so the
     * lowering ends at the first -1 coupon; reaching it needs the forced -1 not to count
     * towards a pseudo-terminal position (PREFIX_FORCED), else the opponent could end play
     * at once with G scored 0, which changes the score of every G that equals a non-zero
     * integer without being recognized as one.
     * With a grid (the config's: every temperature of the game is a multiple of it) the
     * estimate only moves to coupons on the grid; a coupon between two grid values is
     * passed only together with the next. Lowering by the score alone goes one coupon
     * past t(G) when the player who must take the coupon t(G) - delta is answered by an
     * opponent's move in G that is answered at once (Left first in ^ = {0|*} ends at
     * -delta); with delta at most half the grid that coupon is off the grid.
     * E2 is such a grid from the birthday bound: the lowering only stops on temperatures
     * a game born by that day can have. (Skipping the search at the others is not the
     * same: forcing two coupons instead of one changes who takes which, and the score
     * compared is then another one.) */
    unsigned days = (r->enh & SG_TDS_E2) ? sum_birthday(r->root) : 0;
    /* E11 lowers after depth-limited searches too, comparing scores of the same depth:
     * the PV's first move in G may come at the mover's pseudo-temperature, above t(G). */
    bool heuristic_lowering = r->heuristic && (r->enh & SG_TDS_E11);
    if (have_t && (r->exact || heuristic_lowering) && !first_only) {
        for (size_t j = t_index + 1; j < c->count; j++) {
            if (sg_value_cmp(sg_coupons_at(c, j - 1), minus_one()) <= 0 || budget_spent(r))
                break;
            int rc = search(r, true, j + 1, PREFIX_FORCED, false, mover_after(j + 1, p), &res,
                            err, errlen);
            if (rc != SG_OK)
                return rc;
            if ((!res.exact && !heuristic_lowering) ||
                !sg_value_eq(forced_score(r, j + 1, p, &res), score))
                break;
            sg_value cand = sg_coupons_at(c, j);
            bool possible = !(r->enh & SG_TDS_E2) || sg_tds_temperature_member(cand, days);
            if (!possible)
                r->tds->stats.e2_rejected++;
            if (on_grid(cand, r->config->grid) && possible)
                t_value = cand;
        }
    }
    out->temperature = t_value;
    out->mean = sg_value_sub(score, sg_coupons_value(c, 0, p));
    return SG_OK;
}

/* ---- best moves ------------------------------------------------------------------- */

/* p's move in G at temperature t: the first move of a search of G + C_-1(t, delta) that
 * withholds the coupon until a move in G is made. */
static int best_move(run *r, sg_player p, sg_value t, bool *has, sg_move *move, char *err,
                     size_t errlen)
{
    *has = false;
    size_t count = 0;
    int rc = sg_sum_moves(r->root, p, NULL, 0, &count);
    if ((rc != SG_OK && rc != SG_ERR_RANGE) || count == 0)
        return SG_OK;
    const sg_coupons *c = r->stack;
    size_t top = 0; /* the lowest coupon still worth at least t */
    while (top + 1 < c->count && sg_value_cmp(sg_coupons_at(c, top + 1), t) >= 0)
        top++;
    sg_search_result res;
    rc = search(r, true, top, PREFIX_FORCED, true, p, &res, err, errlen);
    if (rc != SG_OK)
        return rc;
    if (res.pv_length == 0 || res.pv[0].component == SG_EXTRA_COMPONENT) {
        snprintf(err, errlen, "tds: the search that forces a move in the game found none");
        return SG_ERR_INTERNAL;
    }
    *has = true;
    *move = res.pv[0].move;
    return SG_OK;
}

/* A number's best move for p: to the option the game rates best (numbers by value,
 * others by evaluate()). Play in a number only ever happens when nothing else is left. */
static int number_best_move(const sg_game *game, const void *pos, sg_player p, bool *has,
                            sg_move *move, char *err, size_t errlen)
{
    *has = false;
    const sg_game_desc *d = game->desc;
    size_t n = 0;
    int rc = sg_gc_moves(d, game->instance, pos, p, NULL, 0, &n);
    if (rc != SG_OK && rc != SG_ERR_RANGE)
        return rc;
    if (n == 0)
        return SG_OK;
    sg_move *moves = malloc(n * sizeof *moves);
    unsigned char *child = malloc(d->pos_size ? d->pos_size : 1);
    if (!moves || !child) {
        free(moves);
        free(child);
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    rc = sg_gc_moves(d, game->instance, pos, p, moves, n, &n);
    sg_value best = zero();
    for (size_t i = 0; rc == SG_OK && i < n; i++) {
        rc = sg_gc_play(d, game->instance, pos, p, moves[i], child, err, errlen);
        if (rc != SG_OK)
            break;
        sg_value v;
        if (!sg_gc_number(d, game->instance, child, &v))
            v = d->evaluate ? sg_gc_evaluate(d, game->instance, child, sg_opponent(p)) : zero();
        int cmp = sg_value_cmp(v, best);
        if (!*has || (p == SG_LEFT ? cmp > 0 : cmp < 0)) {
            *has = true;
            best = v;
            *move = moves[i];
        }
    }
    free(moves);
    free(child);
    return rc;
}

/* ---- the estimate ----------------------------------------------------------------- */

/* The smallest multiple of delta that is at least v (v >= 0). */
static sg_value round_up(sg_value v, sg_value delta)
{
    int64_t lo = 0, hi = 1;
    while (sg_value_cmp(sg_value_mul_int(delta, hi), v) < 0 && hi < ((int64_t)1 << 40))
        hi *= 2;
    while (lo < hi) {
        int64_t mid = lo + (hi - lo) / 2;
        if (sg_value_cmp(sg_value_mul_int(delta, mid), v) >= 0)
            hi = mid;
        else
            lo = mid + 1;
    }
    return sg_value_mul_int(delta, lo);
}

static sg_value number_temperature(sg_value x)
{
    return x.exp == 0 ? minus_one() : sg_value_neg(sg_value_make(1, x.exp));
}

static int estimate_number(const sg_game *game, const void *pos, sg_value x,
                           sg_estimate *out, char *err, size_t errlen)
{
    out->mean = out->left_stop = out->right_stop = x;
    out->temperature = out->pseudo_left = out->pseudo_right = number_temperature(x);
    out->exact = true;
    int rc = number_best_move(game, pos, SG_LEFT, &out->has_best_left, &out->best_left, err,
                              errlen);
    if (rc == SG_OK)
        rc = number_best_move(game, pos, SG_RIGHT, &out->has_best_right, &out->best_right,
                              err, errlen);
    return rc;
}

/* Reuses are capped so that the solver's canonical forms do not grow without bound. */
#define STOPS_SOLVER_USES 4096

/* sg_exact_stops on the kept solver: made afresh after an answer that was not exact (its
 * reason is sticky), an error, a change of meter, or STOPS_SOLVER_USES uses. */
static int exact_stops(sg_tds *tds, const sg_sum *sum, sg_value *left, sg_value *right,
                       bool *exact, char *err, size_t errlen)
{
    if (tds->stops && (tds->stops_meter != tds->meter || tds->stops_uses >= STOPS_SOLVER_USES)) {
        sg_solver_free(tds->stops);
        tds->stops = NULL;
    }
    int rc = SG_OK;
    if (!tds->stops) {
        sg_solve_config config = { .meter = tds->meter, .tt_log2 = 16 };
        rc = sg_solver_new(&config, &tds->stops, err, errlen);
        tds->stops_meter = tds->meter;
        tds->stops_uses = 0;
    }
    tds->stops_uses++;
    if (rc == SG_OK)
        rc = sg_solver_stops(tds->stops, sum, left, right, exact, err, errlen);
    if (rc != SG_OK || !*exact) {
        sg_solver_free(tds->stops);
        tds->stops = NULL;
    }
    return rc;
}

/* The stops. A complete TDS takes them from the exact solver, which freezes every
 * position that is a number whatever the game reports, so they are the CGT stops like
 * every other method's; a heuristic TDS has no time for that and searches G alone with
 * its budget (its estimate is inexact anyway), and so does a TDS of a component the exact
 * solver refuses (a ko). */
static int stops(run *r, sg_estimate *out, char *err, size_t errlen)
{
    if (!r->heuristic) {
        bool exact;
        int rc = exact_stops(r->tds, r->root, &out->left_stop, &out->right_stop, &exact, err,
                             errlen);
        if (rc == SG_OK)
            r->exact = r->exact && exact;
        if (rc != SG_ERR_UNSUPPORTED)
            return rc;
        /* A ko (or a cycle) has no exact stops: search it under the ko rule, as the
         * temperature search did, and say the answer is not exact. */
        r->exact = false;
    }
    sg_search_result res;
    for (int k = 0; k < 2; k++) {
        sg_player who = k == 0 ? SG_LEFT : SG_RIGHT;
        int rc = search(r, false, 0, PREFIX_PLAYED, false, who, &res, err, errlen);
        if (rc != SG_OK)
            return rc;
        sg_value v = res.score;
        if (who == SG_LEFT)
            out->left_stop = v;
        else
            out->right_stop = v;
    }
    return SG_OK;
}

/* The stack C_-1(tmax, delta) a run searches. */
static int make_stack(const run *r, sg_value tmax, sg_value delta, sg_coupons *stack,
                      char *err, size_t errlen)
{
    int rc = sg_coupons_init(stack, tmax, delta, true, err, errlen);
    if (rc == SG_OK)
        stack->path_in_state = !(r->enh & SG_TDS_E3);
    return rc;
}

/* The raised t_max after a search failed low at the top of the stack. */
static sg_value raised_tmax(sg_value tmax, sg_value delta)
{
    return sg_value_add(sg_value_mul_int(tmax, 2), delta);
}

/* A pre-search (E1, and E4's inside searches): the temperature the first principal
 * variations of both players find with spacing delta, the larger of the two, raising
 * t_max while either fails low at the top. */
static int presearch(run *r, sg_value tmax, sg_value delta, bool bounded, sg_value *t,
                     char *err, size_t errlen)
{
    sg_coupons stack;
    int rc = make_stack(r, tmax, delta, &stack, err, errlen);
    if (rc != SG_OK)
        return rc;
    side left, right;
    const sg_coupons *outer = r->stack;
    for (int raises = 0;; raises++) {
        r->stack = &stack;
        rc = analyze_side(r, SG_LEFT, true, &left, err, errlen);
        if (rc == SG_OK)
            rc = analyze_side(r, SG_RIGHT, true, &right, err, errlen);
        if (rc != SG_OK)
            break;
        bool low = left.fail_low_at_top || right.fail_low_at_top;
        bool may_raise = !r->heuristic || (!budget_spent(r) &&
                                           (raises < HEURISTIC_RAISES || !bounded));
        sg_coupons higher;
        char why[160];
        if (!low || !may_raise || raises >= 16 ||
            sg_coupons_init(&higher, raised_tmax(stack.t_max, delta), delta, true, why,
                            sizeof why) != SG_OK)
            break;
        higher.path_in_state = stack.path_in_state;
        sg_coupons_free(&stack);
        stack = higher;
    }
    if (rc == SG_OK)
        *t = sg_value_max(left.first, right.first);
    sg_coupons_free(&stack);
    r->stack = outer;
    return rc;
}

/* The least t_max on delta's grid for a stack that starts above t (>= 0). */
static sg_value tmax_above(sg_value t, sg_value delta)
{
    if (sg_value_cmp(t, zero()) < 0)
        t = zero();
    return round_up(t, delta);
}

/* A temperature bound for the sum at the root of a pre-search: the components' largest
 * temperature_bound() (no sum is hotter than its hottest part). */
static bool sum_temperature_bound(const sg_sum *sum, sg_value *bound)
{
    bool any = false;
    for (size_t i = 0; i < sg_sum_count(sum); i++) {
        const sg_game *g = sg_sum_game(sum, i);
        sg_value b;
        if (!g->desc->temperature_bound ||
            !sg_gc_temperature_bound(g->desc, g->instance, sg_sum_pos(sum, i), &b))
            return false;
        *bound = any ? sg_value_max(*bound, b) : b;
        any = true;
    }
    if (!any)
        *bound = zero();
    return true;
}

/* E1's cascade on r->root: pre-searches with delta' = 1, 1/2, ... while delta' > delta,
 * the first with its stack's top at least `first` (the bound plus a coupon, or the
 * configured t_max), each later one with t_max = t_delta'' + 2 delta'' of the one before.
 * Returns the t_max for the search at delta and records (delta', t_delta') in pre. */
static int cascade(run *r, sg_value delta, sg_value first, bool bounded, sg_value *tmax,
                   sg_value *pre_t, sg_value *pre_delta, int *npre, char *err, size_t errlen)
{
    *npre = 0;
    sg_value t = zero(), d_prev = zero();
    for (sg_value d = sg_value_int(1); sg_value_cmp(d, delta) > 0; d = sg_value_half(d)) {
        sg_value top = *npre == 0 ? tmax_above(first, d)
                                  : tmax_above(sg_value_add(t, sg_value_mul_int(d_prev, 2)), d);
        /* Under a heuristic budget each pre-search may spend a quarter of what is left, so
         * that the search at delta itself gets time (one that took it all left the final
         * search its depth-1 fallback). */
        if (r->heuristic && r->config->seconds > 0)
            r->until = sg_clock_seconds() +
                       (r->config->seconds - (sg_clock_seconds() - r->start)) / 4;
        if (r->heuristic && r->config->nodes && r->nodes < r->config->nodes)
            r->nodes_until = r->nodes + (r->config->nodes - r->nodes) / 4 + 1;
        int rc = presearch(r, top, d, bounded || *npre > 0, &t, err, errlen);
        r->until = 0;
        r->nodes_until = 0;
        if (rc != SG_OK)
            return rc;
        if (*npre < PRESEARCH_MAX) {
            pre_t[*npre] = t;
            pre_delta[*npre] = d;
        }
        (*npre)++;
        d_prev = d;
        if (budget_spent(r))
            break;
    }
    if (*npre > PRESEARCH_MAX)
        *npre = PRESEARCH_MAX;
    if (*npre > 0)
        *tmax = tmax_above(sg_value_add(t, sg_value_mul_int(d_prev, 2)), delta);
    return SG_OK;
}

/* E4: the coupon value from which nobody may move in the position `sum` of the game: t'
 * + 2 delta' from a pre-search with delta' = 1 then 1/2, memoized by position. False when
 * there is no bound (no move in the game on the pre-search's PV, or no budget left). */
static bool drop_bound(run *r, const sg_sum *sum, sg_value *bound)
{
    sg_tds *tds = r->tds;
    uint64_t key = sg_sum_hash(sum); /* E4 runs in complete searches only: no depth */
    if (key == 0)
        key = 1;
    drop_entry *e = &tds->drops[key & (((size_t)1 << DROP_MEMO_LOG2) - 1)];
    if (e->key == key) {
        *bound = e->bound;
        return e->has_bound;
    }
    char err[200];
    if (!tds->inner) {
        sg_search_config config = { .tt_log2 = 16 };
        tds->inner = sg_search_new(&config, err, sizeof err);
        tds->inner_root = sg_sum_new(SG_FREEZE_NUMBERS);
        if (!tds->inner || !tds->inner_root)
            return false;
        sg_search_set_meter(tds->inner, tds->meter);
    }
    if (sg_sum_copy(tds->inner_root, sum) != SG_OK)
        return false;
    run inner = *r;
    inner.engine = tds->inner;
    inner.root = tds->inner_root;
    inner.enh = r->enh & ~(SG_TDS_E4 | SG_TDS_E6 | SG_TDS_HALF_TMIN);
    inner.searches = 0;
    inner.timed_out = false;
    inner.exact = true;
    sg_value tb;
    bool bounded = sum_temperature_bound(sum, &tb);
    sg_value tmax = zero(), first = bounded ? sg_value_add(tb, sg_value_int(1)) : sg_value_int(1);
    sg_value pre_t[PRESEARCH_MAX], pre_delta[PRESEARCH_MAX];
    int npre;
    sg_value last = sg_value_make(1, DROP_DELTA_EXP - 1);
    int rc = cascade(&inner, last, first, bounded, &tmax, pre_t, pre_delta, &npre, err,
                     sizeof err);
    sg_value t = zero();
    if (rc == SG_OK)
        rc = presearch(&inner, tmax, last, true, &t, err, sizeof err);
    r->nodes = inner.nodes; /* inner started from r's count */
    tds->stats.e4_presearches++;
    if (rc != SG_OK || inner.timed_out)
        return false;
    e->key = key;
    e->has_bound = sg_value_cmp(t, minus_one()) > 0;
    e->bound = sg_value_add(t, sg_value_mul_int(last, 2));
    *bound = e->bound;
    return e->has_bound;
}

/* E6: the exact temperature of a small position in the game, from the canonical form of
 * the sum of its components (the exact engine's memo), memoized by position. False when
 * the position is too big or the analysis gives up. */
static bool exact_bound(run *r, const sg_sum *sum, unsigned days, sg_value *bound)
{
    sg_tds *tds = r->tds;
    if (!days || days > EXACT_DAYS_MAX)
        return false;
    uint64_t key = sg_sum_hash(sum) | 1;
    drop_entry *e = &tds->exact_memo[key & (((size_t)1 << DROP_MEMO_LOG2) - 1)];
    if (e->key == key) {
        *bound = e->bound;
        return e->has_bound;
    }
    if (!tds->exact && !(tds->exact = sg_thermo_cache_new(NULL)))
        return false;
    sg_cgt *table = sg_thermo_cache_table(tds->exact);
    char err[160];
    sg_cg total = 0;
    bool ok = true;
    for (size_t i = 0; ok && i < sg_sum_count(sum); i++) {
        sg_cg g;
        ok = sg_cgt_from_game(table, sg_sum_game(sum, i), sg_sum_pos(sum, i),
                              EXACT_POSITIONS_MAX, &g, err, sizeof err) == SG_OK &&
             (i == 0 ? (total = g, true) : sg_cgt_add(table, total, g, &total) == SG_OK);
    }
    const sg_thermograph *th = ok ? sg_thermograph_of(tds->exact, total) : NULL;
    e->key = key;
    e->has_bound = th != NULL;
    if (th)
        e->bound = th->temperature;
    *bound = e->bound;
    return e->has_bound;
}

/* The engine's gate on moves in the game (E2, E4): closed while the coupon on top is worth
 * at least a proven (E2) or conjectured (E4) bound on the position's temperature: nobody
 * gains by moving in a game colder than the coupon they could take instead. */
static bool gate(void *ctx, const sg_sum *sum, sg_player to_move, uint64_t state)
{
    (void)to_move;
    run *r = ctx;
    const sg_coupons *c = r->stack;
    size_t taken = sg_coupons_state_taken(c, state);
    if (taken == 0 || taken >= c->count)
        return true; /* the top of the stack stands for every temperature above it */
    sg_value v = sg_coupons_at(c, taken);
    if (sg_value_cmp(v, minus_one()) <= 0)
        return true;
    /* A birthday bound b caps the position's temperature: the largest of T_b, or with
     * E4's t' + 1 the largest of T_b up to it. */
    unsigned birthday = (r->enh & (SG_TDS_E2 | SG_TDS_E6)) ? sum_birthday(sum) : 0;
    unsigned days = (r->enh & SG_TDS_E2) ? birthday : 0;
    sg_value bound, cap;
    bool capped = days && sg_tds_temperature_floor(sg_value_int(days), days, &cap);
    if (capped && sg_value_cmp(v, cap) >= 0) {
        r->tds->stats.e2_closed++;
        return false;
    }
    if ((r->enh & SG_TDS_E6) && exact_bound(r, sum, birthday, &bound)) {
        if (sg_value_cmp(v, bound) >= 0) {
            r->tds->stats.e6_closed++;
            return false;
        }
        return true; /* exact: nothing below to learn from a pre-search */
    }
    /* E4 only in complete searches: in a depth-limited one each pre-search is itself a
     * deepening TDS at every node, which cost Hotstrat-TDS+ 40x the nodes of the search
     * it was meant to shorten (docs/results/tdsplus-sum-games.md). */
    if ((r->enh & SG_TDS_E4) && !r->heuristic && drop_bound(r, sum, &bound)) {
        if (days)
            sg_tds_temperature_floor(bound, days, &bound);
        if (sg_value_cmp(v, bound) >= 0) {
            r->tds->stats.e4_closed++;
            return false;
        }
    }
    return true;
}

/* One estimate with the configuration's limits as they are: complete, depth-limited, or
 * (time or nodes without depth) searches that each deepen until the budget is spent. */
static int estimate_once(sg_tds *tds, const sg_game *game, const void *pos,
                         const sg_tds_config *config, sg_estimate *out, char *err,
                         size_t errlen)
{
    memset(out, 0, sizeof *out);
    memset(&tds->stats, 0, sizeof tds->stats);
    /* E6's canonical forms would grow without bound over a game's estimates; the
     * temperatures they gave stay in exact_memo. */
    if (tds->exact)
        sg_thermo_cache_reset(tds->exact);
    tds->stats.enhancements = tds->enhancements;
    run r = { .tds = tds, .engine = tds->engine, .root = tds->root, .config = config,
              .enh = tds->enhancements, .exact = true, .start = sg_clock_seconds() };
    r.heuristic = config->depth > 0 || config->seconds > 0 || config->nodes > 0;
    out->tds_delta = config->delta;
    sg_sum_clear(tds->root);
    int rc = sg_sum_add(tds->root, (sg_game *)game, pos, err, errlen);
    if (rc != SG_OK)
        return rc;
    if (sg_sum_is_over(tds->root)) {
        rc = estimate_number(game, pos, sg_sum_frozen(tds->root), out, err, errlen);
        out->seconds = sg_clock_seconds() - r.start;
        return rc;
    }

    sg_value delta = config->delta;
    bool bounded = true;
    sg_value tmax, bound = zero();
    if (config->has_tmax) {
        tmax = round_up(config->tmax, delta);
    } else if (game->desc->temperature_bound &&
               sg_gc_temperature_bound(game->desc, game->instance, pos, &bound)) {
        if (sg_value_cmp(bound, zero()) < 0)
            bound = zero();
        tmax = sg_value_add(round_up(bound, delta), delta);
    } else {
        bounded = false;
        tmax = round_up(sg_value_int(1), delta);
    }

    sg_value pre_t[PRESEARCH_MAX], pre_delta[PRESEARCH_MAX];
    int npre = 0;
    if (r.enh & SG_TDS_E1) {
        sg_value first = config->has_tmax ? config->tmax
                         : bounded        ? sg_value_add(bound, sg_value_int(1))
                                          : sg_value_int(1);
        rc = cascade(&r, delta, first, bounded, &tmax, pre_t, pre_delta, &npre, err, errlen);
        if (rc != SG_OK)
            return rc;
        tds->stats.presearches = npre;
        bounded = bounded || npre > 0;
    }

    sg_coupons stack;
    side left, right;
    rc = make_stack(&r, tmax, delta, &stack, err, errlen);
    if (rc != SG_OK)
        return rc;
    for (int raises = 0;; raises++) {
        r.stack = &stack;
        rc = analyze_side(&r, SG_LEFT, false, &left, err, errlen);
        if (rc == SG_OK)
            rc = analyze_side(&r, SG_RIGHT, false, &right, err, errlen);
        if (rc != SG_OK) {
            sg_coupons_free(&stack);
            return rc;
        }
        if (raises == 0) {
            /* The cases reported are those of the first searches. */
            out->tds_case_left = left.kase;
            out->tds_case_right = right.kase;
        }
        bool low = left.fail_low_at_top || right.fail_low_at_top;
        bool may_raise = !r.heuristic || (!budget_spent(&r) &&
                                          (raises < HEURISTIC_RAISES || !bounded));
        if (!low || !may_raise || raises >= 16)
            break;
        sg_coupons higher;
        sg_value raised = raised_tmax(tmax, delta);
        char why[160];
        if (make_stack(&r, raised, delta, &higher, why, sizeof why) != SG_OK)
            break;
        sg_coupons_free(&stack);
        stack = higher;
        tmax = raised;
    }
    out->tds_tmax = tmax;
    out->mean = sg_value_half(sg_value_add(left.mean, right.mean));
    bool use_max = config->combine == SG_TDS_COMBINE_MAX ||
                   (config->combine == SG_TDS_COMBINE_AUTO && r.exact);
    out->temperature = use_max ? sg_value_max(left.temperature, right.temperature)
                               : sg_value_half(sg_value_add(left.temperature, right.temperature));
    /* A player's pseudo-temperature is at least the temperature at which a PV had that
     * player make the first move in G. */
    out->pseudo_left = out->pseudo_right = out->temperature;
    for (int k = 0; k < 2; k++) {
        const side *sd = k == 0 ? &left : &right;
        for (int who = 0; who < 2; who++) {
            sg_value *pt = who == SG_LEFT ? &out->pseudo_left : &out->pseudo_right;
            if (sd->first_by[who])
                *pt = sg_value_max(*pt, sd->first);
        }
    }
    if (sg_value_cmp(out->temperature, minus_one()) <= 0) {
        /* Nobody moves in G before the -1 coupons: G plays like an integer, and a search
         * that forces a move in G below them meets only pseudo-terminal positions. Like
         * any number it has no sente threat above its temperature either. */
        out->pseudo_left = out->pseudo_right = out->temperature;
        rc = number_best_move(game, pos, SG_LEFT, &out->has_best_left, &out->best_left, err,
                              errlen);
        if (rc == SG_OK)
            rc = number_best_move(game, pos, SG_RIGHT, &out->has_best_right,
                                  &out->best_right, err, errlen);
    } else {
        rc = best_move(&r, SG_LEFT, out->temperature, &out->has_best_left, &out->best_left,
                       err, errlen);
        if (rc == SG_OK)
            rc = best_move(&r, SG_RIGHT, out->temperature, &out->has_best_right,
                           &out->best_right, err, errlen);
    }
    if (rc == SG_OK)
        rc = stops(&r, out, err, errlen);
    sg_coupons_free(&stack);
    /* The 2-delta conjecture: t(G) <= t_delta' + 2 delta' for every pre-search. */
    for (int k = 0; k < npre && r.exact && rc == SG_OK; k++) {
        tds->stats.conjecture_checks++;
        sg_value limit = sg_value_add(pre_t[k], sg_value_mul_int(pre_delta[k], 2));
        if (sg_value_cmp(out->temperature, limit) > 0)
            tds->stats.conjecture_violations++;
    }
    tds->stats.timed_out = r.timed_out;
    /* Against the coupon stack a ko is fought with coupons as threats: a value of that
     * play, not a combinatorial game value, so never reported as exact. */
    tds->met_ko = r.met_ko;
    out->exact = r.exact && !r.met_ko;
    out->nodes = r.nodes;
    out->tds_searches = r.searches;
    out->seconds = sg_clock_seconds() - r.start;
    return rc;
}

/* ---- anytime estimates -------------------------------------------------------------- */

/* The iterations' depths: 1, 2, ... 8 one ply at a time, where a ply more can cost a
 * factor of the game's branching (a 6x6 room: 150), then half as many again each time:
 * coupon moves are plies too, and a complete search of a small room at delta 2^-6 needs
 * hundreds of them. */
static int next_depth(int d)
{
    return d < 8 ? d + 1 : d + d / 2;
}

/* Iterative deepening of whole estimates: depth from + 1, from + 2, ... plies per search,
 * each iteration a complete heuristic TDS at that depth, until an iteration is exact
 * (no depth-limited leaf: the complete TDS's answer) or the budget is spent. The answer
 * is the deepest iteration that finished within the budget (an iteration cut short
 * answers from depth-1 searches and coupons it had no time to follow, which is worse
 * than the iteration before); the first iteration answers whatever happens, as every
 * heuristic estimate must. A single search that deepens until the clock stops it, as
 * the estimate ran before, spends the whole budget on the first search from the top
 * of the stack, whose principal variation is then coupons only, and more time never
 * changed the answer (docs/results/tdsplus-coverage.md). */
static int estimate_anytime(sg_tds *tds, const sg_game *game, const void *pos,
                            const sg_tds_config *config, const sg_estimate *prev,
                            int prev_depth, sg_estimate *out, char *err, size_t errlen)
{
    double start = sg_clock_seconds();
    uint64_t nodes = 0;
    sg_estimate best;
    sg_tds_stats best_stats = { 0 };
    bool best_ko = false, have = prev != NULL;
    int depth = have ? prev_depth : 0;
    if (have) {
        best = *prev;
        best.nodes = 0;
        best.seconds = 0;
        best_stats = tds->stats;
    }
    for (int d = next_depth(depth); d <= 4000; d = next_depth(d)) {
        sg_tds_config c = *config;
        c.depth = d;
        if (config->seconds > 0) {
            c.seconds = config->seconds - (sg_clock_seconds() - start);
            if (c.seconds <= 0 && have)
                break;
            if (c.seconds <= 1e-6)
                c.seconds = 1e-6;
        }
        if (config->nodes) {
            if (nodes >= config->nodes && have)
                break;
            c.nodes = nodes < config->nodes ? config->nodes - nodes : 1;
        }
        sg_estimate e;
        int rc = estimate_once(tds, game, pos, &c, &e, err, errlen);
        if (rc != SG_OK)
            return rc;
        nodes += e.nodes;
        if (tds->stats.timed_out && have) {
            /* Cut short: the deeper iteration's answer is not supported; keep the last. */
            best.nodes = nodes;
            best_stats.timed_out = true;
            break;
        }
        best = e;
        best.nodes = nodes;
        best_stats = tds->stats;
        best_ko = tds->met_ko;
        have = true;
        depth = d;
        if (e.exact || tds->stats.timed_out)
            break;
    }
    *out = best;
    out->seconds = sg_clock_seconds() - start;
    tds->stats = best_stats;
    tds->met_ko = best_ko;
    tds->last_depth = depth;
    return SG_OK;
}

static bool anytime(const sg_tds_config *config)
{
    return config->depth == 0 && (config->seconds > 0 || config->nodes > 0);
}

int sg_tds_estimate(sg_tds *tds, const sg_game *game, const void *pos,
                    const sg_tds_config *config, sg_estimate *out, char *err, size_t errlen)
{
    if (anytime(config))
        return estimate_anytime(tds, game, pos, config, NULL, 0, out, err, errlen);
    int rc = estimate_once(tds, game, pos, config, out, err, errlen);
    tds->last_depth = config->depth;
    return rc;
}

int sg_tds_estimate_deeper(sg_tds *tds, const sg_game *game, const void *pos,
                           const sg_tds_config *config, const sg_estimate *prev,
                           int prev_depth, sg_estimate *out, char *err, size_t errlen)
{
    if (prev && (prev->exact || !anytime(config))) {
        *out = *prev;
        tds->last_depth = prev_depth;
        return SG_OK;
    }
    if (!prev || prev_depth <= 0)
        return sg_tds_estimate(tds, game, pos, config, out, err, errlen);
    memset(&tds->stats, 0, sizeof tds->stats);
    tds->stats.enhancements = tds->enhancements;
    return estimate_anytime(tds, game, pos, config, prev, prev_depth, out, err, errlen);
}

int sg_tds_last_depth(const sg_tds *tds) { return tds->last_depth; }
