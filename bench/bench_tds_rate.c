/* Node rates of anytime TDS+ and of the shared αβ engine on the same Amazons rooms (issue
 * 25, items 3 and 4): three 5x5 and three 6x6 rooms, one amazon each and 3 arrows (the
 * TDS paper's Table 3 rooms, `sumgame gen amazons --seed 7`). Each room is searched under
 * a budget of SECONDS (the engines' clock, as a strategy's) by
 *   - αβ: the engine alone on the room, Left to move, iterative deepening, the games'
 *     evaluation at the leaves (what the alphabeta strategy runs);
 *   - TDS+: an anytime estimate, delta 1/2, t_max 4 (the sum-game experiments' settings),
 *     as `tdsplus` runs it (E7's thermographic leaves, E8's coupons free of depth, E9's
 *     history order, E10's late move reductions and E11's lowering), as it ran before E8
 *     to E11 joined its default ("E7"), and with the lecture's five enhancements alone (E7
 *     scores a leaf by a one-ply look at each component: dearer nodes, better leaves).
 * Prints each one's nodes per CPU second and depth (αβ: plies of the deepest finished
 * iteration; TDS+: per search of the deepest finished estimate, moves in the game under
 * E8, else plies, coupons counted), the medians over the rooms, and the ratio of the αβ
 * rate to the TDS+ rates (the target: within 2).
 * Usage: bench_tds_rate BUILD_DIR [SECONDS] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bench_util.h"
#include "sumgame/search.h"
#include "sumgame/tds.h"

static const char *const rooms[] = {
    "x..../...x./..Wx./....B/.....",
    "...../...../...Wx/..x.x/...B.",
    "x..../B..../...../.xW.x/.....",
    ".....x/.x..../.B..../...x../....../...W..",
    "....../.x..../x....x/..W.../....../B.....",
    "....../.W..../x...../....../xx..B./......",
};
#define NROOMS (sizeof rooms / sizeof rooms[0])

static void die(const char *what, const char *err)
{
    fprintf(stderr, "bench_tds_rate: %s: %s\n", what, err);
    exit(1);
}

int main(int argc, char **argv)
{
    const char *build = argc > 1 ? argv[1] : "build";
    double seconds = argc > 2 ? atof(argv[2]) : 1.0;
    if (seconds <= 0 || seconds > 60) {
        fprintf(stderr, "bench_tds_rate: usage: bench_tds_rate BUILD_DIR [SECONDS 0..60]\n");
        return 2;
    }
    sg_plugin plugin;
    sg_game game;
    if (bench_open_game("bench_tds_rate", build, "amazons", NULL, &plugin, &game) != 0)
        return 1;
    char err[256];
    /* tdsplus as it runs, as it ran with E7 alone, and the lecture's five. */
    enum { V = 3 };
    static const char *const label[V] = { "TDS+", "E7", "five" };
    const unsigned ours = SG_TDS_E7 | SG_TDS_E8 | SG_TDS_E9 | SG_TDS_E10 | SG_TDS_E11;
    const unsigned mask[V] = { SG_TDS_PLUS, (SG_TDS_PLUS & ~ours) | SG_TDS_E7,
                               SG_TDS_PLUS & ~ours };
    sg_tds *tds[V];
    for (int v = 0; v < V; v++) {
        if (!(tds[v] = sg_tds_new(0, err, sizeof err)))
            die("tds", err);
        sg_tds_set_enhancements(tds[v], mask[v]);
    }
    sg_search_config sc = { .tt_log2 = 20 };
    sg_search *ab = sg_search_new(&sc, err, sizeof err);
    if (!ab)
        die("search", err);
    double ab_rate[NROOMS], tds_rate[V][NROOMS], ratio[V][NROOMS], ab_depth[NROOMS],
        tds_depth[V][NROOMS];
    printf("bench_tds_rate: %zu Amazons rooms, %.1f s each, αβ alone against anytime TDS+ "
           "(delta 1/2, t_max 4): as tdsplus runs it (E7 to E11; depth in moves in the "
           "game), with E7 alone (\"E7\", the default before E8 to E11), and the "
           "lecture's five (\"five\")\n",
           NROOMS, seconds);
    for (size_t i = 0; i < NROOMS; i++) {
        _Alignas(16) unsigned char pos[SG_POS_MAX];
        if (game.desc->parse(game.instance, rooms[i], pos, err, sizeof err) != SG_OK)
            die(rooms[i], err);
        sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
        if (!sum || sg_sum_add(sum, &game, pos, err, sizeof err) != SG_OK)
            die(rooms[i], err);
        sg_search_clear(ab);
        sc = (sg_search_config){ .iterative = true, .budget = { .seconds = seconds } };
        sg_search_set_config(ab, &sc);
        sg_search_result r;
        double t0 = bench_cpu_seconds();
        int rc = sg_search_run(ab, sum, SG_LEFT, &r, err, sizeof err);
        double t_ab = bench_cpu_seconds() - t0;
        if (rc != SG_OK && rc != SG_ERR_BUDGET)
            die("alphabeta", err);
        ab_rate[i] = t_ab > 0 ? (double)r.nodes / t_ab : 0;
        ab_depth[i] = r.completed ? r.depth : 0;
        printf("  %-44s αβ %9.0f nodes/s depth %2.0f", rooms[i], ab_rate[i], ab_depth[i]);
        for (int v = 0; v < V; v++) {
            sg_tds_config tc = { .delta = sg_value_make(1, 1), .has_tmax = true,
                                 .tmax = sg_value_int(4), .seconds = seconds };
            sg_estimate e;
            t0 = bench_cpu_seconds();
            if (sg_tds_estimate(tds[v], &game, pos, &tc, &e, err, sizeof err) != SG_OK)
                die("tds", err);
            double t_tds = bench_cpu_seconds() - t0;
            tds_rate[v][i] = t_tds > 0 ? (double)e.nodes / t_tds : 0;
            ratio[v][i] = tds_rate[v][i] > 0 ? ab_rate[i] / tds_rate[v][i] : 0;
            tds_depth[v][i] = sg_tds_last_depth(tds[v]);
            printf(" | %s %9.0f nodes/s depth %2.0f%s", label[v], tds_rate[v][i],
                   tds_depth[v][i], e.exact ? " (exact)" : "");
        }
        printf("\n");
        sg_sum_free(sum);
    }
    double ab5[3];
    memcpy(ab5, ab_depth, sizeof ab5);
    printf("  medians: αβ %.0f nodes/s, depth on 5x5 %.0f, on 6x6 %.0f\n",
           bench_median(ab_rate, NROOMS), bench_median(ab5, 3), bench_median(ab_depth + 3, 3));
    for (int v = 0; v < V; v++) {
        double tds5[3];
        memcpy(tds5, tds_depth[v], sizeof tds5);
        printf("  medians: %s %.0f nodes/s; ratio αβ / %s %.2f; depth on 5x5 %.0f, on 6x6 "
               "%.0f\n",
               label[v], bench_median(tds_rate[v], NROOMS), label[v],
               bench_median(ratio[v], NROOMS), bench_median(tds5, 3),
               bench_median(tds_depth[v] + 3, 3));
        sg_tds_free(tds[v]);
    }
    sg_search_free(ab);
    return 0;
}
