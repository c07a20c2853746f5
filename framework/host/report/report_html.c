/* The report as one self-contained HTML page: the tables, and SVG plots drawn by
 * plot_svg inline (no script, no external resource; a Content-Security-Policy forbids
 * loading any, so a mistake shows up as a console error in a browser). */
#include "host/report/report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "host/report/plot_svg.h"
#include "sumgame/host.h"

static void put_text(FILE *f, const char *s)
{
    for (; s && *s; s++) {
        switch (*s) {
        case '&': fputs("&amp;", f); break;
        case '<': fputs("&lt;", f); break;
        case '>': fputs("&gt;", f); break;
        case '"': fputs("&quot;", f); break;
        default:
            fputc((unsigned char)*s < 0x20 ? '?' : *s, f);
        }
    }
}

/* The plot inline: plot_svg's picture without its XML declaration. */
static int put_plot(FILE *f, const plot_spec *spec)
{
    char *svg;
    size_t len;
    if (plot_svg(spec, &svg, &len) != SG_OK)
        return -1;
    const char *start = strstr(svg, "<svg");
    fputs("<figure>\n", f);
    fputs(start ? start : svg, f);
    fputs("</figure>\n", f);
    free(svg);
    return 0;
}

static void put_table(FILE *f, const report_table *t)
{
    fputs("<p class=\"caption\">", f);
    put_text(f, t->caption);
    fputs("</p>\n<table>\n<thead><tr>", f);
    for (size_t c = 0; c < t->ncols; c++) {
        fputs(t->right[c] ? "<th class=\"num\">" : "<th>", f);
        put_text(f, t->head[c]);
        fputs("</th>", f);
    }
    fputs("</tr></thead>\n<tbody>\n", f);
    for (size_t r = 0; r < t->nrows; r++) {
        fputs("<tr>", f);
        for (size_t c = 0; c < t->ncols; c++) {
            fputs(t->right[c] ? "<td class=\"num\">" : "<td>", f);
            put_text(f, t->cell[r * t->ncols + c]);
            fputs("</td>", f);
        }
        fputs("</tr>\n", f);
    }
    fputs("</tbody>\n</table>\n", f);
}

/* A histogram of the cell's scores: bins one point wide when the scores span at most 60
 * points, else 1, 2 or 5 times a power of ten, about 30 bins; bars centred on multiples
 * of the width. */
static int put_histogram(FILE *f, const report_cell *c)
{
    double lo = INFINITY, hi = -INFINITY;
    for (size_t i = 0; i < c->ngames; i++)
        if (c->games[i].scored) {
            lo = fmin(lo, c->games[i].score);
            hi = fmax(hi, c->games[i].score);
        }
    if (!isfinite(lo))
        return 0;
    double w = 1;
    if (hi - lo > 60) {
        static const double mult[] = { 1, 2, 5, 10 };
        double want = (hi - lo) / 30, base = pow(10, floor(log10(want)));
        for (size_t m = 0; m < 4; m++)
            if (base * mult[m] >= want) {
                w = base * mult[m];
                break;
            }
    }
    long first = lround(lo / w), last = lround(hi / w);
    size_t nbins = (size_t)(last - first + 1);
    double *x = calloc(nbins, sizeof *x), *y = calloc(nbins, sizeof *y);
    if (!x || !y) {
        free(x);
        free(y);
        return -1;
    }
    for (size_t b = 0; b < nbins; b++)
        x[b] = (double)(first + (long)b) * w;
    for (size_t i = 0; i < c->ngames; i++)
        if (c->games[i].scored)
            y[lround(c->games[i].score / w) - first] += 1;
    char title[600];
    snprintf(title, sizeof title, "%s: scores of %s (%zu games)", c->label, c->a, c->score.n);
    plot_series s = { .name = c->a, .x = x, .y = y, .n = nbins, .style = PLOT_BARS,
                      .bar_width = w };
    plot_spec spec = { .title = title, .x_label = "score of A",
                       .y_label = "games", .series = &s, .nseries = 1 };
    int status = put_plot(f, &spec);
    free(x);
    free(y);
    return status;
}

