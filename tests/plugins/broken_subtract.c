/* The subtraction game with three conformance bugs (see subtract_game.h): check-plugin
 * must report each of them as a FAIL line. */
#define SUBTRACT_NAME "broken_subtract"
#define SUBTRACT_BROKEN 1
#include "subtract_game.h"
