#include "host/cli/args.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host/cli/cli.h"

static int show_help(const char *command, const args_option *options, size_t noptions);

bool args_parse_uint(const char *text, unsigned long long min, unsigned long long max,
                     unsigned long long *out)
{
    /* strtoull accepts signs and spaces and wraps "-1" to 2^64-1, so digits are checked
     * by hand. */
    if (!text || !*text)
        return false;
    unsigned long long v = 0;
    for (const char *p = text; *p; p++) {
        if (*p < '0' || *p > '9')
            return false;
        unsigned d = (unsigned)(*p - '0');
        if (v > (~0ULL - d) / 10)
            return false;
        v = v * 10 + d;
    }
    if (v < min || v > max)
        return false;
    *out = v;
    return true;
}

bool args_is_param(const char *text)
{
    const char *eq = strchr(text, '=');
    if (!eq || eq == text || text[0] == '-')
        return false;
    for (const char *p = text; p < eq; p++)
        if (!((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
              *p == '_' || *p == '-' || *p == '.'))
            return false;
    return true;
}

static int list_push(args_list *list, const char *value)
{
    const char **grown = realloc(list->items, (list->count + 1) * sizeof *grown);
    if (!grown)
        return -1;
    list->items = grown;
    list->items[list->count++] = value;
    return 0;
}

void args_list_free(args_list *list)
{
    free(list->items);
    list->items = NULL;
    list->count = 0;
}

static int store(const char *command, const args_option *o, const char *value)
{
    switch (o->kind) {
    case ARGS_FLAG:
        *(bool *)o->out = true;
        return 0;
    case ARGS_STRING:
        if (!*value)
            return cli_usage("%s: %s: empty value", command, o->name);
        *(const char **)o->out = value;
        return 0;
    case ARGS_UINT: {
        unsigned long long v;
        if (!args_parse_uint(value, o->min, o->max, &v))
            return cli_usage("%s: %s '%.40s': expected an integer from %llu to %llu", command,
                             o->name, value, o->min, o->max);
        *(unsigned long long *)o->out = v;
        return 0;
    }
    case ARGS_SEED: {
        unsigned long long v;
        if (!args_parse_uint(value, 0, ~0ULL, &v))
            return cli_usage("%s: %s '%.40s': expected a non-negative integer below 2^64",
                             command, o->name, value);
        *(uint64_t *)o->out = (uint64_t)v;
        return 0;
    }
    case ARGS_CHOICE:
        for (int i = 0; o->choices[i]; i++)
            if (strcmp(o->choices[i], value) == 0) {
                *(int *)o->out = i;
                return 0;
            }
        {
            char expected[256] = "";
            size_t used = 0;
            for (int i = 0; o->choices[i]; i++) {
                int n = snprintf(expected + used, sizeof expected - used, "%s%s",
                                 i ? "|" : "", o->choices[i]);
                if (n < 0 || used + (size_t)n >= sizeof expected)
                    break;
                used += (size_t)n;
            }
            return cli_usage("%s: %s '%.40s': expected %s", command, o->name, value, expected);
        }
    case ARGS_LIST:
        if (list_push(o->out, value) != 0)
            return cli_fail("%s: out of memory", command);
        return 0;
    }
    return cli_fail("%s: internal error: option kind %d", command, (int)o->kind);
}

int args_parse(const char *command, int argc, char **argv, const args_option *options,
               size_t noptions, char **positional, size_t *npositional)
{
    *npositional = 0;
    bool options_done = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (options_done || strncmp(a, "--", 2) != 0) {
            positional[(*npositional)++] = argv[i];
            continue;
        }
        if (a[2] == '\0') {
            options_done = true;
            continue;
        }
        if (strcmp(a, "--help") == 0)
            return show_help(command, options, noptions);
        const char *eq = strchr(a, '=');
        size_t name_len = eq ? (size_t)(eq - a) : strlen(a);
        const args_option *o = NULL;
        for (size_t k = 0; k < noptions && !o; k++)
            if (strlen(options[k].name) == name_len &&
                strncmp(options[k].name, a, name_len) == 0)
                o = &options[k];
        if (!o)
            return cli_usage("%s: unknown option '%.*s'", command, (int)(name_len > 60 ? 60 : name_len), a);
        const char *value = NULL;
        if (o->kind == ARGS_FLAG) {
            if (eq)
                return cli_usage("%s: %s takes no value", command, o->name);
        } else if (eq) {
            value = eq + 1;
        } else if (i + 1 < argc) {
            value = argv[++i];
        } else {
            return cli_usage("%s: %s needs a value", command, o->name);
        }
        int rc = store(command, o, value);
        if (rc != 0)
            return rc;
    }
    return 0;
}

