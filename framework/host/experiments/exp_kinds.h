/* The registry of experiment kinds: one row per kind, ROW(name, synopsis, run).
 *
 *   name      the value of [experiment] kind;
 *   synopsis  the kind's own options after FILE.ini ("" = none but --json and
 *             --plugin-path, which every kind takes);
 *   run       its entry point, defined in the kind's own file (experiment.h declares
 *             it from this row): int run(const experiment_kind *kind, int argc,
 *             char **argv) gets the command's arguments, the file among them, parses
 *             its options, reads the file and returns the exit status, any error
 *             printed.
 *
 * The usage line, `sumgame experiment --help` and every message about kinds are made from
 * these rows, in this order; rows in a row with the same synopsis are shown together.
 * A new kind is its file, framework/host/experiments/exp_NAME.c, and one row here. */
#ifndef SUMGAME_HOST_EXP_KINDS_H
#define SUMGAME_HOST_EXP_KINDS_H

#define EXP_TDS_OPTIONS                                                                        \
    "[--sizes LIST] [--deltas LIST] [--depths LIST] [--combine auto|max|average]"
#define EXP_GAMES_OPTIONS                                                                      \
    "[--jobs J] [--out CELLS.jsonl [--resume]] [--games GAMES.jsonl] [--svg FILE] "            \
    "[--instances N] [--components LIST] [--strategies LIST]"
#define EXP_COVERAGE_OPTIONS                                                                   \
    "[--out RECORDS.jsonl [--resume]] [--svg FILE] [--limits LIST] [--variants LIST] "         \
    "[--sample N] [--empties LIST]"

#define EXPERIMENT_KINDS(ROW)                                                                  \
    ROW("agree", EXP_TDS_OPTIONS, exp_tds_run)           /* exp_tds.c */                      \
    ROW("errors", EXP_TDS_OPTIONS, exp_tds_run)                                               \
    ROW("depth", EXP_TDS_OPTIONS, exp_tds_run)                                                \
    ROW("solve-time", "", exp_solve_time_run)            /* exp_solve_time.c */               \
    ROW("ordering", "", exp_ordering_run)                /* exp_ordering.c */                 \
    ROW("loss", EXP_GAMES_OPTIONS, exp_games_run)        /* exp_games.c */                    \
    ROW("tradeoff", EXP_GAMES_OPTIONS, exp_games_run)                                         \
    ROW("coverage", EXP_COVERAGE_OPTIONS, exp_tdsplus_run) /* exp_tdsplus.c */          \
    ROW("outcome", "", exp_outcome_run)                  /* exp_outcome.c */

#endif
