/* Boards up to 19x19 as arrays of points: how every position is read (rows, SGF moves with
 * their captures, the marks), how a big board (more than 9 columns or 12 rows) is kept
 * (go_pos cells) and written, and Benson's chains, which need the whole board. Play and
 * exact analysis run on board.h's bitboards, on regions of at most 9 columns and 12 rows;
 * a big board is cut into such parts by its split (whole.h). */
#ifndef GO_GRID_H
#define GO_GRID_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "board.h"

#define GO_GRID_SIDE 19
#define GO_GRID_POINTS (GO_GRID_SIDE * GO_GRID_SIDE)
#define GO_GRID_NO_KO 0xffff

/* A board: every point holds its character of the position notation ('.', 'X', 'O', 'x',
 * 'o', 'w', 'b', 't', 'u' or '#'; docs/games/go.md), point (x, y) at y * GO_GRID_SIDE + x,
 * rows from the top. */
typedef struct go_grid {
    int width, height;
    char cell[GO_GRID_POINTS];
    int ko, ko_banned; /* the ban (a point, -1 for none) and the colour it bans */
    int moves, base;
    bool whole;
    /* a part of a larger board (board_width > 0): where its top-left point is on that
     * board, and its size, for the names of points (go_pos's frame) */
    int frame_x, frame_y, board_width, board_height;
    bool transposed; /* go_pos's transposed: the rows are the board's columns */
} go_grid;

/* The marks a position may carry: a point's bit 1 << GO_MARK_* (notation.h). */
typedef uint8_t go_marks[GO_GRID_POINTS];

void go_grid_init(go_grid *g, int width, int height);
/* pos as a grid, whichever way pos keeps its points. */
void go_grid_from_pos(const go_pos *pos, go_grid *g);
/* The position of g: bitboards up to 9 columns and 12 rows, cells beyond (big). */
void go_grid_to_pos(const go_grid *g, go_pos *pos);

/* Whether cell ch is a stone of colour c in play ('X' or 'O'), and whether it is one of
 * c's safe stones ('x', 'w', 't' for Black: marked alive, a dead stone of the other
 * colour, settled territory). */
static inline bool go_cell_stone(char ch, int c) { return ch == (c == GO_BLACK ? 'X' : 'O'); }
bool go_cell_safe(char ch, int c);
/* A point of the board (not a wall); a point in play (empty or a stone in play). */
static inline bool go_cell_board(char ch) { return ch && ch != '#'; }
static inline bool go_cell_play(char ch) { return ch == '.' || ch == 'X' || ch == 'O'; }

/* The orthogonal neighbours of point p on g (up to four, walls included), into n;
 * returns how many. */
int go_grid_neighbours(const go_grid *g, int p, int n[4]);

/* The connected set of points through p whose cells satisfy in: marks them in set (which
 * the caller zeroed) and returns how many. */
int go_grid_fill(const go_grid *g, int p, bool (*in)(char ch, int c), int c, uint8_t *set);

/* A move of c at p by the plain rules (stones in play only, as an SGF record's moves):
 * captures, no suicide, the simple ko ban. False, and g unchanged, when illegal;
 * *taken receives the stones captured. */
bool go_grid_play(go_grid *g, int p, int c, int *taken);

/* Whether every string in play has a liberty: an empty neighbour, or a safe stone of its
 * colour that is not a dead stone of the other (it is part of a living chain). */
bool go_grid_strings_free(const go_grid *g);

/* Applies the marks (dead, then alive, then territory; docs/games/go.md, Position
 * notation) to g: prisoners and settled points go into base under territory rules. */
int go_grid_apply_marks(go_grid *g, const go_marks marks, bool territory, char *err,
                        size_t errlen);

/* Benson's unconditionally alive chains of colour c (the stones in play that join them;
 * c's safe stones stay alive whatever the algorithm says), into alive (zeroed by the
 * caller). */
void go_grid_benson(const go_grid *g, int c, uint8_t *alive);

#endif
