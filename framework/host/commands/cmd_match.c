/* sumgame match CONFIG.ini [--games N] [--from P] [--jobs J] [--seed S] [--out FILE.jsonl]
 *                          [--resume] [--shard I/N] [--mpi] [--json] [--plugin-path DIRS]
 * A head-to-head of the configuration's `left=` and `right=` strategies (match.h says
 * how games, colors and random streams are laid out). Everything the configuration
 * names is checked before the first game: a bad file costs no play time. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "host/cli/args.h"
#include "host/cli/cli.h"
#include "host/match/match.h"
#include "host/match/match_log.h"
#include "host/match/match_mpi.h"
#include "host/match/match_run.h"

#define USAGE "sumgame match CONFIG.ini [--games N] [--from P] [--jobs J] [--seed S] " \
              "[--out FILE.jsonl [--resume]] [--shard I/N] [--mpi] [--json]"

/* "I/N" with 0 <= I < N <= 1000000. */
static bool parse_shard(const char *text, unsigned long long *index, unsigned long long *count)
{
    const char *slash = strchr(text, '/');
    if (!slash || slash == text || slash - text > 20)
        return false;
    char head[24];
    memcpy(head, text, (size_t)(slash - text));
    head[slash - text] = '\0';
    return args_parse_uint(head, 0, 999999, index) &&
           args_parse_uint(slash + 1, 1, 1000000, count) && *index < *count;
}

#define MATCH_JOBS_MAX 256ULL

int cmd_match(int argc, char **argv)
{
    const char *plugin_path = NULL, *out_path = NULL;
    unsigned long long games = 0, jobs = 1, from = 0;
    bool json = false, resume = false, mpi = false;
    const char *shard_text = NULL;
    /* --seed stays text so that its absence is known (every number is a valid seed). */
    const char *seed_text = NULL;
    const args_option options[] = {
        { "--plugin-path", ARGS_STRING, &plugin_path, 0, 0, NULL, "DIRS",
          "directories to look for plugins in first, ':' between them (each must exist)" },
        { "--games", ARGS_UINT, &games, 1, 1000000, NULL, "N",
          "play N positions (two games each), overriding the file" },
        { "--from", ARGS_UINT, &from, 0, 1000000, NULL, "P",
          "skip positions 0 to P-1 (games keep a whole run's numbers)" },
        { "--jobs", ARGS_UINT, &jobs, 1, MATCH_JOBS_MAX, NULL, "J",
          "play in J worker processes (default 1; results do not depend on it)" },
        { "--seed", ARGS_STRING, &seed_text, 0, 0, NULL, "S",
          "the seed of the positions, overriding the file" },
        { "--out", ARGS_STRING, &out_path, 0, 0, NULL, "FILE.jsonl",
          "append one JSON line per game as it finishes" },
        { "--resume", ARGS_FLAG, &resume, 0, 0, NULL, NULL,
          "continue the match --out holds, playing only the missing games" },
        { "--shard", ARGS_STRING, &shard_text, 0, 0, NULL, "I/N",
          "play only the positions p with p mod N = I (merge joins the shards)" },
        { "--mpi", ARGS_FLAG, &mpi, 0, 0, NULL, NULL,
          "farm the games out over the ranks of an MPI job (mpirun)" },
        { "--json", ARGS_FLAG, &json, 0, 0, NULL, NULL,
          "print the summary as one JSON object" },
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
        return cli_usage("match: missing CONFIG.ini (usage: " USAGE ")");
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

    if (shard_text && !parse_shard(shard_text, &ov.shard, &ov.shards))
        return cli_usage("match: --shard '%.40s': expected I/N with 0 <= I < N <= 1000000 "
                         "(shard I of N)", shard_text);
    if (resume && !out_path)
        return cli_usage("match: --resume needs --out FILE.jsonl (the results to continue)");
    if (mpi && !match_mpi_built())
        return cli_usage("match: --mpi: this sumgame was built without MPI (install "
                         "libopenmpi-dev and openmpi-bin, then rebuild)");

    int rank = 0, size = 1;
    char err[1024];
    if (mpi && match_mpi_init(&rank, &size, err, sizeof err) != SG_OK)
        return cli_fail("match: --mpi: %s", err);
    /* An existing record file is never overwritten: refuse before any work. */
    if (rank == 0 && match_out_check(out_path, resume, err, sizeof err) != SG_OK)
        status = cli_fail("%s", err);
    match_plan plan;
    bool root_failed;
    if (mpi)
        status = match_mpi_agree(status, 0, &root_failed); /* all stop when rank 0 refused */
    if (status != 0) {
        if (mpi)
            match_mpi_finalize(status);
        return status;
    }
    /* Under MPI, every rank reads the same files: a failure shared by all is printed by
     * rank 0 alone, one particular to a rank (a plugin missing on its node) by that rank. */
    bool loaded = match_plan_load(&plan, config, &ov, err, sizeof err) == SG_OK;
    if (loaded)
        plan.print = match_fingerprint(&plan);
    else if (!mpi)
        status = cli_fail("%s", err);
    else
        status = 1;
    bool agreed = true;
    if (mpi) {
        status = match_mpi_agree(status, loaded ? plan.print : 0, &root_failed);
        if (!loaded && rank == 0)
            cli_fail("%s", err);
        else if (!loaded && !root_failed)
            cli_fail("match: --mpi: rank %d: %s", rank, err);
        agreed = status == 0;
        if (agreed && rank > 0)
            status = match_mpi_serve(&plan);
    }
    if (status == 0 && rank == 0) {
        match_run_opts opts = { .jobs = (unsigned)jobs, .json = json, .out = out_path,
                                .resume = resume, .mpi = mpi && size > 1 };
        status = match_run(&plan, &opts);
    }
    if (mpi && agreed && rank == 0)
        match_mpi_release(); /* the other ranks wait for it, whatever happened here */
    match_plan_free(&plan);
    if (mpi)
        match_mpi_finalize(status);
    return status;
}
