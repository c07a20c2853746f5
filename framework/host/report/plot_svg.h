/* Plots as standalone SVG pictures: one line with markers per series (a series of one
 * point drawn as a marker alone), or bars (histograms), or markers with error bars; a
 * legend, axes with ticks and labels, the x axis linear, logarithmic (decades) or
 * categorical (named places 0, 1, 2, ...). The y axis starts at 0. Used by the
 * experiments' figures (--svg) and by `report`'s HTML page. */
#ifndef SUMGAME_HOST_PLOT_SVG_H
#define SUMGAME_HOST_PLOT_SVG_H

#include <stdbool.h>
#include <stddef.h>

typedef enum plot_style {
    PLOT_LINES = 0,       /* a line through the points, with markers */
    PLOT_BARS,            /* a bar from 0 to y centred on each x, bar_width wide */
    PLOT_POINTS           /* markers alone */
} plot_style;

typedef struct plot_series {
    const char *name;     /* in the legend */
    const double *x, *y;  /* n points, drawn in the given order */
    size_t n;
    plot_style style;
    double bar_width;     /* PLOT_BARS, in x units */
    const double *lo, *hi;/* optional error bars from lo[i] to hi[i] */
} plot_series;

typedef struct plot_spec {
    const char *title;
    const char *x_label, *y_label;
    bool x_log;           /* logarithmic x axis: points with x <= 0 are drawn at its left
                             edge */
    const plot_series *series;
    size_t nseries;
    const char *const *x_names; /* categorical x axis: x = i is named x_names[i] */
    size_t nx_names;
    double y_max;         /* > 0: the top of the y axis (e.g. 100 for percentages) */
} plot_spec;

enum { PLOT_WIDTH = 900, PLOT_HEIGHT = 560 };

/* The SVG text (malloc'd, NUL-terminated; free it) and its length. SG_OK or
 * SG_ERR_NOMEM. */
int plot_svg(const plot_spec *spec, char **svg, size_t *len);

/* Writes the SVG to path (beside it first, renamed into place when complete). On failure
 * prints "sumgame: CMD: --svg PATH: REASON" and returns the exit status; 0 on success. */
int plot_svg_save(const plot_spec *spec, const char *cmd, const char *path);

#endif
