/* Amazons speed, each figure beside a baseline measured in the same run (medians of a
 * few rounds; the machine is shared, so read ratios):
 *   - move generation: the plugin's own perft (bitboards, bulk counting at the last ply)
 *     on the 10x10 start to depth 3, against the 5 s target of issue #4, and against
 *     perft through the generic sum interface (sg_sum_perft, what `sumgame perft` runs)
 *     at depths 2 and 3, whose target is 2x the plugin's;
 *   - the αβ engine's nodes per second on a fixed sum of rooms, against the rate of
 *     moves() + play() through the plugin ABI;
 *   - the αβ engine solving rooms and sums of rooms exactly, with and without its
 *     transposition table;
 *   - building the n-point room databases (`sumgame db amazons rooms:N`) with one shared
 *     thermograph cache, against a fresh cache per room;
 *   - building the full 4x4 database (`sumgame db amazons 4x4`, the generic database
 *     through the plugin's db_ hooks) against the retrograde analysis that was written for
 *     it alone (grid_retrograde.h), against the 10-minute target of issue #4, and per
 *     position against the plugin's thermograph engine.
 * Usage: bench_amazons BUILD_DIR [ROUNDS]
 *        bench_amazons BUILD_DIR --scaling [ROOMS] [CAP_SECONDS] [MIN_EMPTY [MAX_EMPTY]]
 * The second form is not part of `make bench`: it times exact analysis
 * (sg_thermograph_of_position) of random 4x4 rooms by number of empty squares, each room
 * in a child process killed after CAP_SECONDS, to plan the speed work. */
#include <dlfcn.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "bench_util.h"
#include "grid_retrograde.h"
#include "sumgame/loader.h"
#include "sumgame/rng.h"
#include "sumgame/search.h"
#include "sumgame/sum.h"
#include "sumgame/thermograph.h"

#define ROUNDS_MAX 15

typedef int (*perft_fn)(void *instance, const void *pos, int who, int depth,
                        uint64_t *leaves);

static const char *const START =
    "...W..W.../........../........../W........W/........../........../B........B/"
    "........../........../...B..B...";

static sg_plugin plugin;
static sg_game game;
static perft_fn fast_perft;

static void die(const char *what, const char *err)
{
    fprintf(stderr, "bench_amazons: %s: %s\n", what, err);
    exit(1);
}

static void parse(const char *text, void *pos)
{
    char err[256];
    if (game.desc->parse(game.instance, text, pos, err, sizeof err) != SG_OK)
        die(text, err);
}

/* ---- perft through the generic sum interface (sg_sum_perft, as `sumgame perft`) */

static uint64_t generic_perft_run(const char *text, int depth)
{
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    parse(text, pos);
    char err[256];
    sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
    if (!sum)
        die("generic perft", "out of memory");
    if (sg_sum_add(sum, &game, pos, err, sizeof err) != SG_OK)
        die(text, err);
    uint64_t leaves = 0, nodes = 0;
    if (sg_sum_perft(sum, SG_LEFT, depth, &leaves, &nodes, err, sizeof err) != SG_OK)
        die("generic perft", err);
    sg_sum_free(sum);
    return leaves;
}

/* ---- perft through the plugin ABI (moves() and play() at every node, no splitting) */

static uint64_t abi_count(const void *pos, int depth, sg_player who, sg_move *moves,
                          size_t cap)
{
    size_t n;
    if (game.desc->moves(game.instance, pos, who, moves, cap, &n) != SG_OK)
        die("abi perft", "move list too small");
    if (depth == 1)
        return n;
    uint64_t leaves = 0;
    _Alignas(16) unsigned char next[SG_POS_MAX];
    char err[256];
    for (size_t i = 0; i < n; i++) {
        if (game.desc->play(game.instance, pos, who, moves[i], next, err, sizeof err) != SG_OK)
            die("abi perft", err);
        leaves += abi_count(next, depth - 1, sg_opponent(who), moves + n, cap - n);
    }
    return leaves;
}

static uint64_t abi_perft_run(const char *text, int depth)
{
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    parse(text, pos);
    /* One stack of move lists: each ply's list lies above its parent's. */
    size_t cap = (size_t)1 << 16;
    sg_move *moves = malloc(cap * sizeof *moves);
    if (!moves)
        die("abi perft", "out of memory");
    uint64_t leaves = abi_count(pos, depth, SG_LEFT, moves, cap);
    free(moves);
    return leaves;
}

