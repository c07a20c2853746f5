#include "notation.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/host.h"

static const char columns[] = "abcdefghjklmnopqrst";

/* Where a grid or a position sits: its own size, and the board it was cut from. */
typedef struct frame {
    int width, height;      /* the points of the rows */
    int x, y;               /* their top-left point on the board */
    int board_w, board_h;   /* the board's size: the rows' own when they are not a part */
    bool transposed;        /* the rows are the board's columns (go_pos's transposed) */
} frame;

static frame frame_of(int width, int height, int x, int y, int board_w, int board_h,
                      bool transposed)
{
    frame f = { width, height, x, y, board_w ? board_w : width, board_h ? board_h : height,
                transposed };
    return f;
}

/* The board's columns and rows the frame's rows cover. */
static int span_x(const frame *f) { return f->transposed ? f->height : f->width; }
static int span_y(const frame *f) { return f->transposed ? f->width : f->height; }

static int read_point(const frame *f, const char *text, int *x, int *y, char *err,
                      size_t errlen)
{
    if (strcmp(text, "pass") == 0) {
        snprintf(err, errlen, "'pass' is not a move in one region: a player with no move "
                              "anywhere in the sum passes there");
        return SG_ERR_INVALID;
    }
    if (text[0] == 'i') {
        snprintf(err, errlen, "'%.20s': go columns skip 'i' (a..h, j..t)", text);
        return SG_ERR_INVALID;
    }
    const char *c = text[0] ? strchr(columns, text[0]) : NULL;
    char *end;
    long row = c ? strtol(text + 1, &end, 10) : 0;
    int bx = c ? (int)(c - columns) : 0, by = f->board_h - (int)row;
    if (!c || text[1] < '1' || text[1] > '9' || *end || row < 1 || row > f->board_h ||
        bx < f->x || bx >= f->x + span_x(f) || by < f->y || by >= f->y + span_y(f)) {
        if (f->board_w == f->width && f->board_h == f->height)
            snprintf(err, errlen, "'%.20s' is not a point of this %dx%d region (a1..%c%d)", text,
                     f->width, f->height, columns[f->width - 1], f->height);
        else
            snprintf(err, errlen, "'%.20s' is not a point of this part (%c%d..%c%d of the %dx%d "
                                  "board)", text, columns[f->x], f->board_h - f->y,
                     columns[f->x + span_x(f) - 1], f->board_h - f->y - span_y(f) + 1,
                     f->board_w, f->board_h);
        return SG_ERR_INVALID;
    }
    *x = f->transposed ? by - f->y : bx - f->x;
    *y = f->transposed ? bx - f->x : by - f->y;
    return SG_OK;
}

static int name_point(const frame *f, int x, int y, char *buf, size_t cap)
{
    if (x < 0 || y < 0 || x >= f->width || y >= f->height)
        return SG_ERR_INVALID;
    int bx = f->transposed ? y : x, by = f->transposed ? x : y;
    int n = snprintf(buf, cap, "%c%d", columns[bx + f->x], f->board_h - (by + f->y));
    return n >= 0 && (size_t)n < cap ? SG_OK : SG_ERR_RANGE;
}

static frame pos_frame(const go_pos *p)
{
    return frame_of(p->width, p->height, p->frame_x, p->frame_y, p->board_width,
                    p->board_height, p->transposed);
}

static frame grid_frame(const go_grid *g)
{
    return frame_of(g->width, g->height, g->frame_x, g->frame_y, g->board_width,
                    g->board_height, g->transposed);
}

int go_parse_point(const go_pos *pos, const char *text, int *point, char *err, size_t errlen)
{
    frame f = pos_frame(pos);
    int x, y, rc = read_point(&f, text, &x, &y, err, errlen);
    if (rc == SG_OK)
        *point = y * GO_STRIDE + x;
    return rc;
}

int go_format_point(const go_pos *pos, int point, char *buf, size_t cap)
{
    frame f = pos_frame(pos);
    return name_point(&f, point % GO_STRIDE, point / GO_STRIDE, buf, cap);
}

int go_grid_parse_point(const go_grid *g, const char *text, int *point, char *err,
                        size_t errlen)
{
    frame f = grid_frame(g);
    int x, y, rc = read_point(&f, text, &x, &y, err, errlen);
    if (rc == SG_OK)
        *point = y * GO_GRID_SIDE + x;
    return rc;
}

int go_grid_format_point(const go_grid *g, int point, char *buf, size_t cap)
{
    frame f = grid_frame(g);
    return name_point(&f, point % GO_GRID_SIDE, point / GO_GRID_SIDE, buf, cap);
}

