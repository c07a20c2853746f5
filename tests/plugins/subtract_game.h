/* A small, complete partizan subtraction game for the loader and check-plugin tests.
 *
 * A position is one heap of n tokens, written "n". Left removes 1 or 2 tokens (moves
 * "take1", "take2"), Right removes 2 or 3 ("take2", "take3"); the move code is the number
 * of tokens taken. Right has no move when n < 2, and Left then has n moves in a row, so
 * those positions are the integers n (0 and 1); from 2 on both players can move, so no
 * other position is reported as a number. Param `max` (default 20) bounds generated heaps.
 *
 * Included by good_subtract.c as is, and by broken_subtract.c with SUBTRACT_BROKEN set:
 * that variant changes play's input, lists moves in an order that alternates between
 * calls (kept in the instance), and never reports heap 1 as a number, so check-plugin's
 * FAIL paths have something to find. crashing_subtract.c sets SUBTRACT_CRASHES: play
 * from heap 3 raises SIGSEGV, as a plugin bug would. numberless_subtract.c sets
 * SUBTRACT_NUMBERLESS: heap 1 is not reported as a number, and evaluate() gives the heap. Links nothing: parameters are parsed by hand. */
#ifndef SUMGAME_TEST_SUBTRACT_GAME_H
#define SUMGAME_TEST_SUBTRACT_GAME_H

#include <inttypes.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sumgame/game.h"

#ifndef SUBTRACT_BROKEN
#define SUBTRACT_BROKEN 0
#endif
#ifndef SUBTRACT_CRASHES
#define SUBTRACT_CRASHES 0
#endif
#ifndef SUBTRACT_NUMBERLESS
#define SUBTRACT_NUMBERLESS 0
#endif
/* loopy_subtract.c: Right may also give one token back ("give1", code 4) while the heap
 * is from 2 to max - 1, so play can cycle (3, Left takes 1, 2, Right gives 1, 3). */
#ifndef SUBTRACT_LOOPY
#define SUBTRACT_LOOPY 0
#endif
#define SUBTRACT_HEAP_MAX 1000000
/* One planted bug each, for check-plugin's exact-value checks (tests/plugins/bad_*.c):
 * SUBTRACT_HASH_HISTORY hashes the last move played (an incremental key kept in the
 * instance); SUBTRACT_BAD_SPLIT splits heap n >= 4 into heaps 1 and n - 1;
 * SUBTRACT_WRONG_NUMBER reports heap 1 (= {0|} = 1) as 2; SUBTRACT_BAD_EVALUATE evaluates
 * from Right's view; SUBTRACT_BAD_TEMPERATURE bounds every temperature by 0 (heap 2 is
 * {1|0}, temperature 1/2); SUBTRACT_BAD_BIRTHDAY bounds every birthday by 1;
 * SUBTRACT_BAD_CANONICAL maps heap n to heap n rounded down to even; SUBTRACT_DB gives
 * the database hooks on shape "heaps:N" (heaps 0..N); SUBTRACT_BAD_DB 1 puts db_index
 * off by one from heap 3 on, SUBTRACT_BAD_DB 2 makes heap 3 an image of heap 2,
 * SUBTRACT_BAD_DB 3 has db_children give a wrong child; SUBTRACT_BAD_OPTIONS (with
 * SUBTRACT_NUMBERLESS's evaluate) has evaluate_options value the position itself, not
 * its best child. */
#ifndef SUBTRACT_HASH_HISTORY
#define SUBTRACT_HASH_HISTORY 0
#endif
#ifndef SUBTRACT_BAD_DB
#define SUBTRACT_BAD_DB 0
#endif

struct subtract_pos {
    int32_t heap;
    int32_t scratch; /* 0 in every position the correct game makes */
};

struct subtract {
    const sg_host *host;
    int32_t max;
    unsigned long calls; /* the broken variant's hidden state */
    sg_move last;        /* SUBTRACT_HASH_HISTORY's hidden state */
    int32_t db_max;      /* SUBTRACT_DB: the shape's largest heap */
};

