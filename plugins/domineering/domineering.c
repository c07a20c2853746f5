/* The Domineering game plugin: boards up to 8x8 as 64-bit masks, Left placing vertical
 * dominoes and Right horizontal ones (CGSuite's convention), splitting into regions,
 * exact integers where the players' dominoes can no longer meet, the symmetries of the
 * rectangle, and databases of whole boards (db.c). */
#include "domineering.h"

#include <stdio.h>
#include <string.h>

#include "notation.h"
#include "sumgame/params.h"
#include "sumgame/rng.h"

static const sg_param_doc param_docs[] = {
    { "width", "4", "random boards: columns (1..8)" },
    { "height", "4", "random boards: rows (1..8)" },
    { "fill", "1/4", "random boards: chance that a square is occupied, a dyadic 0..1 "
                     "(each square drawn on its own)" },
    { NULL, NULL, NULL },
};

/* Fixed so that every instance (in any process) hashes a position the same way. */
#define ZOBRIST_SEED UINT64_C(0x646f6d696e656572)

static uint64_t splitmix(uint64_t *state)
{
    return sg_mix64(*state += UINT64_C(0x9e3779b97f4a7c15));
}

static int create(const sg_host *host, const sg_params *params, void **out, char *err,
                  size_t errlen)
{
    static const char *const known[] = { "width", "height", "fill", NULL };
    long long width, height;
    sg_value fill;
    if (sg_params_check_known(params, known, err, errlen) != SG_OK ||
        sg_params_int(params, "width", 4, 1, DOM_SIDE_MAX, &width, err, errlen) != SG_OK ||
        sg_params_int(params, "height", 4, 1, DOM_SIDE_MAX, &height, err, errlen) != SG_OK ||
        sg_params_value(params, "fill", sg_value_make(1, 2), &fill, err, errlen) != SG_OK)
        return SG_ERR_INVALID;
    /* Drawing a square compares a uniform integer below 2^exp with the numerator, so
     * the denominator must fit a 64-bit draw. */
    if (sg_value_cmp(fill, sg_value_int(0)) < 0 || sg_value_cmp(fill, sg_value_int(1)) > 0 ||
        fill.exp > 62) {
        const sg_param *item = sg_params_find(params, "fill");
        sg_params_error(params, item, err, errlen,
                        "fill = %s: expected a chance between 0 and 1 with a denominator "
                        "up to 2^62, like 1/4", item ? item->value : "?");
        return SG_ERR_INVALID;
    }
    dom_instance *inst = host->alloc(sizeof *inst);
    if (!inst) {
        if (errlen)
            snprintf(err, errlen, "domineering: out of memory");
        return SG_ERR_NOMEM;
    }
    memset(inst, 0, sizeof *inst);
    inst->host = host;
    uint64_t state = ZOBRIST_SEED;
    for (int sq = 0; sq < DOM_SQUARES; sq++)
        inst->zobrist[sq] = splitmix(&state);
    for (int w = 0; w <= DOM_SIDE_MAX; w++)
        for (int h = 0; h <= DOM_SIDE_MAX; h++)
            inst->zobrist_size[w][h] = splitmix(&state);
    inst->width = width;
    inst->height = height;
    inst->fill = fill;
    *out = inst;
    return SG_OK;
}

static void destroy(void *instance)
{
    dom_instance *inst = instance;
    if (inst)
        inst->host->free(inst);
}

static int parse(void *instance, const char *text, void *pos, char *err, size_t errlen)
{
    (void)instance;
    dom_board b;
    int rc = dom_parse(text, &b, err, errlen);
    if (rc == SG_OK)
        dom_store(&b, pos);
    return rc;
}

static int format(void *instance, const void *pos, char *buf, size_t cap)
{
    (void)instance;
    dom_board b;
    if (!dom_load(pos, &b)) {
        if (cap)
            buf[0] = '\0';
        return SG_ERR_INVALID;
    }
    return dom_format(&b, buf, cap);
}

static bool valid_player(sg_player who) { return who == SG_LEFT || who == SG_RIGHT; }

/* Moves in reading order of their top (vertical) or left (horizontal) square. */
static int moves(void *instance, const void *pos, sg_player who, sg_move *out, size_t cap,
                 size_t *count)
{
    (void)instance;
    dom_board b;
    *count = 0;
    if (!valid_player(who) || !dom_load(pos, &b))
        return SG_ERR_INVALID;
    uint64_t slots = dom_slots(&b, who);
    size_t n = (size_t)dom_popcount(slots);
    if (cap > 0)
        for (size_t i = 0; slots && i < cap; slots &= slots - 1, i++)
            out[i] = dom_move_code(__builtin_ctzll(slots), who == SG_RIGHT);
    *count = n;
    return n > cap ? SG_ERR_RANGE : SG_OK;
}

