#include "notation.h"

#include <stdbool.h>
#include <stdio.h>
#include <string.h>

enum tok_kind { TOK_NUM, TOK_OPEN, TOK_CLOSE, TOK_COMMA, TOK_BARS, TOK_END };

/* Numbers are parsed again from the text when used, so a token stays small. */
typedef struct token {
    uint8_t kind;
    uint32_t arg; /* TOK_BARS: run length; TOK_OPEN: index of its '}' */
    uint32_t col; /* 0-based offset in the text */
} token;

typedef struct parser {
    rcg_tree *tree;
    const char *text;
    token *toks;
    uint32_t ntoks;
    uint32_t *stack; /* option ids of the nodes being built */
    size_t sp, stack_cap;
    char *err;
    size_t errlen;
} parser;

static int fail_at(parser *p, uint32_t col, const char *what)
{
    if (p->errlen)
        snprintf(p->err, p->errlen, "%s at column %lu of '%.60s%s'", what,
                 (unsigned long)col + 1, p->text, strlen(p->text) > 60 ? "..." : "");
    return SG_ERR_INVALID;
}

/* Places the message a tree function left in err at a column. */
static int fail_tree(parser *p, uint32_t col, int rc)
{
    char why[256];
    snprintf(why, sizeof why, "%s", p->errlen ? p->err : "");
    int r = fail_at(p, col, why);
    return rc == SG_ERR_NOMEM ? rc : r;
}

/* "expected X, found Y" with Y naming the token at i. */
static int expected(parser *p, uint32_t i, const char *what)
{
    const token *k = &p->toks[i];
    char msg[160];
    if (k->kind == TOK_END)
        snprintf(msg, sizeof msg, "expected %s, found the end of the text", what);
    else if (k->kind == TOK_NUM)
        snprintf(msg, sizeof msg, "expected %s, found a number", what);
    else
        snprintf(msg, sizeof msg, "expected %s, found '%c'", what, p->text[k->col]);
    return fail_at(p, k->col, msg);
}

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }

static int tokenize(parser *p)
{
    size_t len = strlen(p->text);
    if (len > RCG_MAX_TEXT) {
        if (p->errlen)
            snprintf(p->err, p->errlen, "position text too long (%zu bytes, at most %lu)", len,
                     (unsigned long)RCG_MAX_TEXT);
        return SG_ERR_INVALID;
    }
    p->toks = p->tree->host->alloc((len + 1) * sizeof *p->toks);
    if (!p->toks) {
        if (p->errlen)
            snprintf(p->err, p->errlen, "out of memory for the position text");
        return SG_ERR_NOMEM;
    }
    uint32_t open[RCG_MAX_NESTING];
    uint32_t depth = 0;
    const char *s = p->text;
    uint32_t n = 0;
    for (size_t i = 0; i < len;) {
        char c = s[i];
        token k = { TOK_END, 0, (uint32_t)i };
        if (is_space(c)) {
            i++;
            continue;
        } else if (c == '{') {
            if (depth == RCG_MAX_NESTING)
                return fail_at(p, (uint32_t)i, "braces nested too deeply (at most 200 levels)");
            open[depth++] = n;
            k.kind = TOK_OPEN;
            i++;
        } else if (c == '}') {
            if (depth == 0)
                return fail_at(p, (uint32_t)i, "unmatched '}'");
            p->toks[open[--depth]].arg = n;
            k.kind = TOK_CLOSE;
            i++;
        } else if (c == ',') {
            k.kind = TOK_COMMA;
            i++;
        } else if (c == '|') {
            k.kind = TOK_BARS;
            while (i < len && s[i] == '|')
                i++;
            k.arg = (uint32_t)(i - k.col);
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            const char *end;
            sg_value v;
            char why[128];
            if (sg_value_parse_prefix(s + i, &end, &v, why, sizeof why) != 0)
                return fail_at(p, (uint32_t)i, why);
            k.kind = TOK_NUM;
            i = (size_t)(end - s);
        } else {
            char msg[64];
            if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7f)
                snprintf(msg, sizeof msg, "unexpected character '%c'", c);
            else
                snprintf(msg, sizeof msg, "unexpected byte 0x%02x", (unsigned)(unsigned char)c);
            return fail_at(p, (uint32_t)i, msg);
        }
        p->toks[n++] = k;
    }
    if (depth > 0)
        return fail_at(p, p->toks[open[depth - 1]].col, "'{' is never closed");
    p->toks[n] = (token){ TOK_END, 0, (uint32_t)len };
    p->ntoks = n;
    return SG_OK;
}

/* The next token index at the same brace level. */
static uint32_t skip(const parser *p, uint32_t i)
{
    return p->toks[i].kind == TOK_OPEN ? p->toks[i].arg + 1 : i + 1;
}

static int push_id(parser *p, uint32_t id)
{
    if (p->sp == p->stack_cap) {
        size_t cap = p->stack_cap ? p->stack_cap * 2 : 64;
        uint32_t *s = p->tree->host->realloc(p->stack, cap * sizeof *s);
        if (!s) {
            if (p->errlen)
                snprintf(p->err, p->errlen, "out of memory while parsing");
            return SG_ERR_NOMEM;
        }
        p->stack = s;
        p->stack_cap = cap;
    }
    p->stack[p->sp++] = id;
    return SG_OK;
}

