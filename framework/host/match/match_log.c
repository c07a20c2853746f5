#include "host/match/match_log.h"
#include "host/cli/cli.h"
#include "host/cli/in_file.h"
#include "host/cli/json.h"
#include "host/cli/out_file.h"

#include <errno.h>
#include <fcntl.h>
#include <libgen.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>


/* FNV-1a over s and a separator, so that "ab" + "c" differs from "a" + "bc". */
static uint64_t fnv(uint64_t h, const char *s)
{
    for (; s && *s; s++) {
        h ^= (unsigned char)*s;
        h *= 1099511628211ULL;
    }
    h ^= 0xff;
    h *= 1099511628211ULL;
    return h;
}

uint64_t match_fingerprint(const match_plan *plan)
{
    uint64_t h = fnv(1469598103934665603ULL, "sumgame match 1");
    char num[64];
    /* The configuration as read (comments, blanks and line numbers aside), but the
     * [match] keys whose effective values come next: --games and --seed replace them. */
    for (size_t i = 0, n = plan->cfg ? sg_config_count(plan->cfg) : 0; i < n; i++) {
        const sg_params *s = sg_config_section(plan->cfg, i);
        h = fnv(h, s->section);
        bool match = strcmp(s->section, "match") == 0;
        for (size_t k = 0; k < s->count; k++) {
            if (match && (strcmp(s->items[k].key, "games") == 0 ||
                          strcmp(s->items[k].key, "seed") == 0))
                continue;
            h = fnv(h, s->items[k].key);
            h = fnv(h, s->items[k].value);
        }
    }
    snprintf(num, sizeof num, "%llu %llu", plan->positions, (unsigned long long)plan->seed);
    h = fnv(h, num);
    /* The positions themselves: a listed file's contents are not in the configuration. */
    for (unsigned long long p = 0; p < plan->positions; p++)
        h = fnv(h, plan->texts[p]);
    return h ? h : 1;
}

void match_entries_free(match_entries *list)
{
    for (size_t i = 0; i < list->n; i++)
        free(list->v[i].text);
    free(list->v);
    memset(list, 0, sizeof *list);
}

static bool parse_u64(const char *s, int base, unsigned long long *out)
{
    if (!*s || *s == '-' || *s == '+' || *s == ' ')
        return false;
    char *end;
    errno = 0;
    *out = strtoull(s, &end, base);
    return !*end && errno == 0;
}

/* game, tournament and games_total of a record line. */
static bool parse_entry(const char *line, match_entry *e)
{
    char buf[64];
    unsigned long long print;
    json_t *rec = json_read_object(line);
    bool ok = json_text(rec, "game", buf, sizeof buf) && parse_u64(buf, 10, &e->game) &&
              json_text(rec, "games_total", buf, sizeof buf) &&
              parse_u64(buf, 10, &e->total) && e->game < e->total &&
              json_text(rec, "tournament", buf, sizeof buf) && strlen(buf) == 16 &&
              parse_u64(buf, 16, &print) && (e->print = print, true);
    json_decref(rec);
    return ok;
}

static int push(match_entries *list, const match_entry *e)
{
    if (list->n == list->cap) {
        size_t cap = list->cap ? list->cap * 2 : 64;
        match_entry *grown = realloc(list->v, cap * sizeof *grown);
        if (!grown)
            return SG_ERR_NOMEM;
        list->v = grown;
        list->cap = cap;
    }
    list->v[list->n++] = *e;
    return SG_OK;
}

int match_log_read(const char *path, match_entries *list, bool *missing, long long *torn_at,
                   char *err, size_t errlen)
{
    if (missing)
        *missing = false;
    if (torn_at)
        *torn_at = -1;
    /* Held whole (merge and --resume sort them), so a size cap besides the line cap. */
    FILE *f = in_file_open_max(path, IN_FILE_HELD_MAX, IN_FILE_HELD_MAX_TEXT, err, errlen);
    if (!f) {
        if (errno == ENOENT && missing) {
            *missing = true;
            return SG_OK;
        }
        if (errno == EINVAL || errno == EFBIG)
            return SG_ERR_INVALID;
        return cli_errf(err, errlen, "%s: cannot open: %s", path, strerror(errno));
    }
    char *line = NULL;
    size_t cap = 0, lineno = 0;
    off_t complete = 0; /* bytes up to the end of the last complete line */
    ssize_t len = 0;
    int rc = SG_OK;
    while (rc == SG_OK &&
           (len = in_file_line(f, &line, &cap, path, lineno + 1, err, errlen)) >= 0) {
        lineno++;
        if (line[len - 1] != '\n') {
            if (!torn_at) {
                rc = cli_errf(err, errlen, "%s:%zu: the last record is cut short (the run was "
                           "killed while writing it): finish that run with --resume first",
                           path, lineno);
                break;
            }
            *torn_at = (long long)complete;
            break;
        }
        /* Where the stream is, not the lengths summed: line 1 may have lost a byte
         * order mark, and the cut must fall after the last complete line's bytes. */
        if ((complete = ftello(f)) < 0) {
            rc = cli_errf(err, errlen, "%s: cannot tell where line %zu ends: %s", path, lineno,
                          strerror(errno));
            break;
        }
        if (len == 1)
            continue; /* an empty line carries nothing */
        if (memchr(line, '\0', (size_t)len)) {
            rc = cli_errf(err, errlen, "%s:%zu: not a match record (a NUL byte)", path, lineno);
            break;
        }
        match_entry e = { .file = path, .line = lineno, .len = (size_t)len };
        if (!parse_entry(line, &e)) {
            rc = cli_errf(err, errlen, "%s:%zu: not a record of `sumgame match` (no game, "
                       "tournament and games_total)", path, lineno);
            break;
        }
        if (!(e.text = malloc((size_t)len + 1))) {
            rc = cli_errf(err, errlen, "%s: out of memory", path);
            break;
        }
        memcpy(e.text, line, (size_t)len + 1);
        if (push(list, &e) != SG_OK) {
            free(e.text);
            rc = cli_errf(err, errlen, "%s: out of memory", path);
        }
    }
    if (len == -2)
        rc = SG_ERR_INVALID;
    if (rc == SG_OK && ferror(f))
        rc = cli_errf(err, errlen, "%s: cannot read: %s", path, strerror(errno));
    free(line);
    fclose(f);
    return rc;
}

