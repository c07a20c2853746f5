#!/usr/bin/env python3
"""New against old on the same positions of a Table 3 cell (tds-experiment-4.md, issue #25):
the mean over positions of (new pair mean - old pair mean) with a normal 95% interval.
Positions with a forfeit in either log are left out. Run from the repository root:
    python3 docs/results/data/tds-exp4-paired.py 4x4-n2 4x4-n4 4x4-n6 5x5-n2 6x6-n2
"""
import json
import math
import sys
from fractions import Fraction


def pair_means(path):
    games = {}
    with open(path) as f:
        for line in f:
            g = json.loads(line)
            if g["forfeit"]:
                continue
            games.setdefault(g["pair"], []).append(Fraction(g["score"]))
    return {p: sum(v) / 2 for p, v in games.items() if len(v) == 2}


for cell in sys.argv[1:]:
    new = pair_means("docs/results/data/tds-exp4-%s-i25.jsonl" % cell)
    old = pair_means("docs/results/data/tds-exp4-%s.jsonl" % cell)
    keys = sorted(set(new) & set(old))
    d = [float(new[k] - old[k]) for k in keys]
    n = len(d)
    m = sum(d) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
    h = 1.96 * sd / math.sqrt(n)
    print("%s: %d positions, new - old %.2f [%.2f, %.2f]" % (cell, n, m, m - h, m + h))
