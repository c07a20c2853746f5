#include "playout.h"

#include <sumgame/rng.h>

/* The empty points of the board, with each point's index for O(1) removal. */
typedef struct empties {
    uint8_t list[GO_POINTS];
    uint8_t at[GO_POINTS];
    int n;
} empties;

static void empties_add(empties *e, int p)
{
    e->at[p] = (uint8_t)e->n;
    e->list[e->n++] = (uint8_t)p;
}

static void empties_remove(empties *e, int p)
{
    int i = e->at[p], last = e->list[--e->n];
    e->list[i] = (uint8_t)last;
    e->at[last] = (uint8_t)i;
}

static void play(go_board *b, empties *e, int p, int c)
{
    go_bb before = b->stones[1 - c];
    empties_remove(e, p);
    if (go_board_play(b, p, c))
        for (go_bb t = before & ~b->stones[1 - c]; t; t &= t - 1)
            empties_add(e, go_bb_first(t));
}

/* Liberties c's string would have after extending at its last liberty p. */
static int libs_after(const go_board *b, int p, int c)
{
    const go_geometry *g = b->geo;
    go_bb empty = b->on & ~(b->stones[0] | b->stones[1]);
    go_bb libs = g->adjacent[p] & empty;
    for (int k = 0; k < 4; k++) {
        int q = g->around[p][k];
        if (q != GO_NO_POINT && (b->stones[c] & g->bit[q]))
            libs |= b->str_libs[b->sid[q]];
    }
    return go_bb_count(libs & ~g->bit[p]);
}

/* Rules 1 and 2 around the last move; writes candidates and returns their number. */
static int answers(const go_board *b, int last, int c, uint8_t *out)
{
    const go_geometry *g = b->geo;
    int n = 0, o = 1 - c;
    go_bb libs = b->str_libs[b->sid[last]];
    if (go_bb_count(libs) == 1) { /* rule 1 */
        int p = go_bb_first(libs);
        if (go_board_legal(b, p, c))
            out[n++] = (uint8_t)p;
    }
    go_bb seen = 0;
    for (int k = 0; k < 4; k++) { /* rule 2 */
        int q = g->around[last][k];
        if (q == GO_NO_POINT || !(b->stones[c] & g->bit[q]) || (seen & g->bit[q]))
            continue;
        int s = b->sid[q];
        seen |= b->str_stones[s];
        if (go_bb_count(b->str_libs[s]) != 1)
            continue;
        /* capture a neighbour in atari */
        go_bb next_to = go_bb_grow(b->str_stones[s], b->on) & b->stones[o];
        while (next_to) {
            int t = b->sid[go_bb_first(next_to)];
            next_to &= ~b->str_stones[t];
            if (go_bb_count(b->str_libs[t]) == 1) {
                int p = go_bb_first(b->str_libs[t]);
                if (go_board_legal(b, p, c) && n < 16)
                    out[n++] = (uint8_t)p;
            }
        }
        int p = go_bb_first(b->str_libs[s]);
        if (go_board_legal(b, p, c) && libs_after(b, p, c) >= 2 && n < 16)
            out[n++] = (uint8_t)p;
    }
    return n;
}

/* Rule 3: the empty points around the last move that fit a pattern. */
static int pattern_moves(const go_board *b, const go_patterns *pat, int last, int c,
                         uint8_t *out)
{
    static const int dy[8] = { -1, -1, -1, 0, 0, 1, 1, 1 }, dx[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };
    int x = last % GO_STRIDE, y = last / GO_STRIDE, n = 0;
    for (int k = 0; k < 8; k++) {
        int nx = x + dx[k], ny = y + dy[k];
        if (nx < 0 || ny < 0 || nx >= GO_MAX_SIDE || ny >= GO_MAX_ROWS)
            continue;
        int p = ny * GO_STRIDE + nx;
        if ((b->on & ~(b->stones[0] | b->stones[1]) & b->geo->bit[p]) &&
            go_patterns_match(pat, b, p) && go_board_sensible(b, p, c))
            out[n++] = (uint8_t)p;
    }
    return n;
}

int go_playout(go_board *b, int c, unsigned cap, const go_patterns *patterns, sg_rng *rng,
               int *next, go_playout_stats *stats)
{
    empties e;
    e.n = 0;
    for (go_bb t = b->on & ~(b->stones[0] | b->stones[1]); t; t &= t - 1)
        empties_add(&e, go_bb_first(t));
    int passes = 0, last = -1, mover = c;
    unsigned moves = 0, policy = 0, shaped = 0;
    while (passes < 2 && b->moves < cap) {
        int p = -1;
        if (last >= 0 && (b->stones[1 - c] & b->geo->bit[last])) {
            uint8_t cand[16];
            int n = answers(b, last, c, cand);
            if (n > 0) {
                p = cand[n == 1 ? 0 : sg_rng_below(rng, (uint64_t)n)];
                policy++;
            } else if (patterns && (n = pattern_moves(b, patterns, last, c, cand)) > 0) {
                p = cand[n == 1 ? 0 : sg_rng_below(rng, (uint64_t)n)];
                shaped++;
            }
        }
        if (p < 0) {
            /* uniform: draw from the points not yet rejected this turn */
            for (int k = e.n; k > 0; k--) {
                int i = (int)sg_rng_below(rng, (uint64_t)k), q = e.list[i];
                if (go_board_sensible(b, q, c)) {
                    p = q;
                    break;
                }
                /* move the rejected point behind the window */
                int j = k - 1, r = e.list[j];
                e.list[i] = (uint8_t)r;
                e.at[r] = (uint8_t)i;
                e.list[j] = (uint8_t)q;
                e.at[q] = (uint8_t)j;
            }
        }
        if (p < 0) {
            passes++;
            last = -1;
            b->ko = GO_NO_POINT; /* a pass lifts a ko ban, as a move elsewhere does */
        } else {
            play(b, &e, p, c);
            passes = 0;
            last = p;
            mover = 1 - c;
            moves++;
        }
        c = 1 - c;
    }
    *next = mover;
    if (stats) {
        stats->moves = moves;
        stats->policy_moves = policy;
        stats->pattern_moves = shaped;
    }
    return go_board_area(b);
}
