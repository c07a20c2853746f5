#!/usr/bin/env python3
"""Hotstrat-TDS+ and Hotstrat-TDS against the same global alpha-beta on the same positions
(docs/results/tdsplus-sum-games.md): per cell, over the positions both logs have without a
forfeit, the mean of Hotstrat-TDS+'s pair mean (tdsplus-sum-*.jsonl) minus Hotstrat-TDS's
(tds-exp4-*.jsonl), with a 95% interval (normal approximation) and how often each is ahead.
Usage: python3 docs/results/data/tdsplus-sum-paired.py [DIR]
"""
import json, math, os, statistics, sys
from fractions import Fraction

here = sys.argv[1] if len(sys.argv) > 1 else os.path.dirname(os.path.abspath(__file__))


def pair_means(path):
    pairs = {}
    for line in open(path):
        r = json.loads(line)
        pairs.setdefault(r["pair"], []).append(r)
    out = {}
    for p, rs in pairs.items():
        if len(rs) == 2 and all(r["forfeit"] is None for r in rs):
            out[p] = sum(float(Fraction(r["score"])) for r in rs) / 2
    return out


print("| cell | positions | TDS+ pair mean | TDS pair mean | difference, 95% interval | TDS+ ahead / even / behind |")
print("| --- | --- | --- | --- | --- | --- |")
for size in (4, 5, 6):
    for n in (2, 4, 6):
        a = os.path.join(here, f"tdsplus-sum-{size}x{size}-n{n}.jsonl")
        b = os.path.join(here, f"tds-exp4-{size}x{size}-n{n}.jsonl")
        if not (os.path.exists(a) and os.path.exists(b)):
            continue
        pa, pb = pair_means(a), pair_means(b)
        common = sorted(set(pa) & set(pb))
        if len(common) < 2:
            continue
        d = [pa[p] - pb[p] for p in common]
        half = 1.96 * statistics.stdev(d) / math.sqrt(len(d))
        m = statistics.mean(d)
        ahead = sum(x > 0 for x in d)
        even = sum(x == 0 for x in d)
        print(f"| {size}x{size}, N={n} | {len(common)} | {statistics.mean(pa[p] for p in common):.1f} | "
              f"{statistics.mean(pb[p] for p in common):.1f} | {m:.1f} [{m - half:.1f}, {m + half:.1f}] | "
              f"{ahead} / {even} / {len(d) - ahead - even} |")
