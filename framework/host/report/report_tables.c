/* The report's tables (the papers' layouts and the statistics), in Markdown and CSV. */
#include "host/report/report.h"

#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "host/report/decimal.h"

__attribute__((format(printf, 1, 2))) static char *fmt(const char *f, ...)
{
    va_list ap, again;
    va_start(ap, f);
    va_copy(again, ap);
    int n = vsnprintf(NULL, 0, f, ap);
    va_end(ap);
    char *s = n >= 0 ? malloc((size_t)n + 1) : NULL;
    if (s)
        vsnprintf(s, (size_t)n + 1, f, again);
    va_end(again);
    return s;
}

/* x to places decimals, never "-0.0" (decimal.h); "nan" when undefined. */
static const char *dec(double x, int places, char *buf, size_t cap)
{
    if (isnan(x))
        return snprintf(buf, cap, "nan"), buf;
    return sg_decimal_format(x, places, buf, cap);
}

static double percent(size_t k, size_t n) { return n ? 100.0 * (double)k / (double)n : NAN; }

static bool table_init(report_table *t, const char *caption, const char **head, size_t ncols,
                       size_t nrows)
{
    *t = (report_table){ .caption = caption, .ncols = ncols, .nrows = nrows, .head = head };
    t->right = calloc(ncols, sizeof *t->right);
    t->cell = calloc(ncols * (nrows ? nrows : 1), sizeof *t->cell);
    return t->right && t->cell;
}

static const char *interval_name(const report_options *o)
{
    return o->ci == SG_CI_NORMAL ? "normal approximation" : "Student's t";
}

/* "mean (sd) win%, P pos." a cell, rows by row value, columns by column value. */
static void grid_table(const report_data *d, report_table *t)
{
    size_t ncols = d->ncols + 1;
    const char **head = calloc(ncols, sizeof *head);
    if (!head || !table_init(t, NULL, head, ncols, d->nrows)) {
        free(head);
        t->head = NULL;
        return;
    }
    t->owns_head = true;
    head[0] = NULL; /* set by the caller: the row name */
    for (size_t c = 1; c < ncols; c++)
        head[c] = d->cols[c - 1];
    t->right[0] = true;
    for (size_t r = 0; r < d->nrows; r++) {
        t->cell[r * ncols] = strdup(d->rows[r]);
        for (size_t c = 1; c < ncols; c++) {
            const report_cell *cell = NULL;
            for (size_t i = 0; i < d->ncells && !cell; i++)
                if (!d->cells[i].not_run && strcmp(d->cells[i].row, d->rows[r]) == 0 &&
                    strcmp(d->cells[i].col, d->cols[c - 1]) == 0)
                    cell = &d->cells[i];
            char m[32], s[32], w[32];
            t->cell[r * ncols + c] =
                !cell ? strdup("not run")
                      : fmt("%s (%s) %s%%, %zu pos.", dec(cell->score.mean, 1, m, sizeof m),
                            dec(cell->score.sd, 1, s, sizeof s),
                            dec(percent(cell->wins, cell->ngames), 0, w, sizeof w),
                            cell->ngames / 2);
        }
    }
}

static void details_table(const report_data *d, report_table *t)
{
    static const char *head[] = { "cell", "games", "mean (sd)", "95% interval, pairs", "win %",
                                  "forfeits", "estimated", "moves/game", "s/game", "depth A",
                                  "depth B" };
    enum { COLS = sizeof head / sizeof head[0] };
    if (!table_init(t, NULL, head, COLS, d->ncells))
        return;
    for (size_t i = 0; i < d->ncells; i++) {
        const report_cell *c = &d->cells[i];
        char **row = t->cell + i * COLS;
        row[0] = strdup(c->label ? c->label : "");
        if (c->not_run) {
            row[1] = strdup("not run");
            for (size_t k = 2; k < COLS; k++)
                row[k] = strdup("");
            continue;
        }
        char a[32], b[32], e[32], f[32], forf[256] = "";
        row[1] = fmt("%zu", c->ngames);
        row[2] = fmt("%s (%s)", dec(c->score.mean, 1, a, sizeof a), dec(c->score.sd, 1, b, sizeof b));
        /* the pair sums' interval halved: the interval of a position's mean of two games */
        row[3] = fmt("[%s, %s]", dec(c->pairs.lo / 2, 1, e, sizeof e),
                     dec(c->pairs.hi / 2, 1, f, sizeof f));
        row[4] = fmt("%s%%", dec(percent(c->wins, c->ngames), 0, a, sizeof a));
        for (size_t k = 0; k < c->nkinds; k++) {
            size_t len = strlen(forf);
            snprintf(forf + len, sizeof forf - len, "%s%zu %s", k ? ", " : "", c->kinds[k].count,
                     c->kinds[k].name);
        }
        row[5] = strdup(c->nkinds ? forf : "0");
        row[6] = fmt("%zu", c->estimated);
        row[7] = strdup(dec(c->moves, 1, a, sizeof a));
        row[8] = strdup(dec(c->seconds, 1, a, sizeof a));
        for (int side = 0; side < 2; side++)
            row[9 + side] = c->depth[side] < 0 ? strdup("-")
                                               : strdup(dec(c->depth[side], 1, a, sizeof a));
    }
}