static int game(parser *p, uint32_t b, uint32_t e, bool braced, int depth, uint32_t *id);

static int atom(parser *p, uint32_t i, int depth, uint32_t *id)
{
    const token *k = &p->toks[i];
    if (k->kind == TOK_NUM) {
        sg_value v;
        char why[128];
        if (sg_value_parse_prefix(p->text + k->col, NULL, &v, why, sizeof why) != 0)
            return fail_at(p, k->col, why);
        int rc = rcg_tree_leaf(p->tree, v, id, p->err, p->errlen);
        return rc == SG_OK ? rc : fail_tree(p, k->col, rc);
    }
    if (k->kind == TOK_OPEN)
        return game(p, i + 1, k->arg, true, depth + 1, id);
    return expected(p, i, "a number or '{'");
}

/* One side of a split: a game in bar shorthand when it holds bars, else a
 * comma-separated list of numbers and braced games. The list may be empty only directly
 * inside braces ({|}, {2|}): a bare "2|" is rejected as a likely typo. */
static int side(parser *p, uint32_t b, uint32_t e, bool braced, int depth)
{
    for (uint32_t i = b; i < e; i = skip(p, i))
        if (p->toks[i].kind == TOK_BARS) {
            uint32_t id;
            int rc = game(p, b, e, false, depth + 1, &id);
            return rc == SG_OK ? push_id(p, id) : rc;
        }
    if (b == e)
        return braced ? SG_OK : expected(p, b, "a game (an empty side needs braces: {2|})");
    for (uint32_t i = b;;) {
        uint32_t id;
        int rc = atom(p, i, depth, &id);
        if (rc != SG_OK)
            return rc;
        rc = push_id(p, id);
        if (rc != SG_OK)
            return rc;
        i = skip(p, i);
        if (i == e)
            return SG_OK;
        if (p->toks[i].kind != TOK_COMMA)
            return expected(p, i, "',' or '|'");
        i++;
        if (i == e)
            return expected(p, i, "a game after ','");
    }
}

/* The game in tokens [b, e): braced is the inside of {...}, which must split. */
static int game(parser *p, uint32_t b, uint32_t e, bool braced, int depth, uint32_t *id)
{
    if (depth > RCG_MAX_HEIGHT)
        return fail_at(p, p->toks[b].col, "game nested too deeply");
    uint32_t longest = 0, at = 0, ties = 0, tie_at = 0;
    for (uint32_t i = b; i < e; i = skip(p, i)) {
        const token *k = &p->toks[i];
        if (k->kind != TOK_BARS)
            continue;
        if (k->arg > longest) {
            longest = k->arg;
            at = i;
            ties = 0;
        } else if (k->arg == longest) {
            ties++;
            tie_at = i;
        }
    }
    if (longest == 0) {
        if (braced)
            return expected(p, b == e ? e : skip(p, b) < e ? skip(p, b) : e, "'|' inside braces");
        if (b == e)
            return expected(p, b, "a game");
        int rc = atom(p, b, depth, id);
        if (rc != SG_OK)
            return rc;
        if (skip(p, b) != e)
            return expected(p, skip(p, b), "'|' between games");
        return SG_OK;
    }
    if (ties > 0) {
        if (p->errlen)
            snprintf(p->err, p->errlen,
                     "ambiguous bars: runs of %lu bar%s at columns %lu and %lu of '%.60s%s' "
                     "split at the same level (use braces)",
                     (unsigned long)longest, longest == 1 ? "" : "s",
                     (unsigned long)p->toks[at].col + 1, (unsigned long)p->toks[tie_at].col + 1,
                     p->text, strlen(p->text) > 60 ? "..." : "");
        return SG_ERR_INVALID;
    }
    size_t base = p->sp;
    int rc = side(p, b, at, braced, depth);
    if (rc != SG_OK)
        return rc;
    size_t nleft = p->sp - base;
    rc = side(p, at + 1, e, braced, depth);
    if (rc != SG_OK)
        return rc;
    size_t nright = p->sp - base - nleft;
    rc = rcg_tree_game(p->tree, p->stack + base, (uint32_t)nleft, p->stack + base + nleft,
                       (uint32_t)nright, id, p->err, p->errlen);
    p->sp = base;
    if (rc != SG_OK)
        return fail_tree(p, p->toks[at].col, rc);
    return SG_OK;
}

int rcg_parse(rcg_tree *t, const char *text, uint32_t *id, char *err, size_t errlen)
{
    parser p = { t, text, NULL, 0, NULL, 0, 0, err, errlen };
    int rc = tokenize(&p);
    if (rc == SG_OK) /* allocated up front: option lists point into it, even empty ones */
        rc = push_id(&p, 0);
    p.sp = 0;
    if (rc == SG_OK) {
        if (p.ntoks == 0)
            rc = fail_at(&p, 0, "empty position: expected a game");
        else
            rc = game(&p, 0, p.ntoks, false, 0, id);
    }
    t->host->free(p.toks);
    t->host->free(p.stack);
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
