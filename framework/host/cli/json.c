#include "host/cli/json.h"

#include <assert.h>
#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The length of the valid UTF-8 sequence at s (at most n bytes), 0 when invalid. */
static size_t utf8_length(const unsigned char *s, size_t n)
{
    unsigned char c = s[0];
    size_t len;
    uint32_t cp;
    if (c < 0x80)
        return 1;
    if (c >= 0xc2 && c <= 0xdf) {
        len = 2;
        cp = c & 0x1f;
    } else if (c >= 0xe0 && c <= 0xef) {
        len = 3;
        cp = c & 0x0f;
    } else if (c >= 0xf0 && c <= 0xf4) {
        len = 4;
        cp = c & 0x07;
    } else {
        return 0;
    }
    if (len > n)
        return 0;
    for (size_t i = 1; i < len; i++) {
        if ((s[i] & 0xc0) != 0x80)
            return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    if ((len == 3 && cp < 0x800) || (len == 4 && (cp < 0x10000 || cp > 0x10ffff)) ||
        (cp >= 0xd800 && cp <= 0xdfff))
        return 0; /* overlong, beyond Unicode, or a surrogate */
    return len;
}

/* s with every invalid byte replaced by U+FFFD (malloc'd), or NULL when s is valid. */
static char *valid_utf8(const char *s)
{
    const unsigned char *u = (const unsigned char *)s;
    size_t n = strlen(s), i = 0;
    while (i < n && utf8_length(u + i, n - i) > 0)
        i += utf8_length(u + i, n - i);
    if (i == n)
        return NULL;
    char *out = malloc(3 * n + 1), *o = out;
    if (!out)
        return NULL;
    for (i = 0; i < n;) {
        size_t len = utf8_length(u + i, n - i);
        if (len == 0) {
            memcpy(o, "\xef\xbf\xbd", 3);
            o += 3;
            i++;
        } else {
            memcpy(o, s + i, len);
            o += len;
            i += len;
        }
    }
    *o = '\0';
    return out;
}

char *json_string_text(const char *s)
{
    char *fixed = valid_utf8(s);
    const char *text = fixed ? fixed : s;
    json_t *j = json_stringn_nocheck(text, strlen(text));
    char *out = j ? json_dumps(j, JSON_ENCODE_ANY) : NULL;
    json_decref(j);
    free(fixed);
    return out;
}

void json_put_string(FILE *f, const char *s)
{
    char *text = json_string_text(s);
    fputs(text ? text : "\"\"", f); /* out of memory: an empty string keeps the line JSON */
    free(text);
}

json_t *json_read_object(const char *line)
{
    json_error_t error;
    json_t *obj = json_loads(line, JSON_REJECT_DUPLICATES, &error);
    if (obj && !json_is_object(obj)) {
        json_decref(obj);
        return NULL;
    }
    return obj;
}

bool json_text(const json_t *obj, const char *key, char *buf, size_t cap)
{
    const json_t *v = obj ? json_object_get(obj, key) : NULL;
    if (!v || cap == 0)
        return false;
    int n;
    switch (json_typeof(v)) {
    case JSON_STRING:
        if (json_string_length(v) >= cap || memchr(json_string_value(v), '\0',
                                                   json_string_length(v)))
            return false;
        memcpy(buf, json_string_value(v), json_string_length(v) + 1);
        return true;
    case JSON_INTEGER: n = snprintf(buf, cap, "%lld", (long long)json_integer_value(v)); break;
    case JSON_REAL: n = snprintf(buf, cap, "%.17g", json_real_value(v)); break;
    case JSON_TRUE: n = snprintf(buf, cap, "true"); break;
    case JSON_FALSE: n = snprintf(buf, cap, "false"); break;
    case JSON_NULL: n = snprintf(buf, cap, "null"); break;
    default: return false;
    }
    return n >= 0 && (size_t)n < cap;
}

void json_out_init(json_out *o, FILE *f)
{
    memset(o, 0, sizeof *o);
    o->f = f;
}

/* The comma and the key before a value at the current depth. */
static void prefix(json_out *o, const char *key)
{
    if (o->later[o->depth])
        fputc(',', o->f);
    o->later[o->depth] = true;
    if (key) {
        json_put_string(o->f, key);
        fputc(':', o->f);
    }
}

static void open_nested(json_out *o, const char *key, char open, char close)
{
    prefix(o, key);
    fputc(open, o->f);
    assert(o->depth < JSON_OUT_DEPTH);
    o->depth++;
    o->later[o->depth] = false;
    o->closer[o->depth] = close;
}

void json_out_object(json_out *o, const char *key) { open_nested(o, key, '{', '}'); }

void json_out_array(json_out *o, const char *key) { open_nested(o, key, '[', ']'); }

void json_out_end(json_out *o)
{
    assert(o->depth > 0);
    fputc(o->closer[o->depth], o->f);
    o->depth--;
}

void json_out_raw(json_out *o, const char *key, const char *text)
{
    json_out_number(o, key, text);
}

void json_out_newline(json_out *o)
{
    fputs(o->later[o->depth] ? ",\n" : "\n", o->f);
    o->later[o->depth] = false;
}

void json_out_string(json_out *o, const char *key, const char *s)
{
    prefix(o, key);
    if (s)
        json_put_string(o->f, s);
    else
        fputs("null", o->f);
}

void json_out_null(json_out *o, const char *key)
{
    prefix(o, key);
    fputs("null", o->f);
}

void json_out_bool(json_out *o, const char *key, bool v)
{
    prefix(o, key);
    fputs(v ? "true" : "false", o->f);
}

void json_out_int(json_out *o, const char *key, long long v)
{
    prefix(o, key);
    fprintf(o->f, "%lld", v);
}

void json_out_uint(json_out *o, const char *key, unsigned long long v)
{
    prefix(o, key);
    fprintf(o->f, "%llu", v);
}

void json_out_fixed(json_out *o, const char *key, double v, int decimals)
{
    prefix(o, key);
    if (isfinite(v))
        fprintf(o->f, "%.*f", decimals, v);
    else
        fputs("null", o->f);
}

void json_out_number(json_out *o, const char *key, const char *text)
{
    prefix(o, key);
    fputs(text, o->f);
}

void json_out_stringf(json_out *o, const char *key, const char *fmt, ...)
{
    char buf[1024];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    json_out_string(o, key, buf);
}
