#include "core/escape.h"

#include <string.h>

static size_t width(unsigned char c)
{
    if (c == '\n' || c == '\r' || c == '\t')
        return 2;
    return c < 0x20 || c == 0x7f ? 4 : 1;
}

void sg_escape_controls(char *buf, size_t cap)
{
    if (!cap)
        return;
    /* The input characters whose escapes fit, then those written back to front, so the
     * rewrite needs no second buffer. */
    size_t in = 0, out = 0;
    for (; buf[in]; in++) {
        size_t w = width((unsigned char)buf[in]);
        if (out + w > cap - 1)
            break;
        out += w;
    }
    if (out == in && !buf[in])
        return; /* nothing to escape */
    buf[out] = '\0';
    static const char hex[] = "0123456789abcdef";
    while (in-- > 0) {
        unsigned char c = (unsigned char)buf[in];
        size_t w = width(c);
        out -= w;
        if (w == 1) {
            buf[out] = (char)c;
        } else if (w == 2) {
            buf[out] = '\\';
            buf[out + 1] = c == '\n' ? 'n' : c == '\r' ? 'r' : 't';
        } else {
            memcpy(buf + out, "\\x", 2);
            buf[out + 2] = hex[c >> 4];
            buf[out + 3] = hex[c & 15];
        }
    }
}
