/* The limits every exact command takes (--nodes N, --time S, --memory SIZE) and the
 * progress line it shows on a terminal while it works. */
#ifndef SUMGAME_HOST_LIMITS_OPT_H
#define SUMGAME_HOST_LIMITS_OPT_H

#include "host/cli/args.h"
#include "host/cli/progress.h"
#include "sumgame/meter.h"

typedef struct limits_opt {
    unsigned long long nodes;
    const char *time;
    const char *memory;
} limits_opt;

/* The three options' table entries, for a command's options array. */
#define LIMITS_OPTIONS(lo)                                                                  \
    { "--nodes", ARGS_UINT, &(lo).nodes, 1, UINT64_MAX, NULL, "N",                          \
      "stop after N nodes (exit status 3, one line saying where)" },                 \
        { "--time", ARGS_STRING, &(lo).time, 0, 0, NULL, "S",                               \
          "stop after S seconds (decimals allowed; exit status 3)" },                       \
        { "--memory", ARGS_STRING, &(lo).memory, 0, 0, NULL, "SIZE",                        \
          "stay below SIZE bytes (512M, 2G; default 80% of the machine's memory)" }

/* Fills limits; on a bad value prints "sumgame: COMMAND: --time 'x': ..." and returns
 * the exit status, else 0. */
int limits_opt_parse(const char *command, const limits_opt *lo, sg_limits *limits);

/* The meter's progress (nodes, seconds, memory) on stderr (host/cli/progress.h). */
typedef struct progress_line {
    const char *command;
    progress_out progress;
} progress_line;
void progress_attach(progress_line *p, const char *command, sg_meter *meter);
/* Clears the line if one was drawn (call before printing results or an error). */
void progress_done(progress_line *p);

/* The exit status of a command stopped by a limit: not a failure of the input. */
#define EXIT_LIMIT 3

#endif
