/* `sumgame match` end to end: real play on hand-checked sums, the summary table and its
 * JSON, the per-game JSON lines, reproducibility across runs and --jobs, forfeits of
 * strategies that fail, move illegally, crash or hang, and configuration errors. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "support.h"

#include <jansson.h>

/* A scratch directory holding the config, the results and a plugin directory with the
 * misbehaving test strategy as DIR/plugins/strategies/misbehaving.so. */
typedef struct scratch {
    char dir[64];
    char config[128];
    char out[128];
    char plugins[128];
} scratch;

static void scratch_open(scratch *s, const char *config_text)
{
    strcpy(s->dir, "/tmp/sumgame-match-XXXXXX");
    assert_non_null(mkdtemp(s->dir));
    snprintf(s->config, sizeof s->config, "%s/m.ini", s->dir);
    snprintf(s->out, sizeof s->out, "%s/games.jsonl", s->dir);
    snprintf(s->plugins, sizeof s->plugins, "%s/plugins", s->dir);
    FILE *f = fopen(s->config, "w");
    assert_non_null(f);
    fputs(config_text, f);
    fclose(f);
    char path[512], target[4096];
    assert_int_equal(mkdir(s->plugins, 0700), 0);
    snprintf(path, sizeof path, "%s/strategies", s->plugins);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/strategies/misbehaving.so", s->plugins);
    snprintf(target, sizeof target, "%s/tests/plugins/misbehaving_strategy.so",
             support_build_dir());
    assert_int_equal(symlink(target, path), 0);
    snprintf(path, sizeof path, "%s/games", s->plugins);
    assert_int_equal(mkdir(path, 0700), 0);
    snprintf(path, sizeof path, "%s/games/numberless.so", s->plugins);
    snprintf(target, sizeof target, "%s/tests/plugins/numberless_subtract.so",
             support_build_dir());
    assert_int_equal(symlink(target, path), 0);
}

static void scratch_close(scratch *s)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", s->dir);
    assert_int_equal(system(cmd), 0);
}

static void write_file(const char *path, const char *text)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fputs(text, f);
    fclose(f);
}

static size_t count_lines(const char *text)
{
    size_t n = 0;
    for (; *text; text++)
        n += *text == '\n';
    return n;
}

/* Line i (0-based) of text, as a new string. */
static char *line_of(const char *text, size_t i)
{
    for (; i > 0; i--) {
        text = strchr(text, '\n');
        assert_non_null(text);
        text++;
    }
    size_t len = strcspn(text, "\n");
    return strndup(text, len);
}

/* The results without their timing: every ,"seconds":X up to the closing brace. */
static char *without_seconds(const char *text)
{
    char *out = strdup(text);
    char *w = out;
    for (const char *r = text; *r;) {
        if (strncmp(r, ",\"seconds\":", 11) == 0) {
            r = strchr(r, '}');
            assert_non_null(r);
            continue;
        }
        *w++ = *r++;
    }
    *w = '\0';
    return out;
}

/* Runs `sumgame match CONFIG ARGS --out OUT` on a new OUT (match refuses to add to a
 * file of results without --resume) and asserts success and no error output. */
static support_run run_ok(const scratch *s, const char *args)
{
    unlink(s->out);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "match '%s' --out '%s' --plugin-path '%s' %s", s->config, s->out,
             s->plugins, args);
    support_run r = support_host(cmd, NULL);
    if (r.status != 0)
        fail_msg("exit %d: %s", r.status, r.err);
    return r;
}

/* The same match in this process (match_run_games): fails on any error. ov gives
 * --games, --seed and --from (NULL: none); the plugin path is the scratch one. */
static void play(const scratch *s, const match_overrides *ov, unsigned jobs, match_result *res)
{
    unlink(s->out);
    match_overrides o = ov ? *ov : (match_overrides){ 0 };
    o.plugin_path = s->plugins;
    match_run_opts opts = { .jobs = jobs, .out = s->out };
    support_match_ok(s->config, &o, &opts, res);
}

/* What the summary says of A: games, wins, draws, losses, forfeits, mean (std dev). */
static void assert_tally(const match_tally *t, unsigned long long games,
                         unsigned long long wins, unsigned long long draws,
                         unsigned long long losses, unsigned long long forfeits,
                         const char *mean, const char *sd)
{
    char m[32], d[32];
    assert_int_equal(t->games, games);
    assert_int_equal(t->wins, wins);
    assert_int_equal(t->draws, draws);
    assert_int_equal(t->losses, losses);
    assert_int_equal(t->forfeits, forfeits);
    support_tally_stats(t, m, d, sizeof m);
    assert_string_equal(m, mean);
    assert_string_equal(d, sd);
}

/* Runs the match at config in this process with ov (NULL: none) and --out out (NULL:
 * none), and asserts that it fails with message in err before any game. */
static void expect_load_error(const char *config, const match_overrides *ov, const char *out,
                              const char *message)
{
    match_plan plan;
    match_result res;
    char err[4096];
    match_run_opts opts = { .jobs = 1, .out = out };
    int rc = support_match(config, ov, &opts, &plan, &res, err, sizeof err);
    match_plan_free(&plan);
    match_result_free(&res);
    if (rc == SG_OK)
        fail_msg("match %s: no error, expected: %s", config, message);
    if (strchr(err, '\n') || !strstr(err, message))
        fail_msg("expected '%s', got: %s", message, err);
}

/* What the summary says of A's loss against optimal play, as first and as second player. */
static void assert_tally_loss(const match_tally *t, const char *first,
                              unsigned long long first_games, const char *second,
                              unsigned long long second_games)
{
    char l0[64], l1[64];
    sg_value_format(t->loss[0], l0, sizeof l0);
    sg_value_format(t->loss[1], l1, sizeof l1);
    assert_string_equal(l0, first);
    assert_int_equal(t->loss_games[0], first_games);
    assert_string_equal(l1, second);
    assert_int_equal(t->loss_games[1], second_games);
}

static const char half_config[] = "[match]\n"
                                  "left = r1\n"
                                  "right = r2\n"
                                  "first = %s\n"
                                  "\n"
                                  "[sum]\n"
                                  "sum.1 = rcg:{0|1}\n"
                                  "sum.2 = rcg:{1|0} + rcg:{1|0}\n"
                                  "\n"
                                  "[strategy.r1]\n"
                                  "plugin = random\n"
                                  "[strategy.r2]\n"
                                  "plugin = random\n";

