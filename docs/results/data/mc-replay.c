/* Replays the match records of docs/results/mc-temperature.md (sums of five empty 7x7 go
 * boards, komi 7.5) through the go plugin: checks that every game ends with every board
 * settled at the recorded final score, and prints the most moves any board made (the move
 * cap is 196). With a third argument N, also analyses exactly (within N positions, as
 * mcdual's exact_positions does) every board a move changed and counts how often the
 * exact engine finishes, meets a ko, or runs out of positions. Build and run from the
 * repository root after `make`:
 *   cc -O2 -std=c17 -Iinclude docs/results/data/mc-replay.c -Lbuild -lsumgame \
 *      -Wl,-rpath,$PWD/build -o /tmp/mc-replay
 *   cat docs/results/data/mc-table*.jsonl | /tmp/mc-replay build/games/go.so */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sumgame/loader.h"
#include "sumgame/sum.h"
#include "sumgame/thermograph.h"
int main(int argc, char **argv) {
    char err[512]; sg_plugin pl; void *inst;
    sg_params none = {"x","go",NULL,0};
    if (sg_plugin_open_file(argc > 1 ? argv[1] : "build/games/go.so", SG_PLUGIN_GAME, &pl, err, sizeof err)) { puts(err); return 1; }
    pl.desc.game->create(sg_default_host(), &none, &inst, err, sizeof err);
    sg_game g; sg_game_init(&g, pl.desc.game, inst);
    unsigned char pos[512];
    pl.desc.game->parse(inst, "......./......./......./......./......./......./.......", pos, err, sizeof err);
    static char line[1 << 20];
    int maxm = 0; long games = 0;
    size_t budget = argc > 2 ? (size_t)atol(argv[2]) : 0;
    long finished = 0, kos = 0, over = 0;
    sg_thermo_cache *cache = budget ? sg_thermo_cache_new(NULL) : NULL;
    while (fgets(line, sizeof line, stdin)) {
        sg_sum *a = sg_sum_new(SG_FREEZE_INTEGERS), *b = sg_sum_new(SG_FREEZE_INTEGERS);
        for (int k = 0; k < 5; k++) sg_sum_add(a, &g, pos, err, sizeof err);
        sg_player who = SG_LEFT;
        char *m = strstr(line, "\"moves\":[") + 9;
        while (*m == '"') {
            char tok[32]; int n = 0; m++;
            while (*m != '"') tok[n++] = *m++;
            tok[n] = 0; m++; if (*m == ',') m++;
            if (strcmp(tok, "pass") == 0) { sg_sum_pass(a, b); }
            else {
                sg_sum_move mv; mv.component = (uint32_t)(atoi(tok) - 1);
                const char *t = strchr(tok, ':') + 1;
                if (pl.desc.game->parse_move(inst, sg_sum_pos(a, mv.component), who, t, &mv.move, err, sizeof err) ||
                    sg_sum_play(a, who, mv, b, err, sizeof err)) { printf("game %ld: %s: %s\n", games, tok, err); return 1; }
            }
            sg_sum *t2 = a; a = b; b = t2; who = !who;
            if (budget && strcmp(tok, "pass") != 0) {
                /* the board the move was made on, if it is still live */
                size_t i = (size_t)(atoi(tok) - 1);
                if (i < sg_sum_count(a) && sg_sum_count(a) == sg_sum_count(b)) {
                    const sg_thermograph *th;
                    int rc = sg_thermograph_of_position(cache, &g, sg_sum_pos(a, i), budget, &th, err, sizeof err);
                    finished += rc == SG_OK; kos += rc == SG_ERR_UNSUPPORTED; over += rc == SG_ERR_BUDGET;
                    if (sg_cgt_size(sg_thermo_cache_table(cache)) > 16 * budget) sg_thermo_cache_reset(cache);
                }
            }
            for (size_t i = 0; i < sg_sum_count(a); i++) {
                char buf[256]; pl.desc.game->format(inst, sg_sum_pos(a, i), buf, sizeof buf);
                char *q = strstr(buf, "moves="); if (q && atoi(q + 6) > maxm) maxm = atoi(q + 6);
            }
        }
        char fv[32]; sg_value_format(sg_sum_frozen(a), fv, sizeof fv);
        char *fs = strstr(line, "\"final_score\":\"") + 15;
        char want[32]; int w = 0; while (fs[w] != '"') { want[w] = fs[w]; w++; } want[w] = 0;
        sg_value fz = sg_sum_frozen(a), ws; sg_value_parse(want, &ws, err, sizeof err);
        if (!sg_value_eq(sg_value_sub(fz, sg_value_make(15, 1)), ws)) printf("game %ld: frozen %s, record %s\n", games, fv, want);
        if (sg_sum_count(a) != 0) printf("game %ld not over\n", games);
        games++;
        sg_sum_free(a); sg_sum_free(b);
    }
    printf("%ld games replayed, largest moves on one board %d\n", games, maxm);
    if (budget)
        printf("exact analysis of the boards moves changed, within %zu positions: %ld finished, "
               "%ld met a ko, %ld ran out of positions\n", budget, finished, kos, over);
    return 0;
}