static uint64_t fast_perft_run(const char *text, int depth)
{
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    parse(text, pos);
    uint64_t leaves = 0;
    if (fast_perft(game.instance, pos, SG_LEFT, depth, &leaves) != SG_OK)
        die(text, "sumgame_amazons_perft failed");
    return leaves;
}

/* The plugin's perft against perft through the plugin ABI and through the sum
 * interface, on one position; short runs are repeated so that each timing is long
 * enough to measure. The sum counts under real-play rules (rooms split, settled rooms
 * leave with their moves), so its count differs once a move settles a room. */
static void compare_perft(const char *label, const char *text, int depth, int repeat,
                          uint64_t expected, int rounds)
{
    double fast[ROUNDS_MAX], abi[ROUNDS_MAX], sum[ROUNDS_MAX];
    uint64_t lf = 0, la = 0, ls = 0;
    for (int r = 0; r < rounds; r++) {
        double t0 = bench_cpu_seconds();
        for (int i = 0; i < repeat; i++)
            lf = fast_perft_run(text, depth);
        double t1 = bench_cpu_seconds();
        for (int i = 0; i < repeat; i++)
            la = abi_perft_run(text, depth);
        double t2 = bench_cpu_seconds();
        for (int i = 0; i < repeat; i++)
            ls = generic_perft_run(text, depth);
        double t3 = bench_cpu_seconds();
        fast[r] = (t1 - t0) / repeat;
        abi[r] = (t2 - t1) / repeat;
        sum[r] = (t3 - t2) / repeat;
    }
    double mf = bench_median(fast, rounds), ma = bench_median(abi, rounds), ms = bench_median(sum, rounds);
    printf("  %s perft(%d) = %llu: plugin %.5f s | ABI moves+play %.5f s, ratio %.1f | "
           "sum interface %.5f s, ratio %.1f",
           label, depth, (unsigned long long)lf, mf, ma, ma / mf, ms, ms / mf);
    if (ls != lf)
        printf(" (real-play count %llu)", (unsigned long long)ls);
    printf("\n");
    if (lf != expected || la != expected) {
        printf("  WRONG COUNTS (expected %llu, ABI %llu)\n", (unsigned long long)expected,
               (unsigned long long)la);
        exit(1);
    }
}

static void bench_perft(int rounds)
{
    double t3[ROUNDS_MAX], s3[ROUNDS_MAX];
    uint64_t l3 = 0, g3 = 0;
    for (int r = 0; r < rounds; r++) {
        double t0 = bench_cpu_seconds();
        l3 = fast_perft_run(START, 3);
        double t1 = bench_cpu_seconds();
        g3 = generic_perft_run(START, 3);
        t3[r] = t1 - t0;
        s3[r] = bench_cpu_seconds() - t1;
    }
    double m3 = bench_median(t3, rounds), ms3 = bench_median(s3, rounds);
    printf("amazons perft, Black first, median of %d rounds:\n", rounds);
    printf("  10x10 start perft(3), plugin, bulk counting: %llu leaves in %.2f s "
           "(%.0f M leaves/s); target < 5 s: %s\n",
           (unsigned long long)l3, m3, (double)l3 / m3 / 1e6, m3 < 5 ? "met" : "MISSED");
    printf("  10x10 start perft(3) through the sum: %.2f s, ratio %.2f to the plugin; "
           "target < 2: %s\n",
           ms3, ms3 / m3, ms3 / m3 < 2 ? "met" : "MISSED");
    if (l3 != UINT64_C(8350439170) || g3 != l3) {
        printf("  WRONG COUNT\n");
        exit(1);
    }
    compare_perft("10x10 start", START, 2, 20, 4307152, rounds);
    compare_perft("4x4 corners", "...W/..../..../B...", 3, 3, 180576, rounds);
    compare_perft("6x6 corners", ".....W/....../....../....../....../B.....", 2, 20, 39552,
                  rounds);
}

/* ---- αβ nodes per second on a fixed sum, against plain moves() + play() */

/* Three rooms in which both sides keep moves for a while, so that the rate is the
 * engine's and the games' per-node work rather than settlement searches. */
static const char *const rate_rooms[] = {
    "..x.x/..B../xx.x./.xW../.xx.x",
    "x.xxxx/x.xx.x/xxx.xx/....xx/....W./xBxxxx",
    "B..x/x.x./..xx/xxW.",
};
#define RATE_DEPTH 5

