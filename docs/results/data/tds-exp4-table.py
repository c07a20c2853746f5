#!/usr/bin/env python3
"""Table 3 of the TDS paper from the match logs of Experiment 4 (docs/results/data/*.jsonl).

For each cell: games, mean score of Hotstrat-TDS (player A) over the games without a forfeit
(including games whose end the host scored by the game's evaluation, `score_estimated`,
counted in their own column),
their standard deviation, a 95% interval of the mean over positions (each position's two
games averaged, since a position favours one colour; normal approximation), the win rate
over all games (a forfeit counts for the side that did not forfeit, as in `sumgame match`),
forfeits by kind, moves per game and seconds per game. Usage:
    python3 docs/results/data/tds-exp4-table.py [--table3] [--suffix=-0.1s] [--prefix=P] [DIR]
--prefix=tdsplus-sum (or tdsplus-sum-vs-tds) reads the logs of docs/results/tdsplus-sum-games.md
instead, player A being Hotstrat-TDS+; with a prefix, cells without a log are printed as
"not run" in the details too.
"""
import json, math, os, statistics, sys
from fractions import Fraction

suffix = ""
prefix = "tds-exp4"
args = []
for a in sys.argv[1:]:
    if a.startswith("--suffix="):
        suffix = a[len("--suffix="):]   # e.g. --suffix=-0.1s for the 0.1 s supplement
    elif a.startswith("--prefix="):
        prefix = a[len("--prefix="):]
    elif a != "--table3":
        args.append(a)
here = args[0] if args else os.path.dirname(os.path.abspath(__file__))
if "--table3" in sys.argv:
    # The paper's layout: a row per N, a column per size, "mean (sd) win%" and positions.
    print("| N | 4x4 | 5x5 | 6x6 |")
    print("| ---: | --- | --- | --- |")
    for n in (2, 4, 6):
        cells = []
        for size in (4, 5, 6):
            path = os.path.join(here, f"{prefix}-{size}x{size}-n{n}{suffix}.jsonl")
            rows = [json.loads(line) for line in open(path)] if os.path.exists(path) else []
            if not rows:
                cells.append("not run")
                continue
            sc = [float(Fraction(r["score"])) for r in rows if r["forfeit"] is None]
            wins = sum(r["result"] == "win" for r in rows)
            cells.append(f"{statistics.mean(sc):.1f} ({statistics.stdev(sc):.1f}) "
                         f"{100 * wins / len(rows):.0f}%, {len(rows) // 2} pos.")
        print(f"| {n} | " + " | ".join(cells) + " |")
    sys.exit(0)
print("| cell | games | mean (sd) | 95% interval, pairs | win % | forfeits | estimated | moves/game | s/game |")
print("| --- | --- | --- | --- | --- | --- | --- | --- | --- |")
for size in (4, 5, 6):
    for n in (2, 4, 6):
        path = os.path.join(here, f"{prefix}-{size}x{size}-n{n}{suffix}.jsonl")
        rows = [json.loads(line) for line in open(path)] if os.path.exists(path) else []
        if not rows:
            if prefix != "tds-exp4":
                print(f"| {size}x{size}, N={n} | not run | | | | | | | |")
            continue
        scores = [float(Fraction(r["score"])) for r in rows if r["forfeit"] is None]
        wins = sum(r["result"] == "win" for r in rows)
        kinds = {}
        for r in rows:
            if r["forfeit"]:
                k = "game error" if r["forfeit"].startswith("game error") else \
                    "timeout" if r["forfeit"].startswith("timeout") else \
                    "failure" if " failed: " in r["forfeit"] else "other"
                who = "A" if r["result"] == "loss" else "B"
                kinds[f"{k} ({who})"] = kinds.get(f"{k} ({who})", 0) + 1
        mean = statistics.mean(scores) if scores else float("nan")
        sd = statistics.stdev(scores) if len(scores) > 1 else float("nan")
        # The two games of a position are not independent: the interval is over positions,
        # each the mean of its two games (positions with a forfeit left out).
        pairs = {}
        for r in rows:
            if r["forfeit"] is None:
                pairs.setdefault(r["pair"], []).append(float(Fraction(r["score"])))
        pm = [sum(v) / 2 for v in pairs.values() if len(v) == 2]
        half = 1.96 * statistics.stdev(pm) / math.sqrt(len(pm)) if len(pm) > 1 else float("nan")
        pmean = statistics.mean(pm) if pm else float("nan")
        moves = statistics.mean(len(r["moves"]) for r in rows)
        secs = statistics.mean(r["seconds"] for r in rows)
        estimated = sum(bool(r.get("score_estimated")) for r in rows)
        forf = ", ".join(f"{v} {k}" for k, v in sorted(kinds.items())) or "0"
        print(f"| {size}x{size}, N={n} | {len(rows)} | {mean:.1f} ({sd:.1f}) | "
              f"[{pmean - half:.1f}, {pmean + half:.1f}] | {100 * wins / len(rows):.0f}% | {forf} | {estimated} | "
              f"{moves:.1f} | {secs:.1f} |")
