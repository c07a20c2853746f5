/* The host's plugins by name: opens each game or strategy plugin once from the search
 * path, creates game instances, and parses sums written as "GAME:POS + GAME:POS". */
#ifndef SUMGAME_HOST_CATALOG_H
#define SUMGAME_HOST_CATALOG_H

#include <stddef.h>

#include "sumgame/loader.h"
#include "sumgame/sum.h"

typedef struct catalog catalog;

int catalog_open(catalog **out, const char *plugin_path, char *err, size_t errlen);
void catalog_close(catalog *c);
const sg_plugin_path *catalog_path(const catalog *c);

/* The plugin called name, opened on first use. */
int catalog_game_desc(catalog *c, const char *name, const sg_game_desc **desc, char *err,
                      size_t errlen);
int catalog_strategy_desc(catalog *c, const char *name, const sg_strategy_desc **desc,
                          char *err, size_t errlen);

/* A new instance of game name created from params (NULL = defaults). The catalog owns
 * it and destroys it at catalog_close. */
int catalog_new_game(catalog *c, const char *name, const sg_params *params, sg_game **game,
                     char *err, size_t errlen);
/* The catalog's shared default instance of name (created on first use), used to parse
 * positions given on the command line. */
/* Makes the instance of game name that sums parsed later use (catalog_default_game) with
 * params; before any such sum, once per game. */
int catalog_configure_game(catalog *c, const char *name, const sg_params *params, char *err,
                           size_t errlen);
int catalog_default_game(catalog *c, const char *name, sg_game **game, char *err,
                         size_t errlen);

/* Parses "GAME:POS + GAME:POS ..." into sum (appended), each component through the
 * default instance of its game. */
int catalog_parse_sum(catalog *c, const char *text, sg_sum *sum, char *err, size_t errlen);
/* Parses one "GAME:POS" into a game and a position buffer of SG_POS_MAX bytes. */
/* As catalog_parse_component, but with params (count > 0) the position goes to a new
 * instance of its game made with them (`analyze --params cycles=yes`). */
int catalog_parse_component_params(catalog *c, const char *text, const sg_params *params,
                                   sg_game **game, void *pos, char *err, size_t errlen);
int catalog_parse_component(catalog *c, const char *text, sg_game **game, void *pos,
                            char *err, size_t errlen);

/* Every game and strategy plugin of a search path, as `sumgame list` shows them. A file
 * that fails to load (or whose plugin calls itself by another name than the file's) is
 * an error of the listing, not of the call: one broken file does not hide the others. */
typedef struct catalog_param {
    char *key;
    char *default_value; /* NULL when the plugin gives none */
    char *help;          /* "" when none */
} catalog_param;
typedef struct catalog_entry {
    char *name, *version, *description, *path; /* "" when the plugin gives none */
    catalog_param *params;
    size_t nparams;
} catalog_entry;
typedef struct catalog_failure {
    char *path;
    char *message; /* the loader's reason, naming the file */
} catalog_failure;
typedef struct catalog_listing {
    catalog_entry *games, *strategies; /* in the search path's order */
    size_t ngames, nstrategies;
    catalog_failure *errors;           /* games' first, then strategies' */
    size_t nerrors;
} catalog_listing;

/* Lists the plugins of plugin_path (NULL: $SUMGAME_PLUGIN_PATH, else the default, as
 * catalog_open). Returns SG_OK, or an error code with the message in err (a bad path,
 * out of memory); free the listing with catalog_listing_free, also after a failure. */
int catalog_list(const char *plugin_path, catalog_listing *out, char *err, size_t errlen);
void catalog_listing_free(catalog_listing *l);

#endif