/* Which mark an item such as "alive=c3" gives, or -1. */
static int mark_of(const char *item)
{
    static const char *const names[GO_MARKS] = { "dead=", "alive=", "tb=", "tw=" };
    for (int m = 0; m < GO_MARKS; m++)
        if (strncmp(item, names[m], strlen(names[m])) == 0)
            return m;
    return -1;
}

/* A whole number item's value in lo..hi. */
static int number_item(const char *item, size_t key, long lo, long hi, long *value)
{
    char *e;
    long n = strtol(item + key, &e, 10);
    if (!item[key] || *e || n < lo || n > hi)
        return SG_ERR_INVALID;
    *value = n;
    return SG_OK;
}

/* The part's frame first ([at=P,board=WxH] in either order): the other items name points
 * on that board. */
static int parse_frame(const char *s, const char *end, go_grid *g, char *err, size_t errlen)
{
    const char *board = NULL, *at = NULL;
    bool transposed = false;
    for (const char *t = s; t < end; t++)
        if (t == s || t[-1] == ',') {
            if (strncmp(t, "board=", 6) == 0)
                board = t + 6;
            else if (strncmp(t, "at=", 3) == 0)
                at = t + 3;
            else if (strncmp(t, "transposed", 10) == 0 && (t[10] == ',' || t[10] == ']'))
                transposed = true;
        }
    if (!board && !at && !transposed)
        return SG_OK;
    int w, h, n = 0;
    int cols = transposed ? g->height : g->width, rows = transposed ? g->width : g->height;
    if (!board || !at || sscanf(board, "%dx%d%n", &w, &h, &n) != 2 ||
        (board[n] != ',' && board[n] != ']') || w < cols || h < rows ||
        w > GO_GRID_SIDE || h > GO_GRID_SIDE) {
        snprintf(err, errlen, "a part of a board needs both at=POINT and board=WxH (at most "
                              "%dx%d, and as large as the rows)", GO_GRID_SIDE, GO_GRID_SIDE);
        return SG_ERR_INVALID;
    }
    g->transposed = transposed;
    char point[8];
    size_t len = strcspn(at, ",]");
    if (len >= sizeof point)
        len = sizeof point - 1;
    memcpy(point, at, len);
    point[len] = '\0';
    frame f = frame_of(w, h, 0, 0, w, h, false);
    int x, y;
    if (read_point(&f, point, &x, &y, err, errlen) != SG_OK)
        return SG_ERR_INVALID;
    if (x + (g->transposed ? g->height : g->width) > w ||
        y + (g->transposed ? g->width : g->height) > h) {
        snprintf(err, errlen, "at=%s: the %dx%d rows go past the edge of the %dx%d board",
                 point, g->width, g->height, w, h);
        return SG_ERR_INVALID;
    }
    g->frame_x = x;
    g->frame_y = y;
    g->board_width = w;
    g->board_height = h;
    return SG_OK;
}

/* Parses the bracketed state after the rows into g. */
static int parse_state(const char *s, go_grid *g, uint8_t *marks, char *err, size_t errlen)
{
    const char *end = strchr(s, ']');
    if (!end || end[1]) {
        snprintf(err, errlen, "'%.40s': the state must be one [...] at the end", s - 1);
        return SG_ERR_INVALID;
    }
    if (parse_frame(s, end, g, err, errlen) != SG_OK)
        return SG_ERR_INVALID;
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
        long n;
        int p;
        if (strncmp(item, "ko=", 3) == 0) {
            if (go_grid_parse_point(g, item + 3, &p, err, errlen) != SG_OK)
                return SG_ERR_INVALID;
            g->ko = p;
        } else if (strncmp(item, "moves=", 6) == 0) {
            if (number_item(item, 6, 0, 60000, &n) != SG_OK) {
                snprintf(err, errlen, "'%s': moves must be 0..60000", item);
                return SG_ERR_INVALID;
            }
            g->moves = (int)n;
        } else if (strcmp(item, "whole") == 0) {
            g->whole = true;
        } else if (strncmp(item, "base=", 5) == 0) {
            if (number_item(item, 5, -1000, 1000, &n) != SG_OK) {
                snprintf(err, errlen, "'%s': base must be -1000..1000", item);
                return SG_ERR_INVALID;
            }
            g->base = (int)n;
        } else if (strncmp(item, "at=", 3) == 0 || strncmp(item, "board=", 6) == 0 ||
                   strcmp(item, "transposed") == 0) {
            /* read by parse_frame */
        } else if (marks && mark_of(item) >= 0) {
            if (go_grid_parse_point(g, strchr(item, '=') + 1, &p, err, errlen) != SG_OK)
                return SG_ERR_INVALID;
            marks[p] |= (uint8_t)(1 << mark_of(item));
        } else {
            snprintf(err, errlen, "'%s': unknown state (ko=POINT, moves=N, base=N, whole, "
                                  "dead=POINT, alive=POINT, tb=POINT, tw=POINT, at=POINT, "
                                  "board=WxH or transposed)", item);
            return SG_ERR_INVALID;
        }
        s = comma ? comma + 1 : end;
    }
    return SG_OK;
}

