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

#include "host/check/catalog.h"
#include "host/cli/args.h"
#include "host/cli/cli.h"
#include "host/cli/json.h"
#include "sumgame/loader.h"

static const char *or_empty(const char *s) { return s ? s : ""; }

static void show(json_out *o, bool json, sg_plugin_kind kind, const catalog_entry *e)
{
    if (json) {
        json_out_object(o, NULL);
        json_out_string(o, "name", e->name);
        json_out_string(o, "version", e->version);
        json_out_string(o, "description", e->description);
        json_out_string(o, "path", e->path);
        json_out_array(o, "params");
        for (size_t i = 0; i < e->nparams; i++) {
            json_out_object(o, NULL);
            json_out_string(o, "key", e->params[i].key);
            json_out_string(o, "default", or_empty(e->params[i].default_value));
            json_out_string(o, "help", e->params[i].help);
            json_out_end(o);
        }
        json_out_end(o);
        json_out_end(o);
    } else {
        printf("%s %s %s %s\n", kind == SG_PLUGIN_GAME ? "game" : "strategy", e->name,
               *e->version ? e->version : "-", e->path);
        if (*e->description)
            printf("    %s\n", e->description);
        for (size_t i = 0; i < e->nparams; i++)
            printf("    param %s = %s: %s\n", e->params[i].key,
                   e->params[i].default_value ? e->params[i].default_value : "(none)",
                   e->params[i].help);
    }
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

    catalog_listing l;
    char err[512];
    if (catalog_list(plugin_path, &l, err, sizeof err) != SG_OK) {
        catalog_listing_free(&l);
        return cli_fail("list: %s", err);
    }
    json_out out;
    json_out_init(&out, stdout);
    if (json) {
        json_out_object(&out, NULL);
        json_out_array(&out, "games");
    }
    for (size_t i = 0; i < l.ngames; i++)
        show(&out, json, SG_PLUGIN_GAME, &l.games[i]);
    if (json) {
        json_out_end(&out);
        json_out_array(&out, "strategies");
    }
    for (size_t i = 0; i < l.nstrategies; i++)
        show(&out, json, SG_PLUGIN_STRATEGY, &l.strategies[i]);
    if (json) {
        json_out_end(&out);
        json_out_array(&out, "errors");
    }
    for (size_t i = 0; i < l.nerrors; i++) {
        if (json) {
            json_out_object(&out, NULL);
            json_out_string(&out, "path", l.errors[i].path);
            json_out_string(&out, "error", l.errors[i].message);
            json_out_end(&out);
        } else {
            printf("error %s\n", l.errors[i].message);
        }
    }
    if (json) {
        json_out_end(&out);
        json_out_end(&out);
        putchar('\n');
    }
    catalog_listing_free(&l);
    if (fflush(stdout) != 0 || ferror(stdout))
        return cli_fail("list: cannot write the output");
    return 0;
}
