#include "grid.h"

#include <stdio.h>
#include <string.h>

#include "notation.h"
#include "sumgame/host.h"

/* A big board's cells: a point in four bits, its index in this string. */
static const char cell_codes[] = ".XOxowbtu#";

void go_grid_init(go_grid *g, int width, int height)
{
    memset(g, 0, sizeof *g);
    g->width = width;
    g->height = height;
    g->ko = -1;
    memset(g->cell, '#', sizeof g->cell);
    for (int y = 0; y < height; y++)
        memset(g->cell + y * GO_GRID_SIDE, '.', (size_t)width);
}

bool go_cell_safe(char ch, int c)
{
    return c == GO_BLACK ? ch == 'x' || ch == 'w' || ch == 't' : ch == 'o' || ch == 'b' || ch == 'u';
}

void go_grid_from_pos(const go_pos *pos, go_grid *g)
{
    go_grid_init(g, pos->width, pos->height);
    g->moves = pos->moves;
    g->base = pos->base;
    g->whole = pos->whole;
    g->frame_x = pos->frame_x;
    g->frame_y = pos->frame_y;
    g->board_width = pos->board_width;
    g->board_height = pos->board_height;
    g->transposed = pos->transposed;
    if (pos->big) {
        for (int y = 0; y < pos->height; y++)
            for (int x = 0; x < pos->width; x++) {
                int i = y * pos->width + x, code = (pos->cells[i / 2] >> (i % 2 * 4)) & 15;
                g->cell[y * GO_GRID_SIDE + x] = code < 10 ? cell_codes[code] : '#';
            }
        if (pos->big_ko != GO_GRID_NO_KO) {
            g->ko = pos->big_ko;
            g->ko_banned = pos->ko_banned;
        }
        return;
    }
    go_bb on = go_bb_make(pos->on);
    go_bb s[2] = { go_bb_make(pos->stones[0]), go_bb_make(pos->stones[1]) };
    go_bb safe[2] = { go_bb_make(pos->safe[0]), go_bb_make(pos->safe[1]) };
    go_bb dead = go_bb_make(pos->dead), settled = go_bb_make(pos->settled);
    for (int y = 0; y < pos->height; y++)
        for (int x = 0; x < pos->width; x++) {
            go_bb bit = (go_bb)1 << (y * GO_STRIDE + x);
            g->cell[y * GO_GRID_SIDE + x] =
                (safe[0] & bit)   ? (dead & bit ? 'w' : settled & bit ? 't' : 'x')
                : (safe[1] & bit) ? (dead & bit ? 'b' : settled & bit ? 'u' : 'o')
                : !(on & bit)     ? '#'
                : (s[0] & bit)    ? 'X'
                : (s[1] & bit)    ? 'O'
                                  : '.';
        }
    if (pos->ko != GO_NO_POINT) {
        g->ko = pos->ko / GO_STRIDE * GO_GRID_SIDE + pos->ko % GO_STRIDE;
        g->ko_banned = pos->ko_banned;
    }
}

