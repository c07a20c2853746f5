#include "whole.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "notation.h"
#include "sumgame/host.h"

static go_bb rectangle(const go_geometry *geo, int width, int height)
{
    go_bb r = 0;
    for (int y = 0; y < height; y++)
        for (int x = 0; x < width; x++)
            r |= geo->bit[y * GO_STRIDE + x];
    return r;
}

bool go_is_whole(const go_geometry *geo, const go_pos *pos)
{
    if (!pos->whole || pos->big)
        return false;
    go_bb board = go_bb_make(pos->on) | go_bb_make(pos->safe[0]) | go_bb_make(pos->safe[1]);
    return board == rectangle(geo, pos->width, pos->height);
}

go_bb go_chain(const go_geometry *geo, go_bb stones, go_bb board, int p)
{
    (void)board;
    (void)geo;
    return go_bb_fill((go_bb)1 << p, stones);
}

#define MAX_SETS 96

go_bb go_benson(const go_geometry *geo, const go_pos *pos, int c)
{
    go_grid g;
    go_grid_from_pos(pos, &g);
    uint8_t alive[GO_GRID_POINTS] = { 0 };
    go_grid_benson(&g, c, alive);
    go_bb chains = 0;
    for (int y = 0; y < g.height; y++)
        for (int x = 0; x < g.width; x++)
            if (alive[y * GO_GRID_SIDE + x])
                chains |= geo->bit[y * GO_STRIDE + x];
    return chains;
}

static int part_score(const go_geometry *geo, const go_pos *p, bool area, bool *over)
{
    go_board b;
    *over = false;
    if (!go_board_from_pos(&b, geo, p))
        return 0;
    *over = !go_board_has_move(&b, GO_BLACK) && !go_board_has_move(&b, GO_WHITE);
    return (area ? go_board_area(&b) : go_board_territory(&b)) + p->base;
}

/* Adds part p, or its score to *base when nobody can move there (and it holds no ko). */
static void add_part(const go_geometry *geo, const go_pos *p, bool area, int *base,
                     go_pos *parts, size_t cap, size_t *n)
{
    bool over;
    int v = part_score(geo, p, area, &over);
    if (over && p->ko == GO_NO_POINT) {
        *base += v;
        return;
    }
    if (parts && *n < cap)
        parts[*n] = *p;
    (*n)++;
}

/* The points within two steps of the set points of in (as go_split keeps safe stones
 * near a region), into near. */
static void near_points(const go_grid *g, const uint8_t *in, uint8_t *near)
{
    uint8_t one[GO_GRID_POINTS];
    const uint8_t *from = in;
    for (int step = 0; step < 2; step++) {
        uint8_t *to = step == 0 ? one : near;
        for (int p = 0; p < GO_GRID_POINTS; p++) {
            int x = p % GO_GRID_SIDE, y = p / GO_GRID_SIDE;
            to[p] = from[p] || (x > 0 && from[p - 1]) || (x + 1 < g->width && from[p + 1]) ||
                    (y > 0 && from[p - GO_GRID_SIDE]) ||
                    (y + 1 < g->height && from[p + GO_GRID_SIDE]);
        }
        from = one;
    }
}

/* go.c's sure territory (a region without c's stones bounded by c's safe stones alone,
 * too small inside for two eyes of the other colour) on the grid, for a region of a
 * big board too large for a part's frame: a big eye of a chain Benson found. */
static bool sure_territory(const go_grid *g, const uint8_t *region, bool territory,
                           int *score)
{
    for (int c = 0; c < 2; c++) {
        bool own = false, other = false, stones = false;
        int points = 0, dead = 0, inside = 0, first = -1, second = -1;
        for (int p = 0; p < GO_GRID_POINTS; p++) {
            if (!region[p])
                continue;
            int n[4], k = go_grid_neighbours(g, p, n);
            bool near_own = false;
            while (k-- > 0) {
                own |= go_cell_safe(g->cell[n[k]], c);
                other |= go_cell_safe(g->cell[n[k]], 1 - c);
                near_own |= go_cell_safe(g->cell[n[k]], c);
            }
            points++;
            stones |= go_cell_stone(g->cell[p], c);
            dead += go_cell_stone(g->cell[p], 1 - c);
            if (!near_own) {
                second = inside ? p : second;
                first = inside ? first : p;
                inside++;
            }
        }
        if (!own || other || stones)
            continue;
        int gap = second - first;
        bool next_to = (gap == 1 && second % GO_GRID_SIDE != 0) || gap == GO_GRID_SIDE;
        if (inside > 2 || (inside == 2 && !next_to))
            return false;
        *score = (c == GO_BLACK ? 1 : -1) * (points + (territory ? dead : 0));
        return true;
    }
    return false;
}

