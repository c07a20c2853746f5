/* Faults injected into `sumgame match` and the exact commands: a strategy that hangs
 * (with its signals blocked, too), overruns its time, eats memory, floods its output or
 * leaves a child behind, a game plugin that crashes inside play(), and a runner killed
 * by SIGKILL. Each time the match finishes, the other games' records are intact and the
 * faulty game's record says what happened. */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "support.h"

typedef struct scratch {
    char dir[64];
    char config[128];
    char out[128];
    char plugins[128];
} scratch;

static void link_plugin(const scratch *s, const char *kind, const char *name, const char *so)
{
    char path[512], target[4096];
    snprintf(path, sizeof path, "%s/%s", s->plugins, kind);
    mkdir(path, 0700);
    snprintf(path, sizeof path, "%s/%s/%s.so", s->plugins, kind, name);
    snprintf(target, sizeof target, "%s/tests/plugins/%s.so", support_build_dir(), so);
    assert_int_equal(symlink(target, path), 0);
}

static void scratch_open(scratch *s, const char *config_text)
{
    strcpy(s->dir, "/tmp/sumgame-faults-XXXXXX");
    assert_non_null(mkdtemp(s->dir));
    snprintf(s->config, sizeof s->config, "%s/m.ini", s->dir);
    snprintf(s->out, sizeof s->out, "%s/games.jsonl", s->dir);
    snprintf(s->plugins, sizeof s->plugins, "%s/plugins", s->dir);
    FILE *f = fopen(s->config, "w");
    assert_non_null(f);
    fputs(config_text, f);
    fclose(f);
    assert_int_equal(mkdir(s->plugins, 0700), 0);
    link_plugin(s, "strategies", "misbehaving", "misbehaving_strategy");
    link_plugin(s, "games", "crashing_subtract", "crashing_subtract");
}

static void scratch_close(scratch *s)
{
    char cmd[256];
    snprintf(cmd, sizeof cmd, "rm -rf '%s'", s->dir);
    assert_int_equal(system(cmd), 0);
}

static char *line_of(const char *text, size_t i)
{
    for (; i > 0; i--) {
        text = strchr(text, '\n');
        assert_non_null(text);
        text++;
    }
    return strndup(text, strcspn(text, "\n"));
}

static size_t count_lines(const char *text)
{
    size_t n = 0;
    for (; *text; text++)
        n += *text == '\n';
    return n;
}

/* rnd against a misbehaving bad on two positions, colours swapped, first alternating:
 * in game 0 rnd ends {0|1} before bad moves (a draw); bad has to move in games 1 to 3. */
static const char bad_config[] = "[match]\n"
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

/* Runs the match on mode and keys, in this process (match_run_games), or through the
 * binary when out is not NULL (what it printed goes there); asserts game 0 is the intact
 * draw, games 1 to 3 are bad's forfeits with reason, the summary counts them, and the
 * whole run took less than a minute (liveness only). Returns the records. */