static int subtract_create(const sg_host *host, const sg_params *params, void **out,
                           char *err, size_t errlen)
{
    long max = 20;
    for (size_t i = 0; params && i < params->count; i++) {
        const sg_param *p = &params->items[i];
        if (strcmp(p->key, "max") != 0) {
            snprintf(err, errlen, "unknown key '%s'", p->key);
            return SG_ERR_INVALID;
        }
        char *end;
        max = strtol(p->value, &end, 10);
        if (end == p->value || *end || max < 0 || max > SUBTRACT_HEAP_MAX) {
            snprintf(err, errlen, "max: expected an integer from 0 to %d, got '%.40s'",
                     SUBTRACT_HEAP_MAX, p->value);
            return SG_ERR_INVALID;
        }
    }
    struct subtract *g = host->alloc(sizeof *g);
    if (!g)
        return SG_ERR_NOMEM;
    g->host = host;
    g->max = (int32_t)max;
    g->calls = 0;
    g->last = 0;
    g->db_max = 0;
    *out = g;
    return SG_OK;
}

static void subtract_destroy(void *instance)
{
    struct subtract *g = instance;
    g->host->free(g);
}

static int subtract_parse(void *instance, const char *text, void *pos, char *err,
                          size_t errlen)
{
    (void)instance;
    long n = 0;
    const char *p = text;
    for (; *p >= '0' && *p <= '9' && n <= SUBTRACT_HEAP_MAX; p++)
        n = n * 10 + (*p - '0');
    if (p == text || *p || n > SUBTRACT_HEAP_MAX) {
        snprintf(err, errlen, "expected a heap size from 0 to %d, got '%.40s'",
                 SUBTRACT_HEAP_MAX, text);
        return SG_ERR_INVALID;
    }
    struct subtract_pos q = { (int32_t)n, 0 };
    memcpy(pos, &q, sizeof q);
    return SG_OK;
}

static int subtract_format(void *instance, const void *pos, char *buf, size_t cap)
{
    (void)instance;
    const struct subtract_pos *p = pos;
    int n = snprintf(buf, cap, "%" PRId32, p->heap);
    return n >= 0 && (size_t)n < cap ? SG_OK : SG_ERR_RANGE;
}

static bool subtract_legal(const struct subtract_pos *p, sg_player who, sg_move take)
{
    if (SUBTRACT_LOOPY && take == 4)
        return who == SG_RIGHT && p->heap >= 2 && p->heap < 20;
    sg_move lo = who == SG_LEFT ? 1 : 2, hi = who == SG_LEFT ? 2 : 3;
    return take >= lo && take <= hi && take <= (sg_move)p->heap;
}

static int subtract_moves(void *instance, const void *pos, sg_player who, sg_move *moves,
                          size_t cap, size_t *count)
{
    struct subtract *g = instance;
    sg_move found[3];
    size_t n = 0;
    for (sg_move take = 1; take <= 4; take++)
        if (subtract_legal(pos, who, take))
            found[n++] = take;
    if (SUBTRACT_BROKEN && n == 2 && g->calls++ % 2 == 1) {
        sg_move t = found[0];
        found[0] = found[1];
        found[1] = t;
    }
    *count = n;
    if (n > cap)
        return SG_ERR_RANGE;
    for (size_t i = 0; i < n; i++)
        moves[i] = found[i];
    return SG_OK;
}

static int subtract_play(void *instance, const void *pos, sg_player who, sg_move move,
                         void *out, char *err, size_t errlen)
{
    struct subtract *g = instance;
    const struct subtract_pos *p = pos;
    if (!subtract_legal(p, who, move)) {
        snprintf(err, errlen, "%s cannot take %" PRIu64 " from %" PRId32,
                 who == SG_LEFT ? "left" : "right", move, p->heap);
        return SG_ERR_INVALID;
    }
    if (SUBTRACT_CRASHES && p->heap == 3)
        raise(SIGSEGV);
    struct subtract_pos q = { move == 4 ? p->heap + 1 : p->heap - (int32_t)move, 0 };
    if (SUBTRACT_BROKEN)
        ((struct subtract_pos *)pos)->scratch++;
    g->last = move;
    memcpy(out, &q, sizeof q);
    return SG_OK;
}

static int subtract_parse_move(void *instance, const void *pos, sg_player who,
                               const char *text, sg_move *move, char *err, size_t errlen)
{
    (void)instance;
    sg_move take = SUBTRACT_LOOPY && strcmp(text, "give1") == 0 ? 4 : 0;
    if (!take && (strncmp(text, "take", 4) != 0 || text[4] < '1' || text[4] > '3' || text[5])) {
        snprintf(err, errlen, "expected take1, take2 or take3, got '%.20s'", text);
        return SG_ERR_INVALID;
    }
    if (!take)
        take = (sg_move)(text[4] - '0');
    if (!subtract_legal(pos, who, take)) {
        snprintf(err, errlen, "'%s' is not a legal move here", text);
        return SG_ERR_INVALID;
    }
    *move = take;
    return SG_OK;
}

