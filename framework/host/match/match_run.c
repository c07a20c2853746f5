/* Running a match: one forked process per game, at most `jobs` at a time, their reports
 * read through pipes with poll(), the results written in game order as soon as every
 * earlier game is known, and the summary at the end.
 *
 * Isolation. Each worker is the leader of its own process group, dies with the runner
 * (PR_SET_PDEATHSIG), runs under a data limit (RLIMIT_DATA, worker_memory) and writes
 * its stdout and stderr into a pipe of its own, kept (bounded) in the game's record. A
 * game ends when its worker exits, not when its pipes close: a process a strategy
 * forked may hold them open, and the whole group is killed once the worker is reaped.
 *
 * Faults. A worker that dies (a signal, an exit without its final report) or that the
 * watchdog kills loses its game by forfeit: the player to move, as counted from the
 * moves reported so far, takes the loss, and the match goes on. The watchdog ends a move
 * still running time_per_move + time_margin after it started, and a game still running
 * after game_time_limit (by default an hour when there is no time budget). A worker that
 * dies inside a call into a game plugin (its fault handler says so, see match_play.c) is
 * the game's fault: the record says "fault":"game" and nobody is charged. */
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "host/report/decimal.h"
#include "host/match/stats.h"
#include "host/cli/cli.h"
#include "host/match/match.h"
#include "host/match/match_log.h"
#include "host/match/match_mpi.h"
#include "host/cli/json.h"

/* AddressSanitizer reserves terabytes of address space: no data limit can hold it. */
#if defined(__SANITIZE_ADDRESS__)
#define MEMORY_LIMITS 0
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define MEMORY_LIMITS 0
#endif
#endif
#ifndef MEMORY_LIMITS
#define MEMORY_LIMITS 1
#endif

/* Bytes of a game's strategy output kept in its record; the rest is counted. */
#define LOG_KEEP 4096

typedef match_record record;

typedef struct worker {
    pid_t pid;
    int fd;               /* report pipe, -1 once closed */
    int log_fd;           /* the worker's stdout and stderr, -1 once closed */
    const match_plan *plan;
    size_t task;
    unsigned long long game;
    char buf[4096];
    size_t used;
    bool ended;           /* its "E" line arrived */
    bool killed;          /* by the watchdog */
    char why_killed[160];
    double started;       /* the game */
    double move_started;  /* the move being thought about, 0 = none */
    char fault[16];       /* "X" line: "game", "strategy" or "none" */
    char fault_text[200]; /* "plugin NAME crashed in FN() (SIGSEGV)" */
    char *log;
    size_t log_len, log_dropped;
} worker;

typedef struct tally {
    unsigned long long games, wins, draws, losses, forfeits, scored, faults;
    double mean, m2; /* Welford's running mean and sum of squared deviations */
    /* optimal = yes: A's total loss as first [0] and as second [1] player, over the
     * games with a score. */
    sg_value loss[2];
    unsigned long long loss_games[2];
} tally;

/* Appends s to the string at *buf (*len bytes) as a JSON string literal. */
static void json_append_string(char **buf, size_t *len, const char *s)
{
    char *text = json_string_text(s);
    if (!text)
        return;
    size_t n = strlen(text);
    char *grown = realloc(*buf, *len + n + 1);
    if (grown) {
        memcpy(grown + *len, text, n + 1);
        *buf = grown;
        *len += n;
    }
    free(text);
}

/* The player to move after r->moves moves of game g. */
static sg_player to_move(const match_plan *plan, unsigned long long g, const record *r)
{
    sg_player first = match_first_player(plan, g);
    return r->moves % 2 == 0 ? first : sg_opponent(first);
}

static double time_margin(const match_plan *plan)
{
    return plan->limits.has_time_margin ? plan->limits.time_margin : MATCH_TIME_MARGIN;
}

/* Seconds a move may run before the watchdog ends it; 0 = no per-move limit. */
static double move_limit(const match_plan *plan)
{
    return plan->budget.seconds > 0 ? plan->budget.seconds + time_margin(plan) : 0;
}

/* Seconds a whole game may run; 0 = no limit (a time budget bounds every move). */
static double game_limit(const match_plan *plan)
{
    if (plan->limits.game_seconds > 0)
        return plan->limits.game_seconds;
    return plan->budget.seconds > 0 ? 0 : MATCH_GAME_SECONDS;
}

static void forfeit(record *r, sg_player loser, const char *reason)
{
    if (r->forfeit)
        return;
    r->forfeit = true;
    r->loser = loser;
    r->fault = FAULT_STRATEGY;
    r->reason = strdup(reason);
}

