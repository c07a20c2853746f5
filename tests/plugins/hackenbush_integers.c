/* Hackenbush strings whose number() reports only the integers the contract requires. */
#define HACKENBUSH_NAME "hackenbush_integers"
#define HACKENBUSH_NUMBERS 1
#include "hackenbush_game.h"
