/* Hackenbush strings, a test game whose values are dyadic numbers, stars and mixtures of
 * the two, for checking that the framework finds numbers its games do not report.
 *
 * A position is up to four strings of edges standing on the ground, written bottom to
 * top and separated by commas: "BRR,G". B is blue (Left cuts it), R red (Right), G green
 * (either). Cutting an edge removes it and every edge above it in its string; "0" is the
 * empty position, and strings cut to nothing leave the list. A move is string * 16 +
 * edge, both counted from 0, written "s1e2" (the first string's second edge from the
 * ground). Each string is its own component (split).
 *
 * Theory gives every value checked against (Winning Ways, ch. 2 and 7; Siegel, CGT, §I.6):
 * a blue-red string is a number, the integer count of its first run of one colour, then
 * halving steps: BR = 1/2, BRR = 1/4, BRB = 3/4, BBR = 3/2, RB = -1/2; a green string of
 * n edges is the nim heap *n; BG = 1*.
 *
 * HACKENBUSH_NUMBERS says what number() reports:
 *   1: integers only, and only the ones the contract requires: a position with no green
 *      edge in which one colour is missing (one player has no move) is that many edges;
 *   0: nothing at all, breaking the contract on purpose (the framework must cope). */
#ifndef SUMGAME_TEST_HACKENBUSH_GAME_H
#define SUMGAME_TEST_HACKENBUSH_GAME_H

#include <stdio.h>
#include <string.h>

#include "sumgame/game.h"

#define HB_STRINGS 4
#define HB_EDGES 15

enum { HB_BLUE = 1, HB_RED = 2, HB_GREEN = 3 };

/* A string: its length in bits 0-3, edge i's colour in bits 4 + 2i. */
struct hb_pos {
    uint32_t s[HB_STRINGS];
};

static unsigned hb_len(uint32_t s) { return s & 15u; }
static unsigned hb_colour(uint32_t s, unsigned i) { return (s >> (4 + 2 * i)) & 3u; }

static int hb_create(const sg_host *host, const sg_params *params, void **out, char *err,
                     size_t errlen)
{
    (void)host;
    if (params && params->count) {
        snprintf(err, errlen, "unknown key '%s'", params->items[0].key);
        return SG_ERR_INVALID;
    }
    *out = NULL;
    return SG_OK;
}

static void hb_destroy(void *instance) { (void)instance; }

static int hb_parse(void *instance, const char *text, void *pos, char *err, size_t errlen)
{
    (void)instance;
    struct hb_pos p;
    memset(&p, 0, sizeof p);
    if (strcmp(text, "0") != 0) {
        unsigned k = 0;
        for (const char *c = text;; c++) {
            if (*c == ',' || *c == '\0') {
                if (hb_len(p.s[k]) == 0 || (*c == ',' && ++k == HB_STRINGS)) {
                    snprintf(err, errlen, "expected 1 to %d strings of 1 to %d edges B, R, G",
                             HB_STRINGS, HB_EDGES);
                    return SG_ERR_INVALID;
                }
                if (*c == '\0')
                    break;
                continue;
            }
            unsigned colour = *c == 'B' ? HB_BLUE : *c == 'R' ? HB_RED : *c == 'G' ? HB_GREEN : 0;
            unsigned n = hb_len(p.s[k]);
            if (!colour || n == HB_EDGES) {
                snprintf(err, errlen, "bad edge '%c' (B, R or G, at most %d a string)", *c,
                         HB_EDGES);
                return SG_ERR_INVALID;
            }
            p.s[k] = (p.s[k] & ~15u) | (n + 1);
            p.s[k] |= colour << (4 + 2 * n);
        }
    }
    memcpy(pos, &p, sizeof p);
    return SG_OK;
}

static int hb_format(void *instance, const void *pos, char *buf, size_t cap)
{
    (void)instance;
    struct hb_pos p;
    memcpy(&p, pos, sizeof p);
    size_t used = 0;
    for (unsigned k = 0; k < HB_STRINGS; k++) {
        if (!hb_len(p.s[k]))
            continue;
        if (used && used + 1 < cap)
            buf[used++] = ',';
        for (unsigned i = 0; i < hb_len(p.s[k]) && used + 1 < cap; i++)
            buf[used++] = " BRG"[hb_colour(p.s[k], i)];
    }
    if (used == 0 && cap > 1)
        buf[used++] = '0';
    if (used + 1 >= cap)
        return SG_ERR_RANGE;
    buf[used] = '\0';
    return SG_OK;
}

static bool hb_cuts(unsigned colour, sg_player who)
{
    return colour == HB_GREEN || colour == (who == SG_LEFT ? HB_BLUE : HB_RED);
}

static int hb_moves(void *instance, const void *pos, sg_player who, sg_move *moves, size_t cap,
                    size_t *count)
{
    (void)instance;
    struct hb_pos p;
    memcpy(&p, pos, sizeof p);
    size_t n = 0;
    for (unsigned k = 0; k < HB_STRINGS; k++)
        for (unsigned i = 0; i < hb_len(p.s[k]); i++)
            if (hb_cuts(hb_colour(p.s[k], i), who)) {
                if (n < cap)
                    moves[n] = k * 16 + i;
                n++;
            }
    *count = n;
    return n > cap ? SG_ERR_RANGE : SG_OK;
}