/* One report line of game g's worker (see match_play_game). */
static void on_line(record *r, worker *w, const char *line)
{
    if (line[0] == 'M' && line[1] == ' ') {
        w->move_started = 0;
        if (r->moves) {
            char *grown = realloc(r->moves_json, r->moves_len + 2);
            if (!grown)
                return;
            r->moves_json = grown;
            grown[r->moves_len++] = ',';
            grown[r->moves_len] = '\0';
        }
        json_append_string(&r->moves_json, &r->moves_len, line + 2);
        r->moves++;
    } else if (line[0] == 'T' && line[1] == ' ') {
        w->move_started = sg_clock_seconds();
    } else if (line[0] == 'F' && line[1] == ' ' && (line[2] == 'L' || line[2] == 'R') &&
               line[3] == ' ') {
        forfeit(r, line[2] == 'L' ? SG_LEFT : SG_RIGHT, line + 4);
    } else if (line[0] == 'S' && line[1] == ' ') {
        r->estimated = true;
    } else if (line[0] == 'X' && line[1] == ' ') {
        char kind[16], plugin[80], fn[40], sig[16];
        if (sscanf(line + 2, "%15s %79s %39s %15s", kind, plugin, fn, sig) == 4) {
            snprintf(w->fault, sizeof w->fault, "%s", kind);
            snprintf(w->fault_text, sizeof w->fault_text, "plugin %s crashed in %s() (%s)",
                     plugin, fn, sig);
        }
    } else if (line[0] == 'E' && line[1] == ' ') {
        char score[64];
        unsigned long long nl, nr;
        double secs, wl = 0, wr = 0, cl = 0, cr = 0;
        if (sscanf(line + 2, "%63s %llu %llu %lf %lf %lf %lf %lf", score, &nl, &nr, &secs, &wl,
                   &wr, &cl, &cr) >= 4) {
            r->nodes[SG_LEFT] = nl;
            r->nodes[SG_RIGHT] = nr;
            r->seconds = secs;
            r->side_seconds[SG_LEFT] = wl;
            r->side_seconds[SG_RIGHT] = wr;
            r->side_cpu[SG_LEFT] = cl;
            r->side_cpu[SG_RIGHT] = cr;
            char why[128];
            if (strcmp(score, "-") != 0 && sg_value_parse(score, &r->score, why, sizeof why) == SG_OK)
                r->has_score = true;
            w->ended = true;
            w->move_started = 0;
        }
    }
}

static void on_data(record *records, worker *w)
{
    char *start = w->buf;
    char *nl;
    while ((nl = memchr(start, '\n', w->used - (size_t)(start - w->buf)))) {
        *nl = '\0';
        on_line(&records[w->task], w, start);
        start = nl + 1;
    }
    size_t rest = w->used - (size_t)(start - w->buf);
    memmove(w->buf, start, rest);
    w->used = rest;
    if (w->used == sizeof w->buf) /* a line longer than any report: drop it */
        w->used = 0;
}

/* Reads what w's report pipe holds (it is non-blocking); closes it at end of file. */
static void read_reports(record *records, worker *w)
{
    while (w->fd >= 0) {
        ssize_t n = read(w->fd, w->buf + w->used, sizeof w->buf - w->used);
        if (n > 0) {
            w->used += (size_t)n;
            on_data(records, w);
        } else if (n < 0 && errno == EINTR) {
            continue;
        } else {
            if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
                close(w->fd);
                w->fd = -1;
            }
            return;
        }
    }
}

/* Reads w's output pipe: the first LOG_KEEP bytes are kept, the rest only counted (a
 * strategy that floods it must not block on a full pipe). At most a few reads a call,
 * as a process that lives on may write forever. */
static void read_log(worker *w)
{
    char chunk[4096];
    for (int k = 0; k < 16 && w->log_fd >= 0; k++) {
        ssize_t n = read(w->log_fd, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0) {
            if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) {
                close(w->log_fd);
                w->log_fd = -1;
            }
            return;
        }
        size_t keep = 0;
        if (w->log_len < LOG_KEEP) {
            keep = LOG_KEEP - w->log_len < (size_t)n ? LOG_KEEP - w->log_len : (size_t)n;
            if (!w->log)
                w->log = malloc(LOG_KEEP + 1);
            if (w->log) {
                memcpy(w->log + w->log_len, chunk, keep);
                w->log_len += keep;
                w->log[w->log_len] = '\0';
            }
        }
        w->log_dropped += (size_t)n - keep;
    }
}

/* Kills w's whole process group: the worker and whatever its strategies started. */
static void kill_group(const worker *w)
{
    kill(-w->pid, SIGKILL);
    kill(w->pid, SIGKILL); /* in case it never got to its own group */
}

/* Completes w's game's record once its worker has exited with status. */
static void finish(record *records, worker *w, int status)
{
    const match_plan *plan = w->plan;
    read_reports(records, w);
    read_log(w);
    kill_group(w);
    if (w->fd >= 0)
        close(w->fd);
    if (w->log_fd >= 0)
        close(w->log_fd);
    w->fd = w->log_fd = -1;
    record *r = &records[w->task];
    /* A NUL in the output would end the string early: keep what precedes it. */
    if (w->log && w->log_len) {
        r->log = w->log;
        r->log_dropped = w->log_dropped + (w->log_len - strlen(w->log));
        w->log = NULL;
    }
    free(w->log);
    w->log = NULL;
    if (!w->ended) {
        char reason[512];
        sg_player loser = to_move(plan, w->game, r);
        const char *name = (loser == SG_LEFT) == match_a_is_left(w->game) ? plan->a.name
                                                                          : plan->b.name;
        if (!w->killed && w->fault[0] && strcmp(w->fault, "game") == 0) {
            /* Nobody forfeits: the game plugin broke, not a player. */
            snprintf(reason, sizeof reason, "crash: game %s with %s to move", w->fault_text,
                     name);
            free(r->reason);
            r->reason = strdup(reason);
            r->forfeit = false;
            r->fault = FAULT_GAME;
            r->has_score = false;
            r->done = true;
            return;
        }
        if (w->killed)
            snprintf(reason, sizeof reason, "%s", w->why_killed);
        else if (w->fault[0] && strcmp(w->fault, "strategy") == 0)
            snprintf(reason, sizeof reason, "crash: strategy %s with %s to move",
                     w->fault_text, name);
        else if (WIFSIGNALED(status))
            snprintf(reason, sizeof reason, "crash: the worker died of signal %d (%s) with "
                     "%s to move", WTERMSIG(status), strsignal(WTERMSIG(status)), name);
        else
            snprintf(reason, sizeof reason, "crash: the worker exited with status %d with "
                     "%s to move", WIFEXITED(status) ? WEXITSTATUS(status) : -1, name);
        forfeit(r, loser, reason);
        r->has_score = false;
    }
    r->done = true;
}

