#include "settle.h"

#include <string.h>

#include "sumgame/rng.h"

/* One cached answer, keyed by the exact state: for a longest run (movers, 0, empty), for a
 * comparison (black, white, empty). tag 0 marks a free slot. */
struct amz_memo_entry {
    amz_bb a, b, c;
    int32_t tag;
    int32_t value;
};

#define MEMO_BITS 17
/* The memo starts small and doubles when it has taken as many stores as it has entries:
 * zeroing 8 MiB at the first question cost each `solve` of a small room more than its
 * search (a quarter of the CPU of MCGS's Amazons 3x4 autotests, one process a case). */
#define MEMO_START_BITS 12
/* Answers kept apart: in the memo, the entries of later searches evicted them, and warm
 * runs of the 4x4 corners perft kept asking the same rooms again (40 ms a run instead of
 * 1 ms). */
#define ANSWER_BITS 12
#define BUDGET_DEFAULT 2000000u
/* The comparisons of the simplicity rule grow with the whole game tree, not with one
 * colour's runs, and a search calls number() at every node: a tenth of the budget keeps
 * a question that gives up to about 20 ms (2M nodes took 0.17 s on a walled-in 5x5 room,
 * which made players under a 1 s move budget overrun it by seconds). A question not
 * answered costs no exactness: the component is then searched like any other. */
#define COMPARE_BUDGET_DIVISOR 10
/* A comparison question that gives up has spent its whole budget for nothing, and in a
 * search of an open 6x6 room every one of them did (35 of 35 under TDS+, 200,000 nodes
 * each: 90% of the search's time). So a give-up cuts the budget of the next questions
 * with as many empty squares to a quarter, down to COMPARE_BUDGET_FLOOR, and an answer
 * that needed more than half of its budget doubles it again, up to the tenth above.
 * Questions of other sizes keep theirs: an exact search that meets a stuck player needs
 * the answer (search.h), and a small room's answer must not be lost to a large room's
 * give-ups in the same sum. Exact analyses of 4x4 and 5x5 rooms answer every question
 * (the largest took 114,000 nodes), so they keep the full budget; a question not answered
 * is searched like any other component, so exactness is kept. */
#define COMPARE_BUDGET_FLOOR 2000u
#define TAG_RUN 3
#define TAG_RUN_UPPER 7
#define TAG_ANSWER 11 /* amz_settled_value's answer: the value, or GAVE_UP */
#define GAVE_UP INT32_MIN
#define TAG_KEEP 5 /* keeps_stuck: | moves << 4 */
#define TAG_LE 1
#define TAG_GE 2
#define N_BIAS 1024 /* comparison targets are |n| <= 110, biased to stay positive */

void amz_settle_init(amz_settle *s, const sg_host *host, const amz_geom *geom)
{
    memset(s, 0, sizeof *s);
    s->host = host;
    s->geom = geom;
    s->budget_per_question = BUDGET_DEFAULT;
}

void amz_settle_free(amz_settle *s)
{
    if (s->table)
        s->host->free(s->table);
    if (s->answers)
        s->host->free(s->answers);
    s->table = NULL;
    s->answers = NULL;
}

static uint64_t key_hash(amz_bb a, amz_bb b, amz_bb c, int32_t tag)
{
    uint64_t h = sg_mix64((uint64_t)a ^ (uint32_t)tag);
    h = sg_mix64(h ^ (uint64_t)(a >> 64));
    h = sg_mix64(h ^ (uint64_t)b);
    h = sg_mix64(h ^ (uint64_t)(b >> 64));
    h = sg_mix64(h ^ (uint64_t)c);
    h = sg_mix64(h ^ (uint64_t)(c >> 64));
    return h;
}

static amz_memo_entry *new_table(amz_settle *s, int bits)
{
    size_t n = (size_t)1 << bits;
    amz_memo_entry *t = s->host->alloc(n * sizeof *t);
    if (t)
        memset(t, 0, n * sizeof *t);
    return t;
}

