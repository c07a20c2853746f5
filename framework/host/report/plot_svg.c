#include "host/report/plot_svg.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/report/svg_text.h"
#include "host/cli/cli.h"
#include "sumgame/host.h"

/* ---- geometry ---- */

enum {
    LEFT = 80,
    TOP = 60,
    LEGEND_W = 230,
    BOTTOM = 70,
    PLOT_W = PLOT_WIDTH - LEFT - LEGEND_W - 20,
    PLOT_H = PLOT_HEIGHT - TOP - BOTTOM
};

struct frame {
    bool x_log;
    double x_lo, x_hi; /* in log10 units when x_log */
    double y_lo, y_hi;
};

static double fx(const struct frame *f, double x)
{
    double v = x;
    if (f->x_log)
        v = x > 0 ? log10(x) : f->x_lo;
    v = fmax(f->x_lo, fmin(f->x_hi, v));
    return LEFT + (v - f->x_lo) / (f->x_hi - f->x_lo) * PLOT_W;
}

static double fy(const struct frame *f, double y)
{
    return TOP + (f->y_hi - y) / (f->y_hi - f->y_lo) * PLOT_H;
}

/* A step of 1, 2 or 5 times a power of ten giving about count ticks over span. */
static double nice_step(double span, double count)
{
    double want = span / count;
    double base = pow(10, floor(log10(want)));
    for (int i = 0; i < 3; i++) {
        static const double mult[] = { 1, 2, 5 };
        if (base * mult[i] >= want * 0.999)
            return base * mult[i];
    }
    return base * 10;
}

static struct frame make_frame(const plot_spec *p)
{
    struct frame f = { .x_log = p->x_log && !p->x_names };
    double xmin = INFINITY, xmax = -INFINITY, ymax = 0;
    for (size_t s = 0; s < p->nseries; s++) {
        const plot_series *ser = &p->series[s];
        double half = ser->style == PLOT_BARS ? ser->bar_width / 2 : 0;
        for (size_t i = 0; i < ser->n; i++) {
            double x = ser->x[i], y = ser->y[i];
            if (!f.x_log || x > 0) {
                xmin = fmin(xmin, x - half);
                xmax = fmax(xmax, x + half);
            }
            ymax = fmax(ymax, y);
            if (ser->hi && isfinite(ser->hi[i]))
                ymax = fmax(ymax, ser->hi[i]);
        }
    }
    if (p->x_names) {
        f.x_lo = -0.5;
        f.x_hi = p->nx_names ? (double)p->nx_names - 0.5 : 0.5;
        xmin = INFINITY; /* skips the numeric range below */
    }
    if (p->x_names) {
        /* set above */
    } else if (!isfinite(xmin)) {
        xmin = f.x_log ? 1 : 0;
        xmax = f.x_log ? 10 : 1;
    }
    if (p->x_names) {
        /* set above */
    } else if (f.x_log) {
        f.x_lo = floor(log10(xmin));
        f.x_hi = ceil(log10(xmax));
        if (f.x_hi <= f.x_lo)
            f.x_hi = f.x_lo + 1;
    } else {
        double step = nice_step(xmax - xmin > 0 ? xmax - xmin : 1, 6);
        f.x_lo = floor(xmin / step) * step;
        f.x_hi = ceil(xmax / step) * step;
        if (f.x_hi <= f.x_lo)
            f.x_hi = f.x_lo + step;
    }
    f.y_lo = 0;
    if (p->y_max > 0) {
        f.y_hi = p->y_max;
        return f;
    }
    double step = nice_step(ymax > 0 ? ymax : 1, 6);
    f.y_hi = ceil(ymax / step) * step;
    if (f.y_hi <= ymax * 1.02)
        f.y_hi += step;
    return f;
}

/* Eight colours and marker shapes that stay apart in print and for common colour
 * blindness (Okabe and Ito's palette, with brown for its pale yellow). */
static const char *const colours[] = { "#0072B2", "#D55E00", "#009E73", "#CC79A7",
                                       "#E69F00", "#56B4E9", "#000000", "#8C564B" };

/* Series k's line: solid for the first eight, dashed for the next eight, and so on
 * alternately, so that a colour's second series differs in its line and its marker. */
static const char *dash(size_t k) { return (k / 8) % 2 ? " stroke-dasharray=\"7 4\"" : ""; }

