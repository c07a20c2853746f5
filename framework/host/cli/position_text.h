/* A position's notation as a heap string of whatever length the game needs: format()
 * writes into a caller buffer, and positions (explicit trees, big boards) can be long. */
#ifndef SUMGAME_HOST_POSITION_TEXT_H
#define SUMGAME_HOST_POSITION_TEXT_H

#include <stdbool.h>

#include "sumgame/game.h"
#include "sumgame/sum.h"

/* Stores a malloc'd, NUL-terminated notation of pos in *text. Returns SG_OK, the
 * game's error, or SG_ERR_RANGE when the text would exceed 16 MiB. */
int position_text(const sg_game_desc *desc, void *instance, const void *pos, char **text);

/* A best move's text for who: "none" when there is none (has is false), the move code in
 * hex when the game cannot write it. */
void position_move_text(const sg_game *game, const void *pos, sg_player who, bool has,
                        sg_move move, char *buf, size_t cap);

#endif