/* The real-play check: {0|1} (= 1/2) played out ends at 0 when Left moves first
 * and at 1 when Right does, whoever plays which color. {1|0} + {1|0} ends at 1 either
 * way: each player takes one component, the first mover the first. */
static void real_play_left_first(void **state)
{
    (void)state;
    char text[1024];
    snprintf(text, sizeof text, half_config, "left");
    scratch s;
    scratch_open(&s, text);
    match_result res;
    play(&s, NULL, 1, &res);
    char *out = support_read_file(s.out);
    assert_int_equal(count_lines(out), 4);
    char *g0 = line_of(out, 0), *g1 = line_of(out, 1), *g2 = line_of(out, 2),
         *g3 = line_of(out, 3);
    support_assert_contains(g0, "{\"game\":0,\"pair\":0,\"sum\":\"rcg:{0|1}\",\"left_player\":\"r1\","
                        "\"right_player\":\"r2\",\"first\":\"left\",\"final_score\":\"0\","
                        "\"score\":\"0\",\"result\":\"draw\",\"forfeit\":null,"
                        "\"score_estimated\":false,\"moves\":[\"1:L1\"],\"nodes_left\":0,\"nodes_right\":0,"
                        "\"depths\":[0],\"seconds\":");
    support_assert_contains(g1, "{\"game\":1,\"pair\":0,\"sum\":\"rcg:{0|1}\",\"left_player\":\"r2\","
                        "\"right_player\":\"r1\",\"first\":\"left\",\"final_score\":\"0\","
                        "\"score\":\"0\",\"result\":\"draw\"");
    support_assert_contains(g2, "\"game\":2,\"pair\":1,\"sum\":\"rcg:{1|0} + rcg:{1|0}\"");
    support_assert_contains(g2, "\"final_score\":\"1\",\"score\":\"1\",\"result\":\"win\"");
    support_assert_contains(g2, "\"moves\":[\"1:L1\",\"1:R1\"]");
    support_assert_contains(g3, "\"final_score\":\"1\",\"score\":\"-1\",\"result\":\"loss\"");
    /* r1 scores 0, 0, 1, -1: mean 0, sample std dev sqrt(2/3) = 0.816...; 1 win in 4. */
    assert_tally(&res.tally, 4, 1, 2, 1, 0, "0.00", "0.82");
    assert_int_equal(res.played, 4);
    free(g0), free(g1), free(g2), free(g3);
    free(out);
    match_result_free(&res);
    scratch_close(&s);
}

/* The binary and the in-process run agree: the same records, and the summary (text and
 * JSON) is the in-process tally's. */
static void real_play_right_first_and_json(void **state)
{
    (void)state;
    char text[1024];
    snprintf(text, sizeof text, half_config, "right");
    scratch s;
    scratch_open(&s, text);
    support_run r = run_ok(&s, "--json --games 1");
    char *out = support_read_file(s.out);
    assert_int_equal(count_lines(out), 2);
    support_assert_contains(out, "\"game\":0,\"pair\":0,\"sum\":\"rcg:{0|1}\",\"left_player\":\"r1\","
                         "\"right_player\":\"r2\",\"first\":\"right\",\"final_score\":\"1\","
                         "\"score\":\"1\",\"result\":\"win\",\"forfeit\":null,"
                         "\"score_estimated\":false,\"moves\":[\"1:R1\"]");
    support_assert_contains(out, "\"game\":1,\"pair\":0,\"sum\":\"rcg:{0|1}\",\"left_player\":\"r2\","
                         "\"right_player\":\"r1\",\"first\":\"right\",\"final_score\":\"1\","
                         "\"score\":\"-1\",\"result\":\"loss\"");
    /* r1 scores 1 and -1: mean 0, sample std dev sqrt(2). */
    support_assert_contains(r.out, "{\"left\":\"r1\",\"right\":\"r2\",\"positions\":1,\"from\":0,\"games\":2,"
                           "\"mean\":0.00,\"stddev\":1.41,\"win_rate\":0.5000,\"wins\":1,"
                           "\"draws\":0,\"losses\":1,\"forfeits\":0,\"seconds\":");
    assert_int_equal(count_lines(r.out), 1);
    support_run_free(&r);
    char *binary = without_seconds(out);
    free(out);

    match_result res;
    match_overrides ov = { .has_games = true, .games = 1 };
    play(&s, &ov, 1, &res);
    out = support_read_file(s.out);
    char *inproc = without_seconds(out);
    assert_string_equal(inproc, binary);
    assert_tally(&res.tally, 2, 1, 0, 1, 0, "0.00", "1.41");
    /* and the text summary is the same tally's */
    r = run_ok(&s, "--games 1");
    char want[256], mean[32], sd[32], stats[80];
    support_tally_stats(&res.tally, mean, sd, sizeof mean);
    snprintf(stats, sizeof stats, "%s (%s)", mean, sd);
    snprintf(want, sizeof want, "%-18s  %5.1f%%  (games %llu, wins %llu, draws %llu, "
             "losses %llu, forfeits %llu, ", stats,
             100.0 * (double)res.tally.wins / (double)res.tally.games, res.tally.games,
             res.tally.wins, res.tally.draws, res.tally.losses, res.tally.forfeits);
    support_assert_contains(r.out, want);
    support_run_free(&r);
    free(out), free(inproc), free(binary);
    match_result_free(&res);
    scratch_close(&s);
}

static const char generated_config[] = "[match]\n"
                                       "left = random\n"
                                       "right = ab\n"
                                       "games = 4\n"
                                       "seed = 11\n"
                                       "nodes_per_move = 3000\n"
                                       "first = alternate\n"
                                       "[sum]\n"
                                       "generator = rcg\n"
                                       "components = 3\n"
                                       "levels = 2\n"
                                       "size = 50\n"
                                       "[strategy.random]\n"
                                       "[strategy.ab]\n"
                                       "plugin = alphabeta\n";

/* The records of an in-process run with ov and jobs, without their timing. */
static char *run_results(const scratch *s, const match_overrides *ov, unsigned jobs)
{
    match_result res;
    play(s, ov, jobs, &res);
    match_result_free(&res);
    char *out = support_read_file(s->out);
    char *stripped = without_seconds(out);
    free(out);
    return stripped;
}

