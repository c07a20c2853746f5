/* The subtraction game that reports heap 1 as 2: an integer, as the stuck-player rule
 * asks, but the wrong one (Left has one move, Right none: {0|} = 1). */
#define SUBTRACT_NAME "bad_number"
#define SUBTRACT_WRONG_NUMBER 1
#include "subtract_game.h"
