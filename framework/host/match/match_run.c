/* Running a match: the games to play (from --from, in this shard, not read back by
 * --resume), played by the pool (match_play_tasks_unordered) or the MPI ranks, each
 * record on disk as soon as it is in, the file put in game order at the end, and the
 * summary (tally.c). */
#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "host/cli/cli.h"
#include "host/cli/progress.h"
#include "host/match/match.h"
#include "host/match/match_log.h"
#include "host/match/match_mpi.h"
#include "host/match/match_run.h"
#include "host/match/tally.h"

typedef match_record record;

struct run_state {
    const match_plan *plan;
    const char *path;     /* --out, or NULL */
    int fd;               /* --out opened for appending, or -1 */
    const match_task *tasks;
    match_outcome *outcomes;    /* by game number */
    match_tally t;              /* of the games finished so far, for the progress line */
    bool dropped_torn;
    unsigned long long total;
    progress_out progress;
    char *err;            /* the caller's, for the one failure of the run */
    size_t errlen;
};

/* The run's failure: its message into st->err; returns 1, the exit status. */
__attribute__((format(printf, 2, 3)))
static int fail(struct run_state *st, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(st->err, st->errlen, fmt, ap);
    va_end(ap);
    return 1;
}

/* Shown after every game, and between games so that its clock moves (tick). */
static void show_progress(struct run_state *st, bool game_ended)
{
    if (!game_ended && !progress_due(&st->progress))
        return;
    char text[256];
    match_tally_progress_text(&st->t, st->total, progress_elapsed(&st->progress), text,
                              sizeof text);
    if (game_ended)
        progress_show_now(&st->progress, "%s%s", st->progress.tty ? "" : "match: ", text);
    else
        progress_show(&st->progress, "%s%s", st->progress.tty ? "" : "match: ", text);
}

/* Game g is finished and its record is line: on disk first, then counted. */
static int deliver(void *ctx, unsigned long long g, const char *line, size_t len)
{
    struct run_state *st = ctx;
    char err[512];
    if (st->fd >= 0 && match_log_append(st->fd, line, len, err, sizeof err) != SG_OK)
        return fail(st, "match: --out %s: %s", st->path, err);
    match_outcome *o = &st->outcomes[g];
    if (!match_outcome_parse(line, o))
        return fail(st, "match: game %llu: its record cannot be read back", g);
    match_tally_count(&st->t, st->plan, g, o);
    show_progress(st, true);
    return 0;
}

static void tick(void *ctx)
{
    show_progress(ctx, false);
}

static int on_game(void *ctx, size_t task, const record *r)
{
    struct run_state *st = ctx;
    unsigned long long g = st->tasks[task].game;
    size_t len;
    char *line = match_format_line(st->plan, g, r, &len);
    if (!line)
        return fail(st, "match: out of memory");
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
        return fail(st, "match: --resume: %s", err);
    int status = 0;
    for (size_t i = 0; i < list.n && status == 0; i++) {
        const match_entry *e = &list.v[i];
        if (e->print != plan->print || e->total != plan->positions * 2)
            status = fail(st, "match: --resume: %s:%zu: a record of another tournament "
                              "(%016llx, this one is %016llx): resume with the same "
                              "configuration, --seed and --games, or choose another --out",
                              e->file, e->line, (unsigned long long)e->print,
                              (unsigned long long)plan->print);
        else if (!in_run(plan, e->game))
            status = fail(st, "match: --resume: %s:%zu: game %llu is not one of this run's "
                              "(other --from or --shard)", e->file, e->line, e->game);
        else if (st->outcomes[e->game].known)
            status = fail(st, "match: --resume: %s:%zu: game %llu is recorded twice",
                              e->file, e->line, e->game);
        else if (!match_outcome_parse(e->text, &st->outcomes[e->game]))
            status = fail(st, "match: --resume: %s:%zu: game %llu: no result, forfeit or "
                              "score", e->file, e->line, e->game);
        else
            (*found)++;
    }
    match_entries_free(&list);
    /* The file is ours: only now may the torn line go. */
    if (status == 0 && torn_at >= 0) {
        if (match_log_cut(st->path, torn_at, err, sizeof err) != SG_OK)
            return fail(st, "match: --resume: %s", err);
        st->dropped_torn = true;
        fprintf(stderr, "sumgame: match: --resume: %s: dropped a record cut short by the "
                "kill; its game is played again\n", st->path);
    }
    return status;
}

