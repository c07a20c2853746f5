/* The correct subtraction game (see subtract_game.h): check-plugin must pass it. */
#define SUBTRACT_NAME "good_subtract"
#include "subtract_game.h"
