#include "host/report/gthermo_svg.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/report/svg_text.h"

enum { PANEL_W = 440, PANEL_H = 420, MARGIN = 56, TOP = 70 };

struct panel {
    double x0;             /* left edge of the panel */
    double v_lo, v_hi;     /* values at the right and left edges */
    double t_lo, t_hi;
    double sx, st;         /* pixels per unit */
};

static double px(const struct panel *p, double v)
{
    return p->x0 + MARGIN + (p->v_hi - v) * p->sx;
}

static double py(const struct panel *p, double t) { return TOP + (p->t_hi - t) * p->st; }

static double rd(sg_ratio r) { return sg_ratio_to_double(r); }

static double wall_at(const sg_rwall *w, double t)
{
    size_t i = 0;
    while (i + 1 < w->n && rd(w->t[i + 1]) <= t)
        i++;
    return rd(w->x[i]) + (t - rd(w->t[i])) * w->slope[i];
}

static struct panel make_panel(const sg_gthermograph *th, size_t k, double t_hi)
{
    struct panel p = { .x0 = (double)k * PANEL_W, .t_lo = -1, .t_hi = t_hi };
    p.v_lo = p.v_hi = rd(th->mast);
    const sg_rwall *walls[2] = { &th->left_wall, &th->right_wall };
    for (int w = 0; w < 2; w++) {
        for (size_t i = 0; i < walls[w]->n; i++) {
            double x = rd(walls[w]->x[i]);
            p.v_lo = fmin(p.v_lo, x);
            p.v_hi = fmax(p.v_hi, x);
        }
        double x = wall_at(walls[w], t_hi);
        p.v_lo = fmin(p.v_lo, x);
        p.v_hi = fmax(p.v_hi, x);
    }
    double span = fmax(p.v_hi - p.v_lo, 1.0);
    p.v_lo -= span * 0.1;
    p.v_hi += span * 0.1;
    p.sx = (PANEL_W - 2.0 * MARGIN) / (p.v_hi - p.v_lo);
    p.st = (PANEL_H - TOP - MARGIN) / (p.t_hi - p.t_lo);
    return p;
}

static void put_wall(sg_svg_text *s, const struct panel *p, const sg_rwall *w,
                     const char *style)
{
    sg_svg_put(s, "    <polyline fill=\"none\" %s points=\"", style);
    for (size_t i = 0; i < w->n && rd(w->t[i]) < p->t_hi; i++)
        sg_svg_put(s, "%.2f,%.2f ", px(p, rd(w->x[i])), py(p, rd(w->t[i])));
    sg_svg_put(s, "%.2f,%.2f\"/>\n", px(p, wall_at(w, p->t_hi)), py(p, p->t_hi));
}

/* Purple over every stretch where the walls coincide on a slope. */
static void put_inclined(sg_svg_text *s, const struct panel *p, const sg_gthermograph *th)
{
    const sg_rwall *l = &th->left_wall, *r = &th->right_wall;
    for (size_t i = 0; i < l->n; i++) {
        if (l->slope[i] == 0)
            continue;
        double a = rd(l->t[i]), b = i + 1 < l->n ? rd(l->t[i + 1]) : p->t_hi;
        double mid = (a + b) / 2;
        if (fabs(wall_at(l, mid) - wall_at(r, mid)) > 1e-12 ||
            fabs(wall_at(l, a) - wall_at(r, a)) > 1e-12)
            continue;
        sg_svg_put(s, "    <line class=\"inclined-mast\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" "
                      "y2=\"%.2f\" stroke=\"#8e3fc0\" stroke-width=\"5\"/>\n",
                   px(p, wall_at(l, a)), py(p, a), px(p, wall_at(l, b)), py(p, b));
    }
}

