/* What several experiment kinds share: the positions `sumgame match` would play, and the
 * rooms of a stored database or test set. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/check/catalog.h"
#include "host/experiments/experiment.h"
#include "host/cli/in_file.h"
#include "host/cli/json.h"
#include "host/match/match.h"

int exp_positions(const char *file, const char *plugin_path, int levels, int size,
                  int components, unsigned count, uint64_t seed, char ***texts, char *err,
                  size_t errlen)
{
    *texts = NULL;
    /* The [sum] section `sumgame match` would read, generator = rcg with the game's keys
     * in the same order, so the generator's instance and its draws are match's. */
    char levels_text[24], size_text[24];
    snprintf(levels_text, sizeof levels_text, "%d", levels);
    snprintf(size_text, sizeof size_text, "%d", size);
    const sg_param gen = { "generator", "rcg", 0 };
    sg_param game_keys[] = { { "levels", levels_text, 0 }, { "size", size_text, 0 } };
    const sg_params sum = { file, "experiment", game_keys, 2 };
    match_plan plan;
    memset(&plan, 0, sizeof plan);
    plan.seed = seed;
    plan.positions = count;
    char why[512] = "";
    int rc = catalog_open(&plan.cat, plugin_path, why, sizeof why);
    if (rc == SG_OK)
        rc = match_generate(&plan, &sum, &gen, NULL, components, why, sizeof why);
    if (rc != SG_OK) {
        snprintf(err, errlen, "making the positions: %s", why[0] ? why : "out of memory");
        match_positions_free(&plan);
        catalog_close(plan.cat);
        return rc;
    }
    char **out = calloc(count ? count : 1, sizeof *out);
    for (unsigned p = 0; out && p < count; p++)
        if (!(out[p] = strdup(plan.texts[p]))) {
            exp_positions_free(out, count);
            out = NULL;
        }
    match_positions_free(&plan);
    catalog_close(plan.cat); /* after the sums that use its games */
    if (!out) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    *texts = out;
    return SG_OK;
}

void exp_positions_free(char **texts, unsigned count)
{
    if (!texts)
        return;
    for (unsigned p = 0; p < count; p++)
        free(texts[p]);
    free(texts);
}

int exp_read_rooms(const char *path, exp_room **out, size_t *count, char *err,
                      size_t errlen)
{
    *out = NULL;
    *count = 0;
    FILE *f = in_file_open(path, err, errlen);
    if (!f)
        return SG_ERR_INVALID;
    char line[256];
    size_t cap = 0;
    int lineno = 0, rc = SG_OK;
    exp_room *rooms = NULL;
    while (fgets(line, sizeof line, f)) {
        lineno++;
        if (line[0] == '#' || line[0] == '\n')
            continue;
        char pos[64], mean[48], temp[48], e[128];
        if (sscanf(line, "%63s %47s %47s", pos, mean, temp) != 3 || strlen(pos) >= 32) {
            snprintf(err, errlen, "%.300s:%d: expected POSITION MEAN TEMPERATURE", path, lineno);
            rc = SG_ERR_INVALID;
            break;
        }
        if (*count == cap) {
            cap = cap ? 2 * cap : 256;
            exp_room *grown = realloc(rooms, cap * sizeof *rooms);
            if (!grown) {
                snprintf(err, errlen, "out of memory");
                rc = SG_ERR_NOMEM;
                break;
            }
            rooms = grown;
        }
        exp_room *r = &rooms[(*count)++];
        strcpy(r->position, pos);
        if (sg_value_parse(mean, &r->mean, e, sizeof e) != SG_OK ||
            sg_value_parse(temp, &r->temperature, e, sizeof e) != SG_OK) {
            snprintf(err, errlen, "%.300s:%d: %.120s", path, lineno, e);
            rc = SG_ERR_INVALID;
            break;
        }
    }
    fclose(f);
    if (rc != SG_OK) {
        free(rooms);
        *count = 0;
        return rc;
    }
    *out = rooms;
    return SG_OK;
}

int exp_read_records(const char *path, bool (*take)(void *ctx, const json_t *record),
                     void *ctx, size_t *found, char *err, size_t errlen)
{
    *found = 0;
    char why[512];
    FILE *f = in_file_open(path, why, sizeof why);
    if (!f) {
        if (errno == ENOENT)
            return SG_OK;
        snprintf(err, errlen, "--out %s", why);
        return SG_ERR_INVALID;
    }
    char *line = NULL;
    size_t cap = 0, lineno = 0;
    ssize_t len;
    while ((len = in_file_line(f, &line, &cap, path, ++lineno, why, sizeof why)) >= 0) {
        json_t *record = json_read_object(line);
        if (record && take(ctx, record))
            (*found)++;
        json_decref(record);
    }
    int rc = SG_OK;
    if (len == -2) {
        snprintf(err, errlen, "--out %s", why);
        rc = SG_ERR_INVALID;
    }
    free(line);
    fclose(f);
    return rc;
}
