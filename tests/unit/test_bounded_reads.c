/* One way to read a file (issue #28): every file the host reads goes through in_file.c,
 * so /dev/zero, a FIFO without a writer and a directory are refused at once with one
 * line naming them, wherever they are given (report, merge, match's INI and its --out
 * with --resume), and no line longer than IN_FILE_LINE_MAX is buffered. Each run is
 * under `timeout 10`: one that hangs (a FIFO's open) fails with status 124. */
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "support.h"
#include "host/cli/in_file.h"

static char dir[64], fifo[128], fifo_ini[128], subdir[128], config[128];

/* A match that would be valid: only the file under test can make it fail. */
static const char config_text[] = "[match]\n"
                                  "left = r\n"
                                  "right = r\n"
                                  "games = 2\n"
                                  "[sum]\n"
                                  "generator = rcg\n"
                                  "[strategy.r]\n"
                                  "plugin = random\n";

static int setup(void **state)
{
    (void)state;
    snprintf(dir, sizeof dir, "/tmp/sumgame-bounded-XXXXXX");
    if (!mkdtemp(dir))
        return -1;
    snprintf(fifo, sizeof fifo, "%s/fifo.jsonl", dir);
    snprintf(fifo_ini, sizeof fifo_ini, "%s/fifo.ini", dir);
    snprintf(subdir, sizeof subdir, "%s/dir", dir);
    snprintf(config, sizeof config, "%s/m.ini", dir);
    FILE *f = fopen(config, "w");
    if (!f || mkfifo(fifo, 0600) != 0 || mkfifo(fifo_ini, 0600) != 0 || mkdir(subdir, 0700))
        return -1;
    fputs(config_text, f);
    return fclose(f);
}

static int teardown(void **state)
{
    (void)state;
    unlink(fifo);
    unlink(fifo_ini);
    rmdir(subdir);
    unlink(config);
    char out[160];
    snprintf(out, sizeof out, "%s/out.jsonl", dir);
    unlink(out);
    return rmdir(dir);
}

/* The run fails at once, exit 1 or 2, with exactly one line "sumgame: ..." holding want. */
static void refused(const char *args, const char *want)
{
    support_run r = support_host_within(10, args, NULL);
    support_assert_error(&r, want);
    assert_string_equal(r.out, "");
    support_run_free(&r);
}

static void refused_not_regular(const char *fmt, const char *path)
{
    char args[512], want[256];
    snprintf(args, sizeof args, fmt, path);
    snprintf(want, sizeof want, "%s: not a regular file\n", path);
    refused(args, want);
}

/* `report` read /dev/zero at 600 MB/s into one line, and blocked on a FIFO's open. */
static void report_refuses_devices_fifos_and_directories(void **state)
{
    (void)state;
    refused_not_regular("report '%s'", "/dev/zero");
    refused_not_regular("report '%s'", fifo);
    refused_not_regular("report '%s'", subdir);
}

/* `merge` read its inputs the same way. */
static void merge_refuses_devices_fifos_and_directories(void **state)
{
    (void)state;
    char fmt[256];
    snprintf(fmt, sizeof fmt, "merge '%s/out.jsonl' '%%s'", dir);
    refused_not_regular(fmt, "/dev/zero");
    refused_not_regular(fmt, fifo);
    refused_not_regular(fmt, subdir);
}

/* The INI loader opened with fopen: a FIFO blocked, a directory failed at its read. */
static void match_refuses_them_as_its_configuration(void **state)
{
    (void)state;
    refused_not_regular("match '%s'", "/dev/zero");
    refused_not_regular("match '%s'", fifo_ini);
    refused_not_regular("match '%s'", subdir);
}

/* --resume reads --out back before it opens it to append. */
static void match_refuses_them_as_the_file_it_resumes(void **state)
{
    (void)state;
    char fmt[256];
    snprintf(fmt, sizeof fmt, "match '%s' --out '%%s' --resume", config);
    refused_not_regular(fmt, "/dev/zero");
    refused_not_regular(fmt, fifo);
    refused_not_regular(fmt, subdir);
}

