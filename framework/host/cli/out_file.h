/* Result files of the long-running commands (--out FILE): written beside the destination
 * as FILE.part and renamed into place only when complete, so a bad path fails before the
 * work starts and a failed or interrupted run never truncates an older FILE. */
#ifndef SUMGAME_HOST_OUT_FILE_H
#define SUMGAME_HOST_OUT_FILE_H

#include <stdio.h>

typedef struct out_file {
    FILE *f;           /* where to write: FILE.part, or stdout without --out */
    const char *path;  /* the destination, NULL for stdout */
    char part[4096];
} out_file;

/* Opens path.part (or takes stdout when path is NULL). On failure prints
 * "sumgame: CMD: --out PATH: REASON" and returns the exit status; 0 on success. */
int out_file_open(out_file *of, const char *cmd, const char *path);

/* Closes the file; when status is 0 and everything was written, renames it into place,
 * otherwise removes the part file. Returns status, or the failure's exit status. */
int out_file_finish(out_file *of, const char *cmd, int status);

#endif
