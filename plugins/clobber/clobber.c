/* The Clobber game plugin: boards up to 8x8 as two 64-bit masks, Left's stones 'x'
 * (Black) and Right's 'o' (White) as in CGSuite; a move takes one of the mover's stones
 * onto an orthogonally adjacent stone of the other colour, which is removed. Splitting
 * into groups of stones, the eight symmetries of the rectangle, databases of whole
 * boards (db.c) and a generator of random and checkerboard starts. */
#include "clobber.h"

#include <stdio.h>
#include <string.h>

#include "notation.h"
#include "sumgame/params.h"
#include "sumgame/rng.h"

static const sg_param_doc param_docs[] = {
    { "width", "4", "generated boards: columns (1..8)" },
    { "height", "4", "generated boards: rows (1..8)" },
    { "pattern", "random",
      "generated boards: 'random' (each square drawn on its own: a stone with chance fill, "
      "then x or o with even chance) or 'checker' (the standard start: every square holds a "
      "stone, colours alternating, x in the top left corner; draws nothing)" },
    { "fill", "3/4", "random boards: chance that a square holds a stone, a dyadic 0..1" },
    { NULL, NULL, NULL },
};

/* Fixed so that every instance (in any process) hashes a position the same way. */
#define SIZE_KEY_SEED UINT64_C(0x636c6f6262657221)

static uint64_t splitmix(uint64_t *state)
{
    return sg_mix64(*state += UINT64_C(0x9e3779b97f4a7c15));
}

static int create(const sg_host *host, const sg_params *params, void **out, char *err,
                  size_t errlen)
{
    static const char *const known[] = { "width", "height", "pattern", "fill", NULL };
    static const char *const patterns[] = { "random", "checker", NULL };
    long long width, height;
    int pattern;
    sg_value fill;
    if (sg_params_check_known(params, known, err, errlen) != SG_OK ||
        sg_params_int(params, "width", 4, 1, CLOB_SIDE_MAX, &width, err, errlen) != SG_OK ||
        sg_params_int(params, "height", 4, 1, CLOB_SIDE_MAX, &height, err, errlen) != SG_OK ||
        sg_params_enum(params, "pattern", patterns, CLOB_PATTERN_RANDOM, &pattern, err,
                       errlen) != SG_OK ||
        sg_params_value(params, "fill", sg_value_make(3, 2), &fill, err, errlen) != SG_OK)
        return SG_ERR_INVALID;
    /* Drawing a square compares a uniform integer below 2^exp with the numerator, so
     * the denominator must fit a 64-bit draw. */
    if (sg_value_cmp(fill, sg_value_int(0)) < 0 || sg_value_cmp(fill, sg_value_int(1)) > 0 ||
        fill.exp > 62) {
        const sg_param *item = sg_params_find(params, "fill");
        sg_params_error(params, item, err, errlen,
                        "fill = %s: expected a chance between 0 and 1 with a denominator "
                        "up to 2^62, like 3/4", item ? item->value : "?");
        return SG_ERR_INVALID;
    }
    clob_instance *inst = host->alloc(sizeof *inst);
    if (!inst) {
        if (errlen)
            snprintf(err, errlen, "clobber: out of memory");
        return SG_ERR_NOMEM;
    }
    memset(inst, 0, sizeof *inst);
    inst->host = host;
    uint64_t state = SIZE_KEY_SEED;
    for (int w = 0; w <= CLOB_SIDE_MAX; w++)
        for (int h = 0; h <= CLOB_SIDE_MAX; h++)
            inst->size_key[w][h] = splitmix(&state);
    inst->width = width;
    inst->height = height;
    inst->pattern = pattern;
    inst->fill = fill;
    *out = inst;
    return SG_OK;
}

static void destroy(void *instance)
{
    clob_instance *inst = instance;
    if (inst)
        inst->host->free(inst);
}

static int parse(void *instance, const char *text, void *pos, char *err, size_t errlen)
{
    (void)instance;
    clob_board b;
    int rc = clob_parse(text, &b, err, errlen);
    if (rc == SG_OK)
        clob_store(&b, pos);
    return rc;
}

