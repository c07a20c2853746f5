#include "notation.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "sumgame/cgt_notation.h"

/* Places the message a tree function left in err at a column. */
static int at_column(const sg_notation *n, uint32_t tok, int rc, char *err, size_t errlen)
{
    char why[256];
    snprintf(why, sizeof why, "%s", errlen ? err : "");
    int r = sg_notation_fail(n, sg_notation_tokens(n, NULL)[tok].col, why, err, errlen);
    return rc == SG_ERR_NOMEM ? rc : r;
}

static int leaf(void *ctx, const sg_notation *n, uint32_t tok, sg_value v, uint32_t *id,
                char *err, size_t errlen)
{
    int rc = rcg_tree_leaf(ctx, v, id, err, errlen);
    return rc == SG_OK ? rc : at_column(n, tok, rc, err, errlen);
}

static int node(void *ctx, const sg_notation *n, const uint32_t *left, uint32_t nleft,
                const uint32_t *right, uint32_t nright, uint32_t from, uint32_t to,
                uint32_t bars, uint32_t *id, char *err, size_t errlen)
{
    (void)from;
    (void)to;
    int rc = rcg_tree_game(ctx, left, nleft, right, nright, id, err, errlen);
    return rc == SG_OK ? rc : at_column(n, bars, rc, err, errlen);
}

int rcg_parse(rcg_tree *t, const char *text, uint32_t *id, char *err, size_t errlen)
{
    static const sg_notation_syntax syntax = { SG_NOTATION_TREES, RCG_MAX_TEXT,
                                               RCG_MAX_NESTING, RCG_MAX_HEIGHT,
                                               RCG_MAX_WRITTEN };
    sg_notation *n;
    int rc = sg_notation_open(t->host, &syntax, text, &n, err, errlen);
    if (rc != SG_OK)
        return rc;
    uint32_t count;
    sg_notation_tokens(n, &count);
    if (count == 0) {
        rc = sg_notation_fail(n, 0, "empty position: expected a game", err, errlen);
    } else {
        const sg_notation_builder build = { t, leaf, NULL, node };
        rc = sg_notation_game(n, 0, count, &build, id, err, errlen);
    }
    sg_notation_close(n);
    return rc;
}

/* ---- Printing ---------------------------------------------------------------------- */

typedef struct writer {
    char *buf;
    size_t cap, len;
} writer;

static void put(writer *w, const char *s, size_t n)
{
    if (w->len + n < w->cap)
        memcpy(w->buf + w->len, s, n);
    w->len += n;
}

static void put_node(const rcg_tree *t, writer *w, uint32_t id, bool bars)
{
    const rcg_node *n = &t->nodes[id];
    if (n->leaf) {
        char num[SG_VALUE_TEXT_MAX];
        int len = sg_value_format(n->value, num, sizeof num);
        put(w, num, len > 0 ? (size_t)len : 0);
        return;
    }
    const uint32_t *left = rcg_tree_left(t, n), *right = rcg_tree_right(t, n);
    if (bars) {
        put_node(t, w, left[0], true);
        for (uint16_t i = 0; i < n->bars; i++)
            put(w, "|", 1);
        put_node(t, w, right[0], true);
        return;
    }
    put(w, "{", 1);
    for (uint32_t i = 0; i < n->nleft; i++) {
        if (i)
            put(w, ",", 1);
        put_node(t, w, left[i], false);
    }
    put(w, "|", 1);
    for (uint32_t i = 0; i < n->nright; i++) {
        if (i)
            put(w, ",", 1);
        put_node(t, w, right[i], false);
    }
    put(w, "}", 1);
}

int rcg_format(const rcg_tree *t, uint32_t id, char *buf, size_t cap)
{
    const rcg_node *n = rcg_tree_node(t, id);
    if (!n || cap == 0) {
        if (cap)
            buf[0] = '\0';
        return n ? SG_ERR_RANGE : SG_ERR_INVALID;
    }
    writer w = { buf, cap, 0 };
    put_node(t, &w, id, n->simple);
    if (w.len >= cap) {
        buf[cap - 1] = '\0';
        return SG_ERR_RANGE;
    }
    buf[w.len] = '\0';
    return SG_OK;
}
