/* sumgame gen GAME [--count N] [--seed S] [--json] [key=value ...]: random positions, one
 * per line, or with --json one object {"game","seed","count","positions":[...]}.
 * Position i is drawn from sg_rng_split(seed, i), so it does not depend on --count: the
 * first lines of `--count 10` are exactly the lines of `--count 3`. */
#include <stdalign.h>
#include <stdio.h>
#include <stdlib.h>

#include "host/cli/args.h"
#include "host/check/catalog.h"
#include "host/cli/cli.h"
#include "host/cli/position_text.h"
#include "host/cli/json.h"
#include "sumgame/rng.h"
#include "sumgame/game_call.h"
#include "sumgame/fault.h"

#define GEN_COUNT_MAX 100000000ULL

int cmd_gen(int argc, char **argv)
{
    /* A crash inside a game plugin is named in one line, not a silent exit 139. */
    sg_fault_install(sg_fault_cli, "gen");
    const char *plugin_path = NULL;
    unsigned long long count = 1;
    uint64_t seed = 1;
    bool json = false;
    const args_option options[] = {
        { "--plugin-path", ARGS_STRING, &plugin_path, 0, 0, NULL, "DIRS",
          "directories to look for plugins in first, ':' between them (each must exist)" },
        { "--count", ARGS_UINT, &count, 1, GEN_COUNT_MAX, NULL, "N",
          "how many positions (default 1)" },
        { "--seed", ARGS_SEED, &seed, 0, 0, NULL, "S",
          "the random seed (default 1); position i depends only on S and i" },
        { "--json", ARGS_FLAG, &json, 0, 0, NULL, NULL,
          "print one JSON object with the positions in order" },
    };
    char **pos_args = calloc((size_t)argc + 1, sizeof *pos_args);
    if (!pos_args)
        return cli_fail("gen: out of memory");
    size_t npos = 0;
    int status = args_parse("gen", argc, argv, options, sizeof options / sizeof options[0],
                            pos_args, &npos);
    if (status != 0) {
        free(pos_args);
        return status;
    }
    if (npos == 0) {
        free(pos_args);
        return cli_usage("gen: missing GAME (try 'sumgame gen --help')");
    }
    const char *name = pos_args[0];
    for (size_t i = 1; i < npos; i++)
        if (!args_is_param(pos_args[i])) {
            status = cli_usage("gen: unexpected argument '%.80s' (game parameters are "
                               "key=value)", pos_args[i]);
            free(pos_args);
            return status;
        }

    args_params params;
    if (args_params_build(&params, name, pos_args + 1, npos - 1) != SG_OK) {
        free(pos_args);
        return cli_fail("gen: out of memory");
    }
    catalog *cat = NULL;
    sg_game *game = NULL;
    char err[512];
    if (catalog_open(&cat, plugin_path, err, sizeof err) != SG_OK ||
        catalog_new_game(cat, name, &params.params, &game, err, sizeof err) != SG_OK) {
        status = cli_fail("gen: %s", err);
    } else if (!game->desc->generate) {
        status = cli_fail("gen: game '%s' has no random generator", name);
    } else {
        sg_rng root;
        sg_rng_seed(&root, seed);
        alignas(16) unsigned char pos[SG_POS_MAX];
        json_out o;
        json_out_init(&o, stdout);
        /* The JSON object is opened before the first position and closed only when all
         * were written: a failure leaves no complete object behind, and its error line
         * on stderr says why. */
        if (json) {
            json_out_object(&o, NULL);
            json_out_string(&o, "game", name);
            json_out_uint(&o, "seed", seed);
            json_out_uint(&o, "count", count);
            json_out_array(&o, "positions");
        }
        for (unsigned long long i = 0; i < count && status == 0; i++) {
            sg_rng rng = sg_rng_split(&root, (uint64_t)i);
            err[0] = '\0';
            int rc = sg_gc_generate(game->desc, game->instance, &rng, pos, err, sizeof err);
            char *text = NULL;
            if (rc != SG_OK)
                status = cli_fail("gen: %s: position %llu: %s", name, i + 1,
                                  err[0] ? err : "generator failed");
            else if (position_text(game->desc, game->instance, pos, &text) != SG_OK)
                status = cli_fail("gen: %s: position %llu cannot be formatted", name, i + 1);
            else if (json)
                json_out_string(&o, NULL, text);
            else
                puts(text);
            free(text);
        }
        if (json && status == 0) {
            json_out_end(&o);
            json_out_end(&o);
            putchar('\n');
        }
        if (status == 0 && (fflush(stdout) != 0 || ferror(stdout)))
            status = cli_fail("gen: cannot write the output");
    }
    catalog_close(cat);
    args_params_free(&params);
    free(pos_args);
    return status;
}
