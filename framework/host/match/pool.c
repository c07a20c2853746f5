/* The worker pool: one forked process per game, at most `jobs` at a time, their reports
 * read through pipes with poll(), and the watchdog.
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
#include <stdarg.h>
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

#include "host/cli/cli.h"
#include "host/cli/json.h"
#include "host/match/match.h"


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
    } else if (line[0] == 'D' && line[1] == ' ') {
        /* the depth the strategy reached for the move just reported */
        char num[24];
        int k = snprintf(num, sizeof num, "%s%d", r->depths_len ? "," : "", atoi(line + 2));
        char *grown = realloc(r->depths_json, r->depths_len + (size_t)k + 1);
        if (!grown)
            return;
        memcpy(grown + r->depths_len, num, (size_t)k + 1);
        r->depths_json = grown;
        r->depths_len += (size_t)k;
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
        /* no "E" line brought the game's time: it ran until now (a game lost on time) */
        r->seconds = sg_clock_seconds() - w->started;
        sg_player loser = match_to_move(plan, w->game, r);
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
uint64_t match_data_in_use(void)
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

/* A failure of the pool itself: into err when the caller gave one (match_pool_run),
 * else printed (cli_fail); returns 1, the exit status. */
__attribute__((format(printf, 3, 4)))
static int pool_fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    if (err)
        vsnprintf(err, errlen, fmt, ap);
    else
        cli_vprint_error(fmt, ap);
    va_end(ap);
    return 1;
}

/* Refuses limits the machine cannot honour or that leave a strategy no room: a message
 * naming the key, and SG_ERR_INVALID. */
static int check_limits(const match_plan *plan, unsigned jobs, const char *what, char *err,
                        size_t errlen)
{
    const match_limits *l = &plan->limits;
    uint64_t limit = memory_limit(plan, jobs);
    if (!limit)
        return SG_OK;
    long pages = sysconf(_SC_PHYS_PAGES), size = sysconf(_SC_PAGESIZE);
    double gib = 1024.0 * 1024 * 1024;
    if (l->worker_memory && pages > 0 && size > 0 &&
        (double)l->worker_memory * jobs > (double)pages * (double)size)
        return pool_fail(err, errlen, "%s: %u jobs x %.2f GiB is more than the machine's "
                         "%.2f GiB of memory (lower worker_memory or --jobs)", l->memory_where,
                         jobs, (double)l->worker_memory / gib,
                         (double)pages * (double)size / gib);
    uint64_t base = match_data_in_use();
    if (l->tables && base + l->tables > limit)
        return pool_fail(err, errlen, "%s: a table of about %.2f GiB per game (with %.2f GiB "
                         "already in use) does not fit the worker's %.2f GiB%s", l->tables_where,
                         (double)l->tables / gib, (double)base / gib, (double)limit / gib,
                         l->memory_where[0] ? " (worker_memory)"
                                            : " (the machine's memory / --jobs)");
    if (l->worker_memory && base + (16u << 20) > limit)
        return pool_fail(err, errlen, "%s: the prepared match already holds %.2f GiB; each "
                         "worker needs more than that", l->memory_where, (double)base / gib);
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
#if MATCH_MEMORY_LIMITS
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
    sg_player mover = match_to_move(plan, w->game, r);
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
                      bool ordered, match_done_fn done, match_tick_fn tick, void *ctx,
                      char *err, size_t errlen)
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
        return pool_fail(err, errlen, "%s: out of memory for %zu games", what, total);
    }
    int status = 0;
    const match_plan *checked = NULL;
    for (size_t i = 0; i < total && status == 0; i++)
        if (tasks[i].plan != checked) {
            checked = tasks[i].plan;
            status = check_limits(checked, jobs < total ? jobs : (unsigned)total, what, err,
                                  errlen);
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
                status = pool_fail(err, errlen, "%s: cannot start a worker: %s", what,
                                   strerror(errno));
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
            status = pool_fail(err, errlen, "%s: poll: %s", what, strerror(errno));
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
        if (tick && status == 0)
            tick(ctx);
        while (status == 0 && written < total && records[written].done) {
            record *r = &records[written];
            if (ordered)
                status = done(ctx, written, r);
            free(r->moves_json);
            free(r->depths_json);
            free(r->reason);
            free(r->log);
            r->moves_json = r->depths_json = r->reason = r->log = NULL;
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
        free(records[i].depths_json);
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
    return play_tasks(tasks, total, jobs, what, true, done, NULL, ctx, NULL, 0);
}

int match_play_tasks_unordered(const match_task *tasks, size_t total, unsigned jobs,
                               const char *what, match_done_fn done, match_tick_fn tick,
                               void *ctx)
{
    return play_tasks(tasks, total, jobs, what, false, done, tick, ctx, NULL, 0);
}

int match_pool_run(const match_task *tasks, size_t total, unsigned jobs, const char *what,
                   bool ordered, match_done_fn done, match_tick_fn tick, void *ctx, char *err,
                   size_t errlen)
{
    if (errlen)
        err[0] = '\0';
    return play_tasks(tasks, total, jobs, what, ordered, done, tick, ctx, err, errlen);
}
