#include "store.h"

#include <stdio.h>
#include <string.h>

#include "sumgame/rng.h"

#define EMPTY_SLOT UINT32_MAX

void ko_store_init(ko_store *s, const sg_host *host)
{
    memset(s, 0, sizeof *s);
    s->host = host;
}

void ko_store_free(ko_store *s)
{
    const sg_host *h = s->host;
    h->free(s->nodes);
    h->free(s->opts);
    h->free(s->text);
    h->free(s->slots);
    ko_store_init(s, h);
}

/* FNV-1a, then the splitmix64 finalizer: depends on the key's bytes only. */
static uint64_t key_hash(const char *key, size_t len)
{
    uint64_t z = UINT64_C(0xcbf29ce484222325);
    for (size_t i = 0; i < len; i++)
        z = (z ^ (unsigned char)key[i]) * UINT64_C(0x100000001b3);
    return sg_mix64(z);
}

static int no_memory(char *err, size_t errlen)
{
    if (errlen)
        snprintf(err, errlen, "out of memory for the game graph");
    return SG_ERR_NOMEM;
}

uint32_t ko_store_find(const ko_store *s, const char *key, size_t len)
{
    if (!s->nslots)
        return EMPTY_SLOT;
    for (size_t i = (size_t)key_hash(key, len) & (s->nslots - 1); s->slots[i] != EMPTY_SLOT;
         i = (i + 1) & (s->nslots - 1)) {
        const ko_node *n = &s->nodes[s->slots[i]];
        if (n->key_len == len && memcmp(s->text + n->key, key, len) == 0)
            return s->slots[i];
    }
    return EMPTY_SLOT;
}

static void insert_slot(uint32_t *slots, size_t nslots, uint64_t h, uint32_t id)
{
    size_t i = (size_t)h & (nslots - 1);
    while (slots[i] != EMPTY_SLOT)
        i = (i + 1) & (nslots - 1);
    slots[i] = id;
}

/* Keeps the slot table at most half full. */
static int grow_slots(ko_store *s)
{
    size_t n = s->nslots ? s->nslots * 2 : 256;
    uint32_t *slots = s->host->alloc(n * sizeof *slots);
    if (!slots)
        return SG_ERR_NOMEM;
    memset(slots, 0xff, n * sizeof *slots);
    for (uint32_t id = 0; id < s->count; id++)
        insert_slot(slots, n, key_hash(s->text + s->nodes[id].key, s->nodes[id].key_len), id);
    s->host->free(s->slots);
    s->slots = slots;
    s->nslots = n;
    return SG_OK;
}

/* Appends len bytes and a NUL to the text pool; *at is where they start. */
static int put_text(ko_store *s, const char *t, size_t len, uint32_t *at, char *err,
                    size_t errlen)
{
    if (s->text_len + len + 1 > KO_MAX_STORE_TEXT) {
        if (errlen)
            snprintf(err, errlen, "too many game graphs in this instance (their text exceeds "
                                  "%lu bytes)", (unsigned long)KO_MAX_STORE_TEXT);
        return SG_ERR_INVALID;
    }
    if (s->text_len + len + 1 > s->text_cap) {
        size_t cap = s->text_cap ? s->text_cap : 4096;
        while (cap < s->text_len + len + 1)
            cap *= 2;
        char *text = s->host->realloc(s->text, cap);
        if (!text)
            return no_memory(err, errlen);
        s->text = text;
        s->text_cap = cap;
    }
    memcpy(s->text + s->text_len, t, len);
    s->text[s->text_len + len] = '\0';
    *at = (uint32_t)s->text_len;
    s->text_len += len + 1;
    return SG_OK;
}

