#include "sumgame/cgt.h"
#include "sumgame/game_call.h"
#include "sumgame/rng.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum { LEFT = 0, RIGHT = 1 };

struct node {
    uint32_t opt;     /* first option in t->opts: Left ones, then Right ones */
    uint32_t n[2];    /* option counts per side (0 for numbers: theirs are made lazily) */
    uint32_t neg;     /* id + 1 of the negative, 0 while unknown */
    bool number;
    bool has_stops;   /* stop[] is set: every node but the temporary */
    sg_value value;
    sg_value stop[2]; /* Left and Right stops, for quick comparisons */
};

/* Open addressing from a 64-bit key to a 32-bit value; key 0 is never stored (keys are
 * offset by one). Key and value share a slot: the tables outgrow the caches, and a
 * lookup then costs one miss instead of two. */
struct slot {
    uint64_t key;
    uint32_t val;
};

struct map {
    struct slot *s;
    size_t cap, used;
    unsigned shed; /* times the map could not grow and was emptied instead */
    const uint64_t *ceiling; /* the table's: no growth past it (0 = none) */
};

/* The memo of comparisons between canonical ids, the largest table: one word a slot,
 * (g << 32 | h) << 1 | (g <= h), ids being below 2^31; 0 (g = h = 0) is never stored. */
struct le_map {
    uint64_t *s;
    size_t cap, used;
    unsigned shed;
    const uint64_t *ceiling;
};

/* Comparisons against the temporary, valid for one generation: a slot whose gen is not
 * the current one is empty, so starting a new temporary clears the map at once. key is
 * the other game's id << 2 | the temporary's side << 1 | the answer. */
struct scratch_entry {
    uint32_t gen, key;
};

struct scratch {
    struct scratch_entry *e;
    size_t cap, used;
    uint32_t gen;
};

/* The one non-canonical form alive at a time: canonicalization's {L | R} for the
 * reversibility test. It has its own id and option buffer so that it neither grows the
 * node array nor leaves its comparisons in the permanent le map. */
#define TEMP ((sg_cg)UINT32_MAX)
/* Ids go into scratch keys with two bits to spare, and into le keys with one. */
#define MAX_NODES ((size_t)1 << 30)

struct sg_cgt {
    struct node *nodes;
    size_t count, cap;
    sg_cg *opts;
    size_t nopts, opts_cap;
    struct node temp;
    sg_cg *temp_opts;
    size_t temp_cap;
    struct scratch scratch;
    uint32_t *canon; /* id + 1 per slot, hashed by content */
    size_t canon_cap, canon_used;
    struct le_map le;
    struct map add, positions;
    struct map oracle; /* position key -> 0 (not a number) or id + 1: the first answer */
    /* Raw position hash -> position key, for games with a symmetry: a position is met
     * once from each of its parents, and its representative, asked of the game each time,
     * was 40% of an Amazons room's analysis. Lossy, fixed size, never stale (both sides
     * are functions of the position). */
    uint64_t *rep_keys; /* pairs (raw, key), 2^rep_log2 of them, or NULL */
    unsigned rep_log2;
    /* The process's resident memory the table may grow to (a meter's limit; 0 = none),
     * and whether growth stopped there: a doubling table holds both arrays, so the limit
     * is kept before the allocation rather than noticed after it. */
    uint64_t ceiling;
    bool over;
};

static bool table_short(const sg_cgt *t);

/* Why the table stopped growing, for the meter: its limit, or the machine's end. */
static void note_short(const sg_cgt *t, sg_meter *meter)
{
    meter->stop = t->ceiling ? SG_METER_MEMORY : SG_METER_OUT_OF_MEMORY;
}

/* A metered call sets the ceiling: the meter's memory limit, with room for the rest of
 * the process to move (a tenth). */
static void take_ceiling(sg_cgt *t, const sg_meter *meter)
{
    if (meter && meter->memory_limit)
        t->ceiling = meter->memory_limit / 10 * 9;
}

void sg_cgt_limit_memory(sg_cgt *t, const sg_meter *meter) { take_ceiling(t, meter); }

static uint64_t mix(uint64_t z)
{
    return sg_mix64(z + UINT64_C(0x9E3779B97F4A7C15));
}

static void die_nomem(void)
{
    /* Allocation failure inside a deep recursion has no sane recovery; the callers of the
     * public functions cannot undo half-built memo tables either. */
    fputs("sumgame: out of memory in canonical-form table\n", stderr);
    abort();
}

static void *xrealloc(void *p, size_t n)
{
    void *q = realloc(p, n ? n : 1);
    if (!q)
        die_nomem();
    return q;
}

/* ---- u64 -> u32 maps ---- */

/* Zeroed memory for a hash table. Large tables are probed at random, and with 4 KiB
 * pages nearly every probe also misses the TLB; on Linux they ask for huge pages. */