static void same_seed_same_results_for_any_jobs(void **state)
{
    (void)state;
    scratch s;
    scratch_open(&s, generated_config);
    char *a = run_results(&s, NULL, 1);
    char *b = run_results(&s, NULL, 1);
    char *c = run_results(&s, NULL, 2);
    char *d = run_results(&s, NULL, 3);
    assert_int_equal(count_lines(a), 8);
    assert_string_equal(a, b);
    assert_string_equal(a, c);
    assert_string_equal(a, d);
    for (size_t g = 0; g < 8; g++) {
        char *line = line_of(a, g), want[64];
        snprintf(want, sizeof want, "{\"game\":%zu,\"pair\":%zu,", g, g / 2);
        assert_true(strncmp(line, want, strlen(want)) == 0);
        /* alternate: Left moves first in pairs 0 and 2, Right in pairs 1 and 3 */
        support_assert_contains(line, (g / 2) % 2 ? "\"first\":\"right\"" : "\"first\":\"left\"");
        support_assert_contains(line, g % 2 ? "\"left_player\":\"ab\"" : "\"left_player\":\"random\"");
        support_assert_contains(line, "\"forfeit\":null");
        /* depths: one a move; alphabeta reports the iteration it completed (at least 1
         * within 3000 nodes on these small trees), random reports none */
        json_error_t jerr;
        json_t *rec = json_loads(line, 0, &jerr);
        assert_non_null(rec);
        json_t *moves = json_object_get(rec, "moves"), *depths = json_object_get(rec, "depths");
        assert_true(json_is_array(depths));
        assert_int_equal(json_array_size(depths), json_array_size(moves));
        const char *first = json_string_value(json_object_get(rec, "first"));
        bool ab_left = g % 2 == 1;
        sg_player mover = strcmp(first, "left") == 0 ? SG_LEFT : SG_RIGHT;
        for (size_t i = 0; i < json_array_size(depths); i++) {
            json_int_t depth = json_integer_value(json_array_get(depths, i));
            bool ab_moves = (mover == SG_LEFT) == ab_left;
            if (ab_moves)
                assert_true(depth >= 1);
            else
                assert_int_equal(depth, 0);
            mover = sg_opponent(mover);
        }
        json_decref(rec);
        free(line);
    }
    /* Both games of a pair start from the same sum. */
    char *l0 = line_of(a, 0), *l1 = line_of(a, 1);
    assert_true(strncmp(strstr(l0, "\"sum\""), strstr(l1, "\"sum\""),
                        (size_t)(strstr(l0, ",\"left_player\"") - strstr(l0, "\"sum\""))) == 0);
    free(l0), free(l1);
    /* --from 2 plays games 4 to 7 of the whole run, with the same numbers. */
    char *f = run_results(&s, &(match_overrides){ .from = 2 }, 2);
    assert_int_equal(count_lines(f), 4);
    assert_string_equal(f, strstr(a, "{\"game\":4,"));
    free(f);
    /* The seed matters: another one gives other sums. --games overrides the file. */
    char *e = run_results(&s, &(match_overrides){ .has_seed = true, .seed = 12,
                                                  .has_games = true, .games = 2 }, 1);
    assert_int_equal(count_lines(e), 4);
    assert_true(strncmp(a, e, 200) != 0);
    free(a), free(b), free(c), free(d), free(e);
    scratch_close(&s);
}

/* The generated sums are those of `sumgame gen` with the same seed when components = 1. */
static void generated_sums_match_gen(void **state)
{
    (void)state;
    scratch s;
    scratch_open(&s, "[match]\nleft = r\nright = r\ngames = 3\nseed = 5\n"
                     "[sum]\ngenerator = rcg\nlevels = 2\nsize = 50\n"
                     "[strategy.r]\nplugin = random\n");
    char *out = run_results(&s, NULL, 1);
    support_run gen = support_host("gen rcg --count 3 --seed 5 levels=2 size=50", NULL);
    assert_int_equal(gen.status, 0);
    for (size_t p = 0; p < 3; p++) {
        char *pos = line_of(gen.out, p), want[256], *line = line_of(out, 2 * p);
        snprintf(want, sizeof want, "\"sum\":\"rcg:%s\"", pos);
        support_assert_contains(line, want);
        free(pos), free(line);
    }
    support_run_free(&gen);
    free(out);
    scratch_close(&s);
}

static void sums_from_a_file_relative_to_the_config(void **state)
{
    (void)state;
    scratch s;
    scratch_open(&s, "[match]\nleft = r\nright = r\nfirst = right\n"
                     "[sum]\nfile = sums.txt\n[strategy.r]\nplugin = random\n");
    char path[256];
    snprintf(path, sizeof path, "%s/sums.txt", s.dir);
    write_file(path, "# one sum per line\nrcg:{0|1}\n\n  rcg:5 + rcg:-2\n");
    match_result res;
    play(&s, NULL, 1, &res);
    match_result_free(&res);
    char *out = support_read_file(s.out);
    assert_int_equal(count_lines(out), 4);
    /* rcg:5 + rcg:-2 is over before anyone moves: 3 points for Left, no moves. */
    char *g2 = line_of(out, 2);
    support_assert_contains(g2, "\"sum\":\"rcg:5 + rcg:-2\"");
    support_assert_contains(g2, "\"final_score\":\"3\",\"score\":\"3\",\"result\":\"win\","
                        "\"forfeit\":null,\"score_estimated\":false,\"moves\":[]");
    free(g2);
    free(out);
    /* A bad line is reported with the sums file's own line number. */
    write_file(path, "rcg:{0|1}\n\nrcg:{0|\n");
    char want[300];
    snprintf(want, sizeof want, "%s/sums.txt:3: rcg:{0|: ", s.dir);
    expect_load_error(s.config, NULL, NULL, want);
    /* Issue 28: so is a bad line past the games played (--games 1 reads line 1 only),
     * and a bad sum.N past them: nothing listed goes unread. */
    char cmd[512];
    snprintf(cmd, sizeof cmd, "match '%s' --games 1", s.config);
    support_run r = support_host(cmd, NULL);
    snprintf(want, sizeof want, "sumgame: %s/sums.txt:3: rcg:{0|: '{' is never closed at "
             "column 1 of '{0|'\n", s.dir);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, want);
    support_run_free(&r);
    scratch_close(&s);
    scratch_open(&s, "[match]\nleft = r\nright = r\ngames = 1\n"
                     "[sum]\nsum.1 = rcg:{0|1}\nsum.2 = rcg:{0|\n[strategy.r]\nplugin = random\n");
    snprintf(cmd, sizeof cmd, "match '%s'", s.config);
    r = support_host(cmd, NULL);
    snprintf(want, sizeof want, "sumgame: %s:7: sum: sum.2: rcg:{0|: '{' is never closed at "
             "column 1 of '{0|'\n", s.config);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, want);
    support_run_free(&r);
    scratch_close(&s);
}

