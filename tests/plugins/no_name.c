/* A descriptor without a name: sums could not refer to the game. */
#include "stub_game.h"

static const sg_game_desc desc = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_game_desc),
    .name = NULL,
    .pos_size = 8,
    STUB_FUNCTIONS,
};

const sg_game_desc *sumgame_game_plugin(void) { return &desc; }
