#include "safety.h"

#include <stdint.h>
#include <string.h>

#include "sumgame/host.h"

enum { SAFE, UNSAFE, UNKNOWN };

#define TT_BITS 18
#define MAX_SETS 48 /* regions or chains of one area */

typedef struct {
    uint64_t key;
    uint8_t result; /* SAFE, UNSAFE or UNKNOWN, plus 1; 0 = an empty slot */
    uint8_t depth;  /* UNKNOWN: the rounds it was searched to */
} tt_entry;

/* One region's local game: the attacker plays in it, the defender answers in it. */
typedef struct {
    const go_geometry *geo;
    int c;                    /* the defender */
    bool join;                /* the chains joined into one by the defender's stones */
    int nchains;
    uint8_t want[MAX_SETS];   /* the eyes sought for each chain (all alike with join) */
    go_bb chain[MAX_SETS];    /* the defender's chains next to the region (their stones
                               * next to it), safe stones of the local board */
    uint64_t salt;            /* the region, the wants and join, for the table's keys */
} local;

typedef struct {
    const sg_host *host;
    double deadline; /* on the host's clock; 0: none */
    long nodes, limit;
    tt_entry *tt;    /* NULL when it could not be had: no table */
} search;

/* The points next to s, s left out. */
static go_bb around(go_bb s, go_bb on) { return go_bb_grow(s, on) & ~s; }

static uint64_t mix(uint64_t h, go_bb b)
{
    uint64_t w[2] = { (uint64_t)b, (uint64_t)(b >> 64) };
    for (int i = 0; i < 2; i++) {
        h ^= w[i] + 0x9e3779b97f4a7c15u + (h << 6) + (h >> 2);
        h *= 0xff51afd7ed558ccdu;
        h ^= h >> 33;
    }
    return h;
}

/* A stored result: SAFE or UNSAFE, or UNKNOWN when it was searched at least `depth`
 * rounds deep and found nothing, which a search as deep or shallower would not either. */
static bool tt_known(const search *s, uint64_t key, int depth, int *result)
{
    if (!s->tt)
        return false;
    const tt_entry *e = &s->tt[key & ((1u << TT_BITS) - 1)];
    if (e->key != key || !e->result || (e->result - 1 == UNKNOWN && e->depth < depth))
        return false;
    *result = e->result - 1;
    return true;
}

/* UNKNOWN is kept only when depth ran out, never the node budget or the clock: those
 * leave every open question open, and the next area's search has a budget of its own. */
static void tt_put(search *s, uint64_t key, int result, int depth)
{
    if (!s->tt || (result == UNKNOWN && s->nodes >= s->limit))
        return;
    tt_entry *e = &s->tt[key & ((1u << TT_BITS) - 1)];
    e->key = key;
    e->result = (uint8_t)(result + 1);
    e->depth = (uint8_t)(depth > 255 ? 255 : depth);
}

/* Chain i with the defender's stones in the region joined to it. */
static go_bb extended(const local *l, const go_board *b, int i)
{
    go_bb mine = b->stones[l->c];
    return l->chain[i] | go_bb_fill(around(l->chain[i], mine | l->chain[i]) & mine, mine);
}

static int cluster_eyes(search *s, const go_geometry *geo, int c, go_bb cluster,
                        const go_bb stones[2], const go_bb *chains, int nchains, int width,
                        int height, bool *joins, int8_t *each);

/* x[i]: chain i with the defender's stones in the region joined to it and every chain
 * they link it to (linked chains are one string: they share liberties and eyes). Whether
 * the stones link them all. */
static bool linked(const local *l, const go_board *b, go_bb *x)
{
    go_bb mine = b->stones[l->c];
    for (int i = 0; i < l->nchains; i++)
        x[i] = extended(l, b, i);
    for (bool grew = true; grew;) {
        grew = false;
        for (int i = 0; i < l->nchains; i++)
            for (int j = i + 1; j < l->nchains; j++)
                if (x[i] != x[j] && (x[i] & x[j] & mine)) {
                    x[i] = x[j] = x[i] | x[j];
                    grew = true;
                }
    }
    for (int i = 1; i < l->nchains; i++)
        if (x[i] != x[0])
            return false;
    return true;
}

