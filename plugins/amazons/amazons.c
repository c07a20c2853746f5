/* The Amazons game plugin: rooms up to 10x10 as bitboards, splitting into independent
 * rooms, exact settlement of rooms where one player has no move, the min-distance
 * evaluation, and the random rooms of the TDS papers. */
#include "amazons.h"

#include <stdio.h>
#include <string.h>

#include "sumgame/game.h"
#include "sumgame/params.h"
#include "sumgame/rng.h"

static const sg_param_doc param_docs[] = {
    { "width", "4", "random rooms: board width (1..10)" },
    { "height", "4", "random rooms: board height (1..10)" },
    { "black", "1", "random rooms: Black (Left) amazons" },
    { "white", "1", "random rooms: White (Right) amazons" },
    { "arrows", "3", "random rooms: blocked squares; all pieces go on distinct random squares" },
    { NULL, NULL, NULL },
};

/* Fixed so that every instance (in any process) hashes a position the same way. */
#define ZOBRIST_SEED UINT64_C(0x616d617a6f6e7321)

static uint64_t splitmix(uint64_t *state)
{
    return sg_mix64(*state += UINT64_C(0x9e3779b97f4a7c15));
}

static int create(const sg_host *host, const sg_params *params, void **out, char *err,
                  size_t errlen)
{
    static const char *const known[] = { "width", "height", "black", "white", "arrows", NULL };
    long long width, height, black, white, arrows;
    if (sg_params_check_known(params, known, err, errlen) != SG_OK ||
        sg_params_int(params, "width", 4, 1, AMZ_SIDE_MAX, &width, err, errlen) != SG_OK ||
        sg_params_int(params, "height", 4, 1, AMZ_SIDE_MAX, &height, err, errlen) != SG_OK ||
        sg_params_int(params, "black", 1, 0, 100, &black, err, errlen) != SG_OK ||
        sg_params_int(params, "white", 1, 0, 100, &white, err, errlen) != SG_OK ||
        sg_params_int(params, "arrows", 3, 0, 100, &arrows, err, errlen) != SG_OK)
        return SG_ERR_INVALID;
    if (black + white + arrows > width * height) {
        const sg_param *item = sg_params_find(params, "arrows");
        if (!item)
            item = sg_params_find(params, "white");
        if (!item)
            item = sg_params_find(params, "black");
        sg_params_error(params, item, err, errlen,
                        "black + white + arrows = %lld do not fit on the %lldx%lld board "
                        "(%lld squares)", black + white + arrows, width, height,
                        width * height);
        return SG_ERR_INVALID;
    }
    amz_instance *inst = host->alloc(sizeof *inst);
    if (!inst) {
        if (errlen)
            snprintf(err, errlen, "amazons: out of memory");
        return SG_ERR_NOMEM;
    }
    memset(inst, 0, sizeof *inst);
    inst->host = host;
    amz_geom_init(&inst->geom);
    amz_canonical_init(inst);
    uint64_t state = ZOBRIST_SEED;
    for (int k = 0; k < 3; k++)
        for (int sq = 0; sq < AMZ_SQUARES; sq++)
            inst->zobrist[k][sq] = splitmix(&state);
    for (int w = 0; w <= AMZ_SIDE_MAX; w++)
        for (int h = 0; h <= AMZ_SIDE_MAX; h++)
            inst->zobrist_size[w][h] = splitmix(&state);
    amz_settle_init(&inst->settle, host, &inst->geom);
    inst->width = width;
    inst->height = height;
    inst->black = black;
    inst->white = white;
    inst->arrows = arrows;
    *out = inst;
    return SG_OK;
}

static void destroy(void *instance)
{
    amz_instance *inst = instance;
    if (!inst)
        return;
    amz_settle_free(&inst->settle);
    amz_shape_free(inst->host, inst->shape);
    inst->host->free(inst);
}

/* Loads pos into b; false when it is not a well-formed position. */
static bool load(const amz_instance *inst, const void *pos, amz_board *b)
{
    return amz_load_valid(&inst->geom, pos, b);
}

static int parse(void *instance, const char *text, void *pos, char *err, size_t errlen)
{
    amz_instance *inst = instance;
    amz_board b;
    int rc = amz_parse(&inst->geom, text, &b, err, errlen);
    if (rc == SG_OK)
        amz_store(&b, pos);
    return rc;
}

static int format(void *instance, const void *pos, char *buf, size_t cap)
{
    amz_board b;
    if (!load(instance, pos, &b)) {
        if (cap)
            buf[0] = '\0';
        return SG_ERR_INVALID;
    }
    return amz_format(&b, buf, cap);
}

