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
    if (!p->tty) {
        /* Off a terminal (a log, a batch job) a whole line now and then, so a long run
         * is seen to be alive without flooding the log. */
        if (seconds < p->next_line)
            return;
        p->next_line = seconds + PROGRESS_LINE_SECONDS;
        fprintf(stderr, "%s: %llu nodes, %.0f s, %llu MiB\n", p->command,
                (unsigned long long)count, seconds, (unsigned long long)(rss >> 20));
        fflush(stderr);
        return;
    }
    fprintf(stderr, "\r%s: %llu nodes, %.1f s, %llu MiB   ", p->command,
            (unsigned long long)count, seconds, (unsigned long long)(rss >> 20));
    fflush(stderr);
    p->shown = true;
}

void progress_attach(progress_line *p, const char *command, sg_meter *meter)
{
    p->command = command;
    p->shown = false;
    p->tty = isatty(STDERR_FILENO);
    p->next_line = PROGRESS_LINE_SECONDS;
    sg_meter_set_progress(meter, show, p);
}

void progress_done(progress_line *p)
{
    if (p->shown)
        fputs("\r\033[K", stderr);
    p->shown = false;
}