/* The region's state for the defender, after his answer (or before the first attack),
 * chains linked through his stones here counting as one (linked()), each chain i seeking
 * l->want[i] eyes:
 * - UNSAFE when a chain next to it has fewer liberties in it than it seeks (one attack
 *   could then take its last ones here while it has none left elsewhere), or than two
 *   while a join has yet to link it;
 * - with l->join, UNKNOWN (play on) until the chains are all linked, and then one unit;
 * - when the defender's stones joined to the chains cut it into clusters, which are then
 *   independent games (a cluster is a connected set of points apart from those stones),
 *   each cluster is read on its own (the defender answers where the attack is) and the
 *   chains add up its eyes: SAFE when every chain has what it seeks, else UNSAFE (not
 *   proven: an answer in another cluster, miai between them, is not read);
 * - SAFE when every chain has the healthy sub-regions it seeks (Benson's sense: every
 *   empty point of the sub-region a liberty of the chain, with the defender's stones
 *   around it all joined to the chain), which no attack can take away;
 * - UNKNOWN otherwise (play on). */
static int judge(search *s, const local *l, const go_board *b)
{
    go_bb mine = b->stones[l->c];
    go_bb empty = b->on & ~(b->stones[0] | b->stones[1]);
    go_bb rest = b->on & ~mine, joined = 0, x[MAX_SETS];
    int nchains = l->nchains;
    bool one = linked(l, b, x);
    for (int i = 0; i < nchains; i++) {
        /* a chain a join is still to link may have no eye elsewhere: its count here is
         * the unit's, so it keeps two liberties here, or one attack could take it */
        int need = l->join && !one && l->want[i] < 2 ? 2 : l->want[i];
        if (go_bb_count(around(x[i], b->on | x[i]) & empty) < need)
            return UNSAFE;
        joined |= x[i] & mine;
    }
    if (l->join) {
        if (!one)
            return UNKNOWN; /* not joined yet: the attacker plays on */
        nchains = 1;
    }
    go_bb open = b->on & ~joined;
    go_bb first = go_bb_fill(open & -open, open);
    if (joined && (open & ~first)) {
        int eyes[MAX_SETS] = { 0 };
        for (go_bb left = open; left;) {
            go_bb cluster = go_bb_fill(left & -left, open);
            left &= ~cluster;
            go_bb chains[MAX_SETS], edge = around(cluster, b->on | b->safe[l->c]);
            int n = 0, of[MAX_SETS];
            for (int i = 0; i < nchains; i++)
                if (x[i] & edge) {
                    of[n] = i;
                    chains[n++] = x[i] & edge;
                }
            go_bb stones[2] = { b->stones[0] & cluster, b->stones[1] & cluster };
            int e = cluster_eyes(s, l->geo, l->c, cluster, stones, chains, n, b->width, b->height,
                                 NULL, NULL);
            if (e < 0) /* not proven; open when the budget cut it, so no table keeps it */
                return s->nodes >= s->limit ? UNKNOWN : UNSAFE;
            for (int j = 0; j < n; j++)
                eyes[of[j]] += e;
        }
        for (int i = 0; i < nchains; i++)
            if (eyes[i] < l->want[i])
                return UNSAFE;
        return SAFE;
    }
    go_bb all = 0;
    for (int i = 0; i < nchains; i++)
        all |= x[i];
    for (go_bb left = rest; left;) {
        go_bb sub = go_bb_fill(left & -left, rest);
        left &= ~sub;
        if ((sub & empty & ~around(all, b->on | all)) || (around(sub, b->on) & mine & ~all))
            return UNKNOWN; /* an empty point the attacker could make an eye of */
    }
    for (int i = 0; i < nchains; i++) {
        go_bb libs = around(x[i], b->on | x[i]) & empty;
        int healthy = 0;
        for (go_bb left = rest & around(x[i], b->on | x[i]); left && healthy < l->want[i];) {
            go_bb sub = go_bb_fill(left & -left, rest);
            left &= ~sub;
            go_bb walls = around(sub, b->on) & mine; /* the region's own stones only */
            if (!(sub & empty & ~libs) && !(walls & ~x[i]))
                healthy++;
        }
        if (healthy < l->want[i])
            return UNKNOWN;
    }
    return SAFE;
}

static int attacked(search *s, const local *l, const go_board *b, int depth);

/* The points of set in the order a reader tries them: the most empty neighbours first
 * (the vital point of an eye shape touches most of it), then the lowest. */
static int ordered(const go_geometry *geo, go_bb set, go_bb empty, int out[GO_POINTS])
{
    int n = 0;
    for (int want = 4; want >= 0; want--)
        for (go_bb e = set; e; e &= e - 1) {
            int p = go_bb_first(e);
            if (go_bb_count(geo->adjacent[p] & empty) == want)
                out[n++] = p;
        }
    return n;
}