#define TABLE_MMAP_MIN ((size_t)4 << 20)
static void *table_alloc(size_t bytes)
{
    if (bytes < TABLE_MMAP_MIN)
        return calloc(1, bytes);
    void *p = mmap(NULL, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    if (p == MAP_FAILED)
        return NULL;
#ifdef MADV_HUGEPAGE
    madvise(p, bytes, MADV_HUGEPAGE);
#endif
    return p;
}

/* Whether growing by bytes would take the process past *ceiling. */
static bool past_ceiling(const uint64_t *ceiling, size_t bytes)
{
    return ceiling && *ceiling && sg_process_rss() + bytes > *ceiling;
}

/* Empties a table. A large one is mapped and only partly touched: writing zeros over
 * it would make all of it resident at the moment memory ran short (a memo that could
 * not grow at 150 MB under --memory 200M took the process to 270 MB), so its pages are
 * handed back instead, to come back zeroed when touched. */
static void table_clear(void *p, size_t bytes)
{
#ifdef MADV_DONTNEED
    if (bytes >= TABLE_MMAP_MIN && madvise(p, bytes, MADV_DONTNEED) == 0)
        return;
#endif
    memset(p, 0, bytes);
}

static void table_free(void *p, size_t bytes)
{
    if (bytes < TABLE_MMAP_MIN)
        free(p);
    else if (p)
        munmap(p, bytes);
}

static bool map_get(const struct map *m, uint64_t key, uint32_t *val)
{
    if (!m->cap)
        return false;
    key++;
    for (size_t i = mix(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (m->s[i].key == 0)
            return false;
        if (m->s[i].key == key) {
            *val = m->s[i].val;
            return true;
        }
    }
}

static void map_put(struct map *m, uint64_t key, uint32_t val);

/* The maps are memos: when one cannot grow (the memory ran out, or ulimit -v), it is
 * emptied and goes on at its size, and walks stop at their next position (see
 * table_short), so that the process ends with a message instead of an abort. */
static void map_grow(struct map *m)
{
    struct map old = *m;
    size_t cap = old.cap ? old.cap * 2 : 1024;
    struct slot *s = old.cap && past_ceiling(m->ceiling, cap * sizeof *s)
                         ? NULL
                         : table_alloc(cap * sizeof *s);
    if (!s) {
        if (!old.cap)
            die_nomem();
        table_clear(m->s, m->cap * sizeof *m->s);
        m->used = 0;
        m->shed++;
        return;
    }
    m->cap = cap;
    m->s = s;
    m->used = 0;
    for (size_t i = 0; i < old.cap; i++)
        if (old.s[i].key)
            map_put(m, old.s[i].key - 1, old.s[i].val);
    table_free(old.s, old.cap * sizeof *old.s);
}

static void map_put(struct map *m, uint64_t key, uint32_t val)
{
    if ((m->used + 1) * 2 > m->cap)
        map_grow(m);
    key++;
    size_t i = mix(key) & (m->cap - 1);
    while (m->s[i].key != 0 && m->s[i].key != key)
        i = (i + 1) & (m->cap - 1);
    if (m->s[i].key == 0)
        m->used++;
    m->s[i].key = key;
    m->s[i].val = val;
}

static void map_free(struct map *m) { table_free(m->s, m->cap * sizeof *m->s); }

static bool le_get(const struct le_map *m, uint64_t key, bool *le)
{
    if (!m->cap)
        return false;
    for (size_t i = mix(key) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (m->s[i] == 0)
            return false;
        if (m->s[i] >> 1 == key) {
            *le = m->s[i] & 1;
            return true;
        }
    }
}

static void le_insert(uint64_t *s, size_t cap, uint64_t entry)
{
    size_t i = mix(entry >> 1) & (cap - 1);
    while (s[i])
        i = (i + 1) & (cap - 1);
    s[i] = entry;
}

/* Only for keys not present (sg_cgt_le looks first). */
static void le_put(struct le_map *m, uint64_t key, bool le)
{
    if ((m->used + 1) * 2 > m->cap) {
        size_t cap = m->cap ? m->cap * 2 : 1024;
        uint64_t *s = m->cap && past_ceiling(m->ceiling, cap * sizeof *s)
                          ? NULL
                          : table_alloc(cap * sizeof *s);
        if (!s && m->cap) {
            table_clear(m->s, m->cap * sizeof *m->s);
            m->used = 0;
            m->shed++;
            le_insert(m->s, m->cap, key << 1 | le);
            m->used++;
            return;
        }
        if (!s)
            die_nomem();
        for (size_t i = 0; i < m->cap; i++)
            if (m->s[i])
                le_insert(s, cap, m->s[i]);
        table_free(m->s, m->cap * sizeof *m->s);
        m->s = s;
        m->cap = cap;
    }
    le_insert(m->s, m->cap, key << 1 | le);
    m->used++;
}

/* ---- the temporary's comparisons ---- */

static void scratch_next(struct scratch *s)
{
    s->used = 0;
    if (++s->gen == 0) {
        if (s->cap)
            memset(s->e, 0, s->cap * sizeof *s->e);
        s->gen = 1;
    }
}

static bool scratch_get(const struct scratch *s, uint32_t key, bool *val)
{
    if (!s->cap)
        return false;
    for (size_t i = mix(key) & (s->cap - 1);; i = (i + 1) & (s->cap - 1)) {
        const struct scratch_entry *e = &s->e[i];
        if (e->gen != s->gen)
            return false;
        if (e->key >> 1 == key) {
            *val = e->key & 1;
            return true;
        }
    }
}

static void scratch_insert(struct scratch_entry *e, size_t cap, uint32_t gen, uint32_t key,
                           bool val)
{
    size_t i = mix(key) & (cap - 1);
    while (e[i].gen == gen)
        i = (i + 1) & (cap - 1);
    e[i].gen = gen;
    e[i].key = key << 1 | val;
}

/* Only for keys not present (sg_cgt_le looks first). */
static void scratch_put(struct scratch *s, uint32_t key, bool val)
{
    if ((s->used + 1) * 2 > s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 256;
        struct scratch_entry *e = calloc(cap, sizeof *e);
        if (!e)
            die_nomem();
        for (size_t i = 0; i < s->cap; i++)
            if (s->e[i].gen == s->gen)
                scratch_insert(e, cap, s->gen, s->e[i].key >> 1, s->e[i].key & 1);
        free(s->e);
        s->e = e;
        s->cap = cap;
    }
    scratch_insert(s->e, s->cap, s->gen, key, val);
    s->used++;
}

/* memcpy with a length of zero still wants valid pointers; option lists are often empty. */
static void copy_ids(sg_cg *dst, const sg_cg *src, size_t n)
{
    if (n)
        memcpy(dst, src, n * sizeof *dst);
}

/* ---- nodes ---- */

sg_cgt *sg_cgt_new(void)
{
    sg_cgt *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->le.ceiling = t->add.ceiling = t->positions.ceiling = t->oracle.ceiling = &t->ceiling;
    /* Never NULL, so that offsets into it are always defined. */
    t->opts_cap = 64;
    t->opts = malloc(t->opts_cap * sizeof *t->opts);
    if (!t->opts) {
        free(t);
        return NULL;
    }
    return t;
}

void sg_cgt_free(sg_cgt *t)
{
    if (!t)
        return;
    free(t->nodes);
    free(t->opts);
    free(t->temp_opts);
    free(t->scratch.e);
    free(t->canon);
    table_free(t->le.s, t->le.cap * sizeof *t->le.s);
    map_free(&t->add);
    map_free(&t->positions);
    map_free(&t->oracle);
    free(t->rep_keys);
    free(t);
}

size_t sg_cgt_size(const sg_cgt *t) { return t->count; }

static uint64_t content_hash(const sg_cgt *t, const struct node *n)
{
    if (n->number)
        return mix((uint64_t)n->value.num ^ ((uint64_t)n->value.exp << 56) ^ 0x5151);
    uint64_t h = mix(n->n[LEFT] * 31 + n->n[RIGHT]);
    for (uint32_t i = 0; i < n->n[LEFT] + n->n[RIGHT]; i++)
        h = mix(h ^ t->opts[n->opt + i]);
    return h;
}

static bool same_content(const sg_cgt *t, const struct node *a, const struct node *b)
{
    if (a->number != b->number)
        return false;
    if (a->number)
        return sg_value_eq(a->value, b->value);
    if (a->n[LEFT] != b->n[LEFT] || a->n[RIGHT] != b->n[RIGHT])
        return false;
    size_t n = a->n[LEFT] + a->n[RIGHT];
    return n == 0 || memcmp(&t->opts[a->opt], &t->opts[b->opt], n * sizeof(sg_cg)) == 0;
}

static void canon_grow(sg_cgt *t)
{
    size_t cap = t->canon_cap ? t->canon_cap * 2 : 1024;
    /* The node being made still needs its slot; walks stop at the next position. */
    if (t->canon_cap && past_ceiling(&t->ceiling, cap * sizeof *t->canon))
        t->over = true;
    uint32_t *slots = calloc(cap, sizeof *slots);
    if (!slots)
        die_nomem();
    for (size_t i = 0; i < t->canon_cap; i++) {
        uint32_t id = t->canon[i];
        if (!id)
            continue;
        size_t k = content_hash(t, &t->nodes[id - 1]) & (cap - 1);
        while (slots[k])
            k = (k + 1) & (cap - 1);
        slots[k] = id;
    }
    free(t->canon);
    t->canon = slots;
    t->canon_cap = cap;
}

/* Stops of numbers and of canonical non-numbers: L(G) = max R(G^L), R(G) = min L(G^R).
 * The temporary gets none, since it may equal a number without looking like one, and
 * then the recursion gives the wrong stops. */
static void set_stops(const sg_cgt *t, struct node *n)
{
    if (n->number) {
        n->has_stops = true;
        return;
    }
    if (!n->n[0] || !n->n[1])
        return;
    for (uint32_t i = 0; i < n->n[0] + n->n[1]; i++) {
        const struct node *o = &t->nodes[t->opts[n->opt + i]];
        if (!o->has_stops)
            return;
        int side = i < n->n[0] ? 0 : 1;
        sg_value s = o->stop[!side];
        if (i == 0 || i == n->n[0])
            n->stop[side] = s;
        else if (side == 0 ? sg_value_cmp(s, n->stop[0]) > 0 : sg_value_cmp(s, n->stop[1]) < 0)
            n->stop[side] = s;
    }
    n->has_stops = true;
}

/* The id of the canonical node with options opts[0..nl+nr), appended when new. */
static sg_cg intern(sg_cgt *t, bool number, sg_value value, const sg_cg *opts, uint32_t nl,
                    uint32_t nr)
{
    if (t->nopts + nl + nr > t->opts_cap) {
        t->opts_cap = (t->nopts + nl + nr) * 2 + 64;
        t->opts = xrealloc(t->opts, t->opts_cap * sizeof *t->opts);
    }
    if (t->count == t->cap) {
        if (t->count >= MAX_NODES)
            die_nomem();
        /* The node being made still needs its place; walks stop at the next position. */
        if (t->cap && past_ceiling(&t->ceiling, t->cap * sizeof *t->nodes))
            t->over = true;
        t->cap = t->cap ? t->cap * 2 : 256;
        t->nodes = xrealloc(t->nodes, t->cap * sizeof *t->nodes);
    }
    struct node n = { (uint32_t)t->nopts, { nl, nr }, 0, number, false, value,
                      { value, value } };
    copy_ids(t->opts + t->nopts, opts, nl + nr);
    set_stops(t, &n);
    if ((t->canon_used + 1) * 2 > t->canon_cap)
        canon_grow(t);
    uint64_t h = content_hash(t, &n);
    size_t k = h & (t->canon_cap - 1);
    for (; t->canon[k]; k = (k + 1) & (t->canon_cap - 1))
        if (same_content(t, &t->nodes[t->canon[k] - 1], &n))
            return t->canon[k] - 1;
    t->canon[k] = (uint32_t)t->count + 1;
    t->canon_used++;
    t->nopts += nl + nr;
    t->nodes[t->count] = n;
    return (sg_cg)t->count++;
}

sg_cg sg_cgt_number(sg_cgt *t, sg_value x) { return intern(t, true, x, NULL, 0, 0); }

bool sg_cgt_is_number(const sg_cgt *t, sg_cg g, sg_value *x)
{
    if (!t->nodes[g].number)
        return false;
    if (x)
        *x = t->nodes[g].value;
    return true;
}

/* The canonical options of the number x on one side (at most one). */
static size_t number_option(sg_cgt *t, sg_value x, int side, sg_cg *out)
{
    if (sg_value_is_integer(x)) {
        if (side == LEFT && x.num > 0)
            *out = sg_cgt_number(t, sg_value_int(x.num - 1));
        else if (side == RIGHT && x.num < 0)
            *out = sg_cgt_number(t, sg_value_int(x.num + 1));
        else
            return 0;
        return 1;
    }
    *out = sg_cgt_number(t, sg_value_make(side == LEFT ? x.num - 1 : x.num + 1, x.exp));
    return 1;
}

static const struct node *node_of(const sg_cgt *t, sg_cg g)
{
    return g == TEMP ? &t->temp : &t->nodes[g];
}

static size_t count(sg_cgt *t, sg_cg g, int side)
{
    const struct node *n = node_of(t, g);
    if (n->number) {
        sg_cg dummy;
        return number_option(t, n->value, side, &dummy);
    }
    return n->n[side];
}

static sg_cg option(sg_cgt *t, sg_cg g, int side, size_t i)
{
    const struct node *n = node_of(t, g);
    if (n->number) {
        sg_cg o = 0;
        number_option(t, n->value, side, &o);
        return o;
    }
    const sg_cg *opts = g == TEMP ? t->temp_opts : t->opts + n->opt;
    return opts[(side == RIGHT ? n->n[LEFT] : 0) + i];
}

size_t sg_cgt_left_count(sg_cgt *t, sg_cg g) { return count(t, g, LEFT); }
size_t sg_cgt_right_count(sg_cgt *t, sg_cg g) { return count(t, g, RIGHT); }
sg_cg sg_cgt_left(sg_cgt *t, sg_cg g, size_t i) { return option(t, g, LEFT, i); }
sg_cg sg_cgt_right(sg_cgt *t, sg_cg g, size_t i) { return option(t, g, RIGHT, i); }

/* ---- comparison ---- */

bool sg_cgt_le(sg_cgt *t, sg_cg g, sg_cg h)
{
    if (g == h)
        return true;
    const struct node *a = node_of(t, g), *b = node_of(t, h);
    if (a->number && b->number)
        return sg_value_cmp(a->value, b->value) <= 0;
    /* Stops decide many comparisons at once: they are order-preserving, and L(G) < R(H)
     * gives L(G - H) <= L(G) - R(H) < 0, so G < H (Siegel, CGT, §II.4). */
    if (a->has_stops && b->has_stops) {
        if (sg_value_cmp(a->stop[0], b->stop[0]) > 0 || sg_value_cmp(a->stop[1], b->stop[1]) > 0)
            return false;
        if (sg_value_cmp(a->stop[0], b->stop[1]) < 0)
            return true;
    }
    bool temp = g == TEMP || h == TEMP;
    uint64_t key = temp ? (uint64_t)(g == TEMP ? h : g) << 1 | (g == TEMP) : (uint64_t)g << 32 | h;
    bool seen;
    if (temp ? scratch_get(&t->scratch, (uint32_t)key, &seen) : le_get(&t->le, key, &seen))
        return seen;
    /* G <= H unless some G^L >= H or some H^R <= G. By number avoidance a number's own
     * options never decide a comparison with a canonical non-number, so they are skipped;
     * but not against the temporary of sg_cgt_make, which is no canonical form and may
     * equal a number ({ | R} often equals 0; skipping there once made it -1). */
    bool a_num = a->number && !temp, b_num = b->number && !temp;
    bool le = true;
    if (!a_num)
        for (size_t i = 0, n = count(t, g, LEFT); le && i < n; i++)
            if (sg_cgt_le(t, h, option(t, g, LEFT, i)))
                le = false;
    if (!b_num)
        for (size_t i = 0, n = count(t, h, RIGHT); le && i < n; i++)
            if (sg_cgt_le(t, option(t, h, RIGHT, i), g))
                le = false;
    if (temp)
        scratch_put(&t->scratch, (uint32_t)key, le);
    else
        le_put(&t->le, key, le);
    return le;
}

sg_cmp sg_cgt_compare(sg_cgt *t, sg_cg g, sg_cg h)
{
    bool le = sg_cgt_le(t, g, h), ge = sg_cgt_le(t, h, g);
    return le && ge ? SG_CMP_EQUAL : le ? SG_CMP_LESS : ge ? SG_CMP_GREATER : SG_CMP_FUZZY;
}

/* ---- canonicalization ---- */

/* An option list; short ones (almost all) live in the struct, with no allocation. */
#define LIST_INLINE 8
struct list {
    sg_cg *v;
    size_t n, cap;
    sg_cg inline_v[LIST_INLINE];
};

static void list_init(struct list *l)
{
    l->v = l->inline_v;
    l->n = 0;
    l->cap = LIST_INLINE;
}

static void list_free(struct list *l)
{
    if (l->v != l->inline_v)
        free(l->v);
}

static void list_push(struct list *l, sg_cg g)
{
    for (size_t i = 0; i < l->n; i++)
        if (l->v[i] == g)
            return; /* canonical ids: equal games are the same id */
    if (l->n == l->cap) {
        l->cap *= 2;
        if (l->v == l->inline_v) {
            l->v = xrealloc(NULL, l->cap * sizeof *l->v);
            memcpy(l->v, l->inline_v, sizeof l->inline_v);
        } else {
            l->v = xrealloc(l->v, l->cap * sizeof *l->v);
        }
    }
    l->v[l->n++] = g;
}

static void list_remove(struct list *l, size_t i)
{
    memmove(&l->v[i], &l->v[i + 1], (l->n - i - 1) * sizeof *l->v);
    l->n--;
}

/* True when side prefers b to a or likes them equally: a <= b for Left, a >= b for Right. */
static bool worse(sg_cgt *t, int side, sg_cg a, sg_cg b)
{
    return side == LEFT ? sg_cgt_le(t, a, b) : sg_cgt_le(t, b, a);
}

/* Left keeps its maximal options, Right its minimal ones, in their order. The kept ones
 * are an antichain, so each option is compared with the few kept so far rather than with
 * all the others: options are many (one per move) and the survivors few. */
static void drop_dominated(sg_cgt *t, struct list *l, int side)
{
    size_t kept = 0;
    for (size_t i = 0; i < l->n; i++) {
        sg_cg x = l->v[i];
        bool dominated = false;
        for (size_t j = 0; j < kept && !dominated; j++)
            dominated = worse(t, side, x, l->v[j]);
        if (dominated)
            continue;
        size_t k = 0;
        for (size_t j = 0; j < kept; j++)
            if (!worse(t, side, l->v[j], x))
                l->v[k++] = l->v[j];
        l->v[k++] = x;
        kept = k;
    }
    l->n = kept;
}

static int by_id(const void *a, const void *b)
{
    sg_cg x = *(const sg_cg *)a, y = *(const sg_cg *)b;
    return (x > y) - (x < y);
}

/* Interns the canonical {l | r}. */
static sg_cg intern_lists(sg_cgt *t, const struct list *l, const struct list *r)
{
    sg_cg small[2 * LIST_INLINE] = { 0 };
    sg_cg *all = l->n + r->n <= 2 * LIST_INLINE ? small
                                                : xrealloc(NULL, (l->n + r->n) * sizeof *all);
    copy_ids(all, l->v, l->n);
    copy_ids(all + l->n, r->v, r->n);
    sg_cg g = intern(t, false, sg_value_int(0), all, (uint32_t)l->n, (uint32_t)r->n);
    if (all != small)
        free(all);
    return g;
}

static sg_cg temporary(sg_cgt *t, const struct list *l, const struct list *r)
{
    size_t n = l->n + r->n;
    if (n > t->temp_cap) {
        t->temp_cap = n * 2;
        t->temp_opts = xrealloc(t->temp_opts, t->temp_cap * sizeof *t->temp_opts);
    }
    copy_ids(t->temp_opts, l->v, l->n);
    copy_ids(t->temp_opts + l->n, r->v, r->n);
    t->temp = (struct node){ 0, { (uint32_t)l->n, (uint32_t)r->n }, 0, false, false,
                             sg_value_int(0), { sg_value_int(0), sg_value_int(0) } };
    scratch_next(&t->scratch);
    return TEMP;
}

/* Replaces the first reversible option of side by the options it reverses to.
 * A Left option A reverses through A^R <= G; a Right option B through B^L >= G. */
static bool bypass_one(sg_cgt *t, struct list *l, int side, sg_cg g)
{
    int other = side == LEFT ? RIGHT : LEFT;
    for (size_t i = 0; i < l->n; i++) {
        sg_cg a = l->v[i];
        for (size_t k = 0, n = count(t, a, other); k < n; k++) {
            sg_cg ar = option(t, a, other, k);
            bool reverses = side == LEFT ? sg_cgt_le(t, ar, g) : sg_cgt_le(t, g, ar);
            if (!reverses)
                continue;
            list_remove(l, i);
            for (size_t j = 0, m = count(t, ar, side); j < m; j++)
                list_push(l, option(t, ar, side, j));
            return true;
        }
    }
    return false;
}

int sg_cgt_make(sg_cgt *t, const sg_cg *left, size_t nleft, const sg_cg *right, size_t nright,
                sg_cg *out)
{
    struct list l, r;
    list_init(&l);
    list_init(&r);
    for (size_t i = 0; i < nleft; i++)
        list_push(&l, left[i]);
    for (size_t i = 0; i < nright; i++)
        list_push(&r, right[i]);
    for (;;) {
        drop_dominated(t, &l, LEFT);
        drop_dominated(t, &r, RIGHT);
        sg_cg g = temporary(t, &l, &r);
        if (!bypass_one(t, &l, LEFT, g) && !bypass_one(t, &r, RIGHT, g))
            break;
    }
    /* A canonical form whose options are all numbers, every Left one below every Right
     * one, is the simplest number between them (simplicity theorem); every number's
     * canonical form is of this kind, so no number is missed. */
    bool all_numbers = true, has_lo = false, has_hi = false;
    sg_value lo = sg_value_int(0), hi = sg_value_int(0), x;
    for (size_t i = 0; i < l.n && all_numbers; i++) {
        all_numbers = sg_cgt_is_number(t, l.v[i], &x);
        if (all_numbers && (!has_lo || sg_value_cmp(x, lo) > 0))
            lo = x, has_lo = true;
    }
    for (size_t i = 0; i < r.n && all_numbers; i++) {
        all_numbers = sg_cgt_is_number(t, r.v[i], &x);
        if (all_numbers && (!has_hi || sg_value_cmp(x, hi) < 0))
            hi = x, has_hi = true;
    }
    sg_value simplest;
    if (all_numbers && sg_value_simplest_between(has_lo, lo, has_hi, hi, &simplest) == 0) {
        *out = sg_cgt_number(t, simplest);
    } else {
        if (l.n)
            qsort(l.v, l.n, sizeof *l.v, by_id);
        if (r.n)
            qsort(r.v, r.n, sizeof *r.v, by_id);
        *out = intern_lists(t, &l, &r);
    }
    list_free(&l);
    list_free(&r);
    return SG_OK;
}

/* ---- arithmetic ---- */

sg_cg sg_cgt_neg(sg_cgt *t, sg_cg g)
{
    if (t->nodes[g].number)
        return sg_cgt_number(t, sg_value_neg(t->nodes[g].value));
    if (t->nodes[g].neg)
        return t->nodes[g].neg - 1;
    size_t nl = count(t, g, RIGHT), nr = count(t, g, LEFT);
    sg_cg *opts = xrealloc(NULL, (nl + nr + 1) * sizeof *opts);
    for (size_t i = 0; i < nl; i++)
        opts[i] = sg_cgt_neg(t, option(t, g, RIGHT, i));
    for (size_t i = 0; i < nr; i++)
        opts[nl + i] = sg_cgt_neg(t, option(t, g, LEFT, i));
    sg_cg n;
    sg_cgt_make(t, opts, nl, opts + nl, nr, &n);
    free(opts);
    t->nodes[g].neg = n + 1;
    t->nodes[n].neg = g + 1;
    return n;
}

/* g + h, memoized; an expired meter (or a memo that could not grow) unwinds with
 * SG_ERR_BUDGET, and only finished sums are memoized. */
static int add(sg_cgt *t, sg_cg g, sg_cg h, sg_meter *meter, sg_cg *out)
{
    if (g > h) {
        sg_cg s = g;
        g = h;
        h = s;
    }
    const struct node *a = &t->nodes[g], *b = &t->nodes[h];
    if (a->number && b->number) {
        *out = sg_cgt_number(t, sg_value_add(a->value, b->value));
        return SG_OK;
    }
    uint64_t key = (uint64_t)g << 32 | h;
    uint32_t memo;
    if (map_get(&t->add, key, &memo)) {
        *out = memo;
        return SG_OK;
    }
    if (meter) {
        if (table_short(t)) {
            note_short(t, meter);
            return SG_ERR_BUDGET;
        }
        if (sg_meter_tick(meter))
            return SG_ERR_BUDGET;
    }
    /* Number translation: x + H = {H^L + x | H^R + x} when H is not a number, so the
     * number's own options are never needed. */
    bool a_num = a->number, b_num = b->number;
    struct list side[2];
    list_init(&side[LEFT]);
    list_init(&side[RIGHT]);
    int rc = SG_OK;
    for (int s = LEFT; s <= RIGHT && rc == SG_OK; s++) {
        if (!a_num)
            for (size_t i = 0, n = count(t, g, s); i < n && rc == SG_OK; i++) {
                sg_cg sum;
                rc = add(t, option(t, g, s, i), h, meter, &sum);
                if (rc == SG_OK)
                    list_push(&side[s], sum);
            }
        if (!b_num)
            for (size_t i = 0, n = count(t, h, s); i < n && rc == SG_OK; i++) {
                sg_cg sum;
                rc = add(t, g, option(t, h, s, i), meter, &sum);
                if (rc == SG_OK)
                    list_push(&side[s], sum);
            }
    }
    if (rc == SG_OK) {
        sg_cgt_make(t, side[LEFT].v, side[LEFT].n, side[RIGHT].v, side[RIGHT].n, out);
        map_put(&t->add, key, *out);
    }
    list_free(&side[LEFT]);
    list_free(&side[RIGHT]);
    return rc;
}

int sg_cgt_add(sg_cgt *t, sg_cg g, sg_cg h, sg_cg *out) { return add(t, g, h, NULL, out); }

int sg_cgt_add_metered(sg_cgt *t, sg_cg g, sg_cg h, sg_meter *meter, sg_cg *out)
{
    take_ceiling(t, meter);
    return add(t, g, h, meter, out);
}

int sg_cgt_sub(sg_cgt *t, sg_cg g, sg_cg h, sg_cg *out)
{
    return sg_cgt_add(t, g, sg_cgt_neg(t, h), out);
}

int sg_cgt_sub_metered(sg_cgt *t, sg_cg g, sg_cg h, sg_meter *meter, sg_cg *out)
{
    take_ceiling(t, meter);
    return add(t, g, sg_cgt_neg(t, h), meter, out);
}

static int incentives(sg_cgt *t, sg_cg g, int side, sg_cg *out, size_t cap, size_t *n)
{
    *n = count(t, g, side);
    if (*n > cap)
        return SG_ERR_RANGE;
    for (size_t i = 0; i < *n; i++) {
        sg_cg o = option(t, g, side, i);
        if (side == LEFT)
            sg_cgt_sub(t, o, g, &out[i]);
        else
            sg_cgt_sub(t, g, o, &out[i]);
    }
    return SG_OK;
}

int sg_cgt_left_incentives(sg_cgt *t, sg_cg g, sg_cg *out, size_t cap, size_t *n)
{
    return incentives(t, g, LEFT, out, cap, n);
}

int sg_cgt_right_incentives(sg_cgt *t, sg_cg g, sg_cg *out, size_t cap, size_t *n)
{
    return incentives(t, g, RIGHT, out, cap, n);
}

/* ---- printing ---- */

struct out {
    char *buf;
    size_t cap, used;
    bool overflow;
};

static void put(struct out *o, const char *s)
{
    size_t len = strlen(s);
    if (o->used + len + 1 > o->cap) {
        o->overflow = true;
        return;
    }
    memcpy(o->buf + o->used, s, len + 1);
    o->used += len;
}

static bool is_star(sg_cgt *t, sg_cg g, sg_value *base)
{
    if (t->nodes[g].number || count(t, g, LEFT) != 1 || count(t, g, RIGHT) != 1)
        return false;
    sg_cg l = option(t, g, LEFT, 0), r = option(t, g, RIGHT, 0);
    return l == r && sg_cgt_is_number(t, l, base);
}

/* Whether g is x + *n with n >= 1: the canonical form of x + *n is {x, x*, ..., x*(n-1) |
 * the same}, so both option lists are one list of such games, one for each m < n. */
static bool is_nimber(sg_cgt *t, sg_cg g, sg_value *base, unsigned *n)
{
    const struct node *a = &t->nodes[g];
    size_t k = count(t, g, LEFT);
    if (a->number || k == 0 || k != count(t, g, RIGHT) || k > 64)
        return false;
    uint64_t seen = 0;
    for (size_t i = 0; i < k; i++) {
        sg_cg l = option(t, g, LEFT, i);
        if (l != option(t, g, RIGHT, i))
            return false;
        sg_value b;
        unsigned m = 0;
        if (!sg_cgt_is_number(t, l, &b) && !is_nimber(t, l, &b, &m))
            return false;
        if ((i > 0 && !sg_value_eq(b, *base)) || m >= k || (seen >> m & 1))
            return false;
        *base = b;
        seen |= (uint64_t)1 << m;
    }
    *n = (unsigned)k;
    return true;
}

static void format_game(sg_cgt *t, sg_cg g, struct out *o)
{
    char num[SG_VALUE_TEXT_MAX];
    sg_value x;
    if (sg_cgt_is_number(t, g, &x)) {
        sg_value_format(x, num, sizeof num);
        put(o, num);
        return;
    }
    unsigned heap;
    if (is_nimber(t, g, &x, &heap)) {
        if (x.num != 0) {
            sg_value_format(x, num, sizeof num);
            put(o, num);
        }
        put(o, "*");
        if (heap > 1) {
            snprintf(num, sizeof num, "%u", heap);
            put(o, num);
        }
        return;
    }
    size_t nl = count(t, g, LEFT), nr = count(t, g, RIGHT);
    if (nl == 1 && nr == 1) {
        sg_cg l = option(t, g, LEFT, 0), r = option(t, g, RIGHT, 0);
        sg_value y, base;
        if (sg_cgt_is_number(t, l, &x) && x.num == 0 && is_star(t, r, &base) && base.num == 0) {
            put(o, "^");
            return;
        }
        if (sg_cgt_is_number(t, r, &x) && x.num == 0 && is_star(t, l, &base) && base.num == 0) {
            put(o, "v");
            return;
        }
        if (sg_cgt_is_number(t, l, &x) && sg_cgt_is_number(t, r, &y) && x.num > 0 &&
            sg_value_eq(x, sg_value_neg(y))) {
            sg_value_format(x, num, sizeof num);
            put(o, "±");
            put(o, num);
            return;
        }
    }
    put(o, "{");
    for (size_t i = 0; i < nl; i++) {
        if (i)
            put(o, ",");
        format_game(t, option(t, g, LEFT, i), o);
    }
    put(o, "|");
    for (size_t i = 0; i < nr; i++) {
        if (i)
            put(o, ",");
        format_game(t, option(t, g, RIGHT, i), o);
    }
    put(o, "}");
}

int sg_cgt_format(sg_cgt *t, sg_cg g, char *buf, size_t cap)
{
    if (cap == 0)
        return SG_ERR_RANGE;
    struct out o = { buf, cap, 0, false };
    buf[0] = '\0';
    format_game(t, g, &o);
    return o.overflow ? SG_ERR_RANGE : SG_OK;
}

int sg_cgt_format_alloc(sg_cgt *t, sg_cg g, char **text)
{
    for (size_t cap = 256;; cap *= 4) {
        char *buf = malloc(cap);
        if (!buf)
            return SG_ERR_NOMEM;
        int rc = sg_cgt_format(t, g, buf, cap);
        if (rc == SG_OK) {
            *text = buf;
            return SG_OK;
        }
        free(buf);
        if (rc != SG_ERR_RANGE || cap >= ((size_t)1 << 28))
            return rc;
    }
}

/* ---- canonical forms of plugin positions ---- */

struct walk {
    sg_cgt *t;
    const sg_game *game;
    size_t max_positions, visited;
    sg_meter *meter; /* or NULL */
    char *err;
    size_t errlen;
    /* The moves, children and keys of the positions being expanded, one frame a level
     * of the recursion; addressed by offset, since it may move when it grows. */
    unsigned char *stack;
    size_t stack_used, stack_cap;
    /* The keys of the positions being expanded, root first: a position met again among
     * them lies on a cycle of play, which has no canonical form. */
    uint64_t *path;
    size_t depth, path_cap;
    const void *root; /* the position given, for messages about what play reaches */
};

/* Reserves bytes (16-aligned) on the walk's stack and returns their offset. */
static size_t walk_push(struct walk *w, size_t bytes)
{
    size_t at = w->stack_used, need = at + ((bytes + 15) & ~(size_t)15);
    if (need > w->stack_cap) {
        w->stack_cap = need * 2 + 4096;
        w->stack = xrealloc(w->stack, w->stack_cap);
    }
    w->stack_used = need;
    return at;
}

/* Positions a game's symmetry maps onto each other share one key, so the memo holds one
 * of them (game.h, canonical). */
/* The memo of representatives grows with the positions memo (a table per small room must
 * not pay for a large one), from 2^8 to 2^16 pairs, starting afresh at each size. */
#define REP_KEYS_MIN_LOG2 8
#define REP_KEYS_MAX_LOG2 16
static void rep_keys_fit(sg_cgt *t)
{
    unsigned want = t->rep_log2 ? t->rep_log2 : REP_KEYS_MIN_LOG2;
    while (want < REP_KEYS_MAX_LOG2 && ((size_t)1 << want) < t->positions.used)
        want++;
    if (t->rep_keys && want == t->rep_log2)
        return;
    uint64_t *keys = calloc((size_t)2 << want, sizeof *keys);
    if (!keys)
        return; /* keep the old one, or none */
    free(t->rep_keys);
    t->rep_keys = keys;
    t->rep_log2 = want;
}

static uint64_t position_key(const struct walk *w, const void *pos)
{
    const sg_game_desc *d = w->game->desc;
    if (SG_GAME_HAS(d, canonical)) {
        sg_cgt *t = w->t;
        if (!t->rep_keys || (t->rep_log2 < REP_KEYS_MAX_LOG2 &&
                             t->positions.used > ((size_t)1 << t->rep_log2)))
            rep_keys_fit(t);
        uint64_t raw = mix(sg_gc_hash(d, w->game->instance, pos) ^ w->game->salt ^
                           UINT64_C(0x2545F4914F6CDD1D)) | 1;
        uint64_t *slot = t->rep_keys ? &t->rep_keys[2 * (raw >> (64 - t->rep_log2))] : NULL;
        if (slot && slot[0] == raw)
            return slot[1];
        _Alignas(16) unsigned char rep[SG_POS_MAX];
        sg_gc_canonical(d, w->game->instance, pos, rep);
        uint64_t key = mix(sg_gc_hash(d, w->game->instance, rep) ^ w->game->salt);
        if (slot) {
            slot[0] = raw;
            slot[1] = key;
        }
        return key;
    }
    return mix(sg_gc_hash(d, w->game->instance, pos) ^ w->game->salt);
}

static void prefetch_key(const struct map *m, uint64_t key)
{
    if (m->cap)
        __builtin_prefetch(&m->s[mix(key + 1) & (m->cap - 1)]);
}

/* A memo that could not grow: the memory is at its end. */
static bool table_short(const sg_cgt *t)
{
    return t->over || t->le.shed || t->add.shed || t->positions.shed || t->oracle.shed;
}

static int expand(struct walk *w, const void *pos, uint64_t key, sg_cg *out);

/* A position that is a part of a split, not yet looked up. */
static int walk_part(struct walk *w, const void *pos, sg_cg *out)
{
    uint64_t key = position_key(w, pos);
    uint32_t memo;
    if (map_get(&w->t->positions, key, &memo)) {
        *out = memo;
        return SG_OK;
    }
    return expand(w, pos, key, out);
}

/* The canonical form of a position as played, adding the parts when it splits; key is
 * position_key(pos). Positions are memoized before the split: most are reached many
 * times, and a repeat then costs no split. Most positions split into few small parts,
 * which fit on the stack. */
#define PARTS_STACK 4096
static int walk_result(struct walk *w, const void *pos, uint64_t key, sg_cg *out)
{
    const sg_game_desc *d = w->game->desc;
    uint32_t memo;
    if (map_get(&w->t->positions, key, &memo)) {
        *out = memo;
        return SG_OK;
    }
    if (!d->split)
        return expand(w, pos, key, out);
    size_t size = d->pos_size, stride = (size + 15) & ~(size_t)15, n = 0;
    _Alignas(16) unsigned char small[PARTS_STACK];
    size_t cap = PARTS_STACK / stride;
    unsigned char *parts = small;
    int rc = cap ? sg_gc_split(d, w->game->instance, pos, parts, cap, &n) : SG_ERR_RANGE;
    if (rc == SG_ERR_RANGE) {
        cap = cap > 64 ? cap * 2 : 64;
        parts = malloc(cap * stride);
        if (!parts)
            return SG_ERR_NOMEM;
        rc = sg_gc_split(d, w->game->instance, pos, parts, cap, &n);
    }
    if (rc != SG_OK) {
        snprintf(w->err, w->errlen, "%s: split failed", d->name);
        if (parts != small)
            free(parts);
        return rc;
    }
    if (n == 1 && memcmp(parts, pos, size) == 0) {
        /* Unsplit: the part is the position, already looked up. */
        rc = expand(w, pos, key, out);
    } else {
        for (size_t i = 0; i < n && rc == SG_OK; i++) {
            sg_cg part;
            rc = walk_part(w, parts + i * size, &part);
            if (rc == SG_OK)
                rc = i == 0 ? (*out = part, SG_OK) : sg_cgt_add(w->t, *out, part, out);
        }
    }
    if (n == 0)
        *out = sg_cgt_number(w->t, sg_value_int(0));
    if (parts != small)
        free(parts);
    return rc;
}

/* One player's moves from pos into a frame on the walk's stack: the moves, then each
 * child, then its key. All children are played and hashed first and their memo slots
 * fetched ahead, and all are looked up before any is walked: nearly all are repeats, and
 * their lookups are cache misses that then overlap instead of waiting in turn (and a
 * walk in between would evict what was fetched). A key found is replaced by its form's
 * id + 1, a key not found by 0. */
#define MOVES_FIRST 256
static int children(struct walk *w, const void *pos, int side, size_t *frame, size_t *count)
{
    const sg_game_desc *d = w->game->desc;
    void *inst = w->game->instance;
    size_t n = 0, at = walk_push(w, MOVES_FIRST * sizeof(sg_move));
    int rc = sg_gc_moves(d, inst, pos, (sg_player)side, (sg_move *)(w->stack + at), MOVES_FIRST, &n);
    if (rc == SG_ERR_RANGE) {
        w->stack_used = at;
        at = walk_push(w, n * sizeof(sg_move));
        rc = sg_gc_moves(d, inst, pos, (sg_player)side, (sg_move *)(w->stack + at), n, &n);
    }
    *frame = at;
    *count = n;
    if (rc != SG_OK)
        return rc;
    size_t size = d->pos_size, stride = (size + 15) & ~(size_t)15;
    w->stack_used = at;
    walk_push(w, n * sizeof(sg_move));
    size_t kids = walk_push(w, n * stride), keys = walk_push(w, n * sizeof(uint64_t));
    const sg_move *moves = (const sg_move *)(w->stack + at);
    uint64_t *key = (uint64_t *)(w->stack + keys);
    for (size_t i = 0; i < n && rc == SG_OK; i++) {
        void *next = w->stack + kids + i * stride;
        rc = sg_gc_play(d, inst, pos, (sg_player)side, moves[i], next, w->err, w->errlen);
        if (rc == SG_OK) {
            key[i] = position_key(w, next);
            prefetch_key(&w->t->positions, key[i]);
        }
    }
    for (size_t i = 0; i < n && rc == SG_OK; i++) {
        uint32_t memo;
        if (map_get(&w->t->positions, key[i], &memo))
            key[i] = (uint64_t)memo + 1;
        else
            key[i] = 0;
    }
    return rc;
}

static int expand_new(struct walk *w, const void *at, uint64_t key, sg_cg *out);

/* The longest line of play the walk follows: deeper, the positions each level keeps on
 * the stack would overflow it (ASan's larger frames included). */
#define CGT_MAX_DEPTH 1000

/* Each level of the walk holds positions on the C stack: a game whose positions never
 * repeat (a counter that keeps growing) would otherwise overflow it. Out of line, so the
 * walk's hot path stays small. */
__attribute__((cold, noinline)) static int too_deep(struct walk *w)
{
    const sg_game_desc *d = w->game->desc;
    char root[160];
    if (sg_gc_format(d, w->game->instance, w->root, root, sizeof root) != SG_OK)
        snprintf(root, sizeof root, "?");
    snprintf(w->err, w->errlen,
             "%s: play from '%s' goes on for more than %d moves without ending; the exact "
             "engine handles games no deeper than that",
             d->name, root, CGT_MAX_DEPTH);
    return SG_ERR_UNSUPPORTED;
}

/* Expands a position not in the memo (key is position_key(pos)), refusing one that is
 * already being expanded further up: play has come back to it. A linear scan, since
 * paths are short next to the work of expanding each of their positions. */
static int expand(struct walk *w, const void *at, uint64_t key, sg_cg *out)
{
    for (size_t i = 0; i < w->depth; i++) {
        if (w->path[i] != key)
            continue;
        const sg_game_desc *d = w->game->desc;
        char text[160];
        if (sg_gc_format(d, w->game->instance, at, text, sizeof text) != SG_OK)
            snprintf(text, sizeof text, "?");
        snprintf(w->err, w->errlen,
                 "%s: play from '%s' comes back to it (%zu moves later): a game with cycles "
                 "has no canonical form, and the exact engine handles loop-free games only",
                 d->name, text, w->depth - i);
        return SG_ERR_UNSUPPORTED;
    }
    if (w->depth >= CGT_MAX_DEPTH)
        return too_deep(w);
    if (w->depth == w->path_cap) {
        w->path_cap = w->path_cap ? 2 * w->path_cap : 64;
        w->path = xrealloc(w->path, w->path_cap * sizeof *w->path);
    }
    w->path[w->depth++] = key;
    int rc = expand_new(w, at, key, out);
    w->depth--;
    return rc;
}

static int expand_new(struct walk *w, const void *at, uint64_t key, sg_cg *out)
{
    const sg_game_desc *d = w->game->desc;
    void *inst = w->game->instance;
    /* at may be a child on the walk's stack, which moves when it grows. */
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    memcpy(pos, at, d->pos_size);
    /* A plugin's number() may search (settling a room exactly), so it comes after
     * the memo, and numbers are memoized like other positions. */
    sg_value x;
    if (sg_gc_number(d, inst, pos, &x)) {
        *out = sg_cgt_number(w->t, x);
        map_put(&w->t->positions, key, *out);
        return SG_OK;
    }
    _Alignas(16) unsigned char lifted[SG_POS_MAX];
    if (SG_GAME_HAS(d, moved_elsewhere) && sg_gc_moved_elsewhere(d, inst, pos, lifted)) {
        /* a ban that lasts until a move elsewhere makes the local game depend on play
         * outside it: it has no canonical form */
        char text[160], root[160];
        if (sg_gc_format(d, inst, pos, text, sizeof text) != SG_OK)
            snprintf(text, sizeof text, "?");
        if (w->depth <= 1)
            snprintf(w->err, w->errlen,
                     "%s: '%s' is a ko (a ban a move elsewhere lifts); exact analysis does "
                     "not handle ko",
                     d->name, text);
        else {
            /* The ko lies deeper than the position given: name both, the given first. */
            if (sg_gc_format(d, inst, w->root, root, sizeof root) != SG_OK)
                snprintf(root, sizeof root, "?");
            snprintf(w->err, w->errlen,
                     "%s: play from '%s' reaches a ko after %zu moves ('%s': a ban a move "
                     "elsewhere lifts); exact analysis does not handle ko",
                     d->name, root, w->depth - 1, text);
        }
        return SG_ERR_UNSUPPORTED;
    }
    if (w->max_positions && ++w->visited > w->max_positions) {
        snprintf(w->err, w->errlen, "%s: more than %zu positions", d->name, w->max_positions);
        return SG_ERR_BUDGET;
    }
    if (table_short(w->t)) {
        if (w->meter)
            note_short(w->t, w->meter);
        snprintf(w->err, w->errlen, "%s: the canonical-form table ran out of memory", d->name);
        return SG_ERR_BUDGET;
    }
    if (w->meter && sg_meter_tick(w->meter)) {
        char why[96];
        sg_meter_reason(w->meter, why, sizeof why);
        snprintf(w->err, w->errlen, "%s: stopped at %s", d->name, why);
        return SG_ERR_BUDGET;
    }
    struct list side[2];
    list_init(&side[LEFT]);
    list_init(&side[RIGHT]);
    size_t stride = (d->pos_size + 15) & ~(size_t)15, base = w->stack_used;
    int rc = SG_OK;
    for (int s = LEFT; s <= RIGHT && rc == SG_OK; s++) {
        size_t frame, n;
        rc = children(w, pos, s, &frame, &n);
        size_t kids = frame + ((n * sizeof(sg_move) + 15) & ~(size_t)15);
        size_t keys = kids + ((n * stride + 15) & ~(size_t)15);
        for (size_t i = 0; i < n && rc == SG_OK; i++) {
            /* The stack may move during the recursion: addresses are taken afresh. */
            uint64_t found;
            memcpy(&found, w->stack + keys + i * sizeof found, sizeof found);
            sg_cg o = (sg_cg)(found - 1);
            if (!found) {
                const void *next = w->stack + kids + i * stride;
                rc = walk_result(w, next, position_key(w, next), &o);
            }
            if (rc == SG_OK)
                list_push(&side[s], o);
        }
        w->stack_used = base;
    }
    if (rc == SG_OK) {
        sg_cgt_make(w->t, side[LEFT].v, side[LEFT].n, side[RIGHT].v, side[RIGHT].n, out);
        map_put(&w->t->positions, key, *out);
    }
    list_free(&side[LEFT]);
    list_free(&side[RIGHT]);
    return rc;
}

int sg_cgt_from_game(sg_cgt *t, const sg_game *game, const void *pos, size_t max_positions,
                     sg_cg *out, char *err, size_t errlen)
{
    return sg_cgt_from_game_metered(t, game, pos, max_positions, NULL, out, err, errlen);
}

int sg_cgt_from_game_metered(sg_cgt *t, const sg_game *game, const void *pos,
                             size_t max_positions, sg_meter *meter, sg_cg *out, char *err,
                             size_t errlen)
{
    take_ceiling(t, meter);
    struct walk w = { t, game, max_positions, 0, meter, err, errlen, NULL, 0, 0, NULL, 0, 0,
                      pos };
    int rc = walk_result(&w, pos, position_key(&w, pos), out);
    free(w.stack);
    free(w.path);
    return rc;
}

bool sg_cgt_stops(const sg_cgt *t, sg_cg g, sg_value *left, sg_value *right)
{
    const struct node *n = &t->nodes[g];
    if (!n->has_stops)
        return false;
    *left = n->stop[LEFT];
    *right = n->stop[RIGHT];
    return true;
}

int sg_cgt_number_of(sg_cgt *t, const sg_game *game, const void *pos, size_t max_positions,
                     sg_meter *meter, sg_value *value)
{
    /* A position gets the answer it got first: with a budget, a later question could be
     * answered (its subtree memoized meanwhile) where an earlier one was not, and a sum
     * must not freeze a position on one path and play it out on another (a search
     * keys its table on the position). */
    uint64_t key = mix(sg_gc_hash(game->desc, game->instance, pos) ^ game->salt);
    uint32_t memo;
    if (map_get(&t->oracle, key, &memo))
        return memo && sg_cgt_is_number(t, memo - 1, value) ? SG_CGT_IS_NUMBER
                                                            : SG_CGT_NOT_NUMBER;
    char err[256];
    sg_cg g;
    int rc = sg_cgt_from_game_metered(t, game, pos, max_positions, meter, &g, err, sizeof err);
    if (rc == SG_ERR_BUDGET && meter && sg_meter_expired(meter))
        return SG_CGT_UNKNOWN; /* the whole job stops: nothing to keep consistent */
    bool number = rc == SG_OK && sg_cgt_is_number(t, g, value);
    map_put(&t->oracle, key, number ? g + 1 : 0);
    return number ? SG_CGT_IS_NUMBER : rc == SG_OK ? SG_CGT_NOT_NUMBER : SG_CGT_UNKNOWN;
}

bool sg_cgt_number_oracle(void *oracle, const sg_game *game, const void *pos, sg_value *value)
{
    const sg_cgt_oracle *o = oracle;
    return sg_cgt_number_of(o->table, game, pos, o->max_positions, NULL, value) ==
           SG_CGT_IS_NUMBER;
}
