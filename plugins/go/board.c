#include "board.h"

#include <string.h>

void go_geometry_init(go_geometry *g)
{
    memset(g, 0, sizeof *g);
    for (int p = 0; p < GO_POINTS; p++)
        g->bit[p] = (go_bb)1 << p;
    for (int y = 0; y < GO_MAX_ROWS; y++)
        for (int x = 0; x < GO_MAX_SIDE; x++) {
            int p = y * GO_STRIDE + x;
            static const int dx[4] = { 0, 1, 0, -1 }, dy[4] = { -1, 0, 1, 0 };
            for (int k = 0; k < 4; k++) {
                int nx = x + dx[k], ny = y + dy[k];
                bool in = nx >= 0 && ny >= 0 && nx < GO_MAX_SIDE && ny < GO_MAX_ROWS;
                g->around[p][k] = in ? (uint8_t)(ny * GO_STRIDE + nx) : GO_NO_POINT;
                if (in)
                    g->adjacent[p] |= g->bit[ny * GO_STRIDE + nx];
            }
            for (int ddy = -1; ddy <= 1; ddy += 2)
                for (int ddx = -1; ddx <= 1; ddx += 2) {
                    int nx = x + ddx, ny = y + ddy;
                    if (nx >= 0 && ny >= 0 && nx < GO_MAX_SIDE && ny < GO_MAX_ROWS)
                        g->diagonal[p] |= g->bit[ny * GO_STRIDE + nx];
                }
        }
    for (int p = 0; p < GO_POINTS; p++)
        if (p % GO_STRIDE >= GO_MAX_SIDE || p >= GO_MAX_ROWS * GO_STRIDE)
            for (int k = 0; k < 4; k++)
                g->around[p][k] = GO_NO_POINT;
}

static int new_string(go_board *b) { return b->free_ids[--b->nfree]; }
static void drop_string(go_board *b, int s) { b->free_ids[b->nfree++] = (uint8_t)s; }

static go_bb empty_points(const go_board *b) { return b->on & ~(b->stones[0] | b->stones[1]); }

bool go_board_from_pos(go_board *b, const go_geometry *geo, const go_pos *pos)
{
    if (pos->big)
        return false; /* cells, not bitboards: only its parts are played */
    b->geo = geo;
    b->on = go_bb_make(pos->on);
    b->stones[0] = go_bb_make(pos->stones[0]) & b->on;
    b->stones[1] = go_bb_make(pos->stones[1]) & b->on;
    b->width = pos->width;
    b->height = pos->height;
    b->ko = pos->ko;
    b->ko_banned = pos->ko_banned;
    b->moves = pos->moves;
    b->safe[0] = go_bb_make(pos->safe[0]) & ~b->on;
    b->safe[1] = go_bb_make(pos->safe[1]) & ~b->on;
    go_bb dead = go_bb_make(pos->dead);
    b->anchor[0] = b->safe[0] & ~dead;
    b->anchor[1] = b->safe[1] & ~dead;
    b->nfree = GO_MAX_STRINGS;
    for (int i = 0; i < GO_MAX_STRINGS; i++)
        b->free_ids[i] = (uint8_t)(GO_MAX_STRINGS - 1 - i);
    go_bb empty = empty_points(b);
    for (int c = 0; c < 2; c++) {
        go_bb left = b->stones[c];
        while (left) {
            go_bb s = left & -left, grown;
            while ((grown = go_bb_grow(s, b->on) & b->stones[c]) != s)
                s = grown;
            left &= ~s;
            int id = new_string(b);
            b->str_stones[id] = s;
            b->str_libs[id] = go_bb_grow(s, b->on) & empty;
            if (go_bb_grow(s, b->anchor[c]))
                b->str_libs[id] |= geo->bit[GO_ANCHOR];
            if (!b->str_libs[id])
                return false;
            for (go_bb t = s; t; t &= t - 1)
                b->sid[go_bb_first(t)] = (uint8_t)id;
        }
    }
    return true;
}

void go_board_to_pos(const go_board *b, go_pos *pos)
{
    memset(pos, 0, sizeof *pos);
    go_bb_store(b->stones[0], pos->stones[0]);
    go_bb_store(b->stones[1], pos->stones[1]);
    go_bb_store(b->on, pos->on);
    pos->width = b->width;
    pos->height = b->height;
    pos->ko = b->ko;
    pos->ko_banned = b->ko == GO_NO_POINT ? 0 : b->ko_banned;
    pos->moves = b->moves;
    go_bb_store(b->safe[0], pos->safe[0]);
    go_bb_store(b->safe[1], pos->safe[1]);
    go_bb_store((b->safe[0] | b->safe[1]) & ~(b->anchor[0] | b->anchor[1]), pos->dead);
}

