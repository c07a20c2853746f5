/* Experiment kinds kept in files of their own (`sumgame experiment FILE.ini`): the command
 * reads the file, and when [experiment] kind names one of these, hands it the whole
 * configuration. The TDS kinds (agree, errors, depth) live in cmd_experiment.c. */
#ifndef SUMGAME_HOST_EXPERIMENT_H
#define SUMGAME_HOST_EXPERIMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "host/cli/config.h"
#include "sumgame/value.h"

typedef struct experiment_kind {
    const char *name;
    /* Runs the experiment of cfg; returns the exit status (errors already printed). */
    int (*run)(const sg_config *cfg, const char *plugin_path, bool json);
} experiment_kind;

/* The kind that cfg's [experiment] kind names, or NULL (then it is a TDS kind, or an
 * error the TDS code reports). */
const experiment_kind *experiment_find_kind(const sg_config *cfg);

/* Müller and Li's exact search experiments (exp_solve_time.c). */
int exp_solve_time(const sg_config *cfg, const char *plugin_path, bool json);
int exp_ordering(const sg_config *cfg, const char *plugin_path, bool json);

/* The positions `sumgame match` plays for [sum] generator = rcg, levels, size,
 * components and [match] games = count, seed: position p from sg_rng_split(seed, p),
 * its components drawn one after another (sumgame/match.h). Made by match's own code
 * (match_plan_load), so both commands always agree. texts[p] is "rcg:... + rcg:..."
 * (free with exp_positions_free). err: one line. */
int exp_positions(const char *plugin_path, int levels, int size, int components,
                  unsigned count, uint64_t seed, char ***texts, char *err, size_t errlen);
void exp_positions_free(char **texts, unsigned count);

/* kind = coverage (exp_tdsplus.c): the TDS+ lecture's coverage and error experiments.
 * Takes its own options (--out, --resume, --svg, ...). */
bool exp_tdsplus_kind(const char *kind);
int exp_tdsplus_main(int argc, char **argv);

/* One line of a stored database or test set: POSITION MEAN TEMPERATURE. */
typedef struct exp_room {
    char position[32];
    sg_value mean, temperature;
} exp_room;

/* Reads every line of path ('#' lines and empty ones skipped) into *out (free it).
 * err: "PATH:LINE: ...". */
int exp_read_rooms(const char *path, exp_room **out, size_t *count, char *err,
                   size_t errlen);

#endif
