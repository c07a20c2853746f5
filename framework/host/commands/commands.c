/* The command table: each command's name, its usage line and the function that runs it
 * (one file per command beside this one), and the dispatch from argv. */
#include <stdio.h>
#include <string.h>

#include "host/cli/cli.h"

static const struct {
    const char *name;
    int (*run)(int, char **);
    const char *synopsis;
} commands[] = {
    { "list", cmd_list, "list [--json]" },
    { "analyze", cmd_analyze, "analyze GAME:POSITION|SUM [--method exact|tds|tdsplus|mcdual|thermograph] [--canonical] [--svg FILE] [--delta D] [--tmax T] [--depth N] [--enhancements LIST] [--combine auto|max|average] [--playouts N] [--c C] [--threads N] [--seed S] [--komaster left|right|both|none] [--params K=V,...] [--check DELTA] [--nodes N] [--time S] [--memory SIZE] [--json]" },
    { "solve", cmd_solve, "solve SUM [--first left|right|both] [--method decomposition|summation] [--order none|prev|temp|temp+prev|incentive] [--no-decompose] [--no-incentives] [--nodes N] [--time S] [--memory SIZE] [--component-positions N] [--outcome [--reduce-days D]] [--json]" },
    { "match", cmd_match, "match CONFIG.ini [--games N] [--from P] [--jobs J] [--seed S] [--out FILE.jsonl [--resume]] [--shard I/N] [--mpi] [--json]" },
    { "merge", cmd_merge, "merge OUT.jsonl IN.jsonl... [--json]  (shards of one match into one file, in game order)" },
    { "report", cmd_report, "report FILE.jsonl... [--out-dir DIR] [--format md,csv,html] [--title T] [--cells PATTERN [--row-name NAME] [--rows LIST] [--cols LIST]] [--ci t|normal]" },
    { "gen", cmd_gen, "gen GAME [--count N] [--seed S] [--json] [key=value ...]" },
    { "perft", cmd_perft, "perft SUM DEPTH [--player left|right] [--json]" },
    { "experiment", cmd_experiment, NULL }, /* cmd_experiment_synopsis() */
    { "db", cmd_db, "db GAME SHAPE [--positions-only] [--sample Q0,Q1,... [--seed S]] [--json] [--out FILE] [--nodes N] [--time S] [--memory SIZE]" },
    { "gtp", cmd_gtp, "gtp --game GAME --strategy NAME [key=value ...] [--game-param K=V]... [--seed S] [--time-per-move S] [--nodes N]  (GTP v2 on stdin/stdout)" },
    { "check-plugin", cmd_check_plugin, "check-plugin PATH.so|NAME [key=value ...] [--position TEXT]... [--seed S] [--count N] [--depth D] [--playouts P]" },
};

/* experiment's synopsis is made from its registry of kinds, so that it names them all. */
static const char *synopsis(size_t i)
{
    return commands[i].synopsis ? commands[i].synopsis : cmd_experiment_synopsis();
}

static void usage(FILE *out)
{
    fprintf(out, "usage: sumgame COMMAND [ARGS]   (every command takes --plugin-path DIRS)\n");
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++)
        fprintf(out, "  sumgame %s\n", synopsis(i));
}

int host_main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        usage(stdout);
        return 0;
    }
    for (size_t i = 0; i < sizeof commands / sizeof commands[0]; i++) {
        if (strcmp(argv[1], commands[i].name) != 0)
            continue;
        if (argc == 3 && (strcmp(argv[2], "--help") == 0 || strcmp(argv[2], "-h") == 0)) {
            printf("usage: sumgame %s [--plugin-path DIRS]\n", synopsis(i));
            return 0;
        }
        return commands[i].run(argc - 2, argv + 2);
    }
    return cli_usage("unknown command '%s' (try 'sumgame --help')", argv[1]);
}
