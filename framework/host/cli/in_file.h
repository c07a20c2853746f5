/* The one way the host reads a file (INI files, sums lists, databases, test sets, the
 * records of report, merge, --resume and the experiments): regular files only, since a
 * device or a pipe (/dev/zero, a FIFO) could be read forever or block the open, and lines
 * of at most IN_FILE_LINE_MAX bytes, so no line is buffered without bound. */
#ifndef SUMGAME_HOST_IN_FILE_H
#define SUMGAME_HOST_IN_FILE_H

#include <stddef.h>
#include <stdio.h>
#include <sys/types.h>

/* The longest line in_file_line hands over, its newline not counted (documented in
 * docs/user-guide.md): a record or a sum is a few kilobytes at most. */
#define IN_FILE_LINE_MAX ((size_t)1 << 20)
#define IN_FILE_LINE_MAX_TEXT "1 MiB"

/* The largest file read whole into memory (the records that merge and --resume hold and
 * sort); the others are read one line at a time. */
#define IN_FILE_HELD_MAX ((long long)16 << 30)
#define IN_FILE_HELD_MAX_TEXT "16 GiB"

/* Opens path for reading, without blocking on a FIFO that has no writer. NULL with one
 * line in err ("PATH: cannot open: REASON", "PATH: not a regular file"); errno stays
 * that of a failed open (ENOENT: the file is not there), and is EINVAL for a file that
 * is not regular. */
FILE *in_file_open(const char *path, char *err, size_t errlen);

/* The same, and a file of more than max bytes is refused too ("PATH: N bytes, more than
 * the TEXT a file read whole may hold"; errno EFBIG). */
FILE *in_file_open_max(const char *path, long long max, const char *max_text, char *err,
                       size_t errlen);

/* Reads the next line of f as getline does (NUL-terminated, its '\n' kept, NUL bytes
 * inside counted): its length, or -1 at the end of the file or on a read error (ferror
 * tells). A line longer than IN_FILE_LINE_MAX, or no memory for it, gives -2 with one
 * line in err ("PATH:LINENO: line longer than 1 MiB", "PATH: out of memory"); the rest
 * of the line is not read. Line 1 (lineno 1) loses a leading UTF-8 byte order mark. */
ssize_t in_file_line(FILE *f, char **line, size_t *cap, const char *path, size_t lineno,
                     char *err, size_t errlen);

#endif
