/* sumgame list [--json] [--plugin-path DIRS]: every game and strategy plugin in the
 * search path. A plugin that fails to load is listed with the loader's reason; that is
 * not an error of the command, since one broken file should not hide the others.
 *
 * Text: one line per plugin, "game NAME VERSION PATH" (or "strategy ..."), then the
 * description and one "param KEY = DEFAULT: HELP" line each, indented; broken files
 * follow as "error MESSAGE". JSON: {"games":[...],"strategies":[...],"errors":[...]}
 * where each plugin is {"name","version","description","path","params":[{"key",
 * "default","help"}]} and each error {"path","error"}. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/cli/args.h"
#include "host/cli/cli.h"
#include "host/cli/json.h"
#include "sumgame/loader.h"

struct failure {
    char *path;
    char *message;
};

struct listing {
    bool json;
    json_out out; /* with json: the one object, open from the first plugin to the last error */
    sg_plugin_kind kind;
    struct failure *failures;
    size_t nfailures;
};

static void remember_failure(struct listing *l, const char *file, const char *message)
{
    struct failure *grown = realloc(l->failures, (l->nfailures + 1) * sizeof *grown);
    if (!grown)
        return;
    l->failures = grown;
    grown[l->nfailures].path = strdup(file);
    grown[l->nfailures].message = strdup(message);
    if (grown[l->nfailures].path && grown[l->nfailures].message) {
        l->nfailures++;
    } else {
        free(grown[l->nfailures].path);
        free(grown[l->nfailures].message);
    }
}

static const char *or_empty(const char *s) { return s ? s : ""; }

static void show(struct listing *l, const char *file, const char *name, const char *version,
                 const char *description, const sg_param_doc *params)
{
    if (l->json) {
        json_out *o = &l->out;
        json_out_object(o, NULL);
        json_out_string(o, "name", or_empty(name));
        json_out_string(o, "version", or_empty(version));
        json_out_string(o, "description", or_empty(description));
        json_out_string(o, "path", or_empty(file));
        json_out_array(o, "params");
        for (size_t i = 0; params && params[i].key; i++) {
            json_out_object(o, NULL);
            json_out_string(o, "key", params[i].key);
            json_out_string(o, "default", or_empty(params[i].default_value));
            json_out_string(o, "help", or_empty(params[i].help));
            json_out_end(o);
        }
        json_out_end(o);
        json_out_end(o);
    } else {
        printf("%s %s %s %s\n", l->kind == SG_PLUGIN_GAME ? "game" : "strategy", name,
               version && *version ? version : "-", file);
        if (description && *description)
            printf("    %s\n", description);
        for (size_t i = 0; params && params[i].key; i++)
            printf("    param %s = %s: %s\n", params[i].key,
                   params[i].default_value ? params[i].default_value : "(none)",
                   or_empty(params[i].help));
    }
}

static void visit(void *ctx, const char *file_name, const char *file)
{
    struct listing *l = ctx;
    sg_plugin plugin;
    char err[1024];
    if (sg_plugin_open_file(file, l->kind, &plugin, err, sizeof err) != SG_OK) {
        remember_failure(l, file, err);
        return;
    }
    if (l->kind == SG_PLUGIN_GAME) {
        const sg_game_desc *d = plugin.desc.game;
        /* Sums name games by file name and print them by descriptor name; a mismatch
         * would make printed sums unreadable. */
        if (strcmp(d->name, file_name) != 0) {
            snprintf(err, sizeof err, "%s: game calls itself '%.64s', the file name says '%.64s'",
                     file, d->name, file_name);
            remember_failure(l, file, err);
        } else {
            show(l, file, d->name, d->version, d->description, d->params);
        }
    } else {
        const sg_strategy_desc *d = plugin.desc.strategy;
        if (strcmp(d->name, file_name) != 0) {
            snprintf(err, sizeof err,
                     "%s: strategy calls itself '%.64s', the file name says '%.64s'", file,
                     d->name, file_name);
            remember_failure(l, file, err);
        } else {
            show(l, file, d->name, d->version, d->description, d->params);
        }
    }
    sg_plugin_close(&plugin);
}

int cmd_list(int argc, char **argv)
{
    const char *plugin_path = NULL;
    bool json = false;
    const args_option options[] = {
        { "--plugin-path", ARGS_STRING, &plugin_path, 0, 0, NULL, "DIRS",
          "directories to look for plugins in first, ':' between them (each must exist)" },
        { "--json", ARGS_FLAG, &json, 0, 0, NULL, NULL,
          "print one JSON object: games, strategies and load errors" },
    };
    char **pos_args = calloc((size_t)argc + 1, sizeof *pos_args);
    if (!pos_args)
        return cli_fail("list: out of memory");
    size_t npos = 0;
    int status = args_parse("list", argc, argv, options, sizeof options / sizeof options[0],
                            pos_args, &npos);
    if (status == 0 && npos > 0)
        status = cli_usage("list: unexpected argument '%.80s'", pos_args[0]);
    free(pos_args);
    if (status != 0)
        return status;

    sg_plugin_path path;
    char err[512];
    if (sg_plugin_path_init(&path, plugin_path, err, sizeof err) != SG_OK)
        return cli_fail("list: %s", err);
    struct listing l = { .json = json };
    json_out_init(&l.out, stdout);
    if (json) {
        json_out_object(&l.out, NULL);
        json_out_array(&l.out, "games");
    }
    l.kind = SG_PLUGIN_GAME;
    sg_plugin_list(&path, SG_PLUGIN_GAME, visit, &l);
    if (json) {
        json_out_end(&l.out);
        json_out_array(&l.out, "strategies");
    }
    l.kind = SG_PLUGIN_STRATEGY;
    sg_plugin_list(&path, SG_PLUGIN_STRATEGY, visit, &l);
    if (json) {
        json_out_end(&l.out);
        json_out_array(&l.out, "errors");
    }
    for (size_t i = 0; i < l.nfailures; i++) {
        if (json) {
            json_out_object(&l.out, NULL);
            json_out_string(&l.out, "path", or_empty(l.failures[i].path));
            json_out_string(&l.out, "error", or_empty(l.failures[i].message));
            json_out_end(&l.out);
        } else {
            printf("error %s\n", l.failures[i].message);
        }
        free(l.failures[i].path);
        free(l.failures[i].message);
    }
    free(l.failures);
    if (json) {
        json_out_end(&l.out);
        json_out_end(&l.out);
        putchar('\n');
    }
    sg_plugin_path_free(&path);
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_fail("list: cannot write the output");
    return 0;
}