static int format(void *instance, const void *pos, char *buf, size_t cap)
{
    (void)instance;
    clob_board b;
    if (!clob_load(pos, &b)) {
        if (cap)
            buf[0] = '\0';
        return SG_ERR_INVALID;
    }
    return clob_format(&b, buf, cap);
}

static bool valid_player(sg_player who) { return who == SG_LEFT || who == SG_RIGHT; }

/* Moves by the moving stone's square in reading order, then by the clobbered stone's
 * (up, left, right, down). */
static int moves(void *instance, const void *pos, sg_player who, sg_move *out, size_t cap,
                 size_t *count)
{
    (void)instance;
    clob_board b;
    *count = 0;
    if (!valid_player(who) || !clob_load(pos, &b))
        return SG_ERR_INVALID;
    size_t n = (size_t)clob_move_count(&b, who);
    if (cap > 0) {
        uint64_t theirs = clob_theirs(&b, who);
        size_t i = 0;
        for (uint64_t movers = clob_movers(&b, who); movers && i < cap; movers &= movers - 1) {
            int from = __builtin_ctzll(movers);
            for (int dir = 0; dir < CLOB_DIRECTIONS && i < cap; dir++) {
                uint64_t to = clob_shift(clob_bit(from), dir) & theirs;
                if (to)
                    out[i++] = clob_move_code(from, __builtin_ctzll(to));
            }
        }
    }
    *count = n;
    return n > cap ? SG_ERR_RANGE : SG_OK;
}

static int play(void *instance, const void *pos, sg_player who, sg_move move, void *out,
                char *err, size_t errlen)
{
    (void)instance;
    clob_board b, next;
    if (!valid_player(who) || !clob_load(pos, &b)) {
        if (errlen)
            snprintf(err, errlen, "clobber: not a position of this game");
        return SG_ERR_INVALID;
    }
    if (!clob_legal(&b, who, move)) {
        char text[40];
        clob_format_move(&b, move, text, sizeof text);
        if (errlen)
            snprintf(err, errlen, "clobber: illegal move %s for %s", text,
                     who == SG_LEFT ? "Left ('x')" : "Right ('o')");
        return SG_ERR_INVALID;
    }
    clob_apply(&b, who, move, &next);
    clob_store(&next, out);
    return SG_OK;
}

static int parse_move(void *instance, const void *pos, sg_player who, const char *text,
                      sg_move *move, char *err, size_t errlen)
{
    (void)instance;
    clob_board b;
    if (!valid_player(who) || !clob_load(pos, &b)) {
        if (errlen)
            snprintf(err, errlen, "clobber: not a position of this game");
        return SG_ERR_INVALID;
    }
    return clob_parse_move(&b, who, text, move, err, errlen);
}

static int format_move(void *instance, const void *pos, sg_move move, char *buf, size_t cap)
{
    (void)instance;
    clob_board b;
    if (!clob_load(pos, &b))
        b = (clob_board){ 0, 0, 0, 0 }; /* every code then prints as invalid */
    return clob_format_move(&b, move, buf, cap);
}

/* The code names both squares, so the mover adds nothing. */
static int format_move_for(void *instance, const void *pos, sg_player who, sg_move move,
                           char *buf, size_t cap)
{
    (void)who;
    return format_move(instance, pos, move, buf, cap);
}

/* 0 when no stone has a neighbour of the other colour. Then neither player has a move
 * (a move of either needs such a pair, and each pair is a move of both), so the game is
 * { | } = 0. Nothing else is claimed: every Clobber position is all-small (Left can
 * move exactly when Right can), so no other number than 0 can occur, and a position
 * with moves that is 0 (xoxoxo) is found by exact analysis, not here. */
static bool number(void *instance, const void *pos, sg_value *value)
{
    (void)instance;
    clob_board b;
    if (!clob_load(pos, &b) || clob_movers(&b, SG_LEFT))
        return false;
    *value = sg_value_int(0);
    return true;
}

