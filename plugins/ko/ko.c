/* The ko game plugin: explicit loopy game graphs under a ko rule (docs/games/ko.md).
 *
 * A graph is a list of labelled nodes, `M={1|N}; N={M|-1}`, the first being the current
 * position. Every node any parse made lives in the instance's store (store.h), interned
 * by the canonical text of what it reaches, so a position is three small numbers: the
 * current node, the banned target node and the player the ban applies to.
 *
 * Ko ban: when a player moves p -> q and the opponent has the option q -> p, the
 * opponent may not take it next; a move elsewhere (moved_elsewhere) lifts the ban, and
 * every move here replaces it by the one it sets, if any.
 *
 * A move code is (player << 32) | index: the index-th (0-based) option of that player in
 * notation order, written "L1", "R2" as in rcg. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "sumgame/cgt_notation.h"
#include "sumgame/game.h"
#include "sumgame/params.h"
#include "sumgame/rng.h"

#include "notation.h"
#include "store.h"

typedef struct ko_pos {
    uint32_t node;   /* the current node's id in the store */
    uint32_t ban;    /* the banned target node's id + 1, or 0 when no ban is live */
    uint32_t banned; /* 1 + the player the ban applies to (SG_LEFT, SG_RIGHT), 0 with no ban */
} ko_pos;

typedef struct ko_instance {
    const sg_host *host;
    ko_store store;
} ko_instance;

static int create(const sg_host *host, const sg_params *params, void **out, char *err,
                  size_t errlen)
{
    static const char *const known[] = { NULL };
    if (sg_params_check_known(params, known, err, errlen) != SG_OK)
        return SG_ERR_INVALID;
    ko_instance *inst = host->alloc(sizeof *inst);
    if (!inst) {
        if (errlen)
            snprintf(err, errlen, "out of memory");
        return SG_ERR_NOMEM;
    }
    inst->host = host;
    ko_store_init(&inst->store, host);
    *out = inst;
    return SG_OK;
}

static void destroy(void *instance)
{
    ko_instance *inst = instance;
    if (!inst)
        return;
    ko_store_free(&inst->store);
    inst->host->free(inst);
}

/* The position's fields and node, or NULL when the blob is not a position of this
 * instance (a ban must name an internal node). */
static const ko_node *node_of(const ko_instance *inst, const void *pos, ko_pos *p)
{
    memcpy(p, pos, sizeof *p);
    const ko_node *n = ko_store_node(&inst->store, p->node);
    if (!n || p->banned > 2 || (p->ban == 0) != (p->banned == 0))
        return NULL;
    if (p->ban != 0) {
        const ko_node *t = ko_store_node(&inst->store, p->ban - 1);
        if (!t || t->leaf)
            return NULL;
    }
    return n;
}

static bool is_player(sg_player who) { return who == SG_LEFT || who == SG_RIGHT; }
static char player_letter(sg_player who) { return who == SG_LEFT ? 'L' : 'R'; }
static const char *player_name(sg_player who) { return who == SG_LEFT ? "Left" : "Right"; }

static uint32_t option_count(const ko_node *n, sg_player who)
{
    return who == SG_LEFT ? n->nleft : n->nright;
}

/* Whether who's option i of p's node is the banned one. */
static bool banned(const ko_pos *p, const uint32_t *opts, sg_player who, uint32_t i)
{
    return p->banned == (uint32_t)who + 1 && opts[i] == p->ban - 1;
}

static int parse(void *instance, const char *text, void *pos, char *err, size_t errlen)
{
    ko_instance *inst = instance;
    ko_parsed parsed;
    int rc = ko_parse(&inst->store, text, &parsed, err, errlen);
    if (rc != SG_OK)
        return rc;
    ko_pos p = { parsed.node, parsed.ban, parsed.ban ? (uint32_t)parsed.banned + 1 : 0 };
    memcpy(pos, &p, sizeof p);
    return SG_OK;
}

typedef struct writer {
    char *buf;
    size_t cap, len;
} writer;

static void put(writer *w, const char *s, size_t n)
{
    if (w->len + n < w->cap)
        memcpy(w->buf + w->len, s, n);
    w->len += n;
}