static void stats_table(const report_data *d, const report_options *o, report_table *t)
{
    static const char *head[] = { "cell", "A vs B", "games", "mean", "sd", "interval",
                                  "wins-draws-losses", "win rate", "Wilson interval", "pairs",
                                  "mean pair sum", "interval, pair sums" };
    size_t run = 0;
    for (size_t i = 0; i < d->ncells; i++)
        run += !d->cells[i].not_run;
    if (!table_init(t, NULL, head, 12, run))
        return;
    for (size_t c = 2; c < 12; c++)
        t->right[c] = c != 5 && c != 6 && c != 8 && c != 11;
    (void)o;
    size_t r = 0;
    for (size_t i = 0; i < d->ncells; i++) {
        const report_cell *c = &d->cells[i];
        if (c->not_run)
            continue;
        char **row = t->cell + r++ * 12;
        char a[32], b[32];
        row[0] = strdup(c->label ? c->label : "");
        row[1] = fmt("%s vs %s", c->a, c->b);
        row[2] = c->forfeits ? fmt("%zu (%zu scored)", c->ngames, c->score.n) : fmt("%zu", c->ngames);
        row[3] = strdup(dec(c->score.mean, 2, a, sizeof a));
        row[4] = strdup(dec(c->score.sd, 2, a, sizeof a));
        row[5] = fmt("[%s, %s]", dec(c->score.lo, 2, a, sizeof a), dec(c->score.hi, 2, b, sizeof b));
        row[6] = fmt("%zu-%zu-%zu", c->wins, c->draws, c->losses);
        row[7] = fmt("%s%%", dec(100 * c->win_rate, 1, a, sizeof a));
        row[8] = fmt("[%s%%, %s%%]", dec(100 * c->win_lo, 1, a, sizeof a),
                     dec(100 * c->win_hi, 1, b, sizeof b));
        row[9] = fmt("%zu", c->pairs.n);
        row[10] = strdup(dec(c->pairs.mean, 2, a, sizeof a));
        row[11] = fmt("[%s, %s]", dec(c->pairs.lo, 2, a, sizeof a), dec(c->pairs.hi, 2, b, sizeof b));
    }
}

static void curves_table(const report_data *d, report_table *t)
{
    static const char *head[] = { "variant", "time limit (s)", "positions",
                                  "error of the temperature", "error of the mean" };
    size_t n = 0;
    for (size_t i = 0; i < d->ncurves; i++)
        n += d->curves[i].n;
    if (!table_init(t, NULL, head, 5, n))
        return;
    for (size_t c = 1; c < 5; c++)
        t->right[c] = true;
    size_t r = 0;
    for (size_t i = 0; i < d->ncurves; i++)
        for (size_t k = 0; k < d->curves[i].n; k++, r++) {
            char **row = t->cell + r * 5;
            char a[32];
            row[0] = strdup(d->curves[i].label);
            row[1] = fmt("%g", d->curves[i].limit[k]);
            row[2] = fmt("%zu", d->curves[i].count[k]);
            row[3] = strdup(dec(d->curves[i].err_t[k], 3, a, sizeof a));
            row[4] = strdup(dec(d->curves[i].err_mu[k], 3, a, sizeof a));
        }
}

size_t report_tables(const report_data *d, const report_options *o, report_table *out, size_t max)
{
    size_t n = 0;
    if (d->grid && n < max) {
        grid_table(d, &out[n]);
        if (out[n].head)
            out[n].head[0] = o->row_name ? o->row_name : "row";
        out[n++].caption = "Mean score of A (standard deviation), A's win rate, positions; "
                           "rows and columns from --cells.";
    }
    if (d->ncells && n < max) {
        details_table(d, &out[n]);
        out[n++].caption = "Per cell: mean score of A over the games without a forfeit "
                           "(standard deviation); the interval of the mean over positions, "
                           "each the mean of its colour-swapped pair; win % over all games; "
                           "forfeits (A or B: the side that lost by it); games scored by the "
                           "evaluation (estimated); moves and seconds per game; the median "
                           "depth of A's and B's moves, over the moves whose strategy reported "
                           "one (- for none).";
    }
    if (d->ncells && n < max) {
        stats_table(d, o, &out[n]);
        out[n++].caption = "Statistics of A per cell: mean score and interval over the scored "
                           "games, wins-draws-losses, win rate with its Wilson score interval, "
                           "and the sum of A's two scores in each colour-swapped pair.";
    }
    if (d->ncurves && n < max) {
        curves_table(d, &out[n]);
        out[n++].caption = "Average absolute error against the time limit (finished searches).";
    }
    return n;
}