/* A record file: first, when not NULL, then a line one byte over the cap. */
static void long_line_file(const char *path, const char *first)
{
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    if (first)
        fputs(first, f);
    for (size_t i = 0; i <= IN_FILE_LINE_MAX; i++)
        fputc('x', f);
    fputc('\n', f);
    assert_int_equal(fclose(f), 0);
}

/* A line over the cap is one clear line wherever a record file is read, not an
 * allocation as large as the line. */
static void a_line_over_the_cap_is_refused(void **state)
{
    (void)state;
    char path[160], args[512], want[256];
    snprintf(path, sizeof path, "%s/long.jsonl", dir);
    /* report skips objects that are not records; merge and --resume stop at them */
    long_line_file(path, "{\"note\": \"not a record\"}\n");
    snprintf(want, sizeof want, "%s:2: line longer than 1 MiB\n", path);
    snprintf(args, sizeof args, "report '%s'", path);
    refused(args, want);
    long_line_file(path, NULL);
    snprintf(want, sizeof want, "%s:1: line longer than 1 MiB\n", path);
    snprintf(args, sizeof args, "merge '%s/out.jsonl' '%s'", dir, path);
    refused(args, want);
    snprintf(args, sizeof args, "match '%s' --out '%s' --resume", config, path);
    refused(args, want);
    unlink(path);
}

/* The same for a match's sums file (file = NAME). */
static void a_sums_line_over_the_cap_is_refused(void **state)
{
    (void)state;
    char list[160], ini[160];
    snprintf(list, sizeof list, "%s/sums.txt", dir);
    snprintf(ini, sizeof ini, "%s/sums.ini", dir);
    FILE *f = fopen(list, "w");
    assert_non_null(f);
    fputs("rcg:{1|0}\n", f);
    for (size_t i = 0; i <= IN_FILE_LINE_MAX; i++)
        fputc(' ', f);
    assert_int_equal(fclose(f), 0);
    f = fopen(ini, "w");
    assert_non_null(f);
    fputs("[match]\nleft = r\nright = r\n[sum]\nfile = sums.txt\n[strategy.r]\nplugin = random\n",
          f);
    assert_int_equal(fclose(f), 0);
    char args[512], want[512];
    snprintf(args, sizeof args, "match '%s'", ini);
    snprintf(want, sizeof want, "%s:5: sum: file = 'sums.txt': %s:2: line longer than 1 MiB\n",
             ini, list);
    refused(args, want);
    unlink(list);
    unlink(ini);
}

