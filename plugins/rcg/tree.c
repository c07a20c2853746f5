#include "tree.h"

#include <stdio.h>
#include <string.h>

#include "sumgame/rng.h"

#define EMPTY_SLOT UINT32_MAX

void rcg_tree_init(rcg_tree *t, const sg_host *host)
{
    memset(t, 0, sizeof *t);
    t->host = host;
}

void rcg_tree_free(rcg_tree *t)
{
    const sg_host *h = t->host;
    h->free(t->nodes);
    h->free(t->opts);
    h->free(t->slots);
    h->free(t->memo_stamp);
    h->free(t->memo_val);
    rcg_tree_init(t, h);
}

static uint64_t combine(uint64_t h, uint64_t x)
{
    return sg_mix64(h ^ (x + UINT64_C(0x9e3779b97f4a7c15) + (h << 6) + (h >> 2)));
}

static uint64_t key_leaf(sg_value v)
{
    return combine(combine(1, (uint64_t)v.num), (uint64_t)(uint32_t)v.exp);
}

static uint64_t key_game(const uint32_t *left, uint32_t nleft, const uint32_t *right,
                         uint32_t nright)
{
    uint64_t h = combine(2, nleft);
    for (uint32_t i = 0; i < nleft; i++)
        h = combine(h, left[i]);
    h = combine(h, nright);
    for (uint32_t i = 0; i < nright; i++)
        h = combine(h, right[i]);
    return h;
}

static uint64_t key_of(const rcg_tree *t, uint32_t id)
{
    const rcg_node *n = &t->nodes[id];
    if (n->leaf)
        return key_leaf(n->value);
    return key_game(rcg_tree_left(t, n), n->nleft, rcg_tree_right(t, n), n->nright);
}

static int no_memory(char *err, size_t errlen)
{
    if (errlen)
        snprintf(err, errlen, "out of memory for the game tree");
    return SG_ERR_NOMEM;
}

/* Doubles the slot table (kept at most half full) and reinserts every node. */
static int grow_slots(rcg_tree *t)
{
    size_t n = t->nslots ? t->nslots * 2 : 1024;
    uint32_t *s = t->host->alloc(n * sizeof *s);
    if (!s)
        return SG_ERR_NOMEM;
    memset(s, 0xff, n * sizeof *s);
    for (uint32_t id = 0; id < t->count; id++) {
        size_t i = (size_t)key_of(t, id) & (n - 1);
        while (s[i] != EMPTY_SLOT)
            i = (i + 1) & (n - 1);
        s[i] = id;
    }
    t->host->free(t->slots);
    t->slots = s;
    t->nslots = n;
    return SG_OK;
}

/* Makes room for one more node and nopt more option ids. */
static int reserve(rcg_tree *t, uint32_t nopt, char *err, size_t errlen)
{
    if (t->count >= RCG_MAX_NODES) {
        if (errlen)
            snprintf(err, errlen, "game tree too large (more than %lu nodes)",
                     (unsigned long)RCG_MAX_NODES);
        return SG_ERR_INVALID;
    }
    if (t->count == t->cap) {
        uint32_t cap = t->cap ? t->cap * 2 : 256;
        rcg_node *nodes = t->host->realloc(t->nodes, (size_t)cap * sizeof *nodes);
        if (!nodes)
            return no_memory(err, errlen);
        t->nodes = nodes;
        uint32_t *stamp = t->host->realloc(t->memo_stamp, (size_t)cap * 2 * sizeof *stamp);
        if (!stamp)
            return no_memory(err, errlen);
        memset(stamp + (size_t)t->cap * 2, 0, (size_t)(cap - t->cap) * 2 * sizeof *stamp);
        t->memo_stamp = stamp;
        uint8_t *val = t->host->realloc(t->memo_val, (size_t)cap * 2);
        if (!val)
            return no_memory(err, errlen);
        t->memo_val = val;
        t->cap = cap;
    }
    if (t->nopts + nopt > t->opts_cap || !t->opts) { /* never NULL: ids point into it */
        size_t cap = t->opts_cap ? t->opts_cap : 1024;
        while (cap < t->nopts + nopt)
            cap *= 2;
        uint32_t *opts = t->host->realloc(t->opts, cap * sizeof *opts);
        if (!opts)
            return no_memory(err, errlen);
        t->opts = opts;
        t->opts_cap = cap;
    }
    if ((size_t)(t->count + 1) * 2 > t->nslots && grow_slots(t) != SG_OK)
        return no_memory(err, errlen);
    return SG_OK;
}

