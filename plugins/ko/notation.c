#include "notation.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "sumgame/cgt_notation.h"

#define NONE UINT32_MAX

enum lnode_kind { L_LEAF, L_GAME, L_REF };

/* A node of the graph being parsed. An identifier is an L_REF until names are resolved. */
typedef struct lnode {
    uint8_t kind;
    uint8_t nleft, nright;
    uint8_t named;
    sg_value value;         /* L_LEAF */
    uint32_t name, name_len; /* L_REF: the identifier; a named L_GAME: its name */
    uint32_t col, end;      /* its text */
    uint32_t first;         /* L_GAME: p->opts[first ..], Left then Right */
    uint32_t target;        /* L_REF: the node it names, once resolved */
    uint32_t global;        /* the store's id, NONE until interned */
    uint32_t seen;          /* closure walk stamp */
} lnode;

typedef struct def {
    uint32_t name, name_len, node;
} def;

/* A growing byte buffer. */
typedef struct buf {
    char *s;
    size_t len, cap;
    bool failed;
} buf;

typedef struct parser {
    ko_store *store;
    const sg_host *host;
    const char *text;
    sg_notation *reader; /* the text's tokens, and the games in them */
    const sg_token *toks;
    uint32_t ntoks;
    lnode *nodes;
    uint32_t nnodes, nodes_cap, ngames;
    uint32_t *opts;
    size_t nopts, opts_cap;
    def defs[KO_MAX_GRAPH_NODES];
    uint32_t ndefs;
    uint32_t stamp;
    uint32_t *list; /* closure members */
    uint32_t *named; /* named closure members, sorted */
    char *err;
    size_t errlen;
} parser;

/* ---- Errors ------------------------------------------------------------------------ */

static int fail_at(parser *p, uint32_t col, const char *what)
{
    return sg_notation_fail(p->reader, col, what, p->err, p->errlen);
}

static int no_memory(parser *p)
{
    if (p->errlen)
        snprintf(p->err, p->errlen, "out of memory while parsing");
    return SG_ERR_NOMEM;
}

static int expected(parser *p, uint32_t i, const char *what)
{
    return sg_notation_expected(p->reader, i, what, p->err, p->errlen);
}

static uint32_t skip(const parser *p, uint32_t i) { return sg_notation_skip(p->reader, i); }

static bool same_text(const parser *p, uint32_t a, uint32_t alen, uint32_t b, uint32_t blen)
{
    return alen == blen && memcmp(p->text + a, p->text + b, alen) == 0;
}

/* ---- Building the local graph ------------------------------------------------------ */

static int new_node(parser *p, uint8_t kind, uint32_t col, uint32_t end, uint32_t *id)
{
    if (p->nnodes == p->nodes_cap) {
        uint32_t cap = p->nodes_cap ? p->nodes_cap * 2 : 64;
        lnode *nodes = p->host->realloc(p->nodes, (size_t)cap * sizeof *nodes);
        if (!nodes)
            return no_memory(p);
        p->nodes = nodes;
        p->nodes_cap = cap;
    }
    lnode *n = &p->nodes[p->nnodes];
    memset(n, 0, sizeof *n);
    n->kind = kind;
    n->col = col;
    n->end = end;
    n->target = NONE;
    n->global = NONE;
    *id = p->nnodes++;
    return SG_OK;
}

/* The end column of token i's text. */
static uint32_t end_col(const parser *p, uint32_t i) { return p->toks[i].col + p->toks[i].len; }

static int leaf(void *ctx, const sg_notation *r, uint32_t tok, sg_value v, uint32_t *id,
                char *err, size_t errlen)
{
    (void)r;
    (void)err;
    (void)errlen;
    parser *p = ctx;
    int rc = new_node(p, L_LEAF, p->toks[tok].col, end_col(p, tok), id);
    if (rc == SG_OK)
        p->nodes[*id].value = v;
    return rc;
}

