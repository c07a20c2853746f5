/* The progress of a long command on stderr, the same for every command: on a terminal one
 * line redrawn in place, at most ten times a second; elsewhere (a log, a batch job) the
 * same text as a whole line every PROGRESS_LINE_SECONDS, the first after that long, so a
 * short run writes nothing and a long one is seen to be alive without flooding its log. */
#ifndef SUMGAME_HOST_PROGRESS_H
#define SUMGAME_HOST_PROGRESS_H

#include <stdbool.h>

#define PROGRESS_LINE_SECONDS 10.0

typedef struct progress_out {
    bool tty;    /* stderr is a terminal */
    bool shown;  /* a line is drawn in place and must be cleared before other output */
    double start, next;
} progress_out;

/* Starts the clock; tty says whether stderr is a terminal (isatty, or a test's choice). */
void progress_start(progress_out *p, bool tty);
/* Seconds since progress_start. */
double progress_elapsed(const progress_out *p);
/* Whether progress_show would write now: lets a caller skip building its text. */
bool progress_due(const progress_out *p);
/* Writes "TEXT" when due (see above); the text has no newline and no "\r". */
void progress_show(progress_out *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Like progress_show, but a terminal line is redrawn even if drawn a moment ago: for the
 * last state before a pause (a finished game), off a terminal still every 10 s only. */
void progress_show_now(progress_out *p, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
/* Clears the line drawn in place, if any: before other output on stderr and at the end. */
void progress_clear(progress_out *p);

#endif
