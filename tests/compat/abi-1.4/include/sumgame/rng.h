/* Seeded, reproducible random numbers (xoshiro256** seeded through splitmix64).
 * Every random choice in sumgame draws from an sg_rng derived from a user's seed, so a
 * run can be repeated exactly. sg_rng_split derives an independent stream per game, so
 * game i of a match is the same whichever worker plays it. */
#ifndef SUMGAME_RNG_H
#define SUMGAME_RNG_H

#include <stdint.h>

#include "sumgame/host.h"

#ifdef __cplusplus
extern "C" {
#endif

void sg_rng_seed(sg_rng *rng, uint64_t seed);
/* The stream numbered `stream` below parent; parent is not advanced. */
sg_rng sg_rng_split(const sg_rng *parent, uint64_t stream);
uint64_t sg_rng_next(sg_rng *rng);
/* Uniform in [0, n) without modulo bias; n > 0. */
uint64_t sg_rng_below(sg_rng *rng, uint64_t n);

#ifdef __cplusplus
}
#endif
#endif