static char *run_bad(const char *mode, const char *keys, const char *reason, support_run *out)
{
    char text[1024];
    snprintf(text, sizeof text, bad_config, keys, mode);
    scratch s;
    scratch_open(&s, text);
    char cmd[1024];
    snprintf(cmd, sizeof cmd, "match '%s' --out '%s' --plugin-path '%s' --jobs 2", s.config,
             s.out, s.plugins);
    time_t t0 = time(NULL);
    support_run r = { 0 };
    match_result res = { 0 };
    if (out) {
        r = support_host(cmd, NULL);
        if (r.status != 0)
            fail_msg("exit %d: %s", r.status, r.err);
    } else {
        match_overrides ov = { .plugin_path = s.plugins };
        match_run_opts opts = { .jobs = 2, .out = s.out };
        support_match_ok(s.config, &ov, &opts, &res);
    }
    assert_true(time(NULL) - t0 < 60);
    char *records = support_read_file(s.out);
    assert_int_equal(count_lines(records), 4);
    char *g0 = line_of(records, 0);
    support_assert_contains(g0, "\"final_score\":\"0\",\"score\":\"0\",\"result\":\"draw\","
                                "\"forfeit\":null,\"score_estimated\":false,\"moves\":[\"1:L1\"],"
                                "\"nodes_left\"");
    free(g0);
    for (size_t g = 1; g < 4; g++) {
        char *line = line_of(records, g), want[512];
        snprintf(want, sizeof want, "\"final_score\":null,\"score\":null,\"result\":\"win\","
                 "\"forfeit\":\"%s", reason);
        support_assert_contains(line, want);
        support_assert_contains(line, "\",\"fault\":\"strategy\",");
        free(line);
    }
    if (out) {
        support_assert_contains(r.out, " 75.0%  (games 4, wins 3, draws 1, losses 0, forfeits 3, ");
    } else { /* the same summary's numbers */
        assert_int_equal(res.tally.games, 4);
        assert_int_equal(res.tally.wins, 3);
        assert_int_equal(res.tally.draws, 1);
        assert_int_equal(res.tally.losses, 0);
        assert_int_equal(res.tally.forfeits, 3);
        match_result_free(&res);
    }
    scratch_close(&s);
    if (out)
        *out = r;
    else
        support_run_free(&r);
    return records;
}

static void hang_without_budget_ends_at_game_time_limit(void **state)
{
    (void)state;
    free(run_bad("hang", "game_time_limit = 0.3\n",
                 "timeout: the game ran past game_time_limit (0.3 s) with bad to move", NULL));
}

static void hang_with_signals_blocked_is_killed(void **state)
{
    (void)state;
    free(run_bad("deaf", "nodes_per_move = 100\ngame_time_limit = 0.3\n",
                 "timeout: the game ran past game_time_limit (0.3 s) with bad to move", NULL));
    free(run_bad("deaf", "time_per_move = 50ms\ntime_margin = 0.2\n",
                 "timeout: bad made no move within 0.25 s (time_per_move 0.05 s + "
                 "time_margin 0.2 s)", NULL));
}

static void slow_move_over_the_margin_is_forfeited(void **state)
{
    (void)state;
    /* 0.5 s against 0.05 s + 0.2 s: the watchdog or the worker's own check ends it */
    free(run_bad("slow", "time_per_move = 50ms\ntime_margin = 0.2\n", "timeout: bad ",
                 NULL));
}

static void illegal_move_is_forfeited(void **state)
{
    (void)state;
    free(run_bad("illegal", "", "illegal move component 1000001 move 0 by bad: no component",
                 NULL));
}

static void memory_hog_fails_within_worker_memory(void **state)
{
    (void)state;
    if (UNDER_ASAN)
        skip(); /* no data limit holds AddressSanitizer's shadow memory */
    char *records = run_bad("hog", "worker_memory = 256M\n",
                            "strategy bad failed: misbehaving: malloc failed after ", NULL);
    /* The limit holds: the hog got less than 256 MiB, not the 8 GiB it asks for. */
    char *line = line_of(records, 1);
    const char *p = strstr(line, "malloc failed after ");
    assert_non_null(p);
    long mib = strtol(p + strlen("malloc failed after "), NULL, 10);
    assert_true(mib < 256);
    free(line);
    free(records);
}

static void strategy_output_goes_to_the_record(void **state)
{
    (void)state;
    support_run r;
    char *records = run_bad("spam", "", "strategy bad failed: misbehaving: spammed", &r);
    assert_null(strstr(r.out, "spam"));
    assert_null(strstr(r.err, "spam"));
    char *line = line_of(records, 1);
    support_assert_contains(line, ",\"moves\":[],\"log\":\"spam spam ");
    /* 16384 lines of 50 bytes, of which the record keeps 4096 */
    support_assert_contains(line, "\",\"log_dropped\":815104,\"nodes_left\"");
    free(line);
    /* game 0 printed nothing and has no log */
    line = line_of(records, 0);
    assert_null(strstr(line, "\"log\""));
    free(line);
    free(records);
    support_run_free(&r);
}

