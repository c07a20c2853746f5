/* Control characters in messages.
 *
 * Every error is one line, yet many echo what the user wrote (an argument, a value, a
 * section name) and that text may hold a newline or other control characters. The host
 * and the library pass such messages through sg_escape_controls before they leave (the
 * host's error printer, sg_params_error, configuration errors), so one message stays one
 * line and shows what was actually there. */
#ifndef SUMGAME_ESCAPE_H
#define SUMGAME_ESCAPE_H

#include <stddef.h>

/* Rewrites the string in buf (cap bytes) with each control character (0x01-0x1f, 0x7f)
 * written as a C escape: \n, \r, \t, else \xHH. What no longer fits in cap - 1
 * characters is cut, never in the middle of an escape. Other bytes, backslashes and
 * UTF-8 included, are kept. */
void sg_escape_controls(char *buf, size_t cap);

#endif