/* Issue 28: a UTF-8 byte order mark before the first line of a sums file (or of the
 * configuration) was read as part of the first game's name. */
static void byte_order_marks_are_skipped(void **state)
{
    (void)state;
    scratch s;
    scratch_open(&s, "\xEF\xBB\xBF[match]\nleft = r\nright = r\n"
                     "[sum]\nfile = sums.txt\n[strategy.r]\nplugin = random\n");
    char path[256], cmd[512], want[300];
    snprintf(path, sizeof path, "%s/sums.txt", s.dir);
    write_file(path, "\xEF\xBB\xBFrcg:{0|1}\n");
    support_run r = run_ok(&s, "");
    char *out = support_read_file(s.out);
    support_assert_contains(out, "\"sum\":\"rcg:{0|1}\"");
    free(out);
    support_run_free(&r);
    write_file(path, "\xEF\xBB\xBFrcg:{0|\n");
    snprintf(cmd, sizeof cmd, "match '%s'", s.config);
    r = support_host(cmd, NULL);
    snprintf(want, sizeof want, "sumgame: %s/sums.txt:1: rcg:{0|: '{' is never closed at "
             "column 1 of '{0|'\n", s.dir);
    assert_int_equal(r.status, 1);
    assert_string_equal(r.err, want);
    support_run_free(&r);
    scratch_close(&s);
}

static const char misbehaving_config[] = "[match]\n"
                                         "left = rnd\n"
                                         "right = bad\n"
                                         "first = alternate\n"
                                         "%s"
                                         "[sum]\n"
                                         "sum.1 = rcg:{0|1}\n"
                                         "sum.2 = rcg:{0|1} + rcg:{3|2}\n"
                                         "[strategy.rnd]\n"
                                         "plugin = random\n"
                                         "[strategy.bad]\n"
                                         "plugin = misbehaving\n"
                                         "mode = %s\n";

/* Game 0: rnd is Left and moves first, {0|1} ends before bad moves: a draw at 0.
 * Games 1-3: bad has to move and forfeits each time; the match still plays them all. */
static void check_forfeits(const char *mode, const char *budget, const char *reason,
                           unsigned jobs, bool binary)
{
    char text[1024];
    snprintf(text, sizeof text, misbehaving_config, budget, mode);
    scratch s;
    scratch_open(&s, text);
    support_run r = { 0 };
    match_result res = { 0 };
    if (binary) {
        char args[32];
        snprintf(args, sizeof args, "--jobs %u", jobs);
        r = run_ok(&s, args);
    } else {
        play(&s, NULL, jobs, &res);
    }
    char *out = support_read_file(s.out);
    assert_int_equal(count_lines(out), 4);
    char *g0 = line_of(out, 0);
    support_assert_contains(g0, "\"final_score\":\"0\",\"score\":\"0\",\"result\":\"draw\","
                        "\"forfeit\":null");
    free(g0);
    for (size_t g = 1; g < 4; g++) {
        char *line = line_of(out, g), want[256];
        snprintf(want, sizeof want, "\"final_score\":null,\"score\":null,\"result\":\"win\","
                 "\"forfeit\":\"%s", reason);
        support_assert_contains(line, want);
        free(line);
    }
    char *g3 = line_of(out, 3);
    support_assert_contains(g3, "\"moves\":[\"2:R1\"]"); /* rnd moved before bad failed */
    free(g3);
    if (binary) {
        /* the runner outlives the worker and says so in its summary */
        support_assert_contains(r.out, "rnd vs bad");
        support_assert_contains(r.out, "0.00 (0.00)");
        support_assert_contains(r.out, " 75.0%  (games 4, wins 3, draws 1, losses 0, forfeits 3, ");
    } else {
        assert_tally(&res.tally, 4, 3, 1, 0, 3, "0.00", "0.00");
    }
    free(out);
    support_run_free(&r);
    match_result_free(&res);
    scratch_close(&s);
}

static void illegal_moves_forfeit(void **state)
{
    (void)state;
    check_forfeits("illegal", "", "illegal move component 1000001 move 0 by bad: no component",
                   1, false);
    check_forfeits("badcode", "", "illegal move 1:", 2, false);
    /* a pass where no game passes (rcg) */
    check_forfeits("pass", "", "illegal move pass by bad: a pass is not a move here: no game "
                               "in the sum passes", 1, false);
}

/* A strategy whose create() never returns hung the match before its first game (the
 * configuration check creates each strategy once in a child). The check now has a
 * clock: game_time_limit when given, else MATCH_CREATE_SECONDS. */
static void stuck_create_is_an_error(void **state)
{
    (void)state;
    scratch s;
    scratch_open(&s, "[match]\nleft = rnd\nright = bad\ngames = 1\ngame_time_limit = 1\n"
                     "[sum]\nsum.1 = rcg:{0|1}\n[strategy.rnd]\nplugin = random\n"
                     "[strategy.bad]\nplugin = misbehaving\nmode = stuck\n");
    match_overrides ov = { .plugin_path = s.plugins };
    char want[256];
    snprintf(want, sizeof want, "%s:10: strategy.bad: create() did not return within 1 s",
             s.config);
    expect_load_error(s.config, &ov, s.out, want);
    scratch_close(&s);
}

/* Two passes in a row end a Go game where it stands, counted by the regions' stop_score
 * (area rules here). By hand: Black has 9 stones and d2, whose neighbours are all Black;
 * White has b2; b1 touches both colours. 10 - 1 = 9. */
static void two_passes_end_a_go_game(void **state)
{
    (void)state;
    scratch s;
    scratch_open(&s, "[match]\nleft = a\nright = b\ngames = 1\n"
                     "[sum]\nsum.1 = go:XXXX/XOX./X.XX\n"
                     "[strategy.a]\nplugin = misbehaving\nmode = pass\n"
                     "[strategy.b]\nplugin = misbehaving\nmode = pass\n");
    match_result res = { 0 };
    play(&s, NULL, 1, &res);
    char *out = support_read_file(s.out);
    assert_int_equal(count_lines(out), 2);
    for (size_t g = 0; g < 2; g++) {
        char *line = line_of(out, g);
        support_assert_contains(line, "\"final_score\":\"9\"");
        support_assert_contains(line, "\"forfeit\":null,\"score_estimated\":false,"
                                      "\"moves\":[\"pass\",\"pass\"]");
        free(line);
    }
    free(out);
    match_result_free(&res);
    scratch_close(&s);
}

