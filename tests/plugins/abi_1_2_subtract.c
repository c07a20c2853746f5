/* The correct subtraction game built as an ABI 1.2 plugin: its descriptor ends where ABI
 * 1.3 begins (format_move_for). Behind the size it holds a format_move_for that writes
 * "nonsense" and a canonical that maps every heap to 0: the host must load the plugin
 * and never read them. */
#include <stddef.h>

#include <sumgame/game.h>

#define SUBTRACT_NAME "abi_1_2_subtract"
#define SUBTRACT_DESC_SIZE offsetof(sg_game_desc, format_move_for)
#define SUBTRACT_WRONG_1_3 1
#include "subtract_game.h"
