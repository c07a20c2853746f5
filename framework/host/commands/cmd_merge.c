/* sumgame merge OUT.jsonl IN.jsonl... [--json]
 * Combines the record files of one tournament's shards (`match --shard I/N --out ...`)
 * into one file in game order, equal to what one run writes. Every record must carry
 * the same tournament fingerprint (match_log.h), and every game of the tournament must
 * be there exactly once: a missing or duplicated game is refused with one line naming
 * it and the files. A single input is put in game order and checked the same way. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "host/cli/args.h"
#include "host/cli/cli.h"
#include "host/match/match_log.h"
#include "host/cli/json.h"

#define USAGE "sumgame merge OUT.jsonl IN.jsonl... [--json]"

static int by_game_then_file(const void *a, const void *b)
{
    const match_entry *x = a, *y = b;
    if (x->game != y->game)
        return x->game < y->game ? -1 : 1;
    return x->file == y->file ? (x->line > y->line) - (x->line < y->line)
                              : strcmp(x->file, y->file);
}

/* Whether path names the same file as one of the inputs. */
static bool is_input(const char *path, char **in, size_t nin)
{
    struct stat a, b;
    if (stat(path, &a) != 0)
        return false;
    for (size_t i = 0; i < nin; i++)
        if (stat(in[i], &b) == 0 && a.st_dev == b.st_dev && a.st_ino == b.st_ino)
            return true;
    return false;
}

int cmd_merge(int argc, char **argv)
{
    bool json = false;
    const char *plugin_path = NULL; /* accepted like every command's, and unused */
    const args_option options[] = {
        { "--json", ARGS_FLAG, &json, 0, 0, NULL, NULL,
          "print what was merged as one JSON object" },
        { "--plugin-path", ARGS_STRING, &plugin_path, 0, 0, NULL, "DIRS",
          "accepted like every command's; merge loads no plugin" },
    };
    char **pos = calloc((size_t)argc + 1, sizeof *pos);
    if (!pos)
        return cli_fail("merge: out of memory");
    size_t npos = 0;
    int status = args_parse("merge", argc, argv, options, sizeof options / sizeof options[0],
                            pos, &npos);
    if (status == 0 && npos < 2)
        status = cli_usage("merge: expected OUT.jsonl and at least one input (usage: " USAGE
                           ")");
    const char *out = status == 0 ? pos[0] : NULL;
    char **in = pos + 1;
    size_t nin = npos ? npos - 1 : 0;
    struct stat sb;
    if (status == 0 && stat(out, &sb) == 0 && S_ISREG(sb.st_mode) && sb.st_size > 0 &&
        !is_input(out, in, nin))
        status = cli_fail("merge: %s already exists: choose another output file", out);
    match_entries list = { 0 };
    char err[1024];
    for (size_t i = 0; i < nin && status == 0; i++) {
        size_t before = list.n;
        if (match_log_read(in[i], &list, NULL, NULL, err, sizeof err) != SG_OK)
            status = cli_fail("merge: %s", err);
        else if (list.n == before)
            status = cli_fail("merge: %s holds no records", in[i]);
    }
    if (status == 0) {
        const match_entry *first = &list.v[0];
        for (size_t i = 1; i < list.n && status == 0; i++) {
            const match_entry *e = &list.v[i];
            if (e->print != first->print || e->total != first->total)
                status = cli_fail("merge: %s:%zu: a record of another tournament (%016llx "
                                  "of %llu games; %s:%zu is %016llx of %llu games)", e->file,
                                  e->line, (unsigned long long)e->print, e->total,
                                  first->file, first->line,
                                  (unsigned long long)first->print, first->total);
        }
    }
    char names[512] = "";
    for (size_t i = 0, used = 0; i < nin && status == 0 && used < sizeof names; i++)
        used += (size_t)snprintf(names + used, sizeof names - used, "%s%s", i ? ", " : "",
                                 in[i]);
    if (status == 0) {
        qsort(list.v, list.n, sizeof *list.v, by_game_then_file);
        unsigned long long want = 0;
        for (size_t i = 0; i < list.n && status == 0; i++, want++) {
            const match_entry *e = &list.v[i];
            if (i > 0 && e->game == list.v[i - 1].game)
                status = cli_fail("merge: game %llu is recorded twice: %s:%zu and %s:%zu",
                                  e->game, list.v[i - 1].file, list.v[i - 1].line, e->file,
                                  e->line);
            else if (e->game != want)
                status = cli_fail("merge: game %llu is missing: it is in none of %s", want,
                                  names);
        }
        if (status == 0 && want != list.v[0].total)
            status = cli_fail("merge: game %llu is missing: it is in none of %s", want,
                              names);
    }
    if (status == 0 && match_log_write_sorted(out, &list, err, sizeof err) != SG_OK)
        status = cli_fail("merge: %s", err);
    if (status == 0) {
        if (json) {
            json_out o;
            json_out_init(&o, stdout);
            json_out_object(&o, NULL);
            json_out_string(&o, "out", out);
            json_out_uint(&o, "games", list.n);
            json_out_uint(&o, "files", nin);
            json_out_stringf(&o, "tournament", "%016llx", (unsigned long long)list.v[0].print);
            json_out_end(&o);
            putchar('\n');
        } else {
            printf("merged %zu games of tournament %016llx from %zu files into %s\n", list.n,
                   (unsigned long long)list.v[0].print, nin, out);
        }
    }
    match_entries_free(&list);
    free(pos);
    return status;
}
