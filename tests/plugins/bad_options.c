/* The subtraction game with an evaluate() (the heap, as numberless_subtract's) and an
 * evaluate_options that values the position itself, not its best child (ABI 1.8). */
#define SUBTRACT_NAME "bad_options"
#define SUBTRACT_BAD_OPTIONS 1
#include "subtract_game.h"
