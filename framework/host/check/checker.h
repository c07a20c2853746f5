/* The plugin contract checker behind `sumgame check-plugin`: a game plugin against the
 * contract of include/sumgame/game.h, on given or generated start positions and random
 * walks from them. It writes its report (one line a check, "ok", "skip" or "FAIL" with
 * the first counterexample, then "N checks passed, M failed") to a stream, so that a
 * test can read it without running the host; opening the plugin, catching its crashes
 * and printing errors are the caller's. */
#ifndef SUMGAME_HOST_CHECKER_H
#define SUMGAME_HOST_CHECKER_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sumgame/loader.h"
#include "sumgame/params.h"

typedef struct checker_options {
    /* Start positions in the game's notation; with none, count generated ones (position
     * i drawn from sg_rng_split(seed, i), what `sumgame gen` prints). */
    const char *const *positions;
    size_t npositions;
    uint64_t seed;
    unsigned long long count;    /* positions generated (checked by the generator check) */
    unsigned long long depth;    /* moves of a random walk */
    unsigned long long playouts; /* random walks from each start position */
    /* Positions one exact question may visit (the run, 100 times that); 0 turns the
     * checks on exact values off. */
    unsigned long long exact;
    const char *db_shape; /* the shape the database hooks are checked on, or NULL */
} checker_options;

/* check-plugin's defaults. */
#define CHECKER_OPTIONS_DEFAULT \
    { .seed = 1, .count = 20, .depth = 12, .playouts = 4, .exact = 2000 }

/* What checker_run returns: the first two are the command's exit statuses, and a report
 * was written; with the others nothing was, and err says why. */
enum checker_status {
    CHECKER_PASSED = 0, /* no check failed */
    CHECKER_FAILED = 1, /* a check failed */
    CHECKER_USAGE = 2,  /* the options do not fit the game (positions needed, none given) */
    CHECKER_ERROR = 3,  /* no run: create failed, a position did not parse, no memory */
};

/* Checks plugin's game, created with params, and writes the report to out (flushed after
 * its first line and at its end, so that a crash handler writing to out's descriptor
 * follows what came before). Returns an enum checker_status. One run at a time in a
 * process: the running check (below) is the process's. */
int checker_run(const sg_plugin *plugin, const sg_params *params, const checker_options *o,
                FILE *out, char *err, size_t errlen);

/* The name of the check running now (as the report writes it), or NULL outside a check:
 * a crash is that check's. Async-signal-safe: it reads a sig_atomic_t and a constant
 * table, so a crash handler may call it. */
const char *checker_running_check(void);

#endif