/* The defender's answer to an attack that left b: SAFE when some answer (a point next to
 * the attack first, then passing, then the rest) keeps the region safe. */
static int answer(search *s, const local *l, const go_board *b, int attack, int depth)
{
    int result = UNSAFE;
    go_bb empty = b->on & ~(b->stones[0] | b->stones[1]);
    go_bb near = l->geo->adjacent[attack] & empty;
    for (int round = 0; round < 3; round++) {
        if (round == 1) {
            int v = attacked(s, l, b, depth - 1); /* the defender passes */
            if (v == SAFE)
                return SAFE;
            if (v == UNKNOWN)
                result = UNKNOWN;
            continue;
        }
        int list[GO_POINTS];
        int n = ordered(l->geo, round == 0 ? near : empty & ~near, empty, list);
        for (int i = 0; i < n; i++) {
            int r = list[i];
            if (!go_board_legal(b, r, l->c) || go_board_true_eye(b, r, l->c))
                continue;
            go_board next = *b;
            go_board_play(&next, r, l->c);
            int v = attacked(s, l, &next, depth - 1);
            if (v == SAFE)
                return SAFE;
            if (v == UNKNOWN)
                result = UNKNOWN;
        }
    }
    return result;
}

/* b with the attacker to move (after the defender's answer): SAFE when every attack has
 * an answer that keeps the region safe, down to k healthy sub-regions for every chain;
 * UNSAFE when some attack has none; UNKNOWN out of depth, nodes or time. */
static int attacked(search *s, const local *l, const go_board *b, int depth)
{
    uint64_t key = mix(mix(l->salt, b->stones[0]), b->stones[1]) | 1;
    int known;
    if (tt_known(s, key, depth, &known))
        return known; /* before judge, whose clusters are searches of their own */
    int now = judge(s, l, b);
    if (now != UNKNOWN)
        return now;
    if (depth <= 0 || s->nodes >= s->limit)
        return UNKNOWN;
    int a = 1 - l->c, result = SAFE;
    bool moved = false;
    go_board free = *b;
    free.ko = GO_NO_POINT; /* the attacker has a ko threat whenever he needs one */
    go_bb empty = b->on & ~(b->stones[0] | b->stones[1]);
    int list[GO_POINTS];
    int n = ordered(l->geo, empty, empty, list);
    for (int i = 0; i < n && result != UNSAFE; i++) {
        int m = list[i];
        if (!go_board_legal(&free, m, a))
            continue;
        moved = true;
        if (++s->nodes % 1024 == 0 && s->deadline > 0 && s->host->clock_seconds() > s->deadline)
            s->limit = s->nodes; /* out of time: every open question is unknown now */
        go_board next = free;
        go_board_play(&next, m, a);
        int v = answer(s, l, &next, m, depth);
        if (v != SAFE)
            result = v;
        if (result == UNKNOWN && s->nodes >= s->limit)
            break;
    }
    /* Chains still apart when the attacker has no move here are not joined: the model's
     * walls cannot be captured, but a real chain whose last liberty is here can be (a
     * lone stone beside a one-point eye), and two chains sharing an eye are two. */
    go_bb x[MAX_SETS];
    if (l->join && !moved && !linked(l, b, x))
        result = UNSAFE;
    tt_put(s, key, result, depth);
    return result;
}

/* The defender's chains and the regions of an area, on the real board. */
typedef struct {
    go_bb on, stones[2], walls[2], played[2];
} real_board;

static bool real_of(const go_pos *pos, real_board *r)
{
    if (pos->big || !pos->whole)
        return false;
    go_bb on = go_bb_make(pos->on), safe[2] = { go_bb_make(pos->safe[0]), go_bb_make(pos->safe[1]) };
    go_bb dead = go_bb_make(pos->dead), settled_points = go_bb_make(pos->settled);
    r->on = on | safe[0] | safe[1];
    for (int c = 0; c < 2; c++) {
        r->played[c] = go_bb_make(pos->stones[c]) & on;
        r->walls[c] = safe[c] & ~dead & ~settled_points;
        r->stones[c] = r->played[c] | r->walls[c] | (safe[1 - c] & dead);
    }
    return true;
}

/* Whether every attack on b has an answer that keeps each chain its l->want eyes (and
 * with l->join, joins them); the table's key covers the wants. */
