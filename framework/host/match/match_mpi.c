/* Messages, all on MPI_COMM_WORLD between rank 0 and one other rank:
 *   TAG_GAME   0 -> r  one unsigned long long: the game to play
 *   TAG_STOP   0 -> r  one unsigned long long: no more games; 1 = a rank was lost, so
 *                      exit without MPI_Finalize (which would wait for the dead rank)
 *   TAG_RECORD r -> 0  the game's record line (chars), for the game last sent to r
 *   TAG_ERROR  r -> 0  a one-line message: r could not play its game (it keeps serving)
 *   TAG_BEAT   r -> 0  one unsigned long long, the game r plays: r is alive (once at the
 *                      start of each game, then every second until it ends)
 * Every rank waits with MPI_Iprobe and short sleeps rather than a blocking receive,
 * which Open MPI turns into a busy loop that would take a core from the games.
 *
 * Why heartbeats: Open MPI 4 without ULFM has no way to tell rank 0 that a rank died,
 * and a game may rightly take hours; a rank silent for SUMGAME_MPI_DEAD_AFTER seconds
 * (10 by default) while it plays is taken as dead, and its game is given to another
 * rank. They need MPI_THREAD_SERIALIZED (the beats come from a second thread, while the
 * main thread waits for the game and makes no MPI call); without it on every rank,
 * nobody is ever taken as dead and a dead rank still ends the job. */
#include "host/match/match_mpi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "host/cli/cli.h"

#ifdef SG_HAVE_MPI
#include <errno.h>
#include <pthread.h>
#include <unistd.h>

#include <mpi.h>

enum { TAG_GAME = 1, TAG_STOP, TAG_RECORD, TAG_ERROR, TAG_BEAT };

/* The host's MPI state, set once by match_mpi_init (rank 0's lost by match_mpi_play, the
 * others' by their stop message). */
static struct {
    bool beats;        /* every rank sends heartbeats */
    double dead_after; /* seconds of silence that make a playing rank dead */
    bool lost;         /* a rank died: finalizing would hang */
    bool *dead;        /* rank 0: which ranks died (NULL until match_mpi_play) */
    unsigned long long *sent; /* rank 0: the game last sent to each rank */
} mpi_state = { .dead_after = 10 };

bool match_mpi_built(void) { return true; }

int match_mpi_init(int *rank, int *size, char *err, size_t errlen)
{
    const char *after = getenv("SUMGAME_MPI_DEAD_AFTER");
    if (after && *after) {
        char *end = NULL;
        errno = 0;
        double d = strtod(after, &end);
        if (errno || *end || !(d >= 1 && d <= 1e7)) {
            snprintf(err, errlen, "SUMGAME_MPI_DEAD_AFTER '%.40s': expected seconds from 1 "
                     "to 10000000", after);
            return SG_ERR_INVALID;
        }
        mpi_state.dead_after = d;
    }
    int provided = MPI_THREAD_SINGLE;
    if (MPI_Init_thread(NULL, NULL, MPI_THREAD_SERIALIZED, &provided) != MPI_SUCCESS) {
        snprintf(err, errlen, "MPI_Init failed");
        return SG_ERR_UNSUPPORTED;
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, size);
    int mine = provided >= MPI_THREAD_SERIALIZED, all = 0;
    if (MPI_Allreduce(&mine, &all, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD) == MPI_SUCCESS)
        mpi_state.beats = all != 0;
    return SG_OK;
}

void match_mpi_finalize(int status)
{
    if (!mpi_state.lost) {
        MPI_Finalize();
        return;
    }
    /* MPI_Finalize waits for every rank, the dead one too: leave without it. */
    fflush(stdout);
    fflush(stderr);
    _exit(status == 0 ? 0 : 1);
}

