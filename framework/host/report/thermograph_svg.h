/* A thermograph drawn as a standalone SVG picture.
 *
 * The drawing follows the convention of Winning Ways and Siegel's book: the value axis is
 * horizontal with larger values to the LEFT (so Left's wall is on the left), the
 * temperature axis is vertical and grows upward. Both walls are drawn from t = -1 up to
 * the temperature, the mast above it; the temperature and the mean are marked and
 * labelled with their exact values, and one unit has the same length on both axes, so
 * taxed segments appear at 45 degrees. */
#ifndef SUMGAME_THERMOGRAPH_SVG_H
#define SUMGAME_THERMOGRAPH_SVG_H

#include <stddef.h>
#include <stdio.h>

#include "sumgame/thermograph.h"

/* The SVG text of th, titled "Thermograph of TITLE" (title may be NULL: "Thermograph"),
 * as a malloc'd NUL-terminated string in *svg (free it) with its length in *len.
 * Returns SG_OK or SG_ERR_NOMEM. */
int sg_thermograph_svg(const sg_thermograph *th, const char *title, char **svg, size_t *len);

/* Writes the SVG text to out. Returns SG_OK, SG_ERR_NOMEM, or SG_ERR_INVALID when the
 * stream reports a write error. */
int sg_thermograph_svg_write(const sg_thermograph *th, const char *title, FILE *out);

/* Writes the SVG to path atomically: a temporary file beside it, renamed over path only
 * once completely written, so a failure never leaves a partial file. On failure writes
 * one line into err ("cannot write 'x.svg': Permission denied"). */
int sg_thermograph_svg_save(const sg_thermograph *th, const char *title, const char *path,
                            char *err, size_t errlen);

#endif
