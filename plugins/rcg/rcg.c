/* The rcg game plugin: explicit finite game trees (CGSuite-style notation) and the
 * rcg(k, n) random hot games of Müller & Li, "Locally informed global search for sums of
 * combinatorial games", section 4.1.
 *
 * A position is the id of a node in the instance's hash-consed tree (tree.h), so equal
 * positions are equal ids. A move code is (player << 32) | index: the index-th (0-based)
 * option of that player, in notation order; its text is "L1", "L2", ... or "R1", ... */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sumgame/cgt_notation.h"
#include "sumgame/game.h"
#include "sumgame/params.h"
#include "sumgame/rng.h"

#include "notation.h"
#include "tree.h"

typedef struct rcg_pos {
    uint32_t node;
    uint32_t zero; /* padding, always 0 so positions compare bytewise */
} rcg_pos;

typedef struct rcg_instance {
    const sg_host *host;
    rcg_tree tree;
    long long levels, size, offset; /* generator parameters */
} rcg_instance;

static const sg_param_doc param_docs[] = {
    { "levels", "2", "rcg(k, n): k, the levels of the complete binary tree below the root (1..12)" },
    { "size", "50", "rcg(k, n): n, each leaf adds rnd(n), uniform in [0, n-1], to its right "
                    "neighbour (1..1000000)" },
    { "offset", "0", "when > 0, one draw of rnd(offset) is added to every leaf, as in "
                     "rcg(2, 50) + rnd(50) (0..1000000)" },
    { NULL, NULL, NULL },
};

