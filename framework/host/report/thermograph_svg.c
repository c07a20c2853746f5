#include "host/report/thermograph_svg.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host/report/svg_text.h"

static const char *value_text(sg_value v, char buf[SG_VALUE_TEXT_MAX])
{
    sg_value_format(v, buf, SG_VALUE_TEXT_MAX);
    return buf;
}

/* ---- geometry ---- */

enum {
    WIDTH = 800,
    MARGIN_LEFT = 80,
    MARGIN_RIGHT = 40,
    MARGIN_TOP = 84,
    MARGIN_BOTTOM = 80,
    PLOT_W = WIDTH - MARGIN_LEFT - MARGIN_RIGHT,
    PLOT_H_MAX = 440,
    PLOT_H_MIN = 200
};

/* Maps game coordinates to the picture: one unit has the same length on both axes, and
 * larger values lie further left. */
struct frame {
    double x_lo, x_hi; /* values at the right and left edges of the plot */
    double t_lo, t_hi; /* temperatures at the bottom and top edges */
    double scale;      /* pixels per unit */
    double plot_h;
};

static double px(const struct frame *f, double x) { return MARGIN_LEFT + (f->x_hi - x) * f->scale; }
static double py(const struct frame *f, double t) { return MARGIN_TOP + (f->t_hi - t) * f->scale; }

/* The largest and smallest value either wall takes between t = -1 and the temperature,
 * where all their breakpoints lie. */
static void wall_extent(const sg_pl *w, sg_value top, double *lo, double *hi)
{
    for (size_t i = 0; i < w->n && sg_value_cmp(w->t[i], top) <= 0; i++) {
        double x = sg_value_to_double(w->x[i]);
        *lo = fmin(*lo, x);
        *hi = fmax(*hi, x);
    }
    double x = sg_value_to_double(sg_pl_eval(w, top));
    *lo = fmin(*lo, x);
    *hi = fmax(*hi, x);
}

static struct frame make_frame(const sg_thermograph *th)
{
    struct frame f;
    double temp = sg_value_to_double(th->temperature);
    double mean = sg_value_to_double(th->mean);
    double lo = mean, hi = mean;
    wall_extent(&th->left_wall, th->temperature, &lo, &hi);
    wall_extent(&th->right_wall, th->temperature, &lo, &hi);

    double top = fmax(temp, 0.0);
    double height = top + 1.0;
    double mast_top = top + fmax(0.5, 0.25 * height);
    double pad = fmax(0.5, 0.08 * (hi - lo));
    f.x_lo = lo - pad;
    f.x_hi = hi + pad;
    f.t_lo = -1.0 - 0.05 * (mast_top + 1.0);
    f.t_hi = mast_top;

    f.scale = fmin(PLOT_W / (f.x_hi - f.x_lo), PLOT_H_MAX / (f.t_hi - f.t_lo));
    /* Keep the unit square and fill the width: widen the value range around its centre. */
    double centre = (f.x_lo + f.x_hi) / 2, half = PLOT_W / f.scale / 2;
    f.x_lo = centre - half;
    f.x_hi = centre + half;
    f.plot_h = (f.t_hi - f.t_lo) * f.scale;
    if (f.plot_h < PLOT_H_MIN) {
        /* A flat picture (a wide game with a low temperature): more mast, same scale. */
        f.t_hi = f.t_lo + PLOT_H_MIN / f.scale;
        f.plot_h = PLOT_H_MIN;
    }
    return f;
}

/* Tick spacing for about count ticks over span units: integers 1, 2, 5, 10, 20, ... for wide
 * ranges, halvings 1/2, 1/4, ... for narrow ones, so every label is an exact value. */
static sg_value tick_step(double span, double count)
{
    double want = span / count;
    if (want >= 1.0) {
        int64_t base = 1;
        for (;;) {
            static const int mult[] = { 1, 2, 5 };
            for (int i = 0; i < 3; i++)
                if ((double)(base * mult[i]) >= want)
                    return sg_value_int(base * mult[i]);
            if (base > INT64_MAX / 100)
                return sg_value_int(base);
            base *= 10;
        }
    }
    int exp = 0;
    while (exp < 30 && ldexp(1.0, -(exp + 1)) >= want)
        exp++;
    return sg_value_make(1, exp);
}

/* The multiples first..last of step that lie inside [lo, hi], about count of them. */
struct ticks {
    sg_value step;
    int64_t first, last;
};

static struct ticks ticks_in(double lo, double hi, double count)
{
    struct ticks k;
    k.step = tick_step(hi - lo, count);
    double step = sg_value_to_double(k.step);
    k.first = (int64_t)ceil(lo / step);
    k.last = (int64_t)floor(hi / step);
    return k;
}

/* ---- drawing ---- */

