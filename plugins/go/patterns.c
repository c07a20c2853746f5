#include "patterns.h"

#include <string.h>

/* Rows top to bottom, the candidate in the middle. X and O are stones of the two colours
 * (either way round), '.' empty, 'x' X or empty, 'o' O or empty, '?' anything, '#' off
 * the region. */
static const char *const shapes[] = {
    "XOX" "..." "???", /* hane enclosing */
    "XO." "..." "?.?", /* hane, not cutting */
    "XO?" "X.." "?.?", /* magari hane */
    "XOO" "..." "?.?", /* thin hane */
    "XO?" "O.x" "?x?", /* cut 1: unprotected cut */
    "XO?" "O.X" "???", /* cut 1: peeped cut */
    "?X?" "O.O" "ooo", /* cut 2 */
    "X.?" "O.?" "###", /* edge: chase along the edge */
    "?XO" "x.x" "###", /* edge: sagari */
    "?OX" "X.O" "###", /* edge: cut */
};

enum { EMPTY = 0, BLACK = 1, WHITE = 2, OFF = 3 };

/* cell k (0..8, row-major) of shape s after symmetry sym (0..7) */
static char cell(const char *s, int sym, int k)
{
    int r = k / 3, c = k % 3;
    for (int i = 0; i < (sym & 3); i++) { /* rotate a quarter turn */
        int t = r;
        r = c;
        c = 2 - t;
    }
    if (sym & 4)
        c = 2 - c;
    return s[r * 3 + c];
}

static bool fits(char want, int have, int a)
{
    int b = a == BLACK ? WHITE : BLACK;
    switch (want) {
    case 'X': return have == a;
    case 'O': return have == b;
    case '.': return have == EMPTY;
    case 'x': return have == a || have == EMPTY;
    case 'o': return have == b || have == EMPTY;
    case '#': return have == OFF;
    default: return true;
    }
}

void go_patterns_init(go_patterns *p)
{
    static const int slot[8] = { 0, 1, 2, 3, 5, 6, 7, 8 }; /* neighbour -> cell */
    memset(p, 0, sizeof *p);
    for (unsigned code = 0; code < (1u << 16); code++) {
        int have[9];
        for (int n = 0; n < 8; n++)
            have[slot[n]] = (int)(code >> (2 * n)) & 3;
        bool any = false;
        for (size_t s = 0; s < sizeof shapes / sizeof shapes[0] && !any; s++)
            for (int sym = 0; sym < 8 && !any; sym++)
                for (int a = BLACK; a <= WHITE && !any; a++) {
                    bool all = true;
                    for (int k = 0; k < 9 && all; k++)
                        all = k == 4 || fits(cell(shapes[s], sym, k), have[k], a);
                    any = all;
                }
        p->match[code] = any;
    }
}

unsigned go_neighbourhood(const go_board *b, int p)
{
    static const int dy[8] = { -1, -1, -1, 0, 0, 1, 1, 1 }, dx[8] = { -1, 0, 1, -1, 1, -1, 0, 1 };
    int x = p % GO_STRIDE, y = p / GO_STRIDE;
    unsigned code = 0;
    for (int n = 0; n < 8; n++) {
        int nx = x + dx[n], ny = y + dy[n], v = OFF;
        if (nx >= 0 && ny >= 0 && nx < GO_MAX_SIDE && ny < GO_MAX_ROWS) {
            go_bb bit = b->geo->bit[ny * GO_STRIDE + nx];
            if (b->on & bit)
                v = (b->stones[0] & bit) ? BLACK : (b->stones[1] & bit) ? WHITE : EMPTY;
        }
        code |= (unsigned)v << (2 * n);
    }
    return code;
}
