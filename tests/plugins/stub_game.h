/* Do-nothing game functions for the test plugins that break the ABI on purpose: each
 * such plugin must be well formed in every respect but the one it tests, so the loader
 * reaches the check under test. These are never called. */
#ifndef SUMGAME_TEST_STUB_GAME_H
#define SUMGAME_TEST_STUB_GAME_H

#include "sumgame/game.h"

#define STUB __attribute__((unused)) static

STUB int stub_create(const sg_host *h, const sg_params *p, void **inst, char *e, size_t n)
{
    (void)h, (void)p, (void)e, (void)n;
    *inst = NULL;
    return SG_OK;
}
STUB void stub_destroy(void *inst) { (void)inst; }
STUB int stub_parse(void *inst, const char *t, void *pos, char *e, size_t n)
{
    (void)inst, (void)t, (void)pos, (void)e, (void)n;
    return SG_ERR_INVALID;
}
STUB int stub_format(void *inst, const void *pos, char *buf, size_t cap)
{
    (void)inst, (void)pos, (void)buf, (void)cap;
    return SG_ERR_INVALID;
}
STUB int stub_moves(void *inst, const void *pos, sg_player who, sg_move *m, size_t cap,
                    size_t *count)
{
    (void)inst, (void)pos, (void)who, (void)m, (void)cap;
    *count = 0;
    return SG_OK;
}
STUB int stub_play(void *inst, const void *pos, sg_player who, sg_move m, void *out, char *e,
                   size_t n)
{
    (void)inst, (void)pos, (void)who, (void)m, (void)out, (void)e, (void)n;
    return SG_ERR_INVALID;
}
STUB int stub_parse_move(void *inst, const void *pos, sg_player who, const char *t, sg_move *m,
                         char *e, size_t n)
{
    (void)inst, (void)pos, (void)who, (void)t, (void)m, (void)e, (void)n;
    return SG_ERR_INVALID;
}
STUB int stub_format_move(void *inst, const void *pos, sg_move m, char *buf, size_t cap)
{
    (void)inst, (void)pos, (void)m, (void)buf, (void)cap;
    return SG_ERR_INVALID;
}
STUB bool stub_number(void *inst, const void *pos, sg_value *v)
{
    (void)inst, (void)pos, (void)v;
    return false;
}
STUB uint64_t stub_hash(void *inst, const void *pos)
{
    (void)inst, (void)pos;
    return 0;
}

/* Every required function, for a designated initializer. */
#define STUB_FUNCTIONS                                                                     \
    .create = stub_create, .destroy = stub_destroy, .parse = stub_parse,                   \
    .format = stub_format, .moves = stub_moves, .play = stub_play,                         \
    .parse_move = stub_parse_move, .format_move = stub_format_move,                        \
    .number = stub_number, .hash = stub_hash

/* The entry point every test plugin exports (declared, for -Wmissing-prototypes). */
const sg_game_desc *sumgame_game_plugin(void);

#endif
