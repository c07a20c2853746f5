#include "core/svg_text.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>

void sg_svg_put(sg_svg_text *s, const char *fmt, ...)
{
    if (s->failed)
        return;
    for (;;) {
        va_list ap;
        va_start(ap, fmt);
        int n = vsnprintf(s->buf ? s->buf + s->len : NULL, s->buf ? s->cap - s->len : 0, fmt,
                          ap);
        va_end(ap);
        if (n < 0) {
            s->failed = true;
            return;
        }
        if (s->buf && (size_t)n < s->cap - s->len) {
            s->len += (size_t)n;
            return;
        }
        size_t cap = (s->cap + (size_t)n + 1) * 2;
        char *grown = realloc(s->buf, cap);
        if (!grown) {
            s->failed = true;
            return;
        }
        s->buf = grown;
        s->cap = cap;
    }
}

void sg_svg_put_escaped(sg_svg_text *s, const char *text, size_t max_chars, bool utf8)
{
    if (!text)
        return;
    size_t i = 0;
    for (; text[i] && i < max_chars; i++) {
        unsigned char ch = (unsigned char)text[i];
        switch (ch) {
        case '&': sg_svg_put(s, "&amp;"); break;
        case '<': sg_svg_put(s, "&lt;"); break;
        case '>': sg_svg_put(s, "&gt;"); break;
        case '"': sg_svg_put(s, "&quot;"); break;
        case '\'': sg_svg_put(s, "&apos;"); break;
        default:
            sg_svg_put(s, "%c", ch >= 0x20 && ch != 0x7f && (utf8 || ch < 0x80) ? (char)ch : '?');
            break;
        }
    }
    if (text[i])
        sg_svg_put(s, "...");
}
