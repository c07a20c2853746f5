/* The results file of a match (--out FILE.jsonl): one JSON line per finished game.
 *
 * Every record ends with the tournament it belongs to: "tournament" (a fingerprint of
 * the configuration, the effective seed and number of positions, and every position's
 * text) and "games_total" (games of the whole tournament). --resume, shards and
 * `sumgame merge` check them, so records of different tournaments never mix.
 *
 * Durability: a record is appended with one write() to a file opened O_APPEND and
 * fsync()ed before the next game is reported, so a kill (or a power cut, as far as the
 * disk keeps its promises) loses at most the game being written, whose line is then
 * torn: it has no newline. Readers drop such a last line; --resume cuts it off. */
#ifndef SUMGAME_HOST_MATCH_LOG_H
#define SUMGAME_HOST_MATCH_LOG_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "host/match/match.h"

/* The fingerprint of plan's tournament (never 0). Shards, --from and --jobs do not
 * change it; anything that changes a game's record does (but the plugins' code). */
uint64_t match_fingerprint(const match_plan *plan);


/* One record read back from a file. */
typedef struct match_entry {
    unsigned long long game, total;
    uint64_t print;
    char *text;       /* the line with its newline */
    size_t len;
    const char *file; /* for messages (not owned) */
    size_t line;      /* 1-based */
} match_entry;

typedef struct match_entries {
    match_entry *v;
    size_t n, cap;
} match_entries;

void match_entries_free(match_entries *list);

/* Reads the records of path into list (appending). A last line without a newline is a
 * record cut short by a kill: when torn_at is not NULL it is dropped and *torn_at set to
 * the length of the complete lines before it (-1 when there is none such), for
 * match_log_cut once the caller has checked the records; with torn_at NULL it is an
 * error. A missing file sets *missing (when missing is not NULL) and is no error. Any
 * other line that is not a record of some tournament is an error "FILE:LINE: ...". */
int match_log_read(const char *path, match_entries *list, bool *missing, long long *torn_at,
                   char *err, size_t errlen);
/* Cuts path to its first length bytes (a torn last line off). */
int match_log_cut(const char *path, long long length, char *err, size_t errlen);

/* Opens path for appending records: an existing file that is not empty is refused
 * unless resume (the caller reads it back first). Returns the descriptor or -1 with
 * err set. */
int match_log_open(const char *path, bool resume, char *err, size_t errlen);

/* Appends text[0..len) with one write() and fsyncs the file. */
int match_log_append(int fd, const char *text, size_t len, char *err, size_t errlen);

/* Sorts list by game and writes it to path through path.tmp, fsync and rename, so
 * that path is at every moment either the old file or the complete new one. */
int match_log_write_sorted(const char *path, match_entries *list, char *err, size_t errlen);

#endif
