/* Depth trace for docs/results/tdsplus-sum-games.md (not part of the build).
 *
 * Replays games of a `sumgame match --out` log and, at the positions where the log's
 * player PLAYER (a section name such as hotstrat_tdsplus) was to move, asks four fresh
 * strategies for a move with SECONDS (default 1) of wall clock each: Hotstrat-TDS+
 * (tdsplus, delta 1/2, tmax 4, enhancements 1,2,3,4,5), Hotstrat-TDS (tds, 3,5), global
 * alpha-beta (defaults) and, unless NO_ABL is set, Hotstrat-TDS+ without E4 (1,2,3,5).
 * Each strategy starts a new game per record and is asked only at those plies, so its
 * kept estimates are those it would have had in the game. Prints per ply the number of
 * rooms and per strategy the depth its stats report (Hotstrat: the shallowest room's plies
 * per TDS search; alpha-beta: the deepest finished iteration), nodes, seconds and move.
 * SHOWPOS=1 adds the rooms; SHOWPOS=2 prints only the rooms.
 *
 *   gcc -std=gnu17 -O2 -Iinclude -Iframework -o /tmp/depth docs/results/data/tdsplus-sum-depth.c \
 *       -Lbuild/sums -lsumgame -Wl,-rpath,$PWD/build/sums -lm
 *   /tmp/depth docs/results/data/tdsplus-sum-5x5-n2.jsonl 0,1 hotstrat_tdsplus 1
 *
 * The plugins are taken from BUILD (compile with -DBUILD='"..."' for another build). */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "sumgame/loader.h"
#include "sumgame/host.h"
#include "sumgame/sum.h"
#include "sumgame/clock.h"
#include "sumgame/rng.h"
#include "sumgame/params.h"

#ifndef BUILD
#define BUILD "build/sums"
#endif
static sg_plugin gp; static sg_game game;

static char *field(const char *line, const char *key) {
    char pat[64]; snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(line, pat); if (!p) return NULL; p += strlen(pat);
    if (*p == '"') { p++; const char *e = strchr(p, '"'); return strndup(p, (size_t)(e - p)); }
    const char *e = p; while (*e && *e != ',' && *e != '}') e++; return strndup(p, (size_t)(e - p));
}

