/* Cutcake (Berlekamp, Conway and Guy, Winning Ways, ch. 2), a complete game plugin that
 * splits: a position is a set of rectangular pieces of cake, "4x3" being 4 columns wide and
 * 3 rows high, several written "4x3,2x1", none written "0". Left cuts a piece along a
 * vertical line (into two narrower pieces of the same height), Right along a horizontal
 * one. A player with no piece to cut loses. Build it out of tree with nothing but the
 * installed headers (docs/writing-a-game.md):
 *
 *     cc -std=c17 -shared -fPIC cutcake.c -o games/cutcake.so $(pkg-config --cflags --libs sumgame)
 *     sumgame analyze --plugin-path . cutcake:4x3
 *
 * It shows the ABI's optional parts a splitting game wants: split (each piece is its own
 * component), the required number() rule for a stuck player, birthday_bound, evaluate,
 * a generator, and format_move_for (ABI 1.3: the mover fixes the cut's direction). */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <sumgame/game.h>
#include <sumgame/params.h>

#define SIDE_MAX 16
/* Pieces of one square are dropped (nobody can cut them: they are 0), so every piece
 * kept has at least two squares, and an area bound bounds the pieces. */
#define AREA_MAX 128
#define PIECES_MAX (AREA_MAX / 2)

/* Plain data, compared bytewise: pieces sorted (widest first, then tallest), unused
 * entries zero, so equal sets of pieces are equal bytes. */
struct cake {
    uint8_t n;
    uint8_t pad; /* always 0 */
    uint8_t w[PIECES_MAX + 1]; /* + 1: a cut adds a piece before normalize drops 1x1s */
    uint8_t h[PIECES_MAX + 1];
};

struct instance {
    const sg_host *host;
    long long width, height, pieces; /* generator parameters */
};

static int create(const sg_host *host, const sg_params *params, void **out, char *err,
                  size_t errlen)
{
    static const char *const known[] = { "width", "height", "pieces", NULL };
    long long width = 8, height = 8, pieces = 1;
    if (params && (sg_params_check_known(params, known, err, errlen) != SG_OK ||
                   sg_params_int(params, "width", 8, 1, SIDE_MAX, &width, err, errlen) != SG_OK ||
                   sg_params_int(params, "height", 8, 1, SIDE_MAX, &height, err, errlen) != SG_OK ||
                   sg_params_int(params, "pieces", 1, 1, PIECES_MAX, &pieces, err, errlen) != SG_OK))
        return SG_ERR_INVALID;
    if (pieces * width * height > AREA_MAX) {
        snprintf(err, errlen, "pieces x width x height is %lld, more than %d squares",
                 pieces * width * height, AREA_MAX);
        return SG_ERR_INVALID;
    }
    struct instance *inst = host->alloc(sizeof *inst);
    if (!inst)
        return SG_ERR_NOMEM;
    *inst = (struct instance){ host, width, height, pieces };
    *out = inst;
    return SG_OK;
}

static void destroy(void *instance)
{
    struct instance *inst = instance;
    inst->host->free(inst);
}

/* Sorts the pieces and drops those of one square: the one form every position has. */
static void normalize(struct cake *c)
{
    uint8_t n = 0;
    for (uint8_t i = 0; i < c->n; i++)
        if (c->w[i] * c->h[i] > 1) {
            c->w[n] = c->w[i];
            c->h[n] = c->h[i];
            n++;
        }
    for (uint8_t i = 1; i < n; i++) /* insertion sort: few pieces */
        for (uint8_t j = i; j > 0 && (c->w[j] > c->w[j - 1] ||
                                      (c->w[j] == c->w[j - 1] && c->h[j] > c->h[j - 1])); j--) {
            uint8_t t = c->w[j];
            c->w[j] = c->w[j - 1];
            c->w[j - 1] = t;
            t = c->h[j];
            c->h[j] = c->h[j - 1];
            c->h[j - 1] = t;
        }
    for (uint8_t i = n; i <= PIECES_MAX; i++)
        c->w[i] = c->h[i] = 0;
    c->n = n;
    c->pad = 0;
}

