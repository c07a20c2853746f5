/* The experiments played as games against a perfect opponent: kind = loss (Müller and
 * Li's Tables 6 and 7) and kind = tradeoff (their Figure 1). exp_games.c says how. */
#ifndef SUMGAME_HOST_EXP_GAMES_H
#define SUMGAME_HOST_EXP_GAMES_H

#include <stdbool.h>

/* Command-line values (NULL / 0 / false = the file's or the default). */
typedef struct exp_games_overrides {
    const char *plugin_path;
    unsigned jobs;
    bool json, resume;
    const char *svg, *out, *games;
    unsigned long long instances;
    const char *components, *strategies;
} exp_games_overrides;

/* Whether kind is one of these experiments. */
bool exp_games_kind(const char *kind);
/* `sumgame experiment FILE.ini ...` for these kinds: parses the options, runs, returns
 * the exit status. */
int exp_games_main(int argc, char **argv);
int exp_games_run(const char *file, const exp_games_overrides *ov);

#endif
