/* The αβ engine against a plain minimax written here.
 *
 * The game is an in-test plugin of explicit trees ("ttree"): a position is a node index,
 * a move is the index of the option taken. Leaves are integers; some interior nodes are
 * numbers the game reports ({a|a+1} = a+1/2, {a-1|a+1} = a), so settling and freezing
 * happen inside the search. The reference solver (naive_value) is plain recursion over
 * arrays of node indices, with no pruning, no table and no sum.c: an independent
 * computation of the same minimax, with the same leaf rules as the engine's contract. */
#include "support.h"

#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "sumgame/search.h"
#include "sumgame/rng.h"

#define MAX_NODES 20000
#define MAX_OPTIONS 6
#define MAX_COMPONENTS 12
#define UNLIMITED INT_MAX

struct tnode {
    int nl, nr;
    uint32_t l[MAX_OPTIONS], r[MAX_OPTIONS];
    bool is_number;
    sg_value number;
    sg_value eval;
};

struct tgame {
    struct tnode node[MAX_NODES];
    uint32_t count;
    uint64_t rng;
};

static struct tgame tg;

/* ---- the test game plugin ----------------------------------------------------------- */

static uint32_t pos_of(const void *pos)
{
    uint32_t i;
    memcpy(&i, pos, sizeof i);
    return i;
}

static int t_moves(void *inst, const void *pos, sg_player who, sg_move *moves, size_t cap,
                   size_t *count)
{
    const struct tgame *g = inst;
    const struct tnode *n = &g->node[pos_of(pos)];
    int k = who == SG_LEFT ? n->nl : n->nr;
    const uint32_t *opt = who == SG_LEFT ? n->l : n->r;
    *count = (size_t)k;
    if ((size_t)k > cap)
        return SG_ERR_RANGE;
    for (int i = 0; i < k; i++)
        moves[i] = opt[i];
    return SG_OK;
}

static int t_play(void *inst, const void *pos, sg_player who, sg_move move, void *out,
                  char *err, size_t errlen)
{
    const struct tgame *g = inst;
    const struct tnode *n = &g->node[pos_of(pos)];
    int k = who == SG_LEFT ? n->nl : n->nr;
    const uint32_t *opt = who == SG_LEFT ? n->l : n->r;
    for (int i = 0; i < k; i++) {
        if (opt[i] == move) {
            uint32_t to = (uint32_t)move;
            memcpy(out, &to, sizeof to);
            return SG_OK;
        }
    }
    snprintf(err, errlen, "illegal move");
    return SG_ERR_INVALID;
}

static bool t_number(void *inst, const void *pos, sg_value *v)
{
    const struct tgame *g = inst;
    const struct tnode *n = &g->node[pos_of(pos)];
    if (n->is_number)
        *v = n->number;
    return n->is_number;
}

static uint64_t t_hash(void *inst, const void *pos)
{
    (void)inst;
    return sg_mix64(pos_of(pos) + 1);
}

static sg_value t_evaluate(void *inst, const void *pos, sg_player to_move)
{
    (void)to_move;
    const struct tgame *g = inst;
    return g->node[pos_of(pos)].eval;
}

static int t_format(void *inst, const void *pos, char *buf, size_t cap)
{
    (void)inst;
    return snprintf(buf, cap, "n%u", pos_of(pos)) < (int)cap ? SG_OK : SG_ERR_RANGE;
}

static int t_format_move(void *inst, const void *pos, sg_move move, char *buf, size_t cap)
{
    (void)inst;
    (void)pos;
    return snprintf(buf, cap, "n%u", (unsigned)move) < (int)cap ? SG_OK : SG_ERR_RANGE;
}

static const sg_game_desc tdesc = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_game_desc),
    .name = "ttree",
    .version = "test",
    .description = "explicit trees for the engine test",
    .pos_size = sizeof(uint32_t),
    .format = t_format,
    .moves = t_moves,
    .play = t_play,
    .format_move = t_format_move,
    .number = t_number,
    .hash = t_hash,
    .evaluate = t_evaluate,
};

static sg_game game;

/* ---- building trees ----------------------------------------------------------------- */

static uint64_t rnd(uint64_t n)
{
    tg.rng += UINT64_C(0x9E3779B97F4A7C15);
    return sg_mix64(tg.rng) % n;
}

static int64_t rnd_range(int64_t lo, int64_t hi)
{
    return lo + (int64_t)rnd((uint64_t)(hi - lo + 1));
}

static uint32_t new_node(void)
{
    if (tg.count >= MAX_NODES)
        fail_msg("test tree store full");
    uint32_t i = tg.count++;
    memset(&tg.node[i], 0, sizeof tg.node[i]);
    tg.node[i].eval = sg_value_int(0);
    return i;
}

static uint32_t leaf(int64_t v)
{
    uint32_t i = new_node();
    tg.node[i].is_number = true;
    tg.node[i].number = sg_value_int(v);
    return i;
}

/* {l|r} with single options. */
static uint32_t node2(uint32_t l, uint32_t r)
{
    uint32_t i = new_node();
    tg.node[i].nl = 1;
    tg.node[i].l[0] = l;
    tg.node[i].nr = 1;
    tg.node[i].r[0] = r;
    return i;
}

static uint32_t number_node(uint32_t l, uint32_t r, sg_value v)
{
    uint32_t i = node2(l, r);
    tg.node[i].is_number = true;
    tg.node[i].number = v;
    return i;
}

static uint32_t random_tree(int depth)
{
    uint64_t r = rnd(100);
    if (depth == 0 || r < 20)
        return leaf(rnd_range(-6, 6));
    if (r < 28) { /* {a|a+1} = a + 1/2: frozen by exact solving, played out in real play */
        int64_t a = rnd_range(-4, 4);
        return number_node(leaf(a), leaf(a + 1), sg_value_make(2 * a + 1, 1));
    }
    if (r < 32) { /* {a-1|a+1} = a: settled at once */
        int64_t a = rnd_range(-4, 4);
        return number_node(leaf(a - 1), leaf(a + 1), sg_value_int(a));
    }
    uint32_t i = new_node();
    int nl = 1 + (int)rnd(2), nr = 1 + (int)rnd(2);
    for (int k = 0; k < nl; k++) {
        uint32_t c = random_tree(depth - 1);
        tg.node[i].l[tg.node[i].nl++] = c;
    }
    for (int k = 0; k < nr; k++) {
        uint32_t c = random_tree(depth - 1);
        tg.node[i].r[tg.node[i].nr++] = c;
    }
    tg.node[i].eval = sg_value_make(rnd_range(-12, 12), 1);
    return i;
}

