#!/usr/bin/env python3
"""Generalized thermography on a random sample of small Go regions, checked against the
enriched environment (docs/results/ko-catalogue.md, "A sample of Go regions").

Usage, from the repository root after `make`:
    python3 docs/results/data/go-regions-sample.py [SEED [COUNT]]
Draws COUNT (300) distinct 2x4, 2x5 and 3x3 regions with at least one stone of each
colour (each point empty with probability 1/2, else Black or White), seed SEED (7), runs
`analyze --method thermograph --params cycles=yes,selfatari=no --check 1/64` on each, and
prints a summary and every region whose walls and environment differ by more than 4/64.
Each analysis has a 600 s time limit (`--time 600`; one that reaches it counts as
refused); progress goes to a terminal's stderr.
"""
import json
import random
import subprocess
import sys
from fractions import Fraction

seed = int(sys.argv[1]) if len(sys.argv) > 1 else 7
count = int(sys.argv[2]) if len(sys.argv) > 2 else 300
rng = random.Random(seed)
shapes = [(2, 4), (2, 5), (3, 3)]
regions = set()
while len(regions) < count:
    r, c = rng.choice(shapes)
    cells = [rng.choice("..XO") for _ in range(r * c)]
    if "X" not in cells or "O" not in cells:
        continue
    regions.add("/".join("".join(cells[i * c:(i + 1) * c]) for i in range(r)))

tally = {"invalid": 0, "refused": 0, "loop-free": 0, "agree": 0, "disagree": 0}
refusals, rows = [], []
tty = sys.stderr.isatty()
for n, region in enumerate(sorted(regions), 1):
    if tty:
        sys.stderr.write("\r%d/%d %-12s" % (n, count, region))
        sys.stderr.flush()
    run = subprocess.run(
        ["build/sumgame", "analyze", "go:" + region, "--method", "thermograph", "--params",
         "cycles=yes,selfatari=no", "--check", "1/64", "--json", "--time", "600"],
        capture_output=True, text=True)
    if run.returncode != 0:
        line = run.stderr.strip().splitlines()[-1] if run.stderr.strip() else "?"
        key = "invalid" if "no liberty" in line else "refused"
        tally[key] += 1
        if key == "refused":
            refusals.append((region, line))
        continue
    j = json.loads(run.stdout)
    if not j["loopy"]:
        tally["loop-free"] += 1
    worst = {k["komaster"]: Fraction(k["environment"]["worst"]) for k in j["komasters"]}
    at = {k["komaster"]: k["environment"]["at"] for k in j["komasters"]}
    if max(worst.values()) > Fraction(4, 64):
        tally["disagree"] += 1
        rows.append((region, j["class"] or "loop-free", worst, at, j["komasters"]))
    else:
        tally["agree"] += 1

if tty:
    sys.stderr.write("\r\033[K")
print("seed %d, %d regions: %d not positions (a string without a liberty), %d refused, "
      "%d analysed (%d of them loop-free); the environment agrees within 4/64 on %d and "
      "differs on %d." % (seed, count, tally["invalid"], tally["refused"],
                          tally["agree"] + tally["disagree"], tally["loop-free"],
                          tally["agree"], tally["disagree"]))
print()
if rows:
    print("| region | class | Left komaster: mean / temperature, environment worst (at t) "
          "| Right komaster |")
    print("| --- | --- | --- | --- |")
    for region, cls, worst, at, ks in rows:
        cells = []
        for k in ks:
            cells.append("%s / %s, %s (%s)" % (k["mean"], k["temperature"],
                                              worst[k["komaster"]], at[k["komaster"]]))
        print("| `%s` | %s | %s | %s |" % (region, cls, cells[0], cells[1]))
for region, line in refusals:
    print("refused `%s`: %s" % (region, line))