/* Issue 28: an illegal move by Right was printed with Left's letter ("1:L1"): rcg codes
 * carry the player, and the code of Left's first option formatted as Left's move. Each
 * player's wrong code now prints as the invalid code it is for the mover. */
static void illegal_move_by_right_is_not_printed_as_left(void **state)
{
    (void)state;
    char text[1024];
    snprintf(text, sizeof text, misbehaving_config, "", "other");
    scratch s;
    scratch_open(&s, text);
    support_run r = run_ok(&s, "");
    char *out = support_read_file(s.out);
    assert_int_equal(count_lines(out), 4);
    /* game 2: bad is Right and moves first */
    char *g2 = line_of(out, 2), *g3 = line_of(out, 3);
    support_assert_contains(g2, "\"right_player\":\"bad\",\"first\":\"right\"");
    support_assert_contains(g2, "\"forfeit\":\"illegal move 1:invalid-0x0 by bad: illegal move "
                                "code 0x0: not a move of Right\"");
    /* game 3: bad is Left, after rnd's move as Right */
    support_assert_contains(g3, "\"forfeit\":\"illegal move 1:invalid-0x100000000 by bad: "
                                "illegal move code 0x100000000: not a move of Left\"");
    free(g2);
    free(g3);
    free(out);
    support_run_free(&r);
    scratch_close(&s);
}

static void failing_strategy_forfeits(void **state)
{
    (void)state;
    check_forfeits("fail", "", "strategy bad failed: misbehaving: told to fail", 1, false);
}

static void crashing_strategy_forfeits(void **state)
{
    (void)state;
    /* The worker's fault handler names the strategy and the call it died in; the
     * command (not only the pool in this process) outlives it. */
    check_forfeits("crash", "", "crash: strategy plugin bad crashed in choose() (SIGSEGV) "
                   "with bad to move", 2, false);
    check_forfeits("crash", "", "crash: strategy plugin bad crashed in choose() (SIGSEGV) "
                   "with bad to move", 2, true);
}

static void hanging_strategy_times_out(void **state)
{
    (void)state;
    check_forfeits("hang", "time_per_move = 0.05\ntime_margin = 0.2\n",
                   "timeout: bad made no move within 0.25 s (time_per_move 0.05 s + time_margin 0.2 s)",
                   3, false);
}

/* Issue 28: a game lost on time recorded "seconds":0.000, since the watchdog's kill left no
 * final report: it ran at least the move's limit, and the record says so. */
static void time_loss_records_its_seconds(void **state)
{
    (void)state;
    char text[1024];
    snprintf(text, sizeof text, misbehaving_config, "time_per_move = 0.05\ntime_margin = 0.2\n",
             "hang");
    scratch s;
    scratch_open(&s, text);
    support_run r = run_ok(&s, "--jobs 3");
    char *out = support_read_file(s.out);
    assert_int_equal(count_lines(out), 4);
    for (size_t g = 1; g < 4; g++) {
        char *line = line_of(out, g);
        support_assert_contains(line, "\"forfeit\":\"timeout: bad made no move within 0.25 s");
        const char *at = strstr(line, "\"seconds\":");
        assert_non_null(at);
        double seconds = strtod(at + 10, NULL);
        if (seconds < 0.25 || seconds > 60)
            fail_msg("game %zu lost on time after 0.25 s records %g seconds: %s", g, seconds,
                     line);
        free(line);
    }
    free(out);
    support_run_free(&r);
    scratch_close(&s);
}

/* Runs the match on config text and asserts the one error line; no game is played.
 * With args (the command line's own options) through the binary, else in this process
 * with ov. */
static void check_error(const char *config, const char *args, const match_overrides *ov,
                        const char *message)
{
    scratch s;
    scratch_open(&s, config);
    char cmd[1024], want[512];
    if (message[0] == ':')
        snprintf(want, sizeof want, "%s%s", s.config, message);
    else
        snprintf(want, sizeof want, "%s", message);
    if (args) {
        char line[600];
        snprintf(cmd, sizeof cmd, "match '%s' --out '%s' %s", s.config, s.out, args);
        support_run r = support_host(cmd, NULL);
        snprintf(line, sizeof line, "sumgame: %s", want);
        support_assert_error(&r, line);
        support_run_free(&r);
    } else {
        expect_load_error(s.config, ov, s.out, want);
    }
    assert_int_not_equal(access(s.out, F_OK), 0);
    scratch_close(&s);
}

#define STRATS "[strategy.r]\nplugin = random\n"
#define SUM "[sum]\nsum.1 = rcg:{0|1}\n"

