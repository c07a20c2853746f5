/* The subtraction game with a cycle: Right may give a token back, so 3 -> 2 -> 3 -> ...
 * The exact engine must refuse it (with a message, not a crash or a loop-free answer);
 * check-plugin must still pass it (cycles break no rule of the ABI). */
#define SUBTRACT_NAME "loopy_subtract"
#define SUBTRACT_LOOPY 1
#include "subtract_game.h"
