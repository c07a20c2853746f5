/* The subtraction game with a "symmetry" that is none: heap n maps to heap n rounded
 * down to even (heap 1 = 1 and heap 0 = 0 differ). */
#define SUBTRACT_NAME "bad_canonical"
#define SUBTRACT_BAD_CANONICAL 1
#include "subtract_game.h"
