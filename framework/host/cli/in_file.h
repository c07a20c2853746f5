/* Input files the host reads whole (sum lists, databases, records to resume): regular
 * files only, since a device or a pipe (/dev/zero, a FIFO) could be read forever. */
#ifndef SUMGAME_HOST_IN_FILE_H
#define SUMGAME_HOST_IN_FILE_H

#include <stddef.h>
#include <stdio.h>

/* Opens path for reading, without blocking on a FIFO that has no writer. NULL with one
 * line in err ("PATH: cannot open: REASON", "PATH: not a regular file"); errno stays
 * that of a failed open (ENOENT: the file is not there). */
FILE *in_file_open(const char *path, char *err, size_t errlen);

#endif