static bool in_play(char ch, int c)
{
    (void)c;
    return go_cell_play(ch);
}

/* A board larger than 9x9 (big: more than 9 columns or 12 rows): as go_split, but each
 * region becomes a part in a frame of at most 9 columns and 12 rows, the region and the
 * safe stones around it, named as on the board. 0, with
 * the reason in err, when a region does not fit or a string has no liberty. */
static size_t split_big(const go_geometry *geo, const go_pos *pos, bool area, go_pos *parts,
                        size_t cap, char *err, size_t errlen)
{
    go_grid g;
    go_grid_from_pos(pos, &g);
    bool whole = g.whole;
    for (int y = 0; y < g.height; y++)
        for (int x = 0; x < g.width; x++)
            whole &= go_cell_board(g.cell[y * GO_GRID_SIDE + x]);
    if (whole) {
        uint8_t alive[2][GO_GRID_POINTS] = { { 0 } };
        for (int c = 0; c < 2; c++)
            go_grid_benson(&g, c, alive[c]);
        for (int p = 0; p < GO_GRID_POINTS; p++)
            for (int c = 0; c < 2; c++)
                if (alive[c][p])
                    g.cell[p] = c == GO_BLACK ? 'x' : 'o';
    }
    int base = pos->base;
    for (int p = 0; p < GO_GRID_POINTS && area; p++)
        base += go_cell_safe(g.cell[p], GO_BLACK) - go_cell_safe(g.cell[p], GO_WHITE);
    uint8_t seen[GO_GRID_POINTS] = { 0 };
    size_t n = 0;
    for (int start = 0; start < GO_GRID_POINTS; start++) {
        uint8_t region[GO_GRID_POINTS] = { 0 }, near[GO_GRID_POINTS];
        if (seen[start] || !go_grid_fill(&g, start, in_play, 0, region))
            continue;
        /* the frame: the region and the safe stones around it, diagonals included (they
         * bound its territory and make its true eyes); walls need no place in it */
        int x0 = GO_GRID_SIDE, y0 = GO_GRID_SIDE, x1 = 0, y1 = 0, points = 0;
        for (int p = 0; p < GO_GRID_POINTS; p++) {
            int x = p % GO_GRID_SIDE, y = p / GO_GRID_SIDE;
            seen[p] |= region[p];
            points += region[p];
            bool in = region[p];
            for (int dy = -1; dy <= 1 && !in; dy++)
                for (int dx = -1; dx <= 1 && !in; dx++)
                    in = x + dx >= 0 && y + dy >= 0 && x + dx < g.width && y + dy < g.height &&
                         region[p + dy * GO_GRID_SIDE + dx] && !go_cell_play(g.cell[p]) &&
                         g.cell[p] != '#';
            if (!in)
                continue;
            x0 = x < x0 ? x : x0;
            x1 = x > x1 ? x : x1;
            y0 = y < y0 ? y : y0;
            y1 = y > y1 ? y : y1;
        }
        /* a region wider than a part and no higher than a part is wide is cut transposed:
         * the part's rows are the board's columns (Go's rules do not see the difference) */
        int bw = x1 - x0 + 1, bh = y1 - y0 + 1;
        bool transposed = bw > GO_MAX_SIDE && bh <= GO_MAX_SIDE && bw <= GO_MAX_ROWS;
        go_grid f;
        go_grid_init(&f, transposed ? bh : bw, transposed ? bw : bh);
        memset(f.cell, '#', sizeof f.cell); /* points of other regions are off this one */
        f.frame_x = x0;
        f.frame_y = y0;
        f.board_width = g.width;
        f.board_height = g.height;
        f.transposed = transposed;
        int sure;
        if ((f.width > GO_MAX_SIDE || f.height > GO_MAX_ROWS) &&
            sure_territory(&g, region, !area, &sure)) {
            base += sure;
            continue;
        }
        if (f.width > GO_MAX_SIDE || f.height > GO_MAX_ROWS) {
            char at[8];
            go_grid_format_point(&g, start, at, sizeof at);
            snprintf(err, errlen, "the region at %s (%d points in play) spans %dx%d points with "
                                  "its border; a part must fit in %d columns and %d rows, or "
                                  "%d and %d (cut transposed) (mark more chains alive or dead to "
                                  "cut it)",
                     at, points, bw, bh, GO_MAX_SIDE, GO_MAX_ROWS, GO_MAX_ROWS, GO_MAX_SIDE);
            return 0;
        }
        near_points(&g, region, near);
        for (int y = 0; y < f.height; y++)
            for (int x = 0; x < f.width; x++) {
                int p = transposed ? (x + y0) * GO_GRID_SIDE + y + x0
                                   : (y + y0) * GO_GRID_SIDE + x + x0;
                char ch = g.cell[p];
                bool safe = go_cell_safe(ch, GO_BLACK) || go_cell_safe(ch, GO_WHITE);
                if (region[p] || (safe && near[p]))
                    f.cell[y * GO_GRID_SIDE + x] = ch;
            }
        if (g.ko >= 0 && region[g.ko]) {
            int kx = g.ko % GO_GRID_SIDE - x0, ky = g.ko / GO_GRID_SIDE - y0;
            f.ko = transposed ? kx * GO_GRID_SIDE + ky : ky * GO_GRID_SIDE + kx;
            f.ko_banned = g.ko_banned;
        }
        go_pos p;
        go_board b;
        go_grid_to_pos(&f, &p);
        if (!go_board_from_pos(&b, geo, &p)) {
            char at[8];
            go_grid_format_point(&g, start, at, sizeof at);
            snprintf(err, errlen, "the region at %s has a string without liberties", at);
            return 0;
        }
        add_part(geo, &p, area, &base, parts, cap, &n);
    }
    /* the score part: what the safe stones, pos's base and the finished regions count */
    if (base == 0 && n > 0)
        return n;
    go_grid score;
    go_grid_init(&score, 1, 1);
    score.cell[0] = '#';
    score.base = base;
    if (parts && n < cap)
        go_grid_to_pos(&score, &parts[n]);
    return n + 1;
}

