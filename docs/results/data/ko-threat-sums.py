#!/usr/bin/env python3
"""Writes the [sum] of conf/experiments/ko-threats-*.ini: sums of one ko graph, two
rcg(2, 30) trees and two sente threats of Left's, `{a|0}|-1` (Left's move there threatens
a; Hotstrat+'s pseudo-temperature a/2 is above the temperature), so that Left owns the
ko threats. Usage: ko-threat-sums.py COUNT SEED (kos and threats from Python's random
with the seed, trees from `sumgame gen rcg --seed SEED`)."""
import random, subprocess, sys

count, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
trees = subprocess.run(["build/sumgame", "gen", "rcg", "--count", str(2 * count), "--seed",
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
    threats = ["rcg:%d|0||-1" % rng.randint(8, 30) for _ in range(2)]
    parts = [ko] + ["rcg:" + t for t in trees[2 * i:2 * i + 2]] + threats
    print("sum.%02d = %s" % (i, " + ".join(parts)))