/* The records merge and --resume hold whole are capped in size (a sparse file: no disk). */
static void a_record_file_over_the_size_cap_is_refused(void **state)
{
    (void)state;
    char path[160];
    snprintf(path, sizeof path, "%s/huge.jsonl", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    assert_int_equal(fclose(f), 0);
    if (truncate(path, IN_FILE_HELD_MAX + 1) != 0) {
        unlink(path);
        skip(); /* a file system without sparse files of this size */
    }
    char args[512], want[256];
    snprintf(want, sizeof want, "%s: %lld bytes, more than the 16 GiB a file read whole may hold\n",
             path, IN_FILE_HELD_MAX + 1);
    snprintf(args, sizeof args, "merge '%s/out.jsonl' '%s'", dir, path);
    refused(args, want);
    snprintf(args, sizeof args, "match '%s' --out '%s' --resume", config, path);
    refused(args, want);
    unlink(path);
}

/* in_file_line itself: a line of exactly the cap passes, NUL bytes are counted, the
 * last line needs no newline, and the byte after the cap stops the read. */
static void in_file_line_counts_and_caps(void **state)
{
    (void)state;
    char path[160], err[512];
    snprintf(path, sizeof path, "%s/lines.txt", dir);
    FILE *f = fopen(path, "w");
    assert_non_null(f);
    fwrite("a\0b\n\n", 1, 5, f);
    for (size_t i = 0; i < IN_FILE_LINE_MAX; i++)
        fputc('y', f);
    fputs("\nlast", f);
    assert_int_equal(fclose(f), 0);
    f = in_file_open(path, err, sizeof err);
    assert_non_null(f);
    char *line = NULL;
    size_t cap = 0;
    assert_int_equal(in_file_line(f, &line, &cap, path, 1, err, sizeof err), 4);
    assert_memory_equal(line, "a\0b\n", 5);
    assert_int_equal(in_file_line(f, &line, &cap, path, 2, err, sizeof err), 1);
    assert_int_equal(in_file_line(f, &line, &cap, path, 3, err, sizeof err),
                     (ssize_t)IN_FILE_LINE_MAX + 1);
    assert_true(cap <= IN_FILE_LINE_MAX + 2);
    assert_int_equal(in_file_line(f, &line, &cap, path, 4, err, sizeof err), 4);
    assert_string_equal(line, "last");
    assert_int_equal(in_file_line(f, &line, &cap, path, 5, err, sizeof err), -1);
    assert_false(ferror(f));
    fclose(f);

    f = fopen(path, "w");
    assert_non_null(f);
    for (size_t i = 0; i < 3 * IN_FILE_LINE_MAX; i++)
        fputc('z', f);
    assert_int_equal(fclose(f), 0);
    f = in_file_open(path, err, sizeof err);
    assert_non_null(f);
    assert_int_equal(in_file_line(f, &line, &cap, path, 7, err, sizeof err), -2);
    assert_true(cap <= IN_FILE_LINE_MAX + 2);
    char want[256];
    snprintf(want, sizeof want, "%s:7: line longer than 1 MiB", path);
    assert_string_equal(err, want);
    fclose(f);

    /* the size cap, and errno telling the refusals from a failed open */
    errno = 0;
    assert_null(in_file_open_max(path, 10, "10 bytes", err, sizeof err));
    assert_int_equal(errno, EFBIG);
    snprintf(want, sizeof want, "%s: %zu bytes, more than the 10 bytes a file read whole may "
             "hold", path, 3 * IN_FILE_LINE_MAX);
    assert_string_equal(err, want);
    assert_null(in_file_open(subdir, err, sizeof err));
    assert_int_equal(errno, EINVAL);
    snprintf(path, sizeof path, "%s/absent", dir);
    assert_null(in_file_open(path, err, sizeof err));
    assert_int_equal(errno, ENOENT);
    snprintf(path, sizeof path, "%s/lines.txt", dir);
    unlink(path);
    free(line);
}

/* gtp reads its commands from stdin, which may be /dev/zero too. */
static void gtp_stops_at_a_line_over_the_cap(void **state)
{
    (void)state;
    char *input = malloc(IN_FILE_LINE_MAX + 16);
    assert_non_null(input);
    strcpy(input, "name\n");
    memset(input + 5, 'a', IN_FILE_LINE_MAX + 1);
    strcpy(input + 5 + IN_FILE_LINE_MAX + 1, "\nquit\n");
    support_run r = support_host_within(10, "gtp --game go --strategy random", input);
    /* the command before it is answered; the long line ends the session */
    support_assert_error(&r, "sumgame: gtp: stdin:2: line longer than 1 MiB\n");
    assert_string_equal(r.out, "= sumgame\n\n");
    support_run_free(&r);
    free(input);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(report_refuses_devices_fifos_and_directories),
        cmocka_unit_test(merge_refuses_devices_fifos_and_directories),
        cmocka_unit_test(match_refuses_them_as_its_configuration),
        cmocka_unit_test(match_refuses_them_as_the_file_it_resumes),
        cmocka_unit_test(a_line_over_the_cap_is_refused),
        cmocka_unit_test(a_sums_line_over_the_cap_is_refused),
        cmocka_unit_test(a_record_file_over_the_size_cap_is_refused),
        cmocka_unit_test(in_file_line_counts_and_caps),
        cmocka_unit_test(gtp_stops_at_a_line_over_the_cap),
    };
    return cmocka_run_group_tests(tests, setup, teardown);
}
