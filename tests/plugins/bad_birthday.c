/* The subtraction game claiming every line ends within 1 move: from heap 2 Left can take
 * 1 twice. */
#define SUBTRACT_NAME "bad_birthday"
#define SUBTRACT_BAD_BIRTHDAY 1
#include "subtract_game.h"
