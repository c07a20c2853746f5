/* sumgame check-plugin PATH.so|NAME [key=value ...] [--position TEXT]... [--seed S]
 *                      [--count N] [--depth D] [--playouts P] [--exact N]
 *                      [--db-shape TEXT] [--plugin-path DIRS]
 *
 * Conformance test of a game plugin against the contract of include/sumgame/game.h: the
 * checker (host/check/checker.h) prints one line a check, "ok" or "FAIL" with its first
 * counterexample, then "N checks passed, M failed"; the exit status is 0 only when
 * nothing failed. Here: the arguments, opening the plugin, and a crash, which ends the
 * run with a FAIL line for the check that was running. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/check/checker.h"
#include "host/cli/args.h"
#include "host/cli/cli.h"
#include "sumgame/loader.h"

static void on_crash(int sig)
{
    char line[256];
    const char *check = checker_running_check();
    int n = snprintf(line, sizeof line, "FAIL %s: the plugin crashed (signal %d)\n",
                     check ? check : "loading the plugin", sig);
    if (n > 0)
        (void)!write(STDOUT_FILENO, line, (size_t)n < sizeof line ? (size_t)n : sizeof line - 1);
    static const char err[] = "sumgame: check-plugin: the plugin crashed\n";
    (void)!write(STDERR_FILENO, err, sizeof err - 1);
    _exit(1);
}

static void catch_crashes(void)
{
    int signals[] = { SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT };
    for (size_t i = 0; i < sizeof signals / sizeof signals[0]; i++) {
        struct sigaction sa;
        memset(&sa, 0, sizeof sa);
        sa.sa_handler = on_crash;
        sigemptyset(&sa.sa_mask);
        sigaction(signals[i], &sa, NULL);
    }
}

static bool looks_like_file(const char *arg)
{
    size_t len = strlen(arg);
    return strchr(arg, '/') || (len > 3 && strcmp(arg + len - 3, ".so") == 0);
}

int cmd_check_plugin(int argc, char **argv)
{
    checker_options o = CHECKER_OPTIONS_DEFAULT;
    const char *plugin_path = NULL;
    args_list positions = { 0 };
    const args_option options[] = {
        { "--plugin-path", ARGS_STRING, &plugin_path, 0, 0, NULL, "DIRS",
          "directories to look for plugins in first, ':' between them (each must exist)" },
        { "--position", ARGS_LIST, &positions, 0, 0, NULL, "TEXT",
          "check from this position (in the game's notation) instead of generated ones" },
        { "--seed", ARGS_SEED, &o.seed, 0, 0, NULL, "S",
          "the seed of the generated positions and walks (default 1)" },
        { "--count", ARGS_UINT, &o.count, 1, 100000, NULL, "N",
          "generate N start positions (default 20), those 'gen --seed S' prints" },
        { "--depth", ARGS_UINT, &o.depth, 0, 100000, NULL, "D",
          "moves of each random walk (default 12)" },
        { "--playouts", ARGS_UINT, &o.playouts, 0, 100000, NULL, "P",
          "random walks from each start position (default 4)" },
        { "--exact", ARGS_UINT, &o.exact, 0, 100000000, NULL, "N",
          "positions each exact question may visit (default 2000; 0 turns the exact checks off)" },
        { "--db-shape", ARGS_STRING, &o.db_shape, 0, 0, NULL, "TEXT",
          "check the database hooks on this shape (such as 4x4)" },
    };
    char **pos_args = calloc((size_t)argc + 1, sizeof *pos_args);
    if (!pos_args)
        return cli_fail("check-plugin: out of memory");
    size_t npos = 0;
    int status = args_parse("check-plugin", argc, argv, options,
                            sizeof options / sizeof options[0], pos_args, &npos);
    if (status == 0 && npos == 0)
        status = cli_usage("check-plugin: missing PATH.so (try 'sumgame check-plugin --help')");
    for (size_t i = 1; status == 0 && i < npos; i++)
        if (!args_is_param(pos_args[i]))
            status = cli_usage("check-plugin: unexpected argument '%.80s' (game parameters "
                               "are key=value)", pos_args[i]);
    if (status != 0) {
        args_list_free(&positions);
        free(pos_args);
        return status;
    }

    catch_crashes();
    sg_plugin plugin;
    char err[1024];
    int rc;
    if (looks_like_file(pos_args[0])) {
        rc = sg_plugin_open_file(pos_args[0], SG_PLUGIN_GAME, &plugin, err, sizeof err);
    } else {
        sg_plugin_path path;
        rc = sg_plugin_path_init(&path, plugin_path, err, sizeof err);
        if (rc == SG_OK) {
            rc = sg_plugin_open(&path, SG_PLUGIN_GAME, pos_args[0], &plugin, err, sizeof err);
            sg_plugin_path_free(&path);
        }
    }
    if (rc != SG_OK) {
        status = cli_fail("check-plugin: %s", err);
    } else {
        args_params params;
        if (args_params_build(&params, plugin.desc.game->name, pos_args + 1, npos - 1) != SG_OK) {
            status = cli_fail("check-plugin: out of memory");
        } else {
            o.positions = positions.items;
            o.npositions = positions.count;
            char why[4096] = "";
            status = checker_run(&plugin, &params.params, &o, stdout, why, sizeof why);
            if (status == CHECKER_USAGE)
                status = cli_usage("check-plugin: %s", why);
            else if (status == CHECKER_ERROR)
                status = cli_fail("check-plugin: %s", why);
            args_params_free(&params);
        }
        sg_plugin_close(&plugin);
    }
    args_list_free(&positions);
    free(pos_args);
    return status;
}