static int subtract_format_move(void *instance, const void *pos, sg_move move, char *buf,
                                size_t cap)
{
    (void)instance;
    (void)pos;
    if (move < 1 || move > (SUBTRACT_LOOPY ? 4 : 3))
        return SG_ERR_INVALID;
    int n = move == 4 ? snprintf(buf, cap, "give1") : snprintf(buf, cap, "take%" PRIu64, move);
    return n >= 0 && (size_t)n < cap ? SG_OK : SG_ERR_RANGE;
}

static bool subtract_number(void *instance, const void *pos, sg_value *value)
{
    (void)instance;
    const struct subtract_pos *p = pos;
    if (p->heap >= 2 || ((SUBTRACT_BROKEN || SUBTRACT_NUMBERLESS) && p->heap == 1))
        return false;
#ifdef SUBTRACT_WRONG_NUMBER
    if (p->heap == 1) {
        *value = (sg_value){ 2, 0 };
        return true;
    }
#endif
    value->num = p->heap;
    value->exp = 0;
    return true;
}

/* numberless_subtract and bad_options: Left's tokens, a fair guess of the value. */
__attribute__((unused)) static sg_value subtract_evaluate(void *instance, const void *pos,
                                                          sg_player to_move)
{
    (void)instance;
    (void)to_move;
    const struct subtract_pos *p = pos;
    sg_value v = { p->heap, 0 };
    return v;
}

#ifdef SUBTRACT_BAD_OPTIONS
/* evaluate() of pos itself where the best child's is due: heap n for Left, whose best
 * child (take 1) is n - 1. */
static bool subtract_bad_options(void *instance, const void *pos, sg_player who,
                                 sg_value *best)
{
    const struct subtract_pos *p = pos;
    if (p->heap < (who == SG_LEFT ? 1 : 2))
        return false;
    *best = subtract_evaluate(instance, pos, sg_opponent(who));
    return true;
}
#endif

static uint64_t subtract_hash(void *instance, const void *pos)
{
    const struct subtract *g = instance;
    const struct subtract_pos *p = pos;
    uint64_t h = ((uint64_t)(uint32_t)p->heap + 1) * UINT64_C(0x9E3779B97F4A7C15);
    return SUBTRACT_HASH_HISTORY ? h ^ g->last << 40 : h;
}

#ifdef SUBTRACT_BAD_EVALUATE
static sg_value subtract_bad_evaluate(void *instance, const void *pos, sg_player to_move)
{
    (void)instance;
    (void)to_move;
    const struct subtract_pos *p = pos;
    return (sg_value){ -(int64_t)p->heap, 0 };
}
#endif

#ifdef SUBTRACT_BAD_SPLIT
static int subtract_bad_split(void *instance, const void *pos, void *parts, size_t cap,
                              size_t *count)
{
    (void)instance;
    const struct subtract_pos *p = pos;
    *count = p->heap >= 4 ? 2 : 1;
    if (*count > cap)
        return SG_ERR_RANGE;
    struct subtract_pos q[2] = { { p->heap >= 4 ? 1 : p->heap, 0 }, { p->heap - 1, 0 } };
    memcpy(parts, q, *count * sizeof q[0]);
    return SG_OK;
}
#endif

#ifdef SUBTRACT_BAD_TEMPERATURE
static bool subtract_bad_temperature(void *instance, const void *pos, sg_value *bound)
{
    (void)instance;
    (void)pos;
    *bound = (sg_value){ 0, 0 };
    return true;
}
#endif

#if defined SUBTRACT_BAD_BIRTHDAY
static bool subtract_bad_birthday(void *instance, const void *pos, unsigned *days)
{
    (void)instance;
    (void)pos;
    *days = 1;
    return true;
}
#endif

#ifdef SUBTRACT_BAD_CANONICAL
static void subtract_bad_canonical(void *instance, const void *pos, void *out)
{
    (void)instance;
    struct subtract_pos q = *(const struct subtract_pos *)pos;
    q.heap &= ~1;
    memcpy(out, &q, sizeof q);
}
#endif

#ifdef SUBTRACT_DB
/* A heap is its own representative: the one symmetry is the identity. */
static void subtract_canonical(void *instance, const void *pos, void *out)
{
    (void)instance;
    memcpy(out, pos, sizeof(struct subtract_pos));
}

