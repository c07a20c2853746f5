#include "host/cli/progress.h"

#include <stdarg.h>
#include <stdio.h>

#include "sumgame/clock.h"

/* A terminal line is redrawn at most this often: more is flicker and cost, no news. */
#define PROGRESS_TTY_SECONDS 0.1

void progress_start(progress_out *p, bool tty)
{
    p->tty = tty;
    p->shown = false;
    p->start = sg_clock_seconds();
    p->next = tty ? 0 : PROGRESS_LINE_SECONDS;
}

double progress_elapsed(const progress_out *p)
{
    return sg_clock_seconds() - p->start;
}

bool progress_due(const progress_out *p)
{
    return progress_elapsed(p) >= p->next;
}

static void show(progress_out *p, bool force, const char *fmt, va_list ap)
{
    double now = progress_elapsed(p);
    if (now < p->next && !(force && p->tty))
        return;
    p->next = now + (p->tty ? PROGRESS_TTY_SECONDS : PROGRESS_LINE_SECONDS);
    if (p->tty)
        fputc('\r', stderr);
    vfprintf(stderr, fmt, ap);
    fputs(p->tty ? "\033[K" : "\n", stderr);
    fflush(stderr);
    p->shown = p->tty;
}

void progress_show(progress_out *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    show(p, false, fmt, ap);
    va_end(ap);
}

void progress_show_now(progress_out *p, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    show(p, true, fmt, ap);
    va_end(ap);
}

void progress_clear(progress_out *p)
{
    if (p->shown) {
        fputs("\r\033[K", stderr);
        fflush(stderr);
    }
    p->shown = false;
}
