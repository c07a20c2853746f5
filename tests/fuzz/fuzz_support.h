/* What the libFuzzer targets of tests/fuzz share: the game plugins of the fuzz build
 * (build/fuzz/games, compiled with the fuzzer's coverage and sanitizers), the input as a
 * C string, and the checks of the notation contracts of include/sumgame/game.h.
 *
 * A broken contract is reported on stderr and aborts, which libFuzzer records as a
 * crash with its input. */
#ifndef SUMGAME_FUZZ_SUPPORT_H
#define SUMGAME_FUZZ_SUPPORT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "sumgame/game.h"

/* The build directory whose games/ the targets load: $SUMGAME_BUILD, else the one the
 * target was compiled in. */
const char *fuzz_build_dir(void);

/* The descriptor of game name from the fuzz build, opened on first use and kept open
 * for the life of the process (so later dlopen/dlclose pairs never unload it). */
const sg_game_desc *fuzz_game(const char *name);

/* data[0..size) as a NUL-terminated string (free it); an embedded NUL ends the text
 * early, as it would on a command line. */
char *fuzz_text(const uint8_t *data, size_t size);

/* A stream that discards what is written to it (no file behind it). */
FILE *fuzz_null_stream(void);

/* Aborts with the message when ok is false. */
void fuzz_check(bool ok, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/* The position target of game name: parses the input in a fresh instance, and when it
 * parses, checks format/parse round trips (same bytes, same text, same hash), then
 * lists both players' moves and checks each move's notation round trip and that it
 * plays. */
void fuzz_position(const char *name, const uint8_t *data, size_t size);

/* The move target: parse_move of the input for both players on position (which must
 * parse), and for a move that parses and plays, format_move's round trip. */
void fuzz_move(const char *name, const char *position, const char *text);

#endif