/* Every leaf at exactly depth plies and no number above them: a position is then
 * reached after the same number of moves by every move order, so a depth-limited search
 * with a table must give exactly the depth-limited minimax (no entry is ever met at
 * another remaining depth). */
static uint32_t uniform_tree(int depth)
{
    if (depth == 0)
        return leaf(rnd_range(-6, 6));
    uint32_t i = new_node();
    int nl = 1 + (int)rnd(2), nr = 1 + (int)rnd(2);
    for (int k = 0; k < nl; k++) {
        uint32_t c = uniform_tree(depth - 1);
        tg.node[i].l[tg.node[i].nl++] = c;
    }
    for (int k = 0; k < nr; k++) {
        uint32_t c = uniform_tree(depth - 1);
        tg.node[i].r[tg.node[i].nr++] = c;
    }
    tg.node[i].eval = sg_value_make(rnd_range(-12, 12), 1);
    return i;
}

/* ---- the reference solver ------------------------------------------------------------ */

/* The coupon stack used as the extra component: coupon k is worth value[k]; both players
 * may take the next coupon. At a leaf the remaining stack is worth half the next coupon to
 * the player to move. With leaf_at_end, a position whose stack is empty is a leaf worth
 * leaf_value (plus the frozen total). */
struct coupons {
    size_t count;
    sg_value value[8];
    bool leaf_at_end;
    sg_value leaf_value;
};

static size_t c_move_count(void *ctx, uint64_t state, sg_player who)
{
    (void)who;
    const struct coupons *c = ctx;
    return state < c->count ? 1 : 0;
}

static void c_play(void *ctx, uint64_t state, sg_player who, size_t k, uint64_t *next,
                   sg_value *points)
{
    const struct coupons *c = ctx;
    assert_int_equal(k, 0);
    *next = state + 1;
    *points = who == SG_LEFT ? c->value[state] : sg_value_neg(c->value[state]);
}

static sg_value c_value(void *ctx, uint64_t state, sg_player to_move)
{
    const struct coupons *c = ctx;
    if (state >= c->count)
        return sg_value_int(0);
    sg_value h = sg_value_half(c->value[state]);
    return to_move == SG_LEFT ? h : sg_value_neg(h);
}

static bool c_leaf(void *ctx, uint64_t state, const sg_sum *sum, sg_player to_move,
                   sg_value *value)
{
    (void)sum;
    (void)to_move;
    const struct coupons *c = ctx;
    if (!c->leaf_at_end || state < c->count)
        return false;
    *value = c->leaf_value;
    return true;
}

struct naive {
    sg_freeze policy;
    const struct coupons *coupons; /* NULL = no extra */
    bool outcome;
    bool hit_depth_leaf;
};

static bool leaves_sum(const struct naive *nv, uint32_t node, sg_value *v)
{
    const struct tnode *n = &tg.node[node];
    if (!n->is_number)
        return false;
    if (!sg_value_is_integer(n->number) && nv->policy != SG_FREEZE_NUMBERS)
        return false;
    *v = n->number;
    return true;
}

static sg_value naive_terminal(const struct naive *nv, sg_value total, sg_player who)
{
    if (!nv->outcome)
        return total;
    int c = sg_value_cmp(total, sg_value_int(0));
    return sg_value_int(c > 0 || (c == 0 && who == SG_RIGHT) ? 1 : -1);
}

static sg_value naive_value(struct naive *nv, const uint32_t *comps, int n, sg_value frozen,
                            sg_player who, size_t cstate, int depth)
{
    const struct coupons *c = nv->coupons;
    if (c && c->leaf_at_end && cstate >= c->count)
        return naive_terminal(nv, sg_value_add(frozen, c->leaf_value), who);
    sg_value cval = c ? c_value((void *)c, cstate, who) : sg_value_int(0);
    if (n == 0)
        return naive_terminal(nv, sg_value_add(frozen, cval), who);
    if (depth == 0) {
        nv->hit_depth_leaf = true;
        if (nv->outcome)
            return sg_value_int(0);
        sg_value t = sg_value_add(frozen, cval);
        for (int i = 0; i < n; i++)
            t = sg_value_add(t, tg.node[comps[i]].eval);
        return t;
    }
    int next_depth = depth == UNLIMITED ? UNLIMITED : depth - 1;
    bool any = false;
    sg_value best = sg_value_int(0);
    uint32_t child[MAX_COMPONENTS];
    for (int i = 0; i < n; i++) {
        const struct tnode *nd = &tg.node[comps[i]];
        int k = who == SG_LEFT ? nd->nl : nd->nr;
        for (int o = 0; o < k; o++) {
            uint32_t to = who == SG_LEFT ? nd->l[o] : nd->r[o];
            memcpy(child, comps, (size_t)n * sizeof *comps);
            sg_value f = frozen, v;
            int m = n;
            if (leaves_sum(nv, to, &v)) {
                f = sg_value_add(f, v);
                child[i] = child[--m];
            } else {
                child[i] = to;
            }
            sg_value s = naive_value(nv, child, m, f, sg_opponent(who), cstate, next_depth);
            if (!any || (who == SG_LEFT ? sg_value_cmp(s, best) > 0 : sg_value_cmp(s, best) < 0))
                best = s;
            any = true;
        }
    }
    if (c && cstate < c->count) {
        sg_value pts = c->value[cstate];
        if (who == SG_RIGHT)
            pts = sg_value_neg(pts);
        sg_value s = naive_value(nv, comps, n, frozen, sg_opponent(who), cstate + 1, next_depth);
        if (!nv->outcome)
            s = sg_value_add(s, pts);
        else
            fail_msg("outcome with coupons is not part of this test");
        if (!any || (who == SG_LEFT ? sg_value_cmp(s, best) > 0 : sg_value_cmp(s, best) < 0))
            best = s;
        any = true;
    }
    if (!any)
        fail_msg("the reference solver reached a stuck position");
    return best;
}

/* The reference value of roots[0..n) as a sum under policy. */
static sg_value reference(struct naive *nv, const uint32_t *roots, int n, sg_player who,
                          int depth)
{
    uint32_t comps[MAX_COMPONENTS];
    int m = 0;
    sg_value frozen = sg_value_int(0), v;
    for (int i = 0; i < n; i++) {
        if (leaves_sum(nv, roots[i], &v))
            frozen = sg_value_add(frozen, v);
        else
            comps[m++] = roots[i];
    }
    nv->hit_depth_leaf = false;
    return naive_value(nv, comps, m, frozen, who, 0, depth);
}