static amz_memo_entry *slot(amz_settle *s, amz_bb a, amz_bb b, amz_bb c, int32_t tag)
{
    if (!s->table) {
        s->table = new_table(s, MEMO_START_BITS);
        if (!s->table)
            return NULL;
        s->mask = ((size_t)1 << MEMO_START_BITS) - 1;
        s->stores = 0;
    }
    return &s->table[key_hash(a, b, c, tag) & s->mask];
}

/* Doubles the memo, keeping its answers; without the memory it stays as it is. */
static void grow(amz_settle *s)
{
    size_t old_n = s->mask + 1;
    amz_memo_entry *old = s->table, *t = new_table(s, __builtin_ctzll(old_n) + 1);
    s->stores = 0;
    if (!t)
        return;
    s->table = t;
    s->mask = old_n * 2 - 1;
    for (size_t i = 0; i < old_n; i++)
        if (old[i].tag)
            s->table[key_hash(old[i].a, old[i].b, old[i].c, old[i].tag) & s->mask] = old[i];
    s->host->free(old);
}

static amz_memo_entry *answer_slot(amz_settle *s, const amz_board *p)
{
    if (!s->answers && !(s->answers = new_table(s, ANSWER_BITS)))
        return NULL;
    uint64_t h = key_hash(p->black, p->white, p->empty, TAG_ANSWER);
    return &s->answers[h & (((size_t)1 << ANSWER_BITS) - 1)];
}

static bool lookup(amz_settle *s, amz_bb a, amz_bb b, amz_bb c, int32_t tag, int *value)
{
    amz_memo_entry *e = slot(s, a, b, c, tag);
    if (e && e->tag == tag && e->a == a && e->b == b && e->c == c) {
        *value = e->value;
        return true;
    }
    return false;
}

/* Always replaces: the table is a cache of exact answers, any of which may be lost. */
static void store(amz_settle *s, amz_bb a, amz_bb b, amz_bb c, int32_t tag, int value)
{
    amz_memo_entry *e = slot(s, a, b, c, tag);
    if (e) {
        e->a = a;
        e->b = b;
        e->c = c;
        e->tag = tag;
        e->value = value;
        if (++s->stores > s->mask && s->mask < ((size_t)1 << MEMO_BITS) - 1)
            grow(s);
    }
}

static bool spend(amz_settle *s)
{
    if (s->budget == 0)
        return false;
    s->budget--;
    return true;
}

/* Longest run of the amazons movers through empty, nothing else moving, searched
 * fail-soft against alpha: a result above alpha is exact, a result at or below alpha is
 * only an upper bound (the caller already has a run at least that long elsewhere). -1
 * when the budget ran out. */
static int run_above(amz_settle *s, amz_bb movers, amz_bb empty, int alpha)
{
    if (!spend(s))
        return -1;
    /* Only the empty squares connected to some mover matter. */
    amz_bb region = amz_flood(movers, empty | movers);
    empty &= region;
    if (!empty)
        return 0;
    int bound = amz_popcount(empty); /* every move fills exactly one empty square */
    if (bound <= alpha)
        return bound;
    /* Independent rooms add up. */
    amz_bb first = amz_flood(amz_bit(amz_lsb(movers)), region);
    if ((first & region) != region) {
        int a = run_above(s, movers & first, empty & first, -1);
        if (a < 0)
            return -1;
        int b = run_above(s, movers & ~first, empty & ~first, alpha - a);
        return b < 0 ? -1 : a + b;
    }
    int best;
    if (lookup(s, movers, 0, empty, TAG_RUN, &best))
        return best;
    if (lookup(s, movers, 0, empty, TAG_RUN_UPPER, &best) && best <= alpha)
        return best;
    const amz_geom *g = s->geom;
    best = 0;
    amz_bb amazons = movers;
    while (amazons && best < bound) {
        int from = amz_pop(&amazons);
        amz_bb dest = amz_queen(g, from, empty);
        while (dest && best < bound) {
            int to = amz_pop(&dest);
            amz_bb after = (empty | amz_bit(from)) & ~amz_bit(to);
            amz_bb moved = movers ^ amz_bit(from) ^ amz_bit(to);
            amz_bb arrows = amz_queen(g, to, after);
            while (arrows && best < bound) {
                int arrow = amz_pop(&arrows);
                int floor = (best > alpha ? best : alpha) - 1;
                int v = run_above(s, moved, after & ~amz_bit(arrow), floor);
                if (v < 0)
                    return -1;
                if (v + 1 > best)
                    best = v + 1;
            }
        }
    }
    store(s, movers, 0, empty, best > alpha ? TAG_RUN : TAG_RUN_UPPER, best);
    return best;
}

