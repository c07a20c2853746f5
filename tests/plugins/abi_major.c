/* Compiled against a future ABI 2.0: the loader must refuse it by its version. */
#include "stub_game.h"

static const sg_game_desc desc = {
    .abi_version = (uint32_t)2 << 16,
    .size = sizeof(sg_game_desc),
    .name = "abi_major",
    .pos_size = 8,
    STUB_FUNCTIONS,
};

const sg_game_desc *sumgame_game_plugin(void) { return &desc; }
