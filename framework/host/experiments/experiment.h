/* `sumgame experiment FILE.ini`: the kinds of experiment and what they share. The file's
 * [experiment] kind names a row of the registry (exp_kinds.h); cmd_experiment.c finds it
 * and hands the command line to that kind's run function, which does the rest. */
#ifndef SUMGAME_HOST_EXPERIMENT_H
#define SUMGAME_HOST_EXPERIMENT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <jansson.h>

#include "host/cli/args.h"
#include "host/experiments/exp_kinds.h"
#include "host/cli/config.h"
#include "sumgame/value.h"

typedef struct experiment_kind experiment_kind;
struct experiment_kind {
    const char *name;
    const char *synopsis; /* its options after FILE.ini, "" = none of its own */
    int (*run)(const experiment_kind *kind, int argc, char **argv);
};

/* Every kind's run function, declared from its row. */
#define EXPERIMENT_DECLARE_RUN(name, synopsis, run)                                            \
    int run(const experiment_kind *, int, char **);
EXPERIMENT_KINDS(EXPERIMENT_DECLARE_RUN)
#undef EXPERIMENT_DECLARE_RUN

/* The registered kinds, in registry order, and the one called name (NULL if none). */
size_t experiment_kind_count(void);
const experiment_kind *experiment_kind_at(size_t i);
const experiment_kind *experiment_kind_find(const char *name);

/* The kind that cfg's [experiment] kind names. NULL when the file has no [experiment],
 * no kind or an unregistered one; err then holds one line "file:line: ..." that names
 * every registered kind. */
const experiment_kind *experiment_kind_of(const sg_config *cfg, char *err, size_t errlen);

/* `experiment FILE.ini ...`, the command's synopsis after `sumgame `, with every kind's
 * options. */
const char *experiment_synopsis(void);

/* Whether option ("--resume") takes no value in any kind, as the synopses write it. */
bool experiment_option_is_flag(const char *option);

/* Parses a kind's command line against options (args.h), which must take exactly one
 * FILE.ini, left in *file (a pointer into argv). Returns 0 or the exit status of the
 * usage error already printed. */
int experiment_parse_args(const experiment_kind *kind, int argc, char **argv,
                          const args_option *options, size_t noptions, const char **file);

/* The usage error of a kind given other than one file: "experiment: expected one FILE.ini
 * (usage: sumgame experiment FILE.ini OPTIONS [--json])"; returns exit status 2. */
int experiment_usage_one_file(const experiment_kind *kind);

/* Runs a kind whose only options are --plugin-path and --json: reads the one file and
 * calls run with its configuration. Such kinds share the TDS kinds' command line
 * (exp_tds.c), whose own options they refuse by name. */
int experiment_run_config(const experiment_kind *kind, int argc, char **argv,
                          int (*run)(const sg_config *cfg, const char *plugin_path, bool json));

/* The positions `sumgame match` plays for [sum] generator = rcg, levels, size,
 * components and [match] games = count, seed: position p from sg_rng_split(seed, p),
 * its components drawn one after another (match.h). Made by match's own generator
 * (match_generate), so both commands always agree. texts[p] is "rcg:... + rcg:..."
 * (free with exp_positions_free). file names the experiment in messages. err: one
 * line. */
int exp_positions(const char *file, const char *plugin_path, int levels, int size,
                  int components, unsigned count, uint64_t seed, char ***texts, char *err,
                  size_t errlen);
void exp_positions_free(char **texts, unsigned count);

/* --resume of a kind that writes one JSON record a line to --out: take(ctx, record) is
 * called on each line of path that is a JSON object and says whether it took it; *found
 * counts those taken. A missing file is an empty one. err: "--out PATH...". */
int exp_read_records(const char *path, bool (*take)(void *ctx, const json_t *record),
                     void *ctx, size_t *found, char *err, size_t errlen);

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
