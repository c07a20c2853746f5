/* sumgame gtp --game GAME --strategy NAME [--game-param K=V]... [--seed S]
 * [--time-per-move S] [--nodes N] [key=value ...]: a GTP v2 engine on stdin and stdout
 * (docs/gtp.md). The key=value arguments configure the strategy, as the keys of a
 * [strategy.NAME] section would; --game-param keys configure the game, as [sum] keys. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/cli/args.h"
#include "host/check/catalog.h"
#include "host/cli/cli.h"
#include "host/gtp/gtp.h"
#include "sumgame/fault.h"

#define GTP_PARAMS_MAX 64

int cmd_gtp(int argc, char **argv)
{
    /* A crash inside a game plugin is named in one line, not a silent exit 139. */
    sg_fault_install(sg_fault_cli, "gtp");
    const char *plugin_path = NULL, *game_name = NULL, *strategy_name = NULL;
    const char *time_text = "1";
    unsigned long long nodes = 0;
    uint64_t seed = 1;
    args_list game_kv = { NULL, 0 };
    const args_option options[] = {
        { "--plugin-path", ARGS_STRING, &plugin_path, 0, 0, NULL, "DIRS",
          "directories to look for plugins in first, ':' between them (each must exist)" },
        { "--game", ARGS_STRING, &game_name, 0, 0, NULL, "GAME",
          "the game to play (its plugin must offer the GTP hooks)" },
        { "--strategy", ARGS_STRING, &strategy_name, 0, 0, NULL, "NAME",
          "the strategy that plays the engine's moves" },
        { "--game-param", ARGS_LIST, &game_kv, 0, 0, NULL, "K=V",
          "a parameter of the game" },
        { "--seed", ARGS_SEED, &seed, 0, 0, NULL, "S",
          "the strategy's random seed (default 1)" },
        { "--time-per-move", ARGS_STRING, &time_text, 0, 0, NULL, "S",
          "seconds the strategy may think per move" },
        { "--nodes", ARGS_UINT, &nodes, 1, UINT64_MAX, NULL, "N",
          "nodes the strategy may search per move" },
    };
    char **pos_args = calloc((size_t)argc + 1, sizeof *pos_args);
    if (!pos_args)
        return cli_fail("gtp: out of memory");
    size_t npos = 0;
    int status = args_parse("gtp", argc, argv, options, sizeof options / sizeof options[0],
                            pos_args, &npos);
    if (status != 0)
        goto out_args;
    if (!game_name || !strategy_name) {
        status = cli_usage("gtp: missing %s (try 'sumgame gtp --help')",
                           !game_name ? "--game" : "--strategy");
        goto out_args;
    }
    char *end;
    double seconds = strtod(time_text, &end);
    if (end == time_text || *end || !(seconds >= 0) || seconds > 1e6) {
        status = cli_usage("gtp: --time-per-move '%.40s': expected seconds from 0 to 1000000 "
                           "(0 = no limit)", time_text);
        goto out_args;
    }
    for (size_t i = 0; i < npos; i++)
        if (!args_is_param(pos_args[i])) {
            status = cli_usage("gtp: unexpected argument '%.80s' (strategy parameters are "
                               "key=value)", pos_args[i]);
            goto out_args;
        }
    for (size_t i = 0; i < game_kv.count; i++)
        if (!args_is_param(game_kv.items[i])) {
            status = cli_usage("gtp: --game-param '%.80s': expected key=value",
                               game_kv.items[i]);
            goto out_args;
        }

    args_params strat_params, game_params;
    if (args_params_build(&strat_params, strategy_name, pos_args, npos) != SG_OK) {
        status = cli_fail("gtp: out of memory");
        goto out_args;
    }
    if (args_params_build(&game_params, game_name, (char **)game_kv.items, game_kv.count) !=
        SG_OK) {
        args_params_free(&strat_params);
        status = cli_fail("gtp: out of memory");
        goto out_args;
    }
    catalog *cat = NULL;
    sg_game *game = NULL;
    const sg_strategy_desc *sdesc = NULL;
    void *strat = NULL;
    char err[512] = "";
    if (catalog_open(&cat, plugin_path, err, sizeof err) != SG_OK ||
        catalog_new_game(cat, game_name, &game_params.params, &game, err, sizeof err) != SG_OK) {
        status = cli_fail("gtp: %s", err);
    } else if (!SG_GAME_HAS(game->desc, gtp_name) || !SG_GAME_HAS(game->desc, gtp_start) ||
               !SG_GAME_HAS(game->desc, gtp_parse_move) ||
               !SG_GAME_HAS(game->desc, gtp_format_move)) {
        status = cli_fail("gtp: game '%s' does not offer GTP (game.h: gtp_name, gtp_start, "
                          "gtp_parse_move, gtp_format_move)", game_name);
    } else if (catalog_strategy_desc(cat, strategy_name, &sdesc, err, sizeof err) != SG_OK) {
        status = cli_fail("gtp: strategy '%s': %s", strategy_name, err);
    } else if (sdesc->create(sg_default_host(), &strat_params.params, &strat, err,
                             sizeof err) != SG_OK) {
        strat = NULL;
        status = cli_fail("gtp: %s", err[0] ? err : "the strategy refused its parameters");
    } else {
        gtp_setup setup = { game, strategy_name, sdesc, strat,
                            { seconds, (uint64_t)nodes, 0 }, seed };
        if (gtp_run(&setup, stdin, stdout, err, sizeof err) != 0)
            status = cli_fail("%s", err);
    }
    if (strat)
        sdesc->destroy(strat);
    catalog_close(cat);
    args_params_free(&game_params);
    args_params_free(&strat_params);
out_args:
    args_list_free(&game_kv);
    free(pos_args);
    return status;
}
