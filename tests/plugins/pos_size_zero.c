/* Declares positions of 0 bytes: nothing could be stored or hashed. */
#include "stub_game.h"

static const sg_game_desc desc = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_game_desc),
    .name = "pos_size_zero",
    .pos_size = 0,
    STUB_FUNCTIONS,
};

const sg_game_desc *sumgame_game_plugin(void) { return &desc; }
