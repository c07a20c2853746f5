/* Hackenbush strings whose number() reports nothing at all, not even a position where a
 * player has no move: the framework must find every number itself. */
#define HACKENBUSH_NAME "hackenbush_blind"
#define HACKENBUSH_NUMBERS 0
#include "hackenbush_game.h"
