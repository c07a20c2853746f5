/* Exact solving of sums (decomposition search, sumgame/solve.h) on the targets:
 *   - 100 sums of k two-level rcg(2,50) trees (Müller-Li, Tables 4-5: TEMP + INC took
 *     772 s for 13 subgames on 2005 hardware), Left first: plain global alpha-beta, TEMP +
 *     INC and decomposition search, measured in the same run;
 *   - four 3x3 Amazons rooms and the open 4x4 room, both first players; the open room
 *     also for its winner alone (`solve --outcome`, issue #26's target of 3 s).
 * Prints totals and ratios. Usage: bench_solve BUILD_DIR [INSTANCES] [MAX_SECONDS] [PARTS]
 * where PARTS is rcg, amazons or all (the default). */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "sumgame/loader.h"
#include "sumgame/rng.h"
#include "sumgame/solve.h"

struct loaded {
    sg_plugin plugin;
    sg_game game;
};

static int load(const char *build, const char *name, const sg_params *params, struct loaded *l)
{
    return bench_open_game("bench_solve", build, name, params, &l->plugin, &l->game);
}

static void unload(struct loaded *l)
{
    l->game.desc->destroy(l->game.instance);
    sg_plugin_close(&l->plugin);
}

/* Solves sum for the first players asked (both when first < 0): the stops, or with
 * outcome only the normal-play winners, as `solve --outcome` finds them (its default day
 * limit, 4). Seconds, or -1 on a failure or a limit. */
static double solve(const sg_sum *sum, int first, const sg_solve_config *config, bool outcome,
                    sg_value *stops, sg_player *winners)
{
    char err[512];
    sg_solver *s;
    double start = bench_cpu_seconds();
    if (sg_solver_new(config, &s, err, sizeof err) != SG_OK)
        return -1;
    if (outcome)
        sg_solver_set_reduce_days(s, 4);
    int rc = sg_solver_load(s, sum, err, sizeof err);
    for (int k = 0; k < 2 && rc == SG_OK; k++) {
        if (first >= 0 && first != k)
            continue;
        sg_solve_answer a;
        sg_player who = k ? SG_RIGHT : SG_LEFT;
        rc = outcome ? sg_solver_outcome(s, who, &a, err, sizeof err)
                     : sg_solver_solve(s, who, &a, err, sizeof err);
        if (rc == SG_OK && stops)
            stops[k] = a.stop;
        if (rc == SG_OK && winners)
            winners[k] = a.winner;
    }
    sg_solver_free(s);
    if (rc != SG_OK) {
        fprintf(stderr, "bench_solve: %s\n", err);
        return -1;
    }
    return bench_cpu_seconds() - start;
}

/* Instance i of k subgames: its own stream of the generator, as `gen --seed` gives. */
static sg_sum *rcg_sum(const sg_game *rcg, int k, int i)
{
    sg_rng rng;
    sg_rng_seed(&rng, (uint64_t)(1000 * k + i));
    sg_sum *sum = sg_sum_new(SG_FREEZE_NUMBERS);
    char err[256];
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    for (int j = 0; j < k; j++)
        if (rcg->desc->generate(rcg->instance, &rng, pos, err, sizeof err) != SG_OK ||
            sg_sum_add(sum, (sg_game *)rcg, pos, err, sizeof err) != SG_OK) {
            fprintf(stderr, "bench_solve: %s\n", err);
            sg_sum_free(sum);
            return NULL;
        }
    return sum;
}

/* Total seconds for instances sums of k subgames, Left first; -1 past max_seconds. */
static double rcg_total(const sg_game *rcg, int k, int instances, const sg_solve_config *c,
                        double max_seconds)
{
    double total = 0;
    for (int i = 0; i < instances; i++) {
        sg_sum *sum = rcg_sum(rcg, k, i);
        double t = sum ? solve(sum, 0, c, false, NULL, NULL) : -1;
        sg_sum_free(sum);
        if (t < 0)
            return -1;
        total += t;
        if (total > max_seconds)
            return -1;
    }
    return total;
}

static void row(const char *label, double t, double target)
{
    if (t < 0)
        printf("  %-46s  did not finish within the limit\n", label);
    else if (target > 0)
        printf("  %-46s %9.3f s   (target %.1f s: %s)\n", label, t, target,
               t < target ? "met" : "NOT met");
    else
        printf("  %-46s %9.3f s\n", label, t);
}

/* The Mueller-Li engines on sums of k rcg(2,50) trees, k = 6, 7, ...: plain global
 * alpha-beta (no ordering, no INC), TEMP + INC over the trees' own positions (the paper's
 * fastest), and our decomposition search, until plain alpha-beta passes max_seconds; then
 * TEMP + INC and decomposition search alone at 13 subgames, the paper's largest. */
