/* sumgame rooms N [--distinct] [--values] [--json] [--out FILE]: the N-point Amazons rooms
 * of the TDS paper's Experiment 1 (rooms_db.h), in canonical order, optionally with their
 * exact means and temperatures. The output depends on nothing but the arguments (no
 * timings, no paths), so the databases in conf/data/ rebuild bit for bit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "catalog.h"
#include "cli.h"
#include "out_file.h"
#include "sumgame/rooms_db.h"
#include "sumgame/thermograph.h"

static const char *const counting_names[] = { "paper", "distinct" };

/* The rooms as text, one per line after a comment header, or as one JSON object. The
 * notation's characters need no JSON escaping. */
static void write_rooms(FILE *out, int n, sg_rooms_mode mode, size_t shapes,
                        const sg_room *rooms, size_t count, const sg_value *mean,
                        const sg_value *temperature, bool json)
{
    char m[64], t[64];
    if (json) {
        fprintf(out, "{\"points\":%d,\"counting\":\"%s\",\"shapes\":%zu,\"count\":%zu,"
                     "\"rooms\":[",
                n, counting_names[mode], shapes, count);
    } else {
        fprintf(out, "# amazons rooms of %d points in a 4x4 grid, one Black and one White "
                     "amazon: %zu shapes, %zu rooms (counting: %s)\n",
                n, shapes, count, counting_names[mode]);
        fprintf(out, "# %s\n", mean ? "position mean temperature" : "position");
    }
    for (size_t i = 0; i < count; i++) {
        if (mean) {
            sg_value_format(mean[i], m, sizeof m);
            sg_value_format(temperature[i], t, sizeof t);
        }
        if (json) {
            fprintf(out, "%s\n{\"position\":\"%s\"", i ? "," : "", rooms[i].text);
            if (mean)
                fprintf(out, ",\"mean\":\"%s\",\"temperature\":\"%s\"", m, t);
            fputc('}', out);
        } else if (mean) {
            fprintf(out, "%s %s %s\n", rooms[i].text, m, t);
        } else {
            fprintf(out, "%s\n", rooms[i].text);
        }
    }
    if (json)
        fprintf(out, "%s]}\n", count ? "\n" : "");
}

static int compute_values(const char *plugin_path, const sg_room *rooms, size_t count,
                          sg_value *mean, sg_value *temperature)
{
    catalog *cat = NULL;
    sg_game *game = NULL;
    char err[512];
    int status = 0;
    if (catalog_open(&cat, plugin_path, err, sizeof err) != SG_OK ||
        catalog_default_game(cat, "amazons", &game, err, sizeof err) != SG_OK) {
        status = cli_fail("rooms: %s", err);
    } else {
        sg_thermo_cache *cache = sg_thermo_cache_new(NULL);
        if (!cache)
            status = cli_fail("rooms: out of memory");
        else if (sg_rooms_values(cache, game, rooms, count, mean, temperature, err,
                                 sizeof err) != SG_OK)
            status = cli_fail("%s", err);
        sg_thermo_cache_free(cache);
    }
    catalog_close(cat);
    return status;
}

int cmd_rooms(int argc, char **argv)
{
    const char *plugin_path = NULL, *out_path = NULL;
    bool json = false, values = false, distinct = false;
    const args_option options[] = {
        { "--plugin-path", ARGS_STRING, &plugin_path, 0, 0, NULL },
        { "--json", ARGS_FLAG, &json, 0, 0, NULL },
        { "--values", ARGS_FLAG, &values, 0, 0, NULL },
        { "--distinct", ARGS_FLAG, &distinct, 0, 0, NULL },
        { "--out", ARGS_STRING, &out_path, 0, 0, NULL },
    };
    char **pos_args = calloc((size_t)argc + 1, sizeof *pos_args);
    if (!pos_args)
        return cli_fail("rooms: out of memory");
    size_t npos = 0;
    int status = args_parse("rooms", argc, argv, options, sizeof options / sizeof options[0],
                            pos_args, &npos);
    unsigned long long n = 0;
    if (status == 0 && npos == 0)
        status = cli_usage("rooms: missing N (usage: sumgame rooms N [--distinct] [--values] "
                           "[--json] [--out FILE])");
    else if (status == 0 && npos > 1)
        status = cli_usage("rooms: unexpected argument '%.80s'", pos_args[1]);
    else if (status == 0 && !args_parse_uint(pos_args[0], 2, 16, &n))
        status = cli_usage("rooms: N '%.40s': expected an integer from 2 to 16 (points of a "
                           "room in a 4x4 grid)", pos_args[0]);
    free(pos_args);
    if (status != 0)
        return status;

    /* Opened before the work, so a bad path costs no computing time. */
    out_file of;
    if ((status = out_file_open(&of, "rooms", out_path)) != 0)
        return status;
    sg_rooms_mode mode = distinct ? SG_ROOMS_DISTINCT : SG_ROOMS_PAPER;
    char err[512];
    sg_room *rooms = NULL;
    size_t count = 0, shapes = 0;
    if (sg_rooms_shapes((int)n, NULL, 0, &shapes, err, sizeof err) == SG_ERR_INVALID ||
        sg_rooms_enumerate((int)n, mode, &rooms, &count, err, sizeof err) != SG_OK)
        return out_file_finish(&of, "rooms", cli_fail("%s", err));

    sg_value *mean = NULL, *temperature = NULL;
    if (values) {
        mean = malloc((count ? count : 1) * sizeof *mean);
        temperature = malloc((count ? count : 1) * sizeof *temperature);
        if (!mean || !temperature)
            status = cli_fail("rooms: out of memory");
        else
            status = compute_values(plugin_path, rooms, count, mean, temperature);
    }
    if (status == 0)
        write_rooms(of.f, (int)n, mode, shapes, rooms, count, values ? mean : NULL, temperature,
                    json);
    status = out_file_finish(&of, "rooms", status);
    free(mean);
    free(temperature);
    free(rooms);
    return status;
}