/* ---- helpers -------------------------------------------------------------------------- */

static sg_sum *make_sum(sg_freeze policy, const uint32_t *roots, int n)
{
    sg_sum *s = sg_sum_new(policy);
    assert_non_null(s);
    char err[256];
    for (int i = 0; i < n; i++)
        if (sg_sum_add(s, &game, &roots[i], err, sizeof err) != SG_OK)
            fail_msg("sg_sum_add: %s", err);
    return s;
}

static void assert_value(sg_value got, sg_value want, const char *what)
{
    if (!sg_value_eq(got, want)) {
        char a[SG_VALUE_TEXT_MAX], b[SG_VALUE_TEXT_MAX];
        sg_value_format(got, a, sizeof a);
        sg_value_format(want, b, sizeof b);
        fail_msg("%s: engine %s, reference %s", what, a, b);
    }
}

static sg_search *engine(const sg_search_config *cfg)
{
    char err[256];
    sg_search *s = sg_search_new(cfg, err, sizeof err);
    if (!s)
        fail_msg("sg_search_new: %s", err);
    return s;
}

static int run(sg_search *s, const sg_sum *sum, sg_player who, sg_search_result *r)
{
    char err[256] = "";
    int rc = sg_search_run(s, sum, who, r, err, sizeof err);
    if (rc != SG_OK && rc != SG_ERR_BUDGET)
        fail_msg("sg_search_run: %d %s", rc, err);
    return rc;
}

/* Plays the PV out on a copy of sum; it must be legal and, for an exact search that
 * reached the end, finish at the score. */
static void check_pv(const sg_sum *sum, sg_player who, const sg_search_result *r,
                     const struct coupons *c)
{
    sg_sum *a = sg_sum_new(sg_sum_policy(sum)), *b = sg_sum_new(sg_sum_policy(sum));
    char err[256];
    assert_int_equal(sg_sum_copy(a, sum), SG_OK);
    sg_value points = sg_value_int(0);
    size_t cstate = 0;
    for (size_t i = 0; i < r->pv_length; i++) {
        if (r->pv[i].component == SG_EXTRA_COMPONENT) {
            assert_non_null(c);
            assert_true(cstate < c->count);
            sg_value p = c->value[cstate++];
            points = sg_value_add(points, who == SG_LEFT ? p : sg_value_neg(p));
        } else {
            if (sg_sum_play(a, who, r->pv[i], b, err, sizeof err) != SG_OK)
                fail_msg("pv move %zu is illegal: %s", i, err);
            sg_sum *t = a;
            a = b;
            b = t;
        }
        who = sg_opponent(who);
    }
    if (r->exact && !c && sg_sum_is_over(a))
        assert_value(sg_value_add(sg_sum_frozen(a), points), r->score, "pv end");
    if (r->exact && !c && r->pv_length < SG_SEARCH_PV_MAX && !sg_sum_is_over(a)) {
        char t1[512], t2[512];
        sg_sum_format(sum, t1, sizeof t1);
        sg_sum_format(a, t2, sizeof t2);
        fail_msg("pv of %zu moves from %s ends at %s (depth %d)", r->pv_length, t1, t2, r->depth);
    }
    sg_sum_free(a);
    sg_sum_free(b);
}

static void random_roots(uint32_t *roots, int n, int depth)
{
    for (int i = 0; i < n; i++)
        roots[i] = random_tree(depth);
}

/* A sum of least + rnd(spread) random trees of depth 2 or 3 (in roots, *n of them), the
 * tree table emptied first. */
static sg_sum *random_sum(sg_freeze policy, int least, int spread, uint32_t *roots, int *n)
{
    tg.count = 0;
    *n = least + (int)rnd((uint64_t)spread);
    random_roots(roots, *n, 2 + (int)rnd(2));
    return make_sum(policy, roots, *n);
}

static void uniform_roots(uint32_t *roots, int n)
{
    for (int i = 0; i < n; i++)
        roots[i] = uniform_tree(1 + (int)rnd(3));
}

static int setup(void **state)
{
    (void)state;
    sg_game_init(&game, &tdesc, &tg);
    return 0;
}

static void reset_trees(uint64_t seed)
{
    tg.count = 0;
    tg.rng = seed;
}

/* ---- tests ----------------------------------------------------------------------------- */

static void test_hand_values(void **state)
{
    (void)state;
    reset_trees(1);
    uint32_t one = leaf(1), nil = leaf(0);
    uint32_t switch10 = node2(one, nil);                     /* {1|0} */
    uint32_t half = number_node(nil, one, sg_value_make(1, 1)); /* {0|1} = 1/2 */
    sg_search_config cfg = { 0 };
    sg_search *s = engine(&cfg);
    sg_search_result r;

    /* {1|0} + {1|0}: whoever starts, each player takes one: 1. */
    uint32_t two[2] = { switch10, switch10 };
    sg_sum *sum = make_sum(SG_FREEZE_NUMBERS, two, 2);
    assert_int_equal(run(s, sum, SG_LEFT, &r), SG_OK);
    assert_value(r.score, sg_value_int(1), "{1|0}+{1|0} left first");
    assert_true(r.exact);
    assert_int_equal(r.pv_length, 2);
    assert_int_equal(run(s, sum, SG_RIGHT, &r), SG_OK);
    assert_value(r.score, sg_value_int(1), "{1|0}+{1|0} right first");
    sg_sum_free(sum);

    /* {0|1} is the number 1/2: frozen at once by exact solving... */
    sum = make_sum(SG_FREEZE_NUMBERS, &half, 1);
    assert_int_equal(run(s, sum, SG_LEFT, &r), SG_OK);
    assert_value(r.score, sg_value_make(1, 1), "{0|1} solved");
    assert_int_equal(r.pv_length, 0);
    sg_sum_free(sum);
    /* ...and played out in real play: Left first ends at 0, Right first at 1. */
    sum = make_sum(SG_FREEZE_INTEGERS, &half, 1);
    assert_int_equal(run(s, sum, SG_LEFT, &r), SG_OK);
    assert_value(r.score, sg_value_int(0), "{0|1} played out, left first");
    assert_int_equal(run(s, sum, SG_RIGHT, &r), SG_OK);
    assert_value(r.score, sg_value_int(1), "{0|1} played out, right first");
    sg_sum_free(sum);
    sg_search_free(s);
}

