/* The subtraction game with a split that changes the value: heap n >= 4 becomes heaps 1
 * and n - 1. check-plugin must find that the parts do not add up to the whole. */
#define SUBTRACT_NAME "bad_split"
#define SUBTRACT_BAD_SPLIT 1
#include "subtract_game.h"