bool go_board_legal(const go_board *b, int p, int c)
{
    const go_geometry *g = b->geo;
    go_bb bit = g->bit[p];
    if (!(empty_points(b) & bit))
        return false;
    if (p == b->ko && c == b->ko_banned)
        return false;
    if (g->adjacent[p] & (empty_points(b) | b->anchor[c]))
        return true;
    for (int k = 0; k < 4; k++) {
        int q = g->around[p][k];
        if (q == GO_NO_POINT || !(b->on & g->bit[q]))
            continue;
        go_bb libs = b->str_libs[b->sid[q]];
        if (b->stones[c] & g->bit[q]) {
            if (libs & ~bit)
                return true; /* joins a string that keeps a liberty */
        } else if (libs == bit) {
            return true; /* captures */
        }
    }
    return false;
}

/* Gives back liberties to c's strings next to the captured points. */
static void free_captured(go_board *b, go_bb captured, int c)
{
    go_bb next_to = go_bb_grow(captured, b->on) & b->stones[c];
    while (next_to) {
        int s = b->sid[go_bb_first(next_to)];
        b->str_libs[s] |= go_bb_grow(b->str_stones[s], b->on) & captured;
        next_to &= ~b->str_stones[s];
    }
}

int go_board_play(go_board *b, int p, int c)
{
    const go_geometry *g = b->geo;
    go_bb bit = g->bit[p];
    int o = 1 - c, captured_count = 0;
    go_bb captured = 0, empty = empty_points(b) & ~bit;
    b->stones[c] |= bit;
    int joined = -1;
    go_bb libs = g->adjacent[p] & empty;
    if (g->adjacent[p] & b->anchor[c])
        libs |= g->bit[GO_ANCHOR];
    for (int k = 0; k < 4; k++) {
        int q = g->around[p][k];
        if (q == GO_NO_POINT || !(b->on & g->bit[q]))
            continue;
        int s = b->sid[q];
        if (b->stones[o] & g->bit[q]) {
            if (!(b->str_stones[s] & captured) && (b->str_libs[s] &= ~bit) == 0) {
                captured |= b->str_stones[s];
                captured_count += go_bb_count(b->str_stones[s]);
                b->stones[o] &= ~b->str_stones[s];
                drop_string(b, s);
            }
        } else if (b->stones[c] & g->bit[q]) {
            if (s == joined)
                continue;
            libs |= b->str_libs[s];
            if (joined < 0) {
                joined = s;
            } else {
                /* the smaller string takes the larger one's id */
                int keep = joined, gone = s;
                if (go_bb_count(b->str_stones[gone]) > go_bb_count(b->str_stones[keep])) {
                    keep = s;
                    gone = joined;
                }
                for (go_bb t = b->str_stones[gone]; t; t &= t - 1)
                    b->sid[go_bb_first(t)] = (uint8_t)keep;
                b->str_stones[keep] |= b->str_stones[gone];
                drop_string(b, gone);
                joined = keep;
            }
        }
    }
    if (joined < 0) {
        joined = new_string(b);
        b->str_stones[joined] = 0;
    }
    b->str_stones[joined] |= bit;
    b->str_libs[joined] = libs & ~bit;
    b->sid[p] = (uint8_t)joined;
    if (captured) {
        free_captured(b, captured, c);
    }
    b->ko = GO_NO_POINT;
    if (captured_count == 1 && b->str_stones[joined] == bit &&
        go_bb_count(b->str_libs[joined]) == 1 && !(b->str_libs[joined] & g->bit[GO_ANCHOR])) {
        b->ko = (uint8_t)go_bb_first(captured);
        b->ko_banned = (uint8_t)o;
    }
    b->moves++;
    return captured_count;
}

bool go_board_true_eye(const go_board *b, int p, int c)
{
    const go_geometry *g = b->geo;
    go_bb board = b->on | b->safe[0] | b->safe[1];
    go_bb around = g->adjacent[p] & board;
    if (!around || (around & ~(b->stones[c] | b->safe[c])) || !(empty_points(b) & g->bit[p]))
        return false;
    go_bb diag = g->diagonal[p];
    int off = go_bb_count(diag & ~board) + (4 - go_bb_count(diag));
    int enemy = go_bb_count(diag & ((b->on & b->stones[1 - c]) | b->safe[1 - c]));
    return off > 0 ? enemy == 0 : enemy <= 1;
}

bool go_board_has_move(const go_board *b, int c)
{
    for (go_bb e = empty_points(b); e; e &= e - 1)
        if (go_board_sensible(b, go_bb_first(e), c))
            return true;
    return false;
}

int go_board_area(const go_board *b)
{
    return go_bb_count(b->stones[0]) - go_bb_count(b->stones[1]) + go_board_territory(b);
}

int go_board_territory(const go_board *b)
{
    int score = 0;
    go_bb empty = empty_points(b);
    while (empty) {
        go_bb area = empty & -empty, grown;
        while ((grown = go_bb_grow(area, b->on) & empty) != area)
            area = grown;
        empty &= ~area;
        go_bb border = go_bb_grow(area, b->on | b->safe[0] | b->safe[1]);
        bool black = border & (b->stones[0] | b->safe[0]),
             white = border & (b->stones[1] | b->safe[1]);
        if (black != white)
            score += black ? go_bb_count(area) : -go_bb_count(area);
    }
    return score;
}
