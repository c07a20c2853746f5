#include "sumgame/cgt_notation.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

struct sg_notation {
    const sg_host *host;
    sg_notation_syntax syntax;
    const char *text;
    uint32_t ntoks;
    uint32_t *stack; /* option ids of the nodes being built */
    size_t sp, stack_cap;
    uint32_t named_b, named_e, name; /* sg_notation_name_game */
    /* ±G is its own negative, so a token '±' stands for one node in every reading: kept
     * here by token index (within the range of one sg_notation_game call), it spares the
     * reading of nested ±{...±{...}} twice per level. NULL when no '±' was written. */
    uint32_t *pm_memo;
    uint64_t *pm_size;   /* the written-out bytes of each '±' node in pm_memo */
    uint32_t *pm_height; /* and its height */
    uint64_t expanded; /* option ids the short forms have cost so far */
    bool unfolds;      /* a short form or '±' was written */
    uint64_t written;  /* bytes of the games read so far, written out in braces */
    sg_token toks[];
};

static bool graphs(const sg_notation *n) { return n->syntax.dialect == SG_NOTATION_GRAPHS; }

int sg_notation_fail(const sg_notation *n, uint32_t col, const char *what, char *err,
                     size_t errlen)
{
    if (errlen)
        snprintf(err, errlen, "%s at column %lu of '%.60s%s'", what, (unsigned long)col + 1,
                 n->text, strlen(n->text) > 60 ? "..." : "");
    return SG_ERR_INVALID;
}

int sg_notation_expected(const sg_notation *n, uint32_t i, const char *what, char *err,
                         size_t errlen)
{
    const sg_token *k = &n->toks[i];
    char msg[200];
    if (k->kind == SG_TOKEN_END)
        snprintf(msg, sizeof msg, "expected %s, found the end of the text", what);
    else if (k->kind == SG_TOKEN_NUMBER && graphs(n))
        snprintf(msg, sizeof msg, "expected %s, found the number '%.*s'", what,
                 (int)(k->len > 20 ? 20 : k->len), n->text + k->col);
    else if (k->kind == SG_TOKEN_NUMBER)
        snprintf(msg, sizeof msg, "expected %s, found a number", what);
    else if (k->kind == SG_TOKEN_NAME)
        snprintf(msg, sizeof msg, "expected %s, found the name '%.*s'", what,
                 (int)(k->len > 40 ? 40 : k->len), n->text + k->col);
    else if (k->kind == SG_TOKEN_SHORT)
        snprintf(msg, sizeof msg, "expected %s, found the short form '%.*s'", what,
                 (int)(k->len > 40 ? 40 : k->len), n->text + k->col);
    else if (k->kind == SG_TOKEN_PM)
        snprintf(msg, sizeof msg, "expected %s, found '±'", what);
    else
        snprintf(msg, sizeof msg, "expected %s, found '%c'", what, n->text[k->col]);
    return sg_notation_fail(n, k->col, msg, err, errlen);
}

/* ---- tokens ------------------------------------------------------------------------ */

