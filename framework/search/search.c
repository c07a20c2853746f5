#include "sumgame/search.h"
#include "sumgame/game_call.h"
#include "sumgame/rng.h"

#include <limits.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

/* Remaining depth of a search without depth limit. */
#define DEPTH_UNLIMITED INT_MAX
/* Draft stored for entries of unlimited searches; they are free of heuristic leaves. */
#define DRAFT_UNLIMITED INT16_MAX
/* A line longer than this means a game that never ends. */
#define PLY_LIMIT 4096
#define TT_DEFAULT_LOG2 20
/* A table is mapped at its configured size but used from its first 2^16 entries (one
 * huge page), growing in place while it is more than half full (tt_grow): a search of a few
 * thousand nodes then touches 2 MiB, not 32 MiB of fresh pages, whose zeroing by the
 * kernel was 13% of MCGS's Amazons 3x4 autotests solved one process per case. Mapping
 * the whole size at once keeps a table larger than the memory allowed an error at
 * creation, as before. */
#define TT_START_LOG2 16
#define TT_MIN_LOG2 4
#define TT_MAX_LOG2 28
#define MOVES_INITIAL_CAP 64
/* Evaluations remembered per component: 2^14 entries of 24 bytes, about an L2 cache
 * (with 2^12 the bench's fixed sum took 8% longer; 2^16 saved another 3%). */
#define EVAL_CACHE_LOG2 14
/* Components' keys under their games' symmetries (sg_search_set_symmetric): 2^16 pairs
 * of 16 bytes, 1 MiB. */
#define SYM_CACHE_LOG2 16

enum { BOUND_NONE = 0, BOUND_UPPER = 1, BOUND_LOWER = 2, BOUND_EXACT = 3 };
#define FLAG_BOUND_MASK 3u
#define FLAG_FREE 4u /* no depth-limited leaf influenced the score: a proven bound */
#define FLAG_MOVE 8u /* best move is set */
#define FLAG_HORIZON 16u /* a depth-limited leaf was met below (not only stuck leaves) */

/* 32 bytes, so 2^20 entries take 32 MiB. The score is relative to the frozen total and
 * from the point of view of the player to move. */
typedef struct tt_entry {
    uint64_t key;
    uint64_t move;
    int64_t num;
    uint32_t component;
    int16_t draft;
    int8_t exp;
    uint8_t flags;
} tt_entry;

/* A component's evaluate() for one player to move. Most components of a leaf are those
 * of its siblings' and parent's, unchanged by the move, so a horizon leaf of a sum of n
 * components mostly evaluates one instead of n. */
typedef struct eval_entry {
    uint64_t key; /* component hash mixed with the instance and the player */
    int64_t num;
    int32_t exp;
    int32_t generation; /* valid when it is the engine's; 0 = never filled */
} eval_entry;

/* A component's raw key (| 1, so that 0 is free) and the key of its class. */
typedef struct sym_entry {
    uint64_t raw, key;
} sym_entry;

/* An αβ window edge: a value or an infinity. Node scores themselves are always finite. */
typedef struct edge {
    sg_value v;
    int inf; /* -1, 0 or 1 */
} edge;

struct ply {
    sg_sum *sum;        /* position after the move made at the previous ply */
    sg_sum_move *moves; /* move list of the node at this ply */
    size_t cap;
};

/* The history heuristic's counts (sg_search_set_history): a slot per player for each
 * (component, move code) hashed to HISTORY_SLOTS. */
#define HISTORY_SLOTS 4096
#define HISTORY_MAX (UINT32_C(1) << 30)

struct sg_search {
    sg_search_config config;
    bool history;                    /* sg_search_set_history */
    uint32_t (*hist)[HISTORY_SLOTS]; /* [2], made when it is first switched on */
    bool met_ko; /* the last run reached a position holding a ko ban (sg_sum_has_ban) */
    bool may_ban; /* a game of the root sum has moved_elsewhere: bans can arise */
    sg_search_prune_fn prune; /* or NULL */
    void *prune_ctx;
    sg_search_decide_fn decide; /* outcome mode's exact leaves, or NULL */
    void *decide_ctx;
    sg_meter *meter; /* or NULL */
    bool no_best_first;
    sg_search_evaluate_fn evaluate; /* or NULL: the games' evaluate() */
    void *evaluate_ctx;
    sg_search_leaf_fn leaf; /* or NULL: evaluate */
    void *leaf_ctx;
    bool free_extra; /* extra moves keep the depth */
    bool reduce;     /* sg_search_set_reductions */
    sg_search_horizon_fn horizon_fn; /* or NULL */
    void *horizon_ctx;
    sg_search_gate_fn gate_fn; /* or NULL */
    void *gate_ctx;
    sg_search_table_filter_fn table_filter; /* or NULL */
    void *table_filter_ctx;
    tt_entry *tt;
    size_t bucket_mask; /* two entries per bucket */
    size_t max_bucket_mask; /* the configured size, which the table grows to */
    size_t used;            /* entries filled since the last clear or growth */
    /* Buckets written since the last clear, so that clearing a mostly empty table costs
     * what was written, not the table (the 2004 TDS clears before each of its thousands
     * of small searches, and zeroing 8 MiB each time was 80% of its run). Past
     * dirty_cap the whole table is zeroed instead. */
    uint32_t *dirty;
    size_t ndirty, dirty_cap;
    bool dirty_overflow;
    eval_entry *evals;
    sym_entry *sym; /* NULL: keys of the positions as they are */
    int32_t eval_generation; /* clearing starts a new one instead of zeroing the cache */
    struct ply *plies;
    size_t nplies, plies_cap;
    sg_freeze policy;
    sg_deadline deadline;
    bool stopped; /* budget spent: unwind without storing */
    int status;   /* an error: unwind */
    char err[256];
    int max_ply;
    bool horizon; /* the iteration met its depth limit (a depth-limited leaf, or a table
                     entry whose subtree met one: FLAG_HORIZON); without it, deeper
                     iterations find nothing new */
    int root_ply; /* table cutoffs are taken only below this ply */
    size_t pv_len[SG_SEARCH_PV_MAX + 1];
    sg_sum_move pv[SG_SEARCH_PV_MAX][SG_SEARCH_PV_MAX];
};

