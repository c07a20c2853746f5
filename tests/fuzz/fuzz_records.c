/* libFuzzer target: the record readers, on arbitrary bytes taken as a JSON-lines file.
 * The bytes go to a memfd read by its /proc path, so the readers take the same stream path
 * as a file on disk:
 *   - match_log_read as --resume reads (a torn last line dropped) and as merge reads it
 *     (a torn line is an error), then each record through match_outcome_parse and
 *     match_tally_count into a tally, as --resume rebuilds the summary;
 *   - report_read, report_compute and the Markdown and HTML writers, as `sumgame report`;
 *   - json_read_object and json_text of every line, at small and large caps.
 * Checks: no sanitizer report; a failure is one line; every record read has
 * game < games_total and its own text; a torn line is cut at a line's end; json_text's
 * text fits its buffer. */
#define _GNU_SOURCE
#include "fuzz_support.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "host/cli/json.h"
#include "host/match/match_log.h"
#include "host/match/tally.h"
#include "host/report/report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

enum { INPUT_MAX = 1 << 16 };

static void check_message(int rc, const char *what, const char *err, size_t cap)
{
    fuzz_check(memchr(err, '\0', cap) != NULL, "%s: message not terminated", what);
    if (rc != 0)
        fuzz_check(err[0] && strchr(err, '\n') == NULL, "%s: bad failure: '%s'", what, err);
}

static void read_log(const char *path, const uint8_t *data, size_t size, bool resume)
{
    match_entries list = { 0 };
    bool missing = true;
    long long torn_at = -2;
    char err[1024] = "";
    int rc = match_log_read(path, &list, resume ? &missing : NULL, resume ? &torn_at : NULL,
                            err, sizeof err);
    check_message(rc, "match_log_read", err, sizeof err);
    if (rc != SG_OK) {
        match_entries_free(&list);
        return;
    }
    if (resume) {
        fuzz_check(!missing, "an existing file read as missing");
        fuzz_check(torn_at == -1 || (torn_at >= 0 && (size_t)torn_at < size &&
                                     (torn_at == 0 || data[torn_at - 1] == '\n')),
                   "torn line cut at %lld of %zu", torn_at, size);
    }
    match_plan plan;
    memset(&plan, 0, sizeof plan);
    plan.first = size > 0 ? (match_first)(data[0] % 3) : FIRST_LEFT;
    match_tally t = { 0 };
    for (size_t i = 0; i < list.n; i++) {
        const match_entry *e = &list.v[i];
        fuzz_check(e->game < e->total && e->len > 0 && strlen(e->text) == e->len &&
                       e->text[e->len - 1] == '\n',
                   "bad entry at line %zu", e->line);
        match_outcome o;
        if (match_outcome_parse(e->text, &o))
            match_tally_count(&t, &plan, e->game, &o);
    }
    char line[256];
    match_tally_progress_text(&t, list.n, 1.5, line, sizeof line);
    fuzz_check(memchr(line, '\0', sizeof line) != NULL, "progress line not terminated");
    match_entries_free(&list);
}

static void read_report(char *path)
{
    report_options o = { .level = 0.95, .ci = SG_CI_T };
    report_data d;
    memset(&d, 0, sizeof d);
    char err[1024] = "";
    char *files[] = { path };
    int rc = report_read(&d, &o, files, 1, err, sizeof err);
    check_message(rc, "report_read", err, sizeof err);
    if (rc == 0) {
        rc = report_compute(&d, &o, err, sizeof err);
        check_message(rc, "report_compute", err, sizeof err);
    }
    if (rc == 0) {
        FILE *null = fuzz_null_stream();
        (void)report_write_md(null, &d, &o);
        (void)report_write_html(null, &d, &o);
        fflush(null);
    }
    report_free(&d);
}

static void read_lines(const uint8_t *data, size_t size)
{
    static const char *const keys[] = { "game", "games_total", "tournament", "result",
                                        "score", "loss", "fault", "forfeit", "moves" };
    char *text = fuzz_text(data, size);
    for (char *line = text, *next; line; line = next) {
        next = strchr(line, '\n');
        if (next)
            *next++ = '\0';
        json_t *obj = json_read_object(line);
        fuzz_check(obj == NULL || json_is_object(obj), "json_read_object: not an object");
        for (size_t k = 0; k < sizeof keys / sizeof *keys; k++) {
            static const size_t caps[] = { 1, 8, 64, 1024 };
            for (size_t c = 0; c < sizeof caps / sizeof *caps; c++) {
                char buf[1024];
                memset(buf, 'x', sizeof buf);
                if (json_text(obj, keys[k], buf, caps[c]))
                    fuzz_check(memchr(buf, '\0', caps[c]) != NULL,
                               "json_text(\"%s\", cap %zu): not terminated", keys[k], caps[c]);
            }
        }
        json_decref(obj);
    }
    free(text);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    static int fd = -1;
    static char path[64];
    if (size > INPUT_MAX)
        return 0;
    if (fd < 0) {
        fd = memfd_create("records.jsonl", 0);
        fuzz_check(fd >= 0, "memfd_create failed");
        snprintf(path, sizeof path, "/proc/self/fd/%d", fd);
    }
    fuzz_check(ftruncate(fd, 0) == 0 && pwrite(fd, data, size, 0) == (ssize_t)size,
               "cannot write the memfd");
    read_log(path, data, size, true);
    read_log(path, data, size, false);
    read_report(path);
    read_lines(data, size);
    return 0;
}
