/* Canonical forms as components: a game whose positions are the games of one canonical
 * form table (sumgame/cgt.h), so a sum may hold a component by its exact value instead of
 * by its game's position. Decomposition search replaces each component it can analyse by
 * this; number components are then frozen exactly, since the table knows every number.
 *
 * A position is the game's id in the table. A move is an option: Left's option i is the
 * code i, Right's is i | SG_CG_RIGHT. Not loaded as a plugin and not parsed from text:
 * made by the framework. */
#ifndef SUMGAME_CG_GAME_H
#define SUMGAME_CG_GAME_H

#include "sumgame/api.h"

#include "sumgame/cgt.h"
#include "sumgame/sum.h"

SG_API_BEGIN

#define SG_CG_RIGHT ((sg_move)1 << 32)

/* Wraps table as a game (the table must outlive the game and every sum holding it). */
void sg_cg_game_init(sg_game *game, sg_cgt *table);
bool sg_is_cg_game(const sg_game *game);
/* The game id of a cg position. */
sg_cg sg_cg_game_id(const void *pos);
/* The option a move leads to. */
sg_cg sg_cg_game_option(const sg_game *game, const void *pos, sg_move move);

SG_API_END
#endif
