/* What `sumgame gtp` needs from Go (game.h, gtp_*): an empty board of the size asked for,
 * and points as GTP writes them: a column letter without I, any case, then the row from
 * the bottom ("C3"), upper case in replies. The plugin's own notation already uses these
 * points in lower case. */
#include "gtp.h"

#include <ctype.h>
#include <stdio.h>
#include <string.h>

#include "notation.h"
#include "sumgame/host.h"

int go_gtp_start(unsigned size, go_pos *pos, char *err, size_t errlen)
{
    if (size < 1 || size > GO_MAX_SIDE) {
        snprintf(err, errlen, "go: boards are 1x1 to %dx%d", GO_MAX_SIDE, GO_MAX_SIDE);
        return SG_ERR_INVALID;
    }
    memset(pos, 0, sizeof *pos);
    go_bb on = 0;
    for (unsigned y = 0; y < size; y++)
        for (unsigned x = 0; x < size; x++)
            on |= (go_bb)1 << (y * GO_STRIDE + x);
    go_bb_store(on, pos->on);
    pos->width = pos->height = (uint8_t)size;
    pos->ko = GO_NO_POINT;
    pos->whole = 1;
    return SG_OK;
}

int go_gtp_parse_point(const go_pos *pos, const char *text, int *point, char *err,
                       size_t errlen)
{
    char lower[8];
    size_t n = strlen(text);
    if (n >= sizeof lower) {
        snprintf(err, errlen, "'%.20s' is not a point", text);
        return SG_ERR_INVALID;
    }
    for (size_t i = 0; i <= n; i++)
        lower[i] = (char)tolower((unsigned char)text[i]);
    if (pos->big) {
        go_grid g;
        go_grid_from_pos(pos, &g);
        return go_grid_parse_point(&g, lower, point, err, errlen);
    }
    return go_parse_point(pos, lower, point, err, errlen);
}

int go_gtp_format_point(const go_pos *pos, int point, char *buf, size_t cap)
{
    int rc;
    if (pos->big) {
        go_grid g;
        go_grid_from_pos(pos, &g);
        rc = point >= 0 && point < GO_GRID_POINTS ? go_grid_format_point(&g, point, buf, cap)
                                                  : SG_ERR_INVALID;
    } else {
        rc = go_format_point(pos, point, buf, cap);
    }
    if (rc == SG_OK)
        buf[0] = (char)toupper((unsigned char)buf[0]);
    return rc;
}
