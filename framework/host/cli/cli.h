/* The host's commands and what they share: argument handling and error reporting. */
#ifndef SUMGAME_HOST_CLI_H
#define SUMGAME_HOST_CLI_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

/* The whole command line: argv[0] is the program; returns the exit status. */
int host_main(int argc, char **argv);

/* Each command gets argv after the command name and returns the process exit status. */
int cmd_list(int argc, char **argv);
int cmd_solve(int argc, char **argv);
int cmd_analyze(int argc, char **argv);
int cmd_match(int argc, char **argv);
int cmd_gen(int argc, char **argv);
int cmd_perft(int argc, char **argv);
int cmd_experiment(int argc, char **argv);
int cmd_db(int argc, char **argv);
int cmd_check_plugin(int argc, char **argv);
int cmd_gtp(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_merge(int argc, char **argv);

/* A row of the command table (commands.c): what the help says of a command besides its
 * options, which come from the command's own table (args.h). */
typedef struct cli_command {
    const char *name;
    int (*run)(int, char **);
    const char *operands; /* the arguments that are not options, as the usage line writes
                           * them ("SUM DEPTH"); options named here are not repeated */
    const char *summary;  /* one line for `sumgame --help` */
    const char *about;    /* a sentence or two for `sumgame CMD --help` */
} cli_command;
/* The command called name, NULL if none; the commands in order by index (NULL past
 * the last). */
const cli_command *cli_command_find(const char *name);
const cli_command *cli_command_at(size_t i);

/* Prints "sumgame: MESSAGE" on stderr, one line with control characters escaped (the
 * message may echo anything the user typed), and returns 2 (usage) or 1 (other
 * failures), or status. */
int cli_usage(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int cli_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
int cli_fail_status(int status, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
void cli_vprint_error(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

/* Writes the message into err (errlen bytes) and returns SG_ERR_INVALID: for the
 * loaders that report a bad file to their caller rather than print. */
int cli_errf(char *err, size_t errlen, const char *fmt, ...) __attribute__((format(printf, 3, 4)));

#endif
