/* The statistics of each cell, and the grid that --cells places the cells on. */
#include "host/report/report.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Forfeit kinds as the match's reasons spell them; A or B is the side that lost by it. */
static void count_kind(report_cell *c, const report_game *g)
{
    const char *r = g->forfeit;
    const char *kind = strncmp(r, "game error", 10) == 0 ? "game error"
                       : strncmp(r, "timeout", 7) == 0  ? "timeout"
                       : strstr(r, " failed: ")         ? "failure"
                                                        : "other";
    char name[48];
    snprintf(name, sizeof name, "%s (%s)", kind, g->result < 0 ? "A" : "B");
    for (size_t i = 0; i < c->nkinds; i++)
        if (strcmp(c->kinds[i].name, name) == 0) {
            c->kinds[i].count++;
            return;
        }
    if (c->nkinds == sizeof c->kinds / sizeof c->kinds[0])
        return;
    size_t k = c->nkinds++;
    /* kept sorted by name, as the table lists them */
    while (k > 0 && strcmp(c->kinds[k - 1].name, name) > 0) {
        c->kinds[k] = c->kinds[k - 1];
        k--;
    }
    snprintf(c->kinds[k].name, sizeof c->kinds[k].name, "%s", name);
    c->kinds[k].count = 1;
}

/* Pointers into one array: by pair, then in file order. */
static int by_pair_then_order(const void *pa, const void *pb)
{
    const report_game *a = *(report_game *const *)pa, *b = *(report_game *const *)pb;
    if (a->pair != b->pair)
        return a->pair < b->pair ? -1 : 1;
    return a < b ? -1 : a > b;
}

static int by_int(const void *a, const void *b)
{
    int x = *(const int *)a, y = *(const int *)b;
    return (x > y) - (x < y);
}

/* The median of v (sorted in place), -1 for none. */
static double median_depth(int *v, size_t n)
{
    if (n == 0)
        return -1;
    qsort(v, n, sizeof *v, by_int);
    return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2.0;
}

static int compute_cell(report_cell *c, const report_options *o)
{
    for (int side = 0; side < 2; side++)
        c->depth[side] = median_depth(c->depths[side], c->ndepths[side]);
    double *x = malloc((c->ngames ? c->ngames : 1) * sizeof *x);
    double *sums = malloc((c->ngames ? c->ngames : 1) * sizeof *sums);
    if (!x || !sums) {
        free(x);
        free(sums);
        return -1;
    }
    size_t nx = 0, npairs = 0;
    double moves = 0, seconds = 0;
    for (size_t i = 0; i < c->ngames; i++) {
        const report_game *g = &c->games[i];
        c->wins += g->result > 0;
        c->draws += g->result == 0;
        c->losses += g->result < 0;
        c->estimated += g->estimated;
        if (g->forfeit) {
            c->forfeits++;
            count_kind(c, g);
        }
        if (g->scored)
            x[nx++] = g->score;
        moves += g->moves;
        seconds += g->seconds;
    }
    /* pairs: games sorted by pair; a pair of exactly two games, both scored, is summed */
    report_game **by_pair = malloc((c->ngames ? c->ngames : 1) * sizeof *by_pair);
    if (!by_pair) {
        free(x);
        free(sums);
        return -1;
    }
    for (size_t i = 0; i < c->ngames; i++)
        by_pair[i] = &c->games[i];
    qsort(by_pair, c->ngames, sizeof *by_pair, by_pair_then_order);
    for (size_t i = 0; i < c->ngames;) {
        size_t j = i;
        while (j < c->ngames && by_pair[j]->pair == by_pair[i]->pair)
            j++;
        if (j - i == 2 && by_pair[i]->scored && by_pair[i + 1]->scored)
            sums[npairs++] = by_pair[i]->score + by_pair[i + 1]->score;
        i = j;
    }
    free(by_pair);
    c->score = sg_sample_summary(x, nx, o->level, o->ci);
    c->pairs = sg_sample_summary(sums, npairs, o->level, o->ci);
    c->win_rate = c->ngames ? (double)c->wins / (double)c->ngames : NAN;
    sg_wilson_interval((double)c->wins, (double)c->ngames, o->level, &c->win_lo, &c->win_hi);
    c->moves = c->ngames ? moves / (double)c->ngames : NAN;
    c->seconds = c->ngames ? seconds / (double)c->ngames : NAN;
    free(x);
    free(sums);
    return 0;
}