static void forked_child_neither_stalls_nor_survives(void **state)
{
    (void)state;
    /* The child sleeps 60 s holding the worker's pipes: the match must not wait for it */
    char *records = run_bad("fork", "", "strategy bad failed: misbehaving: forked", NULL);
    for (size_t g = 1; g < 4; g++) {
        char *line = line_of(records, g);
        const char *p = strstr(line, "\"log\":\"child ");
        assert_non_null(p);
        pid_t child = (pid_t)strtol(p + strlen("\"log\":\"child "), NULL, 10);
        assert_true(child > 1);
        /* killed with its worker's process group (reaped by init soon after) */
        int alive = 1;
        for (int k = 0; k < 100 && alive; k++) {
            alive = kill(child, 0) == 0;
            char path[64], stat[512] = "";
            snprintf(path, sizeof path, "/proc/%ld/stat", (long)child);
            FILE *f = fopen(path, "r");
            if (f) {
                if (fgets(stat, sizeof stat, f) && strstr(stat, ") Z "))
                    alive = 0; /* a zombie: dead, waiting for its reaper */
                fclose(f);
            }
            if (alive)
                usleep(50000);
        }
        assert_false(alive);
        free(line);
    }
    free(records);
}

static void game_plugin_crash_is_the_games_fault(void **state)
{
    (void)state;
    scratch s;
    scratch_open(&s, "[match]\nleft = rnd\nright = rnd\n[sum]\nsum.1 = rcg:{0|1}\n"
                     "sum.2 = crashing_subtract:3\nsum.3 = rcg:{1|0}\n"
                     "[strategy.rnd]\nplugin = random\n");
    match_overrides ov = { .plugin_path = s.plugins };
    match_run_opts opts = { .jobs = 2, .out = s.out };
    match_result res;
    support_match_ok(s.config, &ov, &opts, &res);
    char *records = support_read_file(s.out);
    assert_int_equal(count_lines(records), 6);
    for (size_t g = 2; g < 4; g++) {
        char *line = line_of(records, g);
        support_assert_contains(line, "\"sum\":\"crashing_subtract:3\"");
        /* Left moves first from heap 3: play() crashes before any move is recorded */
        support_assert_contains(line, "\"final_score\":null,\"score\":null,\"result\":null,"
                                      "\"forfeit\":null,\"fault\":\"game\",\"error\":\"crash: "
                                      "game plugin crashing_subtract crashed in play() "
                                      "(SIGSEGV) with rnd to move\",\"score_estimated\":false,"
                                      "\"moves\":[]");
        free(line);
    }
    /* the other positions are played out: {0|1} ends at 0, {1|0} at 1 with Left first */
    char *line = line_of(records, 0);
    support_assert_contains(line, "\"final_score\":\"0\",\"score\":\"0\",\"result\":\"draw\"");
    free(line);
    line = line_of(records, 5);
    support_assert_contains(line, "\"final_score\":\"1\",\"score\":\"-1\",\"result\":\"loss\"");
    free(line);
    /* game faults are nobody's games: the summary's "games":4, "forfeits":0,
     * "game_faults":2 */
    assert_int_equal(res.tally.games, 4);
    assert_int_equal(res.tally.forfeits, 0);
    assert_int_equal(res.tally.faults, 2);
    match_result_free(&res);
    free(records);
    scratch_close(&s);
}

static void exact_commands_name_the_crashing_plugin(void **state)
{
    (void)state;
    scratch s;
    scratch_open(&s, "");
    /* perft plays every line: it meets the crash too */
    const char *commands[] = { "solve", "analyze", "perft" };
    const char *tails[] = { "", "", " 4" };
    for (size_t i = 0; i < 3; i++) {
        char cmd[512], want[128];
        snprintf(cmd, sizeof cmd, "%s crashing_subtract:5%s --plugin-path '%s'", commands[i],
                 tails[i], s.plugins);
        support_run r = support_host(cmd, NULL);
        snprintf(want, sizeof want, "sumgame: %s: game plugin crashing_subtract crashed in "
                 "play() (SIGSEGV)", commands[i]);
        support_assert_error(&r, want);
        assert_int_equal(r.status, 1);
        support_run_free(&r);
    }
    scratch_close(&s);
}

