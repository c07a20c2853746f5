/* sumgame grid4x4 [--test-set] [--seed S] [--json] [--out FILE]: the full 4x4 Amazons
 * database (amazons_grid_db.h), every position up to symmetry with its exact mean and
 * temperature, or the TDS+ lecture's 600-position test set drawn from it. The output
 * depends only on the arguments, so the stored test set rebuilds bit for bit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "args.h"
#include "cli.h"
#include "out_file.h"
#include "sumgame/amazons_grid_db.h"
#include "sumgame/clock.h"
#include "sumgame/thermograph.h"

#define USAGE "usage: sumgame grid4x4 [--test-set] [--seed S] [--json] [--out FILE]"

typedef struct progress_ctx {
    double start;
} progress_ctx;

static void report(void *ctx, int arrows, size_t done, size_t total)
{
    const progress_ctx *p = ctx;
    fprintf(stderr, "\rgrid4x4: %2d arrows done, %zu of %zu positions, %.1f s ", arrows, done,
            total, sg_clock_seconds() - p->start);
    if (arrows == 0)
        fputc('\n', stderr);
}

static int write_rows(FILE *out, sg_grid_db *db, sg_thermo_cache *cache, const size_t *rows,
                      size_t count, bool test_set, unsigned long long seed, bool json)
{
    if (json)
        fprintf(out, "{\"kind\":\"%s\",\"count\":%zu,\"positions\":[",
                test_set ? "test-set" : "database", count);
    else if (test_set)
        fprintf(out, "# amazons 4x4 test set of the TDS+ lecture: %zu positions drawn with seed "
                     "%llu from the full database (sumgame grid4x4 --test-set --seed %llu)\n"
                     "# position mean temperature\n",
                count, seed, seed);
    else
        fprintf(out, "# amazons 4x4 database: one Black and one White amazon, every blocked "
                     "pattern, %zu positions up to symmetry (sumgame grid4x4)\n"
                     "# position mean temperature\n",
                count);
    for (size_t i = 0; i < count; i++) {
        sg_grid_pos p = sg_grid_db_position(db, rows ? rows[i] : i);
        sg_cg g;
        if (sg_grid_db_value(db, p, &g) != SG_OK)
            return SG_ERR_INTERNAL;
        const sg_thermograph *th = sg_thermograph_of(cache, g);
        if (!th)
            return SG_ERR_NOMEM;
        char text[SG_GRID_TEXT_MAX], m[64], t[64];
        sg_grid_format(p, text);
        sg_value_format(th->mean, m, sizeof m);
        sg_value_format(th->temperature, t, sizeof t);
        if (json)
            fprintf(out, "%s\n{\"position\":\"%s\",\"empty\":%d,\"mean\":\"%s\","
                         "\"temperature\":\"%s\"}",
                    i ? "," : "", text, sg_grid_empty_squares(p), m, t);
        else
            fprintf(out, "%s %s %s\n", text, m, t);
    }
    if (json)
        fprintf(out, "%s]}\n", count ? "\n" : "");
    return SG_OK;
}

int cmd_grid(int argc, char **argv)
{
    const char *out_path = NULL, *plugin_path = NULL;
    const char *seed_text = NULL;
    bool json = false, test_set = false;
    const args_option options[] = {
        { "--json", ARGS_FLAG, &json, 0, 0, NULL },
        { "--test-set", ARGS_FLAG, &test_set, 0, 0, NULL },
        { "--seed", ARGS_STRING, &seed_text, 0, 0, NULL },
        { "--out", ARGS_STRING, &out_path, 0, 0, NULL },
        /* Accepted as by every command; the database needs no plugin. */
        { "--plugin-path", ARGS_STRING, &plugin_path, 0, 0, NULL },
    };
    char **pos_args = calloc((size_t)argc + 1, sizeof *pos_args);
    if (!pos_args)
        return cli_fail("grid4x4: out of memory");
    size_t npos = 0;
    int status = args_parse("grid4x4", argc, argv, options, sizeof options / sizeof options[0],
                            pos_args, &npos);
    unsigned long long seed = 1;
    if (status == 0 && npos > 0)
        status = cli_usage("grid4x4: unexpected argument '%.80s' (" USAGE ")", pos_args[0]);
    else if (status == 0 && seed_text && !test_set)
        status = cli_usage("grid4x4: --seed needs --test-set");
    else if (status == 0 && seed_text && !args_parse_uint(seed_text, 0, UINT64_MAX, &seed))
        status = cli_usage("grid4x4: --seed '%.40s': expected a non-negative integer",
                           seed_text);
    free(pos_args);
    (void)plugin_path;
    if (status != 0)
        return status;

    out_file of;
    if ((status = out_file_open(&of, "grid4x4", out_path)) != 0)
        return status;
    FILE *out = of.f;

    char err[256];
    sg_grid_db *db = NULL;
    progress_ctx ctx = { sg_clock_seconds() };
    if (sg_grid_db_build(&db, isatty(STDERR_FILENO) ? report : NULL, &ctx, err, sizeof err) !=
        SG_OK)
        status = cli_fail("%s", err);
    size_t *rows = NULL, count = db ? sg_grid_db_count(db) : 0;
    if (status == 0 && test_set) {
        size_t cap = 1024;
        rows = malloc(cap * sizeof *rows);
        if (!rows || sg_grid_db_sample(db, sg_grid_lecture_quota, seed, rows, cap, &count) !=
                         SG_OK)
            status = cli_fail("grid4x4: out of memory");
    }
    sg_thermo_cache *cache = status ? NULL : sg_thermo_cache_new(sg_grid_db_table(db));
    if (status == 0 && !cache)
        status = cli_fail("grid4x4: out of memory");
    if (status == 0 && write_rows(out, db, cache, rows, count, test_set, seed, json) != SG_OK)
        status = cli_fail("grid4x4: thermograph failed (out of memory)");
    status = out_file_finish(&of, "grid4x4", status);
    sg_thermo_cache_free(cache);
    free(rows);
    sg_grid_db_free(db);
    return status;
}
