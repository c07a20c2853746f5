/* `sumgame report`: tables and plots from JSON-lines result files.
 *
 * A *cell* is one pairing of strategies in one file: the games of `match --out` whose
 * player A (the [match] left strategy, Left in even games) and player B are the same.
 * Scores and results in a match record are A's (the `match --out` contract), so a cell's
 * statistics are A's. Records of other commands that carry a time limit and errors
 * (`limit`, `error_t`, `error_mu`: the TDS+ coverage records of `experiment`) become
 * error-against-time curves, one per `label`. Any other JSON object is skipped. */
#ifndef SUMGAME_HOST_REPORT_H
#define SUMGAME_HOST_REPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "host/match/stats.h"

typedef struct report_game {
    long long pair;
    bool scored;            /* a final score (no forfeit) */
    double score;           /* A's view */
    int result;             /* +1 A won, 0 draw, -1 A lost */
    char *forfeit;          /* the reason, or NULL */
    bool estimated;
    double moves, seconds;
} report_game;

/* Forfeits of one kind ("timeout (A)"): A or B being the side that lost by it. */
typedef struct report_kind {
    char name[48];
    size_t count;
} report_kind;

typedef struct report_cell {
    char *file, *label;
    char *row, *col;        /* grid position from --cells, or NULL */
    char *a, *b;            /* the players */
    bool not_run;           /* a grid position with no file (--rows/--cols) */
    report_game *games;
    size_t ngames, cap;
    /* computed by report_compute */
    size_t wins, draws, losses, forfeits, estimated;
    report_kind kinds[8];
    size_t nkinds;
    sg_sample_stats score;  /* over the scored games */
    double win_rate, win_lo, win_hi; /* wins over all games, Wilson interval */
    sg_sample_stats pairs;  /* the sums of colour-swapped pairs with both games scored */
    double moves, seconds;  /* means over all games */
    /* Depths the strategies reported (a record's "depths"), [0] A's moves, [1] B's; a 0
     * (no depth, or a complete search) is left out. depth[] are their medians, -1 when a
     * side reported none. */
    int *depths[2];
    size_t ndepths[2], depths_cap[2];
    double depth[2];
} report_cell;

typedef struct report_curve {
    char *label;
    double *limit, *err_t, *err_mu; /* per distinct limit, ascending: means over records */
    size_t *count;
    size_t n;
} report_curve;

typedef struct report_data {
    report_cell *cells;
    size_t ncells;
    report_curve *curves;
    size_t ncurves;
    size_t skipped;         /* lines of other kinds */
    bool grid;              /* cells have row and col */
    char **rows, **cols;    /* grid order */
    size_t nrows, ncols;
} report_data;

typedef struct report_options {
    const char *cells;      /* --cells PATTERN with {row} and {col}, or NULL */
    const char *row_name;   /* --row-name */
    const char *rows, *cols;/* --rows, --cols: comma lists fixing the grid */
    const char *title;
    sg_ci_method ci;
    double level;
} report_options;

/* Reads the files into d (zeroed by the caller). On bad input returns non-zero with one
 * line in err naming FILE:LINE. */
int report_read(report_data *d, const report_options *o, char *const *files, size_t nfiles,
                char *err, size_t errlen);
/* Fills the statistics of every cell; builds the grid when the cells have positions. */
int report_compute(report_data *d, const report_options *o, char *err, size_t errlen);
void report_free(report_data *d);

/* A table of text cells, shared by the Markdown and HTML writers. */
typedef struct report_table {
    const char *caption;
    size_t ncols, nrows;
    const char **head;
    bool owns_head;         /* head is malloc'd (its strings are not) */
    bool *right;            /* right-aligned columns (Markdown `---:`) */
    char **cell;            /* nrows * ncols, malloc'd */
} report_table;

/* The tables of the report: the grid layout (when there is a grid), the per-cell details
 * in the papers' layout, the statistics. Returns the count; free with report_tables_free. */
size_t report_tables(const report_data *d, const report_options *o, report_table *out,
                     size_t max);
void report_tables_free(report_table *t, size_t n);

int report_write_md(FILE *f, const report_data *d, const report_options *o);
int report_write_csv(FILE *f, const report_data *d, const report_options *o);
int report_write_html(FILE *f, const report_data *d, const report_options *o);

#endif
