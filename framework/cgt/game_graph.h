/* The game graph of one component, as its plugin plays it: every position reachable by
 * moves, by the komaster's double moves and by the lifting of ko bans (a move elsewhere),
 * each position once (found by hash and compared bytewise). Generalized thermography and
 * its enriched-environment check read it; nothing here evaluates anything. */
#ifndef SUMGAME_GAME_GRAPH_H
#define SUMGAME_GAME_GRAPH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/meter.h"
#include "sumgame/sum.h"
#include "sumgame/value.h"

/* An option: who moves from the node to `to`. A double move (tax 2) is the komaster's
 * ban-breaking retake followed by a second move, open only to komaster `who`; a
 * ban-breaking retake that reaches a number, or a position where who has no second
 * move, is an option of tax 1 with double_move set. */
typedef struct gg_edge {
    uint32_t to;
    uint8_t who;    /* SG_LEFT or SG_RIGHT */
    uint8_t tax;    /* 1 or 2 */
    uint8_t double_move; /* only for komaster who */
    uint8_t pruned;      /* bit km: closes a cycle of moves under komaster km */
} gg_edge;

typedef struct gg_node {
    uint64_t hash;
    sg_value value;      /* when leaf */
    uint32_t lift;       /* what a move elsewhere makes of it; itself when no ban */
    uint32_t first, count; /* its options, edges[first .. first+count) */
    sg_value stop;       /* what it counts if both pass now (game_graph.stops) */
    bool leaf;           /* number() reports it */
    bool stuck[2];       /* the player has no ordinary move here */
    bool no_wait[2];     /* the player may not wait (move elsewhere) here: a komaster
                          * in the middle of a ko he took (gg_commit) */
    uint32_t original;   /* the position this node is a copy of (gg_commit), else itself */
    bool committed;      /* a copy: the komaster is in the middle of a ko he took */
} gg_node;

typedef struct game_graph {
    const sg_game *game;
    size_t pos_size;
    size_t n, cap;
    gg_node *node;
    unsigned char *pos;  /* n * pos_size bytes */
    size_t ne, ecap;
    gg_edge *edge;
    uint32_t *slot;      /* open addressing: node index + 1, 0 empty */
    size_t nslots;
    bool passes;         /* the game declares SG_GAME_PASSES */
    bool stops;          /* ... and gives stop_score (each node's stop) */
} game_graph;

/* Builds the graph from root (node 0). max_positions bounds it (SG_ERR_BUDGET); meter,
 * when not NULL, is ticked per position. */
int gg_build(game_graph *g, const sg_game *game, const void *root, size_t max_positions,
             sg_meter *meter, char *err, size_t errlen);
void gg_free(game_graph *g);
const void *gg_pos(const game_graph *g, uint32_t i);
/* The index of pos when the graph holds it. */
bool gg_find(const game_graph *g, const void *pos, uint32_t *out);
/* The node's text in the game's notation, for messages (truncated to cap). */
void gg_describe(const game_graph *g, uint32_t i, char *buf, size_t cap);
/* Whether edge e is open when km is komaster (sg_komaster values: 0 none, 1 left,
 * 2 right). */
static inline bool gg_edge_open(const gg_edge *e, int km)
{
    return (!e->double_move || km == (e->who == 0 ? 1 : 2)) && !(e->pruned & (1u << km));
}

/* Berlekamp's komaster convention, as Spight describes it: a komaster who takes a ko
 * keeps going until it is resolved. Adds a committed copy of every node in a ko (one that
 * reaches a ban), in which komaster km may not wait while he has a move; his moves that
 * take a ko (reach a position with a ban on the koloser) lead into the copies, the
 * koloser's moves and waits from a copy stay in the copies, and a komaster's move that
 * takes no ko, or a position out of the ko, leaves them. km = 0 (none) changes nothing.
 * Call it after gg_build, before gg_prune_cycles (which sets no_wait where the komaster
 * has a move left open). */
int gg_commit(game_graph *g, int km);

/* A depth-first walk over the edges follow() accepts, from every node root() accepts
 * (all when NULL) in index order, options in move order. back() is told of an edge to a
 * node on the current walk (stack[0..top) is the walk, its last entry the edge's source),
 * done() of each node once all its followed edges are walked; a non-SG_OK return from
 * either stops the walk with that code. */
typedef struct gg_walk_ops {
    bool (*root)(void *ctx, uint32_t node);
    bool (*follow)(void *ctx, const gg_edge *e);
    int (*back)(void *ctx, const uint32_t *stack, size_t top, gg_edge *e);
    int (*done)(void *ctx, uint32_t node);
} gg_walk_ops;
int gg_walk(game_graph *g, const gg_walk_ops *ops, void *ctx);

/* Cycles of moves that no ko ban stops (superko) have no thermograph: like Müller and
 * Gasser, remove the move that closes each one. The closing moves are the back edges of
 * a depth-first walk over the edges open under km, from node 0 first, options in move
 * order; *count says how many were removed. */
int gg_prune_cycles(game_graph *g, int km, size_t *count);

/* Whether node i is a position where a cut cycle leaves nobody a move (no ban either), in
 * a game with stops: superko has ended play there, both pass, and it counts its stop. */
bool gg_dead_end(const game_graph *g, uint32_t i, int km);

#endif
