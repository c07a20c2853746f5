#include "host/cli/in_file.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *in_file_open_max(const char *path, long long max, const char *max_text, char *err,
                       size_t errlen)
{
    int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
    if (fd < 0) {
        int e = errno;
        snprintf(err, errlen, "%.300s: cannot open: %s", path, strerror(e));
        errno = e;
        return NULL;
    }
    struct stat st;
    if (fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
        close(fd);
        snprintf(err, errlen, "%.300s: not a regular file", path);
        errno = EINVAL;
        return NULL;
    }
    if (max >= 0 && (long long)st.st_size > max) {
        close(fd);
        snprintf(err, errlen, "%.300s: %lld bytes, more than the %s a file read whole may "
                 "hold", path, (long long)st.st_size, max_text);
        errno = EFBIG;
        return NULL;
    }
    /* reads of a regular file never block; the flag only mattered for the open */
    fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) & ~O_NONBLOCK);
    FILE *f = fdopen(fd, "r");
    if (!f) {
        int e = errno;
        close(fd);
        snprintf(err, errlen, "%.300s: cannot open: %s", path, strerror(e));
        errno = e;
    }
    return f;
}

FILE *in_file_open(const char *path, char *err, size_t errlen)
{
    return in_file_open_max(path, -1, NULL, err, errlen);
}

ssize_t in_file_line(FILE *f, char **line, size_t *cap, const char *path, size_t lineno,
                     char *err, size_t errlen)
{
    size_t n = 0;
    ssize_t rc = 0;
    int c;
    flockfile(f);
    while ((c = getc_unlocked(f)) != EOF) {
        if (c != '\n' && n == IN_FILE_LINE_MAX) {
            snprintf(err, errlen, "%.300s:%zu: line longer than %s", path, lineno,
                     IN_FILE_LINE_MAX_TEXT);
            rc = -2;
            break;
        }
        if (n + 2 > *cap) {
            /* doubling, but never past the longest line and its '\n' and NUL */
            size_t grown = *cap < 128 ? 128 : *cap * 2;
            if (grown > IN_FILE_LINE_MAX + 2)
                grown = IN_FILE_LINE_MAX + 2;
            char *p = realloc(*line, grown);
            if (!p) {
                snprintf(err, errlen, "%.300s: out of memory", path);
                rc = -2;
                break;
            }
            *line = p;
            *cap = grown;
        }
        (*line)[n++] = (char)c;
        if (c == '\n')
            break;
    }
    funlockfile(f);
    if (rc != 0)
        return rc;
    if (n == 0)
        return -1;
    (*line)[n] = '\0';
    /* A UTF-8 byte order mark (Windows editors write one) is no part of line 1. */
    if (lineno == 1 && n >= 3 && memcmp(*line, "\xEF\xBB\xBF", 3) == 0) {
        n -= 3;
        memmove(*line, *line + 3, n + 1);
        if (n == 0)
            return -1; /* the mark alone: an empty file, and no line of length 0 */
    }
    return (ssize_t)n;
}