/* Zobrist over the stones of each colour plus a key per board size. */
static uint64_t hash(void *instance, const void *pos)
{
    clob_instance *inst = instance;
    clob_board b;
    if (!clob_load(pos, &b))
        return 0;
    /* Two rounds of the splitmix64 finalizer over the masks, salted by the size. A key per
     * stone (Zobrist) cost a load a stone: hash() was 5% of the profile of an outcome
     * search, which hashes every position its canonical-form walks meet (MCGS's Clobber
     * autotests, Left first, in one batch: 2% less CPU, median of 5 paired runs). Nothing
     * here updates a key move by move. */
    return sg_mix64(sg_mix64(b.left ^ inst->size_key[b.width][b.height]) ^ b.right);
}

/* The stones of the groups where play remains (groups holding both colours). */
static uint64_t live_stones(const clob_board *b)
{
    uint64_t groups[CLOB_SQUARES], live = 0;
    int n = clob_groups(b, groups, CLOB_SQUARES);
    for (int i = 0; i < n; i++)
        if ((groups[i] & b->left) && (groups[i] & b->right))
            live |= groups[i];
    return live;
}

/* A rough heuristic: Left's stones minus Right's in the groups where play remains, in
 * units of 1/64 (a material edge tends to be worth a few ups: xxo is up). The exact mean of every Clobber position is 0, so this only breaks
 * ties in searches that stop early; it is 0 wherever number() speaks. */
static sg_value evaluate(void *instance, const void *pos, sg_player to_move)
{
    (void)instance;
    (void)to_move;
    clob_board b;
    if (!clob_load(pos, &b))
        return sg_value_int(0);
    uint64_t live = live_stones(&b);
    return sg_value_make(clob_popcount(b.left & live) - clob_popcount(b.right & live), 6);
}

/* Every move removes one stone, a move needs two stones of one group, and no stone ever
 * leaves its group (a stone moves only onto an occupied square next to it): a group of
 * k stones holds at most k - 1 moves of any line of play, alternating or not, and a
 * group of one colour none. */
static unsigned line_bound(const clob_board *b)
{
    uint64_t groups[CLOB_SQUARES];
    int n = clob_groups(b, groups, CLOB_SQUARES);
    unsigned days = 0;
    for (int i = 0; i < n; i++)
        if ((groups[i] & b->left) && (groups[i] & b->right))
            days += (unsigned)clob_popcount(groups[i]) - 1;
    return days;
}

static bool birthday_bound(void *instance, const void *pos, unsigned *days)
{
    (void)instance;
    clob_board b;
    if (!clob_load(pos, &b))
        return false;
    *days = line_bound(&b);
    return true;
}

/* Temperature at most 0. Clobber is all-small: Left has a move exactly when Right has
 * one (an adjacent pair of opposite stones is a move for each), so every position and
 * every follower is either 0 (no moves) or has moves for both. By induction both stops
 * of such a game are 0: a Left stop is the Right stop of a Left option, 0 by induction,
 * and a game without moves stops at 0. A game whose Left and Right stops are equal has
 * walls that meet at t = 0 and rise as one mast above it, so its temperature is at most
 * 0 (0 for *, ups and the like; -1 for the game 0 itself). */
static bool temperature_bound(void *instance, const void *pos, sg_value *bound)
{
    (void)instance;
    clob_board b;
    if (!clob_load(pos, &b))
        return false;
    *bound = sg_value_int(0);
    return true;
}

/* The groups of stones (4-adjacency, either colour) that hold both colours, each cut to
 * its bounding box. Groups never interact: a stone moves only onto an adjacent stone, so
 * it stays in its group, no square outside the groups is ever filled, and two groups
 * never become adjacent; a move in one group leaves the others as they were, so the
 * board is the sum of its groups. A group of one colour has no move now or ever and is
 * 0, so it is left out. A board with no live group is its own single part (it is 0); so
 * is a board that is one group whose bounding box is the whole board. */