/* Exact searches of random sums against the reference; reductions as
 * sg_search_set_reductions, which must not touch a search without a depth limit. */
static void check_random_exact(sg_search_config cfg, sg_freeze policy, uint64_t seed,
                               int rounds, bool reductions)
{
    reset_trees(seed);
    sg_search *s = engine(&cfg);
    sg_search_set_reductions(s, reductions);
    for (int round = 0; round < rounds; round++) {
        uint32_t roots[MAX_COMPONENTS];
        int n;
        sg_sum *sum = random_sum(policy, 1, 4, roots, &n);
        for (int p = 0; p < 2; p++) {
            sg_player who = p ? SG_RIGHT : SG_LEFT;
            struct naive nv = { policy, NULL, false, false };
            sg_value want = reference(&nv, roots, n, who, UNLIMITED);
            sg_search_result r;
            assert_int_equal(run(s, sum, who, &r), SG_OK);
            assert_true(r.completed);
            assert_true(r.exact);
            assert_value(r.score, want, "random sum");
            check_pv(sum, who, &r, NULL);
        }
        sg_sum_free(sum);
        /* Node indices are reused by the next round: a table entry must not outlive its
         * trees. */
        sg_search_clear(s);
    }
    sg_search_free(s);
}

static void test_random_exact_no_table(void **state)
{
    (void)state;
    sg_search_config cfg = { .no_tt = true };
    check_random_exact(cfg, SG_FREEZE_NUMBERS, 11, 150, false);
    check_random_exact(cfg, SG_FREEZE_INTEGERS, 12, 150, false);
}

static void test_random_exact_table(void **state)
{
    (void)state;
    sg_search_config cfg = { .tt_log2 = 16 };
    check_random_exact(cfg, SG_FREEZE_NUMBERS, 21, 100, false);
    check_random_exact(cfg, SG_FREEZE_INTEGERS, 22, 100, false);
}

static void test_random_exact_tiny_table(void **state)
{
    (void)state;
    /* 16 entries: constant replacement and bucket sharing. */
    sg_search_config cfg = { .tt_log2 = 4 };
    check_random_exact(cfg, SG_FREEZE_NUMBERS, 31, 50, false);
    check_random_exact(cfg, SG_FREEZE_INTEGERS, 32, 50, false);
}

static void test_random_exact_iterative(void **state)
{
    (void)state;
    sg_search_config cfg = { .iterative = true, .tt_log2 = 12 };
    check_random_exact(cfg, SG_FREEZE_NUMBERS, 41, 100, false);
    check_random_exact(cfg, SG_FREEZE_INTEGERS, 42, 100, false);
}

/* Depth-limited searches of one sum at depths 1..5, each on a fresh engine. Without a
 * table the engine is plain αβ, so its score is the depth-limited minimax. With a table
 * on general trees a deeper entry may stand in for a shallower search (a transposition
 * reached after fewer moves because a component settled early), so there only the
 * exactness contract is checked: no depth-limited leaf below means exact, and exact
 * means the true value. On uniform trees the table must change nothing. */
static void check_depth_limited(bool uniform, bool no_tt, uint64_t seed, int rounds)
{
    reset_trees(seed);
    for (int round = 0; round < rounds; round++) {
        tg.count = 0;
        uint32_t roots[MAX_COMPONENTS];
        int n = 1 + (int)rnd(4);
        if (uniform)
            uniform_roots(roots, n);
        else
            random_roots(roots, n, 2 + (int)rnd(2));
        sg_freeze policy = round % 2 ? SG_FREEZE_INTEGERS : SG_FREEZE_NUMBERS;
        sg_sum *sum = make_sum(policy, roots, n);
        for (int p = 0; p < 2; p++) {
            sg_player who = p ? SG_RIGHT : SG_LEFT;
            struct naive nv = { policy, NULL, false, false };
            sg_value truth = reference(&nv, roots, n, who, UNLIMITED);
            for (int d = 1; d <= 5; d++) {
                sg_value want = reference(&nv, roots, n, who, d);
                bool no_depth_leaf = !nv.hit_depth_leaf;
                bool must_match = no_tt || uniform;
                for (int iterative = 0; iterative < 2; iterative++) {
                    sg_search_config cfg = { .max_depth = d, .iterative = iterative,
                                             .tt_log2 = 12, .no_tt = no_tt };
                    sg_search *s = engine(&cfg);
                    sg_search_result r;
                    assert_int_equal(run(s, sum, who, &r), SG_OK);
                    if (no_depth_leaf)
                        assert_true(r.exact);
                    if (r.exact)
                        assert_value(r.score, truth, "exact depth-limited search");
                    if (!iterative) {
                        assert_int_equal(r.depth, d);
                        if (must_match)
                            assert_value(r.score, want, "depth-limited search");
                    } else {
                        /* Stops early only once exact; else its score is depth d's. */
                        assert_true(r.depth <= d);
                        if (!r.exact)
                            assert_int_equal(r.depth, d);
                        struct naive again = nv;
                        if (must_match)
                            assert_value(r.score, reference(&again, roots, n, who, r.depth),
                                         "iterative depth-limited search");
                    }
                    check_pv(sum, who, &r, NULL);
                    if (!r.exact)
                        assert_true(r.pv_length <= (size_t)r.depth);
                    sg_search_free(s);
                }
            }
        }
        sg_sum_free(sum);
    }
}

static void test_depth_limited_no_table(void **state)
{
    (void)state;
    check_depth_limited(false, true, 51, 80);
}

static void test_depth_limited_table(void **state)
{
    (void)state;
    check_depth_limited(false, false, 52, 80);
}

static void test_depth_limited_uniform(void **state)
{
    (void)state;
    check_depth_limited(true, false, 53, 30);
    check_depth_limited(true, true, 54, 30);
}

