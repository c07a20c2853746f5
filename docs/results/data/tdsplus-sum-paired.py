#!/usr/bin/env python3
"""Two players against the same opponent on the same positions (docs/results/tdsplus-sum-games.md).
Per cell, over the positions both logs A and B have without a forfeit: the mean of A's
pair mean (the mean of a position's two games, from A's side) minus B's, with a 95%
interval (normal approximation), and on how many positions A did better, the same, worse.
Default: A = tdsplus-sum (Hotstrat-TDS+ against global alpha-beta), B = tds-exp4
(Hotstrat-TDS against global alpha-beta, tds-experiment-4.md). Usage:
    python3 docs/results/data/tdsplus-sum-paired.py [--a=PREFIX] [--b=PREFIX] [DIR]
e.g. --a=tdsplus-sum-no-e4 --b=tdsplus-sum (the ablation), --a=tdsplus-sum-control-tds
--b=tds-exp4 (Hotstrat-TDS on this build against the exp4 logs).
"""
import json, math, os, statistics, sys
from fractions import Fraction

pa_name, pb_name, args = "tdsplus-sum", "tds-exp4", []
for a in sys.argv[1:]:
    if a.startswith("--a="):
        pa_name = a[4:]
    elif a.startswith("--b="):
        pb_name = a[4:]
    else:
        args.append(a)
here = args[0] if args else os.path.dirname(os.path.abspath(__file__))


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


print(f"| cell | positions | A = {pa_name} | B = {pb_name} | A − B, 95% interval | A better / same / worse |")
print("| --- | --- | --- | --- | --- | --- |")
for size in (4, 5, 6):
    for n in (2, 4, 6):
        a = os.path.join(here, f"{pa_name}-{size}x{size}-n{n}.jsonl")
        b = os.path.join(here, f"{pb_name}-{size}x{size}-n{n}.jsonl")
        if not (os.path.exists(a) and os.path.exists(b)):
            continue
        pa, pb = pair_means(a), pair_means(b)
        common = sorted(set(pa) & set(pb))
        if len(common) < 2:
            continue
        d = [pa[p] - pb[p] for p in common]
        half = 1.96 * statistics.stdev(d) / math.sqrt(len(d))
        m = statistics.mean(d)
        better = sum(x > 0 for x in d)
        same = sum(x == 0 for x in d)
        print(f"| {size}x{size}, N={n} | {len(common)} | {statistics.mean(pa[p] for p in common):.1f} | "
              f"{statistics.mean(pb[p] for p in common):.1f} | {m:.1f} [{m - half:.1f}, {m + half:.1f}] | "
              f"{better} / {same} / {len(d) - better - same} |")
