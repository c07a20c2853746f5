/* A strategy that breaks the rules on purpose, for the match tests: a match must record
 * its game as a forfeit loss with the reason and go on. Key `mode` (required):
 *   illegal   chooses a move in a component that does not exist
 *   badcode   chooses a move code no game uses (component 1, code 2^62 - 1)
 *   other     chooses the other player's first option in component 1 (rcg and ko codes
 *             carry the player: Right choosing Left's first option)
 *   fail      returns an error
 *   crash     dies of SIGSEGV
 *   hang      never returns (for the time_per_move watchdog)
 *   deaf      never returns, with every signal it can block blocked (SIGALRM, SIGTERM...)
 *   slow      sleeps 0.5 s, then chooses like illegal (over any time budget below that)
 *   hog       allocates and touches memory 16 MiB at a time until malloc fails (at most
 *             8 GiB), then fails saying how much it got
 *   spam      writes 64 KiB lines to stdout and stderr (1 MiB in all), then fails
 *   fork      starts a child that prints its pid and sleeps 60 s holding every inherited
 *             descriptor, then fails
 *   pass      passes (SG_SUM_PASS), whether the sum lets it or not
 *   stuck     never returns from create()
 * Test plugins link nothing, so this reads its key by hand instead of with params.h. */
#include <signal.h>
#include <time.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sumgame/strategy.h"

enum mode { ILLEGAL, BADCODE, FAIL, CRASH, HANG, DEAF, SLOW, HOG, SPAM, FORK, OTHER, PASS,
            STUCK };
static const char *const mode_names[] = { "illegal", "badcode", "fail", "crash", "hang",
                                          "deaf",    "slow",    "hog",  "spam",  "fork",
                                          "other",   "pass",    "stuck",   NULL };

typedef struct misbehaving {
    const sg_host *host;
    enum mode mode;
    void *hoard; /* hog: the chunks, chained, so that no compiler elides them */
} misbehaving;

static int create(const sg_host *host, const sg_params *params, void **instance, char *err,
                  size_t errlen)
{
    int mode = -1;
    for (size_t i = 0; i < params->count; i++) {
        if (strcmp(params->items[i].key, "mode") != 0) {
            snprintf(err, errlen, "%s:%d: %s: unknown key '%s'", params->file,
                     params->items[i].line, params->section, params->items[i].key);
            return SG_ERR_INVALID;
        }
        for (int m = 0; mode_names[m]; m++)
            if (strcmp(mode_names[m], params->items[i].value) == 0)
                mode = m;
    }
    if (mode < 0) {
        snprintf(err, errlen, "%s: %s: mode must be illegal, badcode, fail, crash, hang, "
                 "deaf, slow, hog, spam, fork, other, pass or stuck",
                 params->file, params->section);
        return SG_ERR_INVALID;
    }
    if (mode == STUCK)
        for (;;)
            pause();
    misbehaving *m = host->alloc(sizeof *m);
    if (!m)
        return SG_ERR_NOMEM;
    m->host = host;
    m->mode = (enum mode)mode;
    m->hoard = NULL;
    *instance = m;
    return SG_OK;
}

static void destroy(void *instance)
{
    misbehaving *m = instance;
    if (m)
        m->host->free(m);
}

static int choose(void *instance, const sg_sum *sum, sg_player who, const sg_budget *budget,
                  sg_sum_move *move, char *err, size_t errlen)
{
    (void)sum, (void)budget;
    misbehaving *m = instance;
    switch (m->mode) {
    case STUCK: /* never made: create() does not return */
    case ILLEGAL:
        move->component = 1000000;
        move->move = 0;
        return SG_OK;
    case BADCODE:
        move->component = 0;
        move->move = (UINT64_C(1) << 62) - 1;
        return SG_OK;
    case PASS:
        move->component = SG_SUM_PASS;
        move->move = 0;
        return SG_OK;
    case OTHER:
        move->component = 0;
        move->move = (sg_move)(who == SG_LEFT ? SG_RIGHT : SG_LEFT) << 32;
        return SG_OK;
    case FAIL:
        snprintf(err, errlen, "misbehaving: told to fail");
        return SG_ERR_INTERNAL;
    case CRASH:
        raise(SIGSEGV);
        abort();
    case HANG:
        for (;;)
            pause();
    case DEAF: {
        sigset_t all;
        sigfillset(&all);
        sigprocmask(SIG_BLOCK, &all, NULL);
        for (volatile unsigned long spin = 0;; spin++)
            ;
    }
    case SLOW: {
        struct timespec ts = { 0, 500000000L };
        nanosleep(&ts, NULL);
        move->component = 1000000;
        move->move = 0;
        return SG_OK;
    }
    case HOG: {
        size_t chunk = (size_t)16 << 20, got = 0;
        for (; got < ((size_t)8 << 30); got += chunk) {
            char *p = malloc(chunk);
            if (!p)
                break;
            memset(p, 1, chunk); /* never freed: the worker ends with the game */
            *(void **)p = m->hoard;
            m->hoard = p;
        }
        snprintf(err, errlen, "misbehaving: malloc failed after %zu MiB", got >> 20);
        return SG_ERR_NOMEM;
    }
    case SPAM: {
        static const char line[] = "spam spam spam spam spam spam spam spam spam spam\n";
        for (int i = 0; i < 1 << 14; i++)
            fputs(line, i % 2 ? stderr : stdout);
        snprintf(err, errlen, "misbehaving: spammed");
        return SG_ERR_INTERNAL;
    }
    case FORK: {
        fflush(stdout);
        pid_t child = fork();
        if (child == 0) {
            printf("child %ld\n", (long)getpid());
            fflush(stdout);
            sleep(60);
            _exit(0);
        }
        /* the child has printed its pid before the worker goes */
        struct timespec ts = { 0, 200000000L };
        nanosleep(&ts, NULL);
        snprintf(err, errlen, "misbehaving: forked");
        return SG_ERR_INTERNAL;
    }
    }
    return SG_ERR_INTERNAL;
}

static const sg_strategy_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_strategy_desc),
    .name = "misbehaving",
    .version = "test",
    .description = "breaks the rules on purpose (test fixture)",
    .params = NULL,
    .create = create,
    .destroy = destroy,
    .new_game = NULL,
    .choose = choose,
    .stats = NULL,
};

const sg_strategy_desc *sumgame_strategy_plugin(void);
const sg_strategy_desc *sumgame_strategy_plugin(void) { return &descriptor; }
