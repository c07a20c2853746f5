/* sumgame perft GAME:POSITION DEPTH [--player left|right] [--json]: counts the move
 * sequences of exactly DEPTH moves, players alternating from --player, for checking move
 * generators against hand or published counts.
 *
 * The count is taken on the sum made from the position under real-play rules
 * (SG_FREEZE_INTEGERS): a component that splits continues as its parts, and a settled
 * (integer) component has no moves, since the game is over there. A sequence that
 * reaches a position where the player to move has no move ends early and is not a leaf.
 * A sum "GAME:POS + GAME:POS" is accepted as well. The last ply is counted in bulk: its
 * moves are counted, not played (sg_sum_perft). */
#include <stdio.h>
#include <stdlib.h>

#include "host/cli/args.h"
#include "host/check/catalog.h"
#include "host/cli/cli.h"
#include "host/cli/json.h"
#include "sumgame/clock.h"
#include "sumgame/fault.h"

#define PERFT_DEPTH_MAX 64

int cmd_perft(int argc, char **argv)
{
    /* A crash inside a game plugin is named in one line, not a silent exit 139. */
    sg_fault_install(sg_fault_cli, "perft");
    static const char *const players[] = { "left", "right", NULL };
    const char *plugin_path = NULL;
    int player = 0;
    bool json = false;
    const args_option options[] = {
        { "--plugin-path", ARGS_STRING, &plugin_path, 0, 0, NULL, "DIRS",
          "directories to look for plugins in first, ':' between them (each must exist)" },
        { "--player", ARGS_CHOICE, &player, 0, 0, players, NULL,
          "who moves first (default left)" },
        { "--json", ARGS_FLAG, &json, 0, 0, NULL, NULL,
          "print the result as one JSON object" },
    };
    char **pos_args = calloc((size_t)argc + 1, sizeof *pos_args);
    if (!pos_args)
        return cli_fail("perft: out of memory");
    size_t npos = 0;
    int status = args_parse("perft", argc, argv, options, sizeof options / sizeof options[0],
                            pos_args, &npos);
    unsigned long long depth = 0;
    if (status == 0 && npos < 2)
        status = cli_usage("perft: missing %s (try 'sumgame perft --help')",
                           npos == 0 ? "GAME:POSITION and DEPTH" : "DEPTH");
    else if (status == 0 && npos > 2)
        status = cli_usage("perft: unexpected argument '%.80s'", pos_args[2]);
    else if (status == 0 && !args_parse_uint(pos_args[1], 0, PERFT_DEPTH_MAX, &depth))
        status = cli_usage("perft: DEPTH '%.40s': expected an integer from 0 to %d",
                           pos_args[1], PERFT_DEPTH_MAX);
    if (status != 0) {
        free(pos_args);
        return status;
    }

    sg_sum *root = sg_sum_new(SG_FREEZE_INTEGERS);
    catalog *cat = NULL;
    char err[512];
    if (!root) {
        status = cli_fail("perft: out of memory");
    } else if (catalog_open(&cat, plugin_path, err, sizeof err) != SG_OK ||
               catalog_parse_sum(cat, pos_args[0], root, err, sizeof err) != SG_OK) {
        status = cli_fail("perft: %s", err);
    } else {
        uint64_t leaves = 0, nodes = 0;
        double start = sg_clock_seconds();
        int rc = sg_sum_perft(root, player == 0 ? SG_LEFT : SG_RIGHT, (int)depth, &leaves,
                              &nodes, err, sizeof err);
        double seconds = sg_clock_seconds() - start;
        if (rc != SG_OK) {
            status = cli_fail("perft: %s", err);
        } else if (json) {
            json_out o;
            json_out_init(&o, stdout);
            json_out_object(&o, NULL);
            json_out_string(&o, "position", pos_args[0]);
            json_out_uint(&o, "depth", depth);
            json_out_string(&o, "player", players[player]);
            json_out_uint(&o, "leaves", leaves);
            json_out_uint(&o, "nodes", nodes);
            json_out_fixed(&o, "seconds", seconds, 6);
            json_out_end(&o);
            putchar('\n');
        } else {
            printf("leaves: %llu\nnodes: %llu\nseconds: %.3f\n", (unsigned long long)leaves,
                   (unsigned long long)nodes, seconds);
        }
    }
    sg_sum_free(root);
    catalog_close(cat);
    free(pos_args);
    return status;
}
