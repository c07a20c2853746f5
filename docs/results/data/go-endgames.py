#!/usr/bin/env python3
"""Late 9x9 endgames from GNU Go self-play, solved by sumgame and played against GNU Go
with colours swapped (docs/results/go-endgames.md, issue #29).

For each seed: GNU Go plays itself (Japanese rules, komi 0) until at most --empty points
are empty; its final_status_list alive/dead and black_territory/white_territory become
marks on the board (docs/games/go.md, "Whole boards"); `sumgame solve` gives the exact
result with the player to move first; then two games from the position, sumgame's
`solver` strategy over GTP against GNU Go at --opponent-level, once as the player to move
and once as the other. Both engines count the finished board (final_score).

    docs/results/data/go-endgames.py --sumgame build/sumgame --seeds 1-10 \\
        --out /tmp/go-endgames > docs/results/data/go-endgames.jsonl

With --select proven, self-play goes on past --empty points until the first board whose
marks sumgame's safety reading proves (`marks = proven`), and a seed whose game ends first
is skipped.

One JSON line per seed on standard output; progress on standard error. Every run is
reproduced by its seed (GNU Go's --seed; sumgame's solver is deterministic).
"""
import argparse
import json
import os
import subprocess
import sys
import time
from fractions import Fraction

GNUGO = "/usr/games/gnugo"


class Gtp:
    """One GTP engine on pipes."""

    def __init__(self, argv):
        self.argv = argv
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True)

    def __call__(self, command):
        self.p.stdin.write(command + "\n")
        self.p.stdin.flush()
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                raise RuntimeError("%s: engine closed on '%s'" % (self.argv[0], command))
            if line.strip() == "":
                if lines:
                    break
                continue
            lines.append(line.rstrip("\n"))
        text = "\n".join(lines)
        ok = text.startswith("=")
        return ok, text[1:].strip()

    def must(self, command):
        ok, text = self(command)
        if not ok:
            raise RuntimeError("%s: '%s' failed: %s" % (self.argv[0], command, text))
        return text

    def close(self):
        try:
            self("quit")
        except (RuntimeError, BrokenPipeError):
            pass
        self.p.wait(timeout=10)


def gnugo(seed, level):
    return Gtp([GNUGO, "--mode", "gtp", "--level", str(level), "--japanese-rules",
                "--seed", str(seed)])


def other(colour):
    return "white" if colour == "black" else "black"


def selfplay(seed, empty, level, max_moves=200, accept=None):
    """GNU Go against itself until at most `empty` points are empty and, with accept, until
    accept(sgf, colour to move, empty points) holds: the plain SGF, the colour to move and
    the empty points, or None when the game ended first."""
    g = gnugo(seed, level)
    g.must("boardsize 9")
    g.must("komi 0")
    g.must("clear_board")
    colour, passes = "black", 0
    for _ in range(max_moves):
        move = g.must("genmove " + colour)
        passes = passes + 1 if move.lower() == "pass" else 0
        colour = other(colour)
        if passes >= 2:
            g.close()
            return None
        stones = len(g.must("list_stones black").split()) + len(g.must("list_stones white").split())
        if 81 - stones <= empty and (accept is None or
                                     accept(g.must("printsgf"), colour, 81 - stones)):
            break
    else:
        if accept is not None:  # no board accepted in max_moves
            g.close()
            return None
    sgf = g.must("printsgf")
    g.close()
    return sgf, colour, 81 - stones


def write_marked(out, name, sgf, seed, level):
    """The board and the board marked with GNU Go's statuses, as OUT/NAME.sgf and
    OUT/NAME-marked.sgf: their paths and the statuses."""
    plain = os.path.join(out, name + ".sgf")
    marked = os.path.join(out, name + "-marked.sgf")
    with open(plain, "w") as f:
        f.write(sgf + "\n")
    status = statuses(plain, seed, level)
    with open(marked, "w") as f:
        f.write(sgf + marks(status) + "\n")
    return plain, marked, status


def proven(sumgame, out, seed, level):
    """accept() for selfplay: whether sumgame's safety reading proves the marks GNU Go's
    statuses give the board (`marks = proven`, docs/games/go.md)."""
    def accept(sgf, colour, empty):
        _, marked, _ = write_marked(out, "seed%d-candidate" % seed, sgf, seed, level)
        _, why = solve(sumgame, marked, colour, 60, ",marks=proven")
        print("seed %d, %d empty: %s" % (seed, empty, "marks proven" if why is None
                                          else why.split(": ")[-1]), file=sys.stderr, flush=True)
        return why is None
    return accept


