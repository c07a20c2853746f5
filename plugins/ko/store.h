/* The node store of the ko plugin: every node any parse has made, owned by one instance.
 *
 * A node is interned by its key, the canonical text of the part of the graph it can
 * reach (store.c): an internal node's key lists it and every labelled node it reaches, so
 * two parses of the same graph, in any order of definitions and from any current node,
 * give the same ids. Number leaves are interned by value; a dyadic leaf p/2^q has the
 * options (p-1)/2^q for Left and (p+1)/2^q for Right, which are leaves too. */
#ifndef KO_STORE_H
#define KO_STORE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "sumgame/host.h"
#include "sumgame/value.h"

/* Limits of one graph (one parse) and of the options of one node. */
#define KO_MAX_GRAPH_NODES 256
#define KO_MAX_OPTIONS 16
/* Limits of the whole store, so that hostile input ends in an error. */
#define KO_MAX_STORE_NODES (UINT32_C(1) << 20)
#define KO_MAX_STORE_TEXT (UINT32_C(1) << 28)

typedef struct ko_node {
    sg_value value;      /* a leaf's number */
    uint32_t first;      /* store->opts[first ..]: nleft Left ids, then nright Right ids */
    uint32_t key, key_len;     /* the key in store->text: also the position's notation */
    uint32_t label, label_len; /* how an option names it: a name, {..|..} or a number */
    uint8_t nleft, nright;
    uint8_t leaf;
    uint8_t ready; /* its options are set */
} ko_node;

typedef struct ko_store {
    const sg_host *host;
    ko_node *nodes;
    uint32_t count, cap;
    uint32_t *opts;
    size_t nopts, opts_cap;
    char *text;
    size_t text_len, text_cap;
    uint32_t *slots; /* open addressing over node ids by key; UINT32_MAX is empty */
    size_t nslots;
} ko_store;

void ko_store_init(ko_store *s, const sg_host *host);
void ko_store_free(ko_store *s);

/* The node with this key, or UINT32_MAX. */
uint32_t ko_store_find(const ko_store *s, const char *key, size_t len);
/* Adds an internal node (options not set yet) with its key and label. */
int ko_store_add(ko_store *s, const char *key, size_t key_len, const char *label,
                 size_t label_len, uint32_t *id, char *err, size_t errlen);
/* Sets the options of a node made by ko_store_add. */
int ko_store_set_options(ko_store *s, uint32_t id, const uint32_t *left, uint32_t nleft,
                         const uint32_t *right, uint32_t nright, char *err, size_t errlen);
/* The leaf of the number v, made with its options when new. */
int ko_store_leaf(ko_store *s, sg_value v, uint32_t *id, char *err, size_t errlen);

static inline const ko_node *ko_store_node(const ko_store *s, uint32_t id)
{
    return id < s->count && s->nodes[id].ready ? &s->nodes[id] : NULL;
}
static inline const uint32_t *ko_store_options(const ko_store *s, const ko_node *n,
                                               int right)
{
    return s->opts + n->first + (right ? n->nleft : 0);
}
static inline const char *ko_store_text(const ko_store *s, uint32_t at) { return s->text + at; }

#endif
