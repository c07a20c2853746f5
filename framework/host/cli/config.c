/* INI files through inih's ini_parse_stream with a reader of our own. Debian's inih is
 * built without INI_HANDLER_LINENO and with a fixed 200-byte line buffer, so the reader
 * does what the library cannot: it counts lines (every key learns its line), refuses
 * lines that do not fit instead of letting inih split them silently, records section
 * headers itself (inih reports only keys, so an empty [section] would be invisible), and
 * drops indentation so that inih never treats an indented line as a continuation. It
 * never holds more than one line's worth of a file (a file of one endless line, such as
 * /dev/zero, ends at the first SG_CONFIG_MAX_LINE + 1 characters), refuses NUL bytes, and
 * finds duplicate sections and keys through hash indexes, so a file of n sections or
 * keys loads in O(n). */
#include "host/cli/config.h"
#include "host/cli/in_file.h"
#include "core/escape.h"

#include <errno.h>
#include <stdarg.h>
#include <ini.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct section {
    char *name;
    int line;
    sg_param *items;
    size_t count, cap;
    sg_params params;
};

/* An open-addressing hash index of entries that live elsewhere: slot i holds 0 (empty)
 * or 1 + an entry id, and the caller's equality test compares the entry with a key. */
struct index {
    uint64_t *slot;
    size_t cap, used; /* cap is a power of two, at least twice used */
};

struct sg_config {
    char *file;
    struct section *sections;
    size_t count, cap;
    struct index by_name; /* section ids by name */
};

/* What the reader and the handler share while one file is parsed. */
struct parse {
    sg_config *cfg;
    const char *file;
    /* input: exactly one of stream and text */
    FILE *stream;
    const char *text;
    char *buf;
    size_t buf_cap;
    int line;
    struct section *current; /* NULL before the first header or after a bad one */
    struct index keys; /* ids (section << 32 | item) by section and key */
    bool stop; /* a line ended the file for the reader (it was too long) */
    bool nomem;
    int error_line; /* first error of ours, 0 when none */
    char error[512];
};

