#!/usr/bin/env python3
"""Cazenave's tables from our match records (docs/results/mc-temperature.md).

Each JSON line of `sumgame match --out` is one game of a sum of five 7x7 boards, komi 7.5.
final_score is Black's area minus White's, minus the komi. As in the paper, points are
reported per colour: with every point of the 245 owned by one colour at the end,
Black's points B = (final_score + 252.5) / 2 and White's (komi included) 252.5 - B.
A game whose area difference is even had a neutral point (a dame or seki point), and the
split is then off by a half point; such games are counted. Usage:
    mc-tables.py FILE.jsonl [FILE.jsonl ...]
"""
import json
import math
import sys
from fractions import Fraction

TOTAL = Fraction(505, 2)  # 5 x 49 + 7.5


def rows(path):
    games = [json.loads(line) for line in open(path)]
    by_black = {}
    for g in games:
        if g.get("forfeit"):
            raise SystemExit(f"{path}: game {g['game']} forfeited: {g['forfeit']}")
        s = Fraction(g["final_score"])
        black = (s + TOTAL) / 2
        by_black.setdefault((g["left_player"], g["right_player"]), []).append(
            (float(black), (s + Fraction(15, 2)) % 2 == 0, g))
    for (b, w), items in sorted(by_black.items()):
        n = len(items)
        pts = [x for x, _, _ in items]
        mean = sum(pts) / n
        sd = math.sqrt(sum((x - mean) ** 2 for x in pts) / (n - 1)) if n > 1 else 0.0
        se = sd / math.sqrt(n)
        even = sum(1 for _, e, _ in items if e)
        wins = sum(1 for x in pts if x > float(TOTAL) / 2)
        cpu_b = sum(g.get("cpu_left", 0) for _, _, g in items) / n
        cpu_w = sum(g.get("cpu_right", 0) for _, _, g in items) / n
        moves = sum(len(g["moves"]) for _, _, g in items) / n
        yield b, w, n, mean, float(TOTAL) - mean, se, wins, even, cpu_b, cpu_w, moves


def main():
    print("| Black | White | games | Black points | White points | std. error | Black wins "
          "| CPU s/game Black | CPU s/game White | moves/game |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for path in sys.argv[1:]:
        for b, w, n, mb, mw, se, wins, even, cb, cw, mv in rows(path):
            note = f" ({even} with a neutral point)" if even else ""
            print(f"| {b} | {w} | {n}{note} | {mb:.2f} | {mw:.2f} | {se:.2f} | {wins} | "
                  f"{cb:.2f} | {cw:.2f} | {mv:.0f} |")


if __name__ == "__main__":
    main()
