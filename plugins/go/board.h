/* Go rules on one region: bitboards, strings with exact liberties, captures, suicide,
 * simple ko, true eyes and area scores. One engine serves the plugin's positions (built
 * into a board, played, written back) and its playouts (played in place), so the two
 * can never disagree about a rule.
 *
 * Points are bits of a 128-bit board with 10 bits per row (9 columns and a separator
 * column that is never on the board), rows from the top: point (x, y) is bit y * 10 + x.
 * The region mask says which points exist; '#' squares and the separator are off it,
 * and a shift that leaves the region is cut by the mask, so walls and edges are the
 * same thing to every rule. */
#ifndef GO_BOARD_H
#define GO_BOARD_H

#include <stdbool.h>
#include <stdint.h>

#define GO_MAX_SIDE 9  /* columns, and the rows of a board (GTP, the generator) */
#define GO_MAX_ROWS 12 /* rows of a region: twelve rows of ten bits fit the 128 */
#define GO_STRIDE 10
#define GO_POINTS 128 /* bit indices; at most 81 are on a board */
#define GO_NO_POINT 0xff
/* A liberty no move takes: a bit of the separator column, never a point. A string that
 * touches a safe stone of its colour has it (it is part of a living chain). */
#define GO_ANCHOR 9

typedef unsigned __int128 go_bb;

enum { GO_BLACK = 0, GO_WHITE = 1 }; /* Black is Left, as sg_player numbers them */

/* The plain-data position the plugin hands to the host (zeroed padding). A region or a
 * board of at most 9 columns and 12 rows keeps its points in the bitboards; a larger
 * board (big) keeps them in cells instead (grid.h), and is played and analysed through
 * its split, which cuts it into parts that fit the bitboards. */
typedef struct go_pos {
    uint8_t width, height;
    uint8_t ko;        /* the point the banned player may not take back, or GO_NO_POINT */
    uint8_t ko_banned; /* the colour that may not play at ko */
    uint16_t moves;    /* moves made in the region since its text was read */
    int16_t base;      /* points Black has apart from the board: prisoners under territory
                        * rules, the safe stones a whole board's split counts (area) */
    uint8_t whole;     /* a whole board (SGF, GTP, [whole]): its split looks for safe
                        * chains; a region (the default) splits only where it is cut */
    uint8_t big;       /* more than 9 columns or 12 rows: cells, not bitboards */
    /* A part cut from a big board: its frame's top-left point on that board,
     * and the board's size (0 for every other position), so its points are named as the
     * board names them */
    uint8_t frame_x, frame_y, board_width, board_height;
    uint16_t big_ko; /* a big board's ko point (grid.h's index), or GO_GRID_NO_KO; 0 on
                      * every other position */
    uint8_t transposed; /* a part whose rows are the board's columns: point (x, y) of the
                         * part is (frame_x + y, frame_y + x) on the board, so that a
                         * region 10 to 12 columns wide and at most 9 rows high fits */
    union {
        struct {
            uint64_t stones[2][2]; /* [colour][word] */
            uint64_t on[2];        /* the region */
            uint64_t safe[2][2]; /* safe stones off the region (written x, o): unconditionally
                                  * alive or marked so; they bound territory and anchor strings
                                  * they touch */
            uint64_t dead[2]; /* safe stones (of the capturer) that stand for the other
                               * colour's dead stones, written w and b: no string gains a
                               * liberty from them, as on the real board, where the dead
                               * stone stays */
            uint64_t settled[2]; /* safe stones (of the owner) that stand for empty points of
                                  * settled territory, written t and u: a move there (an
                                  * invasion, which only a whole board's play() accepts) opens
                                  * the territory again */
        };
        uint8_t cells[184]; /* big: a point in four bits (grid.h), row by row */
    };
} go_pos;

/* Geometry shared by every board: the neighbour masks of each point. */
typedef struct go_geometry {
    go_bb bit[GO_POINTS];
    go_bb adjacent[GO_POINTS]; /* orthogonal neighbours on a 9-column, 12-row board */
    go_bb diagonal[GO_POINTS];
    uint8_t around[GO_POINTS][4]; /* orthogonal neighbours, GO_NO_POINT past the edge */
} go_geometry;

