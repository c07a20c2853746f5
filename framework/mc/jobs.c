/* A small pool for independent Monte-Carlo jobs (sumgame/mc.h). Jobs are taken in index
 * order from a shared counter, each writes its own error slot, and the lowest failing
 * index wins, so the outcome never depends on which thread ran what. */
#include <pthread.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/mc.h"

#define JOB_ERRLEN 256

typedef struct pool {
    size_t n;
    sg_mc_job_fn job;
    void *ctx;
    atomic_size_t next;
    int *status;       /* per job */
    char (*errs)[JOB_ERRLEN];
} pool;

static void *worker(void *arg)
{
    pool *p = arg;
    for (;;) {
        size_t i = atomic_fetch_add(&p->next, 1);
        if (i >= p->n)
            return NULL;
        p->status[i] = p->job(p->ctx, i, p->errs[i], JOB_ERRLEN);
    }
}

int sg_mc_run_jobs(size_t n, int threads, sg_mc_job_fn job, void *ctx, char *err,
                   size_t errlen)
{
    if (threads <= 1 || n <= 1) {
        int first = SG_OK;
        for (size_t i = 0; i < n; i++) {
            /* The later jobs still run: a caller may use their answers. */
            int rc = first == SG_OK ? job(ctx, i, err, errlen) : job(ctx, i, NULL, 0);
            if (first == SG_OK)
                first = rc;
        }
        return first;
    }
    pool p = { .n = n, .job = job, .ctx = ctx };
    atomic_init(&p.next, 0);
    p.status = calloc(n, sizeof *p.status);
    p.errs = calloc(n, sizeof *p.errs);
    size_t nthreads = (size_t)threads < n ? (size_t)threads : n;
    pthread_t *tids = calloc(nthreads, sizeof *tids);
    if (!p.status || !p.errs || !tids) {
        free(p.status);
        free(p.errs);
        free(tids);
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    /* The calling thread works too; threads that cannot be started leave their share to
     * the others. */
    size_t started = 0;
    for (size_t t = 1; t < nthreads; t++)
        if (pthread_create(&tids[started], NULL, worker, &p) == 0)
            started++;
    worker(&p);
    for (size_t t = 0; t < started; t++)
        pthread_join(tids[t], NULL);
    int rc = SG_OK;
    for (size_t i = 0; i < n; i++)
        if (p.status[i] != SG_OK) {
            rc = p.status[i];
            snprintf(err, errlen, "%s", p.errs[i]);
            break;
        }
    free(p.status);
    free(p.errs);
    free(tids);
    return rc;
}