size_t go_split_checked(const go_geometry *geo, const go_pos *pos, bool area, go_pos *parts,
                        size_t cap, char *err, size_t errlen)
{
    if (pos->big)
        return split_big(geo, pos, area, parts, cap, err, errlen);
    return go_split(geo, pos, area, parts, cap);
}

size_t go_split(const go_geometry *geo, const go_pos *pos, bool area, go_pos *parts,
                size_t cap)
{
    if (pos->big)
        return split_big(geo, pos, area, parts, cap, NULL, 0);
    go_bb on = go_bb_make(pos->on);
    go_bb stones[2] = { go_bb_make(pos->stones[0]) & on, go_bb_make(pos->stones[1]) & on };
    go_bb safe[2] = { go_bb_make(pos->safe[0]), go_bb_make(pos->safe[1]) };
    bool whole = go_is_whole(geo, pos);
    if (whole) {
        go_bb alive[2] = { go_benson(geo, pos, GO_BLACK), go_benson(geo, pos, GO_WHITE) };
        for (int c = 0; c < 2; c++) {
            safe[c] |= alive[c];
            stones[c] &= ~alive[c];
            on &= ~alive[c];
        }
    }
    go_bb region[MAX_SETS];
    size_t nr = 0;
    for (go_bb left = on; left && nr < MAX_SETS;) {
        region[nr] = go_bb_fill(left & -left, on);
        left &= ~region[nr++];
    }
    /* one region and no safe stone: the board is its own part. Safe stones (Benson's, or
     * marked alive, dead or settled) make parts: only the score part counts them under
     * area rules, and only a part is read as sure territory. */
    if (nr <= 1 && (!whole || !(safe[0] | safe[1]))) {
        if (parts && cap)
            parts[0] = *pos;
        return 1;
    }
    /* the score part: every safe stone, pos's base, and the parts no one can move in */
    go_pos score;
    memset(&score, 0, sizeof score);
    score.width = pos->width;
    score.height = pos->height;
    score.ko = GO_NO_POINT;
    go_bb_store(safe[0], score.safe[0]);
    go_bb_store(safe[1], score.safe[1]);
    go_bb dead = go_bb_make(pos->dead);
    go_bb_store(dead, score.dead);
    go_bb settled = go_bb_make(pos->settled);
    go_bb_store(settled, score.settled);
    int base = pos->base + (area ? go_bb_count(safe[0]) - go_bb_count(safe[1]) : 0);
    size_t n = 0;
    for (size_t r = 0; r < nr; r++) {
        go_pos p;
        memset(&p, 0, sizeof p);
        p.width = pos->width;
        p.height = pos->height;
        go_bb_store(region[r], p.on);
        go_bb_store(stones[0] & region[r], p.stones[0]);
        go_bb_store(stones[1] & region[r], p.stones[1]);
        go_bb near = go_bb_grow(go_bb_grow(region[r], ~(go_bb)0), ~(go_bb)0);
        go_bb_store(safe[0] & near, p.safe[0]);
        go_bb_store(safe[1] & near, p.safe[1]);
        go_bb_store(dead & near, p.dead);
        go_bb_store(settled & near, p.settled);
        p.ko = GO_NO_POINT;
        if (pos->ko != GO_NO_POINT && (region[r] & geo->bit[pos->ko])) {
            p.ko = pos->ko;
            p.ko_banned = pos->ko_banned;
        }
        /* the move count stays with the board: a part counts from 0 */
        add_part(geo, &p, area, &base, parts, cap, &n);
    }
    if (n == 0 && base == 0 && !safe[0] && !safe[1]) {
        /* nothing left to play and nothing to count: the board is its own one part */
        if (parts && cap)
            parts[0] = *pos;
        return 1;
    }
    if (base != 0 || safe[0] || safe[1]) {
        score.base = (int16_t)base;
        if (parts && n < cap)
            parts[n] = score;
        n++;
    }
    return n;
}

