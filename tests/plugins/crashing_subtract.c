/* The subtraction game with a crash in play (see subtract_game.h): check-plugin must
 * report the crash as a FAIL line instead of dying silently. */
#define SUBTRACT_NAME "crashing_subtract"
#define SUBTRACT_CRASHES 1
#include "subtract_game.h"