static bool holds(search *s, local *l, const go_board *b, uint64_t salt, int depth)
{
    go_bb wants = 0; /* two bits a chain */
    for (int i = 0; i < l->nchains; i++)
        wants |= (go_bb)l->want[i] << (2 * i);
    l->salt = mix(salt * 0x2545f4914f6cdd1du + (l->join ? 8 : 0), wants);
    return attacked(s, l, b, depth) == SAFE;
}

/* Eyes every chain next to cluster can be sure of (0, 1 or 2) with the attacker moving
 * first there and the defender answering there, or -1. stones: the stones in the cluster;
 * chains: the defender's chains around it (their stones next to it, safe stones of the
 * cluster's board). With joins (two chains or more, fewer than two eyes), *joins tells
 * whether the defender can also join every chain into one with as many eyes (Müller's
 * connections: a miai pair of liberties is the simplest). With each, each[i] gets chain
 * i's eyes: the cluster's, raised chain by chain where the answers can also give that
 * chain more (a point shared by several chains may be an eye to some and a liberty of the
 * others). */
static int cluster_eyes(search *s, const go_geometry *geo, int c, go_bb cluster,
                        const go_bb stones[2], const go_bb *chains, int nchains, int width,
                        int height, bool *joins, int8_t *each)
{
    if (joins)
        *joins = false;
    local l;
    memset(&l, 0, sizeof l);
    l.geo = geo;
    l.c = c;
    go_bb around_all = 0;
    for (int i = 0; i < nchains && i < MAX_SETS; i++) {
        l.chain[l.nchains++] = chains[i];
        around_all |= chains[i];
    }
    go_pos lp;
    memset(&lp, 0, sizeof lp);
    lp.width = (uint8_t)width;
    lp.height = (uint8_t)height;
    lp.ko = GO_NO_POINT;
    go_bb_store(cluster, lp.on);
    go_bb_store(stones[0] & cluster, lp.stones[0]);
    go_bb_store(stones[1] & cluster, lp.stones[1]);
    go_bb_store(around_all, lp.safe[c]);
    go_board b;
    if (!l.nchains || !go_board_from_pos(&b, geo, &lp))
        return -1;
    int depth = go_bb_count(cluster & ~(stones[0] | stones[1])) + 4;
    uint64_t salt = mix(mix(mix(0x51ed27u, cluster), around_all), stones[c]);
    for (int i = 0; i < l.nchains; i++)
        salt = mix(salt, l.chain[i]);
    int k = 2;
    for (; k >= 0; k--) {
        memset(l.want, k, sizeof l.want);
        if (holds(s, &l, &b, salt, depth))
            break;
    }
    if (k < 0)
        return -1;
    if (joins && k < 2 && l.nchains > 1) {
        l.join = true;
        *joins = holds(s, &l, &b, salt, depth);
        l.join = false;
    }
    if (each) {
        memset(l.want, k, sizeof l.want);
        for (int i = 0; i < l.nchains && k < 2 && l.nchains > 1; i++)
            while (l.want[i] < 2) {
                l.want[i]++;
                if (!holds(s, &l, &b, salt, depth)) {
                    l.want[i]--;
                    break;
                }
            }
        for (int i = 0; i < l.nchains; i++)
            each[i] = (int8_t)l.want[i];
    }
    return k;
}

/* Eyes every chain next to region, a region of the real board, can be sure of, or -1;
 * eye[i]: area chain i's (chain[0..nc), region_eyes' chains), raised where the region
 * gives that chain more; *joins: whether the defender can join them all there at no cost
 * in eyes. */
static int region_eyes(search *s, const go_geometry *geo, const real_board *r, int c, go_bb region,
                       int width, int height, const go_bb *chain, int nc, int8_t *eye, bool *joins)
{
    go_bb edge = around(region, r->on), chains[MAX_SETS];
    int n = 0, of[MAX_SETS];
    for (int i = 0; i < nc; i++) {
        eye[i] = 0;
        if (chain[i] & edge) {
            of[n] = i;
            chains[n++] = chain[i] & edge;
        }
    }
    go_bb stones[2] = { r->stones[0] & region, r->stones[1] & region };
    int8_t each[MAX_SETS];
    int k = cluster_eyes(s, geo, c, region, stones, chains, n, width, height, joins, each);
    for (int j = 0; j < n && k >= 0; j++)
        eye[of[j]] = each[j];
    return k;
}

/* The next area of c's walls not yet in done: its chains and the regions next to them
 * that hold none of the opponent's walls and at most GO_SAFETY_MAX_EMPTY empty points,
 * and the chains next to those, again and again; 0 when every wall is done. */
