#include "host/cli/out_file.h"

#include <errno.h>
#include <stdbool.h>
#include <string.h>
#include <sys/stat.h>

#include "host/cli/cli.h"

bool out_file_in_place(const char *path)
{
    struct stat st;
    return path && lstat(path, &st) == 0 &&
           (S_ISLNK(st.st_mode) || (!S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)));
}

int out_file_open(out_file *of, const char *cmd, const char *path)
{
    of->f = stdout;
    of->path = path;
    of->part[0] = '\0';
    if (!path)
        return 0;
    if (!*path)
        return cli_usage("%s: --out: empty file name", cmd);
    if (out_file_in_place(path)) {
        if (!(of->f = fopen(path, "w")))
            return cli_fail("%s: --out %.200s: %s", cmd, path, strerror(errno));
        return 0;
    }
    if (snprintf(of->part, sizeof of->part, "%s.part", path) >= (int)sizeof of->part)
        return cli_usage("%s: --out: path too long", cmd);
    if (!(of->f = fopen(of->part, "w")))
        return cli_fail("%s: --out %.200s: %s", cmd, path, strerror(errno));
    return 0;
}

int out_file_finish(out_file *of, const char *cmd, int status)
{
    bool bad = of->path ? fclose(of->f) != 0 : fflush(of->f) != 0 || ferror(of->f);
    if (bad && status == 0)
        status = cli_fail("%s: cannot write %.200s: %s", cmd,
                          of->path ? of->path : "standard output", strerror(errno));
    if (!of->path || !of->part[0])
        return status;
    if (status == 0 && rename(of->part, of->path) != 0)
        status = cli_fail("%s: --out %.200s: %s", cmd, of->path, strerror(errno));
    if (status != 0)
        remove(of->part);
    return status;
}