static int put_win_rates(FILE *f, const report_data *d)
{
    size_t n = 0;
    const char **names = calloc(d->ncells + 1, sizeof *names);
    double *x = calloc(d->ncells + 1, sizeof *x), *y = calloc(d->ncells + 1, sizeof *y);
    double *lo = calloc(d->ncells + 1, sizeof *lo), *hi = calloc(d->ncells + 1, sizeof *hi);
    int status = -1;
    if (names && x && y && lo && hi) {
        for (size_t i = 0; i < d->ncells; i++) {
            const report_cell *c = &d->cells[i];
            if (c->not_run || c->ngames == 0)
                continue;
            names[n] = c->label;
            x[n] = (double)n;
            y[n] = 100 * c->win_rate;
            lo[n] = 100 * c->win_lo;
            hi[n] = 100 * c->win_hi;
            n++;
        }
        plot_series s = { .name = "win rate of A", .x = x, .y = y, .n = n, .style = PLOT_POINTS,
                          .lo = lo, .hi = hi };
        plot_spec spec = { .title = "Win rate per cell, with 95% Wilson intervals",
                           .x_label = "cell", .y_label = "games won by A (%)", .series = &s,
                           .nseries = 1, .x_names = names, .nx_names = n, .y_max = 100 };
        status = put_plot(f, &spec);
    }
    free(names);
    free(x);
    free(y);
    free(lo);
    free(hi);
    return status;
}

static int put_curves(FILE *f, const report_data *d)
{
    size_t n = 2 * d->ncurves;
    plot_series *s = calloc(n, sizeof *s);
    char (*names)[128] = calloc(n, sizeof *names);
    int status = -1;
    if (s && names) {
        for (size_t i = 0; i < d->ncurves; i++)
            for (int q = 0; q < 2; q++) {
                const report_curve *c = &d->curves[i];
                size_t k = 2 * i + (size_t)q;
                snprintf(names[k], sizeof names[k], "%s, %s", c->label,
                         q ? "mean" : "temperature");
                s[k] = (plot_series){ .name = names[k], .x = c->limit,
                                      .y = q ? c->err_mu : c->err_t, .n = c->n };
            }
        plot_spec spec = { .title = "Average absolute error against time",
                           .x_label = "time limit per position (s)",
                           .y_label = "average absolute error", .x_log = true, .series = s,
                           .nseries = n };
        status = put_plot(f, &spec);
    }
    free(s);
    free(names);
    return status;
}

int report_write_html(FILE *f, const report_data *d, const report_options *o)
{
    const char *title = o->title ? o->title : d->ncells ? "Match report" : "Report";
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; "
          "style-src 'unsafe-inline'\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>", f);
    put_text(f, title);
    fputs("</title>\n<style>\n"
          "body { font-family: 'Liberation Sans', 'DejaVu Sans', Arial, sans-serif; margin: 2em;"
          " color: #222; background: #fff; }\n"
          "table { border-collapse: collapse; margin: 0.5em 0 1.5em; font-size: 14px; }\n"
          "th, td { border: 1px solid #bbb; padding: 3px 8px; text-align: left; }\n"
          "th { background: #eef2f7; }\n"
          ".num { text-align: right; font-variant-numeric: tabular-nums; }\n"
          ".caption { max-width: 60em; }\n"
          "figure { margin: 0.5em 0; }\n"
          "svg { max-width: 100%; height: auto; }\n"
          ".plots { display: grid; grid-template-columns: repeat(auto-fill, minmax(420px, 1fr));"
          " gap: 1em; }\n"
          "</style>\n</head>\n<body>\n<h1>", f);
    put_text(f, title);
    fputs("</h1>\n", f);
    if (d->ncells)
        fprintf(f, "<p>Intervals: %.0f%% confidence, %s; win rates: Wilson score "
                   "interval.</p>\n", 100 * o->level,
                o->ci == SG_CI_NORMAL ? "normal approximation" : "Student's t");
    report_table t[4];
    size_t n = report_tables(d, o, t, 4);
    for (size_t i = 0; i < n; i++)
        if (t[i].cell && t[i].right && t[i].head)
            put_table(f, &t[i]);
    report_tables_free(t, n);
    int status = 0;
    if (d->ncells) {
        fputs("<h2>Win rate per cell</h2>\n", f);
        status |= put_win_rates(f, d);
        fputs("<h2>Score distributions</h2>\n<div class=\"plots\">\n", f);
        for (size_t i = 0; i < d->ncells; i++)
            if (!d->cells[i].not_run)
                status |= put_histogram(f, &d->cells[i]);
        fputs("</div>\n", f);
    }
    if (d->ncurves) {
        fputs("<h2>Error against time</h2>\n", f);
        status |= put_curves(f, d);
    }
    fputs("</body>\n</html>\n", f);
    return status || ferror(f) ? -1 : 0;
}