/* "WxH" at s; the end in *end. */
static int parse_piece(const char *s, const char **end, uint8_t *w, uint8_t *h)
{
    char *e;
    if (*s < '0' || *s > '9')
        return -1; /* strtol would take spaces and signs */
    long a = strtol(s, &e, 10);
    if (*e != 'x' || a < 1 || a > SIDE_MAX)
        return -1;
    const char *t = e + 1;
    if (*t < '0' || *t > '9')
        return -1;
    long b = strtol(t, &e, 10);
    if (b < 1 || b > SIDE_MAX)
        return -1;
    *w = (uint8_t)a;
    *h = (uint8_t)b;
    *end = e;
    return 0;
}

static int parse(void *instance, const char *text, void *pos, char *err, size_t errlen)
{
    (void)instance;
    struct cake c;
    memset(&c, 0, sizeof c);
    if (strcmp(text, "0") != 0) {
        const char *s = text;
        int area = 0;
        for (;;) {
            uint8_t w, h;
            if (parse_piece(s, &s, &w, &h) != 0) {
                snprintf(err, errlen, "expected a piece WxH (sides 1 to %d) at '%.20s'",
                         SIDE_MAX, s);
                return SG_ERR_INVALID;
            }
            area += w * h;
            if (area > AREA_MAX) {
                snprintf(err, errlen, "'%.40s': more than %d squares of cake", text, AREA_MAX);
                return SG_ERR_INVALID;
            }
            if (w * h > 1) { /* a square alone is 0: dropped, so at most PIECES_MAX */
                c.w[c.n] = w;
                c.h[c.n] = h;
                c.n++;
            }
            if (*s == '\0')
                break;
            if (*s++ != ',') {
                snprintf(err, errlen, "expected ',' between pieces at '%.20s'", s - 1);
                return SG_ERR_INVALID;
            }
        }
    }
    normalize(&c);
    memcpy(pos, &c, sizeof c);
    return SG_OK;
}

static int format(void *instance, const void *pos, char *buf, size_t cap)
{
    (void)instance;
    const struct cake *c = pos;
    size_t used = 0;
    int n = c->n ? 0 : snprintf(buf, cap, "0");
    if (n < 0 || (size_t)n >= cap)
        return SG_ERR_RANGE;
    used = (size_t)n;
    for (uint8_t i = 0; i < c->n; i++) {
        n = snprintf(buf + used, cap - used, "%s%ux%u", i ? "," : "", c->w[i], c->h[i]);
        if (n < 0 || (size_t)n >= cap - used)
            return SG_ERR_RANGE;
        used += (size_t)n;
    }
    return SG_OK;
}

/* A move code: the piece's index << 8 | the cut, counted from the piece's left (Left)
 * or top (Right) edge. A cut at k and at side - k give equal positions, and so do cuts of
 * two equal pieces: only the first of each is a move, so no two moves are the same. */
static int side_of(const struct cake *c, uint8_t i, sg_player who)
{
    return who == SG_LEFT ? c->w[i] : c->h[i];
}

static bool legal(const struct cake *c, sg_player who, sg_move m)
{
    uint64_t i = m >> 8, k = m & 0xff;
    if (i >= c->n || (i > 0 && c->w[i] == c->w[i - 1] && c->h[i] == c->h[i - 1]))
        return false;
    return k >= 1 && 2 * k <= (uint64_t)side_of(c, (uint8_t)i, who);
}

static int moves(void *instance, const void *pos, sg_player who, sg_move *out, size_t cap,
                 size_t *count)
{
    (void)instance;
    const struct cake *c = pos;
    size_t n = 0;
    for (uint8_t i = 0; i < c->n; i++)
        for (int k = 1; 2 * k <= side_of(c, i, who); k++) {
            sg_move m = (sg_move)i << 8 | (sg_move)k;
            if (!legal(c, who, m))
                break; /* a repeated piece: none of its cuts */
            if (n < cap)
                out[n] = m;
            n++;
        }
    *count = n;
    return n > cap ? SG_ERR_RANGE : SG_OK;
}

