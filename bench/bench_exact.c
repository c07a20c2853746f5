/* Exact analysis speed: thermographs of random rcg(3,50) trees, memoized (canonical forms
 * and position caches, as `analyze --method exact` and the strategies use) against plain
 * unmemoized recursion, measured in the same run. Prints medians of several rounds and
 * their ratio. Usage: bench_exact BUILD_DIR [TREES] [ROUNDS] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "sumgame/loader.h"
#include "sumgame/rng.h"
#include "sumgame/thermograph.h"

/* Every position of the tree below pos, as a strategy meets them over a game: each is
 * analyzed, by the memoized path (cache given) or by plain recursion (cache NULL). */
static int analyze_all(sg_thermo_cache *cache, const sg_game *game, const void *pos,
                       uint64_t *count)
{
    char err[256];
    if (cache) {
        const sg_thermograph *th;
        if (sg_thermograph_of_position(cache, game, pos, 0, &th, err, sizeof err) != SG_OK)
            return -1;
    } else {
        sg_thermograph th;
        if (sg_thermograph_unmemoized(game, pos, &th, err, sizeof err) != SG_OK)
            return -1;
        sg_thermograph_free(&th);
    }
    (*count)++;
    _Alignas(16) unsigned char next[SG_POS_MAX];
    for (int s = 0; s < 2; s++) {
        sg_move moves[16];
        size_t n = 0;
        if (game->desc->moves(game->instance, pos, (sg_player)s, moves, 16, &n) != SG_OK)
            return -1;
        for (size_t i = 0; i < n; i++) {
            if (game->desc->play(game->instance, pos, (sg_player)s, moves[i], next, err,
                                 sizeof err) != SG_OK ||
                analyze_all(cache, game, next, count) != 0)
                return -1;
        }
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *build = argc > 1 ? argv[1] : "build";
    int trees = argc > 2 ? atoi(argv[2]) : 2000;
    int rounds = argc > 3 ? atoi(argv[3]) : 5;
    if (trees < 1 || rounds < 1 || rounds > 99) {
        fprintf(stderr, "bench_exact: usage: bench_exact BUILD_DIR [TREES] [ROUNDS]\n");
        return 2;
    }
    char path[4096], err[256];
    snprintf(path, sizeof path, "%s/games/rcg.so", build);
    sg_plugin plugin;
    if (sg_plugin_open_file(path, SG_PLUGIN_GAME, &plugin, err, sizeof err) != SG_OK) {
        fprintf(stderr, "bench_exact: %s\n", err);
        return 1;
    }
    static const sg_param items[] = { { "levels", "3", 0 }, { "size", "50", 0 } };
    sg_params params = { "bench", "rcg", items, 2 };
    void *inst;
    if (plugin.desc.game->create(sg_default_host(), &params, &inst, err, sizeof err) != SG_OK) {
        fprintf(stderr, "bench_exact: %s\n", err);
        return 1;
    }
    sg_game game;
    sg_game_init(&game, plugin.desc.game, inst);
    size_t size = game.desc->pos_size;
    unsigned char *pos = malloc((size_t)trees * size);
    sg_rng seed;
    sg_rng_seed(&seed, 1);
    for (int i = 0; i < trees; i++) {
        sg_rng r = sg_rng_split(&seed, (uint64_t)i);
        if (game.desc->generate(inst, &r, pos + (size_t)i * size, err, sizeof err) != SG_OK) {
            fprintf(stderr, "bench_exact: %s\n", err);
            return 1;
        }
    }
    double memo[99], naive[99], memo_all[99], naive_all[99];
    int mismatches = 0;
    for (int r = 0; r < rounds; r++) {
        sg_cgt *table = sg_cgt_new();
        sg_thermo_cache *cache = sg_thermo_cache_new(table);
        const sg_thermograph **got = malloc((size_t)trees * sizeof *got);
        double t0 = bench_cpu_seconds();
        for (int i = 0; i < trees; i++)
            if (sg_thermograph_of_position(cache, &game, pos + (size_t)i * size, 0, &got[i], err,
                                           sizeof err) != SG_OK) {
                fprintf(stderr, "bench_exact: %s\n", err);
                return 1;
            }
        double t1 = bench_cpu_seconds();
        for (int i = 0; i < trees; i++) {
            sg_thermograph th;
            if (sg_thermograph_unmemoized(&game, pos + (size_t)i * size, &th, err, sizeof err) !=
                SG_OK) {
                fprintf(stderr, "bench_exact: %s\n", err);
                return 1;
            }
            if (!sg_value_eq(th.mean, got[i]->mean) ||
                !sg_value_eq(th.temperature, got[i]->temperature))
                mismatches++;
            sg_thermograph_free(&th);
        }
        double t2 = bench_cpu_seconds();
        memo[r] = trees / (t1 - t0);
        naive[r] = trees / (t2 - t1);
        free(got);
        sg_thermo_cache_free(cache);
        sg_cgt_free(table);

        table = sg_cgt_new();
        cache = sg_thermo_cache_new(table);
        uint64_t positions = 0, again = 0;
        t0 = bench_cpu_seconds();
        for (int i = 0; i < trees; i++)
            if (analyze_all(cache, &game, pos + (size_t)i * size, &positions) != 0)
                return 1;
        t1 = bench_cpu_seconds();
        for (int i = 0; i < trees; i++)
            if (analyze_all(NULL, &game, pos + (size_t)i * size, &again) != 0)
                return 1;
        t2 = bench_cpu_seconds();
        memo_all[r] = (double)positions / (t1 - t0);
        naive_all[r] = (double)again / (t2 - t1);
        sg_thermo_cache_free(cache);
        sg_cgt_free(table);
    }
    double m = bench_median(memo, rounds), n = bench_median(naive, rounds);
    printf("exact thermographs, %d rcg(3,50) trees, median of %d rounds:\n", trees, rounds);
    printf("  memoized (canonical forms + caches): %10.0f trees/s\n", m);
    printf("  naive unmemoized recursion:          %10.0f trees/s\n", n);
    printf("  ratio memoized/naive:                %10.2f\n", m / n);
    double ma = bench_median(memo_all, rounds), na = bench_median(naive_all, rounds);
    printf("every position of those trees, as strategies meet them over games:\n");
    printf("  memoized:                            %10.0f positions/s\n", ma);
    printf("  naive:                               %10.0f positions/s\n", na);
    printf("  ratio memoized/naive:                %10.2f\n", ma / na);
    if (mismatches) {
        printf("  MISMATCHES between the two: %d\n", mismatches);
        return 1;
    }
    game.desc->destroy(inst);
    sg_plugin_close(&plugin);
    free(pos);
    return 0;
}