static void configuration_errors(void **state)
{
    (void)state;
    check_error("[match]\nleft = r\nright = r\n" SUM STRATS "[foo]\n", NULL, NULL,
                ":8: unknown section [foo] (expected [match], [sum] or [strategy.NAME])");
    /* issue 28: a shard with no position exited 0 with an empty summary */
    check_error("[match]\nleft = r\nright = r\ngames = 2\n[sum]\nsum.1 = rcg:{0|1}\n"
                "sum.2 = rcg:{1|0}\n" STRATS, "--shard 5/10", NULL,
                "match: --shard 5/10: none of positions 0 to 1 is this shard's (shard I/N "
                "plays positions I, I+N, I+2N, ...)");
    check_error("[match]\nleft = r\nright = r\ngames = 2\n[sum]\nsum.1 = rcg:{0|1}\n"
                "sum.2 = rcg:{1|0}\n" STRATS, "--shard 0/3 --from 1", NULL,
                "match: --shard 0/3: none of positions 1 to 1 is this shard's");
    check_error("[match]\nleft = r\nright = r\ngmaes = 3\n" SUM STRATS, NULL, NULL,
                ":4: match: unknown key 'gmaes'");
    /* optimal = yes on a scored position whose stop is out of reach (the open 4x4 Amazons
     * room's stop search does not finish in minutes) stopped nothing: the match hung
     * before its first game. optimal_time bounds each position. */
    check_error("[match]\nleft = r\nright = r\ngames = 1\noptimal = yes\noptimal_time = 1\n"
                "zero_score = draw\n[sum]\nsum.1 = amazons:B..W/..../..../W..B\n" STRATS, NULL,
                NULL, ":5: match: optimal = yes: position 1: no optimal result within "
                "optimal_time = 1 s (raise it, or play without optimal = yes)");
    check_error("[match]\nleft = r\nright = r\noptimal_time = soon\n" SUM STRATS, NULL, NULL,
                ":4: match: optimal_time = 'soon' is not a duration");
    check_error("[match]\nleft = r\nright = r\ngames = many\n" SUM STRATS, NULL, NULL,
                ":4: match: games = 'many' is not an integer");
    check_error("[match]\nleft = r\nright = r\ngames = 0\n" SUM STRATS, NULL, NULL,
                ":4: match: games = 0 is out of range [1, 1000000]");
    check_error("[match]\nleft = r\nright = r\ntime_per_move = fast\n" SUM STRATS, NULL, NULL,
                ":4: match: time_per_move = 'fast' is not a duration");
    check_error("[match]\nleft = r\nright = r\nfirst = middle\n" SUM STRATS, NULL, NULL,
                ":4: match: first = 'middle' is not one of: left, right, alternate");
    check_error("[match]\nleft = r\nright = r\nnodes_per_move = -5\n" SUM STRATS, NULL, NULL,
                ":4: match: nodes_per_move = -5 is out of range");
    check_error("[match]\nleft = r\nright = r\ngames = 1\ngames = 2\n" SUM STRATS, NULL, NULL,
                ":5: match: duplicate key 'games' (first at line 4)");
    check_error("[match]\nleft = r\nright = r\n" SUM STRATS "[match]\n", NULL, NULL,
                ":8: duplicate section [match] (first at line 1)");
    check_error("[match]\nleft = r\nright = r\nthis is not ini\n" SUM STRATS, NULL, NULL,
                ":4: syntax error (expected [section] or key = value)");
    check_error("[match]\nleft = r\n" SUM STRATS, NULL, NULL,
                ":1: match: missing key 'right' (the name of a [strategy.NAME] section)");
    check_error("[match]\nleft = r\nright = nobody\n" SUM STRATS, NULL, NULL,
                ":3: match: right = 'nobody': no section [strategy.nobody]");
    check_error(SUM STRATS, NULL, NULL, ": missing section [match]");
    check_error("[match]\nleft = r\nright = r\n" STRATS, NULL, NULL, ": missing section [sum]");
    check_error("[match]\nleft = r\nright = x\n" SUM STRATS "[strategy.x]\nplugin = nosuch\n", NULL, NULL, ":9: strategy.x: plugin 'nosuch': no strategy plugin 'nosuch'");
    check_error("[match]\nleft = r\nright = r\n" SUM "[strategy.r]\nplugin = random\ndepth = 3\n", NULL, NULL, ":8: strategy.r: unknown key 'depth'");
    check_error("[match]\nleft = r\nright = r\n[sum]\ngenerator = nosuch\n" STRATS, NULL, NULL,
                ":5: sum: generator = 'nosuch': no game plugin 'nosuch'");
    check_error("[match]\nleft = r\nright = r\n[sum]\ngenerator = rcg\nlevles = 2\n" STRATS, NULL, NULL,
                ":6: sum: unknown key 'levles'");
    check_error("[match]\nleft = r\nright = r\n[sum]\ngenerator = rcg\nsum.1 = rcg:0\n" STRATS, NULL, NULL, ":6: sum: 'sum.1' cannot be combined with generator (line 5)");
    check_error("[match]\nleft = r\nright = r\n[sum]\nsum.1 = rcg:{0|\n" STRATS, NULL, NULL,
                ":5: sum: sum.1: rcg:{0|: ");
    check_error("[match]\nleft = r\nright = r\n[sum]\nsum.1 = chess:e4\n" STRATS, NULL, NULL,
                ":5: sum: sum.1: no game plugin 'chess'");
    check_error("[match]\nleft = r\nright = r\ngames = 3\n" SUM STRATS, NULL, NULL,
                ":4: match: games = 3 but [sum] lists only 1 position");
    check_error("[match]\nleft = r\nright = r\ngames = 3\n[sum]\ngenerator = rcg\n" STRATS,
                NULL, &(match_overrides){ .from = 3 }, "match: --from 3: the match has positions 0 to 2");
    check_error("[match]\nleft = r\nright = r\n" SUM STRATS, NULL,
                &(match_overrides){ .has_games = true, .games = 2 }, "--games 2: [sum] lists only 1 position");
    check_error("[match]\nleft = r\nright = r\n[sum]\nlevels = 2\n" STRATS, NULL, NULL,
                ":5: sum: unknown key 'levels' (game keys go with generator = GAME, or are "
                "written GAME.KEY)");
    check_error("[match]\nleft = r\nright = r\n" SUM STRATS, "--jobs 0", NULL,
                "match: --jobs '0': expected an integer from 1 to 256");
    check_error("[match]\nleft = r\nright = r\n" SUM STRATS, "--seed -1", NULL,
                "match: --seed '-1': expected a non-negative integer");
}

/* Two errors: the one on the earlier line is reported, whatever order the sections are
 * checked in ([match], then the strategies, then [sum]). */
static void first_of_two_errors_is_reported(void **state)
{
    (void)state;
    /* both in [match]: seed (line 4) before games (line 5) */
    check_error("[match]\nleft = r\nright = r\nseed = soon\ngames = many\n" SUM STRATS, NULL, NULL,
                ":4: match: seed = 'soon' is not an integer");
    /* [sum] (line 5) before a strategy section (line 8) */
    check_error("[match]\nleft = r\nright = r\n[sum]\nsum.1 = rcg:{0|\n"
                "[strategy.r]\nplugin = random\ndepth = 3\n", NULL, NULL,
                ":5: sum: sum.1: rcg:{0|: ");
    /* a strategy section (line 3) before a bad key of [match] (line 7) */
    check_error("[strategy.x]\nplugin = random\ndepth = 3\n[match]\nleft = x\nright = x\n"
                "games = many\n" SUM, NULL, NULL, ":3: strategy.x: unknown key 'depth'");
    /* the right strategy's error (line 8) before the left one's (line 11) */
    check_error("[match]\nleft = a\nright = b\n" SUM "[strategy.b]\nplugin = random\n"
                "depth = 1\n[strategy.a]\nplugin = random\ndepth = 2\n", NULL, NULL,
                ":8: strategy.b: unknown key 'depth'");
}

static void missing_file_and_arguments(void **state)
{
    (void)state;
    support_run r = support_host("match /nonexistent/m.ini", NULL);
    support_assert_error(&r, "sumgame: /nonexistent/m.ini: cannot open: No such file or directory");
    support_run_free(&r);
    r = support_host("match", NULL);
    support_assert_error(&r, "sumgame: match: missing CONFIG.ini");
    support_run_free(&r);
    r = support_host("match a.ini b.ini", NULL);
    support_assert_error(&r, "sumgame: match: one configuration file expected");
    support_run_free(&r);
}

