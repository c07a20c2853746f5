/* The correct subtraction game built as an ABI 1.0 plugin: its descriptor ends before
 * the fields of ABI 1.1. The host must load it and never use the field past its size
 * (which here holds a deliberately wrong birthday bound, and ABI 1.2 hooks that would
 * empty the heap on every move elsewhere). */
#include <stddef.h>

#include <sumgame/game.h>

#define SUBTRACT_NAME "abi_1_0_subtract"
#define SUBTRACT_DESC_SIZE SG_GAME_DESC_SIZE_1_0
#define SUBTRACT_WRONG_BIRTHDAY 1
#include "subtract_game.h"