def statuses(path, seed, level):
    """GNU Go's statuses of the board in path, read at `level`."""
    g = gnugo(seed, level)
    g.must("loadsgf " + path)
    status = {k: g.must("final_status_list " + k).split()
              for k in ("alive", "dead", "black_territory", "white_territory", "dame")}
    g.close()
    return status


def marks(status, ko=None):
    items = (["ko=" + ko.lower()] if ko else []) + (["alive=" + p.lower() for p in status["alive"]] +
             ["dead=" + p.lower() for p in status["dead"]] +
             ["tb=" + p.lower() for p in status["black_territory"]] +
             ["tw=" + p.lower() for p in status["white_territory"]])
    return "[" + ",".join(items) + "]"


def score_of(text):
    """A GTP score ('B+3', 'W+2.0', '0') as Black's points."""
    text = text.strip()
    if text in ("0", "Draw"):
        return Fraction(0)
    sign = 1 if text[0] == "B" else -1
    return sign * Fraction(text[2:])


def solve(sumgame, path, first, limit, more=""):
    side = "left" if first == "black" else "right"
    r = subprocess.run([sumgame, "solve", "go:@" + path, "--params",
                        "go:rules=territory,ko=local" + more,
                        "--first", side, "--json", "--time", str(limit)],
                       capture_output=True, text=True)
    if r.returncode != 0:
        return None, r.stderr.strip().splitlines()[-1] if r.stderr.strip() else "exit %d" % r.returncode
    j = json.loads(r.stdout)
    return j, None


def play(sumgame, plain, marked, first, ours, level, seed, per_move, max_moves=150, nodes=0,
         params=()):
    """One game from the position: sumgame plays `ours` (per_move seconds a move, or with
    nodes > 0 that many nodes and no clock, which makes its play reproducible). Returns
    the record."""
    budget = ["--nodes", str(nodes), "--time-per-move", "0"] if nodes > 0 else \
        ["--time-per-move", str(per_move)]
    extra = [x for kv in params for x in ("--game-param", kv)]
    us = Gtp([sumgame, "gtp", "--game", "go", "--strategy", "solver",
              "--game-param", "rules=territory", "--game-param", "ko=local", "--seed", str(seed)]
             + extra + budget)
    them = gnugo(seed, level)
    for e, f in ((us, marked), (them, plain)):
        e.must("boardsize 9")
        e.must("loadsgf " + f)
        # after loadsgf: GNU Go's printsgf writes the prisoners taken so far as komi (KM),
        # which the exact result, counted from the position on, does not have
        e.must("komi 0")
    colour, passes, moves, longest, note, resyncs = first, 0, [], 0.0, None, []

    def resync(why):
        """Loads GNU Go's board into sumgame again, marked with GNU Go's statuses now: the
        game has left the marked model (GNU Go played where the marks say nobody plays,
        or captured stones the marks call alive)."""
        resyncs.append(why)
        path = "%s-%s-resync%d.sgf" % (marked[:-4], ours, len(resyncs))
        board = them.must("printsgf")
        status = {k: them.must("final_status_list " + k).split()
                  for k in ("alive", "dead", "black_territory", "white_territory")}
        # printsgf keeps no ko ban: a lone stone that just took a lone stone and has one
        # liberty left bans the taking back there
        ko = None
        if last and len(last[1]) == 1 and them("countlib " + last[0]) == (True, "1"):
            ko = next(iter(last[1]))
        with open(path, "w") as f:
            f.write(board + marks(status, ko) + "\n")
        return us("loadsgf " + path)

    def stones():
        return set(them.must("list_stones black").split() + them.must("list_stones white").split())

    def our_stones():
        """The stones on sumgame's board (showboard's rows: X, x and b are black stones,
        O, o and w white ones, whatever the marks made of them)."""
        rows = us.must("showboard").split("[")[0].split("/")
        return {"ABCDEFGHJ"[x] + str(len(rows) - y)
                for y, row in enumerate(rows) for x, ch in enumerate(row.strip())
                if ch in "XxbOow"}

    before = stones()
    last = None  # the last move on the board and the stones it took
    refused = 0
    while passes < 2 and len(moves) < max_moves:
        mover, waiter = (us, them) if colour == ours else (them, us)
        t0 = time.monotonic()
        ok, move = mover("genmove " + colour)
        took = time.monotonic() - t0
        if mover is us:
            longest = max(longest, took)
        if not ok:
            note = "%s genmove failed: %s" % ("sumgame" if mover is us else "gnugo", move)
            break
        ok, text = waiter("play %s %s" % (colour, move))
        if not ok and waiter is them and refused < 3:
            # sumgame's board had drifted from the real one: sync it and ask again
            refused += 1
            ok, text = resync("%s %s refused by GNU Go" % (colour, move))
            if ok:
                continue
        if not ok and waiter is us:
            if move.lower() != "pass":
                last = (move, before - stones())
            ok, text = resync("%s %s refused by sumgame" % (colour, move))
        if not ok:
            note = "%s refused %s %s: %s" % ("sumgame" if waiter is us else "gnugo",
                                           colour, move, text)
            break
        refused = 0
        moves.append(move)
        after = stones()
        last = (move, before - after) if move.lower() != "pass" else None
        if after != our_stones():
            # a capture only the real board has (stones the marks call alive, whose mark
            # had not lapsed): the boards differ
            ok, text = resync("%s %s captured marked-alive stones" % (colour, move))
            if not ok:
                note = "sumgame could not load the board again: " + text
                break
        before = after
        passes = passes + 1 if move.lower() == "pass" else 0
        colour = other(colour)
    ours_score = us("final_score")
    theirs = them.must("final_score")
    ours_dead = us("final_status_list dead")
    theirs_dead = them.must("final_status_list dead")
    us.close()
    them.close()
    return {
        "sumgame": ours, "moves": moves, "ended": passes >= 2, "note": note,
        "resyncs": resyncs,
        "gnugo_score": theirs, "sumgame_score": ours_score[1] if ours_score[0] else None,
        "gnugo_dead": sorted(theirs_dead.split()),
        "sumgame_dead": sorted(ours_dead[1].split()) if ours_dead[0] else None,
        "longest_move_s": round(longest, 3),
    }


