/* Messages, all on MPI_COMM_WORLD between rank 0 and one other rank:
 *   TAG_GAME   0 -> r  one unsigned long long: the game to play
 *   TAG_STOP   0 -> r  no more games
 *   TAG_RECORD r -> 0  the game's record line (chars), for the game last sent to r
 *   TAG_ERROR  r -> 0  a one-line message: r could not play its game (it keeps serving)
 * Every rank waits with MPI_Iprobe and short sleeps rather than a blocking receive,
 * which Open MPI turns into a busy loop that would take a core from the games. */
#include "match_mpi.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "cli.h"

#ifdef SG_HAVE_MPI
#include <mpi.h>

enum { TAG_GAME = 1, TAG_STOP, TAG_RECORD, TAG_ERROR };

bool match_mpi_built(void) { return true; }

int match_mpi_init(int *rank, int *size, char *err, size_t errlen)
{
    if (MPI_Init(NULL, NULL) != MPI_SUCCESS) {
        snprintf(err, errlen, "MPI_Init failed");
        return SG_ERR_UNSUPPORTED;
    }
    MPI_Comm_set_errhandler(MPI_COMM_WORLD, MPI_ERRORS_RETURN);
    MPI_Comm_rank(MPI_COMM_WORLD, rank);
    MPI_Comm_size(MPI_COMM_WORLD, size);
    return SG_OK;
}

void match_mpi_finalize(void) { MPI_Finalize(); }

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

int match_mpi_play(const match_plan *plan, const match_task *tasks, size_t n,
                   match_line_fn deliver, void *ctx)
{
    (void)plan;
    int size = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    /* busy[r]: the game rank r plays, +1 (0 = idle) */
    unsigned long long *busy = calloc((size_t)size, sizeof *busy);
    if (!busy)
        return cli_fail("match: out of memory");
    size_t next = 0, running = 0;
    int status = 0;
    char *buf = NULL;
    while (running > 0 || (status == 0 && next < n)) {
        for (int r = 1; r < size && status == 0 && next < n; r++) {
            if (busy[r])
                continue;
            unsigned long long g = tasks[next].game;
            if (MPI_Send(&g, 1, MPI_UNSIGNED_LONG_LONG, r, TAG_GAME, MPI_COMM_WORLD) !=
                MPI_SUCCESS) {
                status = cli_fail("match: --mpi: cannot send game %llu to rank %d", g, r);
                break;
            }
            busy[r] = g + 1;
            next++;
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
        if (from <= 0 || from >= size || !busy[from])
            continue; /* nothing was asked of it */
        unsigned long long g = busy[from] - 1;
        busy[from] = 0;
        running--;
        if (status != 0)
            continue; /* draining the games in flight after a failure */
        if (st.MPI_TAG == TAG_ERROR)
            status = cli_fail("match: --mpi: rank %d, game %llu: %s", from, g, buf);
        else if (st.MPI_TAG == TAG_RECORD)
            status = deliver(ctx, g, buf, (size_t)len);
    }
    free(buf);
    free(busy);
    return status;
}

void match_mpi_release(void)
{
    int size = 1;
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    unsigned long long none = 0;
    for (int r = 1; r < size; r++)
        MPI_Send(&none, 1, MPI_UNSIGNED_LONG_LONG, r, TAG_STOP, MPI_COMM_WORLD);
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

int match_mpi_serve(const match_plan *plan)
{
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
        if (st.MPI_TAG == TAG_STOP)
            return 0;
        const char *why = NULL;
        struct served s = { .plan = plan, .game = g };
        match_task t = { plan, g };
        if (g >= plan->positions * 2)
            why = "no such game";
        else if (match_play_tasks(&t, 1, 1, "match", on_record, &s) != 0 || !s.line)
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

void match_mpi_finalize(void) {}

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
