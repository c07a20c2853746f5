/* Command-line options shared by the host's commands: a table of options each command
 * declares, parsed in one place so every command spells options, numbers and errors the
 * same way ("sumgame: gen: --count 'x': expected an integer from 1 to 1000000").
 *
 * Options may be written "--name VALUE" or "--name=VALUE" and may appear anywhere among
 * the positional arguments; "--" ends the options. Anything else starting with "--" is
 * an unknown option. A single "-" or "-3" is a positional argument (positions such as
 * "rcg:-3" or "-3" are notations, never options). */
#ifndef SUMGAME_HOST_ARGS_H
#define SUMGAME_HOST_ARGS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sumgame/host.h"

typedef enum args_kind {
    ARGS_FLAG,   /* bool *: set to true, takes no value */
    ARGS_STRING, /* const char **: the value (the last one wins) */
    ARGS_UINT,   /* unsigned long long *: decimal integer in [min, max] */
    ARGS_SEED,   /* uint64_t *: any decimal integer 0 .. 2^64-1 */
    ARGS_CHOICE, /* int *: index of the value in choices (NULL-terminated) */
    ARGS_LIST    /* args_list *: every value, in order (repeatable option) */
} args_kind;

/* The values of a repeatable option; items point into argv. Free with args_list_free. */
typedef struct args_list {
    const char **items;
    size_t count;
} args_list;

/* One option of a command's table. The same row parses the option and explains it in
 * `sumgame CMD --help`, so the help cannot drift from what is accepted. */
typedef struct args_option {
    const char *name; /* with dashes: "--count" */
    args_kind kind;
    void *out;
    unsigned long long min, max;  /* ARGS_UINT */
    const char *const *choices;   /* ARGS_CHOICE */
    const char *metavar; /* its value in help ("N"); NULL: none (a flag) or the choices */
    const char *help;    /* what it does, a line or two of plain text (wrapped) */
} args_option;

/* Parses argv of command (for messages). Options fill their outs; the other arguments
 * are stored in order into positional (capacity argc) and counted in *npositional.
 * On a bad argument prints "sumgame: COMMAND: ..." naming it and returns the exit
 * status (non-zero); returns 0 on success. */
int args_parse(const char *command, int argc, char **argv, const args_option *options,
               size_t noptions, char **positional, size_t *npositional);
void args_list_free(args_list *list);

/* Help. "--help" where an option may stand makes args_parse print the command's help on
 * stdout instead of parsing: the usage line made from the table, what the command does
 * (cli_command_find), then every option with its value and help, aligned. It then
 * returns 2, so the command stops as on a usage error without printing anything more,
 * and args_help_shown() tells host_main to exit 0. */
bool args_help_shown(void);
/* Prints that help for command and its table on out. */
void args_help_print(FILE *out, const char *command, const args_option *options,
                     size_t noptions);
/* Only the options' lines (experiment prints one block per kind under its own usage). */
void args_help_print_options(FILE *out, const args_option *options, size_t noptions);
/* While on, the help args_parse prints is only the options' lines. */
void args_help_options_only(bool on);
/* For the tests: called with every table args_parse prints help for. */
void args_help_watch(void (*watch)(void *ctx, const char *command,
                                   const args_option *options, size_t noptions),
                     void *ctx);
/* Writes text from column at on, wrapped at spaces to 80 columns ('\n' breaks a line),
 * continued lines starting at column indent; ends the last line. */
void args_help_wrap(FILE *out, const char *text, int at, int indent);
/* What help writes for an option's value: metavar, or the choices joined by '|', or ""
 * for a flag. */
const char *args_option_value(const args_option *o, char *buf, size_t cap);

/* Parses an unsigned decimal (no sign, no spaces) into [min, max]; false otherwise. */
bool args_parse_uint(const char *text, unsigned long long min, unsigned long long max,
                     unsigned long long *out);

/* True when text looks like key=value (a key of letters, digits, '_' or '-'). */
bool args_is_param(const char *text);

/* Game or strategy parameters built from key=value arguments. The strings are copies
 * owned by the set; section names the set in messages (e.g. "rcg"). */
typedef struct args_params {
    sg_params params;
    sg_param *items;
    char **keys;
} args_params;
/* Fills out from the count key=value texts in kv (each must satisfy args_is_param). */
int args_params_build(args_params *out, const char *section, char **kv, size_t count);
void args_params_free(args_params *p);

/* A list of integers such as "4, 5, 6", "4-6" or a mix, each in [min, max], into
 * out[0..cap); with increasing, each must exceed the one before. -1 when the text is not
 * such a list or holds more than cap numbers. */
int args_int_list(const char *text, int min, int max, bool increasing, int *out, size_t cap,
                  size_t *n);

#endif
