/* libFuzzer target: the GTP engine loop (framework/host/gtp/gtp.c) in-process, the input
 * a stream of commands on a memory stream (nothing on disk). The first byte picks the game
 * (amazons, go) and the strategy that answers genmove (random; alphabeta with a node
 * budget of GTP_NODES a move; uct with 32 playouts a move; no time limit unless the input
 * sets a clock with time_left, so an input replays the same way);
 * the rest is the command stream, cut at its LINES_MAX-th line so that an input's work
 * stays bounded. First bytes of the seeds: '2' amazons/random, '3' amazons/alphabeta,
 * '4' go/random, '5' go/alphabeta, '6' go/uct.
 * Checks: no sanitizer report; a session that fails says so in one line; the output is a
 * sequence of replies each starting '=' or '?', ending in an empty line and holding none
 * (GTP 2, section 3.4). */
#define _GNU_SOURCE
#include "fuzz_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/check/catalog.h"
#include "host/gtp/gtp.h"
#include "sumgame/params.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { INPUT_MAX = 4096, LINES_MAX = 48, GTP_NODES = 64 };

static const char *const game_names[] = { "amazons", "go" };
static const char *const strategy_names[] = { "random", "alphabeta", "uct" };
#define N_GAMES (sizeof game_names / sizeof *game_names)
#define N_STRATS (sizeof strategy_names / sizeof *strategy_names)

/* The first byte modulo N_COMBOS: game and strategy. Not uct on Amazons: its playouts ask
 * number() at every step, whose Amazons answer may search up to 2M nodes (settle.c), a
 * genmove of seconds under the sanitizers. */
static const struct { unsigned game, strategy; } combos[] = {
    { 0, 0 }, { 0, 1 }, { 1, 0 }, { 1, 1 }, { 1, 2 },
};
#define N_COMBOS (sizeof combos / sizeof *combos)

static sg_game games[N_GAMES];
static const sg_strategy_desc *strategies[N_STRATS];
static void *instances[N_STRATS];

static void setup_once(void)
{
    static bool done;
    static catalog *cat; /* kept open: the strategies' plugins stay loaded */
    if (done)
        return;
    done = true;
    char err[512] = "";
    fuzz_check(catalog_open(&cat, fuzz_build_dir(), err, sizeof err) == SG_OK, "%s", err);
    for (size_t g = 0; g < N_GAMES; g++) {
        const sg_game_desc *d = fuzz_game(game_names[g]);
        sg_params none = { "fuzz", d->name, NULL, 0 };
        void *inst = NULL;
        fuzz_check(d->create(sg_default_host(), &none, &inst, err, sizeof err) == SG_OK,
                   "%s: create: %s", d->name, err);
        sg_game_init(&games[g], d, inst);
    }
    /* alphabeta with a small table (the strategy is made once and kept); uct counts
     * playouts, not nodes */
    static const sg_param ab_params[] = { { "tt_log2", "12", 0 } };
    static const sg_param uct_params[] = { { "playouts", "32", 0 } };
    for (size_t s = 0; s < N_STRATS; s++) {
        fuzz_check(catalog_strategy_desc(cat, strategy_names[s], &strategies[s], err,
                                         sizeof err) == SG_OK,
                   "%s", err);
        bool ab = strcmp(strategy_names[s], "alphabeta") == 0,
             uct = strcmp(strategy_names[s], "uct") == 0;
        sg_params p = { "fuzz", strategy_names[s], ab ? ab_params : uct ? uct_params : NULL,
                        ab || uct ? 1 : 0 };
        fuzz_check(strategies[s]->create(sg_default_host(), &p, &instances[s], err,
                                         sizeof err) == SG_OK,
                   "%s: create: %s", strategy_names[s], err);
    }
}

/* GTP 2, 3.4: each reply is "=" or "?", then text with no empty line, then an empty line. */
static void check_replies(const char *out, size_t len)
{
    size_t i = 0;
    while (i < len) {
        fuzz_check(out[i] == '=' || out[i] == '?', "a reply starts with '%c' at byte %zu",
                   out[i], i);
        const char *end = memmem(out + i, len - i, "\n\n", 2);
        fuzz_check(end != NULL, "a reply without its empty line at byte %zu", i);
        i = (size_t)(end - out) + 2;
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > INPUT_MAX)
        return 0;
    setup_once();
    size_t g = combos[data[0] % N_COMBOS].game, s = combos[data[0] % N_COMBOS].strategy;
    data++;
    size--;
    size_t cut = size, lines = 0;
    for (size_t i = 0; i < size; i++)
        if (data[i] == '\n' && ++lines == LINES_MAX) {
            cut = i + 1;
            break;
        }
    char *text = malloc(cut + 1);
    fuzz_check(text != NULL, "out of memory");
    memcpy(text, data, cut);
    text[cut] = '\0';
    if (cut == 0) { /* fmemopen wants at least one byte */
        free(text);
        return 0;
    }
    FILE *in = fmemopen(text, cut, "r");
    char *out_text = NULL;
    size_t out_len = 0;
    FILE *out = open_memstream(&out_text, &out_len);
    fuzz_check(in && out, "cannot open the memory streams");
    gtp_setup setup = { &games[g], strategy_names[s], strategies[s], instances[s],
                        { 0, GTP_NODES, 0 }, 1 };
    char err[512] = "";
    int rc = gtp_run(&setup, in, out, err, sizeof err);
    fuzz_check(memchr(err, '\0', sizeof err) != NULL, "message not terminated");
    if (rc != 0)
        fuzz_check(err[0] && strchr(err, '\n') == NULL, "bad failure: '%s'", err);
    fclose(in);
    fclose(out);
    check_replies(out_text, out_len);
    free(out_text);
    free(text);
    return 0;
}