static void test_table_keeps_proven_and_heuristic_apart(void **state)
{
    (void)state;
    /* One engine searches the same sum at depth 1, then 2, ... without clearing: an entry
     * from a shallow search must never pass for a deeper or exact one. On uniform trees
     * every depth-limited answer is then exactly the depth-limited minimax. */
    reset_trees(61);
    for (int round = 0; round < 60; round++) {
        tg.count = 0;
        uint32_t roots[MAX_COMPONENTS];
        int n = 2 + (int)rnd(3);
        uniform_roots(roots, n);
        sg_sum *sum = make_sum(SG_FREEZE_NUMBERS, roots, n);
        sg_search_config cfg = { .tt_log2 = 14 };
        sg_search *s = engine(&cfg);
        for (int d = 1; d <= 7; d++) {
            for (int p = 0; p < 2; p++) {
                sg_player who = p ? SG_RIGHT : SG_LEFT;
                cfg.max_depth = d;
                sg_search_set_config(s, &cfg);
                struct naive nv = { SG_FREEZE_NUMBERS, NULL, false, false };
                sg_value want = reference(&nv, roots, n, who, d);
                sg_search_result r;
                assert_int_equal(run(s, sum, who, &r), SG_OK);
                assert_int_equal(r.exact, !nv.hit_depth_leaf);
                assert_value(r.score, want, "depth-limited after shallower searches");
            }
        }
        /* Finally exact, on the table of all those depth-limited searches. */
        cfg.max_depth = 0;
        sg_search_set_config(s, &cfg);
        for (int p = 0; p < 2; p++) {
            sg_player who = p ? SG_RIGHT : SG_LEFT;
            struct naive nv = { SG_FREEZE_NUMBERS, NULL, false, false };
            sg_search_result r;
            assert_int_equal(run(s, sum, who, &r), SG_OK);
            assert_true(r.exact);
            assert_value(r.score, reference(&nv, roots, n, who, UNLIMITED), "exact at last");
            check_pv(sum, who, &r, NULL);
        }
        sg_search_free(s);
        sg_sum_free(sum);
    }
}

static void same_result(const sg_search_result *a, const sg_search_result *b)
{
    assert_int_equal(a->completed, b->completed);
    assert_int_equal(a->depth, b->depth);
    assert_int_equal(a->nodes, b->nodes);
    assert_int_equal(a->exact, b->exact);
    assert_true(sg_value_eq(a->score, b->score));
    assert_int_equal(a->pv_length, b->pv_length);
    for (size_t i = 0; i < a->pv_length; i++) {
        assert_int_equal(a->pv[i].component, b->pv[i].component);
        assert_int_equal(a->pv[i].move, b->pv[i].move);
    }
}

static void test_node_budget(void **state)
{
    (void)state;
    reset_trees(71);
    uint32_t roots[MAX_COMPONENTS];
    for (int i = 0; i < 5; i++)
        roots[i] = uniform_tree(3);
    sg_sum *sum = make_sum(SG_FREEZE_INTEGERS, roots, 5);
    sg_search_config cfg = { .iterative = true, .tt_log2 = 14 };
    sg_search *full = engine(&cfg);
    sg_search_result whole;
    assert_int_equal(run(full, sum, SG_LEFT, &whole), SG_OK);
    assert_true(whole.exact);
    sg_search_free(full);
    assert_true(whole.nodes > 100);

    for (uint64_t budget = 20; budget < whole.nodes; budget += whole.nodes / 5 + 1) {
        cfg.budget.nodes = budget;
        sg_search *a = engine(&cfg), *b = engine(&cfg);
        sg_search_result ra, rb;
        int rca = run(a, sum, SG_LEFT, &ra), rcb = run(b, sum, SG_LEFT, &rb);
        assert_int_equal(rca, rcb);
        same_result(&ra, &rb);
        assert_true(ra.nodes <= budget);
        if (rca == SG_OK) {
            /* The deepest completed iteration's answer. */
            assert_true(ra.completed);
            assert_true(ra.depth >= 1);
            struct naive nv = { SG_FREEZE_INTEGERS, NULL, false, false };
            if (ra.depth <= 5)
                assert_value(ra.score, reference(&nv, roots, 5, SG_LEFT, ra.depth),
                             "budgeted search");
            assert_true(ra.pv_length >= 1);
        } else {
            assert_false(ra.completed);
        }
        /* Reproducible on a reused engine too, once its table is cleared. */
        sg_search_clear(a);
        assert_int_equal(run(a, sum, SG_LEFT, &ra), rca);
        same_result(&ra, &rb);
        sg_search_free(a);
        sg_search_free(b);
    }

    cfg.budget.nodes = 1;
    sg_search *tiny = engine(&cfg);
    sg_search_result r;
    assert_int_equal(run(tiny, sum, SG_LEFT, &r), SG_ERR_BUDGET);
    assert_false(r.completed);
    assert_int_equal(r.pv_length, 0);
    sg_search_free(tiny);
    sg_sum_free(sum);
}

static void test_time_budget(void **state)
{
    (void)state;
    reset_trees(81);
    uint32_t roots[MAX_COMPONENTS];
    for (int i = 0; i < 10; i++)
        roots[i] = uniform_tree(4);
    sg_sum *sum = make_sum(SG_FREEZE_INTEGERS, roots, 10);
    sg_search_config cfg = { .iterative = true, .budget = { .seconds = 0.02 } };
    sg_search *s = engine(&cfg);
    sg_search_result r;
    int rc = run(s, sum, SG_RIGHT, &r);
    if (rc == SG_OK) {
        assert_true(r.completed);
        assert_true(r.depth >= 1);
        assert_true(r.pv_length >= 1);
        if (r.depth <= 4) {
            struct naive nv = { SG_FREEZE_INTEGERS, NULL, false, false };
            assert_value(r.score, reference(&nv, roots, 10, SG_RIGHT, r.depth),
                         "time-limited search");
        }
    } else {
        assert_false(r.completed);
    }
    sg_search_free(s);
    sg_sum_free(sum);
}

static void check_coupons(struct coupons *c, uint64_t seed, sg_freeze policy)
{
    reset_trees(seed);
    for (int round = 0; round < 40; round++) {
        uint32_t roots[MAX_COMPONENTS];
        int n;
        sg_sum *sum = random_sum(policy, 1, 3, roots, &n);
        sg_search_extra x = { .ctx = c, .initial_state = 0, .move_count = c_move_count,
                              .play = c_play, .value = c_value,
                              .leaf = c->leaf_at_end ? c_leaf : NULL };
        for (int iterative = 0; iterative < 2; iterative++) {
            sg_search_config cfg = { .extra = &x, .iterative = iterative, .tt_log2 = 12 };
            sg_search *s = engine(&cfg);
            for (int p = 0; p < 2; p++) {
                sg_player who = p ? SG_RIGHT : SG_LEFT;
                struct naive nv = { policy, c, false, false };
                sg_search_result r;
                assert_int_equal(run(s, sum, who, &r), SG_OK);
                assert_true(r.exact);
                assert_value(r.score, reference(&nv, roots, n, who, UNLIMITED), "with coupons");
                check_pv(sum, who, &r, c);
                for (int d = 1; d <= 3; d++) {
                    sg_search_config dc = cfg;
                    dc.max_depth = d;
                    dc.iterative = false;
                    sg_search *ds = engine(&dc);
                    assert_int_equal(run(ds, sum, who, &r), SG_OK);
                    assert_value(r.score, reference(&nv, roots, n, who, d),
                                 "depth-limited with coupons");
                    sg_search_free(ds);
                }
            }
            sg_search_free(s);
        }
        sg_sum_free(sum);
    }
}

