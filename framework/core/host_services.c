#include <stdio.h>
#include <stdlib.h>

#include "sumgame/clock.h"
#include "sumgame/host.h"
#include "sumgame/rng.h"

static void host_log(int level, const char *plugin, const char *fmt, va_list args)
{
    static const char *const names[] = { "error", "warning", "info", "debug" };
    const char *env = getenv("SUMGAME_LOG");
    int threshold = env ? atoi(env) : SG_LOG_WARN;
    if (level > threshold)
        return;
    fprintf(stderr, "sumgame: %s: %s: ", plugin ? plugin : "plugin",
            names[level < 0 ? 0 : level > 3 ? 3 : level]);
    vfprintf(stderr, fmt, args);
    fputc('\n', stderr);
}

static const sg_host default_host = {
    .size = sizeof(sg_host),
    .abi_version = SG_ABI_VERSION,
    .alloc = malloc,
    .realloc = realloc,
    .free = free,
    .log = host_log,
    .rng_next = sg_rng_next,
    .rng_below = sg_rng_below,
    .clock_seconds = sg_clock_seconds,
};

const sg_host *sg_default_host(void) { return &default_host; }
