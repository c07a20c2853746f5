#include "host/cli/limits_opt.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#include "host/cli/cli.h"

int limits_opt_parse(const char *command, const limits_opt *lo, sg_limits *limits)
{
    *limits = (sg_limits){ .nodes = lo->nodes };
    if (lo->time) {
        char *end;
        double s = strtod(lo->time, &end);
        /* A year is more than any exact command should be given by accident. */
        if (end == lo->time || *end || !isfinite(s) || s <= 0 || s > 31536000)
            return cli_usage("%s: --time '%.40s': expected seconds, more than 0 and at most "
                             "31536000",
                             command, lo->time);
        limits->seconds = s;
    }
    if (lo->memory && sg_parse_memory(lo->memory, &limits->memory) != SG_OK)
        return cli_usage("%s: --memory '%.40s': expected a size such as 512M or 2G", command,
                         lo->memory);
    return 0;
}

static void show(void *ctx, uint64_t count, double seconds, uint64_t rss)
{
    progress_line *p = ctx;
    (void)seconds; /* the meter's and the progress's clocks start together */
    progress_show(&p->progress, "%s: %llu nodes, %.*f s, %llu MiB", p->command,
                  (unsigned long long)count, p->progress.tty ? 1 : 0,
                  progress_elapsed(&p->progress), (unsigned long long)(rss >> 20));
}

void progress_attach(progress_line *p, const char *command, sg_meter *meter)
{
    p->command = command;
    progress_start(&p->progress, isatty(STDERR_FILENO));
    sg_meter_set_progress(meter, show, p);
}

void progress_done(progress_line *p)
{
    progress_clear(&p->progress);
}