/* The data limit of each worker: worker_memory, or the machine's memory shared out among
 * the jobs; 0 = none. */
static uint64_t memory_limit(const match_plan *plan, unsigned jobs)
{
    if (plan->limits.no_memory_limit)
        return 0;
    if (plan->limits.worker_memory)
        return plan->limits.worker_memory;
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    if (pages <= 0 || size <= 0)
        return 0;
    return (uint64_t)pages * (uint64_t)size / (jobs ? jobs : 1);
}

/* Bytes of data this (prepared) process holds: what each worker starts with. */
static uint64_t data_in_use(void)
{
    FILE *f = fopen("/proc/self/status", "r");
    if (!f)
        return 0;
    char line[256];
    unsigned long long kb = 0;
    while (fgets(line, sizeof line, f))
        if (sscanf(line, "VmData: %llu kB", &kb) == 1)
            break;
    fclose(f);
    return (uint64_t)kb * 1024;
}

/* Refuses limits the machine cannot honour or that leave a strategy no room: a message
 * naming the key, and SG_ERR_INVALID. */
static int check_limits(const match_plan *plan, unsigned jobs, const char *what)
{
    const match_limits *l = &plan->limits;
    uint64_t limit = memory_limit(plan, jobs);
    if (!limit)
        return SG_OK;
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    double gib = 1024.0 * 1024 * 1024;
    if (l->worker_memory && pages > 0 && size > 0 &&
        (double)l->worker_memory * jobs > (double)pages * (double)size)
        return cli_fail("%s: %u jobs x %.2f GiB is more than the machine's %.2f GiB of "
                        "memory (lower worker_memory or --jobs)", l->memory_where, jobs,
                        (double)l->worker_memory / gib, (double)pages * (double)size / gib);
    uint64_t base = data_in_use();
    if (l->tables && base + l->tables > limit)
        return cli_fail("%s: a table of about %.2f GiB per game (with %.2f GiB already in "
                        "use) does not fit the worker's %.2f GiB%s", l->tables_where,
                        (double)l->tables / gib, (double)base / gib, (double)limit / gib,
                        l->memory_where[0] ? " (worker_memory)"
                                           : " (the machine's memory / --jobs)");
    if (l->worker_memory && base + (16u << 20) > limit)
        return cli_fail("%s: the prepared match already holds %.2f GiB; each worker needs "
                        "more than that", l->memory_where, (double)base / gib);
    (void)what;
    return SG_OK;
}

/* The runner's process groups, for the signal handler: a runner stopped by SIGINT or
 * SIGTERM takes every worker and its children with it (SIGKILL needs no help: the
 * workers die of PR_SET_PDEATHSIG, and nothing can catch it). */
static volatile sig_atomic_t groups_count;
static pid_t *volatile groups;

static void on_stop(int sig)
{
    for (sig_atomic_t i = 0; i < groups_count; i++)
        if (groups[i] > 0)
            kill(-groups[i], SIGKILL);
    signal(sig, SIG_DFL);
    raise(sig);
}

/* Bounds on what a worker may use; under AddressSanitizer only the report. */
static void limit_worker(uint64_t memory)
{
#if MEMORY_LIMITS
    if (memory) {
        struct rlimit rl = { (rlim_t)memory, (rlim_t)memory };
        setrlimit(RLIMIT_DATA, &rl);
    }
#else
    (void)memory;
#endif
}

/* A pipe whose ends a program exec'd by a strategy does not inherit. */
static int pipe_cloexec(int fds[2])
{
    if (pipe(fds) != 0)
        return -1;
    fcntl(fds[0], F_SETFD, FD_CLOEXEC);
    fcntl(fds[1], F_SETFD, FD_CLOEXEC);
    return 0;
}