void go_grid_to_pos(const go_grid *g, go_pos *pos)
{
    memset(pos, 0, sizeof *pos);
    pos->width = (uint8_t)g->width;
    pos->height = (uint8_t)g->height;
    pos->moves = (uint16_t)g->moves;
    pos->base = (int16_t)g->base;
    pos->whole = g->whole;
    pos->frame_x = (uint8_t)g->frame_x;
    pos->frame_y = (uint8_t)g->frame_y;
    pos->board_width = (uint8_t)g->board_width;
    pos->board_height = (uint8_t)g->board_height;
    pos->transposed = g->transposed;
    pos->ko = GO_NO_POINT;
    if (g->width > GO_MAX_SIDE || g->height > GO_MAX_ROWS) {
        pos->big = 1;
        pos->big_ko = GO_GRID_NO_KO;
        for (int y = 0; y < g->height; y++)
            for (int x = 0; x < g->width; x++) {
                int i = y * g->width + x;
                int code = (int)(strchr(cell_codes, g->cell[y * GO_GRID_SIDE + x]) - cell_codes);
                pos->cells[i / 2] = (uint8_t)(pos->cells[i / 2] | code << (i % 2 * 4));
            }
        if (g->ko >= 0) {
            pos->big_ko = (uint16_t)g->ko;
            pos->ko_banned = (uint8_t)g->ko_banned;
        }
        return;
    }
    go_bb on = 0, s[2] = { 0, 0 }, safe[2] = { 0, 0 }, dead = 0, settled = 0;
    for (int y = 0; y < g->height; y++)
        for (int x = 0; x < g->width; x++) {
            char ch = g->cell[y * GO_GRID_SIDE + x];
            go_bb bit = (go_bb)1 << (y * GO_STRIDE + x);
            if (go_cell_play(ch))
                on |= bit;
            for (int c = 0; c < 2; c++) {
                if (go_cell_stone(ch, c))
                    s[c] |= bit;
                if (go_cell_safe(ch, c))
                    safe[c] |= bit;
            }
            if (ch == 'w' || ch == 'b')
                dead |= bit;
            if (ch == 't' || ch == 'u')
                settled |= bit;
        }
    go_bb_store(on, pos->on);
    go_bb_store(s[0], pos->stones[0]);
    go_bb_store(s[1], pos->stones[1]);
    go_bb_store(safe[0], pos->safe[0]);
    go_bb_store(safe[1], pos->safe[1]);
    go_bb_store(dead, pos->dead);
    go_bb_store(settled, pos->settled);
    if (g->ko >= 0) {
        pos->ko = (uint8_t)(g->ko / GO_GRID_SIDE * GO_STRIDE + g->ko % GO_GRID_SIDE);
        pos->ko_banned = (uint8_t)g->ko_banned;
    }
}

int go_grid_neighbours(const go_grid *g, int p, int n[4])
{
    int x = p % GO_GRID_SIDE, y = p / GO_GRID_SIDE, k = 0;
    if (x > 0)
        n[k++] = p - 1;
    if (x + 1 < g->width)
        n[k++] = p + 1;
    if (y > 0)
        n[k++] = p - GO_GRID_SIDE;
    if (y + 1 < g->height)
        n[k++] = p + GO_GRID_SIDE;
    return k;
}

int go_grid_fill(const go_grid *g, int p, bool (*in)(char ch, int c), int c, uint8_t *set)
{
    if (!in(g->cell[p], c) || set[p])
        return 0;
    int stack[GO_GRID_POINTS], top = 0, count = 0;
    stack[top++] = p;
    set[p] = 1;
    while (top) {
        int q = stack[--top], n[4];
        count++;
        for (int k = go_grid_neighbours(g, q, n); k-- > 0;)
            if (!set[n[k]] && in(g->cell[n[k]], c)) {
                set[n[k]] = 1;
                stack[top++] = n[k];
            }
    }
    return count;
}

static bool stone_of(char ch, int c) { return go_cell_stone(ch, c); }

/* Whether the string of stones in set has an empty neighbour. */
static bool has_liberty(const go_grid *g, const uint8_t *set)
{
    for (int p = 0; p < GO_GRID_POINTS; p++) {
        int n[4];
        if (set[p])
            for (int k = go_grid_neighbours(g, p, n); k-- > 0;)
                if (g->cell[n[k]] == '.')
                    return true;
    }
    return false;
}

bool go_grid_play(go_grid *g, int p, int c, int *taken)
{
    if (p < 0 || p >= GO_GRID_POINTS || g->cell[p] != '.' || (p == g->ko && c == g->ko_banned))
        return false;
    go_grid after = *g;
    after.cell[p] = c == GO_BLACK ? 'X' : 'O';
    int n[4], captured = 0, last = -1;
    for (int k = go_grid_neighbours(g, p, n); k-- > 0;) {
        uint8_t set[GO_GRID_POINTS] = { 0 };
        if (!go_grid_fill(&after, n[k], stone_of, 1 - c, set) || has_liberty(&after, set))
            continue;
        for (int q = 0; q < GO_GRID_POINTS; q++)
            if (set[q]) {
                after.cell[q] = '.';
                captured++;
                last = q;
            }
    }
    uint8_t own[GO_GRID_POINTS] = { 0 };
    int size = go_grid_fill(&after, p, stone_of, c, own);
    if (!has_liberty(&after, own))
        return false; /* suicide */
    after.ko = -1;
    if (captured == 1 && size == 1) {
        int libs = 0;
        for (int k = go_grid_neighbours(g, p, n); k-- > 0;)
            libs += after.cell[n[k]] == '.';
        if (libs == 1) {
            after.ko = last;
            after.ko_banned = 1 - c;
        }
    }
    after.moves++;
    *g = after;
    *taken = captured;
    return true;
}