int args_params_build(args_params *out, const char *section, char **kv, size_t count)
{
    memset(out, 0, sizeof *out);
    out->params.file = "command line";
    out->params.section = section;
    if (count == 0)
        return SG_OK;
    out->items = calloc(count, sizeof *out->items);
    out->keys = calloc(count, sizeof *out->keys);
    if (!out->items || !out->keys) {
        args_params_free(out);
        return SG_ERR_NOMEM;
    }
    for (size_t i = 0; i < count; i++) {
        const char *eq = strchr(kv[i], '=');
        if (!eq) {
            args_params_free(out);
            return SG_ERR_INVALID;
        }
        out->keys[i] = strndup(kv[i], (size_t)(eq - kv[i]));
        if (!out->keys[i]) {
            args_params_free(out);
            return SG_ERR_NOMEM;
        }
        out->items[i].key = out->keys[i];
        out->items[i].value = eq + 1;
        out->items[i].line = 0;
        out->params.count = i + 1;
    }
    out->params.items = out->items;
    return SG_OK;
}

void args_params_free(args_params *p)
{
    for (size_t i = 0; p->keys && i < p->params.count; i++)
        free(p->keys[i]);
    free(p->keys);
    free(p->items);
    memset(p, 0, sizeof *p);
}

int args_int_list(const char *text, int min, int max, bool increasing, int *out, size_t cap,
                  size_t *n)
{
    *n = 0;
    const char *s = text;
    for (;;) {
        while (*s == ' ' || *s == '\t')
            s++;
        char *end;
        errno = 0;
        long a = strtol(s, &end, 10);
        if (end == s || errno)
            return -1;
        long b = a;
        s = end;
        if (*s == '-') {
            s++;
            b = strtol(s, &end, 10);
            if (end == s || errno)
                return -1;
            s = end;
        }
        if (a < min || b > max || a > b)
            return -1;
        for (long v = a; v <= b; v++) {
            if (*n >= cap || (increasing && *n > 0 && v <= out[*n - 1]))
                return -1;
            out[(*n)++] = (int)v;
        }
        while (*s == ' ' || *s == '\t')
            s++;
        if (*s == '\0')
            return 0;
        if (*s++ != ',')
            return -1;
    }
}

/* Help ------------------------------------------------------------------------------ */

static bool help_shown, help_options_only;
static void (*help_watch)(void *, const char *, const args_option *, size_t);
static void *help_watch_ctx;

bool args_help_shown(void) { return help_shown; }

void args_help_options_only(bool on) { help_options_only = on; }

void args_help_watch(void (*watch)(void *ctx, const char *command,
                                   const args_option *options, size_t noptions),
                     void *ctx)
{
    help_watch = watch;
    help_watch_ctx = ctx;
}

const char *args_option_value(const args_option *o, char *buf, size_t cap)
{
    buf[0] = '\0';
    if (o->kind == ARGS_FLAG)
        return buf;
    if (o->metavar)
        return o->metavar;
    if (o->kind == ARGS_CHOICE && o->choices) {
        size_t used = 0;
        for (int i = 0; o->choices[i]; i++) {
            int n = snprintf(buf + used, cap - used, "%s%s", i ? "|" : "", o->choices[i]);
            if (n < 0 || used + (size_t)n >= cap)
                break;
            used += (size_t)n;
        }
        return buf;
    }
    return "VALUE";
}

enum { HELP_WIDTH = 80, HELP_INDENT = 4, HELP_COLUMN = 28 };


