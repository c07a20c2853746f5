/* Seeded, reproducible random numbers (xoshiro256** seeded through splitmix64).
 * Every random choice in sumgame draws from an sg_rng derived from a user's seed, so a
 * run can be repeated exactly. sg_rng_split derives an independent stream per game, so
 * game i of a match is the same whichever worker plays it. */
#ifndef SUMGAME_RNG_H
#define SUMGAME_RNG_H

#include "sumgame/api.h"

#include <stdint.h>

#include "sumgame/host.h"

SG_API_BEGIN

void sg_rng_seed(sg_rng *rng, uint64_t seed);
/* The stream numbered `stream` below parent; parent is not advanced. */
sg_rng sg_rng_split(const sg_rng *parent, uint64_t stream);
uint64_t sg_rng_next(sg_rng *rng);
/* Uniform in [0, n) without modulo bias; n > 0. */
uint64_t sg_rng_below(sg_rng *rng, uint64_t n);

/* The splitmix64 finalizer (Steele, Lea and Flood 2014; Vigna's splitmix64.c): a
 * bijection of 64-bit words whose every output bit depends on every input bit, so keys
 * made of a few bits spread over a whole table, and distinct inputs never collide. It is
 * the finalizer alone: splitmix64's generator adds 0x9e3779b97f4a7c15 to its state before
 * each call. Static inline, so hashes and seeds are computed the same in the library and
 * in plugins without an exported symbol. */
static inline uint64_t sg_mix64(uint64_t x)
{
    x = (x ^ (x >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
    x = (x ^ (x >> 27)) * UINT64_C(0x94d049bb133111eb);
    return x ^ (x >> 31);
}

SG_API_END
#endif