int match_mpi_agree(int status, uint64_t print, bool *root_failed)
{
    int bad = status != 0, any_bad = 0, root_bad = bad;
    *root_failed = false;
    if (MPI_Bcast(&root_bad, 1, MPI_INT, 0, MPI_COMM_WORLD) != MPI_SUCCESS)
        return cli_fail("match: --mpi: the ranks cannot agree (MPI error)");
    *root_failed = root_bad != 0;
    unsigned long long mine = print, lo = 0, hi = 0;
    if (MPI_Allreduce(&bad, &any_bad, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD) != MPI_SUCCESS ||
        MPI_Allreduce(&mine, &lo, 1, MPI_UNSIGNED_LONG_LONG, MPI_MIN, MPI_COMM_WORLD) !=
            MPI_SUCCESS ||
        MPI_Allreduce(&mine, &hi, 1, MPI_UNSIGNED_LONG_LONG, MPI_MAX, MPI_COMM_WORLD) !=
            MPI_SUCCESS)
        return cli_fail("match: --mpi: the ranks cannot agree (MPI error)");
    if (any_bad)
        return 1;
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (lo != hi) {
        if (rank == 0)
            cli_fail("match: --mpi: the ranks built different tournaments (another "
                     "configuration, list file or plugin on some node)");
        return 1;
    }
    return 0;
}

