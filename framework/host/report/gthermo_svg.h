/* SVG pictures of generalized thermographs: one panel per komaster, side by side, walls
 * in blue (Left) and red (Right), the vertical mast in black and inclined mast sections
 * in purple, as Spight draws them. */
#ifndef SUMGAME_GTHERMO_SVG_H
#define SUMGAME_GTHERMO_SVG_H

#include <stddef.h>

#include "sumgame/gthermo.h"

/* The picture of th[0..n) as a malloc'd NUL-terminated string (free it). */
int sg_gthermo_svg(const sg_gthermograph *th, size_t n, const char *title, char **svg,
                   size_t *len);
/* Writes it to path atomically; one line in err on failure. */
int sg_gthermo_svg_save(const sg_gthermograph *th, size_t n, const char *title,
                        const char *path, char *err, size_t errlen);

#endif
