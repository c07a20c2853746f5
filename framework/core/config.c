/* INI files through inih's ini_parse_stream with a reader of our own. Debian's inih is
 * built without INI_HANDLER_LINENO and with a fixed 200-byte line buffer, so the reader
 * does what the library cannot: it counts lines (every key learns its line), refuses
 * lines that do not fit instead of letting inih split them silently, records section
 * headers itself (inih reports only keys, so an empty [section] would be invisible), and
 * drops indentation so that inih never treats an indented line as a continuation. */
#include "sumgame/config.h"

#include <errno.h>
#include <stdarg.h>
#include <ini.h>
#include <stdbool.h>
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

struct sg_config {
    char *file;
    struct section *sections;
    size_t count, cap;
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
    free(cfg->file);
    free(cfg);
}

/* Reads one physical line into p->buf without its line break; false at the end. */
static bool next_line(struct parse *p, size_t *len)
{
    if (p->stream) {
        ssize_t n = getline(&p->buf, &p->buf_cap, p->stream);
        if (n < 0)
            return false;
        *len = (size_t)n;
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

static struct section *find_section(sg_config *cfg, const char *name)
{
    for (size_t i = 0; i < cfg->count; i++)
        if (strcmp(cfg->sections[i].name, name) == 0)
            return &cfg->sections[i];
    return NULL;
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
    if (p->nomem || num < 2 || !next_line(p, &len))
        return NULL;
    p->line++;
    str[0] = '\0';
    if (len > (size_t)num - 1) {
        fail_at(p, p->line, "line longer than %d characters", num - 1);
        return str;
    }
    char *start = p->buf;
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
    for (size_t i = 0; i < s->count; i++)
        if (strcmp(s->items[i].key, key) == 0) {
            fail_at(p, p->line, "%s: duplicate key '%s' (first at line %d)", s->name, key,
                    s->items[i].line);
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
    return 1;
}

static int parse(struct parse *p, sg_config **out, char *err, size_t errlen)
{
    int rc = ini_parse_stream(reader, p, handler, p);
    free(p->buf);
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
    FILE *f = fopen(path, "r");
    if (!f) {
        snprintf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
        return SG_ERR_INVALID;
    }
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
    const struct section *s = find_section((sg_config *)cfg, name);
    return s ? &s->params : NULL;
}

int sg_config_find_line(const sg_config *cfg, const char *name)
{
    const struct section *s = find_section((sg_config *)cfg, name);
    return s ? s->line : 0;
}
