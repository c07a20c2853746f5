/* Exact TDS speed on the TDS paper's 3330 six-point Amazons rooms (Experiment 1): TDS
 * nodes per second and the time to estimate every room with the paper's stack
 * C_-1(49/16, 1/16), as the TDS the earlier versions ran (our forms of E3 and E5) and as
 * TDS+ (all five), and on every 20th room also as the 2004 TDS (no enhancements, too slow
 * for all), beside the exact thermograph
 * engine's time on the same rooms (sg_thermograph_of_position on each, with one cache)
 * measured in the same run. Each round
 * starts from empty caches and tables, so no round profits from an earlier one. Prints
 * medians over the rounds and their ratio, and how many rooms TDS disagreed with or
 * failed on (tests/unit/test_tds_rooms lists them).
 * Usage: bench_tds BUILD_DIR [ROUNDS] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "sumgame/estimator.h"
#include "sumgame/loader.h"
#include "sumgame/thermograph.h"

#define ROOM_POINTS 6
#define ROUNDS_MAX 15

static void die(const char *what, const char *err)
{
    fprintf(stderr, "bench_tds: %s: %s\n", what, err);
    exit(1);
}

typedef struct tds_round {
    double seconds;
    uint64_t nodes;
    size_t disagree, failed;
} tds_round;

static double exact_round(const sg_game *game, const unsigned char *rooms, size_t count,
                          sg_value *mean, sg_value *temperature)
{
    char err[256];
    sg_thermo_cache *cache = sg_thermo_cache_new(NULL);
    if (!cache)
        die("exact", "out of memory");
    double t0 = bench_cpu_seconds();
    for (size_t i = 0; i < count; i++) {
        const sg_thermograph *th;
        if (sg_thermograph_of_position(cache, game, rooms + i * SG_POS_MAX, 0, &th, err,
                                       sizeof err) != SG_OK)
            die("exact", err);
        mean[i] = th->mean;
        temperature[i] = th->temperature;
    }
    double t = bench_cpu_seconds() - t0;
    sg_thermo_cache_free(cache);
    return t;
}

static tds_round tds_round_run(const sg_game *game, const unsigned char *rooms, size_t count,
                               size_t stride, const sg_value *mean,
                               const sg_value *temperature, const char *enhancements)
{
    const sg_param items[] = { { "delta", "1/16", 0 },
                               { "tmax", "49/16", 0 },
                               { "enhancements", enhancements, 0 } };
    sg_params params = { "bench", "estimator.tds", items, 3 };
    char err[256];
    sg_estimator *est;
    if (sg_estimator_new("tds", &params, &est, err, sizeof err) != SG_OK)
        die("tds", err);
    tds_round r = { 0, 0, 0, 0 };
    double t0 = bench_cpu_seconds();
    for (size_t i = 0; i < count; i += stride) {
        const unsigned char *pos = rooms + i * SG_POS_MAX;
        sg_estimate e;
        if (sg_estimator_estimate(est, game, pos, NULL, &e, err, sizeof err) != SG_OK) {
            r.failed++;
            continue;
        }
        r.nodes += e.nodes;
        if (!sg_value_eq(e.mean, mean[i]) || !sg_value_eq(e.temperature, temperature[i]))
            r.disagree++;
    }
    r.seconds = bench_cpu_seconds() - t0;
    sg_estimator_free(est);
    return r;
}

int main(int argc, char **argv)
{
    const char *build = argc > 1 ? argv[1] : "build";
    int rounds = argc > 2 ? atoi(argv[2]) : 3;
    if (rounds < 1 || rounds > ROUNDS_MAX) {
        fprintf(stderr, "bench_tds: usage: bench_tds BUILD_DIR [ROUNDS 1..%d]\n", ROUNDS_MAX);
        return 2;
    }
    sg_plugin plugin;
    sg_game game;
    if (bench_open_game("bench_tds", build, "amazons", NULL, &plugin, &game) != 0)
        return 1;
    void *inst = game.instance;

    size_t count = 0;
    char shape[32];
    snprintf(shape, sizeof shape, "rooms:%d", ROOM_POINTS);
    unsigned char *rooms = bench_db_positions("bench_tds", &game, shape, &count);
    sg_value *mean = malloc(count * sizeof *mean);
    sg_value *temperature = malloc(count * sizeof *temperature);
    if (!mean || !temperature)
        die("rooms", "out of memory");

    /* The TDS of the earlier versions (E3 and E5) and TDS+ on every room; the 2004 TDS,
     * some 150 times slower, and TDS+ again on every SAMPLE-th room. */
    static const char *const variants[] = { "3,5", "all", "none", "all" };
    static const char *const names[] = { "TDS_35 (earlier)", "TDS+ (all)",
                                         "TDS (2004), sample", "TDS+ (all), sample" };
    static const size_t strides[] = { 1, 1, 20, 20 };
    enum { NV = 4 };
    double exact_s[ROUNDS_MAX], tds_s[NV][ROUNDS_MAX], rate[NV][ROUNDS_MAX];
    tds_round last[NV];
    memset(last, 0, sizeof last);
    for (int k = 0; k < rounds; k++) {
        /* Interleaved so that load on the shared machine hits all alike. */
        exact_s[k] = exact_round(&game, rooms, count, mean, temperature);
        for (int v = 0; v < NV; v++) {
            last[v] = tds_round_run(&game, rooms, count, strides[v], mean, temperature,
                                    variants[v]);
            tds_s[v][k] = last[v].seconds;
            rate[v][k] = last[v].seconds > 0 ? (double)last[v].nodes / last[v].seconds : 0;
        }
    }
    double e = bench_median(exact_s, rounds);
    printf("bench_tds: all %zu %d-point Amazons rooms, C_-1(49/16, 1/16), median of %d "
           "round%s\n",
           count, ROOM_POINTS, rounds, rounds == 1 ? "" : "s");
    printf("  exact thermographs:   %.3f s\n", e);
    for (int v = 0; v < NV; v++) {
        double t = bench_median(tds_s[v], rounds);
        size_t n = (count + strides[v] - 1) / strides[v];
        printf("  %-20s %zu rooms %.3f s; %llu nodes, %.0f nodes/s; %zu agree, %zu "
               "disagree, %zu failed\n",
               names[v], n, t, (unsigned long long)last[v].nodes,
               bench_median(rate[v], rounds), n - last[v].disagree - last[v].failed,
               last[v].disagree, last[v].failed);
    }
    double t35 = bench_median(tds_s[0], rounds), plus = bench_median(tds_s[1], rounds);
    double old = bench_median(tds_s[2], rounds), plus_s = bench_median(tds_s[3], rounds);
    printf("  ratios: TDS_35 / exact %.1f, TDS+ / exact %.1f, TDS+ / TDS_35 %.2f; on the "
           "sample TDS (2004) / TDS+ %.0f\n",
           e > 0 ? t35 / e : 0, e > 0 ? plus / e : 0, t35 > 0 ? plus / t35 : 0,
           plus_s > 0 ? old / plus_s : 0);

    free(mean);
    free(temperature);
    free(rooms);
    game.desc->destroy(inst);
    sg_plugin_close(&plugin);
    return 0;
}
