#!/usr/bin/env python3
"""The probes of docs/results/tds-anytime.md ("What the leaves are worth"): mean errors
of `analyze --method M [ARGS]` on 40 hard 4x4 rooms of the test set (every fifth of
the 11, 12, 13 and 14 empty-square layers, ten each) against the database's values.

    python3 docs/results/data/tds-leaf-probe.py build/sumgame tdsplus --time 0.5

With PER_ROOM=K in the environment it runs every K-th of the 40 rooms only and prints
each one (position, true mean and t, estimated mean and t). Run from the top of the tree. The environment switches SG_LEAF_DAYS, SG_LEAF_WALLS and
SG_LOWER exist only with tds-leaf-probe.patch applied (see the page)."""
import fractions
import json
import subprocess
import sys

F = fractions.Fraction
binary, method, extra = sys.argv[1], sys.argv[2], sys.argv[3:]
rows = [l.split() for l in open('conf/data/amazons-4x4-test-set.txt') if not l.startswith('#')]
layers = {}
for p, m, t in rows:
    layers.setdefault(p.count('.'), []).append((p, F(m), F(t)))
rooms = []
for e in (11, 12, 13, 14):
    rooms += layers[e][::len(layers[e]) // 10][:10]
import os
every = int(os.environ.get('PER_ROOM', '0'))
if every:
    rooms = rooms[::every]
err_t = err_m = signed = 0
depths = []
nodes = seconds = 0
for p, m, t in rooms:
    r = subprocess.run([binary, 'analyze', 'amazons:' + p, '--method', method, '--json'] + extra,
                       capture_output=True, text=True)
    if r.returncode:
        sys.exit(r.stderr.strip())
    j = json.loads(r.stdout)
    err_t += abs(F(j['temperature']) - t)
    err_m += abs(F(j['mean']) - m)
    signed += F(j['temperature']) - t
    depths.append(j.get('depth') or 0)
    nodes += j.get('nodes') or 0
    seconds += j.get('seconds') or 0
    if every:
        print(p, 'true', m, t, 'estimated', j['mean'], j['temperature'], 'depth', j.get('depth'))
n = len(rooms)
print(f"{method} {' '.join(extra)}: error t {float(err_t / n):.3f} (signed {float(signed / n):+.3f}), "
      f"error mu {float(err_m / n):.3f}, median depth {sorted(depths)[n // 2]}, "
      f"nodes {nodes}, seconds {seconds:.2f}")