static int ref(void *ctx, const sg_notation *r, uint32_t tok, uint32_t *id, char *err,
               size_t errlen)
{
    (void)r;
    (void)err;
    (void)errlen;
    parser *p = ctx;
    int rc = new_node(p, L_REF, p->toks[tok].col, end_col(p, tok), id);
    if (rc == SG_OK) {
        p->nodes[*id].name = p->toks[tok].col;
        p->nodes[*id].name_len = p->toks[tok].len;
    }
    return rc;
}

static int internal(void *ctx, const sg_notation *r, const uint32_t *left, uint32_t nleft,
                    const uint32_t *right, uint32_t nright, uint32_t from, uint32_t to,
                    uint32_t bars, uint32_t *id, char *err, size_t errlen)
{
    (void)bars;
    (void)err;
    (void)errlen;
    parser *p = ctx;
    if (nleft > KO_MAX_OPTIONS || nright > KO_MAX_OPTIONS) {
        char what[80], msg[200];
        sg_notation_describe(r, from, to, what, sizeof what);
        snprintf(msg, sizeof msg, "node %s has more than %d %s options", what, KO_MAX_OPTIONS,
                 nleft > KO_MAX_OPTIONS ? "Left" : "Right");
        return fail_at(p, p->toks[from].col, msg);
    }
    if (p->ngames == KO_MAX_GRAPH_NODES) {
        char msg[120];
        snprintf(msg, sizeof msg, "too many nodes (more than %d in one graph)",
                 KO_MAX_GRAPH_NODES);
        return fail_at(p, p->toks[from].col, msg);
    }
    size_t count = (size_t)nleft + nright;
    if (p->nopts + count > p->opts_cap) {
        size_t cap = p->opts_cap ? p->opts_cap * 2 : 256;
        while (cap < p->nopts + count)
            cap *= 2;
        uint32_t *opts = p->host->realloc(p->opts, cap * sizeof *opts);
        if (!opts)
            return no_memory(p);
        p->opts = opts;
        p->opts_cap = cap;
    }
    int rc = new_node(p, L_GAME, p->toks[from].col, end_col(p, to - 1), id);
    if (rc != SG_OK)
        return rc;
    p->ngames++;
    lnode *n = &p->nodes[*id];
    n->nleft = (uint8_t)nleft;
    n->nright = (uint8_t)nright;
    n->first = (uint32_t)p->nopts;
    memcpy(p->opts + p->nopts, left, nleft * sizeof *p->opts);
    memcpy(p->opts + p->nopts + nleft, right, nright * sizeof *p->opts);
    p->nopts += count;
    return SG_OK;
}

/* The game in tokens [b, e), a node of the local graph. */
static int game(parser *p, uint32_t b, uint32_t e, uint32_t *id)
{
    const sg_notation_builder build = { p, leaf, ref, internal };
    return sg_notation_game(p->reader, b, e, &build, id, p->err, p->errlen);
}

/* ---- Names ------------------------------------------------------------------------- */

static const def *find_def(const parser *p, uint32_t name, uint32_t len)
{
    for (uint32_t i = 0; i < p->ndefs; i++)
        if (same_text(p, p->defs[i].name, p->defs[i].name_len, name, len))
            return &p->defs[i];
    return NULL;
}

