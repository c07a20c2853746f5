/* The command table: each command's name, the function that runs it (one file per command
 * beside this one) and what its help says besides the options (which come from the
 * command's own option table, args.h), and the dispatch from argv. */
#include <stdio.h>
#include <string.h>

#include "host/cli/args.h"
#include "host/cli/cli.h"

static const cli_command commands[] = {
    { "list", cmd_list, "",
      "the game and strategy plugins found, with their parameters",
      "Lists every game and strategy plugin in the plugin path with its version, file, "
      "description and parameters; a plugin that fails to load is listed with the "
      "loader's reason." },
    { "analyze", cmd_analyze, "GAME:POSITION|SUM",
      "value a game or sum: mean, temperature, stops, best moves",
      "Values one game, or a sum with --method exact: its mean, temperature, Left's and "
      "Right's pseudo-temperatures, stops and best moves, exactly from its thermograph or "
      "estimated by TDS, TDS+ or Monte-Carlo dual search; --method thermograph values a "
      "position with ko." },
    { "solve", cmd_solve, "SUM",
      "exact stops, winner and best move of a sum, each player first",
      "Solves a sum of games exactly: for each first player the stop (the optimal score), "
      "who wins under normal play and a best move, by decomposition search or by "
      "combinatorial summation; --outcome asks only who wins." },
    { "match", cmd_match, "CONFIG.ini",
      "play the head-to-head match an INI file describes",
      "Plays the match CONFIG.ini describes: two strategies on every position, each as "
      "Left and as Right, in worker processes; results can go to a JSONL file one game "
      "at a time, be resumed, or be split into shards." },
    { "merge", cmd_merge, "OUT.jsonl IN.jsonl...",
      "join the record files of one match's shards into one",
      "Writes the records of the shards of one match (the record files of its parts, "
      "each played with its own shard I/N) into OUT, in game order; refuses a game "
      "recorded twice and the files of another match." },
    { "report", cmd_report, "FILE.jsonl...",
      "tables (Markdown, CSV, HTML) from match record files",
      "Summarises match record files: per file, player A's mean score with its confidence "
      "interval, wins, draws, losses and forfeits, as Markdown on stdout or as files; "
      "--cells lays the files out as a grid." },
    { "gen", cmd_gen, "GAME [key=value ...]",
      "random positions of a game, one per line",
      "Prints random positions of GAME in its notation, one per line; position i depends "
      "only on the seed and i. key=value arguments are the game's parameters." },
    { "perft", cmd_perft, "SUM DEPTH",
      "count the move sequences of a length (move generator check)",
      "Counts the move sequences of length DEPTH from SUM, players alternating, to check "
      "a move generator against published counts." },
    { "experiment", cmd_experiment, NULL,
      "run the experiment an INI file describes (TDS, solvers, ...)",
      NULL }, /* cmd_experiment prints its own help, one block per kind */
    { "db", cmd_db, "GAME SHAPE",
      "exact mean and temperature of every position of a shape",
      "Lists every position of one of a game's shapes once up to symmetry, with its "
      "exact mean and temperature, or a uniform sample of each layer." },
    { "gtp", cmd_gtp, "--game GAME --strategy NAME [key=value ...]",
      "a GTP v2 engine on stdin/stdout playing a strategy",
      "Speaks GTP v2 on standard input and output, so a GUI such as GoGui or Quarry can "
      "play against a strategy; key=value arguments configure the strategy." },
    { "check-plugin", cmd_check_plugin, "PATH.so|NAME [key=value ...]",
      "the conformance suite for a game plugin",
      "Checks a game plugin against the ABI's promises (notation round trips, hashing, "
      "copy-make, bounds, exact values, database hooks) on generated or given positions "
      "and random walks from them; prints ok, FAIL or skip per check." },
};

#define NCOMMANDS (sizeof commands / sizeof commands[0])

const cli_command *cli_command_at(size_t i) { return i < NCOMMANDS ? &commands[i] : NULL; }

const cli_command *cli_command_find(const char *name)
{
    for (size_t i = 0; name && i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static void usage(FILE *out)
{
    fprintf(out, "usage: sumgame COMMAND [ARGS]\n\n"
                 "Sums of combinatorial games: exact and approximate analysis, solving, "
                 "strategies\nplayed against each other. The commands:\n\n");
    for (size_t i = 0; i < NCOMMANDS; i++)
        fprintf(out, "  %-14s%s\n", commands[i].name, commands[i].summary);
    fprintf(out, "\n'sumgame COMMAND --help' explains a command and every option it takes.\n"
                 "Every command takes --plugin-path DIRS (where plugins are looked for).\n");
}

/* Runs a command's help: its run function stops in args_parse, which prints the help
 * made from the command's own option table. */
static int run_help(const cli_command *c)
{
    char help[] = "--help";
    char *argv[] = { help, NULL };
    int rc = c->run(1, argv);
    return args_help_shown() ? 0 : rc;
}

int host_main(int argc, char **argv)
{
    if (argc < 2) {
        usage(stderr);
        return 2;
    }
    if (strcmp(argv[1], "--help") == 0 || strcmp(argv[1], "-h") == 0 ||
        strcmp(argv[1], "help") == 0) {
        if (argc == 3 && strcmp(argv[1], "help") == 0) {
            const cli_command *c = cli_command_find(argv[2]);
            if (!c)
                return cli_usage("help: unknown command '%.80s' (try 'sumgame --help')",
                                 argv[2]);
            return run_help(c);
        }
        usage(stdout);
        return 0;
    }
    const cli_command *c = cli_command_find(argv[1]);
    if (!c)
        return cli_usage("unknown command '%.80s' (try 'sumgame --help')", argv[1]);
    if (argc == 3 && strcmp(argv[2], "-h") == 0)
        return run_help(c);
    int rc = c->run(argc - 2, argv + 2);
    return args_help_shown() ? 0 : rc;
}
