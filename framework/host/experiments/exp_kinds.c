/* The registry of experiment kinds (exp_kinds.h) as a table, and what is made from it:
 * the lookup, the messages about kinds and the command's synopsis. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/cli/cli.h"
#include "host/experiments/experiment.h"
#include "sumgame/params.h"

#define EXPERIMENT_ROW(name, synopsis, run) { name, synopsis, run },
static const experiment_kind kinds[] = { EXPERIMENT_KINDS(EXPERIMENT_ROW) };
#undef EXPERIMENT_ROW

#define NKINDS (sizeof kinds / sizeof kinds[0])

size_t experiment_kind_count(void) { return NKINDS; }

const experiment_kind *experiment_kind_at(size_t i) { return i < NKINDS ? &kinds[i] : NULL; }

const experiment_kind *experiment_kind_find(const char *name)
{
    for (size_t i = 0; name && i < NKINDS; i++)
        if (strcmp(kinds[i].name, name) == 0)
            return &kinds[i];
    return NULL;
}

/* Every kind's name into buf, separated by sep, the last two by last. */
static void kind_names(char *buf, size_t cap, const char *sep, const char *last)
{
    size_t used = 0;
    buf[0] = '\0';
    for (size_t i = 0; i < NKINDS && used < cap; i++) {
        int n = snprintf(buf + used, cap - used, "%s%s",
                         i == 0 ? "" : i + 1 == NKINDS ? last : sep, kinds[i].name);
        if (n < 0)
            break;
        used += (size_t)n;
    }
}

const experiment_kind *experiment_kind_of(const sg_config *cfg, char *err, size_t errlen)
{
    const char *file = sg_config_file(cfg);
    const sg_params *p = sg_config_find(cfg, "experiment");
    char names[512];
    if (!p) {
        kind_names(names, sizeof names, "|", "|");
        snprintf(err, errlen, "%s: missing section [experiment] (kind = %s)", file, names);
        return NULL;
    }
    const sg_param *it = sg_params_find(p, "kind");
    if (!it) {
        kind_names(names, sizeof names, ", ", " or ");
        snprintf(err, errlen, "%s:%d: experiment: missing key 'kind' (%s)", file,
                 sg_config_find_line(cfg, "experiment"), names);
        return NULL;
    }
    const experiment_kind *k = experiment_kind_find(it->value);
    if (!k) {
        kind_names(names, sizeof names, ", ", ", ");
        sg_params_error(p, it, err, errlen, "kind = '%s' is not one of: %s", it->value, names);
    }
    return k;
}

/* Appends to text[cap] what fmt says, keeping it terminated when it does not fit. */
static void append(char *text, size_t cap, const char *fmt, ...)
{
    size_t used = strlen(text);
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(text + used, cap - used, fmt, ap);
    va_end(ap);
}

const char *experiment_synopsis(void)
{
    /* Built once: the registry is fixed at compile time. */
    static char text[2048];
    if (text[0])
        return text;
    append(text, sizeof text, "experiment FILE.ini [--json]  (");
    for (size_t i = 0; i < NKINDS; i++) {
        bool first = i == 0 || strcmp(kinds[i - 1].synopsis, kinds[i].synopsis) != 0;
        bool last = i + 1 == NKINDS || strcmp(kinds[i + 1].synopsis, kinds[i].synopsis) != 0;
        append(text, sizeof text, "%s%s", first ? (i ? "; kind = " : "kind = ") : "|",
               kinds[i].name);
        if (last)
            append(text, sizeof text, ": %s",
                   kinds[i].synopsis[0] ? kinds[i].synopsis : "no other options");
    }
    append(text, sizeof text, ")");
    return text;
}

bool experiment_option_is_flag(const char *option)
{
    if (strcmp(option, "--json") == 0)
        return true;
    /* A synopsis writes a flag "[--resume]", an option with a value "[--out FILE]". */
    char bracketed[64];
    if (snprintf(bracketed, sizeof bracketed, "[%s]", option) >= (int)sizeof bracketed)
        return false;
    for (size_t i = 0; i < NKINDS; i++)
        if (strstr(kinds[i].synopsis, bracketed))
            return true;
    return false;
}

int experiment_usage_one_file(const experiment_kind *kind)
{
    return cli_usage("experiment: expected one FILE.ini (usage: sumgame experiment FILE.ini "
                     "%s%s[--json])", kind->synopsis, kind->synopsis[0] ? " " : "");
}

int experiment_parse_args(const experiment_kind *kind, int argc, char **argv,
                          const args_option *options, size_t noptions, const char **file)
{
    char **pos = calloc((size_t)argc + 1, sizeof *pos);
    if (!pos)
        return cli_fail("experiment: out of memory");
    size_t npos = 0;
    int status = args_parse("experiment", argc, argv, options, noptions, pos, &npos);
    *file = npos ? pos[0] : NULL;
    if (status == 0 && npos != 1)
        status = experiment_usage_one_file(kind);
    free(pos);
    return status;
}