static void test_extra_component(void **state)
{
    (void)state;
    struct coupons c = { .count = 4,
                         .value = { sg_value_int(3), sg_value_make(5, 1), sg_value_int(1),
                                    sg_value_make(1, 1) } };
    check_coupons(&c, 91, SG_FREEZE_NUMBERS);
    check_coupons(&c, 92, SG_FREEZE_INTEGERS);
    c.leaf_at_end = true;
    c.leaf_value = sg_value_int(7);
    check_coupons(&c, 93, SG_FREEZE_NUMBERS);
}

static void test_extra_by_hand(void **state)
{
    (void)state;
    /* {1|0} alone plus one coupon worth 2: Left first takes the coupon (2), Right takes
     * {1|0} to 0: 2. Right first takes the coupon (-2), Left takes 1: -1. */
    reset_trees(5);
    uint32_t t = node2(leaf(1), leaf(0));
    struct coupons c = { .count = 1, .value = { sg_value_int(2) } };
    sg_search_extra x = { .ctx = &c, .move_count = c_move_count, .play = c_play,
                          .value = c_value };
    sg_search_config cfg = { .extra = &x };
    sg_search *s = engine(&cfg);
    sg_sum *sum = make_sum(SG_FREEZE_NUMBERS, &t, 1);
    sg_search_result r;
    assert_int_equal(run(s, sum, SG_LEFT, &r), SG_OK);
    assert_value(r.score, sg_value_int(2), "coupon, left first");
    assert_int_equal(r.pv[0].component, SG_EXTRA_COMPONENT);
    assert_int_equal(run(s, sum, SG_RIGHT, &r), SG_OK);
    assert_value(r.score, sg_value_int(-1), "coupon, right first");
    assert_int_equal(r.pv[0].component, SG_EXTRA_COMPONENT);
    sg_sum_free(sum);
    sg_search_free(s);
}

struct order_probe {
    int calls;
    int best_first;
    bool keep_best; /* reverse only the moves after best (what order_after_best asks) */
};

static void reverse_order(void *ctx, const sg_sum *sum, sg_player to_move, sg_sum_move *moves,
                          size_t count, const sg_sum_move *best)
{
    (void)sum;
    (void)to_move;
    struct order_probe *p = ctx;
    p->calls++;
    size_t from = 0;
    if (best) {
        assert_int_equal(moves[0].component, best->component);
        assert_int_equal(moves[0].move, best->move);
        p->best_first++;
        from = p->keep_best ? 1 : 0;
    }
    for (size_t i = from; i < from + (count - from) / 2; i++) {
        sg_sum_move t = moves[i];
        moves[i] = moves[count - 1 - (i - from)];
        moves[count - 1 - (i - from)] = t;
    }
}

static void test_order_hook(void **state)
{
    (void)state;
    reset_trees(101);
    for (int round = 0; round < 60; round++) {
        uint32_t roots[MAX_COMPONENTS];
        int n;
        sg_sum *sum = random_sum(SG_FREEZE_INTEGERS, 2, 3, roots, &n);
        struct order_probe probe = { 0, 0, false };
        sg_search_config cfg = { .iterative = true, .order = reverse_order,
                                 .order_ctx = &probe, .tt_log2 = 12 };
        sg_search *s = engine(&cfg);
        struct naive nv = { SG_FREEZE_INTEGERS, NULL, false, false };
        sg_search_result r;
        assert_int_equal(run(s, sum, SG_LEFT, &r), SG_OK);
        assert_value(r.score, reference(&nv, roots, n, SG_LEFT, UNLIMITED), "reordered");
        if (!sg_sum_is_over(sum))
            assert_true(probe.calls > 0);
        if (r.depth > 1)
            assert_true(probe.best_first > 0);
        sg_search_free(s);
        sg_sum_free(sum);
    }
}

/* An order made only after the table's move failed to cut the node off searches the same
 * tree (same score, nodes and best move) and is asked less often. */
static void test_order_after_best(void **state)
{
    (void)state;
    reset_trees(103);
    int early_calls = 0, late_calls = 0;
    for (int round = 0; round < 60; round++) {
        uint32_t roots[MAX_COMPONENTS];
        int n;
        sg_sum *sum = random_sum(SG_FREEZE_INTEGERS, 2, 3, roots, &n);
        sg_search_result r[2];
        for (int late = 0; late < 2; late++) {
            struct order_probe probe = { 0, 0, true };
            sg_search_config cfg = { .iterative = true, .order = reverse_order,
                                     .order_ctx = &probe, .tt_log2 = 12,
                                     .order_after_best = late };
            sg_search *s = engine(&cfg);
            assert_int_equal(run(s, sum, SG_LEFT, &r[late]), SG_OK);
            *(late ? &late_calls : &early_calls) += probe.calls;
            sg_search_free(s);
        }
        struct naive nv = { SG_FREEZE_INTEGERS, NULL, false, false };
        assert_value(r[1].score, reference(&nv, roots, n, SG_LEFT, UNLIMITED), "ordered late");
        assert_value(r[1].score, r[0].score, "late against early");
        assert_int_equal(r[1].nodes, r[0].nodes);
        if (r[0].pv_length > 0) {
            assert_int_equal(r[1].pv[0].component, r[0].pv[0].component);
            assert_int_equal(r[1].pv[0].move, r[0].pv[0].move);
        }
        sg_sum_free(sum);
    }
    assert_true(late_calls > 0);
    assert_true(late_calls < early_calls);
}

/* The history heuristic changes the order, not the values: exact searches (with the
 * table) find the reference's score, and depth-limited ones without the table the
 * reference's score to that depth, one engine learning across all of them; and it does
 * change the order (some node counts differ from an engine without it). */
