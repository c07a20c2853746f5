/* A complete game plugin, small enough to read in one sitting: hot switches {a | b}
 * with integers a >= b, written "a|b", and settled integers written "n". Left moves a
 * switch to a, Right to b. Build it out of tree with nothing but the installed headers:
 *
 *     cc -std=c17 -shared -fPIC switch.c -o games/switch.so $(pkg-config --cflags --libs sumgame)
 *     sumgame solve --plugin-path . 'switch:5|-5 + switch:3|1'
 */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sumgame/game.h>
#include <sumgame/params.h>

/* A position. Plain data: the host copies and compares it bytewise, so no pointers and
 * no uninitialized padding. */
struct switch_pos {
    int32_t left, right; /* the two options; equal when settled */
    int32_t settled;     /* 1 once someone has moved */
    int32_t pad;         /* always 0 */
};

struct instance {
    const sg_host *host;
};

static int create(const sg_host *host, const sg_params *params, void **out, char *err,
                  size_t errlen)
{
    /* The switch game takes no parameters: any key is an error. */
    static const char *const known[] = { NULL };
    if (params && params->count &&
        sg_params_check_known(params, known, err, errlen) != SG_OK)
        return SG_ERR_INVALID;
    struct instance *inst = host->alloc(sizeof *inst);
    if (!inst)
        return SG_ERR_NOMEM;
    inst->host = host;
    *out = inst;
    return SG_OK;
}

static void destroy(void *instance)
{
    struct instance *inst = instance;
    inst->host->free(inst);
}

static int parse_int(const char *s, const char **end, int32_t *out)
{
    char *e;
    long v = strtol(s, &e, 10);
    if (e == s || v < -1000000 || v > 1000000)
        return -1;
    *out = (int32_t)v;
    *end = e;
    return 0;
}

static int parse(void *instance, const char *text, void *pos, char *err, size_t errlen)
{
    (void)instance;
    struct switch_pos p = { 0 };
    const char *end;
    if (parse_int(text, &end, &p.left) != 0) {
        snprintf(err, errlen, "expected an integer at '%.20s'", text);
        return SG_ERR_INVALID;
    }
    if (*end == '\0') {
        p.right = p.left;
        p.settled = 1;
    } else if (*end != '|' || parse_int(end + 1, &end, &p.right) != 0 || *end != '\0') {
        snprintf(err, errlen, "expected 'a|b' or 'n', got '%.40s'", text);
        return SG_ERR_INVALID;
    } else if (p.left < p.right) {
        snprintf(err, errlen, "'%.40s': a switch needs a >= b", text);
        return SG_ERR_INVALID;
    }
    memcpy(pos, &p, sizeof p);
    return SG_OK;
}

static int format(void *instance, const void *pos, char *buf, size_t cap)
{
    (void)instance;
    const struct switch_pos *p = pos;
    int n = p->settled ? snprintf(buf, cap, "%" PRId32, p->left)
                       : snprintf(buf, cap, "%" PRId32 "|%" PRId32, p->left, p->right);
    return n >= 0 && (size_t)n < cap ? SG_OK : SG_ERR_RANGE;
}

static int moves(void *instance, const void *pos, sg_player who, sg_move *out, size_t cap,
                 size_t *count)
{
    (void)instance;
    (void)who;
    const struct switch_pos *p = pos;
    *count = p->settled ? 0 : 1; /* one move each: code 0 */
    if (*count > cap)
        return SG_ERR_RANGE;
    if (*count)
        out[0] = 0;
    return SG_OK;
}

static int play(void *instance, const void *pos, sg_player who, sg_move move, void *out,
                char *err, size_t errlen)
{
    (void)instance;
    const struct switch_pos *p = pos;
    if (p->settled || move != 0) {
        snprintf(err, errlen, "illegal move %" PRIu64, move);
        return SG_ERR_INVALID;
    }
    struct switch_pos q = *p;
    q.left = q.right = who == SG_LEFT ? p->left : p->right;
    q.settled = 1;
    memcpy(out, &q, sizeof q);
    return SG_OK;
}

static int parse_move(void *instance, const void *pos, sg_player who, const char *text,
                      sg_move *move, char *err, size_t errlen)
{
    (void)instance;
    (void)pos;
    (void)who;
    if (strcmp(text, "take") != 0) {
        snprintf(err, errlen, "unknown move '%.20s' (the only move is 'take')", text);
        return SG_ERR_INVALID;
    }
    *move = 0;
    return SG_OK;
}

static int format_move(void *instance, const void *pos, sg_move move, char *buf, size_t cap)
{
    (void)instance;
    (void)pos;
    (void)move;
    return snprintf(buf, cap, "take") < (int)cap ? SG_OK : SG_ERR_RANGE;
}

static bool number(void *instance, const void *pos, sg_value *value)
{
    (void)instance;
    const struct switch_pos *p = pos;
    if (!p->settled)
        return false; /* {a|b} with a >= b is hot or a* : never a number */
    *value = sg_value_int(p->left);
    return true;
}

static uint64_t hash(void *instance, const void *pos)
{
    (void)instance;
    const struct switch_pos *p = pos;
    uint64_t h = (uint64_t)(uint32_t)p->left << 32 | (uint32_t)p->right;
    return (h ^ (uint64_t)p->settled) * UINT64_C(0x9E3779B97F4A7C15);
}

static sg_value evaluate(void *instance, const void *pos, sg_player to_move)
{
    (void)instance;
    (void)to_move;
    const struct switch_pos *p = pos;
    /* The mean of {a|b} is (a+b)/2, a fine guess at any depth. */
    return sg_value_make((int64_t)p->left + p->right, 1);
}

static const sg_param_doc no_params[] = { { NULL, NULL, NULL } };

static const sg_game_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_game_desc),
    .name = "switch",
    .version = "1.0",
    .description = "hot switches {a|b}, the example of docs/plugin-guide.md",
    .pos_size = sizeof(struct switch_pos),
    .params = no_params,
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
};

const sg_game_desc *sumgame_game_plugin(void);
const sg_game_desc *sumgame_game_plugin(void) { return &descriptor; }
