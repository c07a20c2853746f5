/* The Amazons plugin's instance and the pieces its files share. */
#ifndef AMAZONS_AMAZONS_H
#define AMAZONS_AMAZONS_H

#include <stddef.h>

#include "board.h"
#include "settle.h"
#include "shapes.h"

typedef struct amz_instance {
    const sg_host *host;
    amz_geom geom;
    uint64_t zobrist[3][AMZ_SQUARES]; /* black amazon, white amazon, blocked square */
    uint64_t zobrist_size[AMZ_SIDE_MAX + 1][AMZ_SIDE_MAX + 1];
    amz_settle settle; /* the memo of exact settlement searches */
    long long width, height, black, white, arrows; /* generator parameters */
    amz_shape *shape; /* the database shape db_shape selected, or NULL */
    /* canonical(): square y * w + x of a w x h box (w * h <= 64) under symmetry k */
    uint8_t box_map[AMZ_SIDE_MAX + 1][AMZ_SIDE_MAX + 1][8][64];
} amz_instance;

/* Position notation: "x.xx/.xBx/W.xx/xxxx", rows from the top. */
int amz_parse(const amz_geom *g, const char *text, amz_board *b, char *err, size_t errlen);
int amz_format(const amz_board *b, char *buf, size_t cap);
/* Move notation "a2-a3xb2". */
int amz_parse_move(const amz_geom *g, const amz_board *b, sg_player who, const char *text,
                   sg_move *move, char *err, size_t errlen);
int amz_format_move(sg_move move, char *buf, size_t cap);

/* GTP (gtp.c): Quarry's start position of a size x size board, and moves as Quarry
 * writes them ("D1-D7-G7"; the arrow may also follow '/' or 'x'). */
int amz_gtp_start(const amz_geom *g, unsigned size, amz_board *b, char *err, size_t errlen);
int amz_gtp_parse_move(const amz_geom *g, const amz_board *b, sg_player who,
                       const char *text, sg_move *move, char *err, size_t errlen);
int amz_gtp_format_move(sg_move move, char *buf, size_t cap);

/* The min-distance evaluation (see rooms.c), Black's squares minus White's. */
int amz_min_distance(const amz_board *b);
/* The best amz_min_distance over who's children (greatest for Black, least for White);
 * false when who has no move. */
bool amz_min_distance_best_child(const amz_geom *g, const amz_board *b, sg_player who,
                                 int *best);
/* The rooms of b (see rooms.c): writes up to cap boards, returns how many there are. */
size_t amz_rooms(const amz_board *b, amz_board *rooms, size_t cap);

/* The number of moves of who, counted without listing them (see perft.c). */
uint64_t amz_count_moves(const amz_geom *g, const amz_board *b, sg_player who);

/* Exported for tests and benchmarks: perft on the plain board (no splitting or settling),
 * with bulk counting at the last ply. pos is a position of instance; who moves first.
 * Returns SG_OK, or SG_ERR_INVALID for a bad position, player or depth (0..64). */
int sumgame_amazons_perft(void *instance, const void *pos, int who, int depth,
                          uint64_t *leaves);

#endif