static void put_panel(sg_svg_text *s, const sg_gthermograph *th, size_t k, double t_hi)
{
    struct panel p = make_panel(th, k, t_hi);
    char a[SG_RATIO_TEXT_MAX], b[SG_RATIO_TEXT_MAX];
    double left = p.x0 + MARGIN, right = p.x0 + PANEL_W - MARGIN;
    double bottom = py(&p, -1), top = py(&p, t_hi);
    sg_svg_put(s, "  <g class=\"panel komaster-%s\">\n", sg_komaster_name(th->komaster));
    sg_svg_put(s, "    <text x=\"%.2f\" y=\"%d\" text-anchor=\"middle\" font-size=\"14\" "
                  "font-weight=\"bold\">komaster %s</text>\n",
               p.x0 + PANEL_W / 2.0, TOP - 22, sg_komaster_name(th->komaster));
    sg_svg_put(s, "    <g stroke=\"#e4e4e4\">\n");
    for (int t = -1; t <= (int)floor(t_hi); t++)
        sg_svg_put(s, "      <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\"/>\n", left,
                   py(&p, t), right, py(&p, t));
    sg_svg_put(s, "    </g>\n");
    sg_svg_put(s, "    <g font-size=\"11\" text-anchor=\"end\">\n");
    for (int t = -1; t <= (int)floor(t_hi); t++)
        sg_svg_put(s, "      <text x=\"%.2f\" y=\"%.2f\">%d</text>\n", left - 6, py(&p, t) + 4, t);
    sg_svg_put(s, "    </g>\n");
    sg_svg_put(s, "    <line x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" stroke=\"#000\"/>\n",
               left, bottom, right, bottom);
    put_wall(s, &p, &th->left_wall, "class=\"left-wall\" stroke=\"#1f5fbf\" stroke-width=\"4\"");
    put_wall(s, &p, &th->right_wall, "class=\"right-wall\" stroke=\"#d0312d\" stroke-width=\"2\"");
    put_inclined(s, &p, th);
    double mx = px(&p, rd(th->mast));
    sg_svg_put(s, "    <line class=\"mast\" x1=\"%.2f\" y1=\"%.2f\" x2=\"%.2f\" y2=\"%.2f\" "
                  "stroke=\"#000\" stroke-width=\"2.5\"/>\n",
               mx, py(&p, rd(th->temperature)), mx, top);
    sg_ratio_format(th->mast, a, sizeof a);
    sg_ratio_format(th->temperature, b, sizeof b);
    sg_svg_put(s, "    <text class=\"summary\" x=\"%.2f\" y=\"%.2f\" text-anchor=\"middle\" "
                  "font-size=\"13\">mean %s, temperature %s</text>\n",
               p.x0 + PANEL_W / 2.0, bottom + 30, a, b);
    sg_svg_put(s, "  </g>\n");
}

int sg_gthermo_svg(const sg_gthermograph *th, size_t n, const char *title, char **svg,
                   size_t *len)
{
    sg_svg_text s = { 0 };
    double t_hi = 1;
    for (size_t k = 0; k < n; k++)
        t_hi = fmax(t_hi, rd(th[k].temperature) + 1);
    t_hi = ceil(t_hi);
    int width = (int)n * PANEL_W;
    sg_svg_put(&s, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n");
    sg_svg_put(&s, "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%d\" height=\"%d\" "
                   "viewBox=\"0 0 %d %d\" font-family=\"DejaVu Sans, Helvetica, Arial, "
                   "sans-serif\">\n",
               width, PANEL_H + 20, width, PANEL_H + 20);
    sg_svg_put(&s, "  <title>Generalized thermograph");
    if (title) {
        sg_svg_put(&s, " of ");
        sg_svg_put_escaped(&s, title, SIZE_MAX, false);
    }
    sg_svg_put(&s, "</title>\n  <rect width=\"%d\" height=\"%d\" fill=\"#fff\"/>\n", width,
               PANEL_H + 20);
    sg_svg_put(&s, "  <text class=\"title\" x=\"%d\" y=\"22\" text-anchor=\"middle\" "
                   "font-size=\"15\" font-weight=\"bold\">Generalized thermograph",
               width / 2);
    if (title) {
        sg_svg_put(&s, " of ");
        sg_svg_put_escaped(&s, title, 70, false);
    }
    sg_svg_put(&s, "</text>\n");
    for (size_t k = 0; k < n; k++)
        put_panel(&s, &th[k], k, t_hi);
    sg_svg_put(&s, "</svg>\n");
    if (s.failed) {
        free(s.buf);
        return SG_ERR_NOMEM;
    }
    *svg = s.buf;
    *len = s.len;
    return SG_OK;
}

int sg_gthermo_svg_save(const sg_gthermograph *th, size_t n, const char *title,
                        const char *path, char *err, size_t errlen)
{
    char *svg;
    size_t len;
    if (sg_gthermo_svg(th, n, title, &svg, &len) != SG_OK) {
        snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    int rc = sg_svg_save(svg, len, path, err, errlen);
    free(svg);
    return rc;
}
