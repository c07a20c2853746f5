/* Claims a descriptor shorter than ABI 1.0's, as a plugin built against a truncated
 * header would: the loader must refuse it before reading past the claimed size. */
#include <stddef.h>

#include "stub_game.h"

static const sg_game_desc desc = {
    .abi_version = SG_ABI_VERSION,
    .size = (uint32_t)offsetof(sg_game_desc, number),
    .name = "short_descriptor",
    .pos_size = 8,
    STUB_FUNCTIONS,
};

const sg_game_desc *sumgame_game_plugin(void) { return &desc; }
