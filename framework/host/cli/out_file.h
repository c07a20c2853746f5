/* Result files of the long-running commands (--out FILE): written beside the destination
 * as FILE.part and renamed into place only when complete, so a bad path fails before the
 * work starts and a failed or interrupted run never truncates an older FILE. */
#ifndef SUMGAME_HOST_OUT_FILE_H
#define SUMGAME_HOST_OUT_FILE_H

#include <stdbool.h>
#include <stdio.h>

typedef struct out_file {
    FILE *f;           /* where to write: FILE.part, or stdout without --out */
    const char *path;  /* the destination, NULL for stdout */
    char part[4096];   /* "" when path is written in place */
} out_file;

/* True when path names an existing file that is not a regular file (/dev/null, a FIFO, a
 * terminal) or a symbolic link (/dev/stdout, a link to a results file): such a
 * destination is written in place, through the link, since renaming a part file onto it
 * would replace the device or the link with a regular file (as root, /dev/null itself). */
bool out_file_in_place(const char *path);

/* Opens path.part (or takes stdout when path is NULL; path itself when it is written in
 * place). On failure prints
 * "sumgame: CMD: --out PATH: REASON" and returns the exit status; 0 on success. */
int out_file_open(out_file *of, const char *cmd, const char *path);

/* Closes the file; when status is 0 and everything was written, renames it into place,
 * otherwise removes the part file. Returns status, or the failure's exit status. */
int out_file_finish(out_file *of, const char *cmd, int status);

#endif