bool go_grid_strings_free(const go_grid *g)
{
    uint8_t seen[GO_GRID_POINTS] = { 0 };
    for (int p = 0; p < GO_GRID_POINTS; p++)
        for (int c = 0; c < 2; c++) {
            uint8_t set[GO_GRID_POINTS] = { 0 };
            if (seen[p] || !go_grid_fill(g, p, stone_of, c, set))
                continue;
            bool free = false;
            for (int q = 0; q < GO_GRID_POINTS; q++) {
                int n[4];
                seen[q] |= set[q];
                if (set[q])
                    for (int k = go_grid_neighbours(g, q, n); k-- > 0;)
                        free |= g->cell[n[k]] == '.' ||
                                (go_cell_safe(g->cell[n[k]], c) && g->cell[n[k]] != (c ? 'b' : 'w'));
            }
            if (!free)
                return false;
        }
    return true;
}

static bool any_safe(char ch, int c)
{
    (void)c;
    return go_cell_safe(ch, GO_BLACK) || go_cell_safe(ch, GO_WHITE);
}

int go_grid_apply_marks(go_grid *g, const go_marks marks, bool territory, char *err,
                        size_t errlen)
{
    char name[8];
    for (int alive = 0; alive < 2; alive++)
        for (int q = 0; q < GO_GRID_POINTS; q++) {
            if (!(marks[q] >> (alive ? GO_MARK_ALIVE : GO_MARK_DEAD) & 1) || any_safe(g->cell[q], 0))
                continue; /* unmarked, or done already (another mark of the same chain) */
            int c = g->cell[q] == 'X' ? GO_BLACK : GO_WHITE;
            if (!go_cell_stone(g->cell[q], c)) {
                go_grid_format_point(g, q, name, sizeof name);
                snprintf(err, errlen, "%s=%s: no stone there", alive ? "alive" : "dead", name);
                return SG_ERR_INVALID;
            }
            uint8_t chain[GO_GRID_POINTS] = { 0 };
            int n = go_grid_fill(g, q, stone_of, c, chain);
            char now = alive ? (c == GO_BLACK ? 'x' : 'o') : (c == GO_BLACK ? 'b' : 'w');
            for (int p = 0; p < GO_GRID_POINTS; p++)
                if (chain[p])
                    g->cell[p] = now;
            if (!alive && territory)
                g->base += (c == GO_BLACK ? -2 : 2) * n;
        }
    /* a point marked c's territory is settled when every neighbour on the board is c's
     * marked territory or c's safe stone, so no move can reach it */
    uint8_t settle[GO_GRID_POINTS] = { 0 };
    for (int c = 0; c < 2; c++) {
        int mine = GO_MARK_TB + c, other = GO_MARK_TB + 1 - c;
        for (int q = 0; q < GO_GRID_POINTS; q++) {
            if (!(marks[q] >> mine & 1))
                continue;
            if (g->cell[q] != '.' || (marks[q] >> other & 1)) {
                go_grid_format_point(g, q, name, sizeof name);
                snprintf(err, errlen, "%s=%s: territory is an empty point of the board, marked "
                                      "for one colour", c == 0 ? "tb" : "tw", name);
                return SG_ERR_INVALID;
            }
            int n[4], k = go_grid_neighbours(g, q, n);
            bool closed = true;
            while (k-- > 0)
                if (go_cell_board(g->cell[n[k]]) && !(marks[n[k]] >> mine & 1) &&
                    !go_cell_safe(g->cell[n[k]], c))
                    closed = false;
            if (closed)
                settle[q] = (uint8_t)(1 + c);
        }
    }
    for (int q = 0; q < GO_GRID_POINTS; q++)
        if (settle[q]) {
            g->cell[q] = settle[q] == 1 ? 't' : 'u';
            if (territory)
                g->base += settle[q] == 1 ? 1 : -1;
        }
    return SG_OK;
}

static bool mine_of(char ch, int c) { return go_cell_stone(ch, c) || go_cell_safe(ch, c); }
static bool not_mine_of(char ch, int c) { return go_cell_board(ch) && !mine_of(ch, c); }