/* Every move played to depth through the plugin ABI (no bulk counting): the games' own
 * cost of a node, which an engine node cannot go below. Returns the plays. */
static uint64_t abi_walk(const void *pos, int depth, sg_player who, sg_move *moves,
                         size_t cap)
{
    size_t n;
    if (depth == 0)
        return 0;
    if (game.desc->moves(game.instance, pos, who, moves, cap, &n) != SG_OK)
        die("abi walk", "move list too small");
    uint64_t plays = n;
    _Alignas(16) unsigned char next[SG_POS_MAX];
    char err[256];
    for (size_t i = 0; i < n; i++) {
        if (game.desc->play(game.instance, pos, who, moves[i], next, err, sizeof err) != SG_OK)
            die("abi walk", err);
        plays += abi_walk(next, depth - 1, sg_opponent(who), moves + n, cap - n);
    }
    return plays;
}

static void bench_engine_rate(int rounds)
{
    sg_search_config config = { .tt_log2 = 20, .max_depth = RATE_DEPTH, .iterative = true };
    char err[256];
    sg_search *engine = sg_search_new(&config, err, sizeof err);
    sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
    size_t cap = (size_t)1 << 16;
    sg_move *moves = malloc(cap * sizeof *moves);
    if (!engine || !sum || !moves)
        die("engine rate", "out of memory");
    _Alignas(16) unsigned char pos[3][SG_POS_MAX];
    for (int k = 0; k < 3; k++) {
        parse(rate_rooms[k], pos[k]);
        if (sg_sum_add(sum, &game, pos[k], err, sizeof err) != SG_OK)
            die(rate_rooms[k], err);
    }
    double ts[ROUNDS_MAX], tw[ROUNDS_MAX];
    uint64_t nodes = 0, plays = 0;
    for (int r = 0; r < rounds; r++) {
        sg_search_result res;
        sg_search_clear(engine);
        double t0 = bench_cpu_seconds();
        if (sg_search_run(engine, sum, SG_LEFT, &res, err, sizeof err) != SG_OK)
            die("engine rate", err);
        double t1 = bench_cpu_seconds();
        plays = 0;
        for (int k = 0; k < 3; k++)
            plays += abi_walk(pos[k], 3, SG_LEFT, moves, cap);
        ts[r] = t1 - t0;
        tw[r] = bench_cpu_seconds() - t1;
        nodes = res.nodes;
    }
    double a = bench_median(ts, rounds), b = bench_median(tw, rounds);
    double engine_rate = (double)nodes / a, abi_rate = (double)plays / b;
    printf("alpha-beta engine on a fixed sum (5x5 + 6x6 + 4x4 rooms, depth %d, iterative, "
           "TT 2^20), median of %d rounds:\n"
           "  %llu nodes in %.3f s: %.2f M nodes/s | ABI moves+play walk of the rooms: "
           "%.2f M plays/s | a node costs %.1f plays\n",
           RATE_DEPTH, rounds, (unsigned long long)nodes, a, engine_rate / 1e6, abi_rate / 1e6,
           abi_rate / engine_rate);
    free(moves);
    sg_sum_free(sum);
    sg_search_free(engine);
}

/* ---- αβ: exact solves of rooms and sums, with and without the transposition table */

static const struct {
    const char *label;
    const char *rooms[3];
} solve_cases[] = {
    { "4x4", { "B.../x.../...W/x.x." } },
    { "4x4", { "..../..xx/..../BW.x" } },
    { "5x5", { "...../x.x.x/W.xxx/x..xx/xBx.x" } },
    { "5x5", { "..x.x/..B../xx.x./.xW../.xx.x" } },
    { "6x6", { "x.xxxx/x.xx.x/xxx.xx/....xx/....W./xBxxxx" } },
    { "4x4 + 4x4", { "B..x/x.x./..xx/xxW.", "xx../.B../.Wxx/xxx." } },
    { "4x4 + 4x4 + 4x4",
      { "B..x/x.xx/.Wxx/xxxx", "xxxx/xB.x/x.x./xxW.", "xx.B/xx../xWx./xxxx" } },
};

static void solve_once(sg_search *engine, const sg_sum *sum, double *seconds,
                       uint64_t *nodes, sg_value *score)
{
    sg_search_result res;
    char err[256];
    sg_search_clear(engine);
    double t0 = bench_cpu_seconds();
    if (sg_search_run(engine, sum, SG_LEFT, &res, err, sizeof err) != SG_OK)
        die("search", err);
    *seconds = bench_cpu_seconds() - t0;
    *nodes = res.nodes;
    *score = res.score;
    if (!res.exact)
        die("search", "not exact");
}

