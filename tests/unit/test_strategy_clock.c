/* Every strategy in the build answers within its clock: one move of each, with its
 * default settings, on a sum of three 6x6 Amazons rooms (one amazon each and 3 arrows,
 * the TDS paper's Table 3 rooms) under a budget of 1 s per move. The check is on the
 * process's CPU time, which load on the machine does not stretch: a strategy that ignores
 * its budget (an exact analysis of a 6x6 room takes minutes) spends far more than the
 * allowance, while one that keeps to its clock spends at most about the budget. */
#include "support.h"

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "sumgame/rng.h"
#include "sumgame/strategy.h"

#define BUDGET_SECONDS 1.0
#define BUDGET_NODES 20000
/* CPU seconds a move may take: the budget, the time to stop a search (a TDS iteration or
 * a round of playouts), creating the strategy, and sanitizer builds' slower code. */
#define ALLOWANCE_SECONDS (UNDER_ASAN ? 4.0 : 2.0)
/* A move still running after this long never answers. */
#define HANG_SECONDS 60

static support_game amz;

static const char *const rooms[] = {
    ".x.x../....../....../....xB/W...../......",
    ".....W/...x../....../B...../..x..x/......",
    "....Bx/...Wx./....../....../..x.../......",
};

static int setup(void **state)
{
    (void)state;
    support_game_open(&amz, "amazons", NULL);
    return 0;
}

static int teardown(void **state)
{
    (void)state;
    support_game_close(&amz);
    return 0;
}

static double cpu_seconds(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* One move of the strategy in path for who, under budget; its CPU seconds. */
static double one_move(const char *path, sg_player who, sg_budget budget)
{
    char err[256];
    sg_plugin plugin;
    if (sg_plugin_open_file(path, SG_PLUGIN_STRATEGY, &plugin, err, sizeof err) != SG_OK)
        fail_msg("%s", err);
    const sg_strategy_desc *d = plugin.desc.strategy;
    sg_params params = { "test.ini", d->name, NULL, 0 };
    void *inst;
    if (d->create(sg_default_host(), &params, &inst, err, sizeof err) != SG_OK)
        fail_msg("%s: %s", d->name, err);
    sg_rng rng;
    sg_rng_seed(&rng, 1);
    if (d->new_game)
        d->new_game(inst, &rng);
    sg_sum *sum = sg_sum_new(SG_FREEZE_INTEGERS);
    for (size_t i = 0; i < sizeof rooms / sizeof rooms[0]; i++) {
        support_pos p = support_parse(&amz.game, rooms[i]);
        if (sg_sum_add(sum, &amz.game, p.b, err, sizeof err) != SG_OK)
            fail_msg("%s", err);
    }
    sg_sum_move mv;
    double t0 = cpu_seconds();
    int rc = d->choose(inst, sum, who, &budget, &mv, err, sizeof err);
    double spent = cpu_seconds() - t0;
    print_message("%-12s %s: %.2f CPU s%s%s\n", d->name, who == SG_LEFT ? "Left " : "Right",
                  spent, rc == SG_OK ? "" : ", failed: ", rc == SG_OK ? "" : err);
    if (rc != SG_OK)
        fail_msg("%s: %s", d->name, err);
    size_t count = 0;
    sg_sum_moves(sum, who, NULL, 0, &count);
    if (mv.component >= sg_sum_count(sum))
        fail_msg("%s: move in component %u of %zu", d->name, mv.component, sg_sum_count(sum));
    d->destroy(inst);
    sg_sum_free(sum);
    sg_plugin_close(&plugin);
    return spent;
}

/* Every strategy's move under budget, each in a child process. */
static void every_strategy_within(sg_budget budget)
{
    char dir[4096];
    snprintf(dir, sizeof dir, "%s/strategies", support_build_dir());
    DIR *dp = opendir(dir);
    assert_non_null(dp);
    size_t tried = 0, late = 0;
    struct dirent *ent;
    while ((ent = readdir(dp))) {
        size_t len = strlen(ent->d_name);
        if (len < 4 || strcmp(ent->d_name + len - 3, ".so") != 0)
            continue;
        char path[8192];
        snprintf(path, sizeof path, "%s/%s", dir, ent->d_name);
        for (int k = 0; k < 2; k++) {
            /* In a child, so that a strategy that never answers is stopped (SIGALRM). */
            fflush(NULL);
            pid_t pid = fork();
            assert_true(pid >= 0);
            if (pid == 0) {
                alarm(HANG_SECONDS);
                double spent = one_move(path, k == 0 ? SG_LEFT : SG_RIGHT, budget);
                _exit(spent > ALLOWANCE_SECONDS ? 3 : 0);
            }
            int status = 0;
            assert_int_equal(waitpid(pid, &status, 0), pid);
            if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
                print_message("%s (%s first) %s\n", ent->d_name, k == 0 ? "Left" : "Right",
                              WIFSIGNALED(status) && WTERMSIG(status) == SIGALRM
                                  ? "never answered"
                              : WIFEXITED(status) && WEXITSTATUS(status) == 3
                                  ? "took longer than its budget allows"
                                  : "failed");
                late++;
            }
        }
        tried++;
    }
    closedir(dp);
    assert_true(tried >= 10);
    assert_int_equal(late, 0);
}

static void test_every_strategy_answers_in_time(void **state)
{
    (void)state;
    every_strategy_within((sg_budget){ .seconds = BUDGET_SECONDS });
}

/* A node budget and no clock: the exact strategies (solver, thermostrat, sentestrat,
 * hybrid) shared only seconds between their exact work and the fallback, so a node budget
 * left them running until the exact analysis finished (a Go board took minutes and
 * gigabytes over GTP's --nodes). BUDGET_NODES is far below what 1 s searches. */
static void test_every_strategy_keeps_a_node_budget(void **state)
{
    (void)state;
    every_strategy_within((sg_budget){ .nodes = BUDGET_NODES });
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_every_strategy_answers_in_time),
        cmocka_unit_test(test_every_strategy_keeps_a_node_budget),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
