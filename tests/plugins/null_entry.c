/* The entry symbol exists but hands back no descriptor. */
#include <stddef.h>

#include "stub_game.h"

const sg_game_desc *sumgame_game_plugin(void) { return NULL; }
