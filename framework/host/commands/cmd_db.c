/* sumgame db GAME SHAPE [--positions-only] [--sample Q0,Q1,... [--seed S]] [--json]
 * [--out FILE] [--nodes N] [--time S] [--memory SIZE]: the exact database of one of a
 * game's shapes (sumgame/database.h), every position listed once up to symmetry with its
 * mean and temperature, or a stratified sample of it. The output depends on nothing but
 * the arguments (no timings, no paths), so stored databases rebuild bit for bit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/cli/args.h"
#include "host/check/catalog.h"
#include "host/cli/cli.h"
#include "host/cli/limits_opt.h"
#include "host/cli/out_file.h"
#include "host/cli/json.h"
#include "sumgame/database.h"
#include "sumgame/thermograph.h"
#include "sumgame/game_call.h"
#include "sumgame/fault.h"

#define HELP "try 'sumgame db --help'"
#define LAYERS_MAX 1024

typedef struct db_args {
    const char *game, *shape, *sample_text;
    unsigned long long seed;
    bool seeded, json, values;
    unsigned quota[LAYERS_MAX];
    size_t nquota;
} db_args;

/* "17,50,50" or with repeats "0,0,17,50x11,33": a quota per layer from layer 0. */
static int parse_quota(const char *text, db_args *a)
{
    const char *p = text;
    a->nquota = 0;
    while (*p) {
        char *end;
        unsigned long q = strtoul(p, &end, 10), times = 1;
        if (end == p || *p == '-' || q > 1000000000UL)
            return cli_usage("db: --sample '%.60s': expected counts per layer such as "
                             "0,0,17,50x11,33", text);
        p = end;
        if (*p == 'x') {
            times = strtoul(p + 1, &end, 10);
            if (end == p + 1 || times == 0 || times > LAYERS_MAX)
                return cli_usage("db: --sample '%.60s': a repeat 'QxN' needs N from 1 to %d",
                                 text, LAYERS_MAX);
            p = end;
        }
        for (unsigned long k = 0; k < times; k++) {
            if (a->nquota == LAYERS_MAX)
                return cli_usage("db: --sample '%.60s': more than %d layers", text,
                                 LAYERS_MAX);
            a->quota[a->nquota++] = (unsigned)q;
        }
        if (*p == ',' && p[1])
            p++;
        else if (*p)
            return cli_usage("db: --sample '%.60s': expected counts separated by commas",
                             text);
    }
    if (a->nquota == 0)
        return cli_usage("db: --sample: no counts given");
    return 0;
}

/* With --json, o is left inside the object's "positions" array. */
static void write_header(FILE *out, json_out *o, const db_args *a, const sg_db_shape *shape,
                         size_t count, size_t total)
{
    if (a->json) {
        json_out_object(o, NULL);
        json_out_string(o, "game", a->game);
        json_out_string(o, "shape", a->shape);
        json_out_string(o, "title", shape->title);
        json_out_uint(o, "listed", total);
        if (a->sample_text) {
            json_out_string(o, "sample", a->sample_text);
            json_out_uint(o, "seed", a->seed);
        }
        json_out_uint(o, "count", count);
        json_out_array(o, "positions");
        return;
    }
    fprintf(out, "# %s %s: %s\n", a->game, a->shape, shape->title);
    if (a->sample_text)
        fprintf(out, "# %zu of the %zu positions listed, drawn with seed %llu (sumgame db %s %s "
                     "--sample %s --seed %llu)\n",
                count, total, a->seed, a->game, a->shape, a->sample_text, a->seed);
    else
        fprintf(out, "# %zu positions (sumgame db %s %s%s)\n", count,
                a->game, a->shape, a->values ? "" : " --positions-only");
    fprintf(out, "# %s\n", a->values ? "position mean temperature" : "position");
}

static int write_rows(FILE *out, const db_args *a, sg_db *db, const sg_game *game,
                      const size_t *rows, size_t count, sg_meter *meter)
{
    sg_thermo_cache *cache = a->values ? sg_thermo_cache_new(sg_db_table(db)) : NULL;
    if (a->values && !cache)
        return cli_fail("db: out of memory");
    json_out o;
    json_out_init(&o, out);
    write_header(out, &o, a, sg_db_describe(db), count, sg_db_count(db));
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    int status = 0;
    for (size_t k = 0; k < count && status == 0; k++) {
        size_t i = rows ? rows[k] : k;
        char text[1024], m[64], t[64];
        if (sg_db_position(db, i, pos) != SG_OK ||
            sg_gc_format(game->desc, game->instance, pos, text, sizeof text) != SG_OK) {
            status = cli_fail("db: %s: position %zu of the list cannot be written", a->game, i);
            break;
        }
        /* The thermographs' cache grows with every row: under the meter, as the build */
        if (a->values && sg_meter_tick(meter)) {
            char why[96];
            sg_meter_reason(meter, why, sizeof why);
            status = cli_fail_status(EXIT_LIMIT, "db: %s: stopped at %s while writing the "
                                     "thermographs, after %zu of %zu positions", a->game,
                                     why, k, count);
            break;
        }
        if (a->values) {
            const sg_thermograph *th = sg_thermograph_of(cache, sg_db_value(db, i));
            if (!th) {
                status = cli_fail("db: thermograph failed (out of memory)");
                break;
            }
            sg_value_format(th->mean, m, sizeof m);
            sg_value_format(th->temperature, t, sizeof t);
        }
        if (a->json) {
            /* One position a line, so that a database diffs line by line. */
            json_out_newline(&o);
            json_out_object(&o, NULL);
            json_out_string(&o, "position", text);
            json_out_uint(&o, "layer", sg_db_layer(db, i));
            if (a->values) {
                json_out_string(&o, "mean", m);
                json_out_string(&o, "temperature", t);
            }
            json_out_end(&o);
        } else if (a->values) {
            fprintf(out, "%s %s %s\n", text, m, t);
        } else {
            fprintf(out, "%s\n", text);
        }
    }
    if (status == 0 && a->json) {
        if (count)
            fputc('\n', out);
        json_out_end(&o);
        json_out_end(&o);
        fputc('\n', out);
    }
    sg_thermo_cache_free(cache);
    return status;
}