static void nap(void)
{
    struct timespec ts = { 0, 1000000 }; /* 1 ms: nothing next to a game's length */
    nanosleep(&ts, NULL);
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* Rank 0's view of one other rank. */
struct peer {
    unsigned long long busy; /* the game it plays, +1 (0 = idle) */
    double heard;            /* when it was last heard from, or given its game */
    bool dead;
};

int match_mpi_play(const match_plan *plan, const match_task *tasks, size_t n,
                   match_line_fn deliver, void *ctx)
{
    (void)plan;
    int size = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    struct peer *peer = calloc((size_t)size, sizeof *peer);
    /* the games of dead ranks, to give out again before the next new one */
    unsigned long long *again = calloc((size_t)size, sizeof *again);
    free(mpi_state.dead);
    free(mpi_state.sent);
    mpi_state.dead = calloc((size_t)size, sizeof *mpi_state.dead);
    mpi_state.sent = calloc((size_t)size, sizeof *mpi_state.sent);
    if (!peer || !again || !mpi_state.dead || !mpi_state.sent) {
        free(peer);
        free(again);
        return cli_fail("match: out of memory");
    }
    size_t next = 0, running = 0, redo = 0;
    int status = 0, alive = size - 1;
    char *buf = NULL;
    while (running > 0 || (status == 0 && (next < n || redo > 0))) {
        for (int r = 1; r < size && status == 0 && (next < n || redo > 0); r++) {
            if (peer[r].busy || peer[r].dead)
                continue;
            unsigned long long g = redo > 0 ? again[--redo] : tasks[next++].game;
            /* Not waited for: the rank may have died since its last record, and a send
             * to a dead rank never completes; its silence will tell. The number stays in
             * sent[r] until r answers, or for ever if it died. */
            MPI_Request req;
            mpi_state.sent[r] = g;
            if (MPI_Isend(&mpi_state.sent[r], 1, MPI_UNSIGNED_LONG_LONG, r, TAG_GAME,
                          MPI_COMM_WORLD, &req) != MPI_SUCCESS ||
                MPI_Request_free(&req) != MPI_SUCCESS) {
                status = cli_fail("match: --mpi: cannot send game %llu to rank %d", g, r);
                break;
            }
            peer[r].busy = g + 1;
            peer[r].heard = now();
            running++;
        }
        if (running == 0)
            break;
        int flag = 0;
        MPI_Status st;
        if (MPI_Iprobe(MPI_ANY_SOURCE, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st) !=
            MPI_SUCCESS) {
            status = cli_fail("match: --mpi: lost contact with the other ranks");
            break;
        }
        if (!flag) {
            double t = now();
            for (int r = 1; mpi_state.beats && r < size; r++) {
                if (!peer[r].busy || peer[r].dead || t - peer[r].heard < mpi_state.dead_after)
                    continue;
                unsigned long long g = peer[r].busy - 1;
                peer[r] = (struct peer){ .dead = true };
                mpi_state.dead[r] = true;
                running--;
                alive--;
                mpi_state.lost = true;
                again[redo++] = g;
                fprintf(stderr, "match: --mpi: rank %d silent for %g s: taken as dead, its "
                        "game %llu goes to another rank\n", r, mpi_state.dead_after, g);
                if (alive == 0 && status == 0)
                    status = cli_fail("match: --mpi: every rank that plays is dead");
            }
            nap();
            continue;
        }
        int len = 0;
        MPI_Get_count(&st, MPI_CHAR, &len);
        char *grown = realloc(buf, (size_t)len + 1);
        if (!grown) {
            status = cli_fail("match: out of memory");
            break;
        }
        buf = grown;
        int from = st.MPI_SOURCE;
        if (MPI_Recv(buf, len, MPI_CHAR, from, st.MPI_TAG, MPI_COMM_WORLD,
                     MPI_STATUS_IGNORE) != MPI_SUCCESS) {
            status = cli_fail("match: --mpi: cannot receive from rank %d", from);
            break;
        }
        buf[len] = '\0';
        if (from <= 0 || from >= size)
            continue;
        if (peer[from].dead) {
            /* Only slow, not dead: it may serve again, but its game is someone else's
             * now. Finalizing stays off: others taken as dead may really be. */
            peer[from].dead = mpi_state.dead[from] = false;
            alive++;
            continue;
        }
        if (!peer[from].busy)
            continue; /* nothing was asked of it */
        peer[from].heard = now();
        if (st.MPI_TAG == TAG_BEAT)
            continue;
        unsigned long long g = peer[from].busy - 1;
        peer[from].busy = 0;
        running--;
        if (status != 0)
            continue; /* draining the games in flight after a failure */
        if (st.MPI_TAG == TAG_ERROR)
            status = cli_fail("match: --mpi: rank %d, game %llu: %s", from, g, buf);
        else if (st.MPI_TAG == TAG_RECORD)
            status = deliver(ctx, g, buf, (size_t)len);
    }
    free(buf);
    free(peer);
    free(again);
    return status;
}

void match_mpi_release(void)
{
    int size = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* A send to a dead rank would block for ever: the dead get nothing. The live ones
     * learn whether a rank was lost, and then leave without MPI_Finalize as rank 0 does. */
    unsigned long long lost = mpi_state.lost;
    for (int r = 1; r < size; r++)
        if (!mpi_state.dead || !mpi_state.dead[r])
            MPI_Send(&lost, 1, MPI_UNSIGNED_LONG_LONG, r, TAG_STOP, MPI_COMM_WORLD);
    free(mpi_state.dead);
    mpi_state.dead = NULL;
    if (!lost) /* else a send to the dead rank may still read it */
        free(mpi_state.sent);
    mpi_state.sent = NULL;
}

struct served {
    const match_plan *plan;
    unsigned long long game;
    char *line;
    size_t len;
};

static int on_record(void *ctx, size_t task, const match_record *r)
{
    (void)task;
    struct served *s = ctx;
    s->line = match_format_line(s->plan, s->game, r, &s->len);
    return s->line ? 0 : 1;
}

/* The heartbeat thread of a rank that plays a game: the main thread makes no MPI call
 * until it has joined it, so MPI_THREAD_SERIALIZED is enough. */
struct beat {
    pthread_mutex_t lock;
    pthread_cond_t wake;
    bool stop;
    unsigned long long game;
};

static void *beat_run(void *arg)
{
    struct beat *b = arg;
    pthread_mutex_lock(&b->lock);
    while (!b->stop) {
        pthread_mutex_unlock(&b->lock);
        MPI_Send(&b->game, 1, MPI_UNSIGNED_LONG_LONG, 0, TAG_BEAT, MPI_COMM_WORLD);
        pthread_mutex_lock(&b->lock);
        struct timespec until;
        clock_gettime(CLOCK_MONOTONIC, &until);
        until.tv_sec += 1;
        while (!b->stop && pthread_cond_timedwait(&b->wake, &b->lock, &until) == 0) {
        }
    }
    pthread_mutex_unlock(&b->lock);
    return NULL;
}

/* For the tests that kill a rank: SUMGAME_MPI_PID_DIR/rank.R holds rank R's pid. */
static void note_pid(void)
{
    const char *dir = getenv("SUMGAME_MPI_PID_DIR");
    if (!dir || !*dir)
        return;
    int rank = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    char path[4096];
    snprintf(path, sizeof path, "%s/rank.%d", dir, rank);
    FILE *f = fopen(path, "w");
    if (f) {
        fprintf(f, "%ld\n", (long)getpid());
        fclose(f);
    }
}

static int play_one(const match_plan *plan, unsigned long long g, struct served *s)
{
    match_task t = { plan, g };
    struct beat b = { .game = g };
    pthread_t thread;
    bool beating = false;
    pthread_condattr_t attr;
    if (mpi_state.beats && pthread_condattr_init(&attr) == 0) {
        pthread_condattr_setclock(&attr, CLOCK_MONOTONIC);
        pthread_mutex_init(&b.lock, NULL);
        pthread_cond_init(&b.wake, &attr);
        pthread_condattr_destroy(&attr);
        beating = pthread_create(&thread, NULL, beat_run, &b) == 0;
        if (!beating) {
            pthread_cond_destroy(&b.wake);
            pthread_mutex_destroy(&b.lock);
        }
    }
    int rc = match_play_tasks(&t, 1, 1, "match", on_record, s);
    if (beating) {
        pthread_mutex_lock(&b.lock);
        b.stop = true;
        pthread_cond_signal(&b.wake);
        pthread_mutex_unlock(&b.lock);
        pthread_join(thread, NULL);
        pthread_cond_destroy(&b.wake);
        pthread_mutex_destroy(&b.lock);
    }
    return rc;
}

int match_mpi_serve(const match_plan *plan)
{
    note_pid();
    for (;;) {
        unsigned long long g = 0;
        MPI_Status st;
        int flag = 0;
        /* Waiting with naps: a blocking receive spins, and idle ranks would take cores
         * from the ranks still playing. */
        while (MPI_Iprobe(0, MPI_ANY_TAG, MPI_COMM_WORLD, &flag, &st) == MPI_SUCCESS && !flag)
            nap();
        if (!flag || MPI_Recv(&g, 1, MPI_UNSIGNED_LONG_LONG, 0, st.MPI_TAG, MPI_COMM_WORLD,
                              &st) != MPI_SUCCESS)
            return cli_fail("match: --mpi: lost contact with rank 0");
        if (st.MPI_TAG == TAG_STOP) {
            mpi_state.lost = g != 0;
            return 0;
        }
        const char *why = NULL;
        struct served s = { .plan = plan, .game = g };
        if (g >= plan->positions * 2)
            why = "no such game";
        else if (play_one(plan, g, &s) != 0 || !s.line)
            why = "could not play it (see this rank's standard error)";
        int rc = why ? MPI_Send(why, (int)strlen(why), MPI_CHAR, 0, TAG_ERROR, MPI_COMM_WORLD)
                     : MPI_Send(s.line, (int)s.len, MPI_CHAR, 0, TAG_RECORD, MPI_COMM_WORLD);
        free(s.line);
        if (rc != MPI_SUCCESS)
            return cli_fail("match: --mpi: lost contact with rank 0");
    }
}

#else /* no MPI: --mpi says so */

bool match_mpi_built(void) { return false; }

int match_mpi_init(int *rank, int *size, char *err, size_t errlen)
{
    *rank = 0;
    *size = 1;
    snprintf(err, errlen, "this sumgame was built without MPI (install libopenmpi-dev and "
             "rebuild)");
    return SG_ERR_UNSUPPORTED;
}

void match_mpi_finalize(int status) { (void)status; }

int match_mpi_agree(int status, uint64_t print, bool *root_failed)
{
    (void)print;
    *root_failed = status != 0;
    return status;
}

int match_mpi_play(const match_plan *plan, const match_task *tasks, size_t n,
                   match_line_fn deliver, void *ctx)
{
    (void)plan, (void)tasks, (void)n, (void)deliver, (void)ctx;
    return cli_fail("match: --mpi: this sumgame was built without MPI");
}

void match_mpi_release(void) {}

int match_mpi_serve(const match_plan *plan)
{
    (void)plan;
    return cli_fail("match: --mpi: this sumgame was built without MPI");
}

#endif