static long find(char **list, size_t n, const char *s)
{
    for (size_t i = 0; i < n; i++)
        if (strcmp(list[i], s) == 0)
            return (long)i;
    return -1;
}

static int add_unique(char ***list, size_t *n, const char *s, size_t len)
{
    char *copy = strndup(s, len);
    if (!copy)
        return -1;
    if (find(*list, *n, copy) >= 0) {
        free(copy);
        return 0;
    }
    char **grown = realloc(*list, (*n + 1) * sizeof *grown);
    if (!grown) {
        free(copy);
        return -1;
    }
    *list = grown;
    (*list)[(*n)++] = copy;
    return 0;
}

static int add_list(char ***list, size_t *n, const char *comma)
{
    while (comma && *comma) {
        size_t len = strcspn(comma, ",");
        if (len > 0 && add_unique(list, n, comma, len) != 0)
            return -1;
        comma += len + (comma[len] == ',');
    }
    return 0;
}

/* Orders the cells column by column, as the papers' detail tables do, and with fixed
 * rows and columns adds the positions nobody ran. */
static int build_grid(report_data *d, const report_options *o)
{
    if (add_list(&d->rows, &d->nrows, o->rows) != 0 || add_list(&d->cols, &d->ncols, o->cols) != 0)
        return -1;
    for (size_t i = 0; i < d->ncells; i++) {
        report_cell *c = &d->cells[i];
        if (add_unique(&d->rows, &d->nrows, c->row, strlen(c->row)) != 0 ||
            add_unique(&d->cols, &d->ncols, c->col, strlen(c->col)) != 0)
            return -1;
    }
    bool fixed = o->rows || o->cols;
    size_t max = d->ncells + d->nrows * d->ncols;
    report_cell *sorted = calloc(max, sizeof *sorted);
    if (!sorted)
        return -1;
    size_t n = 0;
    for (size_t ci = 0; ci < d->ncols; ci++)
        for (size_t ri = 0; ri < d->nrows; ri++) {
            bool any = false;
            for (size_t i = 0; i < d->ncells; i++) {
                report_cell *c = &d->cells[i];
                if (strcmp(c->row, d->rows[ri]) == 0 && strcmp(c->col, d->cols[ci]) == 0) {
                    sorted[n++] = *c;
                    any = true;
                }
            }
            if (!any && fixed)
                sorted[n++] = (report_cell){ .not_run = true, .row = strdup(d->rows[ri]),
                                             .col = strdup(d->cols[ci]) };
        }
    free(d->cells);
    d->cells = sorted;
    d->ncells = n;
    return 0;
}

int report_compute(report_data *d, const report_options *o, char *err, size_t errlen)
{
    size_t placed = 0;
    for (size_t i = 0; i < d->ncells; i++)
        placed += d->cells[i].row && d->cells[i].col;
    d->grid = placed > 0 && placed == d->ncells;
    if (o->cells && !d->grid) {
        snprintf(err, errlen, "--cells: the pattern needs both {row} and {col}");
        return -1;
    }
    if (d->grid && build_grid(d, o) != 0) {
        snprintf(err, errlen, "out of memory");
        return -1;
    }
    for (size_t i = 0; i < d->ncells; i++) {
        report_cell *c = &d->cells[i];
        /* the label: the grid position, or the file; the players when a file has more
         * than one pairing */
        size_t same_file = 0;
        for (size_t j = 0; j < d->ncells && c->file; j++)
            same_file += d->cells[j].file && strcmp(d->cells[j].file, c->file) == 0;
        char label[512];
        if (d->grid)
            snprintf(label, sizeof label, "%s, %s=%s", c->col, o->row_name ? o->row_name : "row",
                     c->row);
        else
            snprintf(label, sizeof label, "%s", c->label ? c->label : "");
        if (same_file > 1) {
            size_t len = strlen(label);
            snprintf(label + len, sizeof label - len, " (%s vs %s)", c->a, c->b);
        }
        free(c->label);
        c->label = strdup(label);
        if (!c->label || compute_cell(c, o) != 0) {
            snprintf(err, errlen, "out of memory");
            return -1;
        }
    }
    for (size_t i = 0; i < d->ncurves; i++) {
        report_curve *c = &d->curves[i];
        for (size_t k = 0; k < c->n; k++) {
            c->err_t[k] /= (double)c->count[k];
            c->err_mu[k] /= (double)c->count[k];
        }
    }
    return 0;
}