/* Follows names (and names defined as names) to a leaf or an internal node. */
static int resolve(parser *p, uint32_t id, uint32_t *out)
{
    uint32_t cur = id;
    for (uint32_t steps = 0; p->nodes[cur].kind == L_REF; steps++) {
        const lnode *r = &p->nodes[cur];
        if (r->target != NONE) {
            cur = r->target;
            continue;
        }
        const def *d = find_def(p, r->name, r->name_len);
        char msg[160];
        if (!d) {
            snprintf(msg, sizeof msg, "undefined name '%.*s'",
                     (int)(r->name_len > 60 ? 60 : r->name_len), p->text + r->name);
            return fail_at(p, r->col, msg);
        }
        if (steps > p->ndefs) {
            const lnode *first = &p->nodes[id];
            snprintf(msg, sizeof msg, "name '%.*s' is defined by a cycle of names",
                     (int)(first->name_len > 60 ? 60 : first->name_len),
                     p->text + first->name);
            return fail_at(p, first->col, msg);
        }
        if (d->node == cur) {
            snprintf(msg, sizeof msg, "name '%.*s' is defined as itself",
                     (int)(r->name_len > 60 ? 60 : r->name_len), p->text + r->name);
            return fail_at(p, d->name, msg);
        }
        cur = d->node;
    }
    if (p->nodes[id].kind == L_REF)
        p->nodes[id].target = cur;
    *out = cur;
    return SG_OK;
}

/* ---- Keys -------------------------------------------------------------------------- */

static void put(buf *b, const sg_host *h, const char *s, size_t n)
{
    if (b->failed)
        return;
    if (b->len + n + 1 > b->cap) {
        size_t cap = b->cap ? b->cap : 256;
        while (cap < b->len + n + 1)
            cap *= 2;
        char *t = h->realloc(b->s, cap);
        if (!t) {
            b->failed = true;
            return;
        }
        b->s = t;
        b->cap = cap;
    }
    memcpy(b->s + b->len, s, n);
    b->len += n;
    b->s[b->len] = '\0';
}

static void put_inline(parser *p, buf *b, uint32_t id);

static void put_options(parser *p, buf *b, const lnode *n)
{
    put(b, p->host, "{", 1);
    for (uint32_t i = 0; i < (uint32_t)n->nleft + n->nright; i++) {
        if (i == n->nleft)
            put(b, p->host, "|", 1);
        else if (i > 0)
            put(b, p->host, ",", 1);
        put_inline(p, b, p->opts[n->first + i]);
    }
    put(b, p->host, "}", 1);
}

/* How an option writes the node: a number, a name, or an anonymous node's braces. */
static void put_inline(parser *p, buf *b, uint32_t id)
{
    const lnode *n = &p->nodes[id];
    if (n->kind == L_LEAF) {
        char num[SG_VALUE_TEXT_MAX];
        int len = sg_value_format(n->value, num, sizeof num);
        put(b, p->host, num, len > 0 ? (size_t)len : 0);
    } else if (n->named) {
        put(b, p->host, p->text + n->name, n->name_len);
    } else {
        put_options(p, b, n);
    }
}

static void put_def(parser *p, buf *b, uint32_t id)
{
    const lnode *n = &p->nodes[id];
    put(b, p->host, p->text + n->name, n->name_len);
    put(b, p->host, "=", 1);
    put_options(p, b, n);
}

static bool name_less(const parser *p, uint32_t a, uint32_t b)
{
    const lnode *x = &p->nodes[a], *y = &p->nodes[b];
    uint32_t n = x->name_len < y->name_len ? x->name_len : y->name_len;
    int c = memcmp(p->text + x->name, p->text + y->name, n);
    return c < 0 || (c == 0 && x->name_len < y->name_len);
}

/* The internal nodes x reaches (x included) into p->list; the named ones, sorted by name,
 * into p->named. Options are resolved by then. */
static void closure(parser *p, uint32_t x, uint32_t *count, uint32_t *nnamed)
{
    p->stamp++;
    uint32_t n = 0, k = 0;
    p->list[n++] = x;
    p->nodes[x].seen = p->stamp;
    for (uint32_t i = 0; i < n; i++) {
        const lnode *g = &p->nodes[p->list[i]];
        for (uint32_t j = 0; j < (uint32_t)g->nleft + g->nright; j++) {
            uint32_t o = p->opts[g->first + j];
            if (p->nodes[o].kind == L_GAME && p->nodes[o].seen != p->stamp) {
                p->nodes[o].seen = p->stamp;
                p->list[n++] = o;
            }
        }
    }
    for (uint32_t i = 0; i < n; i++) {
        uint32_t id = p->list[i];
        if (!p->nodes[id].named)
            continue;
        uint32_t j = k++;
        while (j > 0 && name_less(p, id, p->named[j - 1])) {
            p->named[j] = p->named[j - 1];
            j--;
        }
        p->named[j] = id;
    }
    *count = n;
    *nnamed = k;
}

