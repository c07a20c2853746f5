#include "sumgame/cg_game.h"

#include <stdio.h>
#include <string.h>

#include "sumgame/rng.h"

struct cg_pos {
    uint32_t id;
};

static int cg_parse(void *instance, const char *text, void *pos, char *err, size_t errlen)
{
    (void)instance;
    (void)text;
    (void)pos;
    snprintf(err, errlen, "cg: canonical-form components are made by the solver, not parsed");
    return SG_ERR_UNSUPPORTED;
}

static int cg_format(void *instance, const void *pos, char *buf, size_t cap)
{
    return sg_cgt_format(instance, sg_cg_game_id(pos), buf, cap);
}

static int cg_moves(void *instance, const void *pos, sg_player who, sg_move *moves, size_t cap,
                    size_t *count)
{
    sg_cg g = sg_cg_game_id(pos);
    size_t n = who == SG_LEFT ? sg_cgt_left_count(instance, g) : sg_cgt_right_count(instance, g);
    *count = n;
    if (n > cap)
        return SG_ERR_RANGE;
    for (size_t i = 0; i < n; i++)
        moves[i] = (sg_move)i | (who == SG_RIGHT ? SG_CG_RIGHT : 0);
    return SG_OK;
}

static bool legal(sg_cgt *t, sg_cg g, sg_player who, sg_move move)
{
    bool right = (move & SG_CG_RIGHT) != 0;
    size_t i = (size_t)(move & ~SG_CG_RIGHT);
    return right == (who == SG_RIGHT) &&
           i < (right ? sg_cgt_right_count(t, g) : sg_cgt_left_count(t, g));
}

static sg_cg option_of(sg_cgt *t, sg_cg g, sg_move move)
{
    size_t i = (size_t)(move & ~SG_CG_RIGHT);
    return move & SG_CG_RIGHT ? sg_cgt_right(t, g, i) : sg_cgt_left(t, g, i);
}

static int cg_play(void *instance, const void *pos, sg_player who, sg_move move, void *out,
                   char *err, size_t errlen)
{
    sg_cg g = sg_cg_game_id(pos);
    if (!legal(instance, g, who, move)) {
        snprintf(err, errlen, "cg: no such option");
        return SG_ERR_INVALID;
    }
    struct cg_pos next = { option_of(instance, g, move) };
    memcpy(out, &next, sizeof next);
    return SG_OK;
}

static int cg_parse_move(void *instance, const void *pos, sg_player who, const char *text,
                         sg_move *move, char *err, size_t errlen)
{
    unsigned long i;
    char side, extra;
    if (sscanf(text, "%c%lu%c", &side, &i, &extra) != 2 ||
        side != (who == SG_LEFT ? 'L' : 'R')) {
        snprintf(err, errlen, "cg: expected %c and an option number, got '%.20s'",
                 who == SG_LEFT ? 'L' : 'R', text);
        return SG_ERR_INVALID;
    }
    *move = (sg_move)(i - 1) | (who == SG_RIGHT ? SG_CG_RIGHT : 0);
    if (i == 0 || !legal(instance, sg_cg_game_id(pos), who, *move)) {
        snprintf(err, errlen, "cg: no option '%.20s'", text);
        return SG_ERR_INVALID;
    }
    return SG_OK;
}

/* "L2": the second Left option, counted from 1 in the canonical form's printed order. */
static int cg_format_move(void *instance, const void *pos, sg_move move, char *buf, size_t cap)
{
    (void)instance;
    (void)pos;
    int n = snprintf(buf, cap, "%c%llu", move & SG_CG_RIGHT ? 'R' : 'L',
                     (unsigned long long)(move & ~SG_CG_RIGHT) + 1);
    return n >= 0 && (size_t)n < cap ? SG_OK : SG_ERR_RANGE;
}

static bool cg_number(void *instance, const void *pos, sg_value *value)
{
    return sg_cgt_is_number(instance, sg_cg_game_id(pos), value);
}

static uint64_t cg_hash(void *instance, const void *pos)
{
    (void)instance;
    return sg_mix64(sg_cg_game_id(pos) + UINT64_C(0x9E3779B97F4A7C15));
}

/* The mean would do better, but a canonical form's mean needs its thermograph; searches
 * over cg components are exact and never reach a depth-limited leaf. */
static sg_value cg_evaluate(void *instance, const void *pos, sg_player to_move)
{
    (void)to_move;
    sg_value l, r;
    if (!sg_cgt_stops(instance, sg_cg_game_id(pos), &l, &r))
        return sg_value_int(0);
    return sg_value_half(sg_value_add(l, r));
}

static const sg_game_desc cg_desc = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_game_desc),
    .name = "cg",
    .version = "1",
    .description = "canonical forms of a table, as components of a sum",
    .pos_size = sizeof(struct cg_pos),
    .parse = cg_parse,
    .format = cg_format,
    .moves = cg_moves,
    .play = cg_play,
    .parse_move = cg_parse_move,
    .format_move = cg_format_move,
    .number = cg_number,
    .hash = cg_hash,
    .evaluate = cg_evaluate,
};

void sg_cg_game_init(sg_game *game, sg_cgt *table) { sg_game_init(game, &cg_desc, table); }

bool sg_is_cg_game(const sg_game *game) { return game->desc == &cg_desc; }

sg_cg sg_cg_game_id(const void *pos)
{
    struct cg_pos p;
    memcpy(&p, pos, sizeof p);
    return p.id;
}

sg_cg sg_cg_game_option(const sg_game *game, const void *pos, sg_move move)
{
    return option_of(game->instance, sg_cg_game_id(pos), move);
}