struct strat { const char *label; sg_plugin pl; void *inst; };
static void open_strat(struct strat *s, const char *label, const char *plugin, sg_param *items, size_t n) {
    char path[4096], err[512];
    s->label = label;
    snprintf(path, sizeof path, BUILD "/strategies/%s.so", plugin);
    if (sg_plugin_open_file(path, SG_PLUGIN_STRATEGY, &s->pl, err, sizeof err) != SG_OK) { fprintf(stderr, "%s\n", err); exit(1); }
    sg_params params = { "harness.ini", label, items, n };
    if (s->pl.desc.strategy->create(sg_default_host(), &params, &s->inst, err, sizeof err) != SG_OK) { fprintf(stderr, "%s\n", err); exit(1); }
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage\n"); return 2; }
    double secs = argc > 4 ? atof(argv[4]) : 1.0;
    char err[512];
    if (sg_plugin_open_file(BUILD "/games/amazons.so", SG_PLUGIN_GAME, &gp, err, sizeof err) != SG_OK) { fprintf(stderr, "%s\n", err); return 1; }
    void *gi; sg_params empty = { "h", "amazons", NULL, 0 };
    if (gp.desc.game->create(sg_default_host(), &empty, &gi, err, sizeof err) != SG_OK) { fprintf(stderr, "%s\n", err); return 1; }
    sg_game_init(&game, gp.desc.game, gi);
    struct strat st[4];
    sg_param p1[] = { {"estimator","tdsplus",1}, {"delta","1/2",2}, {"tmax","4",3}, {"enhancements","1,2,3,4,5",4} };
    sg_param p2[] = { {"estimator","tds",1}, {"delta","1/2",2}, {"tmax","4",3}, {"enhancements","3,5",4} };
    open_strat(&st[0], "tds+", "hotstrat", p1, 4);
    open_strat(&st[1], "tds", "hotstrat", p2, 4);
    open_strat(&st[2], "ab", "alphabeta", NULL, 0);
    sg_param p4[] = { {"estimator","tdsplus",1}, {"delta","1/2",2}, {"tmax","4",3}, {"enhancements","1,2,3,5",4} };
    int nst = getenv("NO_ABL") ? 3 : 4;
    if (nst == 4) open_strat(&st[3], "tds+1235", "hotstrat", p4, 4);
    FILE *f = fopen(argv[1], "r"); char *line = NULL; size_t cap = 0;
    while (getline(&line, &cap, f) > 0) {
        char *g = field(line, "game"); int gno = atoi(g);
        char want[32]; snprintf(want, sizeof want, ",%d,", gno); char list[1024]; snprintf(list, sizeof list, ",%s,", argv[2]);
        if (!strstr(list, want) && strcmp(argv[2], "all") != 0) continue;
        char *sumtext = field(line, "sum"), *lp = field(line, "left_player"), *first = field(line, "first");
        sg_player side = strcmp(lp, argv[3]) == 0 ? SG_LEFT : SG_RIGHT;
        sg_player who = strcmp(first, "left") == 0 ? SG_LEFT : SG_RIGHT;
        sg_sum *cur = sg_sum_new(SG_FREEZE_INTEGERS), *next = sg_sum_new(SG_FREEZE_INTEGERS);
        char *save, *tok = strtok_r(sumtext, "+", &save);
        while (tok) {
            while (*tok == ' ')
                tok++;
            char *e = tok + strlen(tok); while (e > tok && e[-1] == ' ') *--e = 0;
            unsigned char pos[4096]; const char *t = strchr(tok, ':') + 1;
            if (game.desc->parse(game.instance, t, pos, err, sizeof err) != SG_OK) { fprintf(stderr, "parse %s: %s\n", t, err); return 1; }
            if (sg_sum_add(cur, &game, pos, err, sizeof err) != SG_OK) { fprintf(stderr, "%s\n", err); return 1; }
            tok = strtok_r(NULL, "+", &save);
        }
        for (int k = 0; k < nst; k++) { sg_rng r; sg_rng_seed(&r, 1); st[k].pl.desc.strategy->new_game(st[k].inst, &r); }
        char *mp = strstr(line, "\"moves\":[") + 9; int ply = 0;
        printf("game %d (%s as %s) score %s\n", gno, argv[3], side == SG_LEFT ? "left" : "right", field(line, "score"));
        while (*mp == '"') {
            char *e = strchr(mp + 1, '"'); char *mv = strndup(mp + 1, (size_t)(e - mp - 1)); mp = e + 1; if (*mp == ',') mp++;
            if (who == side) {
                printf("  ply %2d  rooms %zu ", ply, sg_sum_count(cur));
                if (getenv("SHOWPOS")) { for (size_t q = 0; q < sg_sum_count(cur); q++) { char pb[512]; const sg_game *gg = sg_sum_game(cur, q); gg->desc->format(gg->instance, sg_sum_pos(cur, q), pb, sizeof pb); printf("%s%s", q ? " + " : "[", pb); } printf("] "); }
                if (getenv("SHOWPOS") && atoi(getenv("SHOWPOS")) == 2) { printf("\n"); goto skip; }
                for (int k = 0; k < nst; k++) {
                    sg_budget b = { secs, 0, 0 }; sg_sum_move m; char txt[128] = "?";
                    double t0 = sg_clock_seconds();
                    int rc = st[k].pl.desc.strategy->choose(st[k].inst, cur, who, &b, &m, err, sizeof err);
                    double dt = sg_clock_seconds() - t0;
                    sg_strategy_stats ss = {0,0,0}; st[k].pl.desc.strategy->stats(st[k].inst, &ss);
                    if (rc == SG_OK) sg_sum_format_move(cur, m, txt, sizeof txt); else snprintf(txt, sizeof txt, "ERR %.100s", err);
                    printf("| %s d%-3d %8llu n %5.2fs %-14s ", st[k].label, ss.depth, (unsigned long long)ss.nodes, dt, txt);
                }
                printf("| played %s\n", mv); fflush(stdout);
            }
            skip:;
            size_t count = 0; sg_sum_moves(cur, who, NULL, 0, &count);
            sg_sum_move *ms = malloc((count + 1) * sizeof *ms); size_t c2; sg_sum_moves(cur, who, ms, count, &c2);
            int found = 0;
            for (size_t i = 0; i < c2; i++) { char txt[128]; sg_sum_format_move(cur, ms[i], txt, sizeof txt);
                if (strcmp(txt, mv) == 0) { if (sg_sum_play(cur, who, ms[i], next, err, sizeof err) != SG_OK) { fprintf(stderr, "%s\n", err); return 1; } found = 1; break; } }
            free(ms);
            if (!found) { fprintf(stderr, "move %s not found at ply %d\n", mv, ply); return 1; }
            sg_sum *t = cur; cur = next; next = t; who = who == SG_LEFT ? SG_RIGHT : SG_LEFT; ply++;
        }
        sg_sum_free(cur); sg_sum_free(next);
    }
    return 0;
}