static int spawn(const match_task *t, size_t task, worker *w, uint64_t memory)
{
    int fds[2], logs[2];
    if (pipe_cloexec(fds) != 0)
        return -1;
    if (pipe_cloexec(logs) != 0) {
        close(fds[0]);
        close(fds[1]);
        return -1;
    }
    fflush(NULL); /* no buffered output may be written twice, by the worker as well */
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        close(fds[0]);
        close(fds[1]);
        close(logs[0]);
        close(logs[1]);
        return -1;
    }
    if (pid == 0) {
        setpgid(0, 0);
#ifdef __linux__
        prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
        if (getppid() != parent) /* the runner died before the line above */
            _exit(1);
        signal(SIGINT, SIG_DFL);
        signal(SIGTERM, SIG_DFL);
        signal(SIGPIPE, SIG_IGN);
        close(fds[0]);
        close(logs[0]);
        /* Whatever a strategy prints goes to the record, never into our output. */
        dup2(logs[1], STDOUT_FILENO);
        dup2(logs[1], STDERR_FILENO);
        close(logs[1]);
        int devnull = open("/dev/null", O_RDONLY);
        if (devnull >= 0) {
            dup2(devnull, STDIN_FILENO);
            close(devnull);
        }
        limit_worker(memory);
        match_play_game(t->plan, t->game, fds[1]);
        fflush(stdout);
        fflush(stderr);
        close(fds[1]);
        _exit(0); /* no atexit handlers, no stdio flushes of the parent's buffers */
    }
    setpgid(pid, pid); /* also here: no kill may miss the group for want of it */
    close(fds[1]);
    close(logs[1]);
    fcntl(fds[0], F_SETFL, O_NONBLOCK);
    fcntl(logs[0], F_SETFL, O_NONBLOCK);
    memset(w, 0, sizeof *w);
    w->pid = pid;
    w->fd = fds[0];
    w->log_fd = logs[0];
    w->plan = t->plan;
    w->task = task;
    w->game = t->game;
    w->started = sg_clock_seconds();
    return 0;
}

/* The watchdog: kills w when its move or its game has run too long. */
static void watch(worker *w, const record *r, double now)
{
    if (w->killed)
        return;
    const match_plan *plan = w->plan;
    double move = move_limit(plan), game = game_limit(plan);
    sg_player mover = to_move(plan, w->game, r);
    const char *name = (mover == SG_LEFT) == match_a_is_left(w->game) ? plan->a.name
                                                                      : plan->b.name;
    if (move > 0 && w->move_started > 0 && now - w->move_started > move)
        snprintf(w->why_killed, sizeof w->why_killed, "timeout: %s made no move within "
                 "%.3g s (time_per_move %g s + time_margin %g s)", name, move,
                 plan->budget.seconds, time_margin(plan));
    else if (game > 0 && now - w->started > game)
        snprintf(w->why_killed, sizeof w->why_killed, "timeout: the game ran past "
                 "game_time_limit (%g s) with %s to move", game, name);
    else
        return;
    kill_group(w);
    w->killed = true;
}

static int play_tasks(const match_task *tasks, size_t total, unsigned jobs, const char *what,
                      bool ordered, match_done_fn done, void *ctx)
{
    record *records = calloc(total ? total : 1, sizeof *records);
    worker *workers = calloc(jobs, sizeof *workers);
    struct pollfd *polls = calloc(2 * (size_t)jobs, sizeof *polls);
    pid_t *pids = calloc(jobs, sizeof *pids);
    if (!records || !workers || !polls || !pids) {
        free(records);
        free(workers);
        free(polls);
        free(pids);
        return cli_fail("%s: out of memory for %zu games", what, total);
    }
    int status = 0;
    const match_plan *checked = NULL;
    for (size_t i = 0; i < total && status == 0; i++)
        if (tasks[i].plan != checked) {
            checked = tasks[i].plan;
            status = check_limits(checked, jobs < total ? jobs : (unsigned)total, what);
        }
    groups = pids;
    groups_count = 0;
    struct sigaction stop = { 0 }, old_int, old_term;
    stop.sa_handler = on_stop;
    sigemptyset(&stop.sa_mask);
    sigaction(SIGINT, &stop, &old_int);
    sigaction(SIGTERM, &stop, &old_term);
    size_t next = 0, written = 0, running = 0;
    while (written < total && status == 0) {
        while (running < jobs && next < total) {
            uint64_t memory = memory_limit(tasks[next].plan, jobs);
            if (spawn(&tasks[next], next, &workers[running], memory) != 0) {
                status = cli_fail("%s: cannot start a worker: %s", what, strerror(errno));
                break;
            }
            pids[running] = workers[running].pid;
            running++;
            groups_count = (sig_atomic_t)running;
            next++;
        }
        if (status != 0)
            break;
        for (size_t i = 0; i < running; i++) {
            polls[2 * i] = (struct pollfd){ .fd = workers[i].fd, .events = POLLIN };
            polls[2 * i + 1] = (struct pollfd){ .fd = workers[i].log_fd, .events = POLLIN };
        }
        /* A worker's end is seen by waitpid, so the loop wakes now and then even when
         * no pipe says anything. */
        int ready = poll(polls, 2 * running, 100);
        if (ready < 0 && errno != EINTR) {
            status = cli_fail("%s: poll: %s", what, strerror(errno));
            break;
        }
        double now = sg_clock_seconds();
        for (size_t i = 0; i < running;) {
            worker *w = &workers[i];
            if (ready > 0 && (polls[2 * i].revents & (POLLIN | POLLHUP | POLLERR)))
                read_reports(records, w);
            if (ready > 0 && (polls[2 * i + 1].revents & (POLLIN | POLLHUP | POLLERR)))
                read_log(w);
            int st = 0;
            pid_t reaped = waitpid(w->pid, &st, WNOHANG);
            if (reaped == w->pid) {
                finish(records, w, st);
                if (!ordered && status == 0)
                    status = done(ctx, w->task, &records[w->task]);
                /* Keep the table dense: move the last worker into this slot. */
                workers[i] = workers[running - 1];
                pids[i] = pids[running - 1];
                polls[2 * i] = polls[2 * (running - 1)];
                polls[2 * i + 1] = polls[2 * (running - 1) + 1];
                running--;
                groups_count = (sig_atomic_t)running;
                continue;
            }
            watch(w, &records[w->task], now);
            i++;
        }
        while (status == 0 && written < total && records[written].done) {
            record *r = &records[written];
            if (ordered)
                status = done(ctx, written, r);
            free(r->moves_json);
            free(r->reason);
            free(r->log);
            r->moves_json = r->reason = r->log = NULL;
            written++;
        }
    }
    for (size_t i = 0; i < running; i++) {
        kill_group(&workers[i]);
        waitpid(workers[i].pid, NULL, 0);
        if (workers[i].fd >= 0)
            close(workers[i].fd);
        if (workers[i].log_fd >= 0)
            close(workers[i].log_fd);
        free(workers[i].log);
    }
    groups_count = 0;
    sigaction(SIGINT, &old_int, NULL);
    sigaction(SIGTERM, &old_term, NULL);
    groups = NULL;
    for (size_t i = 0; i < total; i++) {
        free(records[i].moves_json);
        free(records[i].reason);
        free(records[i].log);
    }
    free(records);
    free(workers);
    free(polls);
    free(pids);
    return status;
}