int match_log_cut(const char *path, long long length, char *err, size_t errlen)
{
    if (truncate(path, (off_t)length) != 0)
        return cli_errf(err, errlen, "%s: cannot cut off the torn last line: %s", path,
                     strerror(errno));
    return SG_OK;
}

int match_log_open(const char *path, bool resume, char *err, size_t errlen)
{
    if (!*path) {
        cli_errf(err, errlen, "--out: empty file name");
        return -1;
    }
    int fd = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    struct stat st;
    if (fd < 0 || fstat(fd, &st) != 0) {
        cli_errf(err, errlen, "--out %s: cannot open: %s", path, strerror(errno));
        if (fd >= 0)
            close(fd);
        return -1;
    }
    if (!resume && S_ISREG(st.st_mode) && st.st_size > 0) {
        cli_errf(err, errlen, "--out %s already holds results: add --resume to continue that "
              "match, or choose another file", path);
        close(fd);
        return -1;
    }
    return fd;
}

int match_log_append(int fd, const char *text, size_t len, char *err, size_t errlen)
{
    for (size_t off = 0; off < len;) {
        ssize_t w = write(fd, text + off, len - off);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return cli_errf(err, errlen, "cannot write: %s", w < 0 ? strerror(errno) : "no space");
        off += (size_t)w;
    }
    /* Pipes and terminals cannot be synced (EINVAL): they keep nothing to lose. */
    if (fsync(fd) != 0 && errno != EINVAL && errno != EROFS)
        return cli_errf(err, errlen, "cannot sync: %s", strerror(errno));
    return SG_OK;
}

static int by_game(const void *a, const void *b)
{
    const match_entry *x = a, *y = b;
    return x->game < y->game ? -1 : x->game > y->game;
}

/* Syncs the directory holding path, so that a rename into it is on disk too. */
static void sync_dir(const char *path)
{
    char *copy = strdup(path);
    if (!copy)
        return;
    int fd = open(dirname(copy), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd >= 0) {
        fsync(fd);
        close(fd);
    }
    free(copy);
}

int match_log_write_sorted(const char *path, match_entries *list, char *err, size_t errlen)
{
    qsort(list->v, list->n, sizeof *list->v, by_game);
    /* A device or a FIFO (merge --out /dev/null) is written in place: a rename would
     * replace it with a regular file. */
    bool in_place = out_file_in_place(path);
    char tmp[4096];
    if (snprintf(tmp, sizeof tmp, "%s%s", path, in_place ? "" : ".tmp") >= (int)sizeof tmp)
        return cli_errf(err, errlen, "%s: path too long", path);
    int fd = in_place ? open(path, O_WRONLY | O_TRUNC | O_CLOEXEC)
                      : open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0)
        return cli_errf(err, errlen, "%s: cannot create: %s", tmp, strerror(errno));
    int rc = SG_OK;
    for (size_t i = 0; i < list->n && rc == SG_OK; i++)
        for (size_t off = 0; off < list->v[i].len && rc == SG_OK;) {
            ssize_t w = write(fd, list->v[i].text + off, list->v[i].len - off);
            if (w < 0 && errno == EINTR)
                continue;
            if (w <= 0)
                rc = cli_errf(err, errlen, "%s: cannot write: %s", tmp,
                           w < 0 ? strerror(errno) : "no space");
            else
                off += (size_t)w;
        }
    if (rc == SG_OK && !in_place && fsync(fd) != 0)
        rc = cli_errf(err, errlen, "%s: cannot sync: %s", tmp, strerror(errno));
    if (close(fd) != 0 && rc == SG_OK)
        rc = cli_errf(err, errlen, "%s: cannot write: %s", tmp, strerror(errno));
    if (in_place)
        return rc;
    if (rc == SG_OK && rename(tmp, path) != 0)
        rc = cli_errf(err, errlen, "%s: cannot replace: %s", path, strerror(errno));
    if (rc != SG_OK)
        unlink(tmp);
    else
        sync_dir(path);
    return rc;
}
