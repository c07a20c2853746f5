/* `sumgame match --mpi`: the games of a match farmed out over the ranks of an MPI job
 * (`mpirun -np K build/sumgame match CONF --mpi`). Every rank builds the same plan;
 * rank 0 schedules games and writes the results, ranks 1..K-1 play one game at a time,
 * each in a forked worker process as `match` always does, so a crash or hang of a
 * strategy or a game costs that game only and never the rank. Built only when OpenMPI
 * is found (the Makefile defines SG_HAVE_MPI); otherwise every function but
 * match_mpi_built fails with a message.
 *
 * A rank process that dies itself (killed, out of memory, its node lost) is found by
 * its silence: playing ranks send rank 0 a heartbeat every second, and a rank silent for
 * too long is taken as dead and its game given to another rank. mpirun must be told
 * not to end the job when a rank dies (docs/scaling.md); otherwise every finished game
 * is on disk by then, and `--resume` plays the lost games again. */
#ifndef SUMGAME_HOST_MATCH_MPI_H
#define SUMGAME_HOST_MATCH_MPI_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "host/match/match.h"

/* Whether this sumgame was built with MPI. */
bool match_mpi_built(void);

/* MPI_Init, with errors returned rather than fatal; this rank and the number of ranks. */
int match_mpi_init(int *rank, int *size, char *err, size_t errlen);
/* MPI_Finalize; but when a rank died (a playing rank silent for SUMGAME_MPI_DEAD_AFTER
 * seconds, 10 by default), which would make it wait for ever, flushes stdout and stderr
 * and _exits instead: 0 when status is 0, else 1. */
void match_mpi_finalize(int status);

/* Collective: every rank brings its status and its plan's fingerprint; returns 0 when
 * all are 0 and all fingerprints agree, else 1 (rank 0 prints why the others differ).
 * *root_failed tells whether rank 0's status was non-zero (rank 0 reports a failure
 * that every rank shares; another rank reports only what failed there alone). */
int match_mpi_agree(int status, uint64_t print, bool *root_failed);

/* A finished game's record, as match_run takes it. */
typedef int (*match_line_fn)(void *ctx, unsigned long long game, const char *line,
                             size_t len);

/* Rank 0 of at least two: plays tasks[0..n) on the other ranks, handing each record to
 * deliver as it arrives. Returns the exit status. */
int match_mpi_play(const match_plan *plan, const match_task *tasks, size_t n,
                   match_line_fn deliver, void *ctx);
/* Rank 0, after match_run: tells every other rank to stop. */
void match_mpi_release(void);
/* Ranks 1..K-1: plays the games rank 0 sends until it says stop. Returns the exit
 * status. */
int match_mpi_serve(const match_plan *plan);

#endif