static int run(amz_settle *s, amz_bb movers, amz_bb empty)
{
    return run_above(s, movers, empty, -1);
}

int amz_longest_run(amz_settle *s, const amz_board *b, sg_player who)
{
    s->budget = s->budget_per_question;
    return run(s, who == SG_LEFT ? b->black : b->white, b->empty);
}

/* True when some amazon of stuck touches an amazon of the other colour: only then can
 * the other player's moves free a square next to stuck's amazons. */
static bool touches(const amz_board *b, sg_player stuck)
{
    amz_bb mine = stuck == SG_LEFT ? b->black : b->white;
    amz_bb theirs = stuck == SG_LEFT ? b->white : b->black;
    return (amz_neighbours(mine) & theirs) != 0;
}

/* 1 when the movers can make n moves in a row (nothing else moving) after each of which
 * the stuck side's amazons still have no empty neighbour, 0 when not, -1 out of budget. */
static int keeps_stuck(amz_settle *s, amz_bb movers, amz_bb stuck, amz_bb empty, int n)
{
    if (n <= 0)
        return 1;
    if (!spend(s))
        return -1;
    if (amz_popcount(empty & amz_flood(movers, empty | movers)) < n)
        return 0;
    int32_t tag = TAG_KEEP | n << 4;
    int v;
    if (lookup(s, movers, stuck, empty, tag, &v))
        return v;
    amz_bb walls = amz_neighbours(stuck);
    int result = 0;
    amz_bb amazons = movers;
    while (amazons && !result) {
        int from = amz_pop(&amazons);
        amz_bb dest = amz_queen(s->geom, from, empty);
        while (dest && !result) {
            int to = amz_pop(&dest);
            amz_bb after = (empty | amz_bit(from)) & ~amz_bit(to);
            amz_bb arrows = amz_queen(s->geom, to, after);
            /* Every neighbour of the stuck amazons must stay filled: at most one of them
             * (the square just left) may be empty, and then the arrow goes there. */
            amz_bb opened = after & walls;
            if (opened)
                arrows &= opened;
            while (arrows && !result) {
                int arrow = amz_pop(&arrows);
                int r = keeps_stuck(s, movers ^ amz_bit(from) ^ amz_bit(to), stuck,
                                    after & ~amz_bit(arrow), n - 1);
                if (r < 0)
                    return -1;
                result = r;
            }
        }
    }
    store(s, movers, stuck, empty, tag, result);
    return result;
}

/* A stuck side whose amazons touch the other colour's, where the other side can make its
 * longest run (the stuck amazons standing as walls) keeping them stuck all the way: the
 * value is that run. No game where the stuck side never moves is worth more to the other
 * side than its longest run, and each move of a run that keeps the stuck side stuck is
 * worth at least one more: {| n} = n - 1 for an integer n <= 0. 1 with *v, 0 when the run
 * does not keep them stuck, -1 out of budget. */
