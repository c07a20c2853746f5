/* Reading result files for `sumgame report`: one JSON object a line, parsed with jansson;
 * match records grouped into cells, coverage records into error curves. */
#include "host/report/report.h"
#include "host/cli/in_file.h"

#include <errno.h>
#include <jansson.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/host.h"
#include "sumgame/value.h"

/* A message with the input's control bytes shown as '?', so it stays one line. */
__attribute__((format(printf, 3, 4))) static int fail(char *err, size_t errlen, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, errlen, fmt, ap);
    va_end(ap);
    for (char *c = err; *c; c++)
        if ((unsigned char)*c < 0x20 || *c == 0x7f)
            *c = '?';
    return -1;
}

static char *dup_or_null(const char *s) { return s ? strdup(s) : NULL; }

/* The file's name without its folder and without ".jsonl". */
static char *stem(const char *path)
{
    const char *slash = strrchr(path, '/');
    char *s = strdup(slash ? slash + 1 : path);
    size_t n = s ? strlen(s) : 0;
    if (n > 6 && strcmp(s + n - 6, ".jsonl") == 0)
        s[n - 6] = '\0';
    return s;
}

/* Matches text against a pattern whose "{row}" and "{col}" match any non-empty text. */
static bool match_pattern(const char *p, const char *s, const char **cap, size_t *caplen)
{
    if (!*p)
        return !*s;
    int slot = strncmp(p, "{row}", 5) == 0 ? 0 : strncmp(p, "{col}", 5) == 0 ? 1 : -1;
    if (slot < 0)
        return *s == *p && match_pattern(p + 1, s + 1, cap, caplen);
    for (size_t n = 1; n <= strlen(s); n++) {
        cap[slot] = s;
        caplen[slot] = n;
        if (match_pattern(p + 5, s + n, cap, caplen))
            return true;
    }
    return false;
}

static report_cell *find_cell(report_data *d, const char *file, const char *a, const char *b)
{
    for (size_t i = 0; i < d->ncells; i++) {
        report_cell *c = &d->cells[i];
        if (strcmp(c->file, file) == 0 && strcmp(c->a, a) == 0 && strcmp(c->b, b) == 0)
            return c;
    }
    report_cell *grown = realloc(d->cells, (d->ncells + 1) * sizeof *grown);
    if (!grown)
        return NULL;
    d->cells = grown;
    report_cell *c = &d->cells[d->ncells++];
    *c = (report_cell){ .file = strdup(file), .a = strdup(a), .b = strdup(b) };
    return c;
}

static const char *get_string(json_t *o, const char *key)
{
    return json_string_value(json_object_get(o, key));
}

/* A match record's game, or a message naming the field at fault. */
static int read_game(json_t *o, report_game *g, const char **a, const char **b, char *why,
                     size_t whylen)
{
    static const char *const need[] = { "game", "pair", "left_player", "right_player", "score",
                                        "result", "forfeit", "moves", "seconds" };
    for (size_t i = 0; i < sizeof need / sizeof need[0]; i++)
        if (!json_object_get(o, need[i]))
            return fail(why, whylen, "match record without \"%s\"", need[i]);
    json_t *game = json_object_get(o, "game"), *pair = json_object_get(o, "pair");
    if (!json_is_integer(game) || json_integer_value(game) < 0 || !json_is_integer(pair))
        return fail(why, whylen, "\"game\" and \"pair\" must be non-negative integers");
    long long n = json_integer_value(game);
    const char *left = get_string(o, "left_player"), *right = get_string(o, "right_player");
    if (!left || !right)
        return fail(why, whylen, "\"left_player\" and \"right_player\" must be strings");
    /* A is Left in even games (match alternates colours within a pair) */
    *a = n % 2 == 0 ? left : right;
    *b = n % 2 == 0 ? right : left;
    g->pair = json_integer_value(pair);
    const char *res = get_string(o, "result");
    if (!res || (strcmp(res, "win") && strcmp(res, "draw") && strcmp(res, "loss")))
        return fail(why, whylen, "\"result\" must be \"win\", \"draw\" or \"loss\"");
    g->result = res[0] == 'w' ? 1 : res[0] == 'l' ? -1 : 0;
    json_t *forfeit = json_object_get(o, "forfeit"), *score = json_object_get(o, "score");
    if (!json_is_null(forfeit) && !json_is_string(forfeit))
        return fail(why, whylen, "\"forfeit\" must be null or a string");
    g->forfeit = json_is_string(forfeit) ? strdup(json_string_value(forfeit)) : NULL;
    g->scored = false;
    if (json_is_string(score)) {
        sg_value v;
        char verr[128];
        if (sg_value_parse(json_string_value(score), &v, verr, sizeof verr) != SG_OK)
            return fail(why, whylen, "\"score\": %s", verr);
        g->score = sg_value_to_double(v);
        g->scored = !g->forfeit;
    } else if (json_is_number(score)) {
        g->score = json_number_value(score);
        g->scored = !g->forfeit;
    } else if (!json_is_null(score)) {
        return fail(why, whylen, "\"score\" must be a value string or null");
    }
    g->estimated = json_is_true(json_object_get(o, "score_estimated"));
    json_t *moves = json_object_get(o, "moves"), *secs = json_object_get(o, "seconds");
    if (!json_is_array(moves) || !json_is_number(secs))
        return fail(why, whylen, "\"moves\" must be an array and \"seconds\" a number");
    g->moves = (double)json_array_size(moves);
    g->seconds = json_number_value(secs);
    return 0;
}

