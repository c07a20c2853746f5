#!/usr/bin/env python3
"""New against old on the same positions of a Table 3 cell (tds-experiment-4.md, issue #25):
the mean over positions of (new pair mean - old pair mean) with a normal 95% interval.
Positions with a forfeit in either log are left out, and so are positions only one log
has. Run from the repository root:
    python3 docs/results/data/tds-exp4-paired.py 4x4-n2 4x4-n4 4x4-n6 5x5-n2 6x6-n2
--new and --old name the logs' suffixes (defaults -i25 and none); 10 s against 1 s:
    python3 docs/results/data/tds-exp4-paired.py --new -10s --old -i25 4x4-n4 6x6-n4
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


args = sys.argv[1:]
suffix = {"--new": "-i25", "--old": ""}
while args and args[0] in suffix:
    suffix[args[0]] = args[1]
    args = args[2:]
for cell in args:
    new = pair_means("docs/results/data/tds-exp4-%s%s.jsonl" % (cell, suffix["--new"]))
    old = pair_means("docs/results/data/tds-exp4-%s%s.jsonl" % (cell, suffix["--old"]))
    keys = sorted(set(new) & set(old))
    d = [float(new[k] - old[k]) for k in keys]
    n = len(d)
    m = sum(d) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in d) / (n - 1))
    h = 1.96 * sd / math.sqrt(n)
    print("%s: %d positions, new - old %.2f [%.2f, %.2f]" % (cell, n, m, m - h, m + h))
