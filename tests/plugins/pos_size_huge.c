/* Declares positions one byte larger than SG_POS_MAX, which host buffers cannot hold. */
#include "stub_game.h"

static const sg_game_desc desc = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_game_desc),
    .name = "pos_size_huge",
    .pos_size = SG_POS_MAX + 1,
    STUB_FUNCTIONS,
};

const sg_game_desc *sumgame_game_plugin(void) { return &desc; }