/* Appends the depths of a's and b's moves in record o (game n) to the cell: move i is
 * made by "first" when i is even, and A is Left in even games. Records without "depths"
 * (strategies that report none, older files) add nothing. */
static int add_depths(report_cell *c, json_t *o, long long n, char *why, size_t whylen)
{
    json_t *depths = json_object_get(o, "depths");
    if (!depths)
        return 0;
    const char *first = get_string(o, "first");
    if (!json_is_array(depths) || !first || (strcmp(first, "left") && strcmp(first, "right")))
        return fail(why, whylen, "\"depths\" must be an array and \"first\" \"left\" or "
                    "\"right\"");
    bool a_left = n % 2 == 0, left_first = first[0] == 'l';
    for (size_t i = 0; i < json_array_size(depths); i++) {
        json_t *v = json_array_get(depths, i);
        if (!json_is_integer(v) || json_integer_value(v) < 0 || json_integer_value(v) > INT_MAX)
            return fail(why, whylen, "\"depths\" must hold non-negative integers");
        if (json_integer_value(v) == 0)
            continue;
        bool left_moves = (i % 2 == 0) == left_first;
        int side = left_moves == a_left ? 0 : 1;
        if (c->ndepths[side] == c->depths_cap[side]) {
            size_t ncap = c->depths_cap[side] ? 2 * c->depths_cap[side] : 256;
            int *grown = realloc(c->depths[side], ncap * sizeof *grown);
            if (!grown)
                return fail(why, whylen, "out of memory");
            c->depths[side] = grown;
            c->depths_cap[side] = ncap;
        }
        c->depths[side][c->ndepths[side]++] = (int)json_integer_value(v);
    }
    return 0;
}

static int add_point(report_data *d, const char *label, double limit, double et, double em)
{
    report_curve *c = NULL;
    for (size_t i = 0; i < d->ncurves && !c; i++)
        if (strcmp(d->curves[i].label, label) == 0)
            c = &d->curves[i];
    if (!c) {
        report_curve *grown = realloc(d->curves, (d->ncurves + 1) * sizeof *grown);
        if (!grown)
            return -1;
        d->curves = grown;
        c = &d->curves[d->ncurves++];
        *c = (report_curve){ .label = strdup(label) };
    }
    size_t k = 0;
    while (k < c->n && c->limit[k] < limit)
        k++;
    if (k == c->n || c->limit[k] != limit) {
        double *l = realloc(c->limit, (c->n + 1) * sizeof *l);
        if (l)
            c->limit = l;
        double *t = realloc(c->err_t, (c->n + 1) * sizeof *t);
        if (t)
            c->err_t = t;
        double *m = realloc(c->err_mu, (c->n + 1) * sizeof *m);
        if (m)
            c->err_mu = m;
        size_t *n = realloc(c->count, (c->n + 1) * sizeof *n);
        if (n)
            c->count = n;
        if (!l || !t || !m || !n)
            return -1;
        size_t tail = c->n - k;
        memmove(c->limit + k + 1, c->limit + k, tail * sizeof *l);
        memmove(c->err_t + k + 1, c->err_t + k, tail * sizeof *t);
        memmove(c->err_mu + k + 1, c->err_mu + k, tail * sizeof *m);
        memmove(c->count + k + 1, c->count + k, tail * sizeof *n);
        c->limit[k] = limit;
        c->err_t[k] = c->err_mu[k] = 0;
        c->count[k] = 0;
        c->n++;
    }
    /* sums for now; report_compute turns them into means */
    c->err_t[k] += et;
    c->err_mu[k] += em;
    c->count[k]++;
    return 0;
}