static int play(void *instance, const void *pos, sg_player who, sg_move move, void *out,
                char *err, size_t errlen)
{
    (void)instance;
    const struct cake *c = pos;
    if (!legal(c, who, move)) {
        snprintf(err, errlen, "%s has no cut %" PRIu64 " of piece %" PRIu64,
                 who == SG_LEFT ? "left" : "right", move & 0xff, move >> 8);
        return SG_ERR_INVALID;
    }
    struct cake r = *c;
    uint8_t i = (uint8_t)(move >> 8), k = (uint8_t)(move & 0xff);
    /* The piece becomes its first part and the second goes at the end; normalize sorts.
     * Pieces never exceed PIECES_MAX: the area is at most AREA_MAX. */
    if (who == SG_LEFT) {
        r.w[r.n] = (uint8_t)(r.w[i] - k);
        r.h[r.n] = r.h[i];
        r.w[i] = k;
    } else {
        r.h[r.n] = (uint8_t)(r.h[i] - k);
        r.w[r.n] = r.w[i];
        r.h[i] = k;
    }
    r.n++;
    normalize(&r);
    memcpy(out, &r, sizeof r);
    return SG_OK;
}

/* Moves read "4x3:1": the piece and where the cut falls; the mover gives its direction.
 * format_move_for writes "4x3:v1" (Left, vertical) or "4x3:h1" (Right, horizontal), and
 * parse_move reads both forms. */
static int parse_move(void *instance, const void *pos, sg_player who, const char *text,
                      sg_move *move, char *err, size_t errlen)
{
    (void)instance;
    const struct cake *c = pos;
    const char *s;
    uint8_t w, h;
    if (parse_piece(text, &s, &w, &h) != 0 || *s != ':') {
        snprintf(err, errlen, "expected a cut like '4x3:1' or '4x3:v1', got '%.20s'", text);
        return SG_ERR_INVALID;
    }
    s++;
    if ((*s == 'v' && who != SG_LEFT) || (*s == 'h' && who != SG_RIGHT)) {
        snprintf(err, errlen, "'%.20s': %s cuts %s", text, who == SG_LEFT ? "left" : "right",
                 who == SG_LEFT ? "vertically (v)" : "horizontally (h)");
        return SG_ERR_INVALID;
    }
    if (*s == 'v' || *s == 'h')
        s++;
    char *e;
    long k = strtol(s, &e, 10);
    int i = 0;
    while (i < c->n && !(c->w[i] == w && c->h[i] == h))
        i++;
    int side = who == SG_LEFT ? w : h;
    if (*s < '0' || *s > '9' || *e || i == c->n || k < 1 || k >= side) {
        snprintf(err, errlen, "'%.20s' is not a cut %s can make here", text,
                 who == SG_LEFT ? "left" : "right");
        return SG_ERR_INVALID;
    }
    if (2 * k > side)
        k = side - k; /* the mirror cut: the same pieces */
    *move = (sg_move)i << 8 | (sg_move)k;
    return SG_OK;
}

static int write_move(const struct cake *c, sg_move move, const char *dir, char *buf,
                      size_t cap)
{
    uint64_t i = move >> 8;
    if (i >= c->n)
        return SG_ERR_INVALID;
    int n = snprintf(buf, cap, "%ux%u:%s%u", c->w[i], c->h[i], dir, (unsigned)(move & 0xff));
    return n >= 0 && (size_t)n < cap ? SG_OK : SG_ERR_RANGE;
}

static int format_move(void *instance, const void *pos, sg_move move, char *buf, size_t cap)
{
    (void)instance;
    return write_move(pos, move, "", buf, cap);
}

static int format_move_for(void *instance, const void *pos, sg_player who, sg_move move,
                           char *buf, size_t cap)
{
    (void)instance;
    return write_move(pos, move, who == SG_LEFT ? "v" : "h", buf, cap);
}

/* The rule every game must keep: where a player has no move the value is an integer, and
 * number() must say which. Left is stuck when every piece is one column wide. Right's
 * cuts keep widths at 1, so Left never moves again, and each Right cut leaves exactly one
 * cut fewer (a piece of height h takes h - 1 cuts, however they are made): the value is
 * -(sum of h - 1), Right's moves with the sign of Right. The same for Right when every
 * piece is one row high. Every Cutcake position is in fact an integer (Winning Ways), but
 * the plugin reports only what the rule asks, so the exact engine has play to analyse. */