/* The pids of the runner's children, from /proc. */
static size_t children_of(pid_t parent, pid_t *out, size_t cap)
{
    char path[64];
    snprintf(path, sizeof path, "/proc/%ld/task/%ld/children", (long)parent, (long)parent);
    FILE *f = fopen(path, "r");
    size_t n = 0;
    long pid;
    if (!f)
        return 0;
    while (n < cap && fscanf(f, "%ld", &pid) == 1)
        out[n++] = (pid_t)pid;
    fclose(f);
    return n;
}

static bool group_alive(pid_t pgid)
{
    if (kill(-pgid, 0) != 0)
        return false;
    /* only zombies left, waiting for init: dead */
    char path[64], stat[512] = "";
    snprintf(path, sizeof path, "/proc/%ld/stat", (long)pgid);
    FILE *f = fopen(path, "r");
    if (!f)
        return false;
    bool zombie = fgets(stat, sizeof stat, f) && strstr(stat, ") Z ");
    fclose(f);
    return !zombie;
}

static void killed_runner_leaves_no_worker(void **state)
{
    (void)state;
    char text[1024];
    snprintf(text, sizeof text, bad_config, "game_time_limit = 100\n", "deaf");
    scratch s;
    scratch_open(&s, text);
    char host[4096];
    snprintf(host, sizeof host, "%s/sumgame", support_build_dir());
    pid_t runner = fork();
    assert_true(runner >= 0);
    if (runner == 0) {
        freopen("/dev/null", "w", stdout);
        execl(host, host, "match", s.config, "--out", s.out, "--plugin-path", s.plugins,
              "--jobs", "2", (char *)NULL);
        _exit(127);
    }
    /* wait until both workers are stuck in bad's moves */
    pid_t workers[8];
    size_t n = 0;
    for (int k = 0; k < 200 && n < 2; k++) {
        usleep(50000);
        n = children_of(runner, workers, 8);
    }
    assert_int_equal(n, 2);
    usleep(300000);
    n = children_of(runner, workers, 8);
    assert_true(n >= 1);
    kill(runner, SIGKILL);
    waitpid(runner, NULL, 0);
    for (size_t i = 0; i < n; i++) {
        bool alive = true;
        for (int k = 0; k < 200 && alive; k++) {
            alive = group_alive(workers[i]);
            if (alive)
                usleep(50000);
        }
        assert_false(alive);
    }
    scratch_close(&s);
}

/* The match at config in this process, one job: fails before any game with an error
 * starting with want (the line the command prints after "sumgame: "). */
static void expect_error(const char *config, const char *want)
{
    match_plan plan;
    match_result res;
    char err[4096];
    int rc = support_match(config, NULL, NULL, &plan, &res, err, sizeof err);
    match_plan_free(&plan);
    match_result_free(&res);
    if (rc == SG_OK)
        fail_msg("no error, expected: %s", want);
    if (strncmp(err, want, strlen(want)) != 0 || strchr(err, '\n'))
        fail_msg("expected '%s', got: %s", want, err);
    assert_int_equal(res.played, 0);
}

static void absurd_limits_are_refused(void **state)
{
    (void)state;
    static const struct {
        const char *key, *message;
    } cases[] = {
        { "time_per_move = 1e308", ":5: match: time_per_move = '1e308' is more than the "
                                   "maximum of 3600 s" },
        { "time_margin = 2h", ":5: match: time_margin = '2h' is not a duration" },
        { "game_time_limit = 0", ":5: match: game_time_limit must be more than 0" },
        { "worker_memory = lots", ":5: match: worker_memory = 'lots': expected a size" },
        { "worker_memory = 1000T", ":5: match: worker_memory = 1000T: 1 jobs x " },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char text[1024], want[512];
        snprintf(text, sizeof text, "[match]\nleft = r\nright = r\ngames = 1\n%s\n[sum]\n"
                 "sum.1 = rcg:{0|1}\n[strategy.r]\nplugin = random\n", cases[i].key);
        scratch s;
        scratch_open(&s, text);
        snprintf(want, sizeof want, "%s%s", s.config, cases[i].message);
        expect_error(s.config, want);
        scratch_close(&s);
    }
}

