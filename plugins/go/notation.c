#include "notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/host.h"

static const char columns[] = "abcdefghj";

int go_parse_point(const go_pos *pos, const char *text, int *point, char *err, size_t errlen)
{
    if (strcmp(text, "pass") == 0) {
        snprintf(err, errlen, "'pass' is not a move in one region: a player with no move "
                              "anywhere in the sum passes there");
        return SG_ERR_INVALID;
    }
    const char *c = text[0] ? strchr(columns, text[0]) : NULL;
    if (text[0] == 'i') {
        snprintf(err, errlen, "'%.20s': go columns skip 'i' (a..h, j)", text);
        return SG_ERR_INVALID;
    }
    char *end;
    long row = c ? strtol(text + 1, &end, 10) : 0;
    if (!c || text[1] < '1' || text[1] > '9' || *end || row < 1 || row > pos->height ||
        c - columns >= pos->width) {
        snprintf(err, errlen, "'%.20s' is not a point of this %ux%u region (a1..%c%u)", text,
                 pos->width, pos->height, columns[pos->width - 1], pos->height);
        return SG_ERR_INVALID;
    }
    *point = (int)(pos->height - row) * GO_STRIDE + (int)(c - columns);
    return SG_OK;
}

int go_format_point(const go_pos *pos, int point, char *buf, size_t cap)
{
    int x = point % GO_STRIDE, y = point / GO_STRIDE;
    if (x >= pos->width || y >= pos->height)
        return SG_ERR_INVALID;
    int n = snprintf(buf, cap, "%c%d", columns[x], pos->height - y);
    return n >= 0 && (size_t)n < cap ? SG_OK : SG_ERR_RANGE;
}

/* Which of marks[] an item such as "alive=c3" fills, or -1. */
static int mark_of(const char *item)
{
    static const char *const names[GO_MARKS] = { "dead=", "alive=", "tb=", "tw=" };
    for (int m = 0; m < GO_MARKS; m++)
        if (strncmp(item, names[m], strlen(names[m])) == 0)
            return m;
    return -1;
}

/* Parses the bracketed state after the rows into pos. */
static int parse_state(const char *s, go_pos *pos, go_bb marks[GO_MARKS], char *err,
                       size_t errlen)
{
    const char *end = strchr(s, ']');
    if (!end || end[1]) {
        snprintf(err, errlen, "'%.40s': the state must be one [...] at the end", s - 1);
        return SG_ERR_INVALID;
    }
    while (s < end) {
        const char *comma = memchr(s, ',', (size_t)(end - s));
        const char *stop = comma ? comma : end;
        char item[32];
        size_t len = (size_t)(stop - s);
        if (len >= sizeof item) {
            snprintf(err, errlen, "'%.20s...': unknown state", s);
            return SG_ERR_INVALID;
        }
        memcpy(item, s, len);
        item[len] = '\0';
        if (strncmp(item, "ko=", 3) == 0) {
            int p;
            if (go_parse_point(pos, item + 3, &p, err, errlen) != SG_OK)
                return SG_ERR_INVALID;
            pos->ko = (uint8_t)p;
        } else if (strncmp(item, "moves=", 6) == 0) {
            char *e;
            long n = strtol(item + 6, &e, 10);
            if (!item[6] || *e || n < 0 || n > 60000) {
                snprintf(err, errlen, "'%s': moves must be 0..60000", item);
                return SG_ERR_INVALID;
            }
            pos->moves = (uint16_t)n;
        } else if (strcmp(item, "whole") == 0) {
            pos->whole = 1;
        } else if (strncmp(item, "base=", 5) == 0) {
            char *e;
            long n = strtol(item + 5, &e, 10);
            if (!item[5] || *e || n < -1000 || n > 1000) {
                snprintf(err, errlen, "'%s': base must be -1000..1000", item);
                return SG_ERR_INVALID;
            }
            pos->base = (int16_t)n;
        } else if (marks && mark_of(item) >= 0) {
            int m = mark_of(item), p;
            if (go_parse_point(pos, strchr(item, '=') + 1, &p, err, errlen) != SG_OK)
                return SG_ERR_INVALID;
            marks[m] |= (go_bb)1 << p;
        } else {
            snprintf(err, errlen, "'%s': unknown state (ko=POINT, moves=N, base=N, whole, "
                                  "dead=POINT, alive=POINT, tb=POINT or tw=POINT)", item);
            return SG_ERR_INVALID;
        }
        s = comma ? comma + 1 : end;
    }
    return SG_OK;
}

/* The ko point must be empty with all its neighbours the capturer's; that names the
 * banned colour. */
static int check_ko(const go_geometry *geo, go_pos *pos, char *err, size_t errlen)
{
    if (pos->ko == GO_NO_POINT)
        return SG_OK;
    go_bb on = go_bb_make(pos->on), bit = geo->bit[pos->ko];
    go_bb s[2] = { go_bb_make(pos->stones[0]), go_bb_make(pos->stones[1]) };
    go_bb around = geo->adjacent[pos->ko] & on;
    char text[8];
    go_format_point(pos, pos->ko, text, sizeof text);
    for (int c = 0; c < 2; c++)
        if (around && !(around & ~s[c]) && (on & bit) && !((s[0] | s[1]) & bit)) {
            pos->ko_banned = (uint8_t)(1 - c);
            return SG_OK;
        }
    snprintf(err, errlen, "ko=%s: a ko point is empty with every neighbour of one colour", text);
    return SG_ERR_INVALID;
}

