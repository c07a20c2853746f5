/* The experiment kinds kept in files of their own, and what they share. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "experiment.h"
#include "match.h"
#include "sumgame/params.h"

static const experiment_kind kinds[] = {
    { "solve-time", exp_solve_time },
    { "ordering", exp_ordering },
};

const experiment_kind *experiment_find_kind(const sg_config *cfg)
{
    const sg_params *p = sg_config_find(cfg, "experiment");
    const char *kind = p ? sg_params_string(p, "kind", NULL) : NULL;
    for (size_t i = 0; kind && i < sizeof kinds / sizeof kinds[0]; i++)
        if (strcmp(kinds[i].name, kind) == 0)
            return &kinds[i];
    return NULL;
}

int exp_positions(const char *plugin_path, int levels, int size, int components,
                  unsigned count, uint64_t seed, char ***texts, char *err, size_t errlen)
{
    *texts = NULL;
    /* match reads its configuration from a file: a temporary one, removed at once. Its
     * strategies are never asked to play. */
    const char *dir = getenv("TMPDIR");
    char path[512];
    snprintf(path, sizeof path, "%s/sumgame-positions-XXXXXX", dir && *dir ? dir : "/tmp");
    int fd = mkstemp(path);
    if (fd < 0) {
        snprintf(err, errlen, "cannot create a temporary file in %s", dir && *dir ? dir : "/tmp");
        return SG_ERR_INVALID;
    }
    FILE *f = fdopen(fd, "w");
    if (!f) {
        close(fd);
        unlink(path);
        snprintf(err, errlen, "cannot write a temporary file");
        return SG_ERR_INVALID;
    }
    fprintf(f, "[match]\nleft = x\nright = x\ngames = %u\nseed = %llu\n"
               "[strategy.x]\nplugin = random\n"
               "[sum]\ngenerator = rcg\ncomponents = %d\nlevels = %d\nsize = %d\n",
            count, (unsigned long long)seed, components, levels, size);
    int wrote = fclose(f);
    match_plan plan;
    match_overrides ov = { .plugin_path = plugin_path };
    char why[512] = "";
    int rc = wrote == 0 ? match_plan_load(&plan, path, &ov, why, sizeof why) : SG_ERR_INVALID;
    unlink(path);
    if (rc != SG_OK) {
        snprintf(err, errlen, "making the positions: %s", why[0] ? why : "cannot write them");
        match_plan_free(&plan);
        return rc;
    }
    char **out = calloc(count ? count : 1, sizeof *out);
    for (unsigned p = 0; out && p < count; p++)
        if (!(out[p] = strdup(plan.texts[p]))) {
            exp_positions_free(out, count);
            out = NULL;
        }
    match_plan_free(&plan);
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