static void test_history(void **state)
{
    (void)state;
    reset_trees(117);
    sg_search_config exact_cfg = { .iterative = true, .tt_log2 = 12 };
    sg_search *learning = engine(&exact_cfg), *plain = engine(&exact_cfg);
    assert_int_equal(sg_search_set_history(learning, true), SG_OK);
    sg_search_config limited_cfg = { .tt_log2 = 12, .no_tt = true };
    sg_search *limited = engine(&limited_cfg);
    assert_int_equal(sg_search_set_history(limited, true), SG_OK);
    int differ = 0;
    for (int round = 0; round < 40; round++) {
        uint32_t roots[MAX_COMPONENTS];
        int n;
        sg_sum *sum = random_sum(SG_FREEZE_INTEGERS, 2, 3, roots, &n);
        /* The test game's positions are renumbered every round: its table and evaluation
         * cache go (the history stays; it only orders). */
        sg_search_clear(limited);
        for (int p = 0; p < 2; p++) {
            sg_player who = p ? SG_RIGHT : SG_LEFT;
            struct naive nv = { SG_FREEZE_INTEGERS, NULL, false, false };
            sg_search_result r, r0;
            sg_search_clear(learning);
            sg_search_clear(plain);
            assert_int_equal(run(learning, sum, who, &r), SG_OK);
            assert_int_equal(run(plain, sum, who, &r0), SG_OK);
            assert_value(r.score, reference(&nv, roots, n, who, UNLIMITED), "with history");
            check_pv(sum, who, &r, NULL);
            differ += r.nodes != r0.nodes;
            for (int d = 2; d <= 4; d++) {
                limited_cfg.max_depth = d;
                sg_search_set_config(limited, &limited_cfg);
                assert_int_equal(run(limited, sum, who, &r), SG_OK);
                struct naive again = nv;
                assert_value(r.score, reference(&again, roots, n, who, d),
                             "depth-limited, with history");
            }
        }
        sg_sum_free(sum);
    }
    assert_true(differ > 0);
    sg_search_free(learning);
    sg_search_free(plain);
    sg_search_free(limited);
}

/* Left's six moves at the root of a depth-3 search: four to 0 (the game ends), a fifth to
 * -1, and a sixth to {|Y}, Y = {2|} with evaluate() 4. Reduced, the sixth move's line ends
 * at Y's evaluation, 4, which beats 0; searched again at the full depth, Left's answer in Y
 * gives 2, the depth-3 minimax. Without the second search the answer would be 4. With a
 * sixth move to 0 - Y (so Right's answer leads to -4 and then -2) nothing beats 0 at the
 * reduced depth, and the late moves cost fewer nodes than without reductions. Exact
 * searches of random sums are not touched. */
static void test_reductions(void **state)
{
    (void)state;
    for (int better = 1; better >= 0; better--) {
        reset_trees(118);
        uint32_t y = new_node();
        tg.node[y].nl = 1;
        tg.node[y].l[0] = leaf(better ? 2 : -2);
        tg.node[y].eval = sg_value_int(better ? 4 : -4);
        uint32_t x = new_node();
        tg.node[x].nr = 1;
        tg.node[x].r[0] = y;
        uint32_t root = new_node();
        for (int k = 0; k < 4; k++)
            tg.node[root].l[tg.node[root].nl++] = leaf(0);
        tg.node[root].l[tg.node[root].nl++] = leaf(-1);
        tg.node[root].l[tg.node[root].nl++] = x;
        sg_search_config cfg = { .max_depth = 3, .no_tt = true };
        sg_search *plain = engine(&cfg), *reduced = engine(&cfg);
        sg_search_set_reductions(reduced, true);
        sg_sum *sum = make_sum(SG_FREEZE_INTEGERS, &root, 1);
        sg_search_result r, r0;
        assert_int_equal(run(plain, sum, SG_LEFT, &r0), SG_OK);
        assert_int_equal(run(reduced, sum, SG_LEFT, &r), SG_OK);
        sg_value want = sg_value_int(better ? 2 : 0);
        assert_value(r0.score, want, "depth 3 without reductions");
        assert_value(r.score, want, "depth 3 with reductions");
        if (better)
            assert_true(r.nodes > r0.nodes); /* the reduced search, then the full one */
        else
            assert_true(r.nodes < r0.nodes);
        sg_sum_free(sum);
        sg_search_free(plain);
        sg_search_free(reduced);
    }
    check_random_exact((sg_search_config){ .iterative = true, .tt_log2 = 12 },
                       SG_FREEZE_INTEGERS, 119, 40, true);
}

static void test_outcome(void **state)
{
    (void)state;
    reset_trees(111);
    uint32_t one = leaf(1), nil = leaf(0), minus_one = leaf(-1);
    uint32_t half = number_node(nil, one, sg_value_make(1, 1));
    uint32_t minus_half = number_node(minus_one, nil, sg_value_make(-1, 1));
    uint32_t pm1 = node2(one, minus_one); /* ±1: the first player wins */
    sg_search_config cfg = { .outcome = true };
    sg_search *s = engine(&cfg);
    sg_search_result r;
    /* {0|1} + {-1|0} = 0: the player to move loses. */
    uint32_t zero_sum[2] = { half, minus_half };
    sg_sum *sum = make_sum(SG_FREEZE_NUMBERS, zero_sum, 2);
    assert_int_equal(run(s, sum, SG_LEFT, &r), SG_OK);
    assert_value(r.score, sg_value_int(-1), "0, left first");
    assert_int_equal(run(s, sum, SG_RIGHT, &r), SG_OK);
    assert_value(r.score, sg_value_int(1), "0, right first");
    sg_sum_free(sum);
    /* ±1 + 1/2: stops 3/2 and -1/2, so the first player wins. */
    uint32_t hot[2] = { pm1, half };
    sum = make_sum(SG_FREEZE_NUMBERS, hot, 2);
    assert_int_equal(run(s, sum, SG_LEFT, &r), SG_OK);
    assert_value(r.score, sg_value_int(1), "±1, left first");
    assert_int_equal(run(s, sum, SG_RIGHT, &r), SG_OK);
    assert_value(r.score, sg_value_int(-1), "±1, right first");
    sg_sum_free(sum);
    sg_search_free(s);

    for (int round = 0; round < 150; round++) {
        uint32_t roots[MAX_COMPONENTS];
        int n;
        sum = random_sum(SG_FREEZE_NUMBERS, 1, 4, roots, &n);
        sg_search_config oc = { .outcome = true, .iterative = round % 2 == 0, .tt_log2 = 12 };
        s = engine(&oc);
        for (int p = 0; p < 2; p++) {
            sg_player who = p ? SG_RIGHT : SG_LEFT;
            struct naive nv = { SG_FREEZE_NUMBERS, NULL, true, false };
            assert_int_equal(run(s, sum, who, &r), SG_OK);
            assert_true(r.exact);
            assert_value(r.score, reference(&nv, roots, n, who, UNLIMITED), "outcome");
        }
        sg_search_free(s);
        sg_sum_free(sum);
    }
}