static void fail_at(struct parse *p, int line, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

static void fail_at(struct parse *p, int line, const char *fmt, ...)
{
    if (p->error_line)
        return; /* the first error is the one worth reading */
    p->error_line = line;
    int n = snprintf(p->error, sizeof p->error, "%s:%d: ", p->file, line);
    if (n < 0 || (size_t)n >= sizeof p->error)
        return;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(p->error + n, sizeof p->error - (size_t)n, fmt, ap);
    va_end(ap);
    sg_escape_controls(p->error, sizeof p->error); /* names and keys are the file's text */
}

void sg_config_free(sg_config *cfg)
{
    if (!cfg)
        return;
    for (size_t i = 0; i < cfg->count; i++) {
        struct section *s = &cfg->sections[i];
        for (size_t k = 0; k < s->count; k++) {
            free((char *)s->items[k].key);
            free((char *)s->items[k].value);
        }
        free(s->items);
        free(s->name);
    }
    free(cfg->sections);
    free(cfg->by_name.slot);
    free(cfg->file);
    free(cfg);
}

static uint64_t hash_text(const char *s, uint64_t seed)
{
    uint64_t h = 14695981039346656037ull ^ seed;
    for (; *s; s++)
        h = (h ^ (unsigned char)*s) * 1099511628211ull;
    return h ^ (h >> 29);
}

typedef bool (*index_eq)(const void *ctx, uint64_t id, const void *key);

/* The id of the entry equal to key, or UINT64_MAX. */
static uint64_t index_find(const struct index *ix, uint64_t hash, index_eq eq, const void *ctx,
                           const void *key)
{
    if (!ix->cap)
        return UINT64_MAX;
    size_t mask = ix->cap - 1;
    for (size_t i = (size_t)hash & mask;; i = (i + 1) & mask) {
        if (!ix->slot[i])
            return UINT64_MAX;
        if (eq(ctx, ix->slot[i] - 1, key))
            return ix->slot[i] - 1;
    }
}

/* Adds id (not present) under hash; hash_of gives the hash of a stored id on growth. */
static bool index_add(struct index *ix, uint64_t id, uint64_t hash,
                      uint64_t (*hash_of)(const void *ctx, uint64_t id), const void *ctx)
{
    if (2 * (ix->used + 1) > ix->cap) {
        size_t cap = ix->cap ? ix->cap * 2 : 64;
        uint64_t *slot = calloc(cap, sizeof *slot);
        if (!slot)
            return false;
        for (size_t i = 0; i < ix->cap; i++) {
            if (!ix->slot[i])
                continue;
            size_t j = (size_t)hash_of(ctx, ix->slot[i] - 1) & (cap - 1);
            while (slot[j])
                j = (j + 1) & (cap - 1);
            slot[j] = ix->slot[i];
        }
        free(ix->slot);
        ix->slot = slot;
        ix->cap = cap;
    }
    size_t j = (size_t)hash & (ix->cap - 1);
    while (ix->slot[j])
        j = (j + 1) & (ix->cap - 1);
    ix->slot[j] = id + 1;
    ix->used++;
    return true;
}

/* Reads one physical line into p->buf without its line break; false at the end. */
static bool next_line(struct parse *p, size_t *len)
{
    if (p->stream) {
        /* Room for a line one character too long (which the reader refuses) and its
         * line break; what is longer is not read at all. */
        enum { CAP = SG_CONFIG_MAX_LINE + 4 };
        if (!p->buf) {
            if (!(p->buf = malloc(CAP))) {
                p->nomem = true;
                return false;
            }
            p->buf_cap = CAP;
        }
        size_t n = 0;
        int c = EOF;
        while (n < CAP - 1 && (c = getc(p->stream)) != EOF) {
            p->buf[n++] = (char)c;
            if (c == '\n')
                break;
        }
        if (n == 0)
            return false;
        p->buf[n] = '\0';
        *len = n;
        if (c != '\n' && n == CAP - 1)
            p->stop = true; /* too long: the reader reports it and reads no further */
    } else {
        if (!*p->text)
            return false;
        const char *nl = strchr(p->text, '\n');
        size_t n = nl ? (size_t)(nl - p->text) + 1 : strlen(p->text);
        if (n + 1 > p->buf_cap) {
            char *grown = realloc(p->buf, n + 1);
            if (!grown) {
                p->nomem = true;
                return false;
            }
            p->buf = grown;
            p->buf_cap = n + 1;
        }
        memcpy(p->buf, p->text, n);
        p->buf[n] = '\0';
        p->text += n;
        *len = n;
    }
    while (*len && (p->buf[*len - 1] == '\n' || p->buf[*len - 1] == '\r'))
        p->buf[--*len] = '\0';
    return true;
}

static bool is_blank(char c) { return c == ' ' || c == '\t' || c == '\r' || c == '\v' || c == '\f'; }

static bool section_eq(const void *ctx, uint64_t id, const void *key)
{
    return strcmp(((const sg_config *)ctx)->sections[id].name, key) == 0;
}

static uint64_t section_hash(const void *ctx, uint64_t id)
{
    return hash_text(((const sg_config *)ctx)->sections[id].name, 0);
}

static struct section *find_section(const sg_config *cfg, const char *name)
{
    uint64_t id = index_find(&cfg->by_name, hash_text(name, 0), section_eq, cfg, name);
    return id == UINT64_MAX ? NULL : &cfg->sections[id];
}

/* Keys are indexed by section and key: id = section << 32 | item. */
struct key_ref {
    size_t section;
    const char *key;
};

static bool key_eq(const void *ctx, uint64_t id, const void *key)
{
    const sg_config *cfg = ctx;
    const struct key_ref *k = key;
    return (id >> 32) == k->section &&
           strcmp(cfg->sections[id >> 32].items[id & 0xffffffffu].key, k->key) == 0;
}

static uint64_t key_hash(const void *ctx, uint64_t id)
{
    const sg_config *cfg = ctx;
    return hash_text(cfg->sections[id >> 32].items[id & 0xffffffffu].key, id >> 32);
}

/* A "[name]" line: records the section (or the error) and rewrites the line as "[name]"
 * for inih. A line without ']' is left to inih, which reports it. */
static void header(struct parse *p, char *start, size_t len)
{
    char *close = memchr(start, ']', len);
    if (!close)
        return;
    p->current = NULL;
    const char *after = close + 1;
    while (is_blank(*after))
        after++;
    const char *name = start + 1;
    while (name < close && is_blank(*name))
        name++;
    const char *end = close;
    while (end > name && is_blank(end[-1]))
        end--;
    size_t name_len = (size_t)(end - name);
    if (*after && *after != ';' && *after != '#') {
        fail_at(p, p->line, "unexpected text after [%.*s]", (int)name_len, name);
        return;
    }
    if (!name_len) {
        fail_at(p, p->line, "empty section name");
        return;
    }
    char *copy = strndup(name, name_len);
    if (!copy) {
        p->nomem = true;
        return;
    }
    const struct section *dup = find_section(p->cfg, copy);
    if (dup) {
        fail_at(p, p->line, "duplicate section [%s] (first at line %d)", copy, dup->line);
        free(copy);
        return;
    }
    sg_config *cfg = p->cfg;
    if (cfg->count >= UINT32_MAX) {
        free(copy);
        fail_at(p, p->line, "more than %u sections", (unsigned)UINT32_MAX);
        return;
    }
    if (!index_add(&cfg->by_name, cfg->count, hash_text(copy, 0), section_hash, cfg)) {
        free(copy);
        p->nomem = true;
        return;
    }
    if (cfg->count == cfg->cap) {
        size_t cap = cfg->cap ? cfg->cap * 2 : 8;
        struct section *grown = realloc(cfg->sections, cap * sizeof *grown);
        if (!grown) {
            free(copy);
            p->nomem = true;
            return;
        }
        cfg->sections = grown;
        cfg->cap = cap;
    }
    struct section *s = &cfg->sections[cfg->count++];
    memset(s, 0, sizeof *s);
    s->name = copy;
    s->line = p->line;
    p->current = s;
    /* name_len + 2 <= len: the rewritten header fits where the old one was. */
    memmove(start + 1, copy, name_len);
    start[name_len + 1] = ']';
    start[name_len + 2] = '\0';
}

/* inih's fgets-like reader: hands over one whole line at a time, or "" in place of a line
 * that is too long (after recording the error), so inih's line count stays ours. */
static char *reader(char *str, int num, void *stream)
{
    struct parse *p = stream;
    size_t len;
    if (p->nomem || p->stop || num < 2 || !next_line(p, &len))
        return NULL;
    p->line++;
    str[0] = '\0';
    if (len > (size_t)num - 1) {
        fail_at(p, p->line, "line longer than %d characters", num - 1);
        return str;
    }
    if (memchr(p->buf, '\0', len)) {
        /* Everything below reads the line as a C string, so a NUL would hide the rest
         * of it (and once let the header code read past its copy of the name). */
        fail_at(p, p->line, "NUL byte in line");
        return str;
    }
    char *start = p->buf;
    /* A UTF-8 byte order mark (Windows editors write one) is no part of line 1. */
    if (p->line == 1 && strncmp(start, "\xEF\xBB\xBF", 3) == 0)
        start += 3;
    while (is_blank(*start))
        start++;
    len -= (size_t)(start - p->buf);
    if (*start == '[')
        header(p, start, len);
    memcpy(str, start, strlen(start) + 1);
    return str;
}

static int handler(void *user, const char *section, const char *key, const char *value)
{
    (void)section; /* inih truncates long names; the reader's record is exact */
    struct parse *p = user;
    if (p->nomem)
        return 0;
    if (!p->current) {
        if (!p->error_line)
            fail_at(p, p->line, "key '%s' outside any [section]", key);
        return 0;
    }
    struct section *s = p->current;
    struct key_ref ref = { (size_t)(s - p->cfg->sections), key };
    uint64_t hash = hash_text(key, ref.section);
    uint64_t dup = index_find(&p->keys, hash, key_eq, p->cfg, &ref);
    if (dup != UINT64_MAX) {
        fail_at(p, p->line, "%s: duplicate key '%s' (first at line %d)", s->name, key,
                s->items[dup & 0xffffffffu].line);
        return 0;
    }
    if (s->count >= UINT32_MAX) {
        fail_at(p, p->line, "%s: more than %u keys", s->name, (unsigned)UINT32_MAX);
        return 0;
    }
    if (s->count == s->cap) {
        size_t cap = s->cap ? s->cap * 2 : 8;
        sg_param *grown = realloc(s->items, cap * sizeof *grown);
        if (!grown) {
            p->nomem = true;
            return 0;
        }
        s->items = grown;
        s->cap = cap;
    }
    sg_param *it = &s->items[s->count];
    it->key = strdup(key);
    it->value = strdup(value ? value : "");
    it->line = p->line;
    if (!it->key || !it->value) {
        free((char *)it->key);
        free((char *)it->value);
        p->nomem = true;
        return 0;
    }
    s->count++;
    if (!index_add(&p->keys, (uint64_t)ref.section << 32 | (s->count - 1), hash, key_hash,
                   p->cfg)) {
        p->nomem = true;
        return 0;
    }
    return 1;
}

static int parse(struct parse *p, sg_config **out, char *err, size_t errlen)
{
    int rc = ini_parse_stream(reader, p, handler, p);
    free(p->buf);
    free(p->keys.slot);
    int status = SG_OK;
    if (p->nomem || rc == -2) {
        snprintf(err, errlen, "%s: out of memory", p->file);
        status = SG_ERR_NOMEM;
    } else if (p->stream && ferror(p->stream)) {
        snprintf(err, errlen, "%s: cannot read: %s", p->file, strerror(errno));
        status = SG_ERR_INVALID;
    } else if (rc > 0 && (!p->error_line || rc < p->error_line)) {
        snprintf(err, errlen, "%s:%d: syntax error (expected [section] or key = value)",
                 p->file, rc);
        status = SG_ERR_INVALID;
    } else if (p->error_line) {
        snprintf(err, errlen, "%s", p->error);
        status = SG_ERR_INVALID;
    } else if (rc != 0) {
        snprintf(err, errlen, "%s: cannot parse (inih error %d)", p->file, rc);
        status = SG_ERR_INVALID;
    }
    if (status != SG_OK) {
        sg_config_free(p->cfg);
        return status;
    }
    sg_config *cfg = p->cfg;
    for (size_t i = 0; i < cfg->count; i++) {
        struct section *s = &cfg->sections[i];
        s->params.file = cfg->file;
        s->params.section = s->name;
        s->params.items = s->items;
        s->params.count = s->count;
    }
    *out = cfg;
    return SG_OK;
}

static int start(struct parse *p, const char *name, char *err, size_t errlen)
{
    memset(p, 0, sizeof *p);
    p->cfg = calloc(1, sizeof *p->cfg);
    if (!p->cfg || !(p->cfg->file = strdup(name))) {
        free(p->cfg);
        snprintf(err, errlen, "%s: out of memory", name);
        return SG_ERR_NOMEM;
    }
    p->file = p->cfg->file;
    return SG_OK;
}

int sg_config_load(const char *path, sg_config **out, char *err, size_t errlen)
{
    *out = NULL;
    /* A FIFO would block the open and a device could be read for ever (the reader stops
     * at the first overlong line, but /dev/zero's NUL bytes make no lines at all). */
    FILE *f = in_file_open(path, err, errlen);
    if (!f)
        return SG_ERR_INVALID;
    struct parse p;
    int rc = start(&p, path, err, errlen);
    if (rc == SG_OK) {
        p.stream = f;
        rc = parse(&p, out, err, errlen);
    }
    fclose(f);
    return rc;
}

int sg_config_parse_string(const char *name, const char *text, sg_config **out, char *err,
                           size_t errlen)
{
    *out = NULL;
    struct parse p;
    int rc = start(&p, name, err, errlen);
    if (rc != SG_OK)
        return rc;
    p.text = text;
    return parse(&p, out, err, errlen);
}

const char *sg_config_file(const sg_config *cfg) { return cfg->file; }
size_t sg_config_count(const sg_config *cfg) { return cfg->count; }
const sg_params *sg_config_section(const sg_config *cfg, size_t i)
{
    return i < cfg->count ? &cfg->sections[i].params : NULL;
}
int sg_config_section_line(const sg_config *cfg, size_t i)
{
    return i < cfg->count ? cfg->sections[i].line : 0;
}

const sg_params *sg_config_find(const sg_config *cfg, const char *name)
{
    const struct section *s = find_section(cfg, name);
    return s ? &s->params : NULL;
}

int sg_config_find_line(const sg_config *cfg, const char *name)
{
    const struct section *s = find_section(cfg, name);
    return s ? s->line : 0;
}