static int create(const sg_host *host, const sg_params *params, void **out, char *err,
                  size_t errlen)
{
    static const char *const known[] = { "levels", "size", "offset", NULL };
    long long levels, size, offset;
    if (sg_params_check_known(params, known, err, errlen) != SG_OK ||
        sg_params_int(params, "levels", 2, 1, 12, &levels, err, errlen) != SG_OK ||
        sg_params_int(params, "size", 50, 1, 1000000, &size, err, errlen) != SG_OK ||
        sg_params_int(params, "offset", 0, 0, 1000000, &offset, err, errlen) != SG_OK)
        return SG_ERR_INVALID;
    rcg_instance *inst = host->alloc(sizeof *inst);
    if (!inst) {
        if (errlen)
            snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    inst->host = host;
    rcg_tree_init(&inst->tree, host);
    inst->levels = levels;
    inst->size = size;
    inst->offset = offset;
    *out = inst;
    return SG_OK;
}

static void destroy(void *instance)
{
    rcg_instance *inst = instance;
    if (!inst)
        return;
    rcg_tree_free(&inst->tree);
    inst->host->free(inst);
}

static void set_pos(void *pos, uint32_t node)
{
    rcg_pos p = { node, 0 };
    memcpy(pos, &p, sizeof p);
}

/* The node of a position, or NULL when the blob is not a position of this instance. */
static const rcg_node *node_of(const rcg_instance *inst, const void *pos, uint32_t *id)
{
    rcg_pos p;
    memcpy(&p, pos, sizeof p);
    if (id)
        *id = p.node;
    return p.zero == 0 ? rcg_tree_node(&inst->tree, p.node) : NULL;
}

static int parse(void *instance, const char *text, void *pos, char *err, size_t errlen)
{
    rcg_instance *inst = instance;
    uint32_t id;
    int rc = rcg_parse(&inst->tree, text, &id, err, errlen);
    if (rc == SG_OK)
        set_pos(pos, id);
    return rc;
}

static int format(void *instance, const void *pos, char *buf, size_t cap)
{
    rcg_instance *inst = instance;
    uint32_t id;
    if (!node_of(inst, pos, &id)) {
        if (cap)
            buf[0] = '\0';
        return SG_ERR_INVALID;
    }
    return rcg_format(&inst->tree, id, buf, cap);
}

static uint32_t option_count(const rcg_node *n, sg_player who)
{
    return who == SG_LEFT ? n->nleft : n->nright;
}

static const uint32_t *options(const rcg_tree *t, const rcg_node *n, sg_player who)
{
    return who == SG_LEFT ? rcg_tree_left(t, n) : rcg_tree_right(t, n);
}

static int moves(void *instance, const void *pos, sg_player who, sg_move *out, size_t cap,
                 size_t *count)
{
    rcg_instance *inst = instance;
    const rcg_node *n = node_of(inst, pos, NULL);
    *count = 0;
    if (!n || (who != SG_LEFT && who != SG_RIGHT))
        return SG_ERR_INVALID;
    uint32_t k = option_count(n, who);
    *count = k;
    if (k > cap)
        return SG_ERR_RANGE;
    for (uint32_t i = 0; i < k; i++)
        out[i] = sg_notation_move(who, i);
    return SG_OK;
}

static const char *player_name(sg_player who) { return who == SG_LEFT ? "Left" : "Right"; }

static int play(void *instance, const void *pos, sg_player who, sg_move move, void *out,
                char *err, size_t errlen)
{
    rcg_instance *inst = instance;
    const rcg_node *n = node_of(inst, pos, NULL);
    if (!n || (who != SG_LEFT && who != SG_RIGHT)) {
        if (errlen)
            snprintf(err, errlen, "not a position of this rcg instance");
        return SG_ERR_INVALID;
    }
    uint32_t index;
    int rc = sg_notation_move_index(move, who, option_count(n, who), &index, err, errlen);
    if (rc != SG_OK)
        return rc;
    set_pos(out, options(&inst->tree, n, who)[index]);
    return SG_OK;
}

static int parse_move(void *instance, const void *pos, sg_player who, const char *text,
                      sg_move *move, char *err, size_t errlen)
{
    rcg_instance *inst = instance;
    const rcg_node *n = node_of(inst, pos, NULL);
    if (!n || (who != SG_LEFT && who != SG_RIGHT)) {
        if (errlen)
            snprintf(err, errlen, "not a position of this rcg instance");
        return SG_ERR_INVALID;
    }
    uint32_t index;
    int rc = sg_notation_parse_move(text, who, &index, err, errlen);
    if (rc == SG_ERR_UNSUPPORTED) {
        if (errlen)
            snprintf(err, errlen, "bad move '%.40s': expected L1, L2, ... or R1, R2, ... "
                                  "(the player and the option's number)", text);
        return SG_ERR_INVALID;
    }
    if (rc != SG_OK)
        return rc;
    uint32_t k = option_count(n, who);
    if (index >= k) {
        if (errlen) {
            if (k == 0)
                snprintf(err, errlen, "move '%.40s': %s has no move here", text,
                         player_name(who));
            else
                snprintf(err, errlen, "move '%.40s': %s has only %" PRIu32 " option%s here",
                         text, player_name(who), k, k == 1 ? "" : "s");
        }
        return SG_ERR_INVALID;
    }
    *move = sg_notation_move(who, index);
    return SG_OK;
}

static int format_move(void *instance, const void *pos, sg_move move, char *buf, size_t cap)
{
    (void)instance;
    (void)pos;
    return sg_notation_format_move(move, buf, cap);
}

/* A code of the other player's is no move of who's: it prints as the invalid code it is
 * for who, never with the other player's letter (an illegal move by Right read "L1"). */
static int format_move_for(void *instance, const void *pos, sg_player who, sg_move move,
                           char *buf, size_t cap)
{
    if (move >> 32 != (sg_move)who) {
        int n = snprintf(buf, cap, "invalid-0x%" PRIx64, (uint64_t)move);
        return n >= 0 && (size_t)n < cap ? SG_OK : SG_ERR_RANGE;
    }
    return format_move(instance, pos, move, buf, cap);
}

static bool number(void *instance, const void *pos, sg_value *value)
{
    const rcg_node *n = node_of(instance, pos, NULL);
    if (!n || !n->is_number)
        return false;
    *value = n->value;
    return true;
}

/* The splitmix64 finalizer is a bijection of 64-bit words, so distinct nodes never
 * collide: the hash is exact. */
static uint64_t hash(void *instance, const void *pos)
{
    (void)instance;
    rcg_pos p;
    memcpy(&p, pos, sizeof p);
    return sg_mix64(((uint64_t)p.zero << 32 | p.node) + UINT64_C(0x9e3779b97f4a7c15));
}

/* The mean of the Left and Right stops (exact, computed when the node was made): the
 * centre of the thermograph's base, a good estimate of the mean value that ignores who
 * moves next, since in a sum the tempo is worth about the temperature, not a full move. */
static sg_value evaluate(void *instance, const void *pos, sg_player to_move)
{
    (void)to_move;
    const rcg_node *n = node_of(instance, pos, NULL);
    if (!n)
        return sg_value_int(0);
    return sg_value_half(sg_value_add(n->lstop, n->rstop));
}

/* (hi - lo) / 2, where [lo, hi] holds the values of the first numbers that play can
 * reach. Induction over the tree: every cooled option's stops stay in [lo, hi], so at
 * t = (hi - lo)/2 the Left scaffold is at most hi - t = (hi + lo)/2 and the Right one at
 * least lo + t = (hi + lo)/2; Left stop <= Right stop means the cooled game is
 * infinitesimally close to a number, so the temperature is at most t. */
static bool temperature_bound(void *instance, const void *pos, sg_value *bound)
{
    const rcg_node *n = node_of(instance, pos, NULL);
    if (!n)
        return false;
    *bound = sg_value_half(sg_value_sub(n->hi, n->lo));
    return true;
}

/* rcg(k, n) exactly as in section 4.1: a complete binary tree with k levels below the
 * root, each inner node {first child | second child}; leaves numbered from the right,
 * v1 = 0, v(i+1) = v(i) + rnd(n). With offset > 0 one more draw rnd(offset), made after
 * the leaves, is added to every leaf. */
static int generate(void *instance, sg_rng *rng, void *pos, char *err, size_t errlen)
{
    rcg_instance *inst = instance;
    const sg_host *h = inst->host;
    uint32_t leaves = UINT32_C(1) << inst->levels;
    uint32_t *ids = h->alloc(leaves * sizeof *ids);
    int64_t *v = h->alloc(leaves * sizeof *v);
    int rc = SG_OK;
    if (!ids || !v) {
        if (errlen)
            snprintf(err, errlen, "out of memory");
        rc = SG_ERR_NOMEM;
        goto done;
    }
    /* v[leaves - 1] is the rightmost leaf, v1 of the paper. */
    v[leaves - 1] = 0;
    for (uint32_t i = leaves - 1; i-- > 0;)
        v[i] = v[i + 1] + (int64_t)h->rng_below(rng, (uint64_t)inst->size);
    int64_t shift = inst->offset > 0 ? (int64_t)h->rng_below(rng, (uint64_t)inst->offset) : 0;
    for (uint32_t i = 0; i < leaves && rc == SG_OK; i++)
        rc = rcg_tree_leaf(&inst->tree, sg_value_int(v[i] + shift), &ids[i], err, errlen);
    for (uint32_t width = leaves; width > 1 && rc == SG_OK; width /= 2)
        for (uint32_t i = 0; i < width / 2 && rc == SG_OK; i++)
            rc = rcg_tree_game(&inst->tree, &ids[2 * i], 1, &ids[2 * i + 1], 1, &ids[i], err,
                               errlen);
    if (rc == SG_OK)
        set_pos(pos, ids[0]);
done:
    h->free(ids);
    h->free(v);
    return rc;
}

static const sg_game_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_game_desc),
    .name = "rcg",
    .version = "1.0",
    .description = "explicit finite game trees ({a,b|c}, 114|66||49|0, 5/2) and the random "
                   "hot games rcg(k, n) of Mueller and Li",
    .pos_size = sizeof(rcg_pos),
    .params = param_docs,
    .create = create,
    .destroy = destroy,
    .parse = parse,
    .format = format,
    .moves = moves,
    .play = play,
    .parse_move = parse_move,
    .format_move = format_move,
    .format_move_for = format_move_for,
    .number = number,
    .hash = hash,
    .evaluate = evaluate,
    .temperature_bound = temperature_bound,
    .split = NULL,
    .generate = generate,
    /* moves, play, number and hash only read the tree (parse grows it) */
    .flags = SG_GAME_REENTRANT,
};

const sg_game_desc *sumgame_game_plugin(void);
const sg_game_desc *sumgame_game_plugin(void) { return &descriptor; }