/* The ko point must be empty with all its neighbours in play the capturer's; that names
 * the banned colour. */
static int check_ko(go_grid *g, char *err, size_t errlen)
{
    if (g->ko < 0)
        return SG_OK;
    int around[4], n = go_grid_neighbours(g, g->ko, around);
    for (int c = 0; c < 2 && g->cell[g->ko] == '.'; c++) {
        int in_play = 0, own = 0;
        for (int k = 0; k < n; k++) {
            in_play += go_cell_play(g->cell[around[k]]);
            own += go_cell_stone(g->cell[around[k]], c);
        }
        if (in_play && own == in_play) {
            g->ko_banned = 1 - c;
            return SG_OK;
        }
    }
    char text[8];
    go_grid_format_point(g, g->ko, text, sizeof text);
    snprintf(err, errlen, "ko=%s: a ko point is empty with every neighbour of one colour", text);
    return SG_ERR_INVALID;
}

int go_parse_grid(const char *text, go_grid *g, uint8_t *marks, char *err, size_t errlen)
{
    go_grid_init(g, 0, 0);
    if (marks)
        memset(marks, 0, GO_GRID_POINTS);
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
        if (x >= GO_GRID_SIDE || y >= GO_GRID_SIDE) {
            snprintf(err, errlen, "'%.40s': go boards are at most %dx%d", text, GO_GRID_SIDE,
                     GO_GRID_SIDE);
            return SG_ERR_INVALID;
        }
        if (!strchr(".XOxowbtu#", ch) || !ch) {
            snprintf(err, errlen,
                     "'%c' at row %d: expected '.', 'X', 'O', 'x', 'o', 'w', 'b', 't', 'u', '#' "
                     "or '/'", ch, y + 1);
            return SG_ERR_INVALID;
        }
        g->cell[y * GO_GRID_SIDE + x] = ch;
        x++;
    }
    g->width = width;
    g->height = y;
    if (*s == '[' && parse_state(s + 1, g, marks, err, errlen) != SG_OK)
        return SG_ERR_INVALID;
    bool any = false;
    for (int p = 0; p < GO_GRID_POINTS && !any; p++)
        any = go_cell_board(g->cell[p]);
    if (!any && !g->base) {
        snprintf(err, errlen, "'%.40s': the region has no point", text);
        return SG_ERR_INVALID;
    }
    return check_ko(g, err, errlen);
}

int go_format_grid(const go_grid *g, char *buf, size_t cap)
{
    size_t n = 0;
    for (int y = 0; y < g->height; y++) {
        if (n + (size_t)g->width + 1 >= cap)
            return SG_ERR_RANGE;
        memcpy(buf + n, g->cell + y * GO_GRID_SIDE, (size_t)g->width);
        n += (size_t)g->width;
        if (y + 1 < g->height)
            buf[n++] = '/';
    }
    buf[n] = '\0';
    char state[128] = "", item[24];
    size_t k = 0;
    if (g->ko >= 0) {
        char ko[8];
        go_grid_format_point(g, g->ko, ko, sizeof ko);
        k += (size_t)snprintf(state + k, sizeof state - k, ",ko=%s", ko);
    }
    if (g->moves)
        k += (size_t)snprintf(state + k, sizeof state - k, ",moves=%d", g->moves);
    if (g->base)
        k += (size_t)snprintf(state + k, sizeof state - k, ",base=%d", g->base);
    if (g->whole)
        k += (size_t)snprintf(state + k, sizeof state - k, ",whole");
    if (g->board_width) {
        go_grid_format_point(g, 0, item, sizeof item); /* the top-left point */
        k += (size_t)snprintf(state + k, sizeof state - k, ",at=%s,board=%dx%d%s", item,
                              g->board_width, g->board_height,
                              g->transposed ? ",transposed" : "");
    }
    if (k) {
        if (n + k + 2 > cap)
            return SG_ERR_RANGE;
        snprintf(buf + n, cap - n, "[%s]", state + 1);
    }
    return SG_OK;
}

int go_format_position(const go_pos *pos, char *buf, size_t cap)
{
    go_grid g;
    go_grid_from_pos(pos, &g);
    return go_format_grid(&g, buf, cap);
}