static go_bb next_area(const real_board *r, int c, go_bb done)
{
    go_bb mine = r->stones[c], rest = r->on & ~mine;
    go_bb start = r->walls[c] & ~done;
    if (!start)
        return 0;
    go_bb area = go_bb_fill(start & -start, mine), grown;
    for (;;) {
        grown = area;
        for (go_bb e = around(area & mine, r->on) & rest & ~area; e;) {
            go_bb region = go_bb_fill(e & -e, rest);
            e &= ~region;
            go_bb empty = region & ~(r->stones[0] | r->stones[1]);
            if (region & r->walls[1 - c] || go_bb_count(empty) > GO_SAFETY_MAX_EMPTY)
                continue;
            grown |= region | go_bb_fill(around(region, r->on) & mine, mine);
        }
        if (grown == area)
            return area;
        area = grown;
    }
}

/* Whether area is safe with the attacker to move: every region secure (region_eyes: the
 * attacker can make no eye there while the defender answers) and Benson's fixpoint over
 * the area's chains, each region counting the eyes it is worth, leaving every wall two.
 * Chains a region joins (region_eyes) count as one: each region is its own game, the
 * defender answering where the attack is, so every region keeps what it is worth at
 * once. Regions are read smallest first, and the first one that is not secure ends it. */
static bool area_safe(search *s, const go_geometry *geo, const real_board *r, int c, go_bb area,
                      int width, int height)
{
    go_bb mine = r->stones[c] & area, rest = area & ~mine;
    go_bb region[MAX_SETS], chain[MAX_SETS];
    int unit[MAX_SETS], nr = 0, nc = 0;
    int8_t eye[MAX_SETS][MAX_SETS]; /* [region][chain] */
    bool known[MAX_SETS], joins[MAX_SETS];
    for (go_bb left = rest; left && nr < MAX_SETS;) {
        region[nr] = go_bb_fill(left & -left, rest);
        left &= ~region[nr];
        known[nr++] = false;
    }
    for (go_bb left = mine; left && nc < MAX_SETS;) {
        chain[nc] = go_bb_fill(left & -left, mine);
        left &= ~chain[nc];
        unit[nc] = nc;
        nc++;
    }
    for (int read = 0; read < nr; read++) {
        int next = -1;
        for (int j = 0; j < nr; j++)
            if (!known[j] && (next < 0 || go_bb_count(region[j]) < go_bb_count(region[next])))
                next = j;
        known[next] = true;
        int k = region_eyes(s, geo, r, c, region[next], width, height, chain, nc, eye[next],
                            &joins[next]);
        if (k < 0 || s->nodes >= s->limit)
            return false;
        /* a join and the counts chain by chain are two strategies, each proven alone: a
         * region that joins gives its unit the eyes it joins with */
        for (int i = 0; i < nc && joins[next]; i++)
            if (eye[next][i] > k)
                eye[next][i] = (int8_t)k;
    }
    go_bb edge[MAX_SETS]; /* each region's neighbours */
    for (int j = 0; j < nr; j++)
        edge[j] = around(region[j], r->on);
    /* unit[i]: the least chain joined to chain i. A join merges whole units, so one pass
     * over the regions leaves every unit labelled by its least chain. */
    for (int j = 0; j < nr; j++) {
        if (!joins[j])
            continue;
        int least = nc;
        for (int i = 0; i < nc; i++)
            if ((edge[j] & chain[i]) && unit[i] < least)
                least = unit[i];
        for (int i = 0; i < nc; i++)
            if ((edge[j] & chain[i]) && unit[i] != least) {
                int from = unit[i];
                for (int m = 0; m < nc; m++)
                    if (unit[m] == from)
                        unit[m] = least;
            }
    }
    go_bb of[MAX_SETS] = { 0 }; /* each unit's stones, at its least chain */
    for (int i = 0; i < nc; i++)
        of[unit[i]] |= chain[i];
    bool alive[MAX_SETS], active[MAX_SETS];
    for (int i = 0; i < nc; i++)
        alive[i] = unit[i] == i;
    for (int j = 0; j < nr; j++)
        active[j] = true;
    for (bool changed = true; changed;) {
        changed = false;
        for (int i = 0; i < nc; i++) {
            if (!alive[i])
                continue;
            /* a region's eyes for a unit: the most it gives any of the unit's chains (a
             * healthy sub-region of one is the unit's; several may be the same one) */
            int sum = 0;
            for (int j = 0; j < nr; j++) {
                int most = 0;
                for (int m = 0; m < nc && active[j]; m++)
                    if (unit[m] == i && eye[j][m] > most)
                        most = eye[j][m];
                sum += most;
            }
            if (sum < 2) {
                alive[i] = false;
                changed = true;
                for (int j = 0; j < nr; j++)
                    if (edge[j] & of[i])
                        active[j] = false;
            }
        }
    }
    for (int i = 0; i < nc; i++)
        if (unit[i] == i && !alive[i] && (of[i] & r->walls[c]))
            return false;
    return true;
}