int match_play_tasks(const match_task *tasks, size_t total, unsigned jobs, const char *what,
                     match_done_fn done, void *ctx)
{
    return play_tasks(tasks, total, jobs, what, true, done, ctx);
}

int match_play_tasks_unordered(const match_task *tasks, size_t total, unsigned jobs,
                               const char *what, match_done_fn done, void *ctx)
{
    return play_tasks(tasks, total, jobs, what, false, done, ctx);
}

static const char *result_of(const match_plan *plan, unsigned long long g, const record *r,
                             int *sign)
{
    bool a_left = match_a_is_left(g);
    if (r->forfeit) {
        *sign = (r->loser == SG_LEFT) == a_left ? -1 : 1;
    } else {
        sg_value a_score = a_left ? r->score : sg_value_neg(r->score);
        *sign = sg_value_cmp(a_score, sg_value_int(0));
        if (*sign == 0 && plan->zero == ZERO_MOVER_LOSES)
            *sign = (to_move(plan, g, r) == SG_LEFT) == a_left ? -1 : 1;
    }
    return *sign > 0 ? "win" : *sign < 0 ? "loss" : "draw";
}

void match_write_line(FILE *f, const match_plan *plan, unsigned long long g, const record *r)
{
    int sign;
    const char *result = result_of(plan, g, r, &sign);
    bool a_left = match_a_is_left(g);
    fprintf(f, "{\"game\":%llu,\"pair\":%llu,\"sum\":", g, g / 2);
    json_put_string(f, plan->texts[g / 2]);
    fputs(",\"left_player\":", f);
    json_put_string(f, a_left ? plan->a.name : plan->b.name);
    fputs(",\"right_player\":", f);
    json_put_string(f, a_left ? plan->b.name : plan->a.name);
    fprintf(f, ",\"first\":\"%s\"", match_first_player(plan, g) == SG_LEFT ? "left" : "right");
    if (r->has_score && !r->forfeit) {
        char s[64], t[64];
        sg_value_format(r->score, s, sizeof s);
        sg_value_format(a_left ? r->score : sg_value_neg(r->score), t, sizeof t);
        fprintf(f, ",\"final_score\":\"%s\",\"score\":\"%s\"", s, t);
    } else {
        fputs(",\"final_score\":null,\"score\":null", f);
    }
    if (plan->optimal) {
        char o[64], l[64];
        sg_value loss;
        sg_value_format(plan->stops[g / 2], o, sizeof o);
        fprintf(f, ",\"optimal\":\"%s\"", o);
        if (match_loss(plan, g, r, &loss)) {
            sg_value_format(loss, l, sizeof l);
            fprintf(f, ",\"loss\":\"%s\"", l);
        } else {
            fputs(",\"loss\":null", f);
        }
    }
    if (r->fault == FAULT_GAME)
        fputs(",\"result\":null,\"forfeit\":null", f);
    else
        fprintf(f, ",\"result\":\"%s\",\"forfeit\":", result);
    if (r->fault == FAULT_GAME)
        ;
    else if (r->forfeit)
        json_put_string(f, r->reason ? r->reason : "forfeit");
    else
        fputs("null", f);
    /* Only games that ended abnormally say whose fault it was. */
    if (r->fault == FAULT_GAME) {
        fputs(",\"fault\":\"game\",\"error\":", f);
        json_put_string(f, r->reason ? r->reason : "crash");
    } else if (r->forfeit) {
        fputs(",\"fault\":\"strategy\"", f);
    }
    fprintf(f, ",\"score_estimated\":%s", r->estimated && !r->forfeit ? "true" : "false");
    fprintf(f, ",\"moves\":[%s]", r->moves_json ? r->moves_json : "");
    if (r->log) {
        /* The strategies' own output, only when there was some. */
        fputs(",\"log\":", f);
        json_put_string(f, r->log);
        if (r->log_dropped)
            fprintf(f, ",\"log_dropped\":%zu", r->log_dropped);
    }
    fprintf(f, ",\"nodes_left\":%llu,\"nodes_right\":%llu,\"seconds\":%.3f",
            r->nodes[SG_LEFT], r->nodes[SG_RIGHT], r->seconds);
    /* each side's thinking time, for comparisons at equal time */
    fprintf(f, ",\"cpu_left\":%.3f,\"cpu_right\":%.3f", r->side_cpu[SG_LEFT],
            r->side_cpu[SG_RIGHT]);
    /* the tournament the record belongs to (match_log.h), for --resume and merge */
    if (plan->print)
        fprintf(f, ",\"tournament\":\"%016llx\",\"games_total\":%llu",
                (unsigned long long)plan->print, plan->positions * 2);
    fputs("}\n", f);
}

