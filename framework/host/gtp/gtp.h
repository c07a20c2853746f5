/* `sumgame gtp`: one GTP v2 engine session on a stream pair (docs/gtp.md).
 *
 * The board is one position of a game that offers GTP (game.h, gtp_*), played move by move
 * with the game's play() and kept in a history for undo. genmove hands the board to the
 * strategy as a one-component sum (which the game may split into parts whose move codes
 * are the board's own), plays the chosen move on the board and writes it with the game's
 * gtp_format_move. Nothing here knows a game by name: the start position, the move text
 * and the name Quarry asks for all come from the plugin. */
#ifndef SUMGAME_HOST_GTP_H
#define SUMGAME_HOST_GTP_H

#include <stdint.h>
#include <stdio.h>

#include "sumgame/strategy.h"
#include "sumgame/sum.h"

typedef struct gtp_setup {
    sg_game *game;                    /* a game with every gtp_* field */
    const char *strategy_name;        /* for messages */
    const sg_strategy_desc *strategy; /* chooses genmove's moves */
    void *strategy_instance;
    sg_budget budget;                 /* per genmove; time_left may shorten its seconds */
    uint64_t seed;                    /* game k draws its stream from split(seed, k) */
} gtp_setup;

/* Answers the commands read from in on out until quit or the end of in. Returns 0, or 1
 * after a failure that ends the session (out of memory, a write error) with one line in
 * err. */
int gtp_run(const gtp_setup *setup, FILE *in, FILE *out, char *err, size_t errlen);

#endif