static int run(const db_args *a, const limits_opt *lo, const char *plugin_path, FILE *out)
{
    sg_limits limits;
    int status = limits_opt_parse("db", lo, &limits);
    if (status != 0)
        return status;
    catalog *cat = NULL;
    sg_game *game = NULL;
    char err[512];
    if (catalog_open(&cat, plugin_path, err, sizeof err) != SG_OK ||
        catalog_new_game(cat, a->game, NULL, &game, err, sizeof err) != SG_OK) {
        catalog_close(cat);
        return cli_fail("db: %s", err);
    }
    sg_meter meter;
    sg_meter_start(&meter, &limits);
    progress_line progress;
    progress_attach(&progress, "db", &meter);
    sg_db *db = NULL;
    int rc = sg_db_build(&db, game, a->shape, a->values ? SG_DB_VALUES : 0, &meter, err,
                         sizeof err);
    progress_done(&progress);
    if (rc == SG_ERR_BUDGET)
        status = cli_fail_status(EXIT_LIMIT, "db: %s", err);
    else if (rc == SG_ERR_INVALID || rc == SG_ERR_UNSUPPORTED)
        status = cli_usage("db: %s", err);
    else if (rc != SG_OK)
        status = cli_fail("db: %s", err);
    size_t *rows = NULL, count = db ? sg_db_count(db) : 0;
    if (status == 0 && a->sample_text) {
        rows = malloc((count ? count : 1) * sizeof *rows);
        if (!rows || sg_db_sample(db, a->quota, a->nquota, a->seed, rows, count, &count) !=
                         SG_OK)
            status = cli_fail("db: out of memory");
    }
    if (status == 0)
        status = write_rows(out, a, db, game, rows, count, &meter);
    free(rows);
    sg_db_free(db);
    catalog_close(cat);
    return status;
}

int cmd_db(int argc, char **argv)
{
    /* A crash inside a game plugin is named in one line, not a silent exit 139. */
    sg_fault_install(sg_fault_cli, "db");
    const char *out_path = NULL, *plugin_path = NULL, *seed_text = NULL;
    bool positions_only = false;
    db_args a;
    memset(&a, 0, sizeof a);
    limits_opt lo = { 0, NULL, NULL };
    const args_option options[] = {
        { "--json", ARGS_FLAG, &a.json, 0, 0, NULL, NULL,
          "print one JSON object with every position" },
        { "--positions-only", ARGS_FLAG, &positions_only, 0, 0, NULL, NULL,
          "list the positions without values" },
        { "--sample", ARGS_STRING, &a.sample_text, 0, 0, NULL, "Q0,Q1,...",
          "draw Qk positions of layer k uniformly ('QxN' repeats Q for N layers)" },
        { "--seed", ARGS_STRING, &seed_text, 0, 0, NULL, "S",
          "with --sample: the random seed (default 1)" },
        { "--out", ARGS_STRING, &out_path, 0, 0, NULL, "FILE",
          "write to FILE (whole or not at all) instead of stdout" },
        { "--plugin-path", ARGS_STRING, &plugin_path, 0, 0, NULL, "DIRS",
          "directories to look for plugins in first, ':' between them (each must exist)" },
        LIMITS_OPTIONS(lo),
    };
    char **pos_args = calloc((size_t)argc + 1, sizeof *pos_args);
    if (!pos_args)
        return cli_fail("db: out of memory");
    size_t npos = 0;
    int status = args_parse("db", argc, argv, options, sizeof options / sizeof options[0],
                            pos_args, &npos);
    a.seed = 1;
    if (status == 0 && npos < 2)
        status = cli_usage("db: missing %s (" HELP ")", npos ? "SHAPE" : "GAME and SHAPE");
    else if (status == 0 && npos > 2)
        status = cli_usage("db: unexpected argument '%.80s' (" HELP ")", pos_args[2]);
    else if (status == 0 && seed_text && !a.sample_text)
        status = cli_usage("db: --seed needs --sample");
    else if (status == 0 && seed_text && !args_parse_uint(seed_text, 0, UINT64_MAX, &a.seed))
        status = cli_usage("db: --seed '%.40s': expected a non-negative integer", seed_text);
    else if (status == 0 && a.sample_text)
        status = parse_quota(a.sample_text, &a);
    if (status == 0) {
        a.game = pos_args[0];
        a.shape = pos_args[1];
        a.values = !positions_only;
    }
    free(pos_args);
    if (status != 0)
        return status;
    /* Opened before the work, so a bad path costs no computing time. */
    out_file of;
    if ((status = out_file_open(&of, "db", out_path)) != 0)
        return status;
    return out_file_finish(&of, "db", run(&a, &lo, plugin_path, of.f));
}
