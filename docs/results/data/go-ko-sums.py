#!/usr/bin/env python3
"""Writes the [sum] of conf/experiments/go-ko-*.ini: sums of two small Go regions with a
ko and two rcg(2, 12) trees. The regions are drawn (seeded) from REGIONS, small regions
whose generalized thermographs exist with go.cycles = yes and go.selfatari = no (found by
drawing 2x4 and 3x3 regions at random and keeping those with a ko that analyse).
Usage: go-ko-sums.py COUNT SEED."""
import random, subprocess, sys

REGIONS = [
    "O..O/.O.X", "O.../.X..", "OXXX/.O.O", "X..O/..O.", "O.../.X.O", ".X../..OO",
    ".XO/O../OXO", "X.X/OX./..X", "OX./.X./XOO", "X.X/OO./.XO", ".O./OXO/OX.",
    "X../.O./XXO", ".O./O.X/OX.", "O../XX./OO.", ".../XOX/.OO", ".XO./XO.O", ".XO.#/XO.OO",
    "X.OX/.X..", ".O../XX.O", "O.XO/XXO.", ".OX./OXXX", ".X.O/..O.", "O.../O.OX",
]
count, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
trees = subprocess.run(["build/sumgame", "gen", "rcg", "--count", str(2 * count), "--seed",
                        str(seed), "levels=2", "size=12"], capture_output=True, text=True,
                       check=True).stdout.split()
print("go.cycles = yes")
print("go.selfatari = no")
for i in range(count):
    regions = rng.sample(REGIONS, 2)
    parts = ["go:" + r for r in regions] + ["rcg:" + t for t in trees[2 * i:2 * i + 2]]
    print("sum.%02d = %s" % (i, " + ".join(parts)))
