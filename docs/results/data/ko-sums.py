#!/usr/bin/env python3
"""Writes the [sum] of the ko-hotstrat and ko-threats experiments (conf/experiments/):
sums of one ko graph (a simple ko, an approach into a ko or a two-stage ko, swings from
2 to 20), rcg(2, 30) trees and, with --threats, sente threats of Left's `{a|0}|-1`
(a from 8 to 30; Left's pseudo-temperature a/2 is above the temperature 1), so that Left
owns the ko threats.
Usage: ko-sums.py COUNT SEED [--threats]: three trees a sum, or two trees and two
threats. The trees come from `sumgame gen rcg` with the seed, the rest from Python's
random with it."""
import random, subprocess, sys

count, seed = int(sys.argv[1]), int(sys.argv[2])
threats = "--threats" in sys.argv[3:]
per_sum = 2 if threats else 3
rng = random.Random(seed)
trees = subprocess.run(["build/sumgame", "gen", "rcg", "--count", str(per_sum * count),
                        "--seed", str(seed), "levels=2", "size=30"], capture_output=True,
                       text=True, check=True).stdout.split()
for i in range(count):
    a, b = rng.randint(2, 20), rng.randint(2, 20)
    kind = rng.choice(["simple", "approach", "two-stage"])
    if kind == "simple":
        ko = "ko:M={%d|N}; N={M|-%d}" % (a, b)
    elif kind == "approach":
        ko = "ko:P={M|-%d}; M={%d|N}; N={M|-%d}" % (b, a, b)
    else:
        ko = "ko:T={%d|U}; U={T|V}; V={U|-%d}" % (a, b)
    extra = ["rcg:%d|0||-1" % rng.randint(8, 30) for _ in range(2)] if threats else []
    parts = [ko] + ["rcg:" + t for t in trees[per_sum * i:per_sum * (i + 1)]] + extra
    print("sum.%02d = %s" % (i, " + ".join(parts)))
