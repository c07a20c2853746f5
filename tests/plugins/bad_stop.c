/* The subtraction game as a game that passes, with a stop_score one point off number()
 * wherever number() reports (check-plugin's ABI 1.4 check). */
#define SUBTRACT_NAME "bad_stop"
#define SUBTRACT_BAD_STOP 1
#include "subtract_game.h"