static int play(void *instance, const void *pos, sg_player who, sg_move move, void *out,
                char *err, size_t errlen)
{
    (void)instance;
    dom_board b, next;
    if (!valid_player(who) || !dom_load(pos, &b)) {
        if (errlen)
            snprintf(err, errlen, "domineering: not a position of this game");
        return SG_ERR_INVALID;
    }
    if (!dom_legal(&b, who, move)) {
        char text[40];
        dom_format_move(&b, move, text, sizeof text);
        if (errlen)
            snprintf(err, errlen, "domineering: illegal move %s for %s", text,
                     who == SG_LEFT ? "Left (vertical)" : "Right (horizontal)");
        return SG_ERR_INVALID;
    }
    dom_apply(&b, move, &next);
    dom_store(&next, out);
    return SG_OK;
}

static int parse_move(void *instance, const void *pos, sg_player who, const char *text,
                      sg_move *move, char *err, size_t errlen)
{
    (void)instance;
    dom_board b;
    if (!valid_player(who) || !dom_load(pos, &b)) {
        if (errlen)
            snprintf(err, errlen, "domineering: not a position of this game");
        return SG_ERR_INVALID;
    }
    return dom_parse_move(&b, who, text, move, err, errlen);
}

static int format_move(void *instance, const void *pos, sg_move move, char *buf, size_t cap)
{
    (void)instance;
    dom_board b;
    if (!dom_load(pos, &b))
        b = (dom_board){ 0, 0, 0 }; /* every code then prints as invalid */
    return dom_format_move(&b, move, buf, cap);
}

/* The code already says which way the domino lies, so the mover adds nothing. */
static int format_move_for(void *instance, const void *pos, sg_player who, sg_move move,
                           char *buf, size_t cap)
{
    (void)who;
    return format_move(instance, pos, move, buf, cap);
}

/* A proven integer when no square lies both in a vertical and in a horizontal slot.
 * Then no move of one player can touch a square of the other's slots, and a move only
 * fills squares, so neither player ever gains a slot or loses one to the opponent: the
 * position is the sum of a game in which only Left moves and one in which only Right
 * moves. A game in which only Left moves is the integer "the most moves Left can make
 * in a row", and Left's moves in a row are any set of disjoint vertical dominoes, at
 * most floor(length / 2) per vertical run of empty squares (dom_max_placements); the
 * same holds for Right. So the value is Left's count minus Right's. This covers every
 * position in which a player has no move (that player's slot squares are empty). In a
 * connected region where both players have a move, some vertical and some horizontal
 * slot always share a square, so split regions get nothing more from a weaker test. */
static bool number(void *instance, const void *pos, sg_value *value)
{
    (void)instance;
    dom_board b;
    if (!dom_load(pos, &b))
        return false;
    if (dom_slot_squares(&b, SG_LEFT) & dom_slot_squares(&b, SG_RIGHT))
        return false;
    *value = sg_value_int(dom_max_placements(&b, SG_LEFT) - dom_max_placements(&b, SG_RIGHT));
    return true;
}

/* Zobrist over the occupied squares plus a key per board size. */
static uint64_t hash(void *instance, const void *pos)
{
    dom_instance *inst = instance;
    dom_board b;
    if (!dom_load(pos, &b))
        return 0;
    uint64_t h = inst->zobrist_size[b.width][b.height];
    for (uint64_t occ = dom_board_mask(b.width, b.height) & ~b.empty; occ; occ &= occ - 1)
        h ^= inst->zobrist[__builtin_ctzll(occ)];
    return h;
}

/* Dominoes each player could still place if the other stopped, Left's minus Right's:
 * exact for the positions number() reports, a rough balance of space otherwise. */
static sg_value evaluate(void *instance, const void *pos, sg_player to_move)
{
    (void)instance;
    (void)to_move;
    dom_board b;
    if (!dom_load(pos, &b))
        return sg_value_int(0);
    return sg_value_int(dom_max_placements(&b, SG_LEFT) - dom_max_placements(&b, SG_RIGHT));
}

/* Every line of play, alternating or not, is a set of disjoint dominoes: Left's part of
 * it is at most Left's most placements, Right's at most Right's, and the whole covers
 * two squares a move, so it is at most half the empty squares. */