static int moves(void *instance, const void *pos, sg_player who, sg_move *out, size_t cap,
                 size_t *count)
{
    amz_instance *inst = instance;
    amz_board b;
    *count = 0;
    if ((who != SG_LEFT && who != SG_RIGHT) || !load(inst, pos, &b))
        return SG_ERR_INVALID;
    /* cap 0 is how the host asks for the count alone (a perft's last ply): counting by
     * popcounts is several times faster than walking every arrow square */
    *count = cap == 0 ? (size_t)amz_count_moves(&inst->geom, &b, who)
                      : amz_moves(&inst->geom, &b, who, out, cap);
    return *count > cap ? SG_ERR_RANGE : SG_OK;
}

static int play(void *instance, const void *pos, sg_player who, sg_move move, void *out,
                char *err, size_t errlen)
{
    amz_instance *inst = instance;
    amz_board b, next;
    if ((who != SG_LEFT && who != SG_RIGHT) || !load(inst, pos, &b)) {
        if (errlen)
            snprintf(err, errlen, "amazons: not a position of this game");
        return SG_ERR_INVALID;
    }
    if (!amz_legal(&inst->geom, &b, who, move)) {
        char text[40];
        amz_format_move(move, text, sizeof text);
        if (errlen)
            snprintf(err, errlen, "amazons: illegal move %s for %s", text,
                     who == SG_LEFT ? "Black" : "White");
        return SG_ERR_INVALID;
    }
    amz_apply(&b, who, move, &next);
    amz_store(&next, out);
    return SG_OK;
}

static int parse_move(void *instance, const void *pos, sg_player who, const char *text,
                      sg_move *move, char *err, size_t errlen)
{
    amz_instance *inst = instance;
    amz_board b;
    if ((who != SG_LEFT && who != SG_RIGHT) || !load(inst, pos, &b)) {
        if (errlen)
            snprintf(err, errlen, "amazons: not a position of this game");
        return SG_ERR_INVALID;
    }
    return amz_parse_move(&inst->geom, &b, who, text, move, err, errlen);
}

static int format_move(void *instance, const void *pos, sg_move move, char *buf, size_t cap)
{
    (void)instance;
    (void)pos;
    return amz_format_move(move, buf, cap);
}

static bool number(void *instance, const void *pos, sg_value *value)
{
    amz_instance *inst = instance;
    amz_board b;
    int64_t v;
    if (!load(inst, pos, &b) || !amz_settled_value(&inst->settle, &b, &v))
        return false;
    *value = sg_value_int(v);
    return true;
}

/* Zobrist: one key per (kind, square) for the amazons and the blocked squares of the
 * board, and one per board size; equal positions have equal sets, so equal hashes. */
static uint64_t hash(void *instance, const void *pos)
{
    amz_instance *inst = instance;
    amz_board b;
    if (!load(inst, pos, &b))
        return 0;
    uint64_t h = inst->zobrist_size[b.width][b.height];
    amz_bb blocked = inst->geom.board_mask[b.width][b.height] & ~(b.black | b.white | b.empty);
    amz_bb sets[3] = { b.black, b.white, blocked };
    for (int k = 0; k < 3; k++)
        while (sets[k])
            h ^= inst->zobrist[k][amz_pop(&sets[k])];
    return h;
}

static sg_value evaluate(void *instance, const void *pos, sg_player to_move)
{
    (void)to_move; /* the variant in rooms.c counts ties for nobody */
    amz_board b;
    if (!load(instance, pos, &b))
        return sg_value_int(0);
    return sg_value_int(amz_min_distance(&b));
}

/* evaluate() one move ahead, for TDS+'s thermographic leaves. */
static bool evaluate_options(void *instance, const void *pos, sg_player who, sg_value *best)
{
    amz_instance *inst = instance;
    amz_board b;
    int v;
    if ((who != SG_LEFT && who != SG_RIGHT) || !load(inst, pos, &b) ||
        !amz_min_distance_best_child(&inst->geom, &b, who, &v))
        return false;
    *best = sg_value_int(v);
    return true;
}

/* TDS+ E2: a game's birthday bounds its temperature, and an Amazons position's birthday
 * is at most its number of empty squares, since every move fills one. */
static bool temperature_bound(void *instance, const void *pos, sg_value *bound)
{
    amz_board b;
    if (!load(instance, pos, &b))
        return false;
    *bound = sg_value_int(amz_popcount(b.empty));
    return true;
}

