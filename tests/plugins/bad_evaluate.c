/* The subtraction game evaluated from Right's point of view: heap 1 is the number 1, and
 * evaluate says -1. */
#define SUBTRACT_NAME "bad_evaluate"
#define SUBTRACT_BAD_EVALUATE 1
#include "subtract_game.h"