/* conf/default.ini, the `make run` match, loads and names its strategies. */
static void default_config_runs(void **state)
{
    (void)state;
    match_plan plan;
    match_result res;
    char err[4096];
    match_overrides ov = { .has_games = true, .games = 1 };
    int rc = support_match("conf/default.ini", &ov, NULL, &plan, &res, err, sizeof err);
    if (rc != SG_OK)
        fail_msg("conf/default.ini: %s", err);
    /* the summary's {"left":"hotstrat_plus","right":"alphabeta","positions":1,"from":0,
     * "games":2, */
    assert_string_equal(plan.a.name, "hotstrat_plus");
    assert_string_equal(plan.b.name, "alphabeta");
    assert_int_equal(plan.positions, 1);
    assert_int_equal(plan.from, 0);
    assert_int_equal(res.tally.games, 2);
    match_result_free(&res);
    match_plan_free(&plan);
}

/* Right to move has no move, but the one component is not settled: its game's number()
 * gave up (numberless_subtract: heap 1, where Left has 1 move and Right none). The game
 * is scored with the game's evaluate() (1), marked as estimated, not forfeited; with
 * Left first, Left takes the token and the game ends normally. */
static void stuck_mover_in_live_sum_is_scored(void **state)
{
    (void)state;
    static const char config[] = "[match]\n"
                                 "left = r1\n"
                                 "right = r2\n"
                                 "first = %s\n"
                                 "zero_score = mover_loses\n"
                                 "[sum]\n"
                                 "sum.1 = numberless:1\n"
                                 "[strategy.r1]\n"
                                 "plugin = random\n"
                                 "[strategy.r2]\n"
                                 "plugin = random\n";
    char text[1024];
    snprintf(text, sizeof text, config, "right");
    scratch s;
    scratch_open(&s, text);
    match_result res;
    play(&s, NULL, 1, &res);
    match_result_free(&res);
    char *out = support_read_file(s.out);
    assert_int_equal(count_lines(out), 2);
    support_assert_contains(out, "\"game\":0,\"pair\":0,\"sum\":\"numberless:1\",\"left_player\":"
                         "\"r1\",\"right_player\":\"r2\",\"first\":\"right\","
                         "\"final_score\":\"1\",\"score\":\"1\",\"result\":\"win\","
                         "\"forfeit\":null,\"score_estimated\":true,\"moves\":[]");
    support_assert_contains(out, "\"game\":1,\"pair\":0,\"sum\":\"numberless:1\",\"left_player\":"
                         "\"r2\",\"right_player\":\"r1\",\"first\":\"right\","
                         "\"final_score\":\"1\",\"score\":\"-1\",\"result\":\"loss\","
                         "\"forfeit\":null,\"score_estimated\":true,\"moves\":[]");
    free(out);
    scratch_close(&s);

    snprintf(text, sizeof text, config, "left");
    scratch_open(&s, text);
    play(&s, NULL, 1, &res);
    match_result_free(&res);
    out = support_read_file(s.out);
    support_assert_contains(out, "\"final_score\":\"0\",\"score\":\"0\",\"result\":\"win\","
                         "\"forfeit\":null,\"score_estimated\":false,\"moves\":[\"1:take1\"]");
    free(out);
    scratch_close(&s);
}

/* optimal = yes, hand-checked. A = 13|7||4|0 (mean 6, temperature 4) and
 * B = 12|11||9|0 (mean 9, temperature 5/2: its Left option 12|11 is nearly cold, its
 * Right option 9|0 hot). Left first: Left plays A to 13|7, after which Right's best is
 * B to 9|0, Left takes 9 and Right 7: the Left stop is 16. Plain Hotstrat as Right plays
 * the hottest component instead, 13|7 (temperature 3) to 7, and Left then takes B's
 * 12|11 and Right 11: 18, two points lost. As Left, Hotstrat's first move (the hottest,
 * A) is the optimal one and it loses nothing. Without `optimal` the lines carry no loss
 * (the other tests check their exact keys). */
static void optimal_loss_hand_checked(void **state)
{
    (void)state;
    static const char config[] = "[match]\n"
                                 "left = hot\n"
                                 "right = perfect\n"
                                 "optimal = yes\n"
                                 "[sum]\n"
                                 "sum.1 = rcg:13|7||4|0 + rcg:12|11||9|0\n"
                                 "[strategy.hot]\n"
                                 "plugin = hotstrat\n"
                                 "[strategy.perfect]\n"
                                 "plugin = solver\n";
    scratch s;
    scratch_open(&s, config);
    match_result res;
    play(&s, NULL, 1, &res);
    char *out = support_read_file(s.out);
    assert_int_equal(count_lines(out), 2);
    char *g0 = line_of(out, 0), *g1 = line_of(out, 1);
    support_assert_contains(g0, "\"left_player\":\"hot\",\"right_player\":\"perfect\",\"first\":\"left\","
                        "\"final_score\":\"16\",\"score\":\"16\",\"optimal\":\"16\",\"loss\":\"0\","
                        "\"result\":\"win\"");
    support_assert_contains(g1, "\"left_player\":\"perfect\",\"right_player\":\"hot\",\"first\":\"left\","
                        "\"final_score\":\"18\",\"score\":\"-18\",\"optimal\":\"16\",\"loss\":\"2\","
                        "\"result\":\"loss\"");
    /* A settles at 7 and leaves the sum, so B is component 1 from the third move on. */
    support_assert_contains(g1, "\"moves\":[\"1:L1\",\"1:R1\",\"1:L1\",\"1:R1\"]");
    /* the summary's "loss of hot against optimal play: 0 as first player (1 games), 2 as
     * second player (1 games)" */
    assert_tally_loss(&res.tally, "0", 1, "2", 1);
    assert_int_equal(res.tally.forfeits, 0);
    free(g0), free(g1);
    free(out);
    match_result_free(&res);
    scratch_close(&s);

    /* The same match without optimal: no loss keys anywhere. */
    static const char plain[] = "[match]\n"
                                "left = hot\n"
                                "right = perfect\n"
                                "[sum]\n"
                                "sum.1 = rcg:13|7||4|0 + rcg:12|11||9|0\n"
                                "[strategy.hot]\n"
                                "plugin = hotstrat\n"
                                "[strategy.perfect]\n"
                                "plugin = solver\n";
    scratch_open(&s, plain);
    play(&s, NULL, 1, &res);
    out = support_read_file(s.out);
    assert_null(strstr(out, "optimal"));
    assert_null(strstr(out, "loss\":"));
    assert_tally_loss(&res.tally, "0", 0, "0", 0); /* the summary has no loss keys */
    free(out);
    match_result_free(&res);
    scratch_close(&s);
}

