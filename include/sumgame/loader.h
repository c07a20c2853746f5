/* Finding and loading plugins: the search path, dlopen(RTLD_NOW | RTLD_LOCAL), and the
 * checks that refuse a plugin with one line naming the file and the reason. */
#ifndef SUMGAME_LOADER_H
#define SUMGAME_LOADER_H

#include "sumgame/api.h"

#include <stdbool.h>
#include <stddef.h>

#include "sumgame/game.h"
#include "sumgame/strategy.h"

SG_API_BEGIN

typedef enum sg_plugin_kind { SG_PLUGIN_GAME = 1, SG_PLUGIN_STRATEGY = 2 } sg_plugin_kind;

typedef struct sg_plugin {
    sg_plugin_kind kind;
    char *path;    /* as opened */
    void *handle;  /* dlopen handle */
    union {
        const sg_game_desc *game;
        const sg_strategy_desc *strategy;
    } desc;
} sg_plugin;

/* The directories searched, in order. */
typedef struct sg_plugin_path {
    size_t count;
    char **dirs;
} sg_plugin_path;

/* Builds the search path: each ':'-separated entry of cli (may be NULL), then of
 * $SUMGAME_PLUGIN_PATH, then the build tree next to the running executable, then the
 * install prefix. Games live in DIR/games, strategies in DIR/strategies. Every entry of
 * cli must be a directory: otherwise SG_ERR_INVALID and err says
 * "--plugin-path 'DIR': no such directory" (or "not a directory"). */
int sg_plugin_path_init(sg_plugin_path *path, const char *cli, char *err, size_t errlen);
void sg_plugin_path_free(sg_plugin_path *path);

/* Opens the plugin file at path and checks its descriptor. */
int sg_plugin_open_file(const char *file, sg_plugin_kind kind, sg_plugin *plugin, char *err,
                        size_t errlen);
/* Finds NAME.so in the search path (games/ or strategies/ under each dir). When there is
 * none, err lists the directories looked in, in order. */
int sg_plugin_open(const sg_plugin_path *path, sg_plugin_kind kind, const char *name,
                   sg_plugin *plugin, char *err, size_t errlen);
void sg_plugin_close(sg_plugin *plugin);

/* Calls fn for every plugin file of that kind in the path (first of each name wins). */
typedef void (*sg_plugin_visit_fn)(void *ctx, const char *name, const char *file);
void sg_plugin_list(const sg_plugin_path *path, sg_plugin_kind kind, sg_plugin_visit_fn fn,
                    void *ctx);

SG_API_END
#endif
