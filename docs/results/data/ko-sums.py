#!/usr/bin/env python3
"""Writes the [sum] of conf/experiments/ko-hotstrat*.ini: sums of one ko graph and three
rcg(2, 30) trees. Usage: ko-sums.py COUNT SEED. The trees come from `sumgame gen rcg`
with the same seed, the kos from Python's random with it."""
import random, subprocess, sys

count, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
trees = subprocess.run(["build/sumgame", "gen", "rcg", "--count", str(3 * count), "--seed",
                        str(seed), "levels=2", "size=30"], capture_output=True, text=True,
                       check=True).stdout.split()
for i in range(count):
    a, b = rng.randint(2, 20), rng.randint(2, 20)
    kind = rng.choice(["simple", "approach", "two-stage"])
    if kind == "simple":
        ko = "ko:M={%d|N}; N={M|-%d}" % (a, b)
    elif kind == "approach":
        ko = "ko:P={M|-%d}; M={%d|N}; N={M|-%d}" % (b, a, b)
    else:
        ko = "ko:T={%d|U}; U={T|V}; V={U|-%d}" % (a, b)
    parts = [ko] + ["rcg:" + t for t in trees[3 * i:3 * i + 3]]
    print("sum.%02d = %s" % (i, " + ".join(parts)))
