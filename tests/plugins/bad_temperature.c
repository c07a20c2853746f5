/* The subtraction game claiming temperature at most 0 everywhere: heap 2 is {1|0}, whose
 * temperature is 1/2. */
#define SUBTRACT_NAME "bad_temperature"
#define SUBTRACT_BAD_TEMPERATURE 1
#include "subtract_game.h"
