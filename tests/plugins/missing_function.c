/* A descriptor without play(), a required function. */
#include "stub_game.h"

static const sg_game_desc desc = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_game_desc),
    .name = "missing_function",
    .pos_size = 8,
    /* STUB_FUNCTIONS without play */
    .create = stub_create, .destroy = stub_destroy, .parse = stub_parse,
    .format = stub_format, .moves = stub_moves, .play = NULL,
    .parse_move = stub_parse_move, .format_move = stub_format_move,
    .number = stub_number, .hash = stub_hash,
};

const sg_game_desc *sumgame_game_plugin(void) { return &desc; }
