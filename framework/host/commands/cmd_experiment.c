/* sumgame experiment FILE.ini [OPTIONS]: reads the file's [experiment] kind and hands the
 * command line to that kind (the registry, exp_kinds.h), which parses its own options. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/cli/cli.h"
#include "host/experiments/experiment.h"

/* The file among the arguments, found before any option is parsed, since each kind has
 * options of its own: the first argument that is neither an option nor an option's
 * value (every option takes one but the kinds' flags). NULL when there is none. */
static const char *find_file(int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--") == 0)
            return i + 1 < argc ? argv[i + 1] : NULL;
        if (strncmp(a, "--", 2) != 0)
            return a;
        if (!strchr(a, '=') && !experiment_option_is_flag(a))
            i++;
    }
    return NULL;
}

static bool asks_help(int argc, char **argv)
{
    for (int i = 0; i < argc && strcmp(argv[i], "--") != 0; i++)
        if (strcmp(argv[i], "--help") == 0)
            return true;
    return false;
}

/* The usage line, what the command does, then the options of each group of kinds, each
 * printed by the kind's own parser from its table (args.h). */
static int help(void)
{
    printf("usage: sumgame experiment FILE.ini [--json] [--plugin-path DIRS] "
           "[KIND OPTIONS]\n\n");
    printf("Runs the experiment FILE.ini describes; the kind key of its [experiment] section\n"
           "picks the experiment, and the kind decides the options, which override the\n"
           "file's keys. Every kind takes --json and --plugin-path.\n");
    char help_arg[] = "--help";
    char *argv[] = { help_arg, NULL };
    size_t n = experiment_kind_count();
    for (size_t i = 0; i < n; i++) {
        const experiment_kind *k = experiment_kind_at(i), *prev = experiment_kind_at(i - 1);
        const experiment_kind *next = experiment_kind_at(i + 1);
        if (i == 0 || strcmp(prev->synopsis, k->synopsis) != 0)
            printf("\nkind = ");
        printf("%s%s", k->name,
               next && strcmp(next->synopsis, k->synopsis) == 0 ? "|" : ":");
        if (next && strcmp(next->synopsis, k->synopsis) == 0)
            continue;
        if (!k->synopsis[0]) {
            printf(" only --json and --plugin-path\n");
            continue;
        }
        printf("\n");
        fflush(stdout);
        args_help_options_only(true);
        k->run(k, 1, argv);
        args_help_options_only(false);
    }
    return 0;
}

int cmd_experiment(int argc, char **argv)
{
    if (asks_help(argc, argv))
        return help();
    const char *file = find_file(argc, argv);
    if (!file)
        return cli_usage("experiment: missing FILE.ini (usage: sumgame %s)",
                         experiment_synopsis());
    char err[1024];
    sg_config *cfg = NULL;
    if (sg_config_load(file, &cfg, err, sizeof err) != SG_OK)
        return cli_fail("%s", err);
    const experiment_kind *kind = experiment_kind_of(cfg, err, sizeof err);
    sg_config_free(cfg);
    if (!kind)
        return cli_fail("%s", err);
    return kind->run(kind, argc, argv);
}