static bool same_game(const rcg_tree *t, uint32_t id, const uint32_t *left, uint32_t nleft,
                      const uint32_t *right, uint32_t nright)
{
    const rcg_node *n = &t->nodes[id];
    return !n->leaf && n->nleft == nleft && n->nright == nright &&
           memcmp(rcg_tree_left(t, n), left, nleft * sizeof *left) == 0 &&
           memcmp(rcg_tree_right(t, n), right, nright * sizeof *right) == 0;
}

static void insert_slot(rcg_tree *t, uint64_t key, uint32_t id)
{
    size_t i = (size_t)key & (t->nslots - 1);
    while (t->slots[i] != EMPTY_SLOT)
        i = (i + 1) & (t->nslots - 1);
    t->slots[i] = id;
}

/* ---- Comparisons of a node with a number --------------------------------------------
 * For a node a that is not a number and a number x, the number avoidance theorem lets
 * the opponent of the comparison answer in a alone:
 *     x <= a  iff  no a^R <= x,        a <= x  iff  no x <= a^L.
 * The stops decide all but the tie: x < RS(a) gives x < a, x > RS(a) gives not x <= a
 * (and symmetrically with LS for a <= x), so the recursion follows only positions whose
 * stop equals x, memoized per node for the current x. */

static bool game_le_number(rcg_tree *t, uint32_t a, sg_value x);

static bool number_le_game(rcg_tree *t, sg_value x, uint32_t a)
{
    const rcg_node *n = &t->nodes[a];
    if (n->is_number)
        return sg_value_cmp(x, n->value) <= 0;
    int c = sg_value_cmp(x, n->rstop);
    if (c != 0)
        return c < 0;
    size_t m = (size_t)a * 2;
    if (t->memo_stamp[m] == t->stamp)
        return t->memo_val[m];
    bool r = true;
    const uint32_t *right = rcg_tree_right(t, n);
    for (uint32_t i = 0; i < n->nright && r; i++)
        if (game_le_number(t, right[i], x))
            r = false;
    t->memo_stamp[m] = t->stamp;
    t->memo_val[m] = r;
    return r;
}

static bool game_le_number(rcg_tree *t, uint32_t a, sg_value x)
{
    const rcg_node *n = &t->nodes[a];
    if (n->is_number)
        return sg_value_cmp(n->value, x) <= 0;
    int c = sg_value_cmp(x, n->lstop);
    if (c != 0)
        return c > 0;
    size_t m = (size_t)a * 2 + 1;
    if (t->memo_stamp[m] == t->stamp)
        return t->memo_val[m];
    bool r = true;
    const uint32_t *left = rcg_tree_left(t, n);
    for (uint32_t i = 0; i < n->nleft && r; i++)
        if (number_le_game(t, x, left[i]))
            r = false;
    t->memo_stamp[m] = t->stamp;
    t->memo_val[m] = r;
    return r;
}

static void next_stamp(rcg_tree *t)
{
    if (++t->stamp == 0) {
        memset(t->memo_stamp, 0, (size_t)t->cap * 2 * sizeof *t->memo_stamp);
        t->stamp = 1;
    }
}

/* Day on which the number v is born: n for an integer n, floor(|v|) + 1 + q for a
 * non-integer with denominator 2^q. Among the numbers of an interval, the one born first
 * is unique: it is the simplest. */
static int64_t birthday(sg_value v)
{
    int64_t a = v.num < 0 ? -v.num : v.num;
    if (v.exp == 0)
        return a;
    return (a >> v.exp) + 1 + v.exp;
}

/* One end of the interval of numbers x with G^L <| x <| G^R for every option. */
typedef struct bound {
    bool present;
    bool closed;
    sg_value at;
} bound;

/* Simplicity theorem: G is a number iff some number x satisfies G^L <| x <| G^R for all
 * options, and then G is the simplest such x. For a Left option a, x satisfies a <| x
 * (i.e. not x <= a) for x > RS(a) and not for x < RS(a); at x = RS(a) it is decided
 * exactly. A numeric option a gives x > a. Symmetrically for Right options with LS. So
 * the x form an interval whose ends are open or closed. A side without options leaves
 * that end unbounded; in particular a node where one player has no move is always a
 * number (an integer, since the interval is then unbounded). */
static bool number_between(bound lo, bound hi, sg_value *out)
{
    if (lo.present && hi.present) {
        int c = sg_value_cmp(lo.at, hi.at);
        if (c > 0 || (c == 0 && !(lo.closed && hi.closed)))
            return false;
        if (c == 0) {
            *out = lo.at;
            return true;
        }
    }
    sg_value best;
    if (sg_value_simplest_between(lo.present, lo.at, hi.present, hi.at, &best) != 0)
        return false;
    if (lo.present && lo.closed && birthday(lo.at) < birthday(best))
        best = lo.at;
    if (hi.present && hi.closed && birthday(hi.at) < birthday(best))
        best = hi.at;
    *out = best;
    return true;
}

