/* The subtraction game (see subtract_game.h) whose number() stays silent on heap 1, where
 * Right has no move, and which has an evaluate(): a game whose settlement gives up, as
 * Amazons' can within its budget. A match must then score the game, not forfeit it. */
#define SUBTRACT_NAME "numberless_subtract"
#define SUBTRACT_NUMBERLESS 1
#include "subtract_game.h"
