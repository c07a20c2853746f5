/* A match run in-process (match_run.c): what `sumgame match` prints its summary from,
 * for callers that want the numbers rather than the text (tests, other commands). */
#ifndef SUMGAME_HOST_MATCH_RUN_H
#define SUMGAME_HOST_MATCH_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "host/match/match.h"
#include "host/match/tally.h"

typedef struct match_result {
    match_tally tally;          /* every game of the run: played now or read back */
    unsigned long long resumed; /* games read back from opts->out (--resume) */
    unsigned long long played;  /* games played now */
    bool dropped_torn;          /* --resume cut off a record torn by a kill */
    double seconds;             /* wall-clock seconds of the run, as the summary says */
    /* By game number, plan->positions * 2 of them; known for the run's games only. */
    match_outcome *outcomes;
    unsigned long long noutcomes;
} match_result;

/* match_run without the printing: plays the run's games (match_run says which, where
 * their records go and in what order) and fills res (free it with match_result_free,
 * also after a failure). Returns SG_OK, or an error code with the message in err, the
 * line `sumgame match` prints ("match: --resume: FILE:LINE: ..."). The progress line
 * and --resume's note about a torn record still go to stderr; with opts->mpi, MPI's
 * own failures are printed there too, leaving err "". */
int match_run_games(const match_plan *plan, const match_run_opts *opts, match_result *res,
                    char *err, size_t errlen);
void match_result_free(match_result *res);

/* Refuses (SG_ERR_INVALID, the message in err) an --out that already holds results when
 * resume is false: a file of results is never overwritten. NULL out is fine. */
int match_out_check(const char *out, bool resume, char *err, size_t errlen);

#endif
