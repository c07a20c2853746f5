#!/usr/bin/env python3
"""19x19 boards from GNU Go self-play, read whole by sumgame and analysed by their regions
(docs/results/go-endgames.md, "19x19 boards"; issue #29).

For each seed GNU Go 3.8 plays itself on 19x19 (Japanese rules, komi 0) until at most
--empty points are empty, --moves moves are played, or the game ends (two passes); with
--before-end N the position is the one N moves before the game's two passes. GNU Go's final_status_list marks
the board (alive, dead, territory) as go-endgames.py does for 9x9. Then

    sumgame analyze go:@SEED-marked.sgf --params rules=territory,ko=local

gives the per-part table and the sum. For a finished game the sum must be a number, and
it is compared with GNU Go's final_score (komi 0), the count of the same statuses. One
JSON line a seed on standard output; --table prints the page's table of such a file.
"""
import argparse
import importlib.util
import json
import os
import re
import subprocess
import sys
import time
from fractions import Fraction

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("ge", os.path.join(HERE, "go-endgames.py"))
ge = importlib.util.module_from_spec(spec)
spec.loader.exec_module(ge)


def selfplay(seed, empty, level, max_moves, before_end):
    g = ge.gnugo(seed, level)
    g.must("boardsize 19")
    g.must("komi 0")
    g.must("clear_board")
    colour, passes, stones, played, record = "black", 0, 0, 0, []
    # a resignation is passed over: the other colour moves next, and play goes on to two
    # passes, since the point is a board to count, not a game decided
    for _ in range(max_moves):
        move = g.must("genmove " + colour)
        record.append((colour, move))
        played += 1
        passes = passes + 1 if move.lower() == "pass" else 0
        colour = ge.other(colour)
        if passes >= 2:
            break
        stones = len(g.must("list_stones black").split()) + len(g.must("list_stones white").split())
        if 361 - stones <= empty:
            break
    finished = passes >= 2
    if before_end and finished:
        # the same game again up to before_end moves before its two passes
        g.close()
        g = ge.gnugo(seed, level)
        g.must("boardsize 19")
        g.must("komi 0")
        g.must("clear_board")
        played = max(0, len(record) - 2 - before_end)
        for c, m in record[:played]:
            if m.lower() != "resign":
                g.must("play %s %s" % (c, m))
        colour = "black" if played % 2 == 0 else "white"
        finished = False
    stones = len(g.must("list_stones black").split()) + len(g.must("list_stones white").split())
    sgf = g.must("printsgf")
    g.close()
    return sgf, colour, 361 - stones, played, finished


def statuses(path, seed, level, finished):
    """GNU Go's statuses of the board in path and, for a finished game, its count of the
    board as loaded (komi 0): printsgf writes the stones, and the prisoners taken before
    as komi, which the count from the position on does not have."""
    g = ge.gnugo(seed, level)
    g.must("loadsgf " + path)
    g.must("komi 0")
    status = {k: g.must("final_status_list " + k).split()
              for k in ("alive", "dead", "black_territory", "white_territory")}
    score = g.must("final_score") if finished else None
    g.close()
    return status, score


def analyze(sumgame, path, limit):
    start = time.monotonic()
    r = subprocess.run([sumgame, "analyze", "go:@" + path, "--params",
                        "rules=territory,ko=local", "--time", str(limit)],
                       capture_output=True, text=True)
    seconds = time.monotonic() - start
    out = r.stdout
    parts = [line for line in out.splitlines() if re.match(r"^\d+\s", line)]
    stops = re.findall(r"^(Left|Right) stop:\s+(\S+)", out, re.M)
    err = r.stderr.strip().splitlines()[-1] if r.stderr.strip() else None
    return {"status": r.returncode, "seconds": round(seconds, 3), "parts": len(parts),
            "largest": max((line.split()[1].count(".") for line in parts), default=0),
            "left_stop": dict(stops).get("Left"), "right_stop": dict(stops).get("Right"),
            "error": err if r.returncode else None}


def our_count(sumgame, path):
    """sumgame's GTP final_score of the marked board, as Black's points."""
    us = ge.Gtp([sumgame, "gtp", "--game", "go", "--strategy", "solver", "--game-param",
                 "rules=territory", "--game-param", "ko=local"])
    us.must("loadsgf " + path)
    score = us.must("final_score")
    us.close()
    return str(ge.score_of(score))


def table(path):
    rows = [json.loads(line) for line in open(path)]
    print("| seed | moves | empty | finished | parts in play | largest part (empty points) "
          "| Left stop | Right stop | seconds | sumgame's count | GNU Go's count | note |")
    print("| ---: | ---: | ---: | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for r in rows:
        a = r["analysis"]
        print("| %d | %d | %d | %s | %d | %d | %s | %s | %.2f | %s | %s | %s |" % (
            r["seed"], r["moves"], r["empty"], "yes" if r["finished"] else "no", a["parts"],
            a["largest"], a["left_stop"] or "-", a["right_stop"] or "-", a["seconds"],
            r.get("our_count", "-"), r["gnugo_count"] if r["gnugo_count"] is not None else "-",
            a["error"] or ""))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sumgame", default="build/sumgame")
    ap.add_argument("--seeds", default="1-10")
    ap.add_argument("--empty", type=int, default=0, help="stop self-play at this many empty "
                    "points (0: play to the end)")
    ap.add_argument("--moves", type=int, default=700, help="stop self-play after this many "
                    "moves")
    ap.add_argument("--before-end", type=int, default=0, help="play the game to its end, "
                    "then take the position this many moves before the two passes")
    ap.add_argument("--level", type=int, default=3)
    ap.add_argument("--time", type=float, default=60.0)
    ap.add_argument("--out", default="/tmp/go-19x19")
    ap.add_argument("--table", metavar="JSONL")
    a = ap.parse_args()
    if a.table:
        table(a.table)
        return
    os.makedirs(a.out, exist_ok=True)
    lo, _, hi = a.seeds.partition("-")
    for seed in range(int(lo), int(hi or lo) + 1):
        sgf, to_move, empty, played, finished = selfplay(seed, a.empty, a.level, a.moves,
                                                          a.before_end)
        plain = os.path.join(a.out, "seed%d.sgf" % seed)
        with open(plain, "w") as f:
            f.write(sgf + "\n")
        status, score = statuses(plain, seed, a.level, finished)
        path = os.path.join(a.out, "seed%d-marked.sgf" % seed)
        with open(path, "w") as f:
            f.write(sgf + ge.marks(status) + "\n")
        analysis = analyze(a.sumgame, path, a.time)
        count = None if score is None else str(ge.score_of(score))
        row = {"seed": seed, "moves": played, "empty": empty, "to_move": to_move,
               "finished": finished, "gnugo_count": count, "analysis": analysis}
        if finished:
            row["our_count"] = our_count(a.sumgame, path)
            row["agree"] = row["our_count"] == count
        print(json.dumps(row), flush=True)
        print("seed %d: %s" % (seed, json.dumps(analysis)), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