/* The key of internal node x: x itself (its definition, or its braces when anonymous),
 * then every other named node it reaches, sorted by name, joined by "; ". */
static void key_of(parser *p, uint32_t x, buf *b)
{
    uint32_t count, nnamed;
    closure(p, x, &count, &nnamed);
    b->len = 0;
    if (p->nodes[x].named)
        put_def(p, b, x);
    else
        put_inline(p, b, x);
    for (uint32_t i = 0; i < nnamed; i++)
        if (p->named[i] != x) {
            put(b, p->host, "; ", 2);
            put_def(p, b, p->named[i]);
        }
}

/* ---- The whole text ---------------------------------------------------------------- */

/* Interns every internal node root reaches, and root itself. */
static int intern(parser *p, uint32_t root, uint32_t *global)
{
    ko_store *s = p->store;
    if (p->nodes[root].kind == L_LEAF)
        return ko_store_leaf(s, p->nodes[root].value, global, p->err, p->errlen);
    uint32_t count, nnamed;
    closure(p, root, &count, &nnamed);
    uint32_t members[KO_MAX_GRAPH_NODES];
    memcpy(members, p->list, count * sizeof *members);
    buf key = { NULL, 0, 0, false }, label = { NULL, 0, 0, false };
    int rc = SG_OK;
    for (uint32_t i = 0; i < count && rc == SG_OK; i++) {
        uint32_t x = members[i];
        key_of(p, x, &key);
        label.len = 0;
        put_inline(p, &label, x);
        if (key.failed || label.failed) {
            rc = no_memory(p);
            break;
        }
        uint32_t g = ko_store_find(s, key.s, key.len);
        if (g == NONE)
            rc = ko_store_add(s, key.s, key.len, label.s, label.len, &g, p->err, p->errlen);
        p->nodes[x].global = g;
    }
    for (uint32_t i = 0; i < count && rc == SG_OK; i++) {
        const lnode *n = &p->nodes[members[i]];
        if (s->nodes[n->global].ready)
            continue;
        uint32_t ids[2 * KO_MAX_OPTIONS];
        uint32_t k = (uint32_t)n->nleft + n->nright;
        for (uint32_t j = 0; j < k && rc == SG_OK; j++) {
            const lnode *o = &p->nodes[p->opts[n->first + j]];
            if (o->kind == L_LEAF)
                rc = ko_store_leaf(s, o->value, &ids[j], p->err, p->errlen);
            else
                ids[j] = o->global;
        }
        if (rc == SG_OK)
            rc = ko_store_set_options(s, n->global, ids, n->nleft, ids + n->nleft, n->nright,
                                      p->err, p->errlen);
    }
    p->host->free(key.s);
    p->host->free(label.s);
    if (rc == SG_OK)
        *global = p->nodes[root].global;
    return rc;
}