static bool number(void *instance, const void *pos, sg_value *value)
{
    (void)instance;
    const struct cake *c = pos;
    int64_t left = 0, right = 0; /* the cuts each player could still make */
    for (uint8_t i = 0; i < c->n; i++) {
        left += c->w[i] - 1;
        right += c->h[i] - 1;
    }
    bool left_stuck = true, right_stuck = true;
    for (uint8_t i = 0; i < c->n; i++) {
        left_stuck = left_stuck && c->w[i] == 1;
        right_stuck = right_stuck && c->h[i] == 1;
    }
    if (!left_stuck && !right_stuck)
        return false;
    *value = sg_value_int(left_stuck ? -right : left);
    return true;
}

static uint64_t hash(void *instance, const void *pos)
{
    (void)instance;
    const unsigned char *b = pos;
    uint64_t h = UINT64_C(1469598103934665603);
    for (size_t i = 0; i < sizeof(struct cake); i++)
        h = (h ^ b[i]) * UINT64_C(1099511628211);
    return h ^ (h >> 31);
}

/* Cuts Left could make minus cuts Right could make: the value where a player is stuck,
 * and a fair guess elsewhere. */
static sg_value evaluate(void *instance, const void *pos, sg_player to_move)
{
    (void)instance;
    (void)to_move;
    const struct cake *c = pos;
    int64_t v = 0;
    for (uint8_t i = 0; i < c->n; i++)
        v += (int64_t)c->w[i] - c->h[i];
    return sg_value_int(v);
}

/* Each piece its own component. */
static int split(void *instance, const void *pos, void *parts, size_t cap, size_t *count)
{
    (void)instance;
    const struct cake *c = pos;
    *count = c->n > 1 ? c->n : 1;
    if (*count > cap)
        return SG_ERR_RANGE;
    if (c->n <= 1) {
        memcpy(parts, c, sizeof *c);
        return SG_OK;
    }
    for (uint8_t i = 0; i < c->n; i++) {
        struct cake one;
        memset(&one, 0, sizeof one);
        one.n = 1;
        one.w[0] = c->w[i];
        one.h[0] = c->h[i];
        memcpy((unsigned char *)parts + i * sizeof one, &one, sizeof one);
    }
    return SG_OK;
}

/* Every cut adds a piece, and a piece has at least one square: a w x h piece is gone
 * after at most w*h - 1 cuts, by whoever makes them. */
static bool birthday_bound(void *instance, const void *pos, unsigned *days)
{
    (void)instance;
    const struct cake *c = pos;
    unsigned d = 0;
    for (uint8_t i = 0; i < c->n; i++)
        d += (unsigned)(c->w[i] * c->h[i] - 1);
    *days = d;
    return true;
}

static int generate(void *instance, sg_rng *rng, void *pos, char *err, size_t errlen)
{
    (void)err;
    (void)errlen;
    struct instance *inst = instance;
    struct cake c;
    memset(&c, 0, sizeof c);
    for (long long i = 0; i < inst->pieces; i++) {
        c.w[c.n] = (uint8_t)(1 + inst->host->rng_below(rng, (uint64_t)inst->width));
        c.h[c.n] = (uint8_t)(1 + inst->host->rng_below(rng, (uint64_t)inst->height));
        c.n++;
    }
    normalize(&c);
    memcpy(pos, &c, sizeof c);
    return SG_OK;
}

static const sg_param_doc params[] = {
    { "width", "8", "widest piece the generator draws (1 to 16)" },
    { "height", "8", "tallest piece the generator draws (1 to 16)" },
    { "pieces", "1", "pieces in a generated position (at most 128 squares in all)" },
    { NULL, NULL, NULL },
};

static const sg_game_desc descriptor = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_game_desc),
    .name = "cutcake",
    .version = "1.0",
    .description = "Cutcake: Left cuts pieces vertically, Right horizontally",
    .pos_size = sizeof(struct cake),
    .params = params,
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
    .split = split,
    .generate = generate,
    .birthday_bound = birthday_bound,
    .flags = SG_GAME_NORMAL_PLAY, /* the player without a move loses */
    .format_move_for = format_move_for,
};

const sg_game_desc *sumgame_game_plugin(void);
const sg_game_desc *sumgame_game_plugin(void) { return &descriptor; }
