/* The subtraction game with broken ABI 1.2 hooks: a move elsewhere changes every position
 * every time, and playouts differ between two calls from the same random state. */
#define SUBTRACT_NAME "ko_broken_subtract"
#define SUBTRACT_BAD_KO 1
#include "subtract_game.h"