static void put_marker(sg_svg_text *s, size_t k, double x, double y, const char *colour)
{
    switch ((k + k / 8) % 4) {
    case 0:
        sg_svg_put(s, "  <circle cx=\"%.2f\" cy=\"%.2f\" r=\"4.5\" fill=\"%s\"/>\n", x, y, colour);
        break;
    case 1:
        sg_svg_put(s, "  <rect x=\"%.2f\" y=\"%.2f\" width=\"8\" height=\"8\" fill=\"%s\"/>\n", x - 4,
            y - 4, colour);
        break;
    case 2:
        sg_svg_put(s, "  <polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f\" fill=\"%s\"/>\n", x,
            y - 5.5, x - 5, y + 4, x + 5, y + 4, colour);
        break;
    default:
        sg_svg_put(s, "  <polygon points=\"%.2f,%.2f %.2f,%.2f %.2f,%.2f %.2f,%.2f\" fill=\"%s\"/>\n",
            x, y - 5.5, x + 5.5, y, x, y + 5.5, x - 5.5, y, colour);
        break;
    }
}

static void put_axes(sg_svg_text *s, const plot_spec *p, const struct frame *f)
{
    double left = LEFT, right = LEFT + PLOT_W, top = TOP, bottom = TOP + PLOT_H;
    sg_svg_put(s, "  <rect class=\"frame\" x=\"%d\" y=\"%d\" width=\"%d\" height=\"%d\" fill=\"none\" "
           "stroke=\"#444\"/>\n", LEFT, TOP, PLOT_W, PLOT_H);
    /* x ticks: names, or decades (and 2x, 5x minor marks) on a log axis */
    if (p->x_names) {
        for (size_t i = 0; i < p->nx_names; i++) {
            double x = fx(f, (double)i);
            sg_svg_put(s, "  <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#444\"/>\n",
                x, bottom, x, bottom + 6);
            /* slanted, so that long names of many cells do not overlap */
            sg_svg_put(s, "  <text x=\"%.2f\" y=\"%.2f\" text-anchor=\"end\" "
                   "transform=\"rotate(-30 %.2f %.2f)\">", x + 4, bottom + 18, x + 4, bottom + 18);
            sg_svg_put_escaped(s, p->x_names[i], 40, true);
            sg_svg_put(s, "</text>\n");
        }
    } else if (f->x_log) {
        for (int d = (int)f->x_lo; d <= (int)f->x_hi; d++) {
            double x = fx(f, pow(10, d));
            sg_svg_put(s, "  <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#ddd\"/>\n",
                x, top, x, bottom);
            sg_svg_put(s, "  <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#444\"/>\n",
                x, bottom, x, bottom + 6);
            char label[32];
            if (d >= 0 && d <= 5)
                snprintf(label, sizeof label, "%.0f", pow(10, d));
            else if (d < 0 && d >= -4)
                snprintf(label, sizeof label, "%.*f", -d, pow(10, d));
            else
                snprintf(label, sizeof label, "1e%d", d);
            sg_svg_put(s, "  <text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">%s</text>\n", x,
                bottom + 22, label);
            for (int m = 2; m < 10 && d < (int)f->x_hi; m++) {
                double xm = fx(f, m * pow(10, d));
                sg_svg_put(s, "  <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
                       "stroke=\"#444\"/>\n", xm, bottom, xm, bottom + 3);
            }
        }
    } else {
        double step = nice_step(f->x_hi - f->x_lo, 6);
        for (double v = f->x_lo; v <= f->x_hi + step * 1e-6; v += step) {
            double x = fx(f, v);
            sg_svg_put(s, "  <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#444\"/>\n",
                x, bottom, x, bottom + 6);
            sg_svg_put(s, "  <text x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">%g</text>\n", x,
                bottom + 22, v);
        }
    }
    double step = nice_step(f->y_hi - f->y_lo, 6);
    for (double v = f->y_lo; v <= f->y_hi + step * 1e-6; v += step) {
        double y = fy(f, v);
        sg_svg_put(s, "  <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#ddd\"/>\n", left,
            y, right, y);
        sg_svg_put(s, "  <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#444\"/>\n",
            left - 6, y, left, y);
        sg_svg_put(s, "  <text x=\"%.2f\" y=\"%.2f\" text-anchor=\"end\">%g</text>\n", left - 10, y + 4,
            v);
    }
    /* below the slanted names of a categorical axis */
    sg_svg_put(s, "  <text class=\"x-label\" x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\">", left +
           PLOT_W / 2.0, bottom + (p->x_names ? 64 : 50));
    sg_svg_put_escaped(s, p->x_label, SIZE_MAX, true);
    sg_svg_put(s, "</text>\n");
    sg_svg_put(s, "  <text class=\"y-label\" x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\" "
           "transform=\"rotate(-90 %.2f %.2f)\">", 24.0, top + PLOT_H / 2.0, 24.0,
        top + PLOT_H / 2.0);
    sg_svg_put_escaped(s, p->y_label, SIZE_MAX, true);
    sg_svg_put(s, "</text>\n");
}