static bool is_space(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static bool name_start(char c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || c == '_';
}
static bool name_char(char c) { return name_start(c) || (c >= '0' && c <= '9') || c == '\''; }

/* ---- short forms --------------------------------------------------------------------
 * [number] [arrows [count]] ['*' [count]], at least one of the last two, no spaces: the
 * game x + n.^ + *m in CGSuite's order (1/2vv*2). Arrows are ^ and ↑ (one up), ⇑ (two),
 * v and ↓ (one down), ⇓ (two); a count after a single one-step arrow multiplies it (^5,
 * as CGSuite reads it). Graphs read v as a name, so there only the Unicode downs are
 * arrows. */

/* Counts beyond any game a reader can build; the depth limit then says so precisely. */
#define SHORT_MAX_COUNT 1000000
/* Total option ids the short forms of one text may expand into: x + n.^ + *m costs about
 * (m + 2)^2 + n, so a text of many large nimbers cannot tie the reader up. */
#define SHORT_BUDGET (UINT64_C(1) << 23)

typedef struct short_form {
    sg_value x;
    int64_t ups; /* downs negative */
    uint64_t star;
} short_form;

static bool is_digit(char c) { return c >= '0' && c <= '9'; }

/* The ups of the arrow at s (0 for none), and its length in bytes. */
static int arrow(const char *s, size_t left, bool graphs_dialect, size_t *len)
{
    *len = 1;
    if (left >= 1 && s[0] == '^')
        return 1;
    if (left >= 1 && s[0] == 'v' && !graphs_dialect)
        return -1;
    if (left >= 3 && (unsigned char)s[0] == 0xe2) {
        unsigned char b = (unsigned char)s[1], c = (unsigned char)s[2];
        *len = 3;
        if (b == 0x86 && c == 0x91) /* U+2191 ↑ */
            return 1;
        if (b == 0x86 && c == 0x93) /* U+2193 ↓ */
            return -1;
        if (b == 0x87 && c == 0x91) /* U+21D1 ⇑ */
            return 2;
        if (b == 0x87 && c == 0x93) /* U+21D3 ⇓ */
            return -2;
    }
    return 0;
}

static bool short_start(const char *s, size_t left, bool graphs_dialect)
{
    size_t len;
    return (left >= 1 && s[0] == '*') || arrow(s, left, graphs_dialect, &len) != 0;
}

static bool is_pm(const char *s, size_t left)
{
    return left >= 2 && (unsigned char)s[0] == 0xc2 && (unsigned char)s[1] == 0xb1;
}

/* Reads a decimal count at s[*i], advancing *i; false when it exceeds SHORT_MAX_COUNT. */
static bool count_at(const char *s, size_t left, size_t *i, uint64_t *out)
{
    uint64_t c = 0;
    for (; *i < left && is_digit(s[*i]); (*i)++) {
        c = c * 10 + (uint64_t)(s[*i] - '0');
        if (c > SHORT_MAX_COUNT)
            return false;
    }
    *out = c;
    return true;
}

/* The short form at s (at most left bytes): 1 with *f and its length in *used, 0 when
 * there is none (a plain number, or no form at all), -1 with why and the offset of the
 * fault in *used. */
static int scan_short(const char *s, size_t left, bool graphs_dialect, short_form *f,
                      size_t *used, char *why, size_t whylen)
{
    size_t i = 0, len;
    f->x = sg_value_int(0);
    f->ups = 0;
    f->star = 0;
    if (left >= 1 && (s[0] == '-' || is_digit(s[0]))) {
        const char *end;
        if (sg_value_parse_prefix(s, &end, &f->x, why, whylen) != 0) {
            *used = 0;
            return -1;
        }
        i = (size_t)(end - s);
    }
    bool any = false;
    int first = arrow(s + i, left - i, graphs_dialect, &len);
    if (first != 0) {
        size_t run = 0;
        int step;
        while ((step = arrow(s + i, left - i, graphs_dialect, &len)) != 0) {
            if ((step > 0) != (first > 0)) {
                snprintf(why, whylen, "ups and downs mixed in one short form (write ^ or v "
                                      "alone, as many as the sum has)");
                *used = i;
                return -1;
            }
            f->ups += step;
            i += len;
            if (++run > SHORT_MAX_COUNT) {
                snprintf(why, whylen, "too many arrows in one short form");
                *used = i;
                return -1;
            }
        }
        if (i < left && is_digit(s[i])) {
            uint64_t c;
            if (run != 1 || (first != 1 && first != -1)) {
                snprintf(why, whylen, "a count follows a single ^ or v (^3 is three ups, "
                                      "^^3 is not read)");
                *used = i;
                return -1;
            }
            if (!count_at(s, left, &i, &c)) {
                snprintf(why, whylen, "count of ups or downs too large");
                *used = i;
                return -1;
            }
            f->ups = first * (int64_t)c;
        }
        any = true;
    }
    if (i < left && s[i] == '*') {
        i++;
        f->star = 1;
        if (i < left && is_digit(s[i]) && !count_at(s, left, &i, &f->star)) {
            snprintf(why, whylen, "nimber too large");
            *used = i;
            return -1;
        }
        any = true;
    }
    *used = i;
    return any ? 1 : 0;
}

/* Until its '}' comes, an open brace's arg holds the index of the brace around it (or
 * SG_NOTATION_NONE), so the open braces form a stack without an array of their own. */
static int tokenize(sg_notation *n, size_t len, char *err, size_t errlen)
{
    uint32_t top = SG_NOTATION_NONE, depth = 0, count = 0, pms = 0;
    const char *s = n->text;
    for (size_t i = 0; i < len;) {
        char c = s[i];
        sg_token k = { SG_TOKEN_END, (uint32_t)i, 1, 0 };
        if (is_space(c)) {
            i++;
            continue;
        }
        const char *top_only = NULL;
        switch (c) {
        case '{':
            if (depth == n->syntax.max_braces) {
                char msg[80];
                snprintf(msg, sizeof msg, "braces nested too deeply (at most %lu levels)",
                         (unsigned long)n->syntax.max_braces);
                return sg_notation_fail(n, (uint32_t)i, msg, err, errlen);
            }
            k.kind = SG_TOKEN_OPEN;
            k.arg = top;
            top = count;
            depth++;
            break;
        case '}':
            if (depth == 0)
                return sg_notation_fail(n, (uint32_t)i, "unmatched '}'", err, errlen);
            k.kind = SG_TOKEN_CLOSE;
            {
                uint32_t opening = top;
                top = n->toks[opening].arg;
                n->toks[opening].arg = count;
            }
            depth--;
            break;
        case ',': k.kind = SG_TOKEN_COMMA; break;
        case '|': k.kind = SG_TOKEN_BARS; break;
        default: break;
        }
        if (graphs(n) && k.kind == SG_TOKEN_END) {
            switch (c) {
            case ';': k.kind = SG_TOKEN_SEMI; top_only = "';' inside braces"; break;
            case '=': k.kind = SG_TOKEN_EQ; top_only = "'=' inside braces"; break;
            case '[': k.kind = SG_TOKEN_LBRACK; top_only = "'[' inside braces"; break;
            case ']': k.kind = SG_TOKEN_RBRACK; top_only = "']' inside braces"; break;
            case ':': k.kind = SG_TOKEN_COLON; top_only = "':' inside braces"; break;
            default: break;
            }
        }
        if (top_only && depth > 0)
            return sg_notation_fail(n, (uint32_t)i, top_only, err, errlen);
        if (k.kind == SG_TOKEN_BARS) {
            size_t j = i;
            while (j < len && s[j] == '|')
                j++;
            k.len = k.arg = (uint32_t)(j - i);
            i = j;
        } else if (k.kind != SG_TOKEN_END) {
            i++;
        } else if (c == '-' || (c >= '0' && c <= '9')) {
            const char *end;
            sg_value v;
            char why[128];
            if (sg_value_parse_prefix(s + i, &end, &v, why, sizeof why) != 0)
                return sg_notation_fail(n, (uint32_t)i, why, err, errlen);
            k.kind = SG_TOKEN_NUMBER;
            k.len = (uint32_t)(end - (s + i));
            i = (size_t)(end - s);
            if (short_start(s + i, len - i, graphs(n))) {
                short_form f;
                size_t used;
                if (scan_short(s + k.col, len - k.col, graphs(n), &f, &used, why,
                               sizeof why) < 0)
                    return sg_notation_fail(n, k.col + (uint32_t)used, why, err, errlen);
                k.kind = SG_TOKEN_SHORT;
                k.len = (uint32_t)used;
                i = k.col + used;
                n->unfolds = true;
            }
            if (graphs(n) && k.kind == SG_TOKEN_NUMBER && i < len && name_char(s[i]))
                return sg_notation_fail(n, k.col,
                                        "bad number: a name cannot start with a digit or '-'",
                                        err, errlen);
        } else if (short_start(s + i, len - i, graphs(n))) {
            short_form f;
            size_t used;
            char why[128];
            if (scan_short(s + i, len - i, graphs(n), &f, &used, why, sizeof why) < 0)
                return sg_notation_fail(n, (uint32_t)(i + used), why, err, errlen);
            k.kind = SG_TOKEN_SHORT;
            k.len = (uint32_t)used;
            i += used;
            n->unfolds = true;
        } else if (is_pm(s + i, len - i)) {
            k.kind = SG_TOKEN_PM;
            k.len = 2;
            i += 2;
            pms++;
            n->unfolds = true;
        } else if (graphs(n) && name_start(c)) {
            size_t j = i;
            while (j < len && name_char(s[j]))
                j++;
            k.kind = SG_TOKEN_NAME;
            k.len = (uint32_t)(j - i);
            i = j;
        } else {
            char msg[64];
            if ((unsigned char)c >= 0x20 && (unsigned char)c < 0x7f)
                snprintf(msg, sizeof msg, "unexpected character '%c'", c);
            else
                snprintf(msg, sizeof msg, "unexpected byte 0x%02x", (unsigned)(unsigned char)c);
            return sg_notation_fail(n, (uint32_t)i, msg, err, errlen);
        }
        n->toks[count++] = k;
    }
    if (depth > 0)
        return sg_notation_fail(n, n->toks[top].col, "'{' is never closed", err, errlen);
    n->toks[count] = (sg_token){ SG_TOKEN_END, (uint32_t)len, 0, 0 };
    n->ntoks = count;
    if (pms > 0) {
        n->pm_memo = n->host->alloc(((size_t)count + 1) * sizeof *n->pm_memo);
        n->pm_size = n->host->alloc(((size_t)count + 1) * sizeof *n->pm_size);
        n->pm_height = n->host->alloc(((size_t)count + 1) * sizeof *n->pm_height);
        if (!n->pm_memo || !n->pm_size || !n->pm_height) {
            if (errlen)
                snprintf(err, errlen, "out of memory while parsing");
            return SG_ERR_NOMEM;
        }
    }
    return SG_OK;
}

static int no_memory(char *err, size_t errlen)
{
    if (errlen)
        snprintf(err, errlen, "out of memory while parsing");
    return SG_ERR_NOMEM;
}

static int push_id(sg_notation *n, uint32_t id, char *err, size_t errlen)
{
    if (n->sp == n->stack_cap) {
        size_t cap = n->stack_cap ? n->stack_cap * 2 : 64;
        uint32_t *s = n->host->realloc(n->stack, cap * sizeof *s);
        if (!s)
            return no_memory(err, errlen);
        n->stack = s;
        n->stack_cap = cap;
    }
    n->stack[n->sp++] = id;
    return SG_OK;
}

int sg_notation_open(const sg_host *host, const sg_notation_syntax *syntax, const char *text,
                     sg_notation **out, char *err, size_t errlen)
{
    *out = NULL;
    size_t len = strlen(text);
    if (len > syntax->max_text) {
        if (errlen)
            snprintf(err, errlen, "position text too long (%zu bytes, at most %lu)", len,
                     (unsigned long)syntax->max_text);
        return SG_ERR_INVALID;
    }
    sg_notation *n = host->alloc(sizeof *n + (len + 1) * sizeof n->toks[0]);
    if (!n) {
        /* each dialect keeps the words its plugin always had */
        if (errlen)
            snprintf(err, errlen, "%s", syntax->dialect == SG_NOTATION_TREES
                                            ? "out of memory for the position text"
                                            : "out of memory while parsing");
        return SG_ERR_NOMEM;
    }
    memset(n, 0, sizeof *n);
    n->host = host;
    n->syntax = *syntax;
    n->text = text;
    n->named_b = n->named_e = n->name = SG_NOTATION_NONE;
    int rc = tokenize(n, len, err, errlen);
    /* allocated up front: option lists point into it, even empty ones */
    if (rc == SG_OK)
        rc = push_id(n, 0, err, errlen);
    n->sp = 0;
    if (rc != SG_OK) {
        sg_notation_close(n);
        return rc;
    }
    *out = n;
    return SG_OK;
}

void sg_notation_close(sg_notation *n)
{
    if (!n)
        return;
    n->host->free(n->stack);
    n->host->free(n->pm_memo);
    n->host->free(n->pm_size);
    n->host->free(n->pm_height);
    n->host->free(n);
}

const sg_token *sg_notation_tokens(const sg_notation *n, uint32_t *count)
{
    if (count)
        *count = n->ntoks;
    return n->toks;
}

uint32_t sg_notation_skip(const sg_notation *n, uint32_t i)
{
    return n->toks[i].kind == SG_TOKEN_OPEN ? n->toks[i].arg + 1 : i + 1;
}

void sg_notation_name_game(sg_notation *n, uint32_t b, uint32_t e, uint32_t name)
{
    n->named_b = b;
    n->named_e = e;
    n->name = name;
}

void sg_notation_describe(const sg_notation *n, uint32_t b, uint32_t e, char *out, size_t cap)
{
    if (b == n->named_b && e == n->named_e && n->name != SG_NOTATION_NONE) {
        const sg_token *name = &n->toks[n->name];
        snprintf(out, cap, "'%.*s'", (int)(name->len > 60 ? 60 : name->len),
                 n->text + name->col);
        return;
    }
    uint32_t c0 = n->toks[b].col, c1 = e > b ? n->toks[e - 1].col + n->toks[e - 1].len : c0;
    snprintf(out, cap, "'%.*s%s'", (int)(c1 - c0 > 40 ? 40 : c1 - c0), n->text + c0,
             c1 - c0 > 40 ? "..." : "");
}

/* ---- games ------------------------------------------------------------------------- */

typedef struct reading {
    sg_notation *n;
    const sg_notation_builder *build;
    char *err;
    size_t errlen;
    /* The game read last, written out as the plugins print it (no node shared): at most
     * last bytes, last_height levels high. Short forms and '±' share nodes, so their
     * text can be far shorter than what prints back, which syntax.max_written bounds. A
     * node {a,b|c} costs its braces, bar and commas and, for the bars of the shorthand
     * rcg prints it in when it can, its height. */
    uint64_t last;
    uint32_t last_height;
} reading;

/* Sizes saturate here, far above any limit, so that nested ± cannot overflow them. */
#define SIZE_CAP (UINT64_C(1) << 62)
static uint64_t sat_add(uint64_t a, uint64_t b) { return a > SIZE_CAP - b ? SIZE_CAP : a + b; }

static uint64_t value_bytes(sg_value v)
{
    char text[SG_VALUE_TEXT_MAX];
    int len = sg_value_format(v, text, sizeof text);
    return len > 0 ? (uint64_t)len : 1;
}

static int game(reading *g, uint32_t b, uint32_t e, bool braced, uint32_t depth, bool neg,
                uint32_t *id);

static int expected(reading *g, uint32_t i, const char *what)
{
    return sg_notation_expected(g->n, i, what, g->err, g->errlen);
}

static int too_deep(reading *g, uint32_t i)
{
    const sg_notation *n = g->n;
    char msg[80];
    if (graphs(n))
        snprintf(msg, sizeof msg, "game nested too deeply (at most %lu levels)",
                 (unsigned long)n->syntax.max_depth);
    else
        snprintf(msg, sizeof msg, "game nested too deeply");
    return sg_notation_fail(n, n->toks[i].col, msg, g->err, g->errlen);
}

/* The index after the atom that starts at token i: '±' prefixes, then one token or a
 * braced game. */
static uint32_t atom_end(const sg_notation *n, uint32_t i)
{
    while (n->toks[i].kind == SG_TOKEN_PM)
        i++;
    return sg_notation_skip(n, i);
}

static int short_node(reading *g, uint32_t tok, const uint32_t *left, uint32_t nleft,
                      const uint32_t *right, uint32_t nright, uint32_t *id)
{
    return g->build->node(g->build->ctx, g->n, left, nleft, right, nright, tok, tok + 1, tok,
                          id, g->err, g->errlen);
}

/* x + n.^ + *m (n < 0: downs) as its canonical form, built upwards: the nimbers
 * x + *k = {x + *j | x + *j} (j < k), then the chain of ups, u.^ + *k = {x | (u-1).^ +
 * *(k ^ 1)} for u >= 1 but for ^* = {x, x* | x} (so ^ = {x | x*}, ^^ = {x | ^*},
 * ^*2 = {x | *3}, ^^* = {x | ^}); downs are its mirror image. That x translates every
 * leaf is the number translation theorem (x + G = {x + G^L | x + G^R} for G not equal to
 * a number, and no n.^ + *m is but 0). The chain holds the classical ^ = {0|*},
 * ^* = {0,*|0}, n.^ = {0|(n-1).^*} and ^*m = {0|*(m xor 1)} (m >= 2); that it holds for
 * every n and m, test_short_forms checks against the sum of the parts, added in the
 * canonical-form table. A chain prints in about n nodes, a nimber *m in 3^(m-1). */
static int expand(reading *g, uint32_t tok, uint32_t depth, short_form f, uint32_t *id)
{
    sg_notation *n = g->n;
    uint64_t ups = f.ups < 0 ? (uint64_t)-f.ups : (uint64_t)f.ups;
    if (ups + f.star > n->syntax.max_depth) {
        char msg[160];
        snprintf(msg, sizeof msg, "short form too large (its ups or downs and its nimber "
                                  "together at most %lu)", (unsigned long)n->syntax.max_depth);
        return sg_notation_fail(n, n->toks[tok].col, msg, g->err, g->errlen);
    }
    /* written out, its braces nest as deep as its height, and must read back; one level
     * more than depth, as the braces a bar shorthand around it prints as */
    uint64_t height = ups % 2 ? f.star ^ 1 : f.star, room = n->syntax.max_depth;
    for (uint64_t u = 1, k = height; u <= ups; u++) {
        k ^= 1;
        height = u == 1 && k == 1 ? 2 : height + 1;
    }
    if (n->syntax.max_braces < room)
        room = n->syntax.max_braces;
    if (depth + 1 + height > room)
        return too_deep(g, tok);
    uint64_t width = ups ? (f.star | 1) + 1 : f.star + 1; /* the nimbers the chain needs */
    n->expanded += width * (width + 1) + ups;
    if (n->expanded > SHORT_BUDGET) {
        char msg[160];
        snprintf(msg, sizeof msg, "short forms too large in total (more than %llu options "
                                  "in one text)", (unsigned long long)SHORT_BUDGET);
        return sg_notation_fail(n, n->toks[tok].col, msg, g->err, g->errlen);
    }
    uint32_t *nim = n->host->alloc((size_t)width * sizeof *nim);
    uint64_t *size = n->host->alloc((size_t)width * sizeof *size); /* written out */
    if (!nim || !size) {
        n->host->free(nim);
        n->host->free(size);
        return no_memory(g->err, g->errlen);
    }
    int rc = g->build->number(g->build->ctx, n, tok, f.x, &nim[0], g->err, g->errlen);
    uint64_t xbytes = value_bytes(f.x), sum = 0; /* sum: of size[j] for j < k */
    size[0] = xbytes;
    for (uint64_t k = 1; k < width && rc == SG_OK; k++) {
        rc = short_node(g, tok, nim, (uint32_t)k, nim, (uint32_t)k, &nim[k]);
        sum = sat_add(sum, size[k - 1]);
        size[k] = sat_add(3 + 3 * k, sat_add(sum, sum)); /* *k is k high */
    }
    /* the chain from its top, u.^ + *m, down to u = 1 says which nimber it starts on */
    uint64_t k = ups % 2 ? f.star ^ 1 : f.star;
    uint32_t at = nim[k];
    uint64_t at_size = size[k], at_height = k;
    bool up = f.ups > 0;
    for (uint64_t u = 1; u <= ups && rc == SG_OK; u++) {
        k ^= 1; /* at is x + (u-1).^ + *(k ^ 1); this step makes x + u.^ + *k */
        if (u == 1 && k == 1) {
            uint32_t pair[2] = { nim[0], nim[1] };
            rc = up ? short_node(g, tok, pair, 2, &nim[0], 1, &at)
                    : short_node(g, tok, &nim[0], 1, pair, 2, &at);
            at_size = 14 + 4 * xbytes; /* {x,{x|x}|x} */
            at_height = 2;
        } else {
            uint32_t below = at;
            rc = up ? short_node(g, tok, &nim[0], 1, &below, 1, &at)
                    : short_node(g, tok, &below, 1, &nim[0], 1, &at);
            at_height++;
            at_size = sat_add(at_size, 5 + at_height + xbytes);
        }
    }
    if (rc == SG_OK) {
        *id = at;
        g->last = at_size;
        g->last_height = (uint32_t)at_height;
    }
    n->host->free(nim);
    n->host->free(size);
    return rc;
}

static int atom(reading *g, uint32_t i, uint32_t depth, bool neg, uint32_t *id)
{
    sg_notation *n = g->n;
    const sg_token *k = &n->toks[i];
    if (k->kind == SG_TOKEN_NUMBER) {
        sg_value v;
        char why[128];
        if (sg_value_parse_prefix(n->text + k->col, NULL, &v, why, sizeof why) != 0)
            return sg_notation_fail(n, k->col, why, g->err, g->errlen);
        if (neg)
            v = sg_value_neg(v);
        g->last = value_bytes(v);
        g->last_height = 0;
        return g->build->number(g->build->ctx, n, i, v, id, g->err, g->errlen);
    }
    if (k->kind == SG_TOKEN_SHORT) {
        short_form f;
        size_t used;
        char why[128];
        scan_short(n->text + k->col, k->len, graphs(n), &f, &used, why, sizeof why);
        if (neg) {
            f.x = sg_value_neg(f.x);
            f.ups = -f.ups;
        }
        return expand(g, i, depth, f, id);
    }
    if (k->kind == SG_TOKEN_NAME && neg) {
        char msg[160];
        snprintf(msg, sizeof msg, "the name '%.*s' under '±' (±G needs -G, which a name "
                                  "cannot give: write the node out)",
                 (int)(k->len > 40 ? 40 : k->len), n->text + k->col);
        return sg_notation_fail(n, k->col, msg, g->err, g->errlen);
    }
    if (k->kind == SG_TOKEN_NAME) {
        g->last = k->len;
        g->last_height = 0;
        return g->build->name(g->build->ctx, n, i, id, g->err, g->errlen);
    }
    if (k->kind == SG_TOKEN_OPEN)
        return game(g, i + 1, k->arg, true, depth + 1, neg, id);
    if (k->kind == SG_TOKEN_PM) {
        /* ±G = {G | -G} is its own negative, so neg does not matter and one node serves
         * every reading of this token */
        if (n->pm_memo[i] != SG_NOTATION_NONE) {
            *id = n->pm_memo[i];
            g->last = n->pm_size[i];
            g->last_height = n->pm_height[i];
            return SG_OK;
        }
        if (depth + 1 > n->syntax.max_depth)
            return too_deep(g, i);
        uint32_t opt[2];
        int rc = atom(g, i + 1, depth + 1, false, &opt[0]);
        uint64_t each = g->last; /* -G: as long, but for up to one '-' a leaf */
        uint32_t height = g->last_height + 1;
        if (rc == SG_OK && n->toks[i + 1].kind == SG_TOKEN_PM)
            opt[1] = opt[0];
        else if (rc == SG_OK)
            rc = atom(g, i + 1, depth + 1, true, &opt[1]);
        if (rc == SG_OK)
            rc = g->build->node(g->build->ctx, n, &opt[0], 1, &opt[1], 1, i, atom_end(n, i),
                                i, id, g->err, g->errlen);
        if (rc == SG_OK) {
            n->pm_memo[i] = *id;
            n->pm_size[i] = g->last = sat_add(5 + height, sat_add(each, sat_add(each, each)));
            n->pm_height[i] = g->last_height = height;
        }
        return rc;
    }
    return expected(g, i, graphs(n) ? "a number, a name or '{'" : "a number or '{'");
}

/* One side of a split: a game in bar shorthand when it holds bars, else a
 * comma-separated list of atoms. Trees allow an empty list only directly inside braces
 * ({|}, {2|}): a bare "2|" is rejected as a likely typo. */
static int side(reading *g, uint32_t b, uint32_t e, bool braced, uint32_t depth, bool neg,
                uint64_t *size, uint32_t *height)
{
    sg_notation *n = g->n;
    for (uint32_t i = b; i < e; i = sg_notation_skip(n, i))
        if (n->toks[i].kind == SG_TOKEN_BARS) {
            uint32_t id;
            int rc = game(g, b, e, false, depth + 1, neg, &id);
            *size = sat_add(*size, g->last + 1);
            if (g->last_height > *height)
                *height = g->last_height;
            return rc == SG_OK ? push_id(n, id, g->err, g->errlen) : rc;
        }
    if (b == e)
        return braced ? SG_OK : expected(g, b, "a game (an empty side needs braces: {2|})");
    for (uint32_t i = b;;) {
        uint32_t id;
        int rc = atom(g, i, depth, neg, &id);
        *size = sat_add(*size, g->last + 1);
        if (g->last_height > *height)
            *height = g->last_height;
        if (rc == SG_OK)
            rc = push_id(n, id, g->err, g->errlen);
        if (rc != SG_OK)
            return rc;
        i = atom_end(n, i);
        if (i == e)
            return SG_OK;
        if (n->toks[i].kind != SG_TOKEN_COMMA)
            return expected(g, i, "',' or '|'");
        i++;
        if (i == e)
            return expected(g, i, "a game after ','");
    }
}

/* Graphs: a node without options for one player, written as tokens [from, to). */
static int side_missing(reading *g, uint32_t from, uint32_t to, const char *which)
{
    char what[80], msg[200];
    sg_notation_describe(g->n, from, to, what, sizeof what);
    snprintf(msg, sizeof msg, "node %s has no %s option (every node needs options for both "
                              "players)", what, which);
    return sg_notation_fail(g->n, g->n->toks[from].col, msg, g->err, g->errlen);
}

/* The game in tokens [b, e), or its negative when neg: braced is the inside of {...},
 * which must split. */
static int game(reading *g, uint32_t b, uint32_t e, bool braced, uint32_t depth, bool neg,
                uint32_t *id)
{
    sg_notation *n = g->n;
    if (depth > n->syntax.max_depth)
        return too_deep(g, b);
    uint32_t longest = 0, at = 0, ties = 0, tie_at = 0;
    for (uint32_t i = b; i < e; i = sg_notation_skip(n, i)) {
        const sg_token *k = &n->toks[i];
        if (k->kind != SG_TOKEN_BARS)
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
        uint32_t next = b == e ? e : atom_end(n, b);
        if (braced && b == e && graphs(n))
            return expected(g, e, "'|' inside braces ({|} has no options: every node needs "
                                  "options for both players)");
        if (braced)
            return expected(g, next < e ? next : e, "'|' inside braces");
        if (b == e)
            return expected(g, b, "a game");
        int rc = atom(g, b, depth, neg, id);
        if (rc == SG_OK && next != e)
            return expected(g, next, "'|' between games");
        return rc;
    }
    if (ties > 0) {
        if (g->errlen)
            snprintf(g->err, g->errlen,
                     "ambiguous bars: runs of %lu bar%s at columns %lu and %lu of '%.60s%s' "
                     "split at the same level (use braces)",
                     (unsigned long)longest, longest == 1 ? "" : "s",
                     (unsigned long)n->toks[at].col + 1, (unsigned long)n->toks[tie_at].col + 1,
                     n->text, strlen(n->text) > 60 ? "..." : "");
        return SG_ERR_INVALID;
    }
    uint32_t from = braced ? b - 1 : b, to = braced ? e + 1 : e;
    if (graphs(n) && at == b)
        return side_missing(g, from, to, "Left");
    if (graphs(n) && at + 1 == e)
        return side_missing(g, from, to, "Right");
    size_t base = n->sp;
    uint64_t size = 3;
    uint32_t height = 0;
    int rc = side(g, b, at, braced, depth, neg, &size, &height);
    if (rc != SG_OK)
        return rc;
    size_t nleft = n->sp - base;
    rc = side(g, at + 1, e, braced, depth, neg, &size, &height);
    if (rc != SG_OK)
        return rc;
    size_t nright = n->sp - base - nleft;
    /* the negative of {L | R} is {-R | -L}: the sides were read negated, now swapped */
    const uint32_t *first = n->stack + base, *second = n->stack + base + nleft;
    rc = neg ? g->build->node(g->build->ctx, n, second, (uint32_t)nright, first,
                              (uint32_t)nleft, from, to, at, id, g->err, g->errlen)
             : g->build->node(g->build->ctx, n, first, (uint32_t)nleft, second,
                              (uint32_t)nright, from, to, at, id, g->err, g->errlen);
    n->sp = base;
    g->last_height = height + 1;
    g->last = sat_add(size, g->last_height);
    return rc;
}

int sg_notation_game(sg_notation *n, uint32_t b, uint32_t e, const sg_notation_builder *build,
                     uint32_t *id, char *err, size_t errlen)
{
    reading g = { n, build, err, errlen, 0, 0 };
    /* ids are the builder's, so '±' nodes are remembered within one call only */
    if (n->pm_memo)
        for (uint32_t i = b; i < e; i++)
            n->pm_memo[i] = SG_NOTATION_NONE;
    int rc = game(&g, b, e, false, 0, false, id);
    if (rc != SG_OK || !n->unfolds || n->syntax.max_written == 0)
        return rc;
    n->written = sat_add(n->written, g.last);
    if (n->written <= n->syntax.max_written)
        return SG_OK;
    char msg[200];
    snprintf(msg, sizeof msg, "short forms and '±' unfold into more than %lu bytes written out "
                              "in braces, as the game prints the position",
             (unsigned long)n->syntax.max_written);
    return sg_notation_fail(n, n->toks[b].col, msg, err, errlen);
}

/* ---- move codes -------------------------------------------------------------------- */

#define MOVE_PLAYER_SHIFT 32
#define MOVE_INDEX_MASK UINT64_C(0xffffffff)

static char player_letter(sg_player who) { return who == SG_LEFT ? 'L' : 'R'; }
static const char *player_name(sg_player who) { return who == SG_LEFT ? "Left" : "Right"; }

int sg_notation_move_index(sg_move move, sg_player who, uint32_t noptions, uint32_t *index,
                           char *err, size_t errlen)
{
    uint64_t player = move >> MOVE_PLAYER_SHIFT, i = move & MOVE_INDEX_MASK;
    if (player != (uint64_t)who) {
        if (errlen)
            snprintf(err, errlen, "illegal move code 0x%" PRIx64 ": not a move of %s", move,
                     player_name(who));
        return SG_ERR_INVALID;
    }
    if (i >= noptions) {
        if (errlen)
            snprintf(err, errlen, "illegal move %c%" PRIu64 ": %s has %" PRIu32 " option%s here",
                     player_letter(who), i + 1, player_name(who), noptions,
                     noptions == 1 ? "" : "s");
        return SG_ERR_INVALID;
    }
    *index = (uint32_t)i;
    return SG_OK;
}

int sg_notation_parse_move(const char *text, sg_player who, uint32_t *index, char *err,
                           size_t errlen)
{
    char c = text[0];
    uint64_t number = 0;
    const char *p = text + 1;
    bool ok = (c == 'L' || c == 'l' || c == 'R' || c == 'r') && *p >= '1' && *p <= '9';
    for (; ok && *p >= '0' && *p <= '9'; p++) {
        number = number * 10 + (uint64_t)(*p - '0');
        if (number > MOVE_INDEX_MASK)
            ok = false;
    }
    if (!ok || *p != '\0')
        return SG_ERR_UNSUPPORTED;
    sg_player says = c == 'L' || c == 'l' ? SG_LEFT : SG_RIGHT;
    if (says != who) {
        if (errlen)
            snprintf(err, errlen, "move '%.40s' is %s's, but %s is to play", text,
                     player_name(says), player_name(who));
        return SG_ERR_INVALID;
    }
    *index = (uint32_t)(number - 1);
    return SG_OK;
}

int sg_notation_format_move(sg_move move, char *buf, size_t cap)
{
    uint64_t player = move >> MOVE_PLAYER_SHIFT, index = move & MOVE_INDEX_MASK;
    int n = player <= 1
                ? snprintf(buf, cap, "%c%" PRIu64, player_letter((sg_player)player), index + 1)
                : snprintf(buf, cap, "invalid-0x%" PRIx64, move);
    return n >= 0 && (size_t)n < cap ? SG_OK : SG_ERR_RANGE;
}
