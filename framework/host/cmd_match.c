/* sumgame match CONFIG.ini [--games N] [--from P] [--jobs J] [--seed S] [--out FILE.jsonl]
 *                          [--json] [--plugin-path DIRS]
 * A head-to-head of the configuration's `left=` and `right=` strategies (match.h says
 * how games, colors and random streams are laid out). Everything the configuration
 * names is checked before the first game: a bad file costs no play time. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "cli.h"
#include "match.h"

#define MATCH_JOBS_MAX 256ULL

int cmd_match(int argc, char **argv)
{
    const char *plugin_path = NULL, *out_path = NULL;
    unsigned long long games = 0, jobs = 1, from = 0;
    bool json = false;
    /* --seed stays text so that its absence is known (every number is a valid seed). */
    const char *seed_text = NULL;
    const args_option options[] = {
        { "--plugin-path", ARGS_STRING, &plugin_path, 0, 0, NULL },
        { "--games", ARGS_UINT, &games, 1, 1000000, NULL },
        { "--from", ARGS_UINT, &from, 0, 1000000, NULL },
        { "--jobs", ARGS_UINT, &jobs, 1, MATCH_JOBS_MAX, NULL },
        { "--seed", ARGS_STRING, &seed_text, 0, 0, NULL },
        { "--out", ARGS_STRING, &out_path, 0, 0, NULL },
        { "--json", ARGS_FLAG, &json, 0, 0, NULL },
    };
    char **pos = calloc((size_t)argc + 1, sizeof *pos);
    if (!pos)
        return cli_fail("match: out of memory");
    size_t npos = 0;
    int status = args_parse("match", argc, argv, options, sizeof options / sizeof options[0],
                            pos, &npos);
    if (status != 0) {
        free(pos);
        return status;
    }
    const char *config = npos ? pos[0] : NULL;
    size_t extra = npos;
    free(pos);
    if (!config)
        return cli_usage("match: missing CONFIG.ini (usage: sumgame match CONFIG.ini "
                         "[--games N] [--from P] [--jobs J] [--seed S] [--out FILE.jsonl] [--json])");
    if (extra > 1)
        return cli_usage("match: one configuration file expected, got %zu arguments", extra);

    match_overrides ov = { .plugin_path = plugin_path, .from = from };
    if (games) { /* 0 is below the option's minimum: it means "not given" */
        ov.has_games = true;
        ov.games = games;
    }
    if (seed_text) {
        unsigned long long s;
        if (!args_parse_uint(seed_text, 0, ~0ULL, &s))
            return cli_usage("match: --seed '%.40s': expected a non-negative integer below "
                             "2^64", seed_text);
        ov.has_seed = true;
        ov.seed = (uint64_t)s;
    }

    match_plan plan;
    char err[1024];
    if (match_plan_load(&plan, config, &ov, err, sizeof err) != SG_OK) {
        match_plan_free(&plan);
        return cli_fail("%s", err);
    }
    FILE *out = NULL;
    if (out_path && !(out = fopen(out_path, "w"))) {
        status = cli_fail("match: --out %s: cannot open: %s", out_path, strerror(errno));
        match_plan_free(&plan);
        return status;
    }
    status = match_run(&plan, (unsigned)jobs, out, json);
    if (out && fclose(out) != 0 && status == 0)
        status = cli_fail("match: --out %s: cannot write", out_path);
    match_plan_free(&plan);
    return status;
}
