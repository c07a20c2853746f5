/* The tally of a match (tally.c): what the summary and the progress line count. */
#ifndef SUMGAME_HOST_MATCH_TALLY_H
#define SUMGAME_HOST_MATCH_TALLY_H

#include <stdbool.h>
#include <stddef.h>

#include "host/match/match.h"

/* What the summary needs of one game. It is read from the game's record line, so that
 * games played now, read back by --resume and received from MPI ranks count alike. */
typedef struct match_outcome {
    bool known;
    bool game_fault; /* "fault":"game": no result, charged to nobody */
    int sign; /* of the result for A */
    bool forfeit, scored, has_loss;
    sg_value score; /* A's view */
    sg_value loss;
} match_outcome;

typedef struct match_tally {
    unsigned long long games, wins, draws, losses, forfeits, scored, faults;
    double mean, m2; /* Welford's running mean and sum of squared deviations */
    /* optimal = yes: A's total loss as first [0] and as second [1] player, over the
     * games with a score. */
    sg_value loss[2];
    unsigned long long loss_games[2];
} match_tally;


/* The outcome of the game whose record is line; false when the line has no result,
 * forfeit or score. */
bool match_outcome_parse(const char *line, match_outcome *o);
/* Adds game g's outcome to t. */
void match_tally_count(match_tally *t, const match_plan *plan, unsigned long long g,
                       const match_outcome *o);
/* The progress line's text: a bar, games done, A's running mean score and W-D-L, the
 * time so far and the time left at the pace so far. */
void match_tally_progress_text(const match_tally *t, unsigned long long total, double elapsed,
                               char *out, size_t outlen);
/* The closing summary on stdout: a table, or one JSON object. */
void match_tally_summary(const match_plan *plan, const match_tally *t, double seconds,
                         bool json);

#endif