static void bench_search(int rounds)
{
    sg_search_config with = { .tt_log2 = 22 }, without = { .tt_log2 = 4, .no_tt = true };
    char err[256];
    sg_search *tt = sg_search_new(&with, err, sizeof err);
    sg_search *plain = tt ? sg_search_new(&without, err, sizeof err) : NULL;
    if (!plain)
        die("search", err);
    printf("alpha-beta exact solve (Left first), median of %d rounds, TT 2^22 vs none:\n",
           rounds);
    double total_tt = 0, total_plain = 0;
    for (size_t c = 0; c < sizeof solve_cases / sizeof solve_cases[0]; c++) {
        sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
        if (!sum)
            die("search", "out of memory");
        char label[64];
        int len = snprintf(label, sizeof label, "%s, empty", solve_cases[c].label);
        for (int k = 0; k < 3 && solve_cases[c].rooms[k]; k++) {
            int empty = 0;
            for (const char *p = solve_cases[c].rooms[k]; *p; p++)
                empty += *p == '.';
            len += snprintf(label + len, sizeof label - (size_t)len, "%s%d", k ? "+" : " ",
                            empty);
            _Alignas(16) unsigned char pos[SG_POS_MAX];
            parse(solve_cases[c].rooms[k], pos);
            if (sg_sum_add(sum, &game, pos, err, sizeof err) != SG_OK)
                die(solve_cases[c].rooms[k], err);
        }
        double ta[ROUNDS_MAX], tb[ROUNDS_MAX];
        uint64_t na = 0, nb = 0;
        sg_value sa = { 0, 0 }, sb = { 0, 0 };
        for (int r = 0; r < rounds; r++) {
            solve_once(tt, sum, &ta[r], &na, &sa);
            solve_once(plain, sum, &tb[r], &nb, &sb);
        }
        if (!sg_value_eq(sa, sb))
            die(solve_cases[c].rooms[0], "scores with and without the table differ");
        char score[64];
        sg_value_format(sa, score, sizeof score);
        double a = bench_median(ta, rounds), b = bench_median(tb, rounds);
        total_tt += a;
        total_plain += b;
        printf("  %-32s stop %4s | TT %9llu nodes %7.3f s %5.2f M/s | no TT %10llu nodes "
               "%7.3f s %5.2f M/s | time ratio %.1f\n",
               label, score, (unsigned long long)na, a, (double)na / a / 1e6,
               (unsigned long long)nb, b, (double)nb / b / 1e6, b / a);
        sg_sum_free(sum);
    }
    printf("  total: TT %.3f s, no TT %.3f s, ratio %.1f\n", total_tt, total_plain,
           total_plain / total_tt);
    sg_search_free(tt);
    sg_search_free(plain);
}

/* ---- database build times */

/* The plugin's thermograph engine on each n-point room, the rooms listed first (as the
 * command that built the databases before `sumgame db` did): one cache for all, or a
 * cache per room. */
static double engine_rooms(int n, bool shared, size_t *count)
{
    char err[256], shape[32];
    snprintf(shape, sizeof shape, "rooms:%d", n);
    double t0 = bench_cpu_seconds();
    unsigned char *rooms = bench_db_positions("bench_amazons", &game, shape, count);
    sg_thermo_cache *cache = sg_thermo_cache_new(NULL);
    for (size_t i = 0; i < *count; i++) {
        if (!shared && i > 0) {
            sg_thermo_cache_free(cache);
            cache = sg_thermo_cache_new(NULL);
        }
        if (!cache)
            die("rooms", "out of memory");
        const sg_thermograph *th;
        if (sg_thermograph_of_position(cache, &game, rooms + i * SG_POS_MAX, 0, &th, err,
                                       sizeof err) != SG_OK)
            die("rooms", err);
    }
    sg_thermo_cache_free(cache);
    double t = bench_cpu_seconds() - t0;
    free(rooms);
    return t;
}

/* A whole database through sumgame/database.h with every listed position's thermograph,
 * as `sumgame db amazons SHAPE` computes it. */