/* ---- SGF ---- */

static int sgf_point(const go_grid *g, const char *v, size_t len, int *p)
{
    if (len != 2)
        return -1;
    int x = v[0] - 'a', y = v[1] - 'a';
    if (x < 0 || y < 0 || x >= g->width || y >= g->height)
        return -1;
    *p = y * GO_GRID_SIDE + x;
    return 0;
}

int go_parse_sgf(const char *text, bool territory, go_grid *g, uint8_t *marks, char *err,
                 size_t errlen)
{
    go_grid_init(g, 19, 19);
    g->whole = true;
    if (marks)
        memset(marks, 0, GO_GRID_POINTS);
    bool sized = false;
    bool have_board = false;
    char ident[16] = "";
    size_t ilen = 0;
    int move_number = 0;
    bool in_ident = false;
    for (const char *s = text; *s; s++) {
        char ch = *s;
        if (ch == ')')
            break; /* the end of the main line: later text is other variations */
        if (ch >= 'A' && ch <= 'Z') {
            if (!in_ident)
                ilen = 0;
            in_ident = true;
            if (ilen + 1 < sizeof ident)
                ident[ilen++] = ch;
            ident[ilen] = '\0';
            continue;
        }
        if (!(ch >= 'a' && ch <= 'z'))
            in_ident = false;
        if (ch == ';' || ch == '(' || ch == ' ' || ch == '\n' || ch == '\r' || ch == '\t')
            continue;
        if (ch != '[') {
            if (ch >= 'a' && ch <= 'z')
                continue; /* FF[3] lower-case letters in identifiers */
            snprintf(err, errlen, "sgf: unexpected '%c'", ch);
            return SG_ERR_INVALID;
        }
        /* a value: up to the unescaped ']' */
        const char *v = s + 1, *e = v;
        while (*e && *e != ']') {
            if (*e == '\\' && e[1])
                e++;
            e++;
        }
        if (!*e) {
            snprintf(err, errlen, "sgf: a value of %s has no closing ']'", ident[0] ? ident : "?");
            return SG_ERR_INVALID;
        }
        size_t len = (size_t)(e - v);
        s = e;
        if (!ident[0]) {
            snprintf(err, errlen, "sgf: a value without a property");
            return SG_ERR_INVALID;
        }
        if (strcmp(ident, "SZ") == 0) {
            char num[16];
            if (len >= sizeof num)
                len = sizeof num - 1;
            memcpy(num, v, len);
            num[len] = '\0';
            char *end;
            long w = strtol(num, &end, 10), h = w;
            if (*end == ':')
                h = strtol(end + 1, &end, 10);
            if (*end || w < 1 || h < 1 || w > GO_GRID_SIDE || h > GO_GRID_SIDE || have_board) {
                snprintf(err, errlen, "sgf: SZ[%s]: the go plugin reads boards up to %dx%d, "
                                      "and SZ must come before any stone",
                         num, GO_GRID_SIDE, GO_GRID_SIDE);
                return SG_ERR_INVALID;
            }
            go_grid_init(g, (int)w, (int)h);
            g->whole = true;
            sized = true;
            continue;
        }
        bool setup = strcmp(ident, "AB") == 0 || strcmp(ident, "AW") == 0 ||
                     strcmp(ident, "AE") == 0 || strcmp(ident, "TB") == 0 ||
                     strcmp(ident, "TW") == 0;
        bool move = strcmp(ident, "B") == 0 || strcmp(ident, "W") == 0;
        if (!setup && !move)
            continue;
        if (!sized) {
            snprintf(err, errlen, "sgf: no SZ before the first stone (the go plugin reads boards "
                                  "up to %dx%d)", GO_GRID_SIDE, GO_GRID_SIDE);
            return SG_ERR_INVALID;
        }
        have_board = true;
        if (setup) {
            int p, q;
            const char *colon = memchr(v, ':', len);
            if (colon ? sgf_point(g, v, (size_t)(colon - v), &p) ||
                            sgf_point(g, colon + 1, len - (size_t)(colon - v) - 1, &q)
                      : sgf_point(g, v, len, &p)) {
                snprintf(err, errlen, "sgf: %s[%.*s] is not a point of the %dx%d board", ident,
                         (int)(len > 8 ? 8 : len), v, g->width, g->height);
                return SG_ERR_INVALID;
            }
            if (!colon)
                q = p;
            for (int y = p / GO_GRID_SIDE; y <= q / GO_GRID_SIDE; y++)
                for (int x = p % GO_GRID_SIDE; x <= q % GO_GRID_SIDE; x++) {
                    int r = y * GO_GRID_SIDE + x;
                    if (ident[0] == 'T') {
                        if (marks)
                            marks[r] |= (uint8_t)(1 << (ident[1] == 'B' ? GO_MARK_TB : GO_MARK_TW));
                    } else {
                        g->cell[r] = ident[1] == 'B' ? 'X' : ident[1] == 'W' ? 'O' : '.';
                    }
                }
            if (ident[0] != 'T')
                g->ko = -1;
            continue;
        }
        move_number++;
        int c = ident[0] == 'B' ? GO_BLACK : GO_WHITE, p;
        if (len == 0 || (len == 2 && memcmp(v, "tt", 2) == 0 && g->width <= 19)) {
            g->ko = -1; /* a pass lifts a ban */
            continue;
        }
        int taken;
        if (sgf_point(g, v, len, &p) || !go_grid_play(g, p, c, &taken)) {
            snprintf(err, errlen, "sgf: move %d, %s[%.*s], is not a legal move", move_number,
                     ident, (int)(len > 8 ? 8 : len), v);
            return SG_ERR_INVALID;
        }
        g->moves = 0;
        g->base += territory ? (c == GO_BLACK ? taken : -taken) : 0;
    }
    if (!have_board && !sized) {
        snprintf(err, errlen, "sgf: no SZ and no stone: not a go board");
        return SG_ERR_INVALID;
    }
    return SG_OK;
}
