/* The host's error printers, shared by every command. */
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "host/cli/cli.h"
#include "sumgame/host.h"
#include "core/escape.h"

/* Every error the host prints passes here: one line, whatever the user's text in it
 * held (control characters escaped). */
void cli_vprint_error(const char *fmt, va_list ap)
{
    char line[4096];
    vsnprintf(line, sizeof line, fmt, ap);
    sg_escape_controls(line, sizeof line);
    fprintf(stderr, "sumgame: %s\n", line);
}

int cli_usage(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_vprint_error(fmt, ap);
    va_end(ap);
    return 2;
}

int cli_fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_vprint_error(fmt, ap);
    va_end(ap);
    return 1;
}

int cli_fail_status(int status, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    cli_vprint_error(fmt, ap);
    va_end(ap);
    return status;
}

int cli_errf(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    return SG_ERR_INVALID;
}