static unsigned line_bound(const dom_board *b)
{
    unsigned both = (unsigned)(dom_max_placements(b, SG_LEFT) + dom_max_placements(b, SG_RIGHT));
    unsigned half = (unsigned)dom_popcount(b->empty) / 2;
    return both < half ? both : half;
}

static bool birthday_bound(void *instance, const void *pos, unsigned *days)
{
    (void)instance;
    dom_board b;
    if (!dom_load(pos, &b))
        return false;
    *days = line_bound(&b);
    return true;
}

/* A game's temperature is at most its birthday b: by induction the options cooled by
 * b - 1 are numbers of magnitude below b, so cooled by b Left's lie below Right's and
 * the cooled game is a number. So the birthday bound is a temperature bound. */
static bool temperature_bound(void *instance, const void *pos, sg_value *bound)
{
    (void)instance;
    dom_board b;
    if (!dom_load(pos, &b))
        return false;
    *bound = sg_value_int(line_bound(&b));
    return true;
}

/* Regions of empty squares, each cut to its bounding box; a position of one region (or
 * none) is its own single part. */
static int split(void *instance, const void *pos, void *parts, size_t cap, size_t *count)
{
    (void)instance;
    dom_board b;
    uint64_t regions[DOM_SQUARES];
    *count = 0;
    if (!dom_load(pos, &b))
        return SG_ERR_INVALID;
    int n = dom_regions(&b, regions, DOM_SQUARES);
    if (n <= 1) {
        *count = 1;
        if (cap < 1)
            return SG_ERR_RANGE;
        dom_store(&b, parts);
        return SG_OK;
    }
    *count = (size_t)n;
    if ((size_t)n > cap)
        return SG_ERR_RANGE;
    for (int i = 0; i < n; i++) {
        dom_board part;
        dom_region_board(regions[i], &part);
        dom_store(&part, (unsigned char *)parts + (size_t)i * sizeof(dom_pos));
    }
    return SG_OK;
}

/* A width x height board, each square occupied with chance fill, drawn in reading
 * order. */
static int generate(void *instance, sg_rng *rng, void *pos, char *err, size_t errlen)
{
    dom_instance *inst = instance;
    (void)err;
    (void)errlen;
    dom_board b = { (int)inst->width, (int)inst->height, 0 };
    uint64_t denominator = UINT64_C(1) << inst->fill.exp;
    for (int r = 0; r < b.height; r++)
        for (int c = 0; c < b.width; c++)
            if (inst->host->rng_below(rng, denominator) >= (uint64_t)inst->fill.num)
                b.empty |= dom_bit(dom_square(r, c));
    dom_store(&b, pos);
    return SG_OK;
}

/* The least of the four images that keep the board's shape and the players' directions
 * (the identity, both reflections, the half turn). The transposes and quarter turns are
 * left out: they exchange vertical and horizontal, so they negate the value. */
static void canonical(void *instance, const void *pos, void *out)
{
    (void)instance;
    dom_board b, best;
    if (!dom_load(pos, &b)) {
        memcpy(out, pos, sizeof(dom_pos));
        return;
    }
    best = b;
    for (int k = 1; k < 4; k++) {
        dom_board image;
        dom_transform(&b, k, &image);
        /* Any fixed order of the masks would do; the least empty mask wins. */
        if (image.empty < best.empty)
            best = image;
    }
    dom_store(&best, out);
}

static const sg_game_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_game_desc),
    .name = "domineering",
    .version = "1.0",
    .description = "Domineering on rectangles up to 8x8 (../..): Left places vertical "
                   "dominoes, Right horizontal ones; splits into regions, exact integers, "
                   "databases RxC",
    .pos_size = sizeof(dom_pos),
    .params = param_docs,
    .create = create,
    .destroy = destroy,
    .parse = parse,
    .format = format,
    .moves = moves,
    .play = play,
    .parse_move = parse_move,
    .format_move = format_move,
    .number = number,
    .hash = hash,
    .evaluate = evaluate,
    .temperature_bound = temperature_bound,
    .split = split,
    .generate = generate,
    .birthday_bound = birthday_bound,
    .flags = SG_GAME_REENTRANT | SG_GAME_NORMAL_PLAY,
    .format_move_for = format_move_for,
    .canonical = canonical,
    .db_shape = dom_db_shape,
    .db_position = dom_db_position,
    .db_index = dom_db_index,
    .db_images = dom_db_images,
};

const sg_game_desc *sumgame_game_plugin(void);
const sg_game_desc *sumgame_game_plugin(void) { return &descriptor; }
