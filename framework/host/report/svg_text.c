#include "host/report/svg_text.h"

#include <errno.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/cli/out_file.h"
#include "sumgame/host.h"

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

static bool write_all(int fd, const char *buf, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, buf, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return false;
        buf += n;
        len -= (size_t)n;
    }
    return true;
}

int sg_svg_save(const char *text, size_t len, const char *path, char *err, size_t errlen)
{
    /* A device, a FIFO or a link is written in place: a rename would replace it. */
    bool in_place = out_file_in_place(path);
    size_t cap = strlen(path) + 32;
    char *tmp = malloc(cap);
    if (!tmp) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    /* Else a fresh name beside the target (same file system, so rename is atomic);
     * O_EXCL never reuses someone else's file, and mode 0666 lets the umask decide as
     * for any file the user creates. */
    int fd = in_place ? open(path, O_WRONLY | O_TRUNC | O_CLOEXEC) : -1;
    for (int attempt = 0; !in_place && attempt < 100 && fd < 0; attempt++) {
        snprintf(tmp, cap, "%s.tmp%ld.%d", path, (long)getpid(), attempt);
        fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
        if (fd < 0 && errno != EEXIST)
            break;
    }
    int saved = 0;
    bool ok = fd >= 0;
    if (!ok)
        saved = errno;
    errno = 0;
    if (ok && !write_all(fd, text, len)) {
        saved = errno ? errno : EIO;
        ok = false;
    }
    if (fd >= 0 && close(fd) != 0 && ok) {
        saved = errno;
        ok = false;
    }
    if (ok && !in_place && rename(tmp, path) != 0) {
        saved = errno;
        ok = false;
    }
    if (!ok) {
        if (fd >= 0 && !in_place)
            unlink(tmp);
        snprintf(err, errlen, "cannot write '%s': %s", path, strerror(saved));
    }
    free(tmp);
    return ok ? SG_OK : SG_ERR_INVALID;
}