/* Runs BUILD/sumgame match CONFIG --jobs 1 in a child and returns its exit status, its
 * stderr (in err) and its own peak resident size in KiB (not its workers'). */
static int run_match_measured(const char *config, char *err, size_t cap, long *max_rss_kib)
{
    const char *build = getenv("SUMGAME_BUILD");
    char path[4096];
    snprintf(path, sizeof path, "%s/sumgame", build ? build : "build");
    int fds[2];
    assert_int_equal(pipe(fds), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(fds[1], STDERR_FILENO);
        close(fds[0]);
        if (!freopen("/dev/null", "w", stdout))
            _exit(127);
        execl(path, path, "match", config, "--jobs", "1", (char *)NULL);
        _exit(127);
    }
    close(fds[1]);
    size_t used = 0;
    ssize_t got;
    while (used + 1 < cap && (got = read(fds[0], err + used, cap - 1 - used)) > 0)
        used += (size_t)got;
    err[used] = '\0';
    close(fds[0]);
    struct rusage ru;
    int status;
    assert_int_equal(wait4(pid, &status, 0, &ru), pid);
    *max_rss_kib = ru.ru_maxrss;
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}

/* A strategy whose table (tt_log2 = 26: 2 GiB for each side) cannot fit worker_memory is
 * refused in one line naming its section and the limit, and the table is never built in
 * the runner: its peak resident size stays small (it was 4 GiB when the runner created
 * the strategies). */
static void table_larger_than_the_worker_is_refused(void **state)
{
    (void)state;
    if (UNDER_ASAN)
        skip(); /* no data limit holds AddressSanitizer's shadow memory */
    scratch s;
    scratch_open(&s, "[match]\nleft = a\nright = a\ngames = 1\nworker_memory = 1G\n[sum]\n"
                     "sum.1 = rcg:{0|1}\n[strategy.a]\nplugin = alphabeta\ntt_log2 = 28\n");
    char want[512];
    /* 2^28 entries x 32 bytes = 8 GiB a side: tried in a child under the worker's limit */
    snprintf(want, sizeof want, "%s:8: strategy.a: alphabeta: out of memory for a "
             "transposition table of 2^28 entries (a worker has 1024 MiB: worker_memory)",
             s.config);
    expect_error(s.config, want);
    scratch_close(&s);
    scratch_open(&s, "[match]\nleft = a\nright = a\ngames = 1\nworker_memory = 256M\n[sum]\n"
                     "sum.1 = rcg:{0|1}\n[strategy.a]\nplugin = alphabeta\ntt_log2 = 26\n");
    char err[2048];
    long rss = 0;
    int status = run_match_measured(s.config, err, sizeof err, &rss);
    snprintf(want, sizeof want, "sumgame: %s:8: strategy.a: ", s.config);
    if (status != 1 || strncmp(err, want, strlen(want)) != 0 || !strstr(err, "worker_memory") ||
        strchr(err, '\n') != err + strlen(err) - 1)
        fail_msg("status %d, stderr: %s", status, err);
    if (rss > 64 * 1024)
        fail_msg("the runner peaked at %ld KiB", rss);
    scratch_close(&s);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(hang_without_budget_ends_at_game_time_limit),
        cmocka_unit_test(hang_with_signals_blocked_is_killed),
        cmocka_unit_test(slow_move_over_the_margin_is_forfeited),
        cmocka_unit_test(illegal_move_is_forfeited),
        cmocka_unit_test(memory_hog_fails_within_worker_memory),
        cmocka_unit_test(strategy_output_goes_to_the_record),
        cmocka_unit_test(forked_child_neither_stalls_nor_survives),
        cmocka_unit_test(game_plugin_crash_is_the_games_fault),
        cmocka_unit_test(exact_commands_name_the_crashing_plugin),
        cmocka_unit_test(killed_runner_leaves_no_worker),
        cmocka_unit_test(absurd_limits_are_refused),
        cmocka_unit_test(table_larger_than_the_worker_is_refused),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
