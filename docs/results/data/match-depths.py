#!/usr/bin/env python3
"""The depths a match log's records report (`depths`, one a move: the deepest completed
iteration of the mover's strategy, 0 for none), per strategy: how many moves, the median
and quartiles of the depth, and the share of moves with none. Hotstrat reports the
shallowest of its rooms' estimates; alphabeta its global search's. With --cpu, instead:
the median over games of each strategy's CPU seconds a move (cpu_left or cpu_right over
the moves it made), for logs with or without depths. Usage:
    python3 docs/results/data/match-depths.py --cpu LOG.jsonl [LOG.jsonl ...]
    python3 docs/results/data/match-depths.py LOG.jsonl [LOG.jsonl ...]
"""
import json
import statistics
import sys


def depths_by_strategy(path):
    by = {}
    with open(path) as f:
        for line in f:
            g = json.loads(line)
            ds = g.get("depths")
            if ds is None:
                sys.exit("%s: game %s has no depths (a log of a build before they were "
                         "recorded)" % (path, g.get("game")))
            mover = g["first"]
            for d in ds:
                name = g["left_player"] if mover == "left" else g["right_player"]
                by.setdefault(name, []).append(d)
                mover = "right" if mover == "left" else "left"
    return by


def cpu_per_move(path):
    by = {}
    with open(path) as f:
        for line in f:
            g = json.loads(line)
            n = len(g["moves"])
            first = (n + 1) // 2  # moves of the first mover
            for side in ("left", "right"):
                made = first if g["first"] == side else n - first
                if made:
                    by.setdefault(g[side + "_player"], []).append(g["cpu_" + side] / made)
    return by


if sys.argv[1:2] == ["--cpu"]:
    for path in sys.argv[2:]:
        for name, secs in sorted(cpu_per_move(path).items()):
            print("%s: %s: median %.1f CPU s a move over %d games"
                  % (path, name, statistics.median(secs), len(secs)))
    sys.exit(0)

for path in sys.argv[1:]:
    for name, ds in sorted(depths_by_strategy(path).items()):
        some = sorted(d for d in ds if d > 0)
        if some:
            q = statistics.quantiles(some, n=4) if len(some) > 1 else [some[0]] * 3
            spread = "median %g (quartiles %g, %g), max %d" % (q[1], q[0], q[2], some[-1])
        else:
            spread = "none reported"
        print("%s: %s: %d moves, %s; %d%% with no completed iteration"
              % (path, name, len(ds), spread, round(100 * (len(ds) - len(some)) / len(ds))))
