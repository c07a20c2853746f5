/* A growing text buffer for the SVG writers (thermographs, the experiments' plots):
 * formatted appends that remember a failed allocation instead of reporting each one. */
#ifndef SUMGAME_CORE_SVG_TEXT_H
#define SUMGAME_CORE_SVG_TEXT_H

#include <stdbool.h>
#include <stddef.h>

typedef struct sg_svg_text {
    char *buf;   /* NUL-terminated once anything is written; the caller frees it */
    size_t len, cap;
    bool failed; /* out of memory: later appends do nothing */
} sg_svg_text;

__attribute__((format(printf, 2, 3))) void sg_svg_put(sg_svg_text *s, const char *fmt, ...);

/* Text as XML character data or an attribute value: & < > and quotes escaped, control
 * bytes as '?', and bytes from 0x80 as '?' too unless utf8 (labels such as "αβ"). At most
 * max_chars bytes, then "...". text may be NULL (nothing is written). */
void sg_svg_put_escaped(sg_svg_text *s, const char *text, size_t max_chars, bool utf8);

/* Writes text to path atomically (a fresh file beside it, then rename), so a reader never
 * sees half a picture and a failed write leaves the old file; a path that is not a regular
 * file (/dev/null, a FIFO) is written in place (out_file_in_place). SG_OK, or an error
 * with one line in err ("cannot write 'x.svg': Permission denied"). */
int sg_svg_save(const char *text, size_t len, const char *path, char *err, size_t errlen);

#endif
