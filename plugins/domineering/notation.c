/* Position and move notation (see notation.h). */
#include "notation.h"

#include <stdio.h>
#include <string.h>

#define SHOWN 40 /* characters of bad input quoted in a message */

static int fail(char *err, size_t errlen, const char *what, const char *text)
{
    if (errlen)
        snprintf(err, errlen, "%s in '%.*s'%s", what, SHOWN, text,
                 strlen(text) > SHOWN ? "..." : "");
    return SG_ERR_INVALID;
}

int dom_parse(const char *text, dom_board *b, char *err, size_t errlen)
{
    char what[160];
    int width = -1, height = 0, col = 0;
    uint64_t empty = 0;
    for (const char *p = text;; p++) {
        if (*p == '/' || *p == '\0') {
            if (col == 0)
                return fail(err, errlen,
                            height == 0 && *p == '\0' ? "domineering: empty position"
                                                      : "domineering: empty row",
                            text);
            if (width >= 0 && col != width) {
                snprintf(what, sizeof what,
                         "domineering: row %d has %d squares but row 1 has %d (rows must "
                         "have equal length)", height + 1, col, width);
                return fail(err, errlen, what, text);
            }
            width = col;
            col = 0;
            height++;
            if (*p == '\0')
                break;
            if (height == DOM_SIDE_MAX) {
                snprintf(what, sizeof what, "domineering: more than %d rows", DOM_SIDE_MAX);
                return fail(err, errlen, what, text);
            }
            continue;
        }
        if (*p != '.' && *p != 'x') {
            unsigned char c = (unsigned char)*p;
            if (c >= 0x21 && c < 0x7f)
                snprintf(what, sizeof what,
                         "domineering: bad square '%c' (expected '.' or 'x')", c);
            else
                snprintf(what, sizeof what,
                         "domineering: bad character 0x%02x (expected '.' or 'x')", c);
            return fail(err, errlen, what, text);
        }
        if (col == DOM_SIDE_MAX) {
            snprintf(what, sizeof what, "domineering: a row has more than %d squares",
                     DOM_SIDE_MAX);
            return fail(err, errlen, what, text);
        }
        if (*p == '.')
            empty |= dom_bit(dom_square(height, col));
        col++;
    }
    b->width = width;
    b->height = height;
    b->empty = empty;
    return SG_OK;
}

int dom_format(const dom_board *b, char *buf, size_t cap)
{
    size_t n = 0;
    for (int r = 0; r < b->height; r++) {
        if (r > 0) {
            if (n + 1 < cap)
                buf[n] = '/';
            n++;
        }
        for (int c = 0; c < b->width; c++) {
            if (n + 1 < cap)
                buf[n] = (b->empty & dom_bit(dom_square(r, c))) ? '.' : 'x';
            n++;
        }
    }
    if (cap)
        buf[n < cap ? n : cap - 1] = '\0';
    return n < cap ? SG_OK : SG_ERR_RANGE;
}

/* The board squares of a move code, false when it names no domino inside b. */
static bool move_squares(const dom_board *b, sg_move move, int *first, int *second)
{
    if (move >= 2 * DOM_MOVE_HORIZONTAL)
        return false;
    int sq = (int)(move & (DOM_MOVE_HORIZONTAL - 1));
    int r = sq / DOM_SIDE_MAX, c = sq % DOM_SIDE_MAX;
    bool horizontal = (move & DOM_MOVE_HORIZONTAL) != 0;
    if (r >= b->height - (horizontal ? 0 : 1) || c >= b->width - (horizontal ? 1 : 0))
        return false;
    *first = sq;
    *second = sq + (horizontal ? 1 : DOM_SIDE_MAX);
    return true;
}

bool dom_legal(const dom_board *b, sg_player who, sg_move move)
{
    int first, second;
    if (!move_squares(b, move, &first, &second))
        return false;
    if (((move & DOM_MOVE_HORIZONTAL) != 0) != (who == SG_RIGHT))
        return false;
    uint64_t both = dom_bit(first) | dom_bit(second);
    return (b->empty & both) == both;
}

void dom_apply(const dom_board *b, sg_move move, dom_board *out)
{
    int first = 0, second = 0;
    *out = *b;
    if (move_squares(b, move, &first, &second))
        out->empty &= ~(dom_bit(first) | dom_bit(second));
}

int dom_parse_move(const dom_board *b, sg_player who, const char *text, sg_move *move,
                   char *err, size_t errlen)
{
    const char *p = text;
    int col = -1, row = -1;
    if (*p >= 'a' && *p <= 'h')
        col = *p++ - 'a';
    if (col >= 0 && *p >= '1' && *p <= '8')
        row = *p++ - '1';
    bool horizontal = who == SG_RIGHT;
    if (row >= 0 && (*p == 'v' || *p == 'h')) {
        bool said = *p++ == 'h';
        if (said != horizontal && *p == '\0')
            return fail(err, errlen,
                        who == SG_LEFT ? "domineering: Left places vertical dominoes ('v')"
                                       : "domineering: Right places horizontal dominoes "
                                         "('h')",
                        text);
    }
    if (row < 0 || *p != '\0')
        return fail(err, errlen,
                    "domineering: bad move (expected the domino's lower left square and its "
                    "direction, like b2v or b2h)", text);
    if (col >= b->width || row >= b->height)
        return fail(err, errlen, "domineering: square off the board", text);
    /* The named square is the lower one of a vertical domino, whose code names the top. */
    int r = b->height - 1 - row;
    if (!horizontal && r == 0)
        return fail(err, errlen, "domineering: a vertical domino there leaves the board",
                    text);
    if (horizontal && col == b->width - 1)
        return fail(err, errlen, "domineering: a horizontal domino there leaves the board",
                    text);
    sg_move m = dom_move_code(dom_square(horizontal ? r : r - 1, col), horizontal);
    if (!dom_legal(b, who, m))
        return fail(err, errlen, "domineering: illegal move (a square is occupied)", text);
    *move = m;
    return SG_OK;
}

int dom_format_move(const dom_board *b, sg_move move, char *buf, size_t cap)
{
    int first, second, n;
    if (!move_squares(b, move, &first, &second)) {
        n = snprintf(buf, cap, "invalid-0x%llx", (unsigned long long)move);
    } else {
        int lower = (move & DOM_MOVE_HORIZONTAL) ? first : second;
        n = snprintf(buf, cap, "%c%d%c", 'a' + lower % DOM_SIDE_MAX,
                     b->height - lower / DOM_SIDE_MAX,
                     (move & DOM_MOVE_HORIZONTAL) ? 'h' : 'v');
    }
    return n >= 0 && (size_t)n < cap ? SG_OK : SG_ERR_RANGE;
}