static void start(search *s, const sg_host *host, long nodes, double seconds)
{
    memset(s, 0, sizeof *s);
    s->host = host;
    s->deadline = seconds > 0 && host->clock_seconds ? host->clock_seconds() + seconds : 0;
    s->limit = nodes;
}

/* The table, had when the first area is read (most moves read none). */
static void table(search *s)
{
    if (s->tt)
        return;
    size_t size = ((size_t)1 << TT_BITS) * sizeof *s->tt;
    s->tt = s->host->alloc(size);
    if (s->tt)
        memset(s->tt, 0, size);
}

static void finish(search *s)
{
    if (s->tt)
        s->host->free(s->tt);
}

/* The real board as a go_board, for the defender's answers. */
static bool real_go_board(const go_geometry *geo, const go_pos *pos, const real_board *r,
                          go_board *b)
{
    go_pos lp;
    memset(&lp, 0, sizeof lp);
    lp.width = pos->width;
    lp.height = pos->height;
    lp.ko = pos->ko;
    lp.ko_banned = pos->ko_banned;
    go_bb_store(r->on, lp.on);
    go_bb_store(r->stones[0], lp.stones[0]);
    go_bb_store(r->stones[1], lp.stones[1]);
    return go_board_from_pos(b, geo, &lp);
}

bool go_safety_reply(const sg_host *host, const go_geometry *geo, const go_pos *pos, int c,
                     long nodes, double seconds, int *move)
{
    real_board r;
    go_board whole;
    if (nodes <= 0 || !real_of(pos, &r) || !real_go_board(geo, pos, &r, &whole))
        return false;
    search s;
    start(&s, host, nodes, seconds);
    bool found = false;
    go_bb done = 0;
    for (go_bb area; !found && (area = next_area(&r, c, done));) {
        done |= area;
        go_bb attackers = r.played[1 - c] & area;
        if (!attackers)
            continue;
        table(&s);
        if (area_safe(&s, geo, &r, c, area, pos->width, pos->height))
            continue;
        go_bb empty = area & ~(r.stones[0] | r.stones[1]);
        go_bb near = around(attackers, r.on) & empty;
        for (int round = 0; round < 2 && !found; round++)
            for (go_bb e = round == 0 ? near : empty & ~near; e && !found; e &= e - 1) {
                int q = go_bb_first(e);
                if (s.nodes >= s.limit)
                    break;
                if (!go_board_legal(&whole, q, c) || go_board_true_eye(&whole, q, c))
                    continue;
                go_board next = whole;
                go_board_play(&next, q, c);
                real_board after = r;
                after.stones[0] = next.stones[0];
                after.stones[1] = next.stones[1];
                after.played[1 - c] &= next.stones[1 - c];
                /* the area of the answer may have grown or split: every area of c's walls
                 * that held the old one must be safe */
                bool safe = true;
                go_bb seen = 0;
                for (go_bb sub; safe && (sub = next_area(&after, c, seen)); seen |= sub)
                    if (sub & area)
                        safe = area_safe(&s, geo, &after, c, sub, pos->width, pos->height);
                if (safe) {
                    *move = q;
                    found = true;
                }
            }
    }
    finish(&s);
    return found;
}

void go_safety_count(const sg_host *host, const go_geometry *geo, const go_pos *pos, int c,
                     long nodes, int *areas, int *proven, go_bb *covered)
{
    real_board r;
    *areas = *proven = 0;
    *covered = 0;
    if (!real_of(pos, &r))
        return;
    search s;
    start(&s, host, nodes, 0);
    go_bb done = 0;
    for (go_bb area; (area = next_area(&r, c, done));) {
        done |= area;
        (*areas)++;
        table(&s);
        s.nodes = 0;
        s.limit = nodes;
        if (area_safe(&s, geo, &r, c, area, pos->width, pos->height)) {
            (*proven)++;
            *covered |= area;
        }
    }
    finish(&s);
}