/* A win is the best an outcome score can be, so the first winning move ends a node, the
 * root's included: Left has three moves to 1, each a win (Right then has no move), and
 * only the first is searched. Two nodes: the root and that child. A search that took the
 * root's open window literally searched all three (four nodes). */
static void test_outcome_win_ends_the_node(void **state)
{
    (void)state;
    reset_trees(112);
    uint32_t root = new_node();
    tg.node[root].nl = 3;
    for (int k = 0; k < 3; k++)
        tg.node[root].l[k] = leaf(1);
    tg.node[root].nr = 1;
    tg.node[root].r[0] = leaf(-1);
    sg_search_config cfg = { .outcome = true };
    sg_search *s = engine(&cfg);
    sg_sum *sum = make_sum(SG_FREEZE_NUMBERS, &root, 1);
    sg_search_result r;
    assert_int_equal(run(s, sum, SG_LEFT, &r), SG_OK);
    assert_value(r.score, sg_value_int(1), "left wins");
    assert_true(r.exact);
    assert_int_equal(r.nodes, 2);
    assert_int_equal(r.pv_length, 1);
    sg_sum_free(sum);
    sg_search_free(s);
}

static void test_stuck_positions(void **state)
{
    (void)state;
    reset_trees(121);
    /* Left has no move in a node the game does not call a number: a broken plugin. */
    uint32_t broken = new_node();
    tg.node[broken].nr = 1;
    tg.node[broken].r[0] = leaf(0);
    sg_search_config cfg = { 0 };
    sg_search *s = engine(&cfg);
    sg_sum *sum = make_sum(SG_FREEZE_INTEGERS, &broken, 1);
    sg_search_result r;
    char err[256] = "";
    assert_int_equal(sg_search_run(s, sum, SG_LEFT, &r, err, sizeof err), SG_ERR_INTERNAL);
    assert_non_null(strstr(err, "ttree"));
    assert_non_null(strstr(err, "left has no move"));

    /* A heuristic search (depth limit, or a budget) scores it by evaluate() instead, as
     * a depth-limited leaf: a number() that gives up within its own budget (large
     * Amazons rooms) must not end a game. Left to move, so the score is the eval. */
    tg.node[broken].eval = sg_value_int(-5);
    sg_search_config limited = { .max_depth = 3 };
    sg_search_set_config(s, &limited);
    assert_int_equal(run(s, sum, SG_LEFT, &r), SG_OK);
    assert_value(r.score, sg_value_int(-5), "stuck leaf scored by evaluate");
    assert_false(r.exact);
    sg_search_config timed = { .iterative = true, .budget = { .seconds = 60 } };
    sg_search_set_config(s, &timed);
    sg_search_clear(s);
    assert_int_equal(run(s, sum, SG_LEFT, &r), SG_OK);
    assert_value(r.score, sg_value_int(-5), "stuck leaf under a budget");
    assert_false(r.exact);
    sg_sum_free(sum);

    /* Iterative deepening stops once an iteration meets no depth limit, also when the
     * only inexact leaves are such stuck ones and a transposition brings the table's
     * entry for a node above them: X = {x1|x1}, Y = {y1|y1}, Z = {z1|z1}, each option a
     * dead end no game calls a number. Left X, Right Y and Left Y, Right X both reach
     * x1 + y1 + z0; the game lasts 3 plies, so iterations past depth 3 find nothing new
     * (each player's best is 0 + evals 0). */
    uint32_t roots[3];
    for (int k = 0; k < 3; k++) {
        uint32_t dead = new_node();
        roots[k] = node2(dead, dead);
    }
    sum = make_sum(SG_FREEZE_INTEGERS, roots, 3);
    sg_search_set_config(s, &timed);
    sg_search_clear(s);
    assert_int_equal(run(s, sum, SG_LEFT, &r), SG_OK);
    assert_value(r.score, sg_value_int(0), "transposed stuck leaves");
    assert_false(r.exact);
    assert_true(r.depth <= 5);
    sg_search_set_config(s, &cfg);
    sg_search_clear(s);
    sg_sum_free(sum);

    /* The same shape reported as the number 1/2: a leaf worth 1/2 (plus the frozen 3). */
    uint32_t odd = new_node();
    tg.node[odd].nr = 1;
    tg.node[odd].r[0] = leaf(1);
    tg.node[odd].is_number = true;
    tg.node[odd].number = sg_value_make(1, 1);
    uint32_t both[2] = { odd, leaf(3) };
    sum = make_sum(SG_FREEZE_INTEGERS, both, 2);
    assert_int_equal(run(s, sum, SG_LEFT, &r), SG_OK);
    assert_value(r.score, sg_value_make(7, 1), "stuck number leaf");
    assert_true(r.exact);
    assert_int_equal(r.pv_length, 0);
    sg_sum_free(sum);
    sg_search_free(s);
}

static void test_bad_config(void **state)
{
    (void)state;
    char err[256] = "";
    sg_search_config cfg = { .tt_log2 = 40 };
    assert_null(sg_search_new(&cfg, err, sizeof err));
    assert_non_null(strstr(err, "transposition table"));
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_hand_values),
        cmocka_unit_test(test_random_exact_no_table),
        cmocka_unit_test(test_random_exact_table),
        cmocka_unit_test(test_random_exact_tiny_table),
        cmocka_unit_test(test_random_exact_iterative),
        cmocka_unit_test(test_depth_limited_no_table),
        cmocka_unit_test(test_depth_limited_table),
        cmocka_unit_test(test_depth_limited_uniform),
        cmocka_unit_test(test_table_keeps_proven_and_heuristic_apart),
        cmocka_unit_test(test_node_budget),
        cmocka_unit_test(test_time_budget),
        cmocka_unit_test(test_extra_component),
        cmocka_unit_test(test_extra_by_hand),
        cmocka_unit_test(test_order_hook),
        cmocka_unit_test(test_order_after_best),
        cmocka_unit_test(test_history),
        cmocka_unit_test(test_reductions),
        cmocka_unit_test(test_outcome),
        cmocka_unit_test(test_outcome_win_ends_the_node),
        cmocka_unit_test(test_stuck_positions),
        cmocka_unit_test(test_bad_config),
    };
    return cmocka_run_group_tests(tests, setup, NULL);
}