static int hb_play(void *instance, const void *pos, sg_player who, sg_move move, void *out,
                   char *err, size_t errlen)
{
    (void)instance;
    struct hb_pos p;
    memcpy(&p, pos, sizeof p);
    unsigned k = (unsigned)(move / 16), i = (unsigned)(move % 16);
    if (move >= 16 * HB_STRINGS || i >= hb_len(p.s[k]) || !hb_cuts(hb_colour(p.s[k], i), who)) {
        snprintf(err, errlen, "no such cut");
        return SG_ERR_INVALID;
    }
    /* Keep edges below i and the new length. */
    uint32_t keep = i ? (p.s[k] >> 4) & ((1u << (2 * i)) - 1) : 0;
    p.s[k] = (keep << 4) | i;
    /* Empty strings move to the end, so that the notation round-trips. */
    if (i == 0) {
        memmove(&p.s[k], &p.s[k + 1], (HB_STRINGS - 1 - k) * sizeof p.s[0]);
        p.s[HB_STRINGS - 1] = 0;
    }
    memcpy(out, &p, sizeof p);
    return SG_OK;
}

static int hb_parse_move(void *instance, const void *pos, sg_player who, const char *text,
                         sg_move *move, char *err, size_t errlen)
{
    unsigned s, e;
    char extra;
    if (sscanf(text, "s%ue%u%c", &s, &e, &extra) != 2 || s < 1 || s > HB_STRINGS || e < 1 ||
        e > HB_EDGES) {
        snprintf(err, errlen, "expected sSeE, got '%.20s'", text);
        return SG_ERR_INVALID;
    }
    *move = (sg_move)((s - 1) * 16 + e - 1);
    unsigned char next[sizeof(struct hb_pos)];
    if (hb_play(instance, pos, who, *move, next, err, errlen) != SG_OK) {
        snprintf(err, errlen, "'%.20s' is not a legal cut", text);
        return SG_ERR_INVALID;
    }
    return SG_OK;
}

static int hb_format_move(void *instance, const void *pos, sg_move move, char *buf, size_t cap)
{
    (void)instance;
    (void)pos;
    int n = snprintf(buf, cap, "s%ue%u", (unsigned)(move / 16) + 1, (unsigned)(move % 16) + 1);
    return n >= 0 && (size_t)n < cap ? SG_OK : SG_ERR_RANGE;
}

static bool hb_number(void *instance, const void *pos, sg_value *value)
{
    (void)instance;
    if (!HACKENBUSH_NUMBERS)
        return false;
    struct hb_pos p;
    memcpy(&p, pos, sizeof p);
    int64_t blue = 0, red = 0;
    for (unsigned k = 0; k < HB_STRINGS; k++)
        for (unsigned i = 0; i < hb_len(p.s[k]); i++) {
            unsigned c = hb_colour(p.s[k], i);
            if (c == HB_GREEN)
                return false;
            blue += c == HB_BLUE;
            red += c == HB_RED;
        }
    if (blue && red)
        return false;
    *value = sg_value_int(blue - red);
    return true;
}

static uint64_t hb_hash(void *instance, const void *pos)
{
    (void)instance;
    struct hb_pos p;
    memcpy(&p, pos, sizeof p);
    uint64_t h = 0x51ED27;
    for (unsigned k = 0; k < HB_STRINGS; k++) {
        h = (h ^ p.s[k]) * UINT64_C(0x9E3779B97F4A7C15);
        h ^= h >> 29;
    }
    return h;
}

static int hb_split(void *instance, const void *pos, void *parts, size_t cap, size_t *count)
{
    (void)instance;
    struct hb_pos p;
    memcpy(&p, pos, sizeof p);
    size_t n = 0;
    for (unsigned k = 0; k < HB_STRINGS; k++)
        n += hb_len(p.s[k]) != 0;
    if (n <= 1) {
        if (cap < 1) {
            *count = 1;
            return SG_ERR_RANGE;
        }
        memcpy(parts, &p, sizeof p);
        *count = 1;
        return SG_OK;
    }
    *count = n;
    if (n > cap)
        return SG_ERR_RANGE;
    n = 0;
    for (unsigned k = 0; k < HB_STRINGS; k++) {
        if (!hb_len(p.s[k]))
            continue;
        struct hb_pos one;
        memset(&one, 0, sizeof one);
        one.s[0] = p.s[k];
        memcpy((unsigned char *)parts + n++ * sizeof one, &one, sizeof one);
    }
    return SG_OK;
}

static const sg_game_desc hb_desc = {
    .abi_version = SG_ABI_VERSION,
    .size = sizeof(sg_game_desc),
    .name = HACKENBUSH_NAME,
    .version = "1.0",
    .description = "test game: Hackenbush strings (blue, red, green)",
    .pos_size = sizeof(struct hb_pos),
    .create = hb_create,
    .destroy = hb_destroy,
    .parse = hb_parse,
    .format = hb_format,
    .moves = hb_moves,
    .play = hb_play,
    .parse_move = hb_parse_move,
    .format_move = hb_format_move,
    .number = hb_number,
    .hash = hb_hash,
    .split = hb_split,
};

const sg_game_desc *sumgame_game_plugin(void);
const sg_game_desc *sumgame_game_plugin(void) { return &hb_desc; }

#endif
