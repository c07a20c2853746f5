/* Enumerating the n-point Amazons rooms of the TDS paper (see rooms_db.h). All work is on
 * 16-bit masks of the 4x4 grid; 2^16 subsets are few enough to test each one. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>

#include "sumgame/host.h"
#include "sumgame/rooms_db.h"

#define G SG_ROOMS_GRID
#define SYMMETRIES 8

/* Symmetry k of the square applied to square (r, c). */
static void transform(int k, int r, int c, int *tr, int *tc)
{
    switch (k) {
    case 0: *tr = r; *tc = c; break;
    case 1: *tr = c; *tc = G - 1 - r; break;
    case 2: *tr = G - 1 - r; *tc = G - 1 - c; break;
    case 3: *tr = G - 1 - c; *tc = r; break;
    case 4: *tr = r; *tc = G - 1 - c; break;
    case 5: *tr = G - 1 - r; *tc = c; break;
    case 6: *tr = c; *tc = r; break;
    default: *tr = G - 1 - c; *tc = G - 1 - r; break;
    }
}

int sg_rooms_symmetry(int k, int square)
{
    int r, c;
    transform(k, square / G, square % G, &r, &c);
    return r * G + c;
}

/* The shift that moves mask to the top-left corner. */
static void corner_offset(uint16_t mask, int *dr, int *dc)
{
    int min_r = G, min_c = G;
    for (int s = 0; s < G * G; s++)
        if (mask >> s & 1) {
            if (s / G < min_r)
                min_r = s / G;
            if (s % G < min_c)
                min_c = s % G;
        }
    *dr = min_r;
    *dc = min_c;
}

/* Symmetry k of mask, translated to the corner; *dr, *dc receive the translation so that
 * single squares can be mapped the same way. */
static uint16_t apply(uint16_t mask, int k, int *dr, int *dc)
{
    uint16_t image = 0;
    for (int s = 0; s < G * G; s++)
        if (mask >> s & 1) {
            int r, c;
            transform(k, s / G, s % G, &r, &c);
            image |= (uint16_t)(1u << (r * G + c));
        }
    corner_offset(image, dr, dc);
    uint16_t moved = 0;
    for (int s = 0; s < G * G; s++)
        if (image >> s & 1)
            moved |= (uint16_t)(1u << ((s / G - *dr) * G + (s % G - *dc)));
    return moved;
}

static int map_square(int s, int k, int dr, int dc)
{
    int r, c;
    transform(k, s / G, s % G, &r, &c);
    return (r - dr) * G + (c - dc);
}

static uint16_t canonical(uint16_t mask)
{
    uint16_t best = UINT16_MAX;
    for (int k = 0; k < SYMMETRIES; k++) {
        int dr, dc;
        uint16_t m = apply(mask, k, &dr, &dc);
        if (m < best)
            best = m;
    }
    return best;
}

/* Connected under queen adjacency: squares touching by a side or a corner. */
bool sg_rooms_connected(uint16_t mask)
{
    if (!mask)
        return false;
    uint16_t seen = (uint16_t)(mask & -mask), frontier = seen;
    while (frontier) {
        uint16_t next = 0;
        for (int s = 0; s < G * G; s++) {
            if (!(frontier >> s & 1))
                continue;
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    int r = s / G + dr, c = s % G + dc;
                    if (r >= 0 && r < G && c >= 0 && c < G)
                        next |= (uint16_t)(1u << (r * G + c));
                }
        }
        frontier = (uint16_t)(next & mask & ~seen);
        seen |= frontier;
    }
    return seen == mask;
}

static int popcount16(uint16_t m)
{
    int n = 0;
    for (; m; m &= (uint16_t)(m - 1))
        n++;
    return n;
}

int sg_rooms_shapes(int n, uint16_t *out, size_t cap, size_t *count, char *err, size_t errlen)
{
    if (n < 1 || n > G * G) {
        snprintf(err, errlen, "rooms: %d points: expected 1 to %d", n, G * G);
        return SG_ERR_INVALID;
    }
    size_t found = 0;
    for (uint32_t m = 1; m <= UINT16_MAX; m++) {
        uint16_t mask = (uint16_t)m;
        /* Each class is met once, at its canonical mask (which lies in the corner). */
        if (popcount16(mask) != n || !sg_rooms_connected(mask) || canonical(mask) != mask)
            continue;
        if (found < cap)
            out[found] = mask;
        found++;
    }
    *count = found;
    if (found > cap) {
        snprintf(err, errlen, "rooms: %zu shapes do not fit in %zu", found, cap);
        return SG_ERR_RANGE;
    }
    return SG_OK;
}