/* The node's key (the graph from it, current node first), then " [ban=M]", or
 * " [ban=L:M]" when the target is an option of both players. */
static int format(void *instance, const void *pos, char *buf, size_t cap)
{
    ko_instance *inst = instance;
    const ko_store *s = &inst->store;
    ko_pos p;
    const ko_node *n = node_of(inst, pos, &p);
    if (!n || cap == 0) {
        if (cap)
            buf[0] = '\0';
        return n ? SG_ERR_RANGE : SG_ERR_INVALID;
    }
    writer w = { buf, cap, 0 };
    put(&w, ko_store_text(s, n->key), n->key_len);
    if (p.ban) {
        const ko_node *t = &s->nodes[p.ban - 1];
        bool both = true;
        for (int side = 0; side < 2; side++) {
            bool in = false;
            const uint32_t *o = ko_store_options(s, n, side);
            for (uint32_t i = 0; i < (side ? n->nright : n->nleft); i++)
                in = in || o[i] == p.ban - 1;
            both = both && in;
        }
        put(&w, " [ban=", 6);
        if (both)
            put(&w, p.banned == 1 ? "L:" : "R:", 2);
        put(&w, ko_store_text(s, t->label), t->label_len);
        put(&w, "]", 1);
    }
    if (w.len >= cap) {
        buf[cap - 1] = '\0';
        return SG_ERR_RANGE;
    }
    buf[w.len] = '\0';
    return SG_OK;
}

static int moves(void *instance, const void *pos, sg_player who, sg_move *out, size_t cap,
                 size_t *count)
{
    ko_instance *inst = instance;
    ko_pos p;
    const ko_node *n = node_of(inst, pos, &p);
    *count = 0;
    if (!n || !is_player(who))
        return SG_ERR_INVALID;
    const uint32_t *opts = ko_store_options(&inst->store, n, who == SG_RIGHT);
    size_t k = 0;
    for (uint32_t i = 0; i < option_count(n, who); i++) {
        if (banned(&p, opts, who, i))
            continue;
        if (k < cap)
            out[k] = sg_notation_move(who, i);
        k++;
    }
    *count = k;
    return k > cap ? SG_ERR_RANGE : SG_OK;
}

static int play(void *instance, const void *pos, sg_player who, sg_move move, void *out,
                char *err, size_t errlen)
{
    ko_instance *inst = instance;
    const ko_store *s = &inst->store;
    ko_pos p;
    const ko_node *n = node_of(inst, pos, &p);
    if (!n || !is_player(who)) {
        if (errlen)
            snprintf(err, errlen, "not a position of this ko instance");
        return SG_ERR_INVALID;
    }
    uint32_t index;
    int rc = sg_notation_move_index(move, who, option_count(n, who), &index, err, errlen);
    if (rc != SG_OK)
        return rc;
    const uint32_t *opts = ko_store_options(s, n, who == SG_RIGHT);
    if (banned(&p, opts, who, index)) {
        if (errlen)
            snprintf(err, errlen, "illegal move %c%" PRIu32 ": %s may not retake the ko to "
                                  "'%.60s' before a move elsewhere",
                     player_letter(who), index + 1, player_name(who),
                     ko_store_text(s, s->nodes[p.ban - 1].label));
        return SG_ERR_INVALID;
    }
    uint32_t from = p.node, to = opts[index];
    ko_pos next = { to, 0, 0 };
    /* the opponent may not answer to -> from at once */
    const ko_node *q = &s->nodes[to];
    sg_player opp = sg_opponent(who);
    const uint32_t *back = ko_store_options(s, q, opp == SG_RIGHT);
    for (uint32_t i = 0; i < option_count(q, opp); i++)
        if (back[i] == from) {
            next.ban = from + 1;
            next.banned = (uint32_t)opp + 1;
            break;
        }
    memcpy(out, &next, sizeof next);
    return SG_OK;
}