/* What the summary needs of one game. It is read from the game's record line, so that
 * games played now, read back by --resume and received from MPI ranks count alike. */
typedef struct outcome {
    bool known;
    bool game_fault; /* "fault":"game": no result, charged to nobody */
    int sign; /* of the result for A */
    bool forfeit, scored, has_loss;
    sg_value score; /* A's view */
    sg_value loss;
} outcome;

static bool outcome_parse(const char *line, outcome *o)
{
    char buf[128], why[128];
    memset(o, 0, sizeof *o);
    json_t *rec = json_read_object(line);
    bool ok = false;
    if (json_text(rec, "fault", buf, sizeof buf) && strcmp(buf, "game") == 0) {
        o->game_fault = o->known = true;
        ok = true;
        goto done;
    }
    if (!json_text(rec, "result", buf, sizeof buf))
        goto done;
    o->sign = strcmp(buf, "win") == 0 ? 1 : strcmp(buf, "loss") == 0 ? -1 : 0;
    if (o->sign == 0 && strcmp(buf, "draw") != 0)
        goto done;
    /* forfeit: null, or the reason (a string of any length) */
    const json_t *forfeit = json_object_get(rec, "forfeit");
    if (!forfeit || !(json_is_null(forfeit) || json_is_string(forfeit)))
        goto done;
    o->forfeit = !json_is_null(forfeit);
    if (!json_text(rec, "score", buf, sizeof buf))
        goto done;
    if (strcmp(buf, "null") != 0) {
        if (sg_value_parse(buf, &o->score, why, sizeof why) != SG_OK)
            goto done;
        o->scored = !o->forfeit;
    }
    if (json_text(rec, "loss", buf, sizeof buf) && strcmp(buf, "null") != 0) {
        if (sg_value_parse(buf, &o->loss, why, sizeof why) != SG_OK)
            goto done;
        o->has_loss = !o->forfeit;
    }
    o->known = ok = true;
done:
    json_decref(rec);
    return ok;
}

static void count(tally *t, const match_plan *plan, unsigned long long g, const outcome *o)
{
    if (o->game_fault) { /* no result: not a game of either strategy */
        t->faults++;
        return;
    }
    t->games++;
    if (o->sign > 0)
        t->wins++;
    else if (o->sign < 0)
        t->losses++;
    else
        t->draws++;
    if (o->forfeit) {
        t->forfeits++;
        return;
    }
    if (o->has_loss) {
        int k = match_a_first(plan, g) ? 0 : 1;
        t->loss[k] = sg_value_add(t->loss[k], o->loss);
        t->loss_games[k]++;
    }
    if (!o->scored)
        return;
    /* Statistics are floating point; the game values they come from are exact. */
    double x = sg_value_to_double(o->score);
    t->scored++;
    double d = x - t->mean;
    t->mean += d / (double)t->scored;
    t->m2 += d * (x - t->mean);
}

/* On a terminal (stderr), redrawn after every game: a bar, games done, A's running mean
 * score and W-D-L, and the time left at the pace so far. */
static void progress(const tally *t, unsigned long long total, double elapsed)
{
    enum { BAR = 24 };
    char mean[32], bar[BAR + 1], eta[32] = "--:--";
    sg_decimal_format(t->mean, 2, mean, sizeof mean);
    unsigned long long filled = total ? t->games * BAR / total : BAR;
    for (unsigned long long i = 0; i < BAR; i++)
        bar[i] = i < filled ? '#' : '.';
    bar[BAR] = '\0';
    if (t->games > 0 && total >= t->games) {
        unsigned long long left = (unsigned long long)(elapsed / (double)t->games *
                                                       (double)(total - t->games) + 0.5);
        if (left >= 3600)
            snprintf(eta, sizeof eta, "%llu:%02llu:%02llu", left / 3600, left / 60 % 60,
                     left % 60);
        else
            snprintf(eta, sizeof eta, "%llu:%02llu", left / 60, left % 60);
    }
    fprintf(stderr, "\r[%s] %llu/%llu games  mean %s  W-D-L %llu-%llu-%llu  forfeits %llu  "
            "ETA %s\033[K", bar, t->games, total, mean, t->wins, t->draws, t->losses,
            t->forfeits, eta);
    fflush(stderr);
}

