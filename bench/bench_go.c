/* Go playout speed: playouts per second on an empty 7x7 region, one thread, through the
 * plugin's playout() (Mogo-like policy, board.c's string engine), beside two baselines
 * measured in the same run:
 *   - the same playouts with the policy's rules 1 and 2 switched off is not exposed by
 *     the ABI, so the in-run baseline is a uniformly random playout through the generic
 *     plugin interface (moves() + play() + number(), what a game without a playout()
 *     gets), and
 *   - the same playouts with Mogo's 3x3 patterns (patterns = yes);
 * and the target of at least 50k/s. (libego and Pachi rates once quoted here had no
 * source we could give and were removed.)
 * Medians of ROUNDS rounds of SECONDS each (default 5 rounds of 1 s).
 *
 * Then where the exact engine can take over from Monte-Carlo estimates (issue #14, item
 * 5): 7x7 boards played at random from empty until k points are empty, analysed exactly
 * within 5,000 positions (what mc-table4-exact.ini gives dual search), for k = 2..14:
 * the share of boards finished, the share stopped by a ko, and the median time, beside
 * one dual-search estimate of the same boards (2 x 1,000 playouts).
 * Usage: bench_go BUILD_DIR [ROUNDS] [SECONDS] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "sumgame/estimator.h"
#include "sumgame/params.h"
#include "sumgame/rng.h"
#include "sumgame/thermograph.h"

#define ROUNDS_MAX 15

static sg_game game;

/* Uniform random play through moves()/play() until number() settles the region; a
 * player without a move passes. Returns the final score. */
static long generic_playout(const void *start, sg_rng *rng)
{
    const sg_game_desc *d = game.desc;
    _Alignas(16) unsigned char pos[SG_POS_MAX], next[SG_POS_MAX];
    memcpy(pos, start, d->pos_size);
    sg_move moves[128];
    sg_player who = SG_LEFT;
    char err[128];
    for (;;) {
        sg_value v;
        if (d->number(game.instance, pos, &v))
            return (long)v.num;
        size_t n = 0;
        d->moves(game.instance, pos, who, moves, 128, &n);
        if (n > 0) {
            d->play(game.instance, pos, who, moves[sg_rng_below(rng, n)], next, err, sizeof err);
            memcpy(pos, next, d->pos_size);
        } else if (d->moved_elsewhere(game.instance, pos, next)) {
            memcpy(pos, next, d->pos_size);
        }
        who = sg_opponent(who);
    }
}

static int empty_points(const void *pos)
{
    char text[256];
    game.desc->format(game.instance, pos, text, sizeof text);
    int n = 0;
    for (const char *c = text; *c && *c != '['; c++)
        n += *c == '.';
    return n;
}

/* Random play from start until k points are empty; false when the board ended first. */
static bool board_with_empty(const void *start, int k, sg_rng *rng, void *out)
{
    const sg_game_desc *d = game.desc;
    _Alignas(16) unsigned char pos[SG_POS_MAX], next[SG_POS_MAX];
    memcpy(pos, start, d->pos_size);
    sg_move moves[128];
    sg_player who = SG_LEFT;
    char err[128];
    for (int step = 0; step < 400; step++) {
        if (empty_points(pos) <= k) {
            memcpy(out, pos, d->pos_size);
            return true;
        }
        size_t n = 0;
        d->moves(game.instance, pos, who, moves, 128, &n);
        if (n == 0 && d->moved_elsewhere(game.instance, pos, next))
            memcpy(pos, next, d->pos_size);
        else if (n == 0)
            return false;
        else {
            d->play(game.instance, pos, who, moves[sg_rng_below(rng, n)], next, err, sizeof err);
            memcpy(pos, next, d->pos_size);
        }
        who = sg_opponent(who);
    }
    return false;
}