static int too_deep(char *err, size_t errlen)
{
    if (errlen)
        snprintf(err, errlen, "game tree too deep (more than %d levels)", RCG_MAX_HEIGHT);
    return SG_ERR_INVALID;
}

static int max_height(const rcg_tree *t, const uint32_t *ids, uint32_t n)
{
    int h = -1;
    for (uint32_t i = 0; i < n; i++)
        if (t->nodes[ids[i]].height > h)
            h = t->nodes[ids[i]].height;
    return h;
}

/* Fills in everything about n that follows from its options. Fails on numbers finer or
 * larger than sg_value handles, which only deep hand-made nestings reach. */
static int analyse(rcg_tree *t, rcg_node *n, const uint32_t *left, const uint32_t *right,
                   char *err, size_t errlen)
{
    int hl = max_height(t, left, n->nleft), hr = max_height(t, right, n->nright);
    n->height = (uint16_t)((hl > hr ? hl : hr) + 1);
    n->simple = n->leaf || (n->nleft == 1 && n->nright == 1 && t->nodes[left[0]].simple &&
                            t->nodes[right[0]].simple);
    n->bars = 0;
    if (!n->leaf && n->simple) {
        uint16_t a = t->nodes[left[0]].bars, b = t->nodes[right[0]].bars;
        n->bars = (uint16_t)((a > b ? a : b) + 1);
    }
    if (n->leaf) {
        n->is_number = 1;
        n->lstop = n->rstop = n->lo = n->hi = n->value;
        return SG_OK;
    }
    bound lo = { false, false, { 0, 0 } }, hi = { false, false, { 0, 0 } };
    for (uint32_t i = 0; i < n->nleft; i++) {
        const rcg_node *a = &t->nodes[left[i]];
        bound b = { true, false, a->is_number ? a->value : a->rstop };
        if (!a->is_number) {
            next_stamp(t);
            b.closed = !number_le_game(t, b.at, left[i]);
        }
        int c = lo.present ? sg_value_cmp(b.at, lo.at) : 1;
        if (c > 0 || (c == 0 && !b.closed))
            lo = b;
    }
    for (uint32_t i = 0; i < n->nright; i++) {
        const rcg_node *a = &t->nodes[right[i]];
        bound b = { true, false, a->is_number ? a->value : a->lstop };
        if (!a->is_number) {
            next_stamp(t);
            b.closed = !game_le_number(t, right[i], b.at);
        }
        int c = hi.present ? sg_value_cmp(b.at, hi.at) : -1;
        if (c < 0 || (c == 0 && !b.closed))
            hi = b;
    }
    n->is_number = number_between(lo, hi, &n->value);
    if (n->is_number) {
        sg_value v = n->value;
        if (v.exp > SG_VALUE_MAX_EXP || v.num > SG_VALUE_MAX_ABS || v.num < -SG_VALUE_MAX_ABS) {
            if (errlen)
                snprintf(err, errlen, "the game's value is beyond the supported numbers "
                                      "(denominators up to 2^%d, magnitudes up to 2^52)",
                         SG_VALUE_MAX_EXP);
            return SG_ERR_INVALID;
        }
        n->lstop = n->rstop = n->lo = n->hi = n->value;
        return SG_OK;
    }
    /* Not a number, so both sides have options (see number_between). */
    const rcg_node *first = &t->nodes[left[0]];
    n->lstop = first->rstop;
    n->lo = first->lo;
    n->hi = first->hi;
    for (uint32_t i = 1; i < n->nleft; i++)
        n->lstop = sg_value_max(n->lstop, t->nodes[left[i]].rstop);
    n->rstop = t->nodes[right[0]].lstop;
    for (uint32_t i = 1; i < n->nright; i++)
        n->rstop = sg_value_min(n->rstop, t->nodes[right[i]].lstop);
    for (uint32_t i = 0; i < n->nleft; i++) {
        n->lo = sg_value_min(n->lo, t->nodes[left[i]].lo);
        n->hi = sg_value_max(n->hi, t->nodes[left[i]].hi);
    }
    for (uint32_t i = 0; i < n->nright; i++) {
        n->lo = sg_value_min(n->lo, t->nodes[right[i]].lo);
        n->hi = sg_value_max(n->hi, t->nodes[right[i]].hi);
    }
    return SG_OK;
}