int go_parse_position(const go_geometry *geo, const char *text, go_pos *pos,
                      go_bb marks[GO_MARKS], char *err, size_t errlen)
{
    memset(pos, 0, sizeof *pos);
    pos->ko = GO_NO_POINT;
    if (marks)
        for (int m = 0; m < GO_MARKS; m++)
            marks[m] = 0;
    go_bb on = 0, stones[2] = { 0, 0 }, safe[2] = { 0, 0 }, dead = 0, settled = 0;
    int x = 0, y = 0, width = -1;
    const char *s = text;
    for (;; s++) {
        char ch = *s;
        if (ch == '/' || ch == '\0' || ch == '[') {
            if (width >= 0 && x != width) {
                snprintf(err, errlen, "row %d has %d points, row 1 has %d", y + 1, x, width);
                return SG_ERR_INVALID;
            }
            if (x == 0) {
                snprintf(err, errlen, "'%.40s': empty row %d", text, y + 1);
                return SG_ERR_INVALID;
            }
            width = x;
            x = 0;
            y++;
            if (ch != '/')
                break;
            continue;
        }
        if (x >= GO_MAX_SIDE || y >= GO_MAX_SIDE) {
            snprintf(err, errlen, "'%.40s': go regions are at most 9x9", text);
            return SG_ERR_INVALID;
        }
        go_bb bit = geo->bit[y * GO_STRIDE + x];
        if (ch == 'X')
            stones[0] |= bit;
        else if (ch == 'O')
            stones[1] |= bit;
        else if (ch == 'x')
            safe[0] |= bit;
        else if (ch == 'o')
            safe[1] |= bit;
        else if (ch == 'w' || ch == 'b') {
            safe[ch == 'w' ? 0 : 1] |= bit;
            dead |= bit;
        } else if (ch == 't' || ch == 'u') {
            safe[ch == 't' ? 0 : 1] |= bit;
            settled |= bit;
        } else if (ch != '.' && ch != '#') {
            snprintf(err, errlen,
                     "'%c' at row %d: expected '.', 'X', 'O', 'x', 'o', 'w', 'b', 't', 'u', '#' "
                     "or '/'", ch, y + 1);
            return SG_ERR_INVALID;
        }
        if (ch == '.' || ch == 'X' || ch == 'O')
            on |= bit;
        x++;
    }
    pos->width = (uint8_t)width;
    pos->height = (uint8_t)y;
    go_bb_store(on, pos->on);
    go_bb_store(stones[0], pos->stones[0]);
    go_bb_store(stones[1], pos->stones[1]);
    go_bb_store(safe[0], pos->safe[0]);
    go_bb_store(safe[1], pos->safe[1]);
    go_bb_store(dead, pos->dead);
    go_bb_store(settled, pos->settled);
    if (*s == '[' && parse_state(s + 1, pos, marks, err, errlen) != SG_OK)
        return SG_ERR_INVALID;
    if (!on && !safe[0] && !safe[1] && !pos->base) {
        snprintf(err, errlen, "'%.40s': the region has no point", text);
        return SG_ERR_INVALID;
    }
    if (check_ko(geo, pos, err, errlen) != SG_OK)
        return SG_ERR_INVALID;
    go_board b;
    if (!go_board_from_pos(&b, geo, pos)) {
        snprintf(err, errlen, "'%.40s': a string has no liberty", text);
        return SG_ERR_INVALID;
    }
    return SG_OK;
}

int go_format_position(const go_pos *pos, char *buf, size_t cap)
{
    size_t n = 0;
    go_bb on = go_bb_make(pos->on);
    go_bb s[2] = { go_bb_make(pos->stones[0]), go_bb_make(pos->stones[1]) };
    go_bb safe[2] = { go_bb_make(pos->safe[0]), go_bb_make(pos->safe[1]) };
    go_bb dead = go_bb_make(pos->dead), settled = go_bb_make(pos->settled);
    for (int y = 0; y < pos->height; y++) {
        for (int x = 0; x < pos->width; x++) {
            go_bb bit = (go_bb)1 << (y * GO_STRIDE + x);
            if (n + 1 >= cap)
                return SG_ERR_RANGE;
            buf[n++] = (safe[0] & bit) ? (dead & bit ? 'w' : settled & bit ? 't' : 'x')
                       : (safe[1] & bit) ? (dead & bit ? 'b' : settled & bit ? 'u' : 'o')
                       : !(on & bit) ? '#'
                       : (s[0] & bit) ? 'X' : (s[1] & bit) ? 'O' : '.';
        }
        if (y + 1 < pos->height) {
            if (n + 1 >= cap)
                return SG_ERR_RANGE;
            buf[n++] = '/';
        }
    }
    buf[n] = '\0';
    if (pos->ko != GO_NO_POINT || pos->moves || pos->base || pos->whole) {
        char ko[8] = "", state[80];
        if (pos->ko != GO_NO_POINT)
            go_format_point(pos, pos->ko, ko, sizeof ko);
        char moves[16] = "", base[16] = "";
        if (pos->moves)
            snprintf(moves, sizeof moves, "moves=%u", pos->moves);
        if (pos->base)
            snprintf(base, sizeof base, "base=%d", pos->base);
        int k = snprintf(state, sizeof state, "[%s%s%s%s%s%s%s]", ko[0] ? "ko=" : "", ko,
                         ko[0] && moves[0] ? "," : "", moves,
                         base[0] && (ko[0] || moves[0]) ? "," : "", base,
                         !pos->whole ? "" : ko[0] || moves[0] || base[0] ? ",whole" : "whole");
        if (k < 0 || n + (size_t)k >= cap)
            return SG_ERR_RANGE;
        memcpy(buf + n, state, (size_t)k + 1);
    }
    return SG_OK;
}