void go_geometry_init(go_geometry *g);

#define GO_MAX_STRINGS 96

/* A region in play: the stones, and each string's stones and liberties. */
typedef struct go_board {
    const go_geometry *geo;
    go_bb on;
    go_bb stones[2];
    uint8_t width, height;
    uint8_t ko, ko_banned;
    uint16_t moves;
    go_bb safe[2];   /* safe stones off the region */
    go_bb anchor[2]; /* the safe stones a string of the colour touches to live: the safe
                      * stones that are not dead stones of the other colour */
    uint8_t sid[GO_POINTS]; /* string of each stone */
    go_bb str_stones[GO_MAX_STRINGS], str_libs[GO_MAX_STRINGS];
    uint8_t free_ids[GO_MAX_STRINGS];
    int nfree;
} go_board;

static inline go_bb go_bb_make(const uint64_t w[2])
{
    return ((go_bb)w[1] << 64) | (go_bb)w[0];
}
static inline void go_bb_store(go_bb b, uint64_t w[2])
{
    w[0] = (uint64_t)b;
    w[1] = (uint64_t)(b >> 64);
}
static inline int go_bb_count(go_bb b)
{
    return __builtin_popcountll((uint64_t)b) + __builtin_popcountll((uint64_t)(b >> 64));
}
/* The lowest point of a non-empty board. */
static inline int go_bb_first(go_bb b)
{
    uint64_t lo = (uint64_t)b;
    return lo ? __builtin_ctzll(lo) : 64 + __builtin_ctzll((uint64_t)(b >> 64));
}
/* b and its orthogonal neighbours, cut to on. */
static inline go_bb go_bb_grow(go_bb b, go_bb on)
{
    return (b | (b << 1) | (b >> 1) | (b << GO_STRIDE) | (b >> GO_STRIDE)) & on;
}

/* Builds a board from a position (strings found by flood fill). False when the position
 * holds a string without liberties, or is a big board (more than 9 columns or 12 rows). */
bool go_board_from_pos(go_board *b, const go_geometry *geo, const go_pos *pos);
void go_board_to_pos(const go_board *b, go_pos *pos);

/* Whether colour c may play at p: on the region, empty, not the ko point c is banned
 * from, and not suicide. */
bool go_board_legal(const go_board *b, int p, int c);
/* Plays a legal move (see go_board_legal); returns the number of stones captured. Sets
 * the ko ban when the move took back exactly one stone with a lone stone left in atari,
 * and clears any earlier ban. */
int go_board_play(go_board *b, int p, int c);

/* A true eye of colour c at empty point p: every neighbour on the region is c's, and of
 * the diagonal points at most one is the opponent's, none when p is on the edge of the
 * region (a false eye can be broken). */
bool go_board_true_eye(const go_board *b, int p, int c);
/* The moves the plugin lists for c: legal, and not into c's own true eye. */
static inline bool go_board_sensible(const go_board *b, int p, int c)
{
    return go_board_legal(b, p, c) && !go_board_true_eye(b, p, c);
}
bool go_board_has_move(const go_board *b, int c);
/* Area score from Black's view: stones, plus empty areas that touch one colour only. */
int go_board_area(const go_board *b);
/* Territory from Black's view: the empty areas that touch one colour only (safe stones
 * included), without stones; the caller adds prisoners. */
int go_board_territory(const go_board *b);
/* The connected set of `within` through the points of `seed`. */
static inline go_bb go_bb_fill(go_bb seed, go_bb within)
{
    go_bb s = seed & within, grown;
    while ((grown = go_bb_grow(s, within)) != s)
        s = grown;
    return s;
}

/* The liberties of a string that are points (the anchor left out). */
static inline go_bb go_real_libs(const go_board *b, int s)
{
    return b->str_libs[s] & ~((go_bb)1 << GO_ANCHOR);
}

#endif