static void write_room(sg_room *room, uint16_t shape, int black, int white)
{
    int width = 0, height = 0;
    for (int s = 0; s < G * G; s++)
        if (shape >> s & 1) {
            if (s % G + 1 > width)
                width = s % G + 1;
            if (s / G + 1 > height)
                height = s / G + 1;
        }
    room->shape = shape;
    room->black = (uint8_t)black;
    room->white = (uint8_t)white;
    room->width = (uint8_t)width;
    room->height = (uint8_t)height;
    size_t k = 0;
    for (int r = 0; r < height; r++) {
        if (r > 0)
            room->text[k++] = '/';
        for (int c = 0; c < width; c++) {
            int s = r * G + c;
            room->text[k++] = s == black ? 'B' : s == white ? 'W' : (shape >> s & 1) ? '.' : 'x';
        }
    }
    room->text[k] = '\0';
}

/* In distinct mode, (black, white) is listed only when no symmetry of the shape maps it
 * to a pair that comes earlier. */
static bool least_in_orbit(uint16_t shape, int black, int white)
{
    for (int k = 1; k < SYMMETRIES; k++) {
        int dr, dc;
        if (apply(shape, k, &dr, &dc) != shape)
            continue;
        int b = map_square(black, k, dr, dc), w = map_square(white, k, dr, dc);
        if (b < black || (b == black && w < white))
            return false;
    }
    return true;
}

int sg_rooms_enumerate(int n, sg_rooms_mode mode, sg_room **out, size_t *count, char *err,
                       size_t errlen)
{
    *out = NULL;
    *count = 0;
    if (n < 2 || n > G * G) {
        snprintf(err, errlen, "rooms: %d points: expected 2 to %d (two amazons in a 4x4 grid)",
                 n, G * G);
        return SG_ERR_INVALID;
    }
    if (mode != SG_ROOMS_PAPER && mode != SG_ROOMS_DISTINCT) {
        snprintf(err, errlen, "rooms: unknown counting mode %d", (int)mode);
        return SG_ERR_INVALID;
    }
    size_t nshapes = 0;
    int rc = sg_rooms_shapes(n, NULL, 0, &nshapes, err, errlen);
    if (rc != SG_OK && rc != SG_ERR_RANGE)
        return rc;
    uint16_t *shapes = malloc((nshapes ? nshapes : 1) * sizeof *shapes);
    /* At most n(n-1) rooms per shape. */
    sg_room *rooms = malloc((nshapes ? nshapes : 1) * (size_t)(n * (n - 1)) * sizeof *rooms);
    if (!shapes || !rooms) {
        free(shapes);
        free(rooms);
        snprintf(err, errlen, "rooms: out of memory");
        return SG_ERR_NOMEM;
    }
    rc = sg_rooms_shapes(n, shapes, nshapes, &nshapes, err, errlen);
    if (rc != SG_OK) {
        free(shapes);
        free(rooms);
        return rc;
    }
    size_t made = 0;
    for (size_t i = 0; i < nshapes; i++) {
        uint16_t shape = shapes[i];
        for (int b = 0; b < G * G; b++) {
            if (!(shape >> b & 1))
                continue;
            for (int w = 0; w < G * G; w++) {
                if (w == b || !(shape >> w & 1))
                    continue;
                if (mode == SG_ROOMS_PAPER ? w < b : !least_in_orbit(shape, b, w))
                    continue;
                write_room(&rooms[made++], shape, b, w);
            }
        }
    }
    free(shapes);
    *out = rooms;
    *count = made;
    return SG_OK;
}

int sg_rooms_values(sg_thermo_cache *cache, const sg_game *game, const sg_room *rooms,
                    size_t count, sg_value *mean, sg_value *temperature, char *err,
                    size_t errlen)
{
    _Alignas(16) unsigned char pos[SG_POS_MAX];
    char why[256];
    for (size_t i = 0; i < count; i++) {
        if (game->desc->parse(game->instance, rooms[i].text, pos, why, sizeof why) != SG_OK) {
            snprintf(err, errlen, "rooms: room '%s': %s", rooms[i].text, why);
            return SG_ERR_INVALID;
        }
        const sg_thermograph *th;
        int rc = sg_thermograph_of_position(cache, game, pos, 0, &th, why, sizeof why);
        if (rc != SG_OK) {
            snprintf(err, errlen, "rooms: room '%s': %s", rooms[i].text, why);
            return rc;
        }
        mean[i] = th->mean;
        temperature[i] = th->temperature;
    }
    return SG_OK;
}
