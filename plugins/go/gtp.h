/* Go for `sumgame gtp` (game.h, gtp_*): empty boards of 1x1 to 9x9 and GTP points. */
#ifndef GO_GTP_H
#define GO_GTP_H

#include <stddef.h>

#include "board.h"

/* An empty size x size board; SG_ERR_INVALID for sizes the plugin does not play. */
int go_gtp_start(unsigned size, go_pos *pos, char *err, size_t errlen);
/* "C3" or "c3" (no I column); "pass" is the host's and is refused here. */
int go_gtp_parse_point(const go_pos *pos, const char *text, int *point, char *err,
                       size_t errlen);
/* "C3". */
int go_gtp_format_point(const go_pos *pos, int point, char *buf, size_t cap);

#endif