void go_grid_benson(const go_grid *g, int c, uint8_t *alive)
{
    /* chain and region numbers of every point (0: none) */
    static const int none = 0;
    int chain_of[GO_GRID_POINTS], region_of[GO_GRID_POINTS], nc = 0, nr = 0;
    bool chain_safe[GO_GRID_POINTS + 1];
    for (int p = 0; p < GO_GRID_POINTS; p++)
        chain_of[p] = region_of[p] = none;
    for (int p = 0; p < GO_GRID_POINTS; p++) {
        uint8_t set[GO_GRID_POINTS] = { 0 };
        if (chain_of[p] == none && go_grid_fill(g, p, mine_of, c, set)) {
            chain_safe[++nc] = false;
            for (int q = 0; q < GO_GRID_POINTS; q++)
                if (set[q]) {
                    chain_of[q] = nc;
                    chain_safe[nc] |= go_cell_safe(g->cell[q], c);
                }
        } else if (region_of[p] == none && go_grid_fill(g, p, not_mine_of, c, set)) {
            nr++;
            for (int q = 0; q < GO_GRID_POINTS; q++)
                if (set[q])
                    region_of[q] = nr;
        }
    }
    /* the (region, chain) pairs where the region is vital to the chain: it has an empty
     * point, every empty point is a liberty of the chain, and it holds no safe stone of
     * the opponent */
    static const int max_pairs = 4 * GO_GRID_POINTS;
    int pair_region[4 * GO_GRID_POINTS], pair_chain[4 * GO_GRID_POINTS], np = 0;
    for (int r = 1; r <= nr; r++) {
        bool empty = false, opponent = false;
        int border[4 * GO_GRID_POINTS], nb = 0;
        for (int p = 0; p < GO_GRID_POINTS; p++) {
            if (region_of[p] != r)
                continue;
            empty |= g->cell[p] == '.';
            opponent |= go_cell_safe(g->cell[p], 1 - c);
            int n[4];
            for (int k = go_grid_neighbours(g, p, n); k-- > 0;) {
                int ch = chain_of[n[k]];
                bool seen = false;
                for (int i = 0; i < nb && !seen; i++)
                    seen = border[i] == ch;
                if (ch != none && !seen)
                    border[nb++] = ch;
            }
        }
        if (!empty || opponent)
            continue;
        for (int i = 0; i < nb && np < max_pairs; i++) {
            bool vital = true;
            for (int p = 0; p < GO_GRID_POINTS && vital; p++) {
                if (region_of[p] != r || g->cell[p] != '.')
                    continue;
                int n[4], k = go_grid_neighbours(g, p, n);
                bool liberty = false;
                while (k-- > 0)
                    liberty |= chain_of[n[k]] == border[i];
                vital = liberty;
            }
            if (vital) {
                pair_region[np] = r;
                pair_chain[np++] = border[i];
            }
        }
    }
    bool chain_in[GO_GRID_POINTS + 1], region_in[GO_GRID_POINTS + 1];
    for (int k = 0; k <= nc; k++)
        chain_in[k] = true;
    for (int r = 0; r <= nr; r++)
        region_in[r] = true;
    for (bool changed = true; changed;) {
        changed = false;
        int healthy[GO_GRID_POINTS + 1] = { 0 };
        for (int i = 0; i < np; i++)
            if (region_in[pair_region[i]])
                healthy[pair_chain[i]]++;
        for (int k = 1; k <= nc; k++)
            if (chain_in[k] && !chain_safe[k] && healthy[k] < 2) {
                chain_in[k] = false;
                changed = true;
            }
        /* a region next to a chain that is out is out */
        for (int p = 0; p < GO_GRID_POINTS; p++) {
            int r = region_of[p], n[4];
            if (r == none || !region_in[r])
                continue;
            for (int k = go_grid_neighbours(g, p, n); k-- > 0;)
                if (chain_of[n[k]] != none && !chain_in[chain_of[n[k]]]) {
                    region_in[r] = false;
                    changed = true;
                    break;
                }
        }
    }
    for (int p = 0; p < GO_GRID_POINTS; p++)
        if (chain_of[p] != none && chain_in[chain_of[p]] && go_cell_stone(g->cell[p], c))
            alive[p] = 1;
}