static void fail(sg_search *s, int status, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void fail(sg_search *s, int status, const char *fmt, ...)
{
    if (s->status != SG_OK)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(s->err, sizeof s->err, fmt, ap);
    va_end(ap);
    s->status = status;
}

static sg_value zero(void) { return sg_value_int(0); }

/* A Left-view value seen by who. */
static sg_value for_mover(sg_value left_view, sg_player who)
{
    return who == SG_LEFT ? left_view : sg_value_neg(left_view);
}

static edge finite(sg_value v)
{
    edge e = { v, 0 };
    return e;
}

static edge infinite(int sign)
{
    edge e = { { 0, 0 }, sign };
    return e;
}

/* Compares a finite value with an edge. */
static int cmp_edge(sg_value v, edge e)
{
    if (e.inf)
        return -e.inf;
    return sg_value_cmp(v, e.v);
}

/* pts - e: the child's window edge for a move worth pts to the mover. */
static edge reflect(sg_value pts, edge e)
{
    if (e.inf)
        return infinite(-e.inf);
    return finite(sg_value_sub(pts, e.v));
}

static bool same_move(sg_sum_move a, sg_sum_move b)
{
    return a.component == b.component && a.move == b.move;
}

/* ---- configuration and storage ---------------------------------------------------- */

#define HUGE_PAGE ((size_t)2 << 20)

/* A zeroed table. Every probe lands on a random entry, so with 4 KiB pages a table of
 * 32 MiB misses the TLB on nearly every node; a table of a huge page or more is aligned
 * to huge pages and asks the kernel for them (the probe then misses only the cache).
 * It is mapped, not written: the kernel's pages come zeroed when first touched, so a
 * table costs memory (and time) only as far as the search fills it. Match workers create
 * their strategies for every game; zeroing 32 MiB for each side of each game made a
 * match of short games spend most of its time in the kernel. */
static tt_entry *tt_alloc(size_t entries)
{
    size_t bytes = entries * sizeof(tt_entry);
    if (bytes < HUGE_PAGE)
        return calloc(entries, sizeof(tt_entry));
    /* A huge page more than needed, to cut an aligned table out of it */
    char *p = mmap(NULL, bytes + HUGE_PAGE, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
    char *t = (char *)(((uintptr_t)p + HUGE_PAGE - 1) & ~(uintptr_t)(HUGE_PAGE - 1));
    if (t > p)
        munmap(p, (size_t)(t - p));
    size_t tail = (size_t)(p + bytes + HUGE_PAGE - (t + bytes));
    if (tail)
        munmap(t + bytes, tail);
#ifdef MADV_HUGEPAGE
    madvise(t, bytes, MADV_HUGEPAGE); /* a hint: without huge pages all still works */
#endif
    return (tt_entry *)t;
}

static void tt_free(tt_entry *t, size_t entries)
{
    size_t bytes = entries * sizeof(tt_entry);
    if (bytes < HUGE_PAGE)
        free(t);
    else if (t)
        munmap(t, bytes);
}

static int effective_max_depth(const sg_search_config *c)
{
    int a = c->max_depth > 0 ? c->max_depth : 0;
    int b = c->budget.depth > 0 ? c->budget.depth : 0;
    if (a && b)
        return a < b ? a : b;
    return a ? a : b;
}

sg_search *sg_search_new(const sg_search_config *config, char *err, size_t errlen)
{
    size_t log2 = config->tt_log2 ? config->tt_log2 : TT_DEFAULT_LOG2;
    if (log2 < TT_MIN_LOG2 || log2 > TT_MAX_LOG2) {
        snprintf(err, errlen, "transposition table size 2^%zu outside 2^%d .. 2^%d", log2,
                 TT_MIN_LOG2, TT_MAX_LOG2);
        return NULL;
    }
    sg_search *s = calloc(1, sizeof *s);
    if (!s) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    s->config = *config;
    size_t start = log2 < TT_START_LOG2 ? log2 : TT_START_LOG2;
    s->tt = tt_alloc((size_t)1 << log2);
    s->bucket_mask = ((size_t)1 << (start - 1)) - 1;
    s->max_bucket_mask = ((size_t)1 << (log2 - 1)) - 1;
    s->evals = calloc((size_t)1 << EVAL_CACHE_LOG2, sizeof *s->evals);
    s->eval_generation = 1;
    /* A sixteenth of the buckets: clearing that many scattered buckets costs about
     * what zeroing the whole table does sequentially. */
    s->dirty_cap = (s->max_bucket_mask + 1) / 16;
    s->dirty = malloc((s->dirty_cap ? s->dirty_cap : 1) * sizeof *s->dirty);
    if (!s->tt || !s->evals || !s->dirty) {
        snprintf(err, errlen, "out of memory for a transposition table of 2^%zu entries",
                 log2);
        tt_free(s->tt, (size_t)1 << log2);
        free(s->evals);
        free(s->dirty);
        free(s);
        return NULL;
    }
    return s;
}

void sg_search_free(sg_search *search)
{
    if (!search)
        return;
    for (size_t i = 0; i < search->nplies; i++) {
        sg_sum_free(search->plies[i].sum);
        free(search->plies[i].moves);
    }
    free(search->plies);
    tt_free(search->tt, (search->max_bucket_mask + 1) * 2);
    free(search->evals);
    free(search->sym);
    free(search->hist);
    free(search->dirty);
    free(search);
}

void sg_search_clear(sg_search *search)
{
    if (search->dirty_overflow) {
        memset(search->tt, 0, (search->bucket_mask + 1) * 2 * sizeof *search->tt);
    } else {
        for (size_t i = 0; i < search->ndirty; i++)
            memset(&search->tt[(size_t)search->dirty[i] * 2], 0, 2 * sizeof *search->tt);
    }
    search->ndirty = 0;
    search->dirty_overflow = false;
    search->used = 0;
    /* Strategies that bound their search by temperature clear at every move. */
    if (++search->eval_generation == INT32_MAX) {
        memset(search->evals, 0, ((size_t)1 << EVAL_CACHE_LOG2) * sizeof *search->evals);
        search->eval_generation = 1;
    }
}

void sg_search_set_config(sg_search *search, const sg_search_config *config)
{
    size_t keep = search->config.tt_log2;
    search->config = *config;
    search->config.tt_log2 = keep;
}

/* Makes plies[0..ply] exist. Allocates only when a search goes deeper than before. */
static bool ensure_ply(sg_search *s, size_t ply)
{
    if (ply < s->nplies)
        return true;
    if (ply >= s->plies_cap) {
        size_t cap = s->plies_cap ? s->plies_cap * 2 : 64;
        while (cap <= ply)
            cap *= 2;
        struct ply *grown = realloc(s->plies, cap * sizeof *grown);
        if (!grown)
            return false;
        s->plies = grown;
        s->plies_cap = cap;
    }
    while (s->nplies <= ply) {
        struct ply *p = &s->plies[s->nplies];
        p->sum = sg_sum_new(s->policy);
        p->moves = malloc(MOVES_INITIAL_CAP * sizeof *p->moves);
        p->cap = MOVES_INITIAL_CAP;
        if (!p->sum || !p->moves) {
            sg_sum_free(p->sum);
            free(p->moves);
            return false;
        }
        s->nplies++;
    }
    return true;
}

/* ---- transposition table ------------------------------------------------------------ */

/* The sum's key with each component keyed by its class under its game's symmetries, so
 * that mirrored positions share an entry. Summed as sg_sum_hash sums the raw keys. Not
 * inlined: its position buffer would grow the frame of search_node, which a search 4096
 * plies deep pays at every ply (under AddressSanitizer that overflowed the stack). */
__attribute__((noinline)) static uint64_t symmetric_hash(const sg_search *s, const sg_sum *sum)
{
    uint64_t h = 0;
    for (size_t i = 0, n = sg_sum_count(sum); i < n; i++) {
        const sg_game *g = sg_sum_game(sum, i);
        uint64_t raw = sg_sum_component_hash(sum, i);
        if (!SG_GAME_HAS(g->desc, canonical)) {
            h += raw;
            continue;
        }
        sym_entry *e = &s->sym[sg_mix64(raw) & (((size_t)1 << SYM_CACHE_LOG2) - 1)];
        if (e->raw != (raw | 1)) {
            _Alignas(16) unsigned char rep[SG_POS_MAX];
            sg_gc_canonical(g->desc, g->instance, sg_sum_pos(sum, i), rep);
            e->raw = raw | 1;
            e->key = sg_component_hash(g, rep);
        }
        h += e->key;
    }
    return h;
}

static uint64_t node_key(const sg_search *s, const sg_sum *sum, sg_player who,
                         uint64_t xstate)
{
    uint64_t key = s->sym ? symmetric_hash(s, sum) : sg_sum_hash(sum);
    if (who == SG_RIGHT)
        key ^= UINT64_C(0x9E3779B97F4A7C15);
    if (s->config.extra)
        key ^= sg_mix64(xstate + UINT64_C(0x632BE59BD9B4E019));
    if (s->config.outcome) {
        /* Outcome scores are not additive, so the frozen total is part of the node; the
         * salt keeps them apart from scores of the same sum. */
        sg_value f = sg_sum_frozen(sum);
        uint64_t frozen = (uint64_t)f.num * UINT64_C(0xD6E8FEB86659FD93) + (uint64_t)f.exp + 1;
        key ^= sg_mix64(frozen) ^ UINT64_C(0xA24BAED4963EE407);
    }
    return key;
}

static tt_entry *tt_probe(sg_search *s, uint64_t key)
{
    tt_entry *b = &s->tt[(key & s->bucket_mask) * 2];
    for (int i = 0; i < 2; i++)
        if ((b[i].flags & FLAG_BOUND_MASK) != BOUND_NONE && b[i].key == key)
            return &b[i];
    return NULL;
}

/* How much an entry is worth keeping: proven entries most, then by depth. */
static int priority(const tt_entry *e)
{
    if ((e->flags & FLAG_BOUND_MASK) == BOUND_NONE)
        return -1;
    return (e->flags & FLAG_FREE) ? INT16_MAX + 1 : e->draft;
}

/* Under symmetric keys an entry may have been stored by a mirror image of the node, whose
 * moves are not this node's: the entry's move then carries the top bits of the raw key of
 * the sum it belongs to (above the component, which must fit in 16 bits). */
static uint32_t orientation(const sg_search *s, const sg_sum *sum)
{
    return s->sym ? (uint32_t)(sg_sum_hash(sum) >> 48) : 0;
}

/* The entry's best move, if it has one for this orientation of the node. */
static bool entry_move(const tt_entry *e, uint32_t orient, const sg_search *s,
                       sg_sum_move *m)
{
    if (!(e->flags & FLAG_MOVE))
        return false;
    m->move = e->move;
    m->component = e->component;
    if (s->sym) {
        if ((e->component >> 16) != orient)
            return false;
        m->component = e->component & 0xFFFFu;
    }
    return true;
}

/* Notes bucket as written, for sg_search_clear; called when it goes from empty to not. */
static void note_dirty(sg_search *s, size_t bucket)
{
    if (s->dirty_overflow)
        return;
    if (s->ndirty < s->dirty_cap)
        s->dirty[s->ndirty++] = (uint32_t)bucket;
    else
        s->dirty_overflow = true;
}

/* The bucket of key, noted as written when it was empty (slot 0 holds the better entry,
 * so an empty slot 0 means an untouched bucket). */
static tt_entry *tt_bucket(sg_search *s, uint64_t key)
{
    size_t bucket = key & s->bucket_mask;
    tt_entry *b = &s->tt[bucket * 2];
    if ((b[0].flags & FLAG_BOUND_MASK) == BOUND_NONE)
        note_dirty(s, bucket);
    return b;
}

/* Puts a new entry into bucket b: slot 0 keeps the most valuable entry, slot 1 the most
 * recent. */
static void tt_place(sg_search *s, tt_entry *b, tt_entry e)
{
    if ((b[1].flags & FLAG_BOUND_MASK) == BOUND_NONE)
        s->used++;
    if (priority(&e) >= priority(&b[0])) {
        b[1] = b[0];
        b[0] = e;
    } else {
        b[1] = e;
    }
}

/* Grows the table in place: the entries of bucket i belong to one of the buckets i + k n
 * of the grown table, whose part above the old size is still untouched (zero). It doubles
 * while it has fewer than TT_STEP_MAX buckets, then goes to its full size at once: a step
 * costs a pass over the entries already there, so no step passes over more than 128 MiB
 * (a few tens of milliseconds, where doubling a table of 2^27 entries would take a second
 * in the middle of a move under a clock). */
#ifndef TT_STEP_MAX
#define TT_STEP_MAX ((size_t)1 << 21)
#endif
__attribute__((noinline)) static void tt_grow(sg_search *s)
{
    size_t n = s->bucket_mask + 1;
    size_t grown = n < TT_STEP_MAX ? n * 2 : s->max_bucket_mask + 1;
    s->bucket_mask = grown - 1;
    for (size_t i = 0; i < n; i++) {
        tt_entry *lo = &s->tt[i * 2];
        int kept = 0;
        tt_entry stay[2];
        for (int k = 0; k < 2; k++) {
            if ((lo[k].flags & FLAG_BOUND_MASK) == BOUND_NONE)
                continue;
            size_t t = lo[k].key & s->bucket_mask;
            if (t == i) {
                stay[kept++] = lo[k];
                continue;
            }
            /* only entries of bucket i go to bucket t, better first */
            tt_entry *b = &s->tt[t * 2];
            if ((b[0].flags & FLAG_BOUND_MASK) == BOUND_NONE) {
                b[0] = lo[k];
                note_dirty(s, t);
            } else {
                b[1] = lo[k];
            }
        }
        memset(lo, 0, 2 * sizeof *lo);
        memcpy(lo, stay, (size_t)kept * sizeof *lo);
    }
}

/* Not inlined, so that its entry stays out of the frame of search_node, which a search
 * 4096 plies deep pays at every ply. */
__attribute__((noinline)) static void tt_store(sg_search *s, uint64_t key, sg_value rel,
                                               int bound, int depth, bool free_of_heuristics,
                                               bool horizon, sg_sum_move best, uint32_t orient)
{
    tt_entry e;
    e.key = key;
    e.move = best.move;
    e.component = best.component;
    bool has_move = true;
    if (s->sym) {
        has_move = best.component < 0xFFFFu;
        e.component = orient << 16 | (best.component & 0xFFFFu);
    }
    e.num = rel.num;
    e.exp = (int8_t)rel.exp;
    e.draft = depth == DEPTH_UNLIMITED ? DRAFT_UNLIMITED
              : depth >= DRAFT_UNLIMITED ? DRAFT_UNLIMITED - 1 : (int16_t)depth;
    e.flags = (uint8_t)(bound | (has_move ? FLAG_MOVE : 0) |
                        (free_of_heuristics ? FLAG_FREE : 0) | (horizon ? FLAG_HORIZON : 0));
    tt_entry *b = tt_bucket(s, key);
    for (int i = 0; i < 2; i++) {
        if ((b[i].flags & FLAG_BOUND_MASK) != BOUND_NONE && b[i].key == key) {
            /* A proven bound is worth more than a heuristic score of the same node. */
            if ((b[i].flags & FLAG_FREE) && !free_of_heuristics) {
                if (has_move) {
                    b[i].move = e.move;
                    b[i].component = e.component;
                    b[i].flags |= FLAG_MOVE;
                }
            } else {
                b[i] = e;
            }
            return;
        }
    }
    tt_place(s, b, e);
    if (s->used * 2 > (s->bucket_mask + 1) * 2 && s->bucket_mask < s->max_bucket_mask)
        tt_grow(s);
}

static sg_value entry_score(const tt_entry *e)
{
    sg_value v = { e->num, e->exp };
    return v;
}

/* ---- leaves ------------------------------------------------------------------------- */

static sg_value extra_value(const sg_search *s, uint64_t xstate, sg_player who)
{
    const sg_search_extra *x = s->config.extra;
    if (!x || !x->value)
        return zero();
    return x->value(x->ctx, xstate, who);
}

/* The score (mover's view) of a position whose play is over with total (Left's view). */
static sg_value terminal_score(const sg_search *s, sg_value total, sg_player who)
{
    if (s->config.outcome) {
        int c = sg_value_cmp(total, zero());
        bool left_wins = c > 0 || (c == 0 && who == SG_RIGHT);
        return for_mover(sg_value_int(left_wins ? 1 : -1), who);
    }
    return for_mover(total, who);
}

/* evaluate() of component i, through the cache. Equal hashes are taken for equal
 * positions, as the transposition table takes them, and evaluate() for a function of the
 * position and the player to move, as game.h describes it. */
static sg_value component_evaluate(sg_search *s, const sg_sum *sum, size_t i, sg_player who)
{
    const sg_game *g = sg_sum_game(sum, i);
    uint64_t key = sg_mix64(sg_sum_component_hash(sum, i) ^ (uint64_t)(uintptr_t)g->instance ^
                            (who == SG_RIGHT ? UINT64_C(0x9E3779B97F4A7C15) : 0));
    eval_entry *e = &s->evals[key & (((size_t)1 << EVAL_CACHE_LOG2) - 1)];
    if (e->generation == s->eval_generation && e->key == key) {
        sg_value v = { e->num, e->exp };
        return v;
    }
    sg_value v = sg_gc_evaluate(g->desc, g->instance, sg_sum_pos(sum, i), who);
    e->key = key;
    e->num = v.num;
    e->exp = v.exp;
    e->generation = s->eval_generation;
    return v;
}

static sg_value heuristic_score(sg_search *s, const sg_sum *sum, sg_player who,
                                uint64_t xstate)
{
    if (s->config.outcome)
        return zero();
    sg_value total = sg_value_add(sg_sum_frozen(sum), extra_value(s, xstate, who));
    if (s->leaf)
        return for_mover(sg_value_add(total, s->leaf(s->leaf_ctx, sum, who, xstate)), who);
    if (s->evaluate)
        return for_mover(sg_value_add(total, s->evaluate(s->evaluate_ctx, sum, who)), who);
    for (size_t i = 0, n = sg_sum_count(sum); i < n; i++) {
        const sg_game *g = sg_sum_game(sum, i);
        if (g->desc->evaluate)
            total = sg_value_add(total, component_evaluate(s, sum, i, who));
    }
    return for_mover(total, who);
}

/* The player to move has no move but live components remain: only a game that breaks
 * its contract gets here (or one whose number() gave up within a budget of its own).
 * Scored as the numbers the games report, if they all do. A heuristic search (a depth
 * limit or a budget) scores a component without a number by its evaluate() instead, and
 * the leaf then counts as depth-limited (*exact false). */
static sg_value stuck_score(sg_search *s, const sg_sum *sum, sg_player who, uint64_t xstate,
                            bool *exact)
{
    bool heuristic = effective_max_depth(&s->config) > 0 || s->config.budget.seconds > 0 ||
                     s->config.budget.nodes > 0;
    sg_value total = sg_value_add(sg_sum_frozen(sum), extra_value(s, xstate, who));
    for (size_t i = 0, n = sg_sum_count(sum); i < n; i++) {
        const sg_game *g = sg_sum_game(sum, i);
        sg_value v;
        if (sg_gc_number(g->desc, g->instance, sg_sum_pos(sum, i), &v)) {
            /* a number: v is its value */
        } else if (heuristic && g->desc->evaluate && !s->config.outcome) {
            *exact = false;
            v = sg_gc_evaluate(g->desc, g->instance, sg_sum_pos(sum, i), who);
        } else {
            char text[200];
            if (sg_gc_format(g->desc, g->instance, sg_sum_pos(sum, i), text, sizeof text) != SG_OK)
                snprintf(text, sizeof text, "?");
            fail(s, SG_ERR_INTERNAL,
                 "%s: %s has no move in '%s', which the game does not report as a number",
                 g->desc->name, who == SG_LEFT ? "left" : "right", text);
            return zero();
        }
        total = sg_value_add(total, v);
    }
    return terminal_score(s, total, who);
}

/* ---- the search --------------------------------------------------------------------- */

/* Fills plies[ply].moves with who's moves in sum, then the extra's. */
static bool generate(sg_search *s, const sg_sum *sum, size_t ply, sg_player who,
                     uint64_t xstate, size_t *count)
{
    struct ply *p = &s->plies[ply];
    const sg_search_extra *x = s->config.extra;
    size_t extra = x && x->move_count ? x->move_count(x->ctx, xstate, who) : 0;
    /* A closed gate leaves only the extra's moves; it is not asked when there are none,
     * so it never makes a player stuck. */
    bool sum_moves = extra == 0 || !s->gate_fn || s->gate_fn(s->gate_ctx, sum, who, xstate);
    size_t n = 0;
    for (;;) {
        int rc = sum_moves ? sg_sum_moves(sum, who, p->moves, p->cap, &n) : SG_OK;
        if (rc == SG_OK && n + extra <= p->cap)
            break;
        if (rc != SG_OK && rc != SG_ERR_RANGE) {
            fail(s, rc, "move generation failed (%d)", rc);
            return false;
        }
        size_t cap = p->cap;
        while (cap < n + extra)
            cap *= 2;
        sg_sum_move *grown = realloc(p->moves, cap * sizeof *grown);
        if (!grown) {
            fail(s, SG_ERR_NOMEM, "out of memory for a move list of %zu moves", n + extra);
            return false;
        }
        p->moves = grown;
        p->cap = cap;
    }
    for (size_t k = 0; k < extra; k++) {
        p->moves[n + k].component = SG_EXTRA_COMPONENT;
        p->moves[n + k].move = k;
    }
    *count = n + extra;
    return true;
}

/* Puts best at moves[0], keeping the others in order. False when best is not a move. */
static bool move_to_front(sg_sum_move *moves, size_t count, sg_sum_move best)
{
    for (size_t i = 0; i < count; i++) {
        if (same_move(moves[i], best)) {
            memmove(moves + 1, moves, i * sizeof *moves);
            moves[0] = best;
            return true;
        }
    }
    return false;
}

static void pv_update(sg_search *s, int ply, sg_sum_move m)
{
    if (ply >= SG_SEARCH_PV_MAX)
        return;
    s->pv[ply][0] = m;
    size_t below = 0;
    if (ply + 1 < SG_SEARCH_PV_MAX) {
        below = s->pv_len[ply + 1];
        if (below > SG_SEARCH_PV_MAX - 1 - (size_t)ply)
            below = SG_SEARCH_PV_MAX - 1 - (size_t)ply;
        memcpy(&s->pv[ply][1], &s->pv[ply + 1][0], below * sizeof m);
    }
    s->pv_len[ply] = 1 + below;
}

/* ---- the history heuristic ------------------------------------------------------------ */

static uint32_t *history_slot(sg_search *s, sg_player who, sg_sum_move m)
{
    uint64_t k = sg_mix64(m.move * UINT64_C(0x9E3779B97F4A7C15) + m.component);
    return &s->hist[who][k & (HISTORY_SLOTS - 1)];
}

/* Sorts moves[from..count) of the sum by their counts, most first, stably; moves outside
 * the sum stay after them in their order. Out of line, so that search_node's frame does
 * not grow. */
__attribute__((noinline)) static void history_order(sg_search *s, sg_player who,
                                                     sg_sum_move *moves, size_t from,
                                                     size_t count)
{
    for (size_t i = from + 1; i < count; i++) {
        sg_sum_move m = moves[i];
        if (m.component == SG_EXTRA_COMPONENT)
            continue;
        uint32_t h = *history_slot(s, who, m);
        size_t j = i;
        while (j > from && moves[j - 1].component != SG_EXTRA_COMPONENT &&
               *history_slot(s, who, moves[j - 1]) < h) {
            moves[j] = moves[j - 1];
            j--;
        }
        moves[j] = m;
    }
}

/* Late move reductions (sg_search_set_reductions): the moves of a node after its first
 * LATE_MOVE (the table's move and the best of the order) are searched a ply shallower
 * first where LATE_MIN_DEPTH or more plies are left. The textbook's values, not fitted
 * to any test set. */
#define LATE_MOVE 4
#define LATE_MIN_DEPTH 3

/* Move m ended a node with depth plies left. */
static void history_cut(sg_search *s, sg_player who, sg_sum_move m, int depth)
{
    if (m.component == SG_EXTRA_COMPONENT)
        return;
    uint32_t d = depth == DEPTH_UNLIMITED || depth > 64 ? 64 : (uint32_t)(depth > 0 ? depth : 1);
    uint32_t *slot = history_slot(s, who, m);
    *slot += d * d;
    if (*slot >= HISTORY_MAX)
        for (int p = 0; p < 2; p++)
            for (size_t i = 0; i < HISTORY_SLOTS; i++)
                s->hist[p][i] /= 2;
}

/* Negamax: the score of sum with who to move, from who's point of view. *exact says
 * whether it is free of depth-limited leaves. */
static sg_value search_node(sg_search *s, const sg_sum *sum, int ply, sg_player who,
                            uint64_t xstate, int depth, edge alpha, edge beta, bool *exact);

/* Whether who, without a move, passes instead of ending play: in a game that passes
 * (Go), when a ko ban is all that holds him (the pass lifts it) or while the opponent can
 * still move (sg_sum_may_pass; the rule match plays by). Passes never follow each other:
 * after one, the opponent has a move. */
static bool may_pass_here(sg_search *s, const sg_sum *sum, sg_player who)
{
    if (!sg_sum_may_pass(sum))
        return false;
    if (s->may_ban && sg_sum_has_ban(sum, NULL))
        return true;
    size_t n = 0;
    int rc = sg_sum_moves(sum, sg_opponent(who), NULL, 0, &n);
    return (rc == SG_OK || rc == SG_ERR_RANGE) && n > 0;
}

/* Whether move m counts against the depth: every move but the extra component's when
 * sg_search_set_free_extra is on. */
static inline bool takes_depth(const sg_search *s, sg_sum_move m)
{
    return !(s->free_extra && m.component == SG_EXTRA_COMPONENT);
}

/* The pass (a move elsewhere: it lifts ko bans). Kept out of search_node so that its
 * frame, which every ply of a deep search pays for, stays small. */
__attribute__((noinline)) static sg_value pass_move(sg_search *s, const sg_sum *sum, int ply,
                                                      sg_player who, uint64_t xstate, int depth,
                                                      edge alpha, edge beta, bool *exact)
{
    if (sg_sum_pass(sum, s->plies[ply + 1].sum) != SG_OK) {
        fail(s, SG_ERR_NOMEM, "out of memory at search ply %d", ply + 1);
        return zero();
    }
    int child_depth = depth == DEPTH_UNLIMITED ? DEPTH_UNLIMITED : depth - 1;
    return sg_value_neg(search_node(s, s->plies[ply + 1].sum, ply + 1, sg_opponent(who), xstate,
                                    child_depth, reflect(zero(), beta), reflect(zero(), alpha),
                                    exact));
}

/* A late move (sg_search_set_reductions): child searched a ply shallower than depth,
 * then again at depth only if it beats a, the best so far. Out of line, so that
 * search_node's frame, which a search to PLY_LIMIT plies pays for at every ply (under
 * AddressSanitizer close to the 8 MiB stack), does not grow. */
__attribute__((noinline)) static sg_value late_move(sg_search *s, const sg_sum *child, int ply,
                                                      sg_player who, uint64_t child_x,
                                                      int depth, sg_value points, edge a,
                                                      edge beta, bool *exact)
{
    sg_value cv = search_node(s, child, ply + 1, sg_opponent(who), child_x, depth - 1,
                              reflect(points, beta), reflect(points, a), exact);
    if (!s->stopped && s->status == SG_OK && cmp_edge(sg_value_sub(points, cv), a) > 0)
        cv = search_node(s, child, ply + 1, sg_opponent(who), child_x, depth,
                         reflect(points, beta), reflect(points, a), exact);
    return cv;
}

static sg_value search_node(sg_search *s, const sg_sum *sum, int ply, sg_player who,
                            uint64_t xstate, int depth, edge alpha, edge beta, bool *exact)
{
    if (ply < SG_SEARCH_PV_MAX)
        s->pv_len[ply] = 0;
    *exact = true;
    if (s->stopped || s->status != SG_OK)
        return zero();
    if (sg_deadline_tick(&s->deadline) || (s->meter && sg_meter_tick(s->meter))) {
        s->stopped = true;
        return zero();
    }
    if (ply > s->max_ply)
        s->max_ply = ply;
    if (ply >= PLY_LIMIT) {
        fail(s, SG_ERR_INTERNAL, "search passed %d plies: a game in the sum does not end",
             PLY_LIMIT);
        return zero();
    }

    const sg_search_extra *x = s->config.extra;
    sg_value frozen = sg_sum_frozen(sum);
    sg_value xleaf;
    if (x && x->leaf && x->leaf(x->ctx, xstate, sum, who, &xleaf))
        return terminal_score(s, sg_value_add(frozen, xleaf), who);
    if (sg_sum_is_over(sum))
        return terminal_score(s, sg_value_add(frozen, extra_value(s, xstate, who)), who);
    if (ply > 0 && s->config.outcome && s->decide) {
        int winner = s->decide(s->decide_ctx, sum, who);
        if (s->meter && sg_meter_expired(s->meter)) {
            s->stopped = true;
            return zero();
        }
        if (winner)
            return for_mover(sg_value_int(winner > 0 ? 1 : -1), who);
    }
    if (depth <= 0 || (ply > 0 && s->horizon_fn && s->horizon_fn(s->horizon_ctx, sum, who))) {
        *exact = false;
        s->horizon = true;
        return heuristic_score(s, sum, who, xstate);
    }

    uint64_t key = node_key(s, sum, who, xstate);
    uint32_t orient = orientation(s, sum);
    sg_value base = s->config.outcome ? zero() : for_mover(frozen, who);
    sg_sum_move tt_move = { 0, 0 };
    bool have_tt_move = false;
    bool use_tt = !s->config.no_tt &&
                  (!s->table_filter || s->table_filter(s->table_filter_ctx, xstate));
    const tt_entry *e = use_tt ? tt_probe(s, key) : NULL;
    if (e) {
        bool proven = (e->flags & FLAG_FREE) != 0;
        if (ply > s->root_ply && (proven || e->draft >= depth)) {
            sg_value v = sg_value_add(entry_score(e), base);
            unsigned bound = e->flags & FLAG_BOUND_MASK;
            if (bound == BOUND_EXACT || (bound == BOUND_LOWER && cmp_edge(v, beta) >= 0) ||
                (bound == BOUND_UPPER && cmp_edge(v, alpha) <= 0)) {
                *exact = proven;
                s->horizon = s->horizon || (!proven && (e->flags & FLAG_HORIZON));
                return v;
            }
        }
        have_tt_move = entry_move(e, orient, s, &tt_move);
    }

    size_t count = 0;
    if (!ensure_ply(s, (size_t)ply + 1)) {
        fail(s, SG_ERR_NOMEM, "out of memory at search ply %d", ply + 1);
        return zero();
    }
    if (!generate(s, sum, (size_t)ply, who, xstate, &count))
        return zero();
    if (count == 0 && may_pass_here(s, sum, who))
        return pass_move(s, sum, ply, who, xstate, depth, alpha, beta, exact);
    if (count == 0)
        return stuck_score(s, sum, who, xstate, exact);
    sg_sum_move *moves = s->plies[ply].moves;
    if (s->prune) {
        size_t kept = s->prune(s->prune_ctx, sum, who, moves, count);
        if (kept == 0 || kept > count) {
            fail(s, SG_ERR_INTERNAL, "search: the prune hook kept %zu of %zu moves", kept,
                 count);
            return zero();
        }
        count = kept;
    }
    /* A colliding key may hold a move of another position: use it only if legal here. */
    have_tt_move = have_tt_move && !s->no_best_first && move_to_front(moves, count, tt_move);
    bool order_later = s->config.order && s->config.order_after_best && have_tt_move;
    if (s->config.order && !order_later)
        s->config.order(s->config.order_ctx, sum, who, moves, count,
                        have_tt_move ? &tt_move : NULL);
    else if (s->history && !s->config.order && count > 2)
        history_order(s, who, moves, have_tt_move ? 1 : 0, count);

    int child_depth = depth == DEPTH_UNLIMITED ? DEPTH_UNLIMITED : depth - 1;
    /* Whether this node's own subtree meets the horizon, for its table entry. */
    bool outer_horizon = s->horizon;
    s->horizon = false;
    edge a = alpha;
    bool all_exact = true;
    sg_value best = zero();
    sg_sum_move best_move = moves[0];
    for (size_t i = 0; i < count; i++) {
        if (i == 1 && order_later)
            s->config.order(s->config.order_ctx, sum, who, moves, count, &tt_move);
        sg_sum_move m = moves[i];
        const sg_sum *child = s->plies[ply + 1].sum;
        uint64_t child_x = xstate;
        sg_value points = zero();
        if (m.component == SG_EXTRA_COMPONENT) {
            x->play(x->ctx, xstate, who, (size_t)m.move, &child_x, &points);
            points = for_mover(points, who);
            child = sum;
            /* a move outside the sum (a coupon) is a move elsewhere: it lifts ko bans */
            if (s->may_ban && sg_sum_has_ban(sum, NULL)) {
                if (sg_sum_pass(sum, s->plies[ply + 1].sum) != SG_OK) {
                    fail(s, SG_ERR_NOMEM, "out of memory at search ply %d", ply + 1);
                    return zero();
                }
                child = s->plies[ply + 1].sum;
            }
        } else {
            if (x && x->after_sum_move)
                child_x = x->after_sum_move(x->ctx, xstate);
            char why[160];
            int rc = sg_sum_play(sum, who, m, s->plies[ply + 1].sum, why, sizeof why);
            if (rc == SG_ERR_NOMEM) {
                fail(s, rc, "out of memory at search ply %d", ply + 1);
                return zero();
            }
            if (rc != SG_OK) {
                /* The move came from the game's own list: the game broke its contract. */
                fail(s, SG_ERR_INTERNAL, "%s: play rejected a move it generated: %s",
                     sg_sum_game(sum, m.component)->desc->name, why);
                return zero();
            }
            if (s->may_ban && !s->met_ko && sg_sum_has_ban(child, NULL))
                s->met_ko = true;
        }
        bool child_exact;
        sg_value cv =
            s->reduce && i >= LATE_MOVE && depth != DEPTH_UNLIMITED &&
                    depth >= LATE_MIN_DEPTH && m.component != SG_EXTRA_COMPONENT
                ? late_move(s, child, ply, who, child_x, child_depth, points, a, beta,
                            &child_exact)
                : search_node(s, child, ply + 1, sg_opponent(who), child_x,
                              takes_depth(s, m) ? child_depth : depth, reflect(points, beta),
                              reflect(points, a), &child_exact);
        if (s->stopped || s->status != SG_OK)
            return zero();
        sg_value v = sg_value_sub(points, cv);
        all_exact = all_exact && child_exact;
        if (i == 0 || sg_value_cmp(v, best) > 0) {
            best = v;
            best_move = m;
            if (cmp_edge(v, a) > 0) {
                a = finite(v);
                pv_update(s, ply, m);
                /* An outcome score is -1 or 1 (0 at a depth-limited leaf): a win is the
                 * best there is, so it ends the node whatever the window. Without this
                 * the root's window, open above, let the first line of the search try
                 * every move after a win was found. */
                if (cmp_edge(v, beta) >= 0 || (s->config.outcome && v.num > 0)) {
                    if (s->history)
                        history_cut(s, who, m, depth);
                    break;
                }
            }
        }
    }

    int bound = cmp_edge(best, alpha) <= 0 ? BOUND_UPPER
                : cmp_edge(best, beta) >= 0 ? BOUND_LOWER : BOUND_EXACT;
    bool below = s->horizon;
    s->horizon = outer_horizon || below;
    if (use_tt)
        tt_store(s, key, sg_value_sub(best, base), bound, depth, all_exact, below, best_move,
                 orient);
    *exact = all_exact;
    return best;
}

/* ---- the driver --------------------------------------------------------------------- */

/* Plays m at sum into dst (extra moves change only *xstate). False when m is illegal. */
static bool replay(sg_search *s, const sg_sum *sum, sg_player who, uint64_t *xstate,
                   sg_sum_move m, sg_sum *dst, const sg_sum **next)
{
    const sg_search_extra *x = s->config.extra;
    if (m.component == SG_EXTRA_COMPONENT) {
        if (!x || !x->move_count || m.move >= x->move_count(x->ctx, *xstate, who))
            return false;
        sg_value points;
        x->play(x->ctx, *xstate, who, (size_t)m.move, xstate, &points);
        *next = sum;
        if (s->may_ban && sg_sum_has_ban(sum, NULL)) {
            if (sg_sum_pass(sum, dst) != SG_OK)
                return false;
            *next = dst;
        }
        return true;
    }
    char err[128];
    if (sg_sum_play(sum, who, m, dst, err, sizeof err) != SG_OK)
        return false;
    if (x && x->after_sum_move)
        *xstate = x->after_sum_move(x->ctx, *xstate);
    *next = dst;
    return true;
}

/* A table hit ends the search's triangular PV early. Lengthens it by searching again
 * from where it ends, with that node's own table cutoff disabled so the node is
 * expanded and records its PV; the table makes this cheap. The plies are free to use
 * once the main search is over. */
static void extend_pv(sg_search *s, const sg_sum *root, sg_player who,
                      sg_search_result *r, int depth)
{
    const sg_sum *cur = root;
    uint64_t xstate = s->config.extra ? s->config.extra->initial_state : 0;
    size_t len = r->pv_length;
    for (size_t i = 0; i < len; i++) {
        if (!ensure_ply(s, i + 1)) {
            fail(s, SG_ERR_NOMEM, "out of memory at search ply %zu", i + 1);
            return;
        }
        if (!replay(s, cur, who, &xstate, r->pv[i], s->plies[i + 1].sum, &cur)) {
            /* The first move came from the root's own list. Deeper, a game whose number()
             * answers a position differently when asked again (Amazons' settlement under
             * a budget) can make a later sum differ from the one searched: the line is
             * cut there, the move stands. */
            if (i == 0)
                fail(s, SG_ERR_INTERNAL, "search: the best move is illegal at the root");
            else
                r->pv_length = i;
            return;
        }
        who = sg_opponent(who);
    }
    /* The plies of the line that counted against the depth. */
    int used = 0;
    for (size_t i = 0; i < len; i++)
        used += takes_depth(s, r->pv[i]);
    while (len < SG_SEARCH_PV_MAX && !sg_sum_is_over(cur) &&
           (depth == DEPTH_UNLIMITED || used < depth)) {
        const sg_search_extra *x = s->config.extra;
        sg_value unused;
        if (x && x->leaf && x->leaf(x->ctx, xstate, cur, who, &unused))
            break;
        bool exact;
        s->root_ply = (int)len;
        search_node(s, cur, (int)len, who, xstate,
                    depth == DEPTH_UNLIMITED ? DEPTH_UNLIMITED : depth - used,
                    infinite(-1), infinite(1), &exact);
        s->root_ply = 0;
        size_t got = s->pv_len[len];
        if (s->stopped || s->status != SG_OK || got == 0)
            break;
        memcpy(&r->pv[len], &s->pv[len][0], got * sizeof r->pv[0]);
        size_t end = len + got;
        for (; len < end; len++) {
            used += takes_depth(s, r->pv[len]);
            if (!ensure_ply(s, len + 1)) {
                fail(s, SG_ERR_NOMEM, "out of memory at search ply %zu", len + 1);
                return;
            }
            if (!replay(s, cur, who, &xstate, r->pv[len], s->plies[len + 1].sum, &cur)) {
                r->pv_length = len; /* as above: the line stops where it cannot be replayed */
                return;
            }
            who = sg_opponent(who);
        }
    }
    r->pv_length = len;
}

void sg_search_set_decide(sg_search *s, sg_search_decide_fn fn, void *ctx)
{
    s->decide = fn;
    s->decide_ctx = ctx;
}

void sg_search_set_prune(sg_search *s, sg_search_prune_fn fn, void *ctx)
{
    s->prune = fn;
    s->prune_ctx = ctx;
}

void sg_search_set_meter(sg_search *s, sg_meter *meter) { s->meter = meter; }

int sg_search_set_symmetric(sg_search *s, bool on)
{
    if (on == (s->sym != NULL))
        return SG_OK;
    if (on) {
        s->sym = calloc((size_t)1 << SYM_CACHE_LOG2, sizeof *s->sym);
        if (!s->sym)
            return SG_ERR_NOMEM;
    } else {
        free(s->sym);
        s->sym = NULL;
    }
    sg_search_clear(s); /* the keys change */
    return SG_OK;
}

void sg_search_set_best_first(sg_search *s, bool on) { s->no_best_first = !on; }

int sg_search_set_history(sg_search *s, bool on)
{
    if (on && !s->hist && !(s->hist = calloc(2, sizeof *s->hist)))
        return SG_ERR_NOMEM;
    s->history = on;
    return SG_OK;
}

void sg_search_set_evaluate(sg_search *s, sg_search_evaluate_fn fn, void *ctx)
{
    s->evaluate = fn;
    s->evaluate_ctx = ctx;
}

void sg_search_set_leaf(sg_search *s, sg_search_leaf_fn fn, void *ctx)
{
    s->leaf = fn;
    s->leaf_ctx = ctx;
}

void sg_search_set_free_extra(sg_search *s, bool on) { s->free_extra = on; }

void sg_search_set_reductions(sg_search *s, bool on) { s->reduce = on; }

void sg_search_set_horizon(sg_search *s, sg_search_horizon_fn fn, void *ctx)
{
    s->horizon_fn = fn;
    s->horizon_ctx = ctx;
}

void sg_search_set_gate(sg_search *s, sg_search_gate_fn fn, void *ctx)
{
    s->gate_fn = fn;
    s->gate_ctx = ctx;
}

void sg_search_set_table_filter(sg_search *s, sg_search_table_filter_fn fn, void *ctx)
{
    s->table_filter = fn;
    s->table_filter_ctx = ctx;
}

const char *const sg_order_names[] = { "auto", "none", "prev", "temp", "temp+prev",
                                       "incentive", NULL };

bool sg_order_uses_prev(sg_order order)
{
    return order == SG_ORDER_PREV || order == SG_ORDER_TEMP_PREV ||
           order == SG_ORDER_INCENTIVE;
}

bool sg_order_uses_temp(sg_order order)
{
    return order == SG_ORDER_TEMP || order == SG_ORDER_TEMP_PREV;
}

bool sg_search_met_ko(const sg_search *s) { return s->met_ko; }

int sg_search_run(sg_search *s, const sg_sum *sum, sg_player to_move,
                  sg_search_result *result, char *err, size_t errlen)
{
    memset(result, 0, sizeof *result);
    result->score = zero();
    s->met_ko = sg_sum_has_ban(sum, NULL);
    /* play never brings in a game the root lacks, so without moved_elsewhere at the
     * root no node needs the ban checks */
    s->may_ban = false;
    for (size_t i = 0, n = sg_sum_count(sum); i < n && !s->may_ban; i++)
        s->may_ban = SG_GAME_HAS(sg_sum_game(sum, i)->desc, moved_elsewhere);
    s->stopped = false;
    s->status = SG_OK;
    s->err[0] = '\0';
    /* sg_sum_play copies the policy into each ply's sum; this is for new ones only. */
    s->policy = sg_sum_policy(sum);
    if (s->config.extra && !s->config.extra->play && s->config.extra->move_count) {
        snprintf(err, errlen, "search: the extra component has moves but no play()");
        return SG_ERR_INVALID;
    }
    sg_deadline_start(&s->deadline, &s->config.budget);
    if (!ensure_ply(s, 1)) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }

    int max_depth = effective_max_depth(&s->config);
    int depth = s->config.iterative ? 1 : (max_depth ? max_depth : DEPTH_UNLIMITED);
    uint64_t x0 = s->config.extra ? s->config.extra->initial_state : 0;
    for (;;) {
        s->max_ply = 0;
        s->horizon = false;
        bool exact;
        sg_value v = search_node(s, sum, 0, to_move, x0, depth, infinite(-1), infinite(1),
                                 &exact);
        if (s->status != SG_OK) {
            snprintf(err, errlen, "%s", s->err);
            result->nodes = s->deadline.nodes;
            result->seconds = sg_deadline_elapsed(&s->deadline);
            return s->status;
        }
        if (s->stopped)
            break;
        result->completed = true;
        result->score = for_mover(v, to_move);
        result->exact = exact;
        result->depth = depth == DEPTH_UNLIMITED ? s->max_ply : depth;
        result->pv_length = s->pv_len[0];
        memcpy(result->pv, s->pv[0], result->pv_length * sizeof result->pv[0]);
        /* An exact score may rest on proven entries from deeper in other lines, so its
         * PV can be longer than the iteration's depth. */
        bool horizon = s->horizon;
        extend_pv(s, sum, to_move, result, exact ? DEPTH_UNLIMITED : depth);
        if (s->status != SG_OK) {
            snprintf(err, errlen, "%s", s->err);
            return s->status;
        }
        /* Without a horizon the score is inexact only through stuck leaves scored by
         * evaluate(), which deeper iterations would meet again. */
        if (exact || !horizon || depth == DEPTH_UNLIMITED ||
            (max_depth && depth >= max_depth))
            break;
        if (depth >= PLY_LIMIT) {
            snprintf(err, errlen, "search passed %d plies: a game in the sum does not end",
                     PLY_LIMIT);
            return SG_ERR_INTERNAL;
        }
        depth++;
    }
    result->nodes = s->deadline.nodes;
    result->seconds = sg_deadline_elapsed(&s->deadline);
    if (!result->completed) {
        const tt_entry *e = sg_sum_is_over(sum) ? NULL : tt_probe(s, node_key(s, sum, to_move, x0));
        sg_sum_move m;
        if (e && entry_move(e, orientation(s, sum), s, &m)) {
            const sg_sum *next;
            uint64_t xs = x0;
            if (replay(s, sum, to_move, &xs, m, s->plies[1].sum, &next)) {
                result->pv[0] = m;
                result->pv_length = 1;
            }
        }
        snprintf(err, errlen, "search budget ran out before the first iteration finished");
        return SG_ERR_BUDGET;
    }
    return SG_OK;
}

int sg_search_keep_win(sg_search *s, const sg_sum *sum, sg_player to_move,
                       sg_search_result *result, char *err, size_t errlen)
{
    if (!result->completed || !result->exact || result->pv_length == 0 ||
        sg_value_cmp(result->score, zero()) != 0 || s->config.extra)
        return SG_OK;
    /* Passing games end by two passes, not by a player without a move. */
    for (size_t i = 0, n = sg_sum_count(sum); i < n; i++)
        if (SG_GAME_FLAGS(sg_sum_game(sum, i)->desc) & SG_GAME_PASSES)
            return SG_OK;
    sg_search_config saved = s->config, c = saved;
    if (c.budget.seconds > 0) {
        c.budget.seconds -= result->seconds;
        if (c.budget.seconds <= 0)
            return SG_OK;
    }
    if (c.budget.nodes > 0) {
        if (c.budget.nodes <= result->nodes)
            return SG_OK;
        c.budget.nodes -= result->nodes;
    }
    c.outcome = true;
    c.max_depth = 0;
    c.budget.depth = 0;
    s->config = c;
    sg_search_result won;
    int rc = sg_search_run(s, sum, to_move, &won, err, errlen);
    s->config = saved;
    result->nodes += won.nodes;
    result->seconds += won.seconds;
    if (rc == SG_ERR_BUDGET)
        return SG_OK;
    if (rc != SG_OK)
        return rc;
    int sign = sg_value_cmp(won.score, zero()) * (to_move == SG_LEFT ? 1 : -1);
    if (won.exact && sign > 0 && won.pv_length > 0) {
        result->pv_length = won.pv_length;
        memcpy(result->pv, won.pv, won.pv_length * sizeof won.pv[0]);
    }
    return SG_OK;
}