/* The perfect player against itself loses nothing, on random two- and three-level rcg
 * sums, whichever way it is configured: decomposition search with incentive pruning
 * against the paper's TEMP + INC over the games' own moves. */
static void solver_against_solver_loses_nothing(void **state)
{
    (void)state;
    static const char config[] = "[match]\n"
                                 "left = p1\n"
                                 "right = p2\n"
                                 "games = 12\n"
                                 "seed = 5\n"
                                 "first = alternate\n"
                                 "optimal = yes\n"
                                 "[sum]\n"
                                 "generator = rcg\n"
                                 "levels = %d\n"
                                 "components = %d\n"
                                 "[strategy.p1]\n"
                                 "plugin = solver\n"
                                 "[strategy.p2]\n"
                                 "plugin = solver\n"
                                 "order = temp\n"
                                 "decompose = no\n"
                                 "incentives = %s\n";
    static const struct { int levels, components; const char *inc; } cases[] = {
        { 2, 5, "yes" }, { 3, 3, "yes" }, { 2, 3, "no" },
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char text[1024];
        snprintf(text, sizeof text, config, cases[c].levels, cases[c].components, cases[c].inc);
        scratch s;
        scratch_open(&s, text);
        match_result res;
        play(&s, NULL, 2, &res);
        assert_int_equal(res.tally.forfeits, 0);
        assert_tally_loss(&res.tally, "0", 12, "0", 12);
        match_result_free(&res);
        char *out = support_read_file(s.out);
        assert_int_equal(count_lines(out), 24);
        for (size_t i = 0; i < 24; i++) {
            char *line = line_of(out, i);
            support_assert_contains(line, "\"loss\":\"0\"");
            free(line);
        }
        free(out);
        scratch_close(&s);
    }
}

/* Listed sums take instance parameters as GAME.KEY: go.cycles = yes reaches the go
 * instance (a region's text then has no move counter to read), and the game's own errors
 * name their line. */
static void listed_game_parameters(void **state)
{
    (void)state;
    char *path = support_temp_file(".ini", "[match]\nleft = a\nright = b\n"
                                           "[strategy.a]\nplugin = random\n"
                                           "[strategy.b]\nplugin = random\n"
                                           "[sum]\ngo.cycles = yes\ngo.selfatari = no\n"
                                           "sum.1 = go:.XO./XO.O\n");
    match_result res;
    support_match_ok(path, NULL, NULL, &res);
    assert_int_equal(res.tally.games, 2);
    match_result_free(&res);
    remove(path);
    free(path);
    path = support_temp_file(".ini", "[match]\nleft = a\nright = b\n"
                                     "[strategy.a]\nplugin = random\n"
                                     "[strategy.b]\nplugin = random\n"
                                     "[sum]\ngo.cycles = yes\ngo.cap = 5\n"
                                     "sum.1 = go:.XO./XO.O\n");
    expect_load_error(path, NULL, NULL, ":9: sum: cap and cycles exclude each other");
    remove(path);
    free(path);
    path = support_temp_file(".ini", "[match]\nleft = a\nright = b\n"
                                     "[strategy.a]\nplugin = random\n"
                                     "[strategy.b]\nplugin = random\n"
                                     "[sum]\ngo.bogus = 1\nsum.1 = go:.XO./XO.O\n");
    expect_load_error(path, NULL, NULL, ":9: sum: unknown key 'bogus'");
    remove(path);
    free(path);
}

/* A mean that is zero up to rounding error prints as 0.00, never -0.00. Solvers on both
 * sides, Left first: {1|-5} ends at 1 and {7|-5} at 7, so A scores 1, -1, 1, -1, 7, -7,
 * whose running mean in doubles ends at -2.2e-16 (the sum of the scores is 0); the
 * sample standard deviation is sqrt(102 / 5) = 4.5166. */
static void mean_zero_prints_without_sign(void **state)
{
    (void)state;
    char *path = support_temp_file(".ini", "[match]\nleft = a\nright = b\ngames = 3\n"
                                           "[sum]\nsum.1 = rcg:{1|-5}\nsum.2 = rcg:{1|-5}\n"
                                           "sum.3 = rcg:{7|-5}\n"
                                           "[strategy.a]\nplugin = solver\n"
                                           "[strategy.b]\nplugin = solver\n");
    char args[1024];
    snprintf(args, sizeof args, "match %s --jobs 1 --json", path);
    support_run r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, "\"games\":6,\"mean\":0.00,\"stddev\":4.52,");
    support_run_free(&r);
    snprintf(args, sizeof args, "match %s --jobs 1", path);
    r = support_host(args, NULL);
    assert_int_equal(r.status, 0);
    support_assert_contains(r.out, " 0.00 (4.52) ");
    assert_null(strstr(r.out, "-0.00"));
    support_run_free(&r);
    unlink(path);
    free(path);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(real_play_left_first),
        cmocka_unit_test(real_play_right_first_and_json),
        cmocka_unit_test(same_seed_same_results_for_any_jobs),
        cmocka_unit_test(generated_sums_match_gen),
        cmocka_unit_test(sums_from_a_file_relative_to_the_config),
        cmocka_unit_test(byte_order_marks_are_skipped),
        cmocka_unit_test(illegal_moves_forfeit),
        cmocka_unit_test(illegal_move_by_right_is_not_printed_as_left),
        cmocka_unit_test(failing_strategy_forfeits),
        cmocka_unit_test(crashing_strategy_forfeits),
        cmocka_unit_test(hanging_strategy_times_out),
        cmocka_unit_test(time_loss_records_its_seconds),
        cmocka_unit_test(configuration_errors),
        cmocka_unit_test(listed_game_parameters),
        cmocka_unit_test(missing_file_and_arguments),
        cmocka_unit_test(default_config_runs),
        cmocka_unit_test(stuck_mover_in_live_sum_is_scored),
        cmocka_unit_test(two_passes_end_a_go_game),
        cmocka_unit_test(stuck_create_is_an_error),
        cmocka_unit_test(optimal_loss_hand_checked),
        cmocka_unit_test(solver_against_solver_loses_nothing),
        cmocka_unit_test(mean_zero_prints_without_sign),
        cmocka_unit_test(first_of_two_errors_is_reported),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
