/* sumgame perft GAME:POSITION DEPTH [--player left|right] [--json]: counts the move
 * sequences of exactly DEPTH moves, players alternating from --player, for checking move
 * generators against hand or published counts.
 *
 * The count is taken on the sum made from the position under real-play rules
 * (SG_FREEZE_INTEGERS): a component that splits continues as its parts, and a settled
 * (integer) component has no moves, since the game is over there. A sequence that
 * reaches a position where the player to move has no move ends early and is not a leaf.
 * A sum "GAME:POS + GAME:POS" is accepted as well. The last ply is counted in bulk: its
 * moves are generated, not played. */
#include <stdio.h>
#include <stdlib.h>

#include "args.h"
#include "catalog.h"
#include "cli.h"
#include "sumgame/clock.h"

#define PERFT_DEPTH_MAX 64

struct perft {
    sg_sum *ply[PERFT_DEPTH_MAX + 1];
    sg_sum_move *moves[PERFT_DEPTH_MAX];
    size_t cap[PERFT_DEPTH_MAX];
    uint64_t nodes;
    char err[512];
};

static int moves_at(struct perft *pf, int ply, sg_player who, size_t *count)
{
    for (;;) {
        int rc = sg_sum_moves(pf->ply[ply], who, pf->moves[ply], pf->cap[ply], count);
        if (rc != SG_ERR_RANGE)
            return rc;
        sg_sum_move *grown = realloc(pf->moves[ply], *count * sizeof *grown);
        if (!grown)
            return SG_ERR_NOMEM;
        pf->moves[ply] = grown;
        pf->cap[ply] = *count;
    }
}

static int count_leaves(struct perft *pf, int ply, int depth, sg_player who, uint64_t *leaves)
{
    pf->nodes++;
    if (depth == 0) {
        *leaves = 1;
        return SG_OK;
    }
    *leaves = 0;
    size_t n;
    int rc = moves_at(pf, ply, who, &n);
    if (rc != SG_OK) {
        snprintf(pf->err, sizeof pf->err, "move generation failed (%d)", rc);
        return rc;
    }
    if (depth == 1) {
        /* Bulk counting: every legal move ends one sequence, so the last ply is counted
         * without being played (the leaves still count as visited nodes). */
        *leaves = n;
        pf->nodes += n;
        return SG_OK;
    }
    for (size_t i = 0; i < n; i++) {
        rc = sg_sum_play(pf->ply[ply], who, pf->moves[ply][i], pf->ply[ply + 1], pf->err,
                         sizeof pf->err);
        uint64_t below = 0;
        if (rc == SG_OK)
            rc = count_leaves(pf, ply + 1, depth - 1, sg_opponent(who), &below);
        if (rc != SG_OK)
            return rc;
        *leaves += below;
    }
    return SG_OK;
}

int cmd_perft(int argc, char **argv)
{
    static const char *const players[] = { "left", "right", NULL };
    const char *plugin_path = NULL;
    int player = 0;
    bool json = false;
    const args_option options[] = {
        { "--plugin-path", ARGS_STRING, &plugin_path, 0, 0, NULL },
        { "--player", ARGS_CHOICE, &player, 0, 0, players },
        { "--json", ARGS_FLAG, &json, 0, 0, NULL },
    };
    char **pos_args = calloc((size_t)argc + 1, sizeof *pos_args);
    if (!pos_args)
        return cli_fail("perft: out of memory");
    size_t npos = 0;
    int status = args_parse("perft", argc, argv, options, sizeof options / sizeof options[0],
                            pos_args, &npos);
    unsigned long long depth = 0;
    if (status == 0 && npos < 2)
        status = cli_usage("perft: missing %s (usage: sumgame perft GAME:POSITION DEPTH "
                           "[--player left|right] [--json])",
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

    struct perft pf = { 0 };
    catalog *cat = NULL;
    char err[512];
    bool ok = true;
    for (int i = 0; i <= (int)depth && ok; i++)
        ok = (pf.ply[i] = sg_sum_new(SG_FREEZE_INTEGERS)) != NULL;
    if (!ok) {
        status = cli_fail("perft: out of memory");
    } else if (catalog_open(&cat, plugin_path, err, sizeof err) != SG_OK ||
               catalog_parse_sum(cat, pos_args[0], pf.ply[0], err, sizeof err) != SG_OK) {
        status = cli_fail("perft: %s", err);
    } else {
        uint64_t leaves = 0;
        double start = sg_clock_seconds();
        int rc = count_leaves(&pf, 0, (int)depth, player == 0 ? SG_LEFT : SG_RIGHT, &leaves);
        double seconds = sg_clock_seconds() - start;
        if (rc != SG_OK) {
            status = cli_fail("perft: %s", pf.err);
        } else if (json) {
            printf("{\"position\":");
            cli_json_string(pos_args[0]);
            printf(",\"depth\":%llu,\"player\":\"%s\",\"leaves\":%llu,\"nodes\":%llu,"
                   "\"seconds\":%.6f}\n",
                   depth, players[player], (unsigned long long)leaves,
                   (unsigned long long)pf.nodes, seconds);
        } else {
            printf("leaves: %llu\nnodes: %llu\nseconds: %.3f\n", (unsigned long long)leaves,
                   (unsigned long long)pf.nodes, seconds);
        }
    }
    for (int i = 0; i <= PERFT_DEPTH_MAX; i++)
        sg_sum_free(pf.ply[i]);
    for (int i = 0; i < PERFT_DEPTH_MAX; i++)
        free(pf.moves[i]);
    catalog_close(cat);
    free(pos_args);
    return status;
}
