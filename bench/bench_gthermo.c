/* Generalized thermography (sumgame/gthermo.h) against a baseline measured in the same
 * run: on loop-free rcg(3, 20) trees the sweep, told to value every position itself
 * (no_shortcut), against the loop-free engine's plain recursion over the same positions
 * (sg_thermograph_unmemoized, thermograph.h). Both give the same walls from t = 0 up;
 * the ratio is what the sweep's generality (game graph, events, exact rationals) costs.
 * Then the simple ko scaled up in a chain of approach moves, the sweep's own kind of
 * input, timed alone. Prints medians of several rounds.
 * Usage: bench_gthermo BUILD_DIR [ROUNDS] */
#include <stdio.h>
#include <stdlib.h>

#include "bench_util.h"
#include "sumgame/gthermo.h"
#include "sumgame/rng.h"
#include "sumgame/thermograph.h"

#define TREES 200
#define ROUNDS_MAX 15

int main(int argc, char **argv)
{
    const char *build = argc > 1 ? argv[1] : "build";
    int rounds = argc > 2 ? atoi(argv[2]) : 3;
    if (rounds < 1 || rounds > ROUNDS_MAX)
        rounds = 3;
    sg_plugin rcg_plugin, ko_plugin;
    sg_game rcg, ko;
    sg_param items[] = { { "levels", "3", 0 }, { "size", "20", 0 } };
    sg_params params = { "bench", "rcg", items, 2 };
    if (bench_open_game("bench_gthermo", build, "rcg", &params, &rcg_plugin, &rcg) != 0 ||
        bench_open_game("bench_gthermo", build, "ko", NULL, &ko_plugin, &ko) != 0)
        return 1;
    static unsigned char trees[TREES][SG_POS_MAX];
    sg_rng rng;
    sg_rng_seed(&rng, 7);
    char err[512];
    for (int i = 0; i < TREES; i++)
        if (rcg.desc->generate(rcg.instance, &rng, trees[i], err, sizeof err) != SG_OK) {
            fprintf(stderr, "bench_gthermo: %s\n", err);
            return 1;
        }
    double base[ROUNDS_MAX], sweep[ROUNDS_MAX], kos[ROUNDS_MAX];
    sg_gthermo_options opt = { .no_shortcut = true };
    const char *chain = "A={B|-9}; B={C|-9}; C={D|-9}; D={M|-9}; M={9|N}; N={M|-9}";
    unsigned char kpos[SG_POS_MAX];
    if (ko.desc->parse(ko.instance, chain, kpos, err, sizeof err) != SG_OK) {
        fprintf(stderr, "bench_gthermo: %s\n", err);
        return 1;
    }
    for (int r = 0; r < rounds; r++) {
        double t0 = bench_cpu_seconds();
        for (int i = 0; i < TREES; i++) {
            sg_thermograph th;
            if (sg_thermograph_unmemoized(&rcg, trees[i], &th, err, sizeof err) != SG_OK) {
                fprintf(stderr, "bench_gthermo: %s\n", err);
                return 1;
            }
            sg_thermograph_free(&th);
        }
        double t1 = bench_cpu_seconds();
        for (int i = 0; i < TREES; i++) {
            sg_gthermograph g;
            if (sg_gthermograph_of_position(&rcg, trees[i], SG_KOMASTER_NONE, &opt, &g, err,
                                            sizeof err) != SG_OK) {
                fprintf(stderr, "bench_gthermo: %s\n", err);
                return 1;
            }
            sg_gthermograph_free(&g);
        }
        double t2 = bench_cpu_seconds();
        for (int k = 0; k < 100; k++)
            for (int km = 0; km < 3; km++) {
                sg_gthermograph g;
                if (sg_gthermograph_of_position(&ko, kpos, (sg_komaster)km, NULL, &g, err,
                                                sizeof err) != SG_OK) {
                    fprintf(stderr, "bench_gthermo: %s\n", err);
                    return 1;
                }
                sg_gthermograph_free(&g);
            }
        double t3 = bench_cpu_seconds();
        base[r] = t1 - t0;
        sweep[r] = t2 - t1;
        kos[r] = (t3 - t2) / 300;
    }
    double b = bench_median(base, rounds), s = bench_median(sweep, rounds);
    printf("bench_gthermo: %d rcg(3, 20) trees, median of %d rounds: loop-free engine "
           "(baseline) %.4f s, generalized sweep %.4f s, ratio %.2f\n",
           TREES, rounds, b, s, s / b);
    printf("bench_gthermo: approach chain into a ko (%s): %.1f us per thermograph\n", chain,
           bench_median(kos, rounds) * 1e6);
    return 0;
}