static void rcg_part(const sg_game *rcg2, const sg_game *rcg3, int instances, double max_seconds)
{
    sg_solve_config plain = { .no_decompose = true, .no_incentives = true,
                              .order = SG_ORDER_NONE, .limits = { .seconds = max_seconds } };
    sg_solve_config temp_inc = { .no_decompose = true, .order = SG_ORDER_TEMP,
                                 .limits = { .seconds = max_seconds } };
    sg_solve_config decomp = { .limits = { .seconds = max_seconds } };
    printf("exact solving, %d sums of k rcg(2,50) trees, Left first (total seconds):\n",
           instances);
    printf("  %3s %12s %12s %12s %14s\n", "k", "plain ab", "TEMP+INC", "decomposition",
           "plain/TEMP+INC");
    for (int k = 6; k < 13; k++) {
        double p = rcg_total(rcg2, k, instances, &plain, max_seconds);
        double t = rcg_total(rcg2, k, instances, &temp_inc, max_seconds);
        double d = rcg_total(rcg2, k, instances, &decomp, max_seconds);
        if (p < 0) {
            printf("  %3d %12s %12.3f %12.3f %14s\n", k, "over limit", t, d, "-");
            break;
        }
        printf("  %3d %12.3f %12.3f %12.3f %13.1fx\n", k, p, t, d, t > 0 ? p / t : 0);
    }
    double t13 = rcg_total(rcg2, 13, instances, &temp_inc, max_seconds);
    row("13 subgames, TEMP + INC", t13, 7.7 * instances / 100);
    double d13 = rcg_total(rcg2, 13, instances, &decomp, max_seconds);
    row("13 subgames, decomposition search", d13, 7.7 * instances / 100);
    if (t13 > 0)
        printf("  TEMP + INC over Mueller-Li's 772 s (2005 hardware): %6.0fx\n",
               772.0 * instances / 100 / t13);
    double t3 = rcg_total(rcg3, 9, instances, &temp_inc, max_seconds);
    double d3 = rcg_total(rcg3, 9, instances, &decomp, max_seconds);
    printf("exact solving, %d sums of 9 rcg(3,50) trees, Left first:\n", instances);
    row("9 subgames, TEMP + INC", t3, 0);
    row("9 subgames, decomposition search", d3, 0);
    if (t3 > 0)
        printf("  TEMP + INC over Mueller-Li's 791 s (2005 hardware): %6.0fx\n",
               791.0 * instances / 100 / t3);
}

static int amazons_part(const sg_game *amazons, double max_seconds)
{
    sg_solve_config inc = { .limits = { .seconds = max_seconds } };
    printf("Amazons, both first players:\n");
    static const char *const four[] = { ".BW/.../W.B", ".../BWB/...", "B.B/.../..W",
                                        ".W./.WB/..." };
    sg_sum *sum = sg_sum_new(SG_FREEZE_NUMBERS);
    char err[256];
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    for (int i = 0; i < 4; i++)
        if (amazons->desc->parse(amazons->instance, four[i], pos, err, sizeof err) ||
            sg_sum_add(sum, (sg_game *)amazons, pos, err, sizeof err)) {
            fprintf(stderr, "bench_solve: %s\n", err);
            return 1;
        }
    sg_value stops[2];
    row("four 3x3 rooms (.BW/.../W.B + ...)", solve(sum, -1, &inc, false, stops, NULL), 1.0);
    sg_sum_clear(sum);
    if (amazons->desc->parse(amazons->instance, "B..W/..../..../W..B", pos, err,
                                 sizeof err) ||
        sg_sum_add(sum, (sg_game *)amazons, pos, err, sizeof err)) {
        fprintf(stderr, "bench_solve: %s\n", err);
        return 1;
    }
    /* Who wins alone first: the stops below may not finish within the limit. The first
     * player wins (MCGS agrees, docs/results/outcome-solving.md). */
    sg_player winners[2];
    double t = solve(sum, -1, &inc, true, NULL, winners);
    if (t >= 0 && (winners[0] != SG_LEFT || winners[1] != SG_RIGHT)) {
        fprintf(stderr, "bench_solve: the open room's winners are not the first players\n");
        return 1;
    }
    row("open 4x4 room, who wins (--outcome)", t, 3.0);
    row("open 4x4 room B..W/..../..../W..B", solve(sum, -1, &inc, false, stops, NULL), 3.0);
    sg_sum_free(sum);
    return 0;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fprintf(stderr, "bench_solve: usage: bench_solve BUILD_DIR [INSTANCES] [MAX_SECONDS]\n");
        return 2;
    }
    const char *build = argv[1];
    int instances = argc > 2 ? atoi(argv[2]) : 100;
    double max_seconds = argc > 3 ? atof(argv[3]) : 60;
    const char *parts = argc > 4 ? argv[4] : "all";
    bool do_rcg = strcmp(parts, "amazons") != 0, do_amazons = strcmp(parts, "rcg") != 0;
    sg_param two[] = { { "levels", "2", 0 }, { "size", "50", 0 } };
    sg_param three[] = { { "levels", "3", 0 }, { "size", "50", 0 } };
    sg_params p2 = { "bench", "rcg", two, 2 }, p3 = { "bench", "rcg", three, 2 };
    struct loaded rcg2, rcg3, amazons;
    if (load(build, "rcg", &p2, &rcg2) || load(build, "rcg", &p3, &rcg3) ||
        load(build, "amazons", NULL, &amazons))
        return 1;

    if (do_rcg)
        rcg_part(&rcg2.game, &rcg3.game, instances, max_seconds);
    if (do_amazons)
        amazons_part(&amazons.game, max_seconds);
    unload(&rcg2);
    unload(&rcg3);
    unload(&amazons);
    return 0;
}

