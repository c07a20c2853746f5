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

/* One line of a record file parsed as a JSON object; NULL when it is not one. Free with
 * json_decref. */
json_t *json_read_object(const char *line);

/* The value of obj's top-level key as text in buf (cap bytes): a string's contents,
 * unescaped; a number as written by "%lld" or "%.17g"; true, false or null as such.
 * False when obj is NULL, the key is absent or holds an array or object, or the text does
 * not fit. */
bool json_text(const json_t *obj, const char *key, char *buf, size_t cap);

#endif