static int subtract_db_shape(void *instance, const char *text, sg_db_shape *shape, char *err,
                             size_t errlen)
{
    struct subtract *g = instance;
    char *end;
    long n = strncmp(text, "heaps:", 6) == 0 ? strtol(text + 6, &end, 10) : -1;
    if (n < 0 || n > 1000 || *end) {
        snprintf(err, errlen, "unknown shape '%.40s' (expected heaps:N, N from 0 to 1000)",
                 text);
        return SG_ERR_INVALID;
    }
    g->db_max = (int32_t)n;
    shape->indices = (uint64_t)n + 1;
    shape->layers = 1;
    /* The identity twice: the second image exercises the image checks. */
    shape->symmetries = 2;
    snprintf(shape->title, sizeof shape->title, "heaps 0 to %ld", n);
    return SG_OK;
}

static bool subtract_db_position(void *instance, uint64_t index, void *pos, uint32_t *layer)
{
    struct subtract *g = instance;
    if (index > (uint64_t)g->db_max)
        return false;
    struct subtract_pos q = { (int32_t)index, 0 };
    memcpy(pos, &q, sizeof q);
    *layer = 0;
    return true;
}

static uint64_t subtract_db_index(void *instance, const void *pos)
{
    struct subtract *g = instance;
    const struct subtract_pos *p = pos;
    if (p->heap > g->db_max)
        return SG_DB_NONE;
    return (uint64_t)p->heap + (SUBTRACT_BAD_DB == 1 && p->heap >= 3);
}

static void subtract_db_images(void *instance, uint64_t index, uint64_t *out, bool *conjugate)
{
    (void)instance;
    out[0] = index;
    out[1] = SUBTRACT_BAD_DB == 2 && index == 2 ? 3 : index;
    conjugate[0] = conjugate[1] = false;
}

/* The heaps a take leaves (1..2 for Left, 2..3 for Right); SUBTRACT_BAD_DB 3 lists
 * Right's take of 3 as leaving heap - 1. */
static int subtract_db_children(void *instance, uint64_t index, sg_player who, uint64_t *out,
                                size_t cap, size_t *count)
{
    (void)instance;
    size_t n = 0;
    for (uint64_t take = 1; take <= 3; take++) {
        if (!subtract_legal(&(struct subtract_pos){ (int32_t)index, 0 }, who, (sg_move)take))
            continue;
        if (n < cap)
            out[n] = index - (SUBTRACT_BAD_DB == 3 && take == 3 ? 1 : take);
        n++;
    }
    *count = n;
    return n > cap ? SG_ERR_RANGE : SG_OK;
}
#endif

static int subtract_generate(void *instance, sg_rng *rng, void *pos, char *err,
                             size_t errlen)
{
    (void)err;
    (void)errlen;
    struct subtract *g = instance;
    struct subtract_pos q = { (int32_t)g->host->rng_below(rng, (uint64_t)g->max + 1), 0 };
    memcpy(pos, &q, sizeof q);
    return SG_OK;
}

static const sg_param_doc subtract_params[] = {
    { "max", "20", "largest heap the generator draws" },
    { NULL, NULL, NULL },
};

#ifndef SUBTRACT_DESC_SIZE
#define SUBTRACT_DESC_SIZE sizeof(sg_game_desc)
#endif
#ifdef SUBTRACT_WRONG_BIRTHDAY
/* A bound heaps of 2 and more break (day 1 games have no positive temperature): a host
 * that read this field from a descriptor too short to hold it would forbid every hot move
 * in TDS+'s E2 and get the values wrong. */
static bool subtract_birthday_bound(void *instance, const void *pos, unsigned *days)
{
    (void)instance;
    (void)pos;
    *days = 1;
    return true;
}

/* ABI 1.2 fields past the size as well: a host that read them would lift "bans" that
 * empty the heap, and let players pass. */
static bool subtract_wrong_elsewhere(void *instance, const void *pos, void *out)
{
    (void)instance;
    memcpy(out, pos, sizeof(struct subtract_pos));
    ((struct subtract_pos *)out)->heap = 0;
    return true;
}
#endif

#ifdef SUBTRACT_WRONG_1_3
/* ABI 1.3 fields past an ABI 1.2 size: a host that read them would write moves no parser
 * reads and take every heap for heap 0. */