def seeds(text):
    out = []
    for part in text.split(","):
        a, _, b = part.partition("-")
        out += list(range(int(a), int(b or a) + 1))
    return out


def stop_of(rec):
    """The exact result (Black's points) with the player to move first, or None."""
    j = rec["exact"]
    if not j:
        return None
    key = "left_first" if rec["to_move"] == "black" else "right_first"
    return Fraction(j[key]) if key in j else None


def regions(rec):
    """The empty points of each part in play, from solve's parsed sum."""
    j = rec["exact"]
    if not j or "parsed" not in j:
        return None
    return [part.count(".") for part in j["parsed"].split(" + ") if part.startswith("go:")]


def table(path):
    """The results page's tables from the JSON lines in path."""
    recs, seen, same = [], {}, []
    for line in open(path):
        if not line.strip():
            continue
        r = json.loads(line)
        key = r.get("sgf", "").split("DT[")[0] + r.get("sgf", "").split("]", 4)[-1]
        if r.get("sgf") and key in seen:
            same.append("%d = %d" % (r["seed"], seen[key]))  # GNU Go played the same game
            continue
        seen[key] = r["seed"]
        recs.append(r)
    print("| seed | empty | to move | parts (empty points) | solve s | exact |"
          " sumgame as | GNU Go's count | sumgame's count | resyncs | sumgame vs exact |")
    print("| ---: | ---: | --- | --- | ---: | ---: | --- | ---: | ---: | ---: | ---: |")
    for r in recs:
        v = stop_of(r)
        parts = regions(r)
        for g in r["games"]:
            achieved = score_of(g["gnugo_score"])
            sign = 1 if g["sumgame"] == "black" else -1
            diff = None if v is None else sign * (achieved - v)
            print("| %d | %d | %s | %s | %s | %s | %s | %s | %s | %d | %s |" % (
                r["seed"], r["empty"], r["to_move"],
                "" if parts is None else " ".join(str(n) for n in parts if n),
                "%.2f" % r["exact"]["seconds"] if r["exact"] else "not solved",
                "" if v is None else ("B+%s" % v if v > 0 else "W+%s" % -v if v < 0 else "0"),
                g["sumgame"], g["gnugo_score"], g["sumgame_score"] or "",
                len(g["resyncs"]),
                "not finished" if not g["ended"] else "" if diff is None else "%+g" % diff))
    games = [(r, g) for r in recs for g in r["games"]]
    solved = [r for r in recs if r["exact"]]
    fast = [r for r in solved if r["exact"]["seconds"] <= 1.0]
    kept = [(r, g) for r, g in games if not g["resyncs"] and g["ended"] and stop_of(r) is not None]

    def gain(r, g):
        sign = 1 if g["sumgame"] == "black" else -1
        return sign * (score_of(g["gnugo_score"]) - stop_of(r))
    print()
    print("- positions: %d (seeds with the same game as an earlier one: %s)" %
          (len(recs), ", ".join(same) or "none"))
    print("- solved: %d, within 1 s (wall clock): %d; largest part in play: %d empty points" %
          (len(solved), len(fast), max((max(regions(r) or [0]) for r in solved), default=0)))
    print("- games: %d; finished without a resync (sumgame's board followed the real one): "
          "%d; sumgame at or above the exact result there: %d; sumgame against the exact "
          "result there: %s points in all" %
          (len(games), len(kept), sum(1 for r, g in kept if gain(r, g) >= 0),
           sum(gain(r, g) for r, g in kept)))
    out = [(r, g) for r, g in games if g["resyncs"] and g["ended"] and stop_of(r) is not None]
    print("- games with a resync: %d; sumgame below the exact result in %d, by %s "
          "points in all" % (len(out), sum(1 for r, g in out if gain(r, g) < 0),
                             -sum(gain(r, g) for r, g in out if gain(r, g) < 0)))
    ended = [(r, g) for r, g in games if g["ended"] and stop_of(r) is not None]
    print("- all finished games of solved positions: %d; at or above the exact result: %d; "
          "below: %d; sumgame against the exact result: %s points in all" %
          (len(ended), sum(1 for r, g in ended if gain(r, g) >= 0),
           sum(1 for r, g in ended if gain(r, g) < 0), sum(gain(r, g) for r, g in ended)))
    agree = [g for r, g in games if not g["resyncs"] and g["ended"]]
    print("- final_score equal to GNU Go's in %d of the %d finished games without a resync" %
          (sum(1 for g in agree if g["sumgame_score"] and
               score_of(g["sumgame_score"]) == score_of(g["gnugo_score"])), len(agree)))


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sumgame", default="build/sumgame")
    ap.add_argument("--seeds", default="1-10")
    ap.add_argument("--empty", type=int, default=40)
    ap.add_argument("--select", choices=("empty", "proven"), default="empty",
                    help="stop self-play at --empty points (empty), or at the first board "
                         "from there on whose marks sumgame's safety reading proves (proven)")
    ap.add_argument("--selfplay-level", type=int, default=6)
    ap.add_argument("--opponent-level", type=int, default=10)
    ap.add_argument("--time-per-move", type=float, default=1.0)
    ap.add_argument("--nodes", type=int, default=0,
                    help="sumgame's node budget a move instead of its clock (reproducible)")
    ap.add_argument("--sumgame-param", action="append", default=[], metavar="K=V",
                    help="a go parameter for sumgame's games (repeatable), e.g. safety=0")
    ap.add_argument("--solve-time", type=float, default=60.0)
    ap.add_argument("--out", default="/tmp/go-endgames")
    ap.add_argument("--table", metavar="JSONL", help="print the page's table of a run and stop")
    a = ap.parse_args()
    if a.table:
        table(a.table)
        return
    if not os.access(GNUGO, os.X_OK):
        sys.exit("go-endgames.py: %s not found: install Debian's gnugo (apt-get install "
                 "gnugo)" % GNUGO)
    if not os.access(a.sumgame, os.X_OK):
        sys.exit("go-endgames.py: --sumgame %s: no such program (make builds build/sumgame)"
                 % a.sumgame)
    os.makedirs(a.out, exist_ok=True)
    sumgame = os.path.abspath(a.sumgame)
    for seed in seeds(a.seeds):
        accept = proven(sumgame, a.out, seed, a.opponent_level) if a.select == "proven" else None
        got = selfplay(seed, a.empty, a.selfplay_level, accept=accept)
        if got is None:
            print("seed %d: the game ended before %d empty points%s" %
                  (seed, a.empty, " and proven marks" if accept else ""), file=sys.stderr)
            continue
        sgf, to_move, empty = got
        plain, marked, status = write_marked(a.out, "seed%d" % seed, sgf, seed, a.opponent_level)
        t0 = time.monotonic()
        exact, why = solve(sumgame, marked, to_move, a.solve_time)
        solve_s = time.monotonic() - t0
        rec = {"seed": seed, "empty": empty, "to_move": to_move, "sgf": sgf, "status": status,
               "solve_s": round(solve_s, 3), "exact": exact, "exact_error": why, "games": []}
        print("seed %d: %d empty, %s to move, solve %.2f s %s" %
              (seed, empty, to_move, solve_s, why or ""), file=sys.stderr)
        for ours in (to_move, other(to_move)):
            g = play(sumgame, plain, marked, to_move, ours, a.opponent_level,
                     seed, a.time_per_move, nodes=a.nodes, params=a.sumgame_param)
            rec["games"].append(g)
            print("  sumgame %s: gnugo %s, sumgame %s, %d moves, %d resyncs%s" %
                  (ours, g["gnugo_score"], g["sumgame_score"], len(g["moves"]),
                   len(g["resyncs"]),
                   " (" + g["note"] + ")" if g["note"] else ""), file=sys.stderr)
        print(json.dumps(rec), flush=True)


if __name__ == "__main__":
    main()