static void put_wall(sg_svg_text *s, const struct frame *f, const sg_pl *w, sg_value top,
                     const char *style)
{
    sg_svg_put(s, "  <polyline fill=\"none\" %s points=\"", style);
    for (size_t i = 0; i < w->n && sg_value_cmp(w->t[i], top) < 0; i++)
        sg_svg_put(s, "%.2f,%.2f ", px(f, sg_value_to_double(w->x[i])),
            py(f, sg_value_to_double(w->t[i])));
    sg_svg_put(s, "%.2f,%.2f\"/>\n", px(f, sg_value_to_double(sg_pl_eval(w, top))),
        py(f, sg_value_to_double(top)));
}

static void put_axes(sg_svg_text *s, const struct frame *f)
{
    double left = MARGIN_LEFT, right = MARGIN_LEFT + PLOT_W;
    double top = MARGIN_TOP, bottom = MARGIN_TOP + f->plot_h;
    char buf[SG_VALUE_TEXT_MAX];

    sg_svg_put(s, "  <g class=\"grid\" stroke=\"#e4e4e4\" stroke-width=\"1\">\n");
    struct ticks xt = ticks_in(f->x_lo, f->x_hi, 8), tt = ticks_in(f->t_lo, f->t_hi, 6);
    for (int64_t i = xt.first; i <= xt.last; i++) {
        double x = px(f, sg_value_to_double(sg_value_mul_int(xt.step, i)));
        sg_svg_put(s, "    <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", x, top, x, bottom);
    }
    for (int64_t i = tt.first; i <= tt.last; i++) {
        double y = py(f, sg_value_to_double(sg_value_mul_int(tt.step, i)));
        sg_svg_put(s, "    <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", left, y, right, y);
    }
    sg_svg_put(s, "  </g>\n");

    sg_svg_put(s, "  <g class=\"axes\" stroke=\"#000\" stroke-width=\"1.2\">\n");
    sg_svg_put(s, "    <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", left, bottom, right,
        bottom);
    sg_svg_put(s, "    <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", left, bottom, left, top);
    for (int64_t i = xt.first; i <= xt.last; i++) {
        double x = px(f, sg_value_to_double(sg_value_mul_int(xt.step, i)));
        sg_svg_put(s, "    <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", x, bottom, x,
            bottom + 6);
    }
    for (int64_t i = tt.first; i <= tt.last; i++) {
        double y = py(f, sg_value_to_double(sg_value_mul_int(tt.step, i)));
        sg_svg_put(s, "    <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", left - 6, y, left,
            y);
    }
    sg_svg_put(s, "  </g>\n");

    sg_svg_put(s, "  <g class=\"tick-labels\" font-size=\"12\" fill=\"#000\">\n");
    for (int64_t i = xt.first; i <= xt.last; i++) {
        sg_value v = sg_value_mul_int(xt.step, i);
        sg_svg_put(s, "    <text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">%s</text>\n",
            px(f, sg_value_to_double(v)), bottom + 20, value_text(v, buf));
    }
    for (int64_t i = tt.first; i <= tt.last; i++) {
        sg_value v = sg_value_mul_int(tt.step, i);
        sg_svg_put(s, "    <text x=\"%.2f\" y=\"%.2f\" text-anchor=\"end\">%s</text>\n", left - 9,
            py(f, sg_value_to_double(v)) + 4, value_text(v, buf));
    }
    sg_svg_put(s, "  </g>\n");

    sg_svg_put(s, "  <text class=\"axis-label\" x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\" "
           "font-size=\"14\">value (larger values to the left)</text>\n",
        left + PLOT_W / 2.0, bottom + 46);
    sg_svg_put(s, "  <text class=\"axis-label\" x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\" "
           "font-size=\"14\" transform=\"rotate(-90 %.2f %.2f)\">temperature t</text>\n",
        left - 52, top + f->plot_h / 2, left - 52, top + f->plot_h / 2);
}

static void put_marks(sg_svg_text *s, const struct frame *f, const sg_thermograph *th)
{
    char buf[SG_VALUE_TEXT_MAX];
    double mx = px(f, sg_value_to_double(th->mean));
    double ty = py(f, sg_value_to_double(th->temperature));
    double bottom = MARGIN_TOP + f->plot_h, right = MARGIN_LEFT + PLOT_W;

    sg_svg_put(s, "  <g class=\"temperature-mark\">\n");
    sg_svg_put(s, "    <line x1=\"%d\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#2a8a2a\" "
           "stroke-width=\"1.2\" stroke-dasharray=\"6 4\"/>\n",
        MARGIN_LEFT, ty, right, ty);
    /* The label goes at the end of the line away from the mast, which crosses it. */
    bool mast_right = mx > MARGIN_LEFT + PLOT_W / 2.0;
    sg_svg_put(s, "    <text x=\"%.2f\" y=\"%.2f\" text-anchor=\"%s\" font-size=\"13\" "
           "fill=\"#2a8a2a\">temperature = %s</text>\n",
        mast_right ? MARGIN_LEFT + 6.0 : right - 4, ty - 5, mast_right ? "start" : "end",
        value_text(th->temperature, buf));
    sg_svg_put(s, "  </g>\n");

    sg_svg_put(s, "  <g class=\"mean-mark\">\n");
    sg_svg_put(s, "    <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#7a3fa0\" "
           "stroke-width=\"1.2\" stroke-dasharray=\"2 3\"/>\n",
        mx, ty, mx, bottom);
    sg_svg_put(s, "    <path d=\"M %.2f %.2f l -5 9 l 10 0 z\" fill=\"#7a3fa0\"/>\n", mx, bottom - 9);
    sg_svg_put(s, "    <circle cx=\"%.2f\" cy=\"%.2f\" r=\"3.5\" fill=\"#000\"/>\n", mx, ty);
    sg_svg_put(s, "    <text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\" font-size=\"13\" "
           "fill=\"#7a3fa0\">mean = %s</text>\n",
        mx, MARGIN_TOP - 6.0, value_text(th->mean, buf));
    sg_svg_put(s, "  </g>\n");
}

