/* --time and --memory stop every exact command on the open 4x4 Amazons room, a position
 * none of them can finish (its canonical form is out of reach), within 10% of the limit.
 * Who wins there `solve --outcome` finds in under a second, so its limits are checked on
 * the open 5x5 room, which it does not finish within minutes.
 *
 * The time checks read the child's CPU time, which the load of the machine cannot
 * inflate: CPU time above 1.1 x the limit is an overshoot whatever else runs. The memory
 * checks read the child's peak resident size; they are skipped under AddressSanitizer,
 * whose shadow memory counts there. */
#include "support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif
#ifndef UNDER_ASAN
#define UNDER_ASAN 0
#endif

#define OPEN_ROOM "amazons:B..W/..../..../W..B"
#define OPEN_ROOM_5X5 "amazons:B...W/...../...../...../W...B"

typedef struct child_run {
    int status;
    double cpu;        /* user + system seconds */
    long max_rss_kib;
    char err[1024];
} child_run;

/* Runs the host with argv (NULL-terminated, argv[0] unused) and collects its usage. */
static child_run run_host(const char *const *args)
{
    const char *build = getenv("SUMGAME_BUILD");
    char path[4096];
    snprintf(path, sizeof path, "%s/sumgame", build ? build : "build");
    int pipefd[2];
    assert_int_equal(pipe(pipefd), 0);
    pid_t pid = fork();
    assert_true(pid >= 0);
    if (pid == 0) {
        dup2(pipefd[1], STDERR_FILENO);
        close(pipefd[0]);
        if (!freopen("/dev/null", "w", stdout))
            _exit(127);
        char *argv[32];
        size_t n = 0;
        argv[n++] = path;
        for (size_t i = 1; args[i] && n < 31; i++)
            argv[n++] = (char *)args[i];
        argv[n] = NULL;
        execv(path, argv);
        _exit(127);
    }
    close(pipefd[1]);
    child_run r = { 0 };
    size_t used = 0;
    ssize_t got;
    while ((got = read(pipefd[0], r.err + used, sizeof r.err - 1 - used)) > 0)
        used += (size_t)got;
    r.err[used] = '\0';
    close(pipefd[0]);
    struct rusage ru;
    int status;
    assert_int_equal(wait4(pid, &status, 0, &ru), pid);
    r.status = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    r.cpu = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
            (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
    r.max_rss_kib = ru.ru_maxrss;
    return r;
}

static void expect_time_stop(const char *const *args)
{
    child_run r = run_host(args);
    if (r.status != 3 || !strstr(r.err, "time limit of 1 s"))
        fail_msg("%s %s: status %d, %s", args[1], args[3] ? args[3] : "", r.status, r.err);
    if (r.cpu > 1.1)
        fail_msg("%s %s: %.2f CPU seconds under --time 1", args[1], args[3] ? args[3] : "",
                 r.cpu);
}

static void test_time(void **state)
{
    (void)state;
    const char *solve[] = { "", "solve", OPEN_ROOM, "--time", "1", NULL };
    const char *outcome[] = { "", "solve", OPEN_ROOM_5X5, "--outcome", "--time", "1", NULL };
    const char *summation[] = { "", "solve", OPEN_ROOM, "--method", "summation", "--time",
                                "1", NULL };
    const char *analyze[] = { "", "analyze", OPEN_ROOM, "--time", "1", NULL };
    expect_time_stop(solve);
    expect_time_stop(outcome);
    expect_time_stop(summation);
    expect_time_stop(analyze);
}

static void expect_memory_stop(const char *const *args)
{
    child_run r = run_host(args);
    if (r.status != 3 || !strstr(r.err, "memory limit of 100 MiB"))
        fail_msg("%s: status %d, %s", args[1], r.status, r.err);
    if (r.max_rss_kib > 110 * 1024)
        fail_msg("%s: peak resident %ld KiB under --memory 100M", args[1], r.max_rss_kib);
}

static void test_memory(void **state)
{
    (void)state;
    if (UNDER_ASAN)
        skip();
    const char *solve[] = { "", "solve", OPEN_ROOM, "--memory", "100M", NULL };
    const char *analyze[] = { "", "analyze", OPEN_ROOM, "--memory", "100M", NULL };
    const char *outcome[] = { "", "solve", OPEN_ROOM_5X5, "--outcome", "--memory", "100M",
                              NULL };
    expect_memory_stop(solve);
    expect_memory_stop(analyze);
    expect_memory_stop(outcome); /* its table fills 100 MiB in about 9 s */
}

/* A large exact analysis under --memory 500M (a 4x6 Clobber board, whose canonical-form
 * table grows past it in about 20 s) stops with the memory-limit message and a peak
 * resident size below 550 MB. */
static void test_memory_500m(void **state)
{
    (void)state;
    if (UNDER_ASAN)
        skip();
    const char *analyze[] = { "", "analyze", "clobber:xoxoxo/oxoxox/xoxoxo/oxoxox", "--memory",
                              "500M", NULL };
    child_run r = run_host(analyze);
    if (r.status != 3 || !strstr(r.err, "stopped at the memory limit of 500 MiB"))
        fail_msg("analyze: status %d, %s", r.status, r.err);
    if (r.max_rss_kib * 1024.0 > 550e6)
        fail_msg("analyze: peak resident %ld KiB under --memory 500M", r.max_rss_kib);
}

/* The database of every 4x4 Amazons position under --memory 200M: its canonical-form
 * table, its index and the thermographs written with its rows all stay within the limit
 * (it peaked at 282 MB when the table had no ceiling and the rows were unmetered). */
static void test_memory_db(void **state)
{
    (void)state;
    if (UNDER_ASAN)
        skip();
    const char *db[] = { "", "db", "amazons", "4x4", "--memory", "200M", NULL };
    child_run r = run_host(db);
    if (r.status != 3 || !strstr(r.err, "the memory limit of 200 MiB"))
        fail_msg("db: status %d, %s", r.status, r.err);
    if (r.max_rss_kib > 220 * 1024)
        fail_msg("db: peak resident %ld KiB under --memory 200M", r.max_rss_kib);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_time),
        cmocka_unit_test(test_memory),
        cmocka_unit_test(test_memory_500m),
        cmocka_unit_test(test_memory_db),
    };
    return cmocka_run_group_tests_name("exact_limits", tests, NULL, NULL);
}