static int add_node(ko_store *s, const char *key, size_t key_len, const char *label,
                    size_t label_len, bool leaf, sg_value v, uint32_t *id, char *err,
                    size_t errlen)
{
    if (s->count >= KO_MAX_STORE_NODES) {
        if (errlen)
            snprintf(err, errlen, "too many nodes in this instance (more than %lu)",
                     (unsigned long)KO_MAX_STORE_NODES);
        return SG_ERR_INVALID;
    }
    if (s->count == s->cap) {
        uint32_t cap = s->cap ? s->cap * 2 : 64;
        ko_node *nodes = s->host->realloc(s->nodes, (size_t)cap * sizeof *nodes);
        if (!nodes)
            return no_memory(err, errlen);
        s->nodes = nodes;
        s->cap = cap;
    }
    if ((size_t)(s->count + 1) * 2 > s->nslots && grow_slots(s) != SG_OK)
        return no_memory(err, errlen);
    ko_node n;
    memset(&n, 0, sizeof n);
    n.leaf = leaf;
    n.value = v;
    int rc = put_text(s, key, key_len, &n.key, err, errlen);
    if (rc == SG_OK)
        rc = put_text(s, label, label_len, &n.label, err, errlen);
    if (rc != SG_OK)
        return rc;
    n.key_len = (uint32_t)key_len;
    n.label_len = (uint32_t)label_len;
    *id = s->count++;
    s->nodes[*id] = n;
    insert_slot(s->slots, s->nslots, key_hash(key, key_len), *id);
    return SG_OK;
}

int ko_store_add(ko_store *s, const char *key, size_t key_len, const char *label,
                 size_t label_len, uint32_t *id, char *err, size_t errlen)
{
    return add_node(s, key, key_len, label, label_len, false, sg_value_int(0), id, err, errlen);
}

int ko_store_set_options(ko_store *s, uint32_t id, const uint32_t *left, uint32_t nleft,
                         const uint32_t *right, uint32_t nright, char *err, size_t errlen)
{
    if (s->nopts + nleft + nright > s->opts_cap || !s->opts) {
        size_t cap = s->opts_cap ? s->opts_cap : 256;
        while (cap < s->nopts + nleft + nright)
            cap *= 2;
        uint32_t *opts = s->host->realloc(s->opts, cap * sizeof *opts);
        if (!opts)
            return no_memory(err, errlen);
        s->opts = opts;
        s->opts_cap = cap;
    }
    ko_node *n = &s->nodes[id];
    n->first = (uint32_t)s->nopts;
    n->nleft = (uint8_t)nleft;
    n->nright = (uint8_t)nright;
    if (nleft)
        memcpy(s->opts + s->nopts, left, nleft * sizeof *left);
    if (nright)
        memcpy(s->opts + s->nopts + nleft, right, nright * sizeof *right);
    s->nopts += nleft + nright;
    n->ready = 1;
    return SG_OK;
}

int ko_store_leaf(ko_store *s, sg_value v, uint32_t *id, char *err, size_t errlen)
{
    char text[SG_VALUE_TEXT_MAX];
    int len = sg_value_format(v, text, sizeof text);
    if (len <= 0 || (size_t)len >= sizeof text) {
        if (errlen)
            snprintf(err, errlen, "number cannot be written");
        return SG_ERR_INVALID;
    }
    uint32_t found = ko_store_find(s, text, (size_t)len);
    if (found != EMPTY_SLOT && s->nodes[found].ready) {
        *id = found;
        return SG_OK;
    }
    uint32_t opt[2];
    uint32_t n = 0;
    if (v.exp > 0) {
        /* {v - 2^-q | v + 2^-q}: both have a smaller denominator, so this recursion is at
         * most q <= SG_VALUE_MAX_EXP deep. */
        sg_value step = sg_value_make(1, v.exp);
        int rc = ko_store_leaf(s, sg_value_sub(v, step), &opt[0], err, errlen);
        if (rc == SG_OK)
            rc = ko_store_leaf(s, sg_value_add(v, step), &opt[1], err, errlen);
        if (rc != SG_OK)
            return rc;
        n = 1;
    }
    if (found == EMPTY_SLOT) {
        int rc = add_node(s, text, (size_t)len, text, (size_t)len, true, v, &found, err, errlen);
        if (rc != SG_OK)
            return rc;
    }
    *id = found;
    return ko_store_set_options(s, found, opt, n, opt + 1, n, err, errlen);
}
