/* sumgame report FILE.jsonl... [--out-dir DIR] [--format md,csv,html] [--title T]
 *                 [--cells PATTERN [--row-name NAME] [--rows LIST] [--cols LIST]]
 *                 [--ci t|normal]
 * Tables and plots from result files (report.h says what becomes a cell). Without
 * --out-dir the one format asked for (Markdown by default) goes to stdout; with it,
 * DIR/report.md, report.csv and report.html (all three by default), each written beside
 * its place and renamed into it, so a failed run never leaves half a report. */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "host/cli/args.h"
#include "host/cli/cli.h"
#include "host/report/svg_text.h"
#include "host/report/report.h"

#define CMD "report"

enum { FMT_MD = 1, FMT_CSV = 2, FMT_HTML = 4 };

static int parse_formats(const char *text, int *out)
{
    *out = 0;
    while (*text) {
        size_t len = strcspn(text, ",");
        if (len == 2 && strncmp(text, "md", 2) == 0)
            *out |= FMT_MD;
        else if (len == 3 && strncmp(text, "csv", 3) == 0)
            *out |= FMT_CSV;
        else if (len == 4 && strncmp(text, "html", 4) == 0)
            *out |= FMT_HTML;
        else
            return -1;
        text += len + (text[len] == ',');
    }
    return *out ? 0 : -1;
}

static int write_one(int format, FILE *f, const report_data *d, const report_options *o)
{
    if (format == FMT_MD)
        return report_write_md(f, d, o);
    if (format == FMT_CSV)
        return report_write_csv(f, d, o);
    return report_write_html(f, d, o);
}

static int save(int format, const char *dir, const report_data *d, const report_options *o)
{
    static const char *const names[] = { [FMT_MD] = "report.md", [FMT_CSV] = "report.csv",
                                         [FMT_HTML] = "report.html" };
    char *text = NULL;
    size_t len = 0;
    FILE *mem = open_memstream(&text, &len);
    if (!mem)
        return cli_fail(CMD ": out of memory");
    int bad = write_one(format, mem, d, o);
    if (fclose(mem) != 0 || bad) {
        free(text);
        return cli_fail(CMD ": out of memory writing %s", names[format]);
    }
    char path[4096], err[512];
    if (snprintf(path, sizeof path, "%s/%s", dir, names[format]) >= (int)sizeof path) {
        free(text);
        return cli_usage(CMD ": --out-dir: path too long");
    }
    int status = sg_svg_save(text, len, path, err, sizeof err);
    free(text);
    return status == SG_OK ? 0 : cli_fail(CMD ": %s", err);
}

int cmd_report(int argc, char **argv)
{
    const char *out_dir = NULL, *formats = NULL, *ci = "t", *plugin_path = NULL;
    report_options o = { .level = 0.95 };
    const args_option options[] = {
        { "--out-dir", ARGS_STRING, &out_dir, 0, 0, NULL, "DIR",
          "write report.md, report.csv and report.html there instead of stdout" },
        { "--format", ARGS_STRING, &formats, 0, 0, NULL, "md,csv,html",
          "the formats to write (one on stdout; default md)" },
        { "--title", ARGS_STRING, &o.title, 0, 0, NULL, "T",
          "the report's title" },
        { "--cells", ARGS_STRING, &o.cells, 0, 0, NULL, "PATTERN",
          "place each file on a grid by its name, such as 'exp-{col}-n{row}'" },
        { "--row-name", ARGS_STRING, &o.row_name, 0, 0, NULL, "NAME",
          "with --cells: the name of the rows' quantity (default row)" },
        { "--rows", ARGS_STRING, &o.rows, 0, 0, NULL, "LIST",
          "with --cells: the rows, in order (comma-separated)" },
        { "--cols", ARGS_STRING, &o.cols, 0, 0, NULL, "LIST",
          "with --cells: the columns, in order (comma-separated)" },
        { "--ci", ARGS_STRING, &ci, 0, 0, NULL, "t|normal",
          "confidence intervals from the t distribution (default) or the normal" },
        /* accepted like every command's, unused: a report loads no plugin */
        { "--plugin-path", ARGS_STRING, &plugin_path, 0, 0, NULL, "DIRS",
          "accepted like every command's; report loads no plugin" },
    };
    char **files = calloc((size_t)argc + 1, sizeof *files);
    if (!files)
        return cli_fail(CMD ": out of memory");
    size_t nfiles = 0;
    int status = args_parse(CMD, argc, argv, options, sizeof options / sizeof options[0], files,
                            &nfiles);
    int fmt = out_dir ? FMT_MD | FMT_CSV | FMT_HTML : FMT_MD;
    if (status == 0 && nfiles == 0)
        status = cli_usage(CMD ": missing FILE.jsonl (try 'sumgame report --help')");
    if (status == 0 && formats && parse_formats(formats, &fmt) != 0)
        status = cli_usage(CMD ": --format '%.80s': expected a list of md, csv and html",
                           formats);
    if (status == 0 && !out_dir && (fmt & (fmt - 1)))
        status = cli_usage(CMD ": --format: one format on stdout; give --out-dir DIR for more");
    if (status == 0 && strcmp(ci, "t") != 0 && strcmp(ci, "normal") != 0)
        status = cli_usage(CMD ": --ci '%.80s': expected t or normal", ci);
    o.ci = strcmp(ci, "normal") == 0 ? SG_CI_NORMAL : SG_CI_T;
    if (status == 0 && (o.row_name || o.rows || o.cols) && !o.cells)
        status = cli_usage(CMD ": --row-name, --rows and --cols need --cells PATTERN");
    if (status == 0 && o.cells && (!strstr(o.cells, "{row}") || !strstr(o.cells, "{col}")))
        status = cli_usage(CMD ": --cells '%.80s': the pattern needs {row} and {col}", o.cells);
    report_data d = { 0 };
    char err[1024];
    if (status == 0 && (report_read(&d, &o, files, nfiles, err, sizeof err) != 0 ||
                        report_compute(&d, &o, err, sizeof err) != 0))
        status = cli_fail(CMD ": %s", err);
    if (status == 0 && d.ncells == 0 && d.ncurves == 0)
        status = cli_fail(CMD ": no match records and no error-against-time records in %s%s",
                          files[0], nfiles > 1 ? " and the other files" : "");
    if (status == 0 && out_dir && mkdir(out_dir, 0777) != 0 && errno != EEXIST)
        status = cli_fail(CMD ": --out-dir %.200s: %s", out_dir, strerror(errno));
    for (int f = FMT_MD; status == 0 && f <= FMT_HTML; f <<= 1) {
        if (!(fmt & f))
            continue;
        if (out_dir) {
            status = save(f, out_dir, &d, &o);
        } else if (write_one(f, stdout, &d, &o) != 0 || fflush(stdout) != 0) {
            status = cli_fail(CMD ": cannot write to stdout");
        }
    }
    report_free(&d);
    free(files);
    return status;
}