/* Once every game is in: the file in game order, as one run with --jobs 1 writes it. */
static int put_in_order(struct run_state *st, unsigned long long games)
{
    match_entries list = { 0 };
    char err[1024];
    int status = 0;
    if (match_log_read(st->path, &list, NULL, NULL, err, sizeof err) != SG_OK)
        status = fail(st, "match: --out %s", err);
    else if (list.n != games)
        status = fail(st, "match: --out %s: %zu records where %llu games were expected "
                          "(was it written to by another run?)", st->path, list.n, games);
    else if (match_log_write_sorted(st->path, &list, err, sizeof err) != SG_OK)
        status = fail(st, "match: --out %s", err);
    match_entries_free(&list);
    return status;
}

int match_run_games(const match_plan *plan, const match_run_opts *opts, match_result *res,
                    char *err, size_t errlen)
{
    memset(res, 0, sizeof *res);
    if (errlen)
        err[0] = '\0';
    unsigned long long all = plan->positions * 2, games = 0;
    for (unsigned long long g = plan->from * 2; g < all; g++)
        games += in_run(plan, g);
    match_task *tasks = calloc(games ? games : 1, sizeof *tasks);
    match_outcome *outcomes = calloc(all ? all : 1, sizeof *outcomes);
    if (!tasks || !outcomes) {
        free(tasks);
        free(outcomes);
        snprintf(err, errlen, "match: out of memory for %llu games", all);
        return SG_ERR_NOMEM;
    }
    res->outcomes = outcomes;
    res->noutcomes = all;
    struct run_state st = { .plan = plan, .path = opts->out, .fd = -1, .tasks = tasks,
                            .outcomes = outcomes, .err = err, .errlen = errlen };
    int status = 0;
    bool regular = false;
    if (opts->out && opts->resume)
        status = read_back(&st, &res->resumed);
    res->dropped_torn = st.dropped_torn;
    if (status == 0 && opts->out) {
        char why[1024];
        struct stat sb;
        if ((st.fd = match_log_open(opts->out, opts->resume, why, sizeof why)) < 0)
            status = fail(&st, "match: %s", why);
        else
            regular = fstat(st.fd, &sb) == 0 && S_ISREG(sb.st_mode);
    }
    size_t n = 0;
    for (unsigned long long g = plan->from * 2; g < all; g++)
        if (in_run(plan, g) && !outcomes[g].known)
            tasks[n++] = (match_task){ plan, g };
    st.total = n;
    double start = sg_clock_seconds();
    progress_start(&st.progress, isatty(STDERR_FILENO));
    if (status == 0 && opts->mpi)
        status = match_mpi_play(plan, tasks, n, deliver, &st);
    else if (status == 0)
        status = match_pool_run(tasks, n, opts->jobs, "match", false, on_game, tick, &st,
                                err, errlen);
    progress_clear(&st.progress);
    if (st.fd >= 0 && close(st.fd) != 0 && status == 0)
        status = fail(&st, "match: --out %s: cannot write: %s", opts->out, strerror(errno));
    if (status == 0 && regular)
        status = put_in_order(&st, games);
    if (status == 0) {
        res->played = n;
        for (unsigned long long g = plan->from * 2; g < all; g++)
            if (outcomes[g].known)
                match_tally_count(&res->tally, plan, g, &outcomes[g]);
        res->seconds = sg_clock_seconds() - start;
    }
    free(tasks);
    return status == 0 ? SG_OK : SG_ERR_INVALID;
}

void match_result_free(match_result *res)
{
    free(res->outcomes);
    res->outcomes = NULL;
    res->noutcomes = 0;
}

int match_out_check(const char *out, bool resume, char *err, size_t errlen)
{
    struct stat sb;
    if (out && !resume && stat(out, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > 0)
        return cli_errf(err, errlen, "match: --out %s already holds results: add --resume "
                        "to continue that match, or choose another file", out);
    return SG_OK;
}

int match_run(const match_plan *plan, const match_run_opts *opts)
{
    match_result res;
    char err[4096];
    if (match_run_games(plan, opts, &res, err, sizeof err) != SG_OK) {
        match_result_free(&res);
        return err[0] ? cli_fail("%s", err) : 1;
    }
    match_tally_summary(plan, &res.tally, res.seconds, opts->json);
    if (opts->resume && !opts->json)
        printf("resumed: %llu games read back from %s, %llu played now\n", res.resumed,
               opts->out, res.played);
    fflush(stdout);
    match_result_free(&res);
    return 0;
}