/* The ban suffix in tokens [b, e): '[' ban '=' [L|R ':'] game ']'. */
static int parse_ban(parser *p, uint32_t b, uint32_t e, ko_parsed *out)
{
    const sg_token *t = p->toks;
    uint32_t i = b + 1;
    if (t[i].kind != SG_TOKEN_NAME || t[i].len != 3 || memcmp(p->text + t[i].col, "ban", 3) != 0)
        return expected(p, i, "'ban' after '['");
    if (t[++i].kind != SG_TOKEN_EQ)
        return expected(p, i, "'=' after 'ban'");
    i++;
    int who = -1;
    if (t[i].kind == SG_TOKEN_NAME && t[i + 1].kind == SG_TOKEN_COLON) {
        char c = p->text[t[i].col];
        if (t[i].len != 1 || (c != 'L' && c != 'R'))
            return fail_at(p, t[i].col, "expected L or R before ':' in the ban");
        who = c == 'L' ? SG_LEFT : SG_RIGHT;
        i += 2;
    }
    if (t[e - 1].kind != SG_TOKEN_RBRACK)
        return expected(p, e - 1 > i ? e - 1 : e, "']' closing the ban");
    if (i == e - 1)
        return expected(p, i, "the banned node after 'ban='");
    uint32_t id;
    int rc = game(p, i, e - 1, &id);
    if (rc == SG_OK)
        rc = resolve(p, id, &id);
    if (rc != SG_OK)
        return rc;
    uint32_t col = t[i].col;
    if (p->nodes[id].kind == L_LEAF)
        return fail_at(p, col, "a ban names a node of the graph, not a number");
    /* options may point at names: resolve them first (they are new nodes of the ban) */
    for (uint32_t j = 0; j < p->nopts; j++)
        if ((rc = resolve(p, p->opts[j], &p->opts[j])) != SG_OK)
            return rc;
    uint32_t target = p->nodes[id].global;
    if (target == NONE) {
        buf key = { NULL, 0, 0, false };
        key_of(p, id, &key);
        if (key.failed)
            return no_memory(p);
        target = ko_store_find(p->store, key.s, key.len);
        p->host->free(key.s);
    }
    const ko_node *cur = ko_store_node(p->store, out->node);
    bool in[2] = { false, false };
    for (int side = 0; side < 2 && target != NONE; side++) {
        const uint32_t *o = ko_store_options(p->store, cur, side);
        for (uint32_t j = 0; j < (side ? cur->nright : cur->nleft); j++)
            in[side] = in[side] || o[j] == target;
    }
    if (who >= 0 && !in[who])
        return fail_at(p, col, who == SG_LEFT ? "the banned node is not a Left option of the "
                                                "current node"
                                              : "the banned node is not a Right option of the "
                                                "current node");
    if (who < 0 && !in[0] && !in[1])
        return fail_at(p, col, "the banned node is not an option of the current node");
    if (who < 0 && in[0] && in[1])
        return fail_at(p, col, "the banned node is an option of both players: write "
                               "[ban=L:...] or [ban=R:...]");
    out->ban = target + 1;
    out->banned = who >= 0 ? (sg_player)who : in[0] ? SG_LEFT : SG_RIGHT;
    return SG_OK;
}