static int read_file(report_data *d, const report_options *o, const char *path, char *err,
                     size_t errlen)
{
    FILE *f = in_file_open(path, err, errlen);
    if (!f)
        /* the reason alone for a file that cannot be opened, as it always was */
        return errno == EINVAL ? -1 : fail(err, errlen, "%s: %s", path, strerror(errno));
    char *label = stem(path), *row = NULL, *col = NULL;
    /* a file of other records (error curves) need not match --cells */
    bool unplaced = false;
    if (o->cells) {
        const char *cap[2] = { 0 };
        size_t caplen[2] = { 0 };
        unplaced = !label || !match_pattern(o->cells, label, cap, caplen);
        if (cap[0] && !unplaced)
            row = strndup(cap[0], caplen[0]);
        if (cap[1] && !unplaced)
            col = strndup(cap[1], caplen[1]);
    }
    char *line = NULL;
    size_t cap = 0, lineno = 0;
    ssize_t len = 0;
    int status = 0;
    while (status == 0 &&
           (len = in_file_line(f, &line, &cap, path, lineno + 1, err, errlen)) >= 0) {
        lineno++;
        size_t n = (size_t)len;
        while (n > 0 && (line[n - 1] == '\n' || line[n - 1] == '\r' || line[n - 1] == ' '))
            n--;
        if (n == 0)
            continue;
        json_error_t jerr;
        json_t *obj = json_loadb(line, n, 0, &jerr);
        char why[256];
        if (!obj) {
            status = fail(err, errlen, "%s:%zu: not JSON: %s", path, lineno, jerr.text);
            break;
        }
        if (!json_is_object(obj)) {
            status = fail(err, errlen, "%s:%zu: not a JSON object", path, lineno);
        } else if (json_object_get(obj, "game") && json_object_get(obj, "result")) {
            report_game g = { 0 };
            const char *a = NULL, *b = NULL;
            if (unplaced) {
                status = fail(err, errlen, "%s:%zu: a match record, but the file's name does "
                              "not match --cells '%s'", path, lineno, o->cells);
            } else if (read_game(obj, &g, &a, &b, why, sizeof why) != 0) {
                free(g.forfeit);
                status = fail(err, errlen, "%s:%zu: %s", path, lineno, why);
            } else {
                report_cell *c = find_cell(d, path, a, b);
                if (c && c->ngames == c->cap) {
                    size_t ncap = c->cap ? 2 * c->cap : 64;
                    report_game *grown = realloc(c->games, ncap * sizeof *grown);
                    if (grown) {
                        c->games = grown;
                        c->cap = ncap;
                    }
                }
                if (!c || c->ngames == c->cap) {
                    free(g.forfeit);
                    status = fail(err, errlen, "%s:%zu: out of memory", path, lineno);
                } else {
                    if (!c->label) {
                        c->label = dup_or_null(label);
                        c->row = dup_or_null(row);
                        c->col = dup_or_null(col);
                    }
                    c->games[c->ngames++] = g;
                    if (add_depths(c, obj, json_integer_value(json_object_get(obj, "game")),
                                   why, sizeof why) != 0)
                        status = fail(err, errlen, "%s:%zu: %s", path, lineno, why);
                }
            }
        } else if (json_is_number(json_object_get(obj, "limit")) &&
                   json_is_number(json_object_get(obj, "error_t")) &&
                   json_is_number(json_object_get(obj, "error_mu"))) {
            /* unfinished searches have no error to average (as in experiment's figure) */
            if (!json_is_false(json_object_get(obj, "finished"))) {
                const char *name = get_string(obj, "label");
                if (!name)
                    name = get_string(obj, "variant");
                if (add_point(d, name ? name : "errors",
                              json_number_value(json_object_get(obj, "limit")),
                              json_number_value(json_object_get(obj, "error_t")),
                              json_number_value(json_object_get(obj, "error_mu"))) != 0)
                    status = fail(err, errlen, "%s:%zu: out of memory", path, lineno);
            }
        } else {
            d->skipped++;
        }
        json_decref(obj);
    }
    if (len == -2)
        status = -1;
    if (status == 0 && ferror(f))
        status = fail(err, errlen, "%s:%zu: %s", path, lineno + 1, strerror(errno));
    free(line);
    free(label);
    free(row);
    free(col);
    fclose(f);
    return status;
}

int report_read(report_data *d, const report_options *o, char *const *files, size_t nfiles,
                char *err, size_t errlen)
{
    for (size_t i = 0; i < nfiles; i++)
        if (read_file(d, o, files[i], err, errlen) != 0)
            return -1;
    return 0;
}

void report_free(report_data *d)
{
    for (size_t i = 0; i < d->ncells; i++) {
        report_cell *c = &d->cells[i];
        for (size_t g = 0; g < c->ngames; g++)
            free(c->games[g].forfeit);
        free(c->games);
        free(c->file);
        free(c->label);
        free(c->row);
        free(c->col);
        free(c->a);
        free(c->b);
        free(c->depths[0]);
        free(c->depths[1]);
    }
    free(d->cells);
    for (size_t i = 0; i < d->ncurves; i++) {
        free(d->curves[i].label);
        free(d->curves[i].limit);
        free(d->curves[i].err_t);
        free(d->curves[i].err_mu);
        free(d->curves[i].count);
    }
    free(d->curves);
    for (size_t i = 0; i < d->nrows; i++)
        free(d->rows[i]);
    for (size_t i = 0; i < d->ncols; i++)
        free(d->cols[i]);
    free(d->rows);
    free(d->cols);
    *d = (report_data){ 0 };
}