static void exact_coverage(const void *empty)
{
    enum { BOARDS = 12 };
    printf("exact analysis of 7x7 boards with k empty points (%d random boards each, within "
           "5000 positions), beside one dual-search estimate (2 x 1000 playouts):\n",
           BOARDS);
    printf("  %2s  %8s  %6s  %10s  %12s  %s\n", "k", "finished", "ko", "exact (s)",
           "dual (s)", "ratio");
    sg_rng rng;
    sg_rng_seed(&rng, 14);
    sg_param item = { "playouts", "1000", 0 };
    sg_params keys = { "bench", "mcdual", &item, 1 };
    char err[256];
    sg_estimator *dual;
    if (sg_estimator_new("mcdual", &keys, &dual, err, sizeof err) != SG_OK) {
        fprintf(stderr, "bench_go: %s\n", err);
        return;
    }
    for (int k = 2; k <= 14; k += 2) {
        int finished = 0, kos = 0, made = 0;
        double texact[BOARDS], tdual[BOARDS];
        for (int b = 0; b < BOARDS; b++) {
            _Alignas(16) unsigned char pos[SG_POS_MAX];
            if (!board_with_empty(empty, k, &rng, pos))
                continue;
            sg_thermo_cache *cache = sg_thermo_cache_new(NULL);
            const sg_thermograph *th;
            double t0 = bench_cpu_seconds();
            int rc = sg_thermograph_of_position(cache, &game, pos, 5000, &th, err, sizeof err);
            texact[made] = bench_cpu_seconds() - t0;
            finished += rc == SG_OK;
            kos += rc == SG_ERR_UNSUPPORTED;
            sg_thermo_cache_free(cache);
            sg_estimate est;
            sg_estimator_reset(dual);
            t0 = bench_cpu_seconds();
            sg_estimator_estimate(dual, &game, pos, NULL, &est, err, sizeof err);
            tdual[made++] = bench_cpu_seconds() - t0;
        }
        if (made == 0)
            continue;
        double te = bench_median(texact, made), td = bench_median(tdual, made);
        printf("  %2d  %5d/%-2d  %6d  %10.4f  %12.4f  %.2f\n", k, finished, made, kos, te, td,
               te / td);
    }
    sg_estimator_free(dual);
}

int main(int argc, char **argv)
{
    const char *build = argc > 1 ? argv[1] : "build";
    int rounds = argc > 2 ? atoi(argv[2]) : 5;
    double seconds = argc > 3 ? atof(argv[3]) : 1.0;
    if (rounds < 1 || rounds > ROUNDS_MAX)
        rounds = 5;
    sg_plugin plugin;
    if (bench_open_game("bench_go", build, "go", NULL, &plugin, &game) != 0)
        return 1;
    _Alignas(16) unsigned char empty[SG_POS_MAX];
    char err[256];
    if (game.desc->parse(game.instance, "......./......./......./......./......./......./.......",
                         empty, err, sizeof err) != SG_OK) {
        fprintf(stderr, "bench_go: %s\n", err);
        return 1;
    }
    double fast[ROUNDS_MAX], slow[ROUNDS_MAX];
    sg_rng rng;
    sg_rng_seed(&rng, 7);
    long long sink = 0;
    for (int r = 0; r < rounds; r++) {
        long n = 0;
        double t0 = bench_cpu_seconds(), t;
        do {
            for (int k = 0; k < 100; k++, n++) {
                sg_value score;
                sg_player next;
                game.desc->playout(game.instance, empty, SG_LEFT, &rng, &score, &next);
                sink += score.num;
            }
        } while ((t = bench_cpu_seconds() - t0) < seconds);
        fast[r] = (double)n / t;
        n = 0;
        t0 = bench_cpu_seconds();
        do {
            for (int k = 0; k < 10; k++, n++)
                sink += generic_playout(empty, &rng);
        } while ((t = bench_cpu_seconds() - t0) < seconds / 4);
        slow[r] = (double)n / t;
    }
    /* the same playouts with Mogo's 3x3 shapes (instance key patterns = yes) */
    sg_plugin plugin2;
    sg_game with;
    sg_param item = { "patterns", "yes", 0 };
    sg_params keys = { "bench", "go", &item, 1 };
    double shaped[ROUNDS_MAX];
    if (bench_open_game("bench_go", build, "go", &keys, &plugin2, &with) != 0)
        return 1;
    for (int r = 0; r < rounds; r++) {
        long n = 0;
        double t0 = bench_cpu_seconds(), t;
        do {
            for (int k = 0; k < 100; k++, n++) {
                sg_value score;
                sg_player next;
                with.desc->playout(with.instance, empty, SG_LEFT, &rng, &score, &next);
                sink += score.num;
            }
        } while ((t = bench_cpu_seconds() - t0) < seconds);
        shaped[r] = (double)n / t;
    }
    double f = bench_median(fast, rounds), s = bench_median(slow, rounds);
    double p = bench_median(shaped, rounds);
    printf("go playouts, empty 7x7, one thread (median of %d rounds):\n", rounds);
    printf("  plugin playout():              %9.0f playouts/s\n", f);
    printf("  generic moves()+play() random: %9.0f playouts/s   ratio %.1fx\n", s, f / s);
    printf("  with Mogo's 3x3 patterns:      %9.0f playouts/s   ratio %.2f\n", p, p / f);
    printf("  target >= 50000/s: %s\n", f >= 50000 ? "met" : "NOT met");
    exact_coverage(empty);
    if (sink == 42)
        printf(" \n");
    return 0;
}