static int parse_all(parser *p, ko_parsed *out)
{
    /* the graph that prints must read back: at most KO_MAX_GRAPH_NODES nodes, each of
     * which prints as 3 bytes at least */
    static const sg_notation_syntax syntax = { SG_NOTATION_GRAPHS, KO_MAX_TEXT, KO_MAX_NESTING,
                                               KO_MAX_NESTING, 3 * KO_MAX_GRAPH_NODES };
    int rc = sg_notation_open(p->host, &syntax, p->text, &p->reader, p->err, p->errlen);
    if (rc != SG_OK)
        return rc;
    p->toks = sg_notation_tokens(p->reader, &p->ntoks);
    if (p->ntoks == 0)
        return fail_at(p, 0, "empty position: expected a node list such as M={1|N}; N={M|-1}");
    uint32_t end = p->ntoks, ban_at = NONE;
    for (uint32_t i = 0; i < p->ntoks; i = skip(p, i))
        if (p->toks[i].kind == SG_TOKEN_LBRACK) {
            ban_at = end = i;
            break;
        }
    uint32_t root = NONE;
    for (uint32_t b = 0, item = 0; b <= end; item++) {
        uint32_t e = b;
        while (e < end && p->toks[e].kind != SG_TOKEN_SEMI)
            e = skip(p, e);
        if (b == e)
            return expected(p, b, item == 0 ? "a node" : "a node after ';'");
        uint32_t id;
        if (p->toks[b].kind == SG_TOKEN_NAME && p->toks[b + 1].kind == SG_TOKEN_EQ) {
            if (b + 2 == e)
                return expected(p, e, "a game after '='");
            const sg_token *name = &p->toks[b];
            if (p->ndefs == KO_MAX_GRAPH_NODES) {
                char msg[120];
                snprintf(msg, sizeof msg, "too many nodes (more than %d in one graph)",
                         KO_MAX_GRAPH_NODES);
                return fail_at(p, name->col, msg);
            }
            const def *twice = find_def(p, name->col, name->len);
            if (twice) {
                char msg[200];
                snprintf(msg, sizeof msg, "duplicate name '%.*s' (first defined at column %lu)",
                         (int)(name->len > 60 ? 60 : name->len), p->text + name->col,
                         (unsigned long)twice->name + 1);
                return fail_at(p, name->col, msg);
            }
            sg_notation_name_game(p->reader, b + 2, e, b);
            rc = game(p, b + 2, e, &id);
            sg_notation_name_game(p->reader, SG_NOTATION_NONE, SG_NOTATION_NONE,
                                  SG_NOTATION_NONE);
            if (rc != SG_OK)
                return rc;
            lnode *n = &p->nodes[id];
            if (n->kind == L_GAME) {
                n->named = 1;
                n->name = name->col;
                n->name_len = name->len;
            }
            p->defs[p->ndefs++] = (def){ name->col, name->len, id };
        } else {
            if (item > 0) {
                if (p->toks[b].kind == SG_TOKEN_NAME)
                    return expected(p, b + 1, "'=' after the name");
                return expected(p, b, "a definition NAME=... (only the first node may be "
                                      "written without a name)");
            }
            rc = game(p, b, e, &id);
            if (rc != SG_OK)
                return rc;
        }
        if (item == 0)
            root = id;
        if (e == end)
            break;
        b = e + 1;
    }
    for (uint32_t j = 0; j < p->nopts; j++)
        if ((rc = resolve(p, p->opts[j], &p->opts[j])) != SG_OK)
            return rc;
    for (uint32_t j = 0; j < p->ndefs; j++) /* every name must make sense, even unused */
        if ((rc = resolve(p, p->defs[j].node, &p->defs[j].node)) != SG_OK)
            return rc;
    if ((rc = resolve(p, root, &root)) != SG_OK)
        return rc;
    p->list = p->host->alloc(KO_MAX_GRAPH_NODES * 2 * sizeof *p->list);
    if (!p->list)
        return no_memory(p);
    p->named = p->list + KO_MAX_GRAPH_NODES;
    rc = intern(p, root, &out->node);
    if (rc != SG_OK)
        return rc;
    out->ban = 0;
    out->banned = SG_LEFT;
    if (ban_at == NONE)
        return SG_OK;
    if (p->nodes[root].kind == L_LEAF)
        return fail_at(p, p->toks[ban_at].col, "a number has no ban");
    return parse_ban(p, ban_at, p->ntoks, out);
}

int ko_parse(ko_store *s, const char *text, ko_parsed *out, char *err, size_t errlen)
{
    parser *p = s->host->alloc(sizeof *p);
    if (!p) {
        if (errlen)
            snprintf(err, errlen, "out of memory while parsing");
        return SG_ERR_NOMEM;
    }
    memset(p, 0, sizeof *p);
    p->store = s;
    p->host = s->host;
    p->text = text;
    p->err = err;
    p->errlen = errlen;
    int rc = parse_all(p, out);
    const sg_host *h = s->host;
    sg_notation_close(p->reader);
    h->free(p->nodes);
    h->free(p->opts);
    h->free(p->list);
    h->free(p);
    return rc;
}
