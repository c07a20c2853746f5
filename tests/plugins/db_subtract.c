/* The subtraction game with the ABI 1.3 symmetry and database hooks, correct: shape
 * "heaps:N". check-plugin must pass it. */
#define SUBTRACT_NAME "db_subtract"
#define SUBTRACT_DB 1
#include "subtract_game.h"