static void summary(const match_plan *plan, const tally *t, double seconds, bool json)
{
    double stddev = t->scored > 1 ? sqrt(t->m2 / (double)(t->scored - 1)) : 0.0;
    double win_rate = t->games ? (double)t->wins / (double)t->games : 0.0;
    char l0[64], l1[64], mean[32], sd[32];
    sg_decimal_format(t->mean, 2, mean, sizeof mean);
    sg_decimal_format(stddev, 2, sd, sizeof sd);
    sg_value_format(t->loss[0], l0, sizeof l0);
    sg_value_format(t->loss[1], l1, sizeof l1);
    if (json) {
        fputs("{\"left\":", stdout);
        json_put_string(stdout, plan->a.name);
        fputs(",\"right\":", stdout);
        json_put_string(stdout, plan->b.name);
        printf(",\"positions\":%llu,\"from\":%llu,\"games\":%llu", plan->positions,
               plan->from, t->games);
        if (t->scored)
            printf(",\"mean\":%s,\"stddev\":%s", mean, sd);
        else
            fputs(",\"mean\":null,\"stddev\":null", stdout);
        printf(",\"win_rate\":%.4f,\"wins\":%llu,\"draws\":%llu,\"losses\":%llu,"
               "\"forfeits\":%llu", win_rate, t->wins, t->draws, t->losses, t->forfeits);
        if (plan->zero == ZERO_MOVER_LOSES && t->games) {
            double lo = 0, hi = 0;
            sg_wilson_interval((double)t->wins, (double)t->games, 0.95, &lo, &hi);
            printf(",\"zero_score\":\"mover_loses\",\"win_rate_lo\":%.4f,"
                   "\"win_rate_hi\":%.4f", lo, hi);
        }
        if (t->faults)
            printf(",\"game_faults\":%llu", t->faults);
        if (plan->optimal)
            printf(",\"loss_first\":\"%s\",\"loss_first_games\":%llu,\"loss_second\":\"%s\","
                   "\"loss_second_games\":%llu", l0, t->loss_games[0], l1, t->loss_games[1]);
        printf(",\"seconds\":%.3f}\n", seconds);
        return;
    }
    char stats[80];
    if (t->scored)
        snprintf(stats, sizeof stats, "%s (%s)", mean, sd);
    else
        snprintf(stats, sizeof stats, "- (-)");
    char names[256];
    snprintf(names, sizeof names, "%s vs %s", plan->a.name, plan->b.name);
    char faults[48] = "";
    if (t->faults)
        snprintf(faults, sizeof faults, "game faults %llu, ", t->faults);
    if (plan->zero == ZERO_MOVER_LOSES) {
        /* Normal play: who won is the result; the score only says by how much. */
        double lo = 0, hi = 0;
        sg_wilson_interval((double)t->wins, (double)t->games, 0.95, &lo, &hi);
        char won[80];
        if (t->games)
            snprintf(won, sizeof won, "%llu of %llu, %.1f%% [%.1f%%, %.1f%%]", t->wins,
                     t->games, 100.0 * win_rate, 100.0 * lo, 100.0 * hi);
        else
            snprintf(won, sizeof won, "0 of 0");
        printf("%-30s  %-32s  %s\n", "left vs right", "wins, win% [95% Wilson interval]",
               "mean score (std dev)");
        printf("%-30s  %-32s  %-18s  (losses %llu, draws %llu, forfeits %llu, %s%.1f s)\n",
               names, won, stats, t->losses, t->draws, t->forfeits, faults, seconds);
    } else {
        printf("%-30s  %-18s  %6s\n", "left vs right", "mean (std dev)", "win%");
        printf("%-30s  %-18s  %5.1f%%  (games %llu, wins %llu, draws %llu, losses %llu, "
               "forfeits %llu, %s%.1f s)\n",
               names, stats, 100.0 * win_rate, t->games, t->wins, t->draws, t->losses,
               t->forfeits, faults, seconds);
    }
    if (plan->optimal)
        printf("loss of %s against optimal play: %s as first player (%llu games), %s as "
               "second player (%llu games)\n",
               plan->a.name, l0, t->loss_games[0], l1, t->loss_games[1]);
}

char *match_format_line(const match_plan *plan, unsigned long long g, const record *r,
                        size_t *len)
{
    char *text = NULL;
    FILE *f = open_memstream(&text, len);
    if (!f)
        return NULL;
    match_write_line(f, plan, g, r);
    if (fclose(f) != 0) {
        free(text);
        return NULL;
    }
    return text;
}

struct run_state {
    const match_plan *plan;
    const char *path;     /* --out, or NULL */
    int fd;               /* --out opened for appending, or -1 */
    const match_task *tasks;
    outcome *outcomes;    /* by game number */
    tally t;              /* of the games finished so far, for the progress line */
    bool tty;
    unsigned long long total;
    double start; /* for the progress line's time left */
};

/* Game g is finished and its record is line: on disk first, then counted. */
static int deliver(void *ctx, unsigned long long g, const char *line, size_t len)
{
    struct run_state *st = ctx;
    char err[512];
    if (st->fd >= 0 && match_log_append(st->fd, line, len, err, sizeof err) != SG_OK)
        return cli_fail("match: --out %s: %s", st->path, err);
    outcome *o = &st->outcomes[g];
    if (!outcome_parse(line, o))
        return cli_fail("match: game %llu: its record cannot be read back", g);
    count(&st->t, st->plan, g, o);
    if (st->tty)
        progress(&st->t, st->total, sg_clock_seconds() - st->start);
    return 0;
}

static int on_game(void *ctx, size_t task, const record *r)
{
    struct run_state *st = ctx;
    unsigned long long g = st->tasks[task].game;
    size_t len;
    char *line = match_format_line(st->plan, g, r, &len);
    if (!line)
        return cli_fail("match: out of memory");
    int status = deliver(st, g, line, len);
    free(line);
    return status;
}

/* Whether game g is one of this run's: from --from on, in this shard. */
static bool in_run(const match_plan *plan, unsigned long long g)
{
    return g >= plan->from * 2 && g < plan->positions * 2 && match_plan_owns(plan, g / 2);
}

