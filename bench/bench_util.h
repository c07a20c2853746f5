/* What the benchmarks share: medians of rounds, and opening a built game plugin. */
#ifndef SUMGAME_BENCH_UTIL_H
#define SUMGAME_BENCH_UTIL_H

#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "sumgame/database.h"
#include "sumgame/loader.h"
#include "sumgame/sum.h"

/* The process's CPU seconds: every benchmark times its work with this, not the wall
 * clock, so a busy machine slows a measurement less (docs: speed is measured on CPU time).
 * Every benchmark runs in one thread. */
static inline double bench_cpu_seconds(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static inline int bench_by_value(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* Sorts v. */
static inline double bench_median(double *v, int n)
{
    qsort(v, (size_t)n, sizeof *v, bench_by_value);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

/* Opens BUILD/games/NAME.so and creates an instance from params (NULL: none); prints
 * "BENCH: message" and returns -1 on failure. */
static inline int bench_open_game(const char *bench, const char *build, const char *name,
                                  const sg_params *params, sg_plugin *plugin, sg_game *game)
{
    char path[4096], err[512];
    snprintf(path, sizeof path, "%s/games/%s.so", build, name);
    sg_params none = { "bench", name, NULL, 0 };
    void *inst = NULL;
    if (sg_plugin_open_file(path, SG_PLUGIN_GAME, plugin, err, sizeof err) != SG_OK ||
        plugin->desc.game->create(sg_default_host(), params ? params : &none, &inst, err,
                                  sizeof err) != SG_OK) {
        fprintf(stderr, "%s: %s\n", bench, err);
        return -1;
    }
    sg_game_init(game, plugin->desc.game, inst);
    return 0;
}

/* The listed positions of one of game's database shapes, as position blobs (SG_POS_MAX
 * bytes each, *count of them; free() the result). Exits on failure. */
static inline unsigned char *bench_db_positions(const char *bench, const sg_game *game,
                                                const char *shape, size_t *count)
{
    char err[512];
    sg_db *db;
    if (sg_db_build(&db, game, shape, 0, NULL, err, sizeof err) != SG_OK) {
        fprintf(stderr, "%s: %s\n", bench, err);
        exit(1);
    }
    *count = sg_db_count(db);
    unsigned char *pos = malloc((*count ? *count : 1) * (size_t)SG_POS_MAX);
    if (!pos) {
        fprintf(stderr, "%s: out of memory\n", bench);
        exit(1);
    }
    for (size_t i = 0; i < *count; i++)
        sg_db_position(db, i, pos + i * SG_POS_MAX);
    sg_db_free(db);
    return pos;
}

#endif