static double generic_database(const char *shape, size_t *listed, size_t *forms)
{
    char err[256];
    double t0 = bench_cpu_seconds();
    sg_db *db;
    if (sg_db_build(&db, &game, shape, SG_DB_VALUES, NULL, err, sizeof err) != SG_OK)
        die(shape, err);
    sg_thermo_cache *cache = sg_thermo_cache_new(sg_db_table(db));
    if (!cache)
        die(shape, "out of memory");
    *listed = sg_db_count(db);
    for (size_t i = 0; i < *listed; i++)
        if (!sg_thermograph_of(cache, sg_db_value(db, i)))
            die(shape, "thermograph failed");
    *forms = sg_cgt_size(sg_db_table(db));
    sg_thermo_cache_free(cache);
    sg_db_free(db);
    return bench_cpu_seconds() - t0;
}

static void bench_databases(int rounds)
{
    printf("n-point room databases (exact mean and temperature of every room), median of %d "
           "rounds:\n",
           rounds);
    for (int n = 4; n <= 6; n++) {
        double db[ROUNDS_MAX], shared[ROUNDS_MAX], fresh[ROUNDS_MAX];
        size_t count = 0, listed = 0, forms = 0;
        char shape[32];
        snprintf(shape, sizeof shape, "rooms:%d", n);
        for (int r = 0; r < rounds; r++) {
            db[r] = generic_database(shape, &listed, &forms);
            shared[r] = engine_rooms(n, true, &count);
            fresh[r] = engine_rooms(n, false, &count);
        }
        double a = bench_median(db, rounds), b = bench_median(shared, rounds),
               c = bench_median(fresh, rounds);
        printf("  n=%d: %4zu rooms: `db amazons %s` %.4f s | thermograph engine %.4f s "
               "(shared cache), ratio %.2f | %.4f s (cache per room)\n",
               n, count, shape, a, b, b / a, c);
    }
}

/* The full 4x4 database: the generic `sumgame db amazons 4x4` against the retrograde
 * analysis written for it alone, both with the thermographs of the listed positions.
 * Beside them, the plugin's thermograph engine on the 6-point rooms, per position. */
static void bench_grid_database(int rounds)
{
    double generic[ROUNDS_MAX], dedicated[ROUNDS_MAX], rooms6[ROUNDS_MAX];
    size_t listed = 0, forms = 0, count6 = 0, listed_old = 0;
    char err[256];
    for (int r = 0; r < rounds; r++) {
        generic[r] = generic_database("4x4", &listed, &forms);
        double t0 = bench_cpu_seconds();
        grid_db *db;
        if (grid_db_build(&db, err, sizeof err) != SG_OK)
            die("grid database", err);
        sg_thermo_cache *cache = sg_thermo_cache_new(db->table);
        if (!cache)
            die("grid database", "out of memory");
        listed_old = db->count;
        for (size_t i = 0; i < listed_old; i++)
            if (!sg_thermograph_of(cache, db->id[db->listed[i]]))
                die("grid database", "thermograph failed");
        sg_thermo_cache_free(cache);
        grid_db_free(db);
        dedicated[r] = bench_cpu_seconds() - t0;
        rooms6[r] = engine_rooms(6, true, &count6);
    }
    if (listed != listed_old)
        die("grid database", "the generic and the dedicated build list different positions");
    double a = bench_median(generic, rounds), d = bench_median(dedicated, rounds),
           b = bench_median(rooms6, rounds);
    printf("full 4x4 database (every blocked pattern, one amazon each), median of %d rounds:\n"
           "  3932160 positions (%zu up to symmetry, %zu canonical forms): `db amazons 4x4` "
           "%.2f s | the dedicated retrograde %.2f s: ratio %.2f (dedicated/generic); "
           "%.3f of the 10-minute target\n"
           "  per position: %.2f us vs %.1f us for the plugin's thermograph engine on the "
           "%zu 6-point rooms, ratio %.0f\n",
           rounds, listed, forms, a, d, d / a, a / 600, a / 3932160 * 1e6,
           b / (double)count6 * 1e6, count6, (b / (double)count6) / (a / 3932160));
}

/* ---- exact analysis time by empty squares (not in `make bench`) */