static int stuck_all_along(amz_settle *s, const amz_board *b, sg_player stuck, int64_t *v)
{
    amz_bb movers = stuck == SG_LEFT ? b->white : b->black;
    amz_bb stuckers = stuck == SG_LEFT ? b->black : b->white;
    int r = run(s, movers, b->empty);
    if (r < 0)
        return -1;
    int k = keeps_stuck(s, movers, stuckers, b->empty, r);
    if (k == 1)
        *v = stuck == SG_LEFT ? -r : r;
    return k;
}

/* 1 and *v when b's value is known without comparisons, 0 when not, -1 out of budget. */
static int known(amz_settle *s, const amz_board *b, int *v)
{
    bool bm = amz_has_move(b, SG_LEFT), wm = amz_has_move(b, SG_RIGHT);
    if (bm && wm)
        return 0;
    if (!bm && !wm) {
        *v = 0;
        return 1;
    }
    sg_player stuck = bm ? SG_RIGHT : SG_LEFT;
    if (touches(b, stuck))
        return 0;
    int r = run(s, stuck == SG_LEFT ? b->white : b->black, b->empty);
    if (r < 0)
        return -1;
    *v = stuck == SG_LEFT ? -r : r;
    return 1;
}

/* Walks every move of one player without a move list (the recursion stays shallow in
 * memory however many moves a position has). */
typedef struct move_walk {
    amz_bb amazons, dest, arrows, after;
    int from, to;
} move_walk;

static void walk_start(move_walk *w, const amz_board *b, sg_player who)
{
    memset(w, 0, sizeof *w);
    w->amazons = who == SG_LEFT ? b->black : b->white;
}

static bool walk_next(const amz_geom *g, const amz_board *b, move_walk *w, sg_move *move)
{
    while (!w->arrows) {
        while (!w->dest) {
            if (!w->amazons)
                return false;
            w->from = amz_pop(&w->amazons);
            w->dest = amz_queen(g, w->from, b->empty);
        }
        w->to = amz_pop(&w->dest);
        w->after = (b->empty | amz_bit(w->from)) & ~amz_bit(w->to);
        w->arrows = amz_queen(g, w->to, w->after);
    }
    *move = amz_move_code(w->from, w->to, amz_pop(&w->arrows));
    return true;
}

static int at_least(amz_settle *s, const amz_board *h, int n);

/* 1 when h <= n, 0 when not, -1 out of budget. h <= n iff no Left option is >= n and,
 * for n < 0, not n + 1 <= h (n + 1 is the integer n's Right option). */
static int at_most(amz_settle *s, const amz_board *h, int n)
{
    if (!spend(s))
        return -1;
    int v;
    int k = known(s, h, &v);
    if (k)
        return k < 0 ? -1 : v <= n;
    int32_t tag = TAG_LE | (n + N_BIAS) << 2;
    if (lookup(s, h->black, h->white, h->empty, tag, &v))
        return v;
    int result = 1;
    move_walk w;
    walk_start(&w, h, SG_LEFT);
    sg_move m;
    while (result && walk_next(s->geom, h, &w, &m)) {
        amz_board next;
        amz_apply(h, SG_LEFT, m, &next);
        int r = at_least(s, &next, n);
        if (r < 0)
            return -1;
        if (r)
            result = 0;
    }
    if (result && n < 0) {
        int r = at_least(s, h, n + 1);
        if (r < 0)
            return -1;
        result = !r;
    }
    store(s, h->black, h->white, h->empty, tag, result);
    return result;
}

/* 1 when h >= n: no Right option is <= n and, for n > 0, not h <= n - 1. */
static int at_least(amz_settle *s, const amz_board *h, int n)
{
    if (!spend(s))
        return -1;
    int v;
    int k = known(s, h, &v);
    if (k)
        return k < 0 ? -1 : v >= n;
    int32_t tag = TAG_GE | (n + N_BIAS) << 2;
    if (lookup(s, h->black, h->white, h->empty, tag, &v))
        return v;
    int result = 1;
    move_walk w;
    walk_start(&w, h, SG_RIGHT);
    sg_move m;
    while (result && walk_next(s->geom, h, &w, &m)) {
        amz_board next;
        amz_apply(h, SG_RIGHT, m, &next);
        int r = at_most(s, &next, n);
        if (r < 0)
            return -1;
        if (r)
            result = 0;
    }
    if (result && n > 0) {
        int r = at_most(s, h, n - 1);
        if (r < 0)
            return -1;
        result = !r;
    }
    store(s, h->black, h->white, h->empty, tag, result);
    return result;
}