/* --resume: the records already in path, each of this run and new, become outcomes.
 * A torn last line (a kill while writing it) is cut off first. */
static int read_back(struct run_state *st, unsigned long long *found)
{
    const match_plan *plan = st->plan;
    match_entries list = { 0 };
    char err[1024];
    bool missing;
    long long torn_at;
    *found = 0;
    if (match_log_read(st->path, &list, &missing, &torn_at, err, sizeof err) != SG_OK)
        return cli_fail("match: --resume: %s", err);
    int status = 0;
    for (size_t i = 0; i < list.n && status == 0; i++) {
        const match_entry *e = &list.v[i];
        if (e->print != plan->print || e->total != plan->positions * 2)
            status = cli_fail("match: --resume: %s:%zu: a record of another tournament "
                              "(%016llx, this one is %016llx): resume with the same "
                              "configuration, --seed and --games, or choose another --out",
                              e->file, e->line, (unsigned long long)e->print,
                              (unsigned long long)plan->print);
        else if (!in_run(plan, e->game))
            status = cli_fail("match: --resume: %s:%zu: game %llu is not one of this run's "
                              "(other --from or --shard)", e->file, e->line, e->game);
        else if (st->outcomes[e->game].known)
            status = cli_fail("match: --resume: %s:%zu: game %llu is recorded twice",
                              e->file, e->line, e->game);
        else if (!outcome_parse(e->text, &st->outcomes[e->game]))
            status = cli_fail("match: --resume: %s:%zu: game %llu: no result, forfeit or "
                              "score", e->file, e->line, e->game);
        else
            (*found)++;
    }
    match_entries_free(&list);
    /* The file is ours: only now may the torn line go. */
    if (status == 0 && torn_at >= 0) {
        if (match_log_cut(st->path, torn_at, err, sizeof err) != SG_OK)
            return cli_fail("match: --resume: %s", err);
        fprintf(stderr, "sumgame: match: --resume: %s: dropped a record cut short by the "
                "kill; its game is played again\n", st->path);
    }
    return status;
}

/* Once every game is in: the file in game order, as one run with --jobs 1 writes it. */
static int put_in_order(const struct run_state *st, unsigned long long games)
{
    match_entries list = { 0 };
    char err[1024];
    int status = 0;
    if (match_log_read(st->path, &list, NULL, NULL, err, sizeof err) != SG_OK)
        status = cli_fail("match: --out %s", err);
    else if (list.n != games)
        status = cli_fail("match: --out %s: %zu records where %llu games were expected "
                          "(was it written to by another run?)", st->path, list.n, games);
    else if (match_log_write_sorted(st->path, &list, err, sizeof err) != SG_OK)
        status = cli_fail("match: --out %s", err);
    match_entries_free(&list);
    return status;
}

int match_run(const match_plan *plan, const match_run_opts *opts)
{
    unsigned long long all = plan->positions * 2, games = 0, resumed = 0;
    for (unsigned long long g = plan->from * 2; g < all; g++)
        games += in_run(plan, g);
    match_task *tasks = calloc(games ? games : 1, sizeof *tasks);
    outcome *outcomes = calloc(all ? all : 1, sizeof *outcomes);
    if (!tasks || !outcomes) {
        free(tasks);
        free(outcomes);
        return cli_fail("match: out of memory for %llu games", all);
    }
    struct run_state st = { .plan = plan, .path = opts->out, .fd = -1, .tasks = tasks,
                            .outcomes = outcomes, .tty = isatty(STDERR_FILENO) };
    int status = 0;
    bool regular = false;
    if (opts->out && opts->resume)
        status = read_back(&st, &resumed);
    if (status == 0 && opts->out) {
        char err[1024];
        struct stat sb;
        if ((st.fd = match_log_open(opts->out, opts->resume, err, sizeof err)) < 0)
            status = cli_fail("match: %s", err);
        else
            regular = fstat(st.fd, &sb) == 0 && S_ISREG(sb.st_mode);
    }
    size_t n = 0;
    for (unsigned long long g = plan->from * 2; g < all; g++)
        if (in_run(plan, g) && !outcomes[g].known)
            tasks[n++] = (match_task){ plan, g };
    st.total = n;
    double start = sg_clock_seconds();
    st.start = start;
    if (status == 0 && opts->mpi)
        status = match_mpi_play(plan, tasks, n, deliver, &st);
    else if (status == 0)
        status = match_play_tasks_unordered(tasks, n, opts->jobs, "match", on_game, &st);
    if (st.tty)
        fputs("\r\033[K", stderr);
    if (st.fd >= 0 && close(st.fd) != 0 && status == 0)
        status = cli_fail("match: --out %s: cannot write: %s", opts->out, strerror(errno));
    if (status == 0 && regular)
        status = put_in_order(&st, games);
    if (status == 0) {
        tally t = { 0 };
        for (unsigned long long g = plan->from * 2; g < all; g++)
            if (outcomes[g].known)
                count(&t, plan, g, &outcomes[g]);
        summary(plan, &t, sg_clock_seconds() - start, opts->json);
        if (opts->resume && !opts->json)
            printf("resumed: %llu games read back from %s, %zu played now\n", resumed,
                   opts->out, n);
        fflush(stdout);
    }
    free(tasks);
    free(outcomes);
    return status;
}
