/* JSON in the host: every string a command, a record or an experiment writes, and every
 * record line read back (--resume, merge, report), goes through jansson here, so that
 * what we write is what we read. */
#ifndef SUMGAME_HOST_JSON_H
#define SUMGAME_HOST_JSON_H

#include <jansson.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* Writes s as a JSON string literal, quotes included, as jansson encodes it ("\n" for a
 * newline, other control characters as \u00XX, UTF-8 as is); a byte that is not valid
 * UTF-8 is written as U+FFFD, since JSON cannot carry it. */
void json_put_string(FILE *f, const char *s);
/* The same literal, malloc'd; NULL when out of memory. */
char *json_string_text(const char *s);

/* A JSON writer that streams to a FILE: every command's --json, the match and experiment
 * records write through it, so that keys, commas and nesting are always well formed and
 * every string is encoded by json_put_string. It writes the bytes as the host always
 * wrote them: no spaces, keys in call order, numbers as the caller formats them (a
 * fixed number of decimals where a figure is measured, exact values as strings).
 *
 *     json_out o;
 *     json_out_init(&o, stdout);
 *     json_out_object(&o, NULL);
 *     json_out_string(&o, "game", "rcg");
 *     json_out_uint(&o, "nodes", 392);
 *     json_out_fixed(&o, "seconds", 0.0203, 6);
 *     json_out_end(&o);                    -> {"game":"rcg","nodes":392,"seconds":0.020300}
 *
 * key is NULL for a value inside an array or at the top. Nesting deeper than
 * JSON_OUT_DEPTH is a programming error (asserted). */
#define JSON_OUT_DEPTH 16

typedef struct json_out {
    FILE *f;
    unsigned depth;
    bool later[JSON_OUT_DEPTH + 1]; /* a value was written at this depth: comma first */
    char closer[JSON_OUT_DEPTH + 1]; /* '}' or ']' for each open level */
} json_out;

void json_out_init(json_out *o, FILE *f);
void json_out_object(json_out *o, const char *key);
void json_out_array(json_out *o, const char *key);
/* Closes the innermost object or array. */
void json_out_end(json_out *o);
/* s NULL writes null. */
void json_out_string(json_out *o, const char *key, const char *s);
void json_out_null(json_out *o, const char *key);
void json_out_bool(json_out *o, const char *key, bool v);
void json_out_int(json_out *o, const char *key, long long v);
void json_out_uint(json_out *o, const char *key, unsigned long long v);
/* "%.*f"; a value that is not finite is written as null (JSON has no NaN). */
void json_out_fixed(json_out *o, const char *key, double v, int decimals);
/* A number the caller formatted ("%g", a decimal of its own), written as it is. */
void json_out_number(json_out *o, const char *key, const char *text);
/* JSON text encoded elsewhere (the moves a worker sends, already string literals joined
 * by commas), written as it is. */
void json_out_raw(json_out *o, const char *key, const char *text);
/* Starts the next value on a line of its own ("[\n{...},\n{...}" as the experiments'
 * summaries write their cells): the pending comma, then a newline. */
void json_out_newline(json_out *o);
/* printf into a string value (encoded like any string), cut at 1,023 bytes. */
void json_out_stringf(json_out *o, const char *key, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));

/* One line of a record file parsed as a JSON object; NULL when it is not one. Free with
 * json_decref. */
json_t *json_read_object(const char *line);

/* The value of obj's top-level key as text in buf (cap bytes): a string's contents,
 * unescaped; a number as written by "%lld" or "%.17g"; true, false or null as such.
 * False when obj is NULL, the key is absent or holds an array or object, or the text does
 * not fit. */
bool json_text(const json_t *obj, const char *key, char *buf, size_t cap);

#endif