void report_tables_free(report_table *t, size_t n)
{
    for (size_t i = 0; i < n; i++) {
        if (t[i].cell)
            for (size_t k = 0; k < t[i].nrows * t[i].ncols; k++)
                free(t[i].cell[k]);
        free(t[i].cell);
        free(t[i].right);
        if (t[i].owns_head)
            free(t[i].head);
    }
}

/* A table line; names from the files cannot break it (a '|' is escaped, a control byte
 * becomes '?'). */
static void md_row(FILE *f, const char *const *cells, size_t n)
{
    for (size_t c = 0; c < n; c++) {
        const char *s = cells[c] ? cells[c] : "";
        fputs("| ", f);
        for (; *s; s++) {
            if (*s == '|')
                fputs("\\|", f);
            else
                fputc((unsigned char)*s < 0x20 ? '?' : *s, f);
        }
        if (cells[c] && *cells[c])
            fputc(' ', f);
    }
    fputs("|\n", f);
}

int report_write_md(FILE *f, const report_data *d, const report_options *o)
{
    report_table t[4];
    size_t n = report_tables(d, o, t, 4);
    fprintf(f, "# %s\n", o->title ? o->title : d->ncells ? "Match report" : "Report");
    char pct[16];
    if (d->ncells)
        fprintf(f, "\nIntervals: %s%% confidence, %s; win rates: Wilson score interval.\n",
                dec(100 * o->level, 0, pct, sizeof pct), interval_name(o));
    for (size_t i = 0; i < n; i++) {
        if (!t[i].cell || !t[i].right)
            continue;
        fprintf(f, "\n%s\n\n", t[i].caption);
        md_row(f, t[i].head, t[i].ncols);
        for (size_t c = 0; c < t[i].ncols; c++)
            fputs(t[i].right[c] ? "| ---: " : "| --- ", f);
        fputs("|\n", f);
        for (size_t r = 0; r < t[i].nrows; r++)
            md_row(f, (const char *const *)t[i].cell + r * t[i].ncols, t[i].ncols);
    }
    report_tables_free(t, n);
    return ferror(f) ? -1 : 0;
}

static void csv_field(FILE *f, const char *s)
{
    if (s && strpbrk(s, ",\"\n\r")) {
        fputc('"', f);
        for (; *s; s++) {
            if (*s == '"')
                fputc('"', f);
            fputc(*s, f);
        }
        fputc('"', f);
    } else if (s) {
        fputs(s, f);
    }
}

/* Full precision and empty fields for undefined values, for spreadsheets and scripts. */
static void csv_num(FILE *f, double x)
{
    fputc(',', f);
    if (!isnan(x))
        fprintf(f, "%.10g", x);
}

int report_write_csv(FILE *f, const report_data *d, const report_options *o)
{
    fprintf(f, "cell,row,col,file,player_a,player_b,games,scored,mean,sd,ci_lo,ci_hi,wins,"
               "draws,losses,forfeits,estimated,win_rate,wilson_lo,wilson_hi,pairs,"
               "pair_sum_mean,pair_sum_sd,pair_sum_lo,pair_sum_hi,moves_per_game,"
               "seconds_per_game,interval,depth_a,depth_b\n");
    for (size_t i = 0; i < d->ncells; i++) {
        const report_cell *c = &d->cells[i];
        if (c->not_run)
            continue;
        csv_field(f, c->label);
        fputc(',', f);
        csv_field(f, c->row);
        fputc(',', f);
        csv_field(f, c->col);
        fputc(',', f);
        csv_field(f, c->file);
        fputc(',', f);
        csv_field(f, c->a);
        fputc(',', f);
        csv_field(f, c->b);
        fprintf(f, ",%zu,%zu", c->ngames, c->score.n);
        csv_num(f, c->score.mean);
        csv_num(f, c->score.sd);
        csv_num(f, c->score.lo);
        csv_num(f, c->score.hi);
        fprintf(f, ",%zu,%zu,%zu,%zu,%zu", c->wins, c->draws, c->losses, c->forfeits, c->estimated);
        csv_num(f, c->win_rate);
        csv_num(f, c->win_lo);
        csv_num(f, c->win_hi);
        fprintf(f, ",%zu", c->pairs.n);
        csv_num(f, c->pairs.mean);
        csv_num(f, c->pairs.sd);
        csv_num(f, c->pairs.lo);
        csv_num(f, c->pairs.hi);
        csv_num(f, c->moves);
        csv_num(f, c->seconds);
        fprintf(f, ",%s", o->ci == SG_CI_NORMAL ? "normal" : "t");
        csv_num(f, c->depth[0] < 0 ? NAN : c->depth[0]);
        csv_num(f, c->depth[1] < 0 ? NAN : c->depth[1]);
        fputc('\n', f);
    }
    return ferror(f) ? -1 : 0;
}