static int scaling(int rooms, double cap, int min_empty, int max_empty)
{
    printf("exact analysis (sg_thermograph_of_position) of random 4x4 rooms, one amazon each,"
           " %d rooms per row, cap %.0f s each (child process killed at the cap)\n",
           rooms, cap);
    printf("empty  solved  capped   median s     mean s      max s\n");
    fflush(stdout);
    for (int empty = min_empty; empty <= max_empty; empty++) {
        char arrows[8];
        snprintf(arrows, sizeof arrows, "%d", 14 - empty);
        sg_param items[] = { { "arrows", arrows, 0 } };
        sg_params params = { "bench", "amazons", items, 1 };
        void *inst;
        char err[256];
        if (plugin.desc.game->create(sg_default_host(), &params, &inst, err, sizeof err) !=
            SG_OK)
            die("create", err);
        sg_rng seed;
        sg_rng_seed(&seed, (uint64_t)empty);
        double times[1000];
        int solved = 0, capped = 0;
        for (int i = 0; i < rooms; i++) {
            sg_rng r = sg_rng_split(&seed, (uint64_t)i);
            _Alignas(16) unsigned char pos[SG_POS_MAX];
            if (plugin.desc.game->generate(inst, &r, pos, err, sizeof err) != SG_OK)
                die("generate", err);
            double t0 = bench_cpu_seconds();
            pid_t child = fork();
            if (child < 0)
                die("fork", "failed");
            if (child == 0) {
                alarm((unsigned)cap);
                sg_game g;
                sg_game_init(&g, plugin.desc.game, inst);
                sg_thermo_cache *cache = sg_thermo_cache_new(NULL);
                const sg_thermograph *th;
                _exit(sg_thermograph_of_position(cache, &g, pos, 0, &th, err, sizeof err) ==
                              SG_OK
                          ? 0
                          : 3);
            }
            int status;
            waitpid(child, &status, 0);
            double t = bench_cpu_seconds() - t0;
            if (WIFEXITED(status) && WEXITSTATUS(status) == 0)
                times[solved++] = t;
            else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM)
                capped++;
            else
                die("scaling", "analysis failed");
        }
        plugin.desc.game->destroy(inst);
        double sum = 0, max = 0;
        for (int i = 0; i < solved; i++) {
            sum += times[i];
            if (times[i] > max)
                max = times[i];
        }
        double med = solved ? bench_median(times, solved) : 0;
        printf("%5d  %6d  %6d  %9.4f  %9.4f  %9.4f\n", empty, solved, capped, med,
               solved ? sum / solved : 0, max);
        fflush(stdout);
    }
    return 0;
}

int main(int argc, char **argv)
{
    const char *build = argc > 1 ? argv[1] : "build";
    char path[4096], err[256];
    snprintf(path, sizeof path, "%s/games/amazons.so", build);
    if (sg_plugin_open_file(path, SG_PLUGIN_GAME, &plugin, err, sizeof err) != SG_OK)
        die("open", err);
    sg_params params = { "bench", "amazons", NULL, 0 };
    void *inst;
    if (plugin.desc.game->create(sg_default_host(), &params, &inst, err, sizeof err) != SG_OK)
        die("create", err);
    sg_game_init(&game, plugin.desc.game, inst);
    fast_perft = (perft_fn)dlsym(plugin.handle, "sumgame_amazons_perft");
    if (!fast_perft)
        die("dlsym", "sumgame_amazons_perft not found");

    int status = 0;
    if (argc > 2 && strcmp(argv[2], "--scaling") == 0) {
        int rooms = argc > 3 ? atoi(argv[3]) : 20;
        double cap = argc > 4 ? atof(argv[4]) : 60;
        int lo = argc > 5 ? atoi(argv[5]) : 2, hi = argc > 6 ? atoi(argv[6]) : 14;
        if (rooms < 1 || rooms > 1000 || cap < 1 || lo < 0 || hi > 14 || lo > hi) {
            fprintf(stderr, "bench_amazons: usage: bench_amazons BUILD_DIR --scaling "
                            "[ROOMS 1..1000] [CAP_SECONDS >= 1] [MIN_EMPTY [MAX_EMPTY]]\n");
            return 2;
        }
        status = scaling(rooms, cap, lo, hi);
    } else {
        int rounds = argc > 2 ? atoi(argv[2]) : 3;
        if (rounds < 1 || rounds > ROUNDS_MAX) {
            fprintf(stderr, "bench_amazons: usage: bench_amazons BUILD_DIR [ROUNDS 1..%d]\n",
                    ROUNDS_MAX);
            return 2;
        }
        bench_perft(rounds);
        bench_engine_rate(rounds);
        bench_search(rounds);
        bench_databases(rounds);
        bench_grid_database(rounds);
    }
    game.desc->destroy(inst);
    sg_plugin_close(&plugin);
    return status;
}