/* Every move fills one empty square with an arrow, so no line of play is longer than the
 * empty squares: the birthday is at most their number. */
static bool birthday_bound(void *instance, const void *pos, unsigned *days)
{
    amz_board b;
    if (!load(instance, pos, &b))
        return false;
    *days = (unsigned)amz_popcount(b.empty);
    return true;
}

static int split(void *instance, const void *pos, void *parts, size_t cap, size_t *count)
{
    amz_board b;
    amz_board rooms[AMZ_SQUARES];
    *count = 0;
    if (!load(instance, pos, &b))
        return SG_ERR_INVALID;
    size_t n = amz_rooms(&b, rooms, AMZ_SQUARES);
    if (n <= 1) {
        /* One room (or a board with nothing open): the position is its own part. */
        *count = 1;
        if (cap < 1)
            return SG_ERR_RANGE;
        amz_store(&b, parts);
        return SG_OK;
    }
    *count = n;
    if (n > cap)
        return SG_ERR_RANGE;
    size_t size = sizeof(amz_pos);
    for (size_t i = 0; i < n; i++)
        amz_store(&rooms[i], (unsigned char *)parts + i * size);
    return SG_OK;
}

/* An empty width x height board with the amazons (Black first, then White) and the
 * arrows on distinct squares, drawn without replacement by a partial Fisher-Yates
 * shuffle of the squares in reading order. */
static int generate(void *instance, sg_rng *rng, void *pos, char *err, size_t errlen)
{
    amz_instance *inst = instance;
    (void)err;
    (void)errlen;
    int w = (int)inst->width, h = (int)inst->height, total = w * h;
    int squares[AMZ_SIDE_MAX * AMZ_SIDE_MAX];
    for (int i = 0; i < total; i++)
        squares[i] = amz_square(i % w, i / w);
    amz_board b = { w, h, 0, 0, inst->geom.board_mask[w][h] };
    int pieces = (int)(inst->black + inst->white + inst->arrows);
    for (int i = 0; i < pieces; i++) {
        int j = i + (int)inst->host->rng_below(rng, (uint64_t)(total - i));
        int sq = squares[j];
        squares[j] = squares[i];
        squares[i] = sq;
        amz_bb bit = amz_bit(sq);
        b.empty &= ~bit;
        if (i < inst->black)
            b.black |= bit;
        else if (i < inst->black + inst->white)
            b.white |= bit;
    }
    amz_store(&b, pos);
    return SG_OK;
}

static int gtp_start(void *instance, unsigned size, void *pos, char *err, size_t errlen)
{
    amz_instance *inst = instance;
    amz_board b;
    int rc = amz_gtp_start(&inst->geom, size, &b, err, errlen);
    if (rc == SG_OK)
        amz_store(&b, pos);
    return rc;
}

static int gtp_parse_move(void *instance, const void *pos, sg_player who, const char *text,
                          sg_move *move, char *err, size_t errlen)
{
    amz_instance *inst = instance;
    amz_board b;
    if ((who != SG_LEFT && who != SG_RIGHT) || !load(inst, pos, &b)) {
        snprintf(err, errlen, "amazons: not a position of this game");
        return SG_ERR_INVALID;
    }
    return amz_gtp_parse_move(&inst->geom, &b, who, text, move, err, errlen);
}

static int gtp_format_move(void *instance, const void *pos, sg_player who, sg_move move,
                           char *buf, size_t cap)
{
    (void)instance;
    (void)pos;
    (void)who;
    return amz_gtp_format_move(move, buf, cap);
}

static const sg_game_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_game_desc),
    .name = "amazons",
    .version = "1.0",
    .description = "the game of the Amazons on rectangles up to 10x10 (x.xx/.xBx/W.xx/xxxx), "
                   "splitting into rooms, exact settled rooms, min-distance evaluation",
    .pos_size = sizeof(amz_pos),
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
    .flags = SG_GAME_NORMAL_PLAY,
    .canonical = amz_canonical,
    .db_shape = amz_db_shape,
    .db_position = amz_db_position,
    .db_index = amz_db_index,
    .db_images = amz_db_images,
    .gtp_name = "Amazons",
    .gtp_start = gtp_start,
    .gtp_parse_move = gtp_parse_move,
    .gtp_format_move = gtp_format_move,
    .db_children = amz_db_children,
    .evaluate_options = evaluate_options,
};

const sg_game_desc *sumgame_game_plugin(void);
const sg_game_desc *sumgame_game_plugin(void) { return &descriptor; }