static int split(void *instance, const void *pos, void *parts, size_t cap, size_t *count)
{
    (void)instance;
    clob_board b;
    uint64_t groups[CLOB_SQUARES];
    *count = 0;
    if (!clob_load(pos, &b))
        return SG_ERR_INVALID;
    int n = clob_groups(&b, groups, CLOB_SQUARES), live = 0;
    for (int i = 0; i < n; i++)
        if ((groups[i] & b.left) && (groups[i] & b.right))
            groups[live++] = groups[i];
    clob_board whole;
    if (live == 1)
        clob_group_board(&b, groups[0], &whole);
    if (live == 0 || (live == 1 && n == 1 && whole.width == b.width &&
                      whole.height == b.height)) {
        *count = 1;
        if (cap < 1)
            return SG_ERR_RANGE;
        clob_store(&b, parts);
        return SG_OK;
    }
    *count = (size_t)live;
    if ((size_t)live > cap)
        return SG_ERR_RANGE;
    for (int i = 0; i < live; i++) {
        clob_board part;
        clob_group_board(&b, groups[i], &part);
        clob_store(&part, (unsigned char *)parts + (size_t)i * sizeof(clob_pos));
    }
    return SG_OK;
}

/* A width x height board: 'checker' fills it with alternating stones, x in the top left
 * corner; 'random' draws each square in reading order, a stone with chance fill and then
 * its colour with even chance. */
static int generate(void *instance, sg_rng *rng, void *pos, char *err, size_t errlen)
{
    clob_instance *inst = instance;
    (void)err;
    (void)errlen;
    clob_board b = { (int)inst->width, (int)inst->height, 0, 0 };
    uint64_t denominator = UINT64_C(1) << inst->fill.exp;
    for (int r = 0; r < b.height; r++)
        for (int c = 0; c < b.width; c++) {
            uint64_t bit = clob_bit(clob_square(r, c));
            bool left;
            if (inst->pattern == CLOB_PATTERN_CHECKER) {
                left = (r + c) % 2 == 0;
            } else {
                if (inst->host->rng_below(rng, denominator) >= (uint64_t)inst->fill.num)
                    continue;
                left = inst->host->rng_below(rng, 2) == 0;
            }
            if (left)
                b.left |= bit;
            else
                b.right |= bit;
        }
    clob_store(&b, pos);
    return SG_OK;
}

/* Orders boards: fewer rows first, then fewer columns, then the masks. */
static bool board_less(const clob_board *a, const clob_board *b)
{
    if (a->height != b->height)
        return a->height < b->height;
    if (a->width != b->width)
        return a->width < b->width;
    if (a->left != b->left)
        return a->left < b->left;
    return a->right < b->right;
}

/* The least of the eight images under the symmetries of the square (reflections, half
 * and quarter turns, transposes), on any rectangle: a Clobber move is the same in every
 * direction and both players move alike, so every image has the board's value; a
 * transpose of a non-square board is a board of the other shape. The colour swap is not
 * used: it negates the value. Boards are not cropped or moved. */
static void canonical(void *instance, const void *pos, void *out)
{
    (void)instance;
    clob_board b, best;
    if (!clob_load(pos, &b)) {
        memcpy(out, pos, sizeof(clob_pos));
        return;
    }
    best = b;
    for (int k = 1; k < CLOB_SYMMETRIES; k++) {
        clob_board image;
        clob_transform(&b, k, &image);
        if (board_less(&image, &best))
            best = image;
    }
    clob_store(&best, out);
}

static const sg_game_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_game_desc),
    .name = "clobber",
    .version = "1.0",
    .description = "Clobber on rectangles up to 8x8 (xo/ox): Left's stones x, Right's o, "
                   "a stone clobbers an adjacent enemy stone; splits into groups, symmetry, "
                   "databases RxC",
    .pos_size = sizeof(clob_pos),
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
    .db_shape = clob_db_shape,
    .db_position = clob_db_position,
    .db_index = clob_db_index,
    .db_images = clob_db_images,
};

const sg_game_desc *sumgame_game_plugin(void);
const sg_game_desc *sumgame_game_plugin(void) { return &descriptor; }