/* Analyses a new node and appends it. */
static int push(rcg_tree *t, uint64_t key, bool leaf, sg_value v, const uint32_t *left,
                uint32_t nleft, const uint32_t *right, uint32_t nright, uint32_t *id,
                char *err, size_t errlen)
{
    int rc = reserve(t, nleft + nright, err, errlen);
    if (rc != SG_OK)
        return rc;
    rcg_node n;
    memset(&n, 0, sizeof n);
    n.leaf = leaf;
    n.value = v;
    n.nleft = nleft;
    n.nright = nright;
    rc = analyse(t, &n, left, right, err, errlen);
    if (rc != SG_OK)
        return rc;
    n.first = (uint32_t)t->nopts;
    if (nleft)
        memcpy(t->opts + t->nopts, left, nleft * sizeof *left);
    if (nright)
        memcpy(t->opts + t->nopts + nleft, right, nright * sizeof *right);
    t->nopts += nleft + nright;
    *id = t->count++;
    t->nodes[*id] = n;
    insert_slot(t, key, *id);
    return SG_OK;
}

int rcg_tree_leaf(rcg_tree *t, sg_value v, uint32_t *id, char *err, size_t errlen)
{
    uint64_t key = key_leaf(v);
    for (size_t i = t->nslots ? (size_t)key & (t->nslots - 1) : 0;
         t->nslots && t->slots[i] != EMPTY_SLOT; i = (i + 1) & (t->nslots - 1)) {
        const rcg_node *n = &t->nodes[t->slots[i]];
        if (n->leaf && sg_value_eq(n->value, v)) {
            *id = t->slots[i];
            return SG_OK;
        }
    }
    uint32_t opt[2];
    uint32_t nopt = 0;
    if (v.exp > 0) {
        /* The canonical form {v - 2^-q | v + 2^-q}: both options have a smaller
         * denominator, so this recursion is at most q deep. */
        sg_value step = sg_value_make(1, v.exp);
        int rc = rcg_tree_leaf(t, sg_value_sub(v, step), &opt[0], err, errlen);
        if (rc == SG_OK)
            rc = rcg_tree_leaf(t, sg_value_add(v, step), &opt[1], err, errlen);
        if (rc != SG_OK)
            return rc;
        nopt = 2;
        if (max_height(t, opt, 2) + 1 > RCG_MAX_HEIGHT)
            return too_deep(err, errlen);
    }
    return push(t, key, true, v, opt, nopt / 2, opt + 1, nopt / 2, id, err, errlen);
}

int rcg_tree_game(rcg_tree *t, const uint32_t *left, uint32_t nleft, const uint32_t *right,
                  uint32_t nright, uint32_t *id, char *err, size_t errlen)
{
    /* {|} has the structure of the leaf 0, and {a|b} with a = p-1, b = p+1 over 2^q is
     * the dyadic leaf p/2^q: hash-consing must give them the same id. */
    if (nleft == 0 && nright == 0)
        return rcg_tree_leaf(t, sg_value_int(0), id, err, errlen);
    if (nleft == 1 && nright == 1) {
        const rcg_node *a = &t->nodes[left[0]], *b = &t->nodes[right[0]];
        if (a->leaf && b->leaf && sg_value_cmp(a->value, b->value) < 0) {
            sg_value mid = sg_value_half(sg_value_add(a->value, b->value));
            if (mid.exp > 0 && mid.exp <= SG_VALUE_MAX_EXP && sg_value_eq(sg_value_sub(mid, a->value),
                                           sg_value_make(1, mid.exp)))
                return rcg_tree_leaf(t, mid, id, err, errlen);
        }
    }
    uint64_t key = key_game(left, nleft, right, nright);
    for (size_t i = t->nslots ? (size_t)key & (t->nslots - 1) : 0;
         t->nslots && t->slots[i] != EMPTY_SLOT; i = (i + 1) & (t->nslots - 1)) {
        if (same_game(t, t->slots[i], left, nleft, right, nright)) {
            *id = t->slots[i];
            return SG_OK;
        }
    }
    if (max_height(t, left, nleft) + 1 > RCG_MAX_HEIGHT ||
        max_height(t, right, nright) + 1 > RCG_MAX_HEIGHT)
        return too_deep(err, errlen);
    if ((uint64_t)nleft + nright > UINT32_MAX / 2) {
        if (errlen)
            snprintf(err, errlen, "too many options");
        return SG_ERR_INVALID;
    }
    return push(t, key, false, sg_value_int(0), left, nleft, right, nright, id, err, errlen);
}
