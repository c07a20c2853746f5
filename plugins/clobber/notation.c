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

int clob_parse(const char *text, clob_board *b, char *err, size_t errlen)
{
    char what[160];
    int width = -1, height = 0, col = 0;
    uint64_t left = 0, right = 0;
    for (const char *p = text;; p++) {
        if (*p == '/' || *p == '\0') {
            if (col == 0)
                return fail(err, errlen,
                            height == 0 && *p == '\0' ? "clobber: empty position"
                                                      : "clobber: empty row",
                            text);
            if (width >= 0 && col != width) {
                snprintf(what, sizeof what,
                         "clobber: row %d has %d squares but row 1 has %d (rows must have "
                         "equal length)", height + 1, col, width);
                return fail(err, errlen, what, text);
            }
            width = col;
            col = 0;
            height++;
            if (*p == '\0')
                break;
            if (height == CLOB_SIDE_MAX) {
                snprintf(what, sizeof what, "clobber: more than %d rows", CLOB_SIDE_MAX);
                return fail(err, errlen, what, text);
            }
            continue;
        }
        if (*p != '.' && *p != 'x' && *p != 'o') {
            unsigned char c = (unsigned char)*p;
            if (c >= 0x21 && c < 0x7f)
                snprintf(what, sizeof what,
                         "clobber: bad square '%c' (expected '.', 'x' or 'o')", c);
            else
                snprintf(what, sizeof what,
                         "clobber: bad character 0x%02x (expected '.', 'x' or 'o')", c);
            return fail(err, errlen, what, text);
        }
        if (col == CLOB_SIDE_MAX) {
            snprintf(what, sizeof what, "clobber: a row has more than %d squares",
                     CLOB_SIDE_MAX);
            return fail(err, errlen, what, text);
        }
        if (*p == 'x')
            left |= clob_bit(clob_square(height, col));
        else if (*p == 'o')
            right |= clob_bit(clob_square(height, col));
        col++;
    }
    b->width = width;
    b->height = height;
    b->left = left;
    b->right = right;
    return SG_OK;
}

int clob_format(const clob_board *b, char *buf, size_t cap)
{
    size_t n = 0;
    for (int r = 0; r < b->height; r++) {
        if (r > 0) {
            if (n + 1 < cap)
                buf[n] = '/';
            n++;
        }
        for (int c = 0; c < b->width; c++) {
            uint64_t bit = clob_bit(clob_square(r, c));
            if (n + 1 < cap)
                buf[n] = (b->left & bit) ? 'x' : (b->right & bit) ? 'o' : '.';
            n++;
        }
    }
    if (cap)
        buf[n < cap ? n : cap - 1] = '\0';
    return n < cap ? SG_OK : SG_ERR_RANGE;
}

/* Whether squares a and b of the board are orthogonal neighbours. */
static bool adjacent(int a, int b)
{
    int ra = a / CLOB_SIDE_MAX, ca = a % CLOB_SIDE_MAX;
    int rb = b / CLOB_SIDE_MAX, cb = b % CLOB_SIDE_MAX;
    int dr = ra > rb ? ra - rb : rb - ra, dc = ca > cb ? ca - cb : cb - ca;
    return dr + dc == 1;
}

static bool on_board(const clob_board *b, int sq)
{
    return sq / CLOB_SIDE_MAX < b->height && sq % CLOB_SIDE_MAX < b->width;
}

/* The squares of a move code, false when it names no neighbouring pair inside b. */
static bool move_squares(const clob_board *b, sg_move move, int *from, int *to)
{
    if (move >> 12)
        return false;
    *from = (int)(move & 63);
    *to = (int)((move >> 6) & 63);
    return on_board(b, *from) && on_board(b, *to) && adjacent(*from, *to);
}

bool clob_legal(const clob_board *b, sg_player who, sg_move move)
{
    int from, to;
    if (!move_squares(b, move, &from, &to))
        return false;
    return (clob_own(b, who) & clob_bit(from)) && (clob_theirs(b, who) & clob_bit(to));
}

void clob_apply(const clob_board *b, sg_player who, sg_move move, clob_board *out)
{
    int from = 0, to = 0;
    *out = *b;
    if (!move_squares(b, move, &from, &to))
        return;
    uint64_t f = clob_bit(from), t = clob_bit(to);
    if (who == SG_LEFT) {
        out->left = (b->left & ~f) | t;
        out->right = b->right & ~t;
    } else {
        out->right = (b->right & ~f) | t;
        out->left = b->left & ~t;
    }
}

/* Reads a square name at *p ("a1".."h8"); -1 when there is none. Rows count from the
 * bottom of a board of the given height; a row above it gives a square off the board. */
static int read_square(const char **p, int height, bool *off)
{
    const char *s = *p;
    if (s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8')
        return -1;
    int col = s[0] - 'a', row = s[1] - '1';
    *p = s + 2;
    if (row >= height) {
        *off = true;
        return 0;
    }
    return clob_square(height - 1 - row, col);
}

int clob_parse_move(const clob_board *b, sg_player who, const char *text, sg_move *move,
                    char *err, size_t errlen)
{
    const char *p = text;
    bool off = false;
    int from = read_square(&p, b->height, &off), to = -1;
    if (from >= 0 && *p == '-') {
        p++;
        to = read_square(&p, b->height, &off);
    }
    if (to < 0 || *p != '\0')
        return fail(err, errlen,
                    "clobber: bad move (expected the moving stone's square, '-' and the "
                    "clobbered stone's square, like b2-b3)", text);
    if (off || !on_board(b, from) || !on_board(b, to))
        return fail(err, errlen, "clobber: square off the board", text);
    const char *mine = who == SG_LEFT ? "Left's ('x')" : "Right's ('o')";
    const char *other = who == SG_LEFT ? "Right's ('o')" : "Left's ('x')";
    char what[120];
    if (!(clob_own(b, who) & clob_bit(from))) {
        snprintf(what, sizeof what, "clobber: not your stone: %.2s holds no stone of %s",
                 text, mine);
        return fail(err, errlen, what, text);
    }
    if (!adjacent(from, to))
        return fail(err, errlen,
                    "clobber: not adjacent: a stone moves one square up, down, left or right",
                    text);
    if (!(clob_theirs(b, who) & clob_bit(to))) {
        snprintf(what, sizeof what,
                 "clobber: not an opponent's stone: %.2s holds no stone of %s", text + 3,
                 other);
        return fail(err, errlen, what, text);
    }
    *move = clob_move_code(from, to);
    return SG_OK;
}

int clob_format_move(const clob_board *b, sg_move move, char *buf, size_t cap)
{
    int from, to, n;
    if (!move_squares(b, move, &from, &to))
        n = snprintf(buf, cap, "invalid-0x%llx", (unsigned long long)move);
    else
        n = snprintf(buf, cap, "%c%d-%c%d", 'a' + from % CLOB_SIDE_MAX,
                     b->height - from / CLOB_SIDE_MAX, 'a' + to % CLOB_SIDE_MAX,
                     b->height - to / CLOB_SIDE_MAX);
    return n >= 0 && (size_t)n < cap ? SG_OK : SG_ERR_RANGE;
}
