/* A strategy that breaks the rules on purpose, for the match tests: a match must record
 * its game as a forfeit loss with the reason and go on. Key `mode` (required):
 *   illegal   chooses a move in a component that does not exist
 *   badcode   chooses a move code no game uses (component 1, code 2^62 - 1)
 *   fail      returns an error
 *   crash     dies of SIGSEGV
 *   hang      never returns (for the time_per_move watchdog)
 * Test plugins link nothing, so this reads its key by hand instead of with params.h. */
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "sumgame/strategy.h"

enum mode { ILLEGAL, BADCODE, FAIL, CRASH, HANG };
static const char *const mode_names[] = { "illegal", "badcode", "fail", "crash", "hang", NULL };

typedef struct misbehaving {
    const sg_host *host;
    enum mode mode;
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
        snprintf(err, errlen, "%s: %s: mode must be illegal, badcode, fail, crash or hang",
                 params->file, params->section);
        return SG_ERR_INVALID;
    }
    misbehaving *m = host->alloc(sizeof *m);
    if (!m)
        return SG_ERR_NOMEM;
    m->host = host;
    m->mode = (enum mode)mode;
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
    (void)sum, (void)who, (void)budget;
    misbehaving *m = instance;
    switch (m->mode) {
    case ILLEGAL:
        move->component = 1000000;
        move->move = 0;
        return SG_OK;
    case BADCODE:
        move->component = 0;
        move->move = (UINT64_C(1) << 62) - 1;
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
