/* Position and move notation of the design brief: rows from the top separated by '/',
 * '.' empty, 'B' Black, 'W' White, 'x' blocked; squares "a1" with columns from the left
 * and rows from the bottom; moves "a2-a3xb2". */
#include <stdio.h>
#include <string.h>

#include "amazons.h"

#define SHOWN 40 /* characters of bad input quoted in a message */

static int fail(char *err, size_t errlen, int rc, const char *what, const char *text)
{
    if (errlen)
        snprintf(err, errlen, "%s in '%.*s'%s", what, SHOWN, text,
                 strlen(text) > SHOWN ? "..." : "");
    return rc;
}

int amz_parse(const amz_geom *g, const char *text, amz_board *b, char *err, size_t errlen)
{
    char what[160];
    int width = -1, height = 0, col = 0;
    /* First pass: the shape, so that rows can be numbered from the bottom. */
    for (const char *p = text;; p++) {
        if (*p == '/' || *p == '\0') {
            if (col == 0)
                return fail(err, errlen, SG_ERR_INVALID,
                            height == 0 && *p == '\0' ? "amazons: empty position"
                                                      : "amazons: empty row",
                            text);
            if (width >= 0 && col != width) {
                snprintf(what, sizeof what,
                         "amazons: row %d has %d squares but row 1 has %d (rows must have "
                         "equal length)", height + 1, col, width);
                return fail(err, errlen, SG_ERR_INVALID, what, text);
            }
            width = col;
            col = 0;
            if (++height > AMZ_SIDE_MAX) {
                snprintf(what, sizeof what, "amazons: more than %d rows", AMZ_SIDE_MAX);
                return fail(err, errlen, SG_ERR_INVALID, what, text);
            }
            if (*p == '\0')
                break;
            continue;
        }
        if (!strchr(".BWx", *p)) {
            unsigned char c = (unsigned char)*p;
            if (c >= 0x21 && c < 0x7f)
                snprintf(what, sizeof what, "amazons: bad square '%c' (expected '.', 'B', "
                         "'W' or 'x')", c);
            else
                snprintf(what, sizeof what, "amazons: bad character 0x%02x (expected '.', "
                         "'B', 'W' or 'x')", c);
            return fail(err, errlen, SG_ERR_INVALID, what, text);
        }
        if (++col > AMZ_SIDE_MAX) {
            snprintf(what, sizeof what, "amazons: a row has more than %d squares",
                     AMZ_SIDE_MAX);
            return fail(err, errlen, SG_ERR_INVALID, what, text);
        }
    }
    (void)g;
    memset(b, 0, sizeof *b);
    b->width = width;
    b->height = height;
    int row = height - 1;
    col = 0;
    for (const char *p = text; *p; p++) {
        if (*p == '/') {
            row--;
            col = 0;
            continue;
        }
        amz_bb bit = amz_bit(amz_square(col++, row));
        if (*p == '.')
            b->empty |= bit;
        else if (*p == 'B')
            b->black |= bit;
        else if (*p == 'W')
            b->white |= bit;
    }
    return SG_OK;
}

int amz_format(const amz_board *b, char *buf, size_t cap)
{
    size_t n = 0;
    for (int row = b->height - 1; row >= 0; row--) {
        for (int col = 0; col < b->width; col++) {
            amz_bb bit = amz_bit(amz_square(col, row));
            char c = (b->black & bit) ? 'B' : (b->white & bit) ? 'W' : (b->empty & bit) ? '.' : 'x';
            if (n + 1 < cap)
                buf[n] = c;
            n++;
        }
        if (row > 0) {
            if (n + 1 < cap)
                buf[n] = '/';
            n++;
        }
    }
    if (cap)
        buf[n < cap ? n : cap - 1] = '\0';
    return n < cap ? SG_OK : SG_ERR_RANGE;
}

/* Reads a square "a1".."j10" at *p; -1 when there is none. */
static int read_square(const char **p)
{
    const char *s = *p;
    if (*s < 'a' || *s > 'j')
        return -1;
    int col = *s++ - 'a';
    if (*s < '1' || *s > '9')
        return -1;
    int row = *s++ - '1';
    if (row == 0 && *s == '0') {
        row = 9;
        s++;
    }
    *p = s;
    return amz_square(col, row);
}

static int write_square(int sq, char *buf)
{
    int col = sq % AMZ_STRIDE, row = sq / AMZ_STRIDE;
    return sprintf(buf, "%c%d", 'a' + col, row + 1);
}

int amz_parse_move(const amz_geom *g, const amz_board *b, sg_player who, const char *text,
                   sg_move *move, char *err, size_t errlen)
{
    const char *p = text;
    int from = read_square(&p), to = -1, arrow = -1;
    if (from >= 0 && *p == '-') {
        p++;
        to = read_square(&p);
    }
    if (to >= 0 && *p == 'x') {
        p++;
        arrow = read_square(&p);
    }
    if (arrow < 0 || *p != '\0')
        return fail(err, errlen, SG_ERR_INVALID,
                    "amazons: bad move (expected from-to x arrow, like a2-a3xb2)", text);
    int sqs[3] = { from, to, arrow };
    for (int i = 0; i < 3; i++)
        if (g->col[sqs[i]] >= b->width || g->row[sqs[i]] >= b->height)
            return fail(err, errlen, SG_ERR_INVALID, "amazons: square off the board", text);
    sg_move m = amz_move_code(from, to, arrow);
    if (!amz_legal(g, b, who, m)) {
        const char *why = !((who == SG_LEFT ? b->black : b->white) & amz_bit(from))
                              ? (who == SG_LEFT ? "amazons: illegal move (no Black amazon "
                                                  "on the from square)"
                                                : "amazons: illegal move (no White amazon "
                                                  "on the from square)")
                          : !(amz_queen(g, from, b->empty) & amz_bit(to))
                              ? "amazons: illegal move (the amazon cannot reach the to square)"
                              : "amazons: illegal move (the arrow cannot reach its square)";
        return fail(err, errlen, SG_ERR_INVALID, why, text);
    }
    *move = m;
    return SG_OK;
}

int amz_format_move(sg_move move, char *buf, size_t cap)
{
    int from = amz_move_from(move), to = amz_move_to(move), arrow = amz_move_arrow(move);
    char text[32];
    int n;
    if ((move >> 24) || from >= AMZ_SQUARES || to >= AMZ_SQUARES || arrow >= AMZ_SQUARES ||
        from % AMZ_STRIDE == 10 || to % AMZ_STRIDE == 10 || arrow % AMZ_STRIDE == 10) {
        n = snprintf(buf, cap, "invalid-0x%llx", (unsigned long long)move);
        return n >= 0 && (size_t)n < cap ? SG_OK : SG_ERR_RANGE;
    }
    char *t = text;
    t += write_square(from, t);
    *t++ = '-';
    t += write_square(to, t);
    *t++ = 'x';
    write_square(arrow, t);
    n = snprintf(buf, cap, "%s", text);
    return n >= 0 && (size_t)n < cap ? SG_OK : SG_ERR_RANGE;
}