int plot_svg(const plot_spec *p, char **svg, size_t *len)
{
    sg_svg_text s = { 0 };
    struct frame f = make_frame(p);
    sg_svg_put(&s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    sg_svg_put(&s, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
            "viewBox=\"0 0 %d %d\" font-family=\"Liberation Sans, DejaVu Sans, Arial, "
            "sans-serif\" font-size=\"13\">\n", PLOT_WIDTH, PLOT_HEIGHT, PLOT_WIDTH, PLOT_HEIGHT);
    sg_svg_put(&s, "  <title>");
    sg_svg_put_escaped(&s, p->title ? p->title : "Plot", SIZE_MAX, true);
    sg_svg_put(&s, "</title>\n  <rect width=\"100%%\" height=\"100%%\" fill=\"white\"/>\n");
    sg_svg_put(&s, "  <text class=\"title\" x=\"%d\" y=\"32\" font-size=\"16\" "
            "font-weight=\"bold\">", LEFT);
    sg_svg_put_escaped(&s, p->title ? p->title : "", SIZE_MAX, true);
    sg_svg_put(&s, "</text>\n");
    put_axes(&s, p, &f);
    for (size_t k = 0; k < p->nseries; k++) {
        const plot_series *ser = &p->series[k];
        const char *colour = colours[k % 8];
        sg_svg_put(&s, "  <g class=\"series\" data-name=\"");
        sg_svg_put_escaped(&s, ser->name, SIZE_MAX, true);
        sg_svg_put(&s, "\">\n");
        if (ser->style == PLOT_LINES && ser->n > 1) {
            sg_svg_put(&s, "  <polyline fill=\"none\" stroke=\"%s\" stroke-width=\"2\"%s points=\"",
                colour, dash(k));
            for (size_t i = 0; i < ser->n; i++)
                sg_svg_put(&s, "%s%.2f,%.2f", i ? " " : "", fx(&f, ser->x[i]), fy(&f, ser->y[i]));
            sg_svg_put(&s, "\"/>\n");
        }
        for (size_t i = 0; i < ser->n; i++) {
            double x = fx(&f, ser->x[i]), y = fy(&f, ser->y[i]);
            if (ser->lo && ser->hi && isfinite(ser->lo[i]) && isfinite(ser->hi[i])) {
                double y0 = fy(&f, ser->lo[i]), y1 = fy(&f, ser->hi[i]);
                sg_svg_put(&s, "  <path class=\"error-bar\" d=\"M%.2f %.2fH%.2fM%.2f %.2fV%.2fM%.2f "
                        "%.2fH%.2f\" stroke=\"%s\" stroke-width=\"1.5\" fill=\"none\"/>\n",
                    x - 6, y0, x + 6, x, y0, y1, x - 6, y1, x + 6, colour);
            }
            if (ser->style == PLOT_BARS) {
                double x0 = fx(&f, ser->x[i] - ser->bar_width / 2),
                       x1 = fx(&f, ser->x[i] + ser->bar_width / 2), base = fy(&f, 0);
                sg_svg_put(&s, "  <rect class=\"bar\" x=\"%.2f\" y=\"%.2f\" width=\"%.2f\" "
                        "height=\"%.2f\" fill=\"%s\" stroke=\"white\" stroke-width=\"0.5\"/>\n",
                    x0, y, fmax(0, x1 - x0), fmax(0, base - y), colour);
            } else {
                put_marker(&s, k, x, y, colour);
            }
        }
        sg_svg_put(&s, "  </g>\n");
        /* the legend entry */
        double lx = LEFT + PLOT_W + 20, ly = TOP + 14 + 24.0 * (double)k;
        if (ser->style == PLOT_LINES && ser->n > 1)
            sg_svg_put(&s, "  <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"%s\" "
                    "stroke-width=\"2\"%s/>\n", lx, ly, lx + 28, ly, colour, dash(k));
        if (ser->style == PLOT_BARS)
            sg_svg_put(&s, "  <rect x=\"%.2f\" y=\"%.2f\" width=\"16\" height=\"10\" fill=\"%s\"/>\n",
                lx + 6, ly - 5, colour);
        else
            put_marker(&s, k, lx + 14, ly, colour);
        sg_svg_put(&s, "  <text class=\"legend\" x=\"%.2f\" y=\"%.2f\">", lx + 36, ly + 4);
        sg_svg_put_escaped(&s, ser->name, SIZE_MAX, true);
        sg_svg_put(&s, "</text>\n");
    }
    sg_svg_put(&s, "</svg>\n");
    if (s.failed) {
        free(s.buf);
        return SG_ERR_NOMEM;
    }
    *svg = s.buf;
    *len = s.len;
    return SG_OK;
}

int plot_svg_save(const plot_spec *spec, const char *cmd, const char *path)
{
    char *svg;
    size_t len;
    if (plot_svg(spec, &svg, &len) != SG_OK)
        return cli_fail("%s: out of memory for the plot", cmd);
    char err[512];
    int rc = sg_svg_save(svg, len, path, err, sizeof err);
    free(svg);
    return rc == SG_OK ? 0 : cli_fail("%s: --svg: %s", cmd, err);
}