static void put_legend(sg_svg_text *s)
{
    static const struct {
        const char *label, *style;
    } items[] = {
        { "Left wall", "stroke=\"#1f5fbf\" stroke-width=\"4\"" },
        { "Right wall", "stroke=\"#d0312d\" stroke-width=\"2\"" },
        { "mast", "stroke=\"#000\" stroke-width=\"2.5\"" },
    };
    /* One row in the top margin, outside the plot, so it never hides a wall. */
    double x = MARGIN_LEFT, y = 52;
    sg_svg_put(s, "  <g class=\"legend\" font-size=\"12\">\n");
    for (size_t i = 0; i < sizeof items / sizeof items[0]; i++, x += 110) {
        sg_svg_put(s, "    <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" %s/>\n", x, y - 4,
            x + 24, y - 4, items[i].style);
        sg_svg_put(s, "    <text x=\"%.2f\" y=\"%.2f\">%s</text>\n", x + 30, y, items[i].label);
    }
    sg_svg_put(s, "  </g>\n");
}

int sg_thermograph_svg(const sg_thermograph *th, const char *title, char **svg, size_t *len)
{
    sg_svg_text s = { 0 };
    struct frame f = make_frame(th);
    int height = (int)ceil(f.plot_h) + MARGIN_TOP + MARGIN_BOTTOM;

    sg_svg_put(&s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    sg_svg_put(&s, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, sans-serif\">\n",
        WIDTH, height, WIDTH, height);
    sg_svg_put(&s, "  <title>Thermograph");
    if (title) {
        sg_svg_put(&s, " of ");
        sg_svg_put_escaped(&s, title, SIZE_MAX, false);
    }
    sg_svg_put(&s, "</title>\n");
    sg_svg_put(&s, "  <rect x=\"0\" y=\"0\" width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", WIDTH,
        height);
    sg_svg_put(&s, "  <text class=\"title\" x=\"%d\" y=\"26\" text-anchor=\"middle\" font-size=\"16\" "
            "font-weight=\"bold\">Thermograph",
        WIDTH / 2);
    if (title) {
        sg_svg_put(&s, " of ");
        sg_svg_put_escaped(&s, title, 80, false);
    }
    sg_svg_put(&s, "</text>\n");

    put_axes(&s, &f);
    put_marks(&s, &f, th);
    sg_svg_put(&s, "  <g class=\"walls\" stroke-linejoin=\"round\" stroke-linecap=\"round\">\n  ");
    /* The left wall is drawn wider and underneath, so both stay visible where the walls
     * coincide (below a number's temperature, for instance). */
    put_wall(&s, &f, &th->left_wall, th->temperature,
             "class=\"left-wall\" stroke=\"#1f5fbf\" stroke-width=\"4\"");
    sg_svg_put(&s, "  ");
    put_wall(&s, &f, &th->right_wall, th->temperature,
             "class=\"right-wall\" stroke=\"#d0312d\" stroke-width=\"2\"");
    double mx = px(&f, sg_value_to_double(th->mean));
    sg_svg_put(&s, "    <line class=\"mast\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
            "stroke=\"#000\" stroke-width=\"2.5\"/>\n",
        mx, py(&f, sg_value_to_double(th->temperature)), mx, (double)MARGIN_TOP);
    sg_svg_put(&s, "  </g>\n");
    put_legend(&s);
    sg_svg_put(&s, "</svg>\n");

    if (s.failed) {
        free(s.buf);
        return SG_ERR_NOMEM;
    }
    *svg = s.buf;
    *len = s.len;
    return SG_OK;
}

int sg_thermograph_svg_write(const sg_thermograph *th, const char *title, FILE *out)
{
    char *svg;
    size_t len;
    int rc = sg_thermograph_svg(th, title, &svg, &len);
    if (rc != SG_OK)
        return rc;
    if (fwrite(svg, 1, len, out) != len)
        rc = SG_ERR_INVALID;
    free(svg);
    return rc;
}

int sg_thermograph_svg_save(const sg_thermograph *th, const char *title, const char *path,
                            char *err, size_t errlen)
{
    char *svg;
    size_t len;
    if (sg_thermograph_svg(th, title, &svg, &len) != SG_OK) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    int rc = sg_svg_save(svg, len, path, err, errlen);
    free(svg);
    return rc;
}