/* Black stuck: the largest n <= 0 with no Right option <= n. White stuck: the smallest
 * n >= 0 with no Left option >= n. The answer is at most the empty squares away from 0,
 * since each move fills one. */
static bool by_simplicity(amz_settle *s, const amz_board *b, sg_player stuck, int64_t *value)
{
    sg_player mover = sg_opponent(stuck);
    int limit = amz_popcount(b->empty) + 1;
    for (int k = 0; k <= limit; k++) {
        int n = stuck == SG_LEFT ? -k : k;
        bool fits = true;
        move_walk w;
        walk_start(&w, b, mover);
        sg_move m;
        while (fits && walk_next(s->geom, b, &w, &m)) {
            amz_board next;
            amz_apply(b, mover, m, &next);
            int r = stuck == SG_LEFT ? at_most(s, &next, n) : at_least(s, &next, n);
            if (r < 0)
                return false;
            fits = !r;
        }
        if (fits) {
            *value = n;
            return true;
        }
    }
    return false; /* unreachable for a consistent game tree */
}

bool amz_settled_value(amz_settle *s, const amz_board *b, int64_t *value)
{
    bool bm = amz_has_move(b, SG_LEFT), wm = amz_has_move(b, SG_RIGHT);
    if (bm && wm)
        return false;
    if (!bm && !wm) {
        *value = 0;
        return true;
    }
    /* A question the budget did not answer is not asked again while the cache keeps it,
     * and one it answered is answered from the cache: searches ask number() of every
     * component a move makes, and the same rooms come back in many sums. */
    amz_memo_entry *e = answer_slot(s, b);
    if (e && e->tag == TAG_ANSWER && e->a == b->black && e->b == b->white &&
        e->c == b->empty) {
        if (e->value == GAVE_UP)
            return false;
        *value = e->value;
        return true;
    }
    sg_player stuck = bm ? SG_RIGHT : SG_LEFT;
    bool found, touching = touches(b, stuck);
    /* The certificate gets the comparisons' tenth of the budget: when it fails, the
     * comparisons follow. A longest run alone keeps the whole budget. */
    s->budget = s->budget_per_question / COMPARE_BUDGET_DIVISOR;
    int along = touching ? stuck_all_along(s, b, stuck, value) : 0;
    if (along == 1) {
        found = true;
    } else if (touching) {
        uint64_t cap = s->budget_per_question / COMPARE_BUDGET_DIVISOR;
        uint32_t *mine = &s->compare_budget[amz_popcount(b->empty)];
        uint64_t given = *mine && *mine < cap ? *mine : cap;
        s->budget = given;
        found = by_simplicity(s, b, stuck, value);
        if (!found)
            *mine = (uint32_t)(given / 4 > COMPARE_BUDGET_FLOOR ? given / 4
                                                                : COMPARE_BUDGET_FLOOR);
        else if (given - s->budget > given / 2)
            *mine = (uint32_t)(given * 2 < cap ? given * 2 : cap);
    } else {
        s->budget = s->budget_per_question;
        int r = run(s, stuck == SG_LEFT ? b->white : b->black, b->empty);
        found = r >= 0;
        if (found)
            *value = stuck == SG_LEFT ? -r : r;
    }
    if (e) {
        e->a = b->black;
        e->b = b->white;
        e->c = b->empty;
        e->tag = TAG_ANSWER;
        e->value = found ? (int32_t)*value : GAVE_UP;
    }
    return found;
}
