#include "host/cli/in_file.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

FILE *in_file_open(const char *path, char *err, size_t errlen)
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
