/* sumgame experiment FILE.ini [OPTIONS]: reads the file's [experiment] kind and hands the
 * command line to that kind (the registry, exp_kinds.h), which parses its own options. */
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

const char *cmd_experiment_synopsis(void) { return experiment_synopsis(); }

int cmd_experiment(int argc, char **argv)
{
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