void args_help_wrap(FILE *out, const char *text, int at, int indent)
{
    int col = at;
    bool line_start = true;
    for (const char *p = text; *p;) {
        while (*p == ' ')
            p++;
        if (*p == '\n') {
            fprintf(out, "\n%*s", indent, "");
            col = indent;
            line_start = true;
            p++;
            continue;
        }
        size_t len = strcspn(p, " \n");
        if (len == 0)
            break;
        if (!line_start && col + 1 + (int)len > HELP_WIDTH) {
            fprintf(out, "\n%*s", indent, "");
            col = indent;
            line_start = true;
        }
        if (!line_start) {
            fputc(' ', out);
            col++;
        }
        fprintf(out, "%.*s", (int)len, p);
        col += (int)len;
        line_start = false;
        p += len;
    }
    fputc('\n', out);
}

/* The order help shows options in: the table's, but --plugin-path, which every command
 * takes, last. */
static const args_option *in_help_order(const args_option *options, size_t noptions,
                                        size_t k)
{
    size_t at = 0;
    for (int pass = 0; pass < 2; pass++)
        for (size_t i = 0; i < noptions; i++)
            if ((strcmp(options[i].name, "--plugin-path") == 0) == (pass == 1) && at++ == k)
                return &options[i];
    return NULL;
}

void args_help_print_options(FILE *out, const args_option *options, size_t noptions)
{
    for (size_t i = 0; i < noptions; i++) {
        const args_option *o = in_help_order(options, noptions, i);
        char buf[256], help[512];
        const char *value = args_option_value(o, buf, sizeof buf);
        int n = fprintf(out, "%*s%s%s%s", HELP_INDENT, "", o->name, *value ? " " : "", value);
        if (n < 0)
            return;
        if (n + 2 > HELP_COLUMN) {
            fprintf(out, "\n%*s", HELP_COLUMN, "");
        } else {
            fprintf(out, "%*s", HELP_COLUMN - n, "");
        }
        snprintf(help, sizeof help, "%s%s", o->help ? o->help : "(no help)",
                 o->kind == ARGS_LIST ? " (repeatable)" : "");
        args_help_wrap(out, help, HELP_COLUMN, HELP_COLUMN);
    }
}

/* The usage line: "usage: sumgame COMMAND OPERANDS [--option VALUE] ...", wrapped under
 * the operands. */
static void usage_line(FILE *out, const char *command, const char *operands,
                       const args_option *options, size_t noptions)
{
    int col = fprintf(out, "usage: sumgame %s", command);
    int indent = col + 1;
    if (operands && *operands) {
        fputc(' ', out);
        col += 1 + fprintf(out, "%s", operands);
    }
    for (size_t i = 0; i < noptions; i++) {
        const args_option *o = in_help_order(options, noptions, i);
        /* an option the operands already name ("--game GAME") is not repeated */
        if (operands) {
            const char *hit = strstr(operands, o->name);
            size_t len = strlen(o->name);
            if (hit && (hit[len] == ' ' || hit[len] == '\0' || hit[len] == ']'))
                continue;
        }
        char buf[256], unit[400];
        const char *value = args_option_value(o, buf, sizeof buf);
        int len = snprintf(unit, sizeof unit, "[%s%s%s]%s", o->name, *value ? " " : "", value,
                           o->kind == ARGS_LIST ? "..." : "");
        if (col + 1 + len > HELP_WIDTH) {
            fprintf(out, "\n%*s", indent, "");
            col = indent;
        } else {
            fputc(' ', out);
            col++;
        }
        fputs(unit, out);
        col += len;
    }
    fputc('\n', out);
}

void args_help_print(FILE *out, const char *command, const args_option *options,
                     size_t noptions)
{
    const cli_command *c = cli_command_find(command);
    usage_line(out, command, c ? c->operands : NULL, options, noptions);
    if (c && c->about) {
        fputc('\n', out);
        args_help_wrap(out, c->about, 0, 0);
    }
    fprintf(out, "\n");
    args_help_print_options(out, options, noptions);
}

static int show_help(const char *command, const args_option *options, size_t noptions)
{
    if (help_watch)
        help_watch(help_watch_ctx, command, options, noptions);
    if (help_options_only)
        args_help_print_options(stdout, options, noptions);
    else
        args_help_print(stdout, command, options, noptions);
    fflush(stdout);
    help_shown = true;
    return 2;
}
