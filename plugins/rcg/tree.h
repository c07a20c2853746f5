/* The explicit game trees of the rcg plugin: a hash-consed arena of nodes owned by one
 * instance. Structurally identical subtrees share one node id, so equal positions are
 * equal ids. Every node is analysed once, when it is created (its options exist by then):
 * whether it is a number and which, its stops, and the bounds used for the temperature. */
#ifndef RCG_TREE_H
#define RCG_TREE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/host.h"
#include "sumgame/value.h"

/* Hostile input must end in an error, never a stack overflow: every recursion over a tree
 * is bounded by the height, and the arena by the node count. */
#define RCG_MAX_HEIGHT 256
#define RCG_MAX_NODES (UINT32_C(1) << 22)

typedef struct rcg_node {
    sg_value value;        /* the number, when is_number */
    sg_value lstop, rstop; /* Left and Right stops */
    sg_value lo, hi;       /* extreme values of the first numbers that play reaches */
    uint32_t first;        /* tree->opts[first ..]: nleft Left ids, then nright Right ids */
    uint32_t nleft, nright;
    uint16_t height; /* longest path down to an integer leaf */
    uint16_t bars;   /* bar count of this node in the shorthand; 0 for leaves */
    uint8_t leaf;    /* written as a number (a dyadic leaf still has its two options) */
    uint8_t is_number;
    uint8_t simple; /* every node below (not inside leaves) has one option per side */
} rcg_node;

typedef struct rcg_tree {
    const sg_host *host;
    rcg_node *nodes;
    uint32_t count, cap;
    uint32_t *opts;
    size_t nopts, opts_cap;
    uint32_t *slots; /* open addressing over node ids; UINT32_MAX is empty */
    size_t nslots;
    /* Memo of the comparisons of one analysis (one number x), valid where stamp matches. */
    uint32_t *memo_stamp;
    uint8_t *memo_val;
    uint32_t stamp;
} rcg_tree;

void rcg_tree_init(rcg_tree *t, const sg_host *host);
void rcg_tree_free(rcg_tree *t);

/* The node of the number v: integers are settled leaves, a dyadic p/2^q (q > 0) has the
 * options (p-1)/2^q for Left and (p+1)/2^q for Right. */
int rcg_tree_leaf(rcg_tree *t, sg_value v, uint32_t *id, char *err, size_t errlen);
/* The node {left | right}. A node that is exactly a dyadic's expansion is that dyadic. */
int rcg_tree_game(rcg_tree *t, const uint32_t *left, uint32_t nleft, const uint32_t *right,
                  uint32_t nright, uint32_t *id, char *err, size_t errlen);

static inline const rcg_node *rcg_tree_node(const rcg_tree *t, uint32_t id)
{
    return id < t->count ? &t->nodes[id] : NULL;
}
static inline const uint32_t *rcg_tree_left(const rcg_tree *t, const rcg_node *n)
{
    return t->opts + n->first;
}
static inline const uint32_t *rcg_tree_right(const rcg_tree *t, const rcg_node *n)
{
    return t->opts + n->first + n->nleft;
}

#endif
