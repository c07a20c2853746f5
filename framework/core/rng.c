#include "sumgame/rng.h"

static uint64_t splitmix64(uint64_t *x)
{
    return sg_mix64(*x += UINT64_C(0x9E3779B97F4A7C15));
}

void sg_rng_seed(sg_rng *rng, uint64_t seed)
{
    uint64_t x = seed;
    for (int i = 0; i < 4; i++)
        rng->s[i] = splitmix64(&x);
}

sg_rng sg_rng_split(const sg_rng *parent, uint64_t stream)
{
    /* Hash the parent's state with the stream number; streams of one parent are then
     * as independent as seeds. */
    uint64_t x = parent->s[0] ^ (parent->s[1] * 31) ^ (parent->s[2] * 131) ^ (parent->s[3] * 1031);
    x ^= splitmix64(&stream);
    sg_rng child;
    sg_rng_seed(&child, x);
    return child;
}

static inline uint64_t rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

uint64_t sg_rng_next(sg_rng *rng)
{
    uint64_t *s = rng->s;
    uint64_t result = rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = rotl(s[3], 45);
    return result;
}

uint64_t sg_rng_below(sg_rng *rng, uint64_t n)
{
    /* Rejection sampling: drop the top partial block so every residue is equally likely. */
    uint64_t limit = UINT64_MAX - UINT64_MAX % n;
    uint64_t x;
    do
        x = sg_rng_next(rng);
    while (x >= limit);
    return x % n;
}