/* "L1", "R2", ... or the name (or text) of an option, when it is one node. */
static int parse_move(void *instance, const void *pos, sg_player who, const char *text,
                      sg_move *move, char *err, size_t errlen)
{
    ko_instance *inst = instance;
    const ko_store *s = &inst->store;
    ko_pos p;
    const ko_node *n = node_of(inst, pos, &p);
    if (!n || !is_player(who)) {
        if (errlen)
            snprintf(err, errlen, "not a position of this ko instance");
        return SG_ERR_INVALID;
    }
    uint32_t k = option_count(n, who);
    const uint32_t *opts = ko_store_options(s, n, who == SG_RIGHT);
    uint32_t index;
    int rc = sg_notation_parse_move(text, who, &index, err, errlen);
    if (rc == SG_ERR_INVALID)
        return rc;
    if (rc == SG_OK) {
        if (index >= k) {
            if (errlen)
                snprintf(err, errlen, "move '%.40s': %s has only %" PRIu32 " option%s here",
                         text, player_name(who), k, k == 1 ? "" : "s");
            return SG_ERR_INVALID;
        }
        if (banned(&p, opts, who, index)) {
            if (errlen)
                snprintf(err, errlen, "move '%.40s': %s may not retake the ko before a move "
                                      "elsewhere", text, player_name(who));
            return SG_ERR_INVALID;
        }
        *move = sg_notation_move(who, index);
        return SG_OK;
    }
    /* the option written as the graph writes it: a name, a number or {..|..} */
    uint32_t found = UINT32_MAX, target = UINT32_MAX;
    size_t len = strlen(text);
    for (uint32_t i = 0; i < k; i++) {
        const ko_node *o = &s->nodes[opts[i]];
        if (o->label_len != len || memcmp(ko_store_text(s, o->label), text, len) != 0)
            continue;
        if (target != UINT32_MAX && target != opts[i]) {
            found = UINT32_MAX - 1;
            break;
        }
        if (target == UINT32_MAX && !banned(&p, opts, who, i)) {
            found = i;
            target = opts[i];
        }
    }
    if (found >= UINT32_MAX - 1) {
        if (errlen)
            snprintf(err, errlen, "bad move '%.40s': expected L1, L2, ... or R1, R2, ... (the "
                                  "player and the option's number), or the name of a legal "
                                  "option of %s", text, player_name(who));
        return SG_ERR_INVALID;
    }
    *move = sg_notation_move(who, found);
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

/* Number leaves only. An internal node is never reported, not even when a ban leaves a
 * player without a move: the move comes back after a move elsewhere (SG_GAME_PASSES). */
static bool number(void *instance, const void *pos, sg_value *value)
{
    ko_pos p;
    const ko_node *n = node_of(instance, pos, &p);
    if (!n || !n->leaf)
        return false;
    *value = n->value;
    return true;
}

/* Of the three fields only, which depend on the order of parses in the instance, never
 * on addresses. */
static uint64_t hash(void *instance, const void *pos)
{
    (void)instance;
    ko_pos p;
    memcpy(&p, pos, sizeof p);
    uint64_t h = sg_mix64(p.node + UINT64_C(0x9e3779b97f4a7c15));
    return sg_mix64(h ^ (((uint64_t)p.ban << 2 | p.banned) + UINT64_C(0x632be59bd9b4e019)));
}

static bool moved_elsewhere(void *instance, const void *pos, void *out)
{
    (void)instance;
    ko_pos p;
    memcpy(&p, pos, sizeof p);
    if (p.ban == 0)
        return false;
    p.ban = 0;
    p.banned = 0;
    memcpy(out, &p, sizeof p);
    return true;
}

static const sg_game_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_game_desc),
    .name = "ko",
    .version = "1.0",
    .description = "explicit loopy game graphs under a ko rule (M={1|N}; N={M|-1})",
    .pos_size = sizeof(ko_pos),
    .params = NULL,
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
    .evaluate = NULL,
    .temperature_bound = NULL,
    .split = NULL,
    .generate = NULL,
    .birthday_bound = NULL,
    /* moves, play, number, hash and moved_elsewhere only read the store (parse grows it).
     * A player whom a ban leaves without a move here passes, and the pass lifts the ban:
     * the component is over only at a number leaf. */
    .flags = SG_GAME_REENTRANT | SG_GAME_PASSES,
    .moved_elsewhere = moved_elsewhere,
    .playout = NULL,
};

const sg_game_desc *sumgame_game_plugin(void);
const sg_game_desc *sumgame_game_plugin(void) { return &descriptor; }
