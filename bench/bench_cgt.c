/* Canonical forms of Amazons rooms (sg_cgt_from_game, a fresh table a round, as
 * `sumgame analyze` builds them) against a baseline measured in the same run: a plain
 * minimax of both stops over the same positions, memoized by hash, settled positions
 * (the plugin's number()) as leaves. The baseline visits the game tree as the canonical
 * walk does but builds no forms, so the ratio is what the canonical forms cost on top of
 * visiting the positions. Prints medians of several rounds.
 * Usage: bench_cgt BUILD_DIR [ROUNDS] */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/cgt.h"
#include "bench_util.h"
#include "sumgame/loader.h"

#define ROUNDS_MAX 15

/* 3x3 rooms of a few hundredths of a second, and 4x4 ones with two amazons a side of
 * about a second. */
static const char *const rooms[] = {
    ".BW/.../W.B", ".../BWB/...", "B.B/.../..W", ".W./.WB/...", "B..W/x.../.x.x/W..B",
    "B..W/xx../...x/W..B",
};
#define ROOMS (sizeof rooms / sizeof rooms[0])

static sg_game game;

static void die(const char *what, const char *err)
{
    fprintf(stderr, "bench_cgt: %s: %s\n", what, err);
    exit(1);
}

/* ---- the baseline: memoized minimax of both stops ---- */

struct entry {
    uint64_t key; /* hash * 2 + side to move, + 1; 0 is free */
    double value;
};

static struct entry *memo;
static size_t memo_cap, memo_used;

static struct entry *find(uint64_t key)
{
    size_t i = (key * UINT64_C(0x9E3779B97F4A7C15)) >> 20 & (memo_cap - 1);
    while (memo[i].key && memo[i].key != key)
        i = (i + 1) & (memo_cap - 1);
    return &memo[i];
}

static void memo_reset(void)
{
    free(memo);
    memo_cap = (size_t)1 << 16;
    memo_used = 0;
    memo = calloc(memo_cap, sizeof *memo);
    if (!memo)
        die("minimax", "out of memory");
}

static void memo_put(uint64_t key, double value)
{
    if ((memo_used + 1) * 2 > memo_cap) {
        struct entry *old = memo;
        size_t cap = memo_cap;
        memo_cap *= 2;
        memo = calloc(memo_cap, sizeof *memo);
        if (!memo)
            die("minimax", "out of memory");
        for (size_t i = 0; i < cap; i++)
            if (old[i].key)
                *find(old[i].key) = old[i];
        free(old);
    }
    struct entry *e = find(key);
    if (!e->key)
        memo_used++;
    e->key = key;
    e->value = value;
}

/* The stop of pos with who to move: the best of its moves for who, a settled position's
 * value at the leaves, and a player without a move facing the other's stop. */
static double stop(const void *pos, sg_player who, uint64_t *visited)
{
    const sg_game_desc *d = game.desc;
    sg_value x;
    if (d->number(game.instance, pos, &x))
        return (double)x.num / (double)((uint64_t)1 << x.exp);
    uint64_t key = (d->hash(game.instance, pos) * 2 + (uint64_t)who) | 1;
    struct entry *e = find(key);
    if (e->key)
        return e->value;
    (*visited)++;
    size_t n = 0;
    d->moves(game.instance, pos, who, NULL, 0, &n);
    if (n == 0)
        die("minimax", "a position with no move was not settled");
    sg_move *moves = malloc(n * sizeof *moves);
    char err[256];
    if (!moves || d->moves(game.instance, pos, who, moves, n, &n) != SG_OK)
        die("minimax", "moves failed");
    double best = 0;
    _Alignas(16) unsigned char next[SG_POS_MAX];
    for (size_t i = 0; i < n; i++) {
        if (d->play(game.instance, pos, who, moves[i], next, err, sizeof err) != SG_OK)
            die("minimax", err);
        double v = stop(next, sg_opponent(who), visited);
        if (i == 0 || (who == SG_LEFT ? v > best : v < best))
            best = v;
    }
    free(moves);
    memo_put(key, best);
    return best;
}

int main(int argc, char **argv)
{
    const char *build = argc > 1 ? argv[1] : "build";
    int rounds = argc > 2 ? atoi(argv[2]) : 3;
    if (rounds < 1 || rounds > ROUNDS_MAX) {
        fprintf(stderr, "bench_cgt: usage: bench_cgt BUILD_DIR [ROUNDS 1..%d]\n", ROUNDS_MAX);
        return 2;
    }
    char err[256];
    sg_plugin plugin;
    if (bench_open_game("bench_cgt", build, "amazons", NULL, &plugin, &game) != 0)
        return 1;
    void *inst = game.instance;
    _Alignas(16) unsigned char pos[ROOMS][SG_POS_MAX];
    for (size_t i = 0; i < ROOMS; i++)
        if (game.desc->parse(inst, rooms[i], pos[i], err, sizeof err) != SG_OK)
            die(rooms[i], err);

    double forms_s[ROUNDS_MAX], minimax_s[ROUNDS_MAX];
    size_t forms = 0;
    uint64_t visited = 0;
    for (int r = 0; r < rounds; r++) {
        double t0 = bench_cpu_seconds();
        for (size_t i = 0; i < ROOMS; i++) {
            /* A fresh table a room, as one `sumgame analyze` run has. */
            sg_cgt *t = sg_cgt_new();
            sg_cg g;
            if (!t || sg_cgt_from_game(t, &game, pos[i], 0, &g, err, sizeof err) != SG_OK)
                die(rooms[i], t ? err : "out of memory");
            if (r == 0)
                forms += sg_cgt_size(t);
            sg_cgt_free(t);
        }
        double t1 = bench_cpu_seconds();
        visited = 0;
        for (size_t i = 0; i < ROOMS; i++) {
            memo_reset();
            stop(pos[i], SG_LEFT, &visited);
            stop(pos[i], SG_RIGHT, &visited);
        }
        double t2 = bench_cpu_seconds();
        forms_s[r] = t1 - t0;
        minimax_s[r] = t2 - t1;
    }
    double f = bench_median(forms_s, rounds), m = bench_median(minimax_s, rounds);
    printf("canonical forms of %zu Amazons rooms (3x3 and 4x4), median of %d rounds:\n", ROOMS,
           rounds);
    printf("  canonical forms (fresh table a room): %8.3f s, %zu forms\n", f, forms);
    printf("  memoized minimax of both stops:       %8.3f s, %llu positions\n", m,
           (unsigned long long)visited);
    printf("  time ratio forms/minimax:             %8.2f\n", f / m);
    free(memo);
    game.desc->destroy(inst);
    sg_plugin_close(&plugin);
    return 0;
}