static int subtract_wrong_format_move_for(void *instance, const void *pos, sg_player who,
                                          sg_move move, char *buf, size_t cap)
{
    (void)instance;
    (void)pos;
    (void)who;
    (void)move;
    return snprintf(buf, cap, "nonsense") < (int)cap ? SG_OK : SG_ERR_RANGE;
}

static void subtract_wrong_canonical(void *instance, const void *pos, void *out)
{
    (void)instance;
    (void)pos;
    memset(out, 0, sizeof(struct subtract_pos));
}
#endif

#ifdef SUBTRACT_BAD_KO
/* moved_elsewhere that never settles (a second move elsewhere changes the position again)
 * and a playout that depends on hidden state, for check-plugin's ABI 1.2 checks. */
static bool subtract_bad_elsewhere(void *instance, const void *pos, void *out)
{
    (void)instance;
    memcpy(out, pos, sizeof(struct subtract_pos));
    ((struct subtract_pos *)out)->scratch++;
    return true;
}

static int subtract_bad_playout(void *instance, const void *pos, sg_player who, sg_rng *rng,
                                sg_value *score, sg_player *next)
{
    struct subtract *s = instance;
    (void)pos;
    (void)rng;
    *score = (sg_value){ (int64_t)(s->calls++ % 3), 0 };
    *next = who;
    return SG_OK;
}
#endif

#ifdef SUBTRACT_BAD_STOP
/* A stop one point off the number wherever number() reports one. */
static bool subtract_bad_stop(void *instance, const void *pos, sg_value *value)
{
    if (!subtract_number(instance, pos, value))
        *value = sg_value_int(0);
    else
        *value = sg_value_add(*value, sg_value_int(1));
    return true;
}
#endif

static const sg_game_desc subtract_desc = {
    .abi_version = SG_ABI_VERSION,
    .size = SUBTRACT_DESC_SIZE,
    .name = SUBTRACT_NAME,
    .version = "1.0",
    .description = "test game: Left takes 1 or 2 tokens from a heap, Right 2 or 3",
    .pos_size = sizeof(struct subtract_pos),
    .params = subtract_params,
    .create = subtract_create,
    .destroy = subtract_destroy,
    .parse = subtract_parse,
    .format = subtract_format,
    .moves = subtract_moves,
    .play = subtract_play,
    .parse_move = subtract_parse_move,
    .format_move = subtract_format_move,
    .number = subtract_number,
#ifdef SUBTRACT_BAD_EVALUATE
    .evaluate = subtract_bad_evaluate,
#elif defined SUBTRACT_BAD_OPTIONS
    .evaluate = subtract_evaluate,
#else
    .evaluate = SUBTRACT_NUMBERLESS ? subtract_evaluate : NULL,
#endif
    .hash = subtract_hash,
    .generate = subtract_generate,
#ifdef SUBTRACT_WRONG_BIRTHDAY
    .birthday_bound = subtract_birthday_bound,
    .flags = SG_GAME_PASSES,
    .moved_elsewhere = subtract_wrong_elsewhere,
#endif
#ifdef SUBTRACT_BAD_KO
    .moved_elsewhere = subtract_bad_elsewhere,
    .playout = subtract_bad_playout,
#endif
#ifdef SUBTRACT_BAD_SPLIT
    .split = subtract_bad_split,
#endif
#ifdef SUBTRACT_BAD_TEMPERATURE
    .temperature_bound = subtract_bad_temperature,
#endif
#ifdef SUBTRACT_BAD_OPTIONS
    .evaluate_options = subtract_bad_options,
#endif
#ifdef SUBTRACT_BAD_BIRTHDAY
    .birthday_bound = subtract_bad_birthday,
#endif
#ifdef SUBTRACT_BAD_CANONICAL
    .canonical = subtract_bad_canonical,
#endif
#ifdef SUBTRACT_DB
    .canonical = subtract_canonical,
    .db_shape = subtract_db_shape,
    .db_position = subtract_db_position,
    .db_index = subtract_db_index,
    .db_images = subtract_db_images,
    .db_children = subtract_db_children,
#endif
#ifdef SUBTRACT_WRONG_1_3
    .format_move_for = subtract_wrong_format_move_for,
    .canonical = subtract_wrong_canonical,
#endif
#ifdef SUBTRACT_BAD_STOP
    .flags = SG_GAME_PASSES,
    .stop_score = subtract_bad_stop,
#endif
};

const sg_game_desc *sumgame_game_plugin(void);
const sg_game_desc *sumgame_game_plugin(void) { return &subtract_desc; }

#endif
