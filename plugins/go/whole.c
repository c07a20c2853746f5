#include "whole.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    if (!pos->whole)
        return false;
    go_bb board = go_bb_make(pos->on) | go_bb_make(pos->safe[0]) | go_bb_make(pos->safe[1]);
    return board == rectangle(geo, pos->width, pos->height);
}

/* The connected set of `within` through the points of `seed`. */
static go_bb fill(go_bb seed, go_bb within)
{
    go_bb s = seed & within, grown;
    while ((grown = go_bb_grow(s, within)) != s)
        s = grown;
    return s;
}

go_bb go_chain(const go_geometry *geo, go_bb stones, go_bb board, int p)
{
    (void)board;
    (void)geo;
    return fill((go_bb)1 << p, stones);
}

#define MAX_SETS 96

go_bb go_benson(const go_geometry *geo, const go_pos *pos, int c)
{
    (void)geo;
    go_bb on = go_bb_make(pos->on);
    go_bb safe[2] = { go_bb_make(pos->safe[0]), go_bb_make(pos->safe[1]) };
    go_bb board = on | safe[0] | safe[1];
    go_bb mine = (go_bb_make(pos->stones[c]) & on) | safe[c];
    go_bb all = ((go_bb_make(pos->stones[0]) | go_bb_make(pos->stones[1])) & on) | safe[0] | safe[1];
    go_bb empty = board & ~all;
    go_bb chain[MAX_SETS], region[MAX_SETS];
    int nc = 0, nr = 0;
    for (go_bb left = mine; left && nc < MAX_SETS;) {
        chain[nc] = fill(left & -left, mine);
        left &= ~chain[nc++];
    }
    for (go_bb left = board & ~mine; left && nr < MAX_SETS;) {
        region[nr] = fill(left & -left, board & ~mine);
        left &= ~region[nr++];
    }
    /* vital[k] has bit r when every empty point of region r is a liberty of chain k (and
     * r has one, and holds no safe stone of the opponent) */
    uint64_t vital_lo[MAX_SETS], vital_hi[MAX_SETS];
    for (int k = 0; k < nc; k++) {
        go_bb libs = go_bb_grow(chain[k], board) & empty;
        vital_lo[k] = vital_hi[k] = 0;
        for (int r = 0; r < nr; r++) {
            go_bb e = region[r] & empty;
            if (e && !(e & ~libs) && !(region[r] & safe[1 - c])) {
                if (r < 64)
                    vital_lo[k] |= (uint64_t)1 << r;
                else
                    vital_hi[k] |= (uint64_t)1 << (r - 64);
            }
        }
    }
    bool chain_in[MAX_SETS], region_in[MAX_SETS];
    for (int k = 0; k < nc; k++)
        chain_in[k] = true;
    for (int r = 0; r < nr; r++)
        region_in[r] = true;
    for (bool changed = true; changed;) {
        changed = false;
        for (int k = 0; k < nc; k++) {
            if (!chain_in[k] || (chain[k] & safe[c]))
                continue;
            int healthy = 0;
            for (int r = 0; r < nr; r++)
                if (region_in[r] && ((r < 64 ? vital_lo[k] >> r : vital_hi[k] >> (r - 64)) & 1))
                    healthy++;
            if (healthy < 2) {
                chain_in[k] = false;
                changed = true;
            }
        }
        for (int r = 0; r < nr; r++) {
            if (!region_in[r])
                continue;
            go_bb border = go_bb_grow(region[r], board) & mine;
            for (int k = 0; k < nc; k++)
                if (!chain_in[k] && (chain[k] & border)) {
                    region_in[r] = false;
                    changed = true;
                    break;
                }
        }
    }
    go_bb alive = 0;
    for (int k = 0; k < nc; k++)
        if (chain_in[k])
            alive |= chain[k];
    return alive & ~safe[c];
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

size_t go_split(const go_geometry *geo, const go_pos *pos, bool area, go_pos *parts,
                size_t cap)
{
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
        region[nr] = fill(left & -left, on);
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
        bool over;
        int v = part_score(geo, &p, area, &over);
        if (over && p.ko == GO_NO_POINT) {
            base += v;
            continue;
        }
        if (parts && n < cap)
            parts[n] = p;
        n++;
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

static int sgf_point(const go_pos *pos, const char *v, size_t len, int *p)
{
    if (len != 2)
        return -1;
    int x = v[0] - 'a', y = v[1] - 'a';
    if (x < 0 || y < 0 || x >= pos->width || y >= pos->height)
        return -1;
    *p = y * GO_STRIDE + x;
    return 0;
}

int go_parse_sgf(const go_geometry *geo, const char *text, bool territory, go_pos *pos,
                 go_bb marked[2], char *err, size_t errlen)
{
    memset(pos, 0, sizeof *pos);
    if (marked)
        marked[0] = marked[1] = 0;
    pos->ko = GO_NO_POINT;
    pos->width = pos->height = 19;
    pos->whole = 1;
    bool sized = false;
    go_board b;
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
            if (*end || w < 1 || h < 1 || w > GO_MAX_SIDE || h > GO_MAX_SIDE || have_board) {
                snprintf(err, errlen, "sgf: SZ[%s]: the go plugin plays boards up to %dx%d, "
                                      "and SZ must come before any stone",
                         num, GO_MAX_SIDE, GO_MAX_SIDE);
                return SG_ERR_INVALID;
            }
            pos->width = (uint8_t)w;
            pos->height = (uint8_t)h;
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
            snprintf(err, errlen, "sgf: no SZ before the first stone (the go plugin plays boards "
                                  "up to %dx%d)", GO_MAX_SIDE, GO_MAX_SIDE);
            return SG_ERR_INVALID;
        }
        if (!have_board) {
            go_bb_store(rectangle(geo, pos->width, pos->height), pos->on);
            have_board = true;
        }
        if (setup) {
            int p, q;
            const char *colon = memchr(v, ':', len);
            if (colon ? sgf_point(pos, v, (size_t)(colon - v), &p) ||
                            sgf_point(pos, colon + 1, len - (size_t)(colon - v) - 1, &q)
                      : sgf_point(pos, v, len, &p)) {
                snprintf(err, errlen, "sgf: %s[%.*s] is not a point of the %ux%u board", ident,
                         (int)(len > 8 ? 8 : len), v, pos->width, pos->height);
                return SG_ERR_INVALID;
            }
            if (!colon)
                q = p;
            go_bb rect = 0;
            for (int y = p / GO_STRIDE; y <= q / GO_STRIDE; y++)
                for (int x = p % GO_STRIDE; x <= q % GO_STRIDE; x++)
                    rect |= geo->bit[y * GO_STRIDE + x];
            if (ident[0] == 'T') {
                if (marked)
                    marked[ident[1] == 'B' ? GO_BLACK : GO_WHITE] |= rect;
                continue;
            }
            go_bb s0 = go_bb_make(pos->stones[0]) & ~rect, s1 = go_bb_make(pos->stones[1]) & ~rect;
            if (ident[1] == 'B')
                s0 |= rect;
            else if (ident[1] == 'W')
                s1 |= rect;
            go_bb_store(s0, pos->stones[0]);
            go_bb_store(s1, pos->stones[1]);
            pos->ko = GO_NO_POINT;
            continue;
        }
        move_number++;
        int c = ident[0] == 'B' ? GO_BLACK : GO_WHITE, p;
        if (len == 0 || (len == 2 && memcmp(v, "tt", 2) == 0 && pos->width <= 19)) {
            pos->ko = GO_NO_POINT; /* a pass lifts a ban */
            continue;
        }
        if (sgf_point(pos, v, len, &p) || !go_board_from_pos(&b, geo, pos) ||
            !go_board_legal(&b, p, c)) {
            snprintf(err, errlen, "sgf: move %d, %s[%.*s], is not a legal move", move_number,
                     ident, (int)(len > 8 ? 8 : len), v);
            return SG_ERR_INVALID;
        }
        int taken = go_board_play(&b, p, c);
        int16_t base = pos->base;
        go_board_to_pos(&b, pos);
        pos->moves = 0;
        pos->whole = 1;
        pos->base = (int16_t)(base + (territory ? (c == GO_BLACK ? taken : -taken) : 0));
    }
    if (!have_board) {
        if (!sized) {
            snprintf(err, errlen, "sgf: no SZ and no stone: not a go board");
            return SG_ERR_INVALID;
        }
        go_bb_store(rectangle(geo, pos->width, pos->height), pos->on);
    }
    if (!go_board_from_pos(&b, geo, pos)) {
        snprintf(err, errlen, "sgf: the setup leaves a string without liberties");
        return SG_ERR_INVALID;
    }
    return SG_OK;
}
