#!/usr/bin/env python3
"""Convert one MCGS autotest file (.test) into cases for `sumgame solve`.

    python3 bench/outcome/mcgs_cases.py FILE.test [--mcgs] [--games amazons,domineering,...]

Reads MCGS's input language (v1.7, see MCGS's input/info.test) at run time and writes
one line per partisan solve command that has an expected result:

    <sum in our notation> TAB <first player: left|right> TAB <expected winner: left|right>

With --mcgs two more fields follow: the case in MCGS's own input language (one sum, one
command, e.g. `[amazons] .O..|....|XO.. {B win}`) and the line of the source file.
Nothing of MCGS is embedded here: the cases come from the file given.

MCGS's conventions (src/cgt_basics.h, src/domineering.cpp, input/info.test):
  BLACK = Left = 'X', WHITE = Right = 'O', '#' a blocked/border square, '.' empty;
  grids are rows separated by '|'; Domineering: BLACK places vertical dominoes.
  `{B win}`  Black (Left) moves first and wins     -> left   first, winner left
  `{B loss}` Black moves first and loses           -> left   first, winner right
  `{W win}`  White (Right) moves first and wins    -> right  first, winner right
  `{W loss}` White moves first and loses           -> right  first, winner left
  The games preceding a command block form the sum; after a block the sum is empty.
Ours (docs/games/*.md): rows top to bottom separated by '/';
  amazons:      'B' Black (Left), 'W' White (Right), 'x' blocked, '.' empty
  domineering:  'x' occupied, '.' empty; Left places vertical dominoes
  clobber:      'x' Left (Black), 'o' Right (White), '.' empty; up to 8x8
Row order is kept (the first row written is the top row in both); neither game's value
depends on it anyway, and boards are never transposed (that would negate Domineering).

A [clobber_1xn] strip, or a 1-row [clobber] board, longer than 8 squares is written as
the sum of its '.'-separated pieces (a strip is the sum of those pieces), and a piece
longer than 8 as a snake on an 8-wide board (same adjacency graph, so the same game;
see snake()). Cases that
cannot be written in our notation (a board side over the limit) are skipped with a comment
line `# skipped line N (k cases): why`; sums with games of other sections (impartial
sections, other games) are ignored with `# ignored line N: section [...]`.
"""

import argparse
import os
import re
import subprocess
import sys

CLOBBER_MAX = 8
DOMINEERING_MAX = 8
AMAZONS_MAX = 10

GAMES = ("amazons", "domineering", "clobber", "clobber_1xn")


class Unsupported(Exception):
    pass


def rows_of(grid):
    rows = grid.split("|")
    if not rows or any(len(r) != len(rows[0]) or not r for r in rows):
        raise Unsupported("ragged grid %r" % grid)
    return rows


def conv_amazons(grid):
    rows = rows_of(grid)
    if len(rows) > AMAZONS_MAX or len(rows[0]) > AMAZONS_MAX:
        raise Unsupported("amazons board over %dx%d" % (AMAZONS_MAX, AMAZONS_MAX))
    table = {"X": "B", "O": "W", "#": "x", ".": "."}
    try:
        return ["amazons:" + "/".join("".join(table[c] for c in r) for r in rows)]
    except KeyError as e:
        raise Unsupported("amazons square %s" % e)


def conv_domineering(grid):
    rows = rows_of(grid)
    if len(rows) > DOMINEERING_MAX or len(rows[0]) > DOMINEERING_MAX:
        raise Unsupported("domineering board over %dx%d" % (DOMINEERING_MAX, DOMINEERING_MAX))
    table = {"#": "x", ".": "."}
    try:
        return ["domineering:" + "/".join("".join(table[c] for c in r) for r in rows)]
    except KeyError as e:
        raise Unsupported("domineering square %s" % e)


def conv_clobber(grid):
    rows = rows_of(grid)
    table = {"X": "x", "O": "o", ".": "."}
    try:
        rows = ["".join(table[c] for c in r) for r in rows]
    except KeyError as e:
        raise Unsupported("clobber square %s" % e)
    if len(rows) <= CLOBBER_MAX and len(rows[0]) <= CLOBBER_MAX:
        return ["clobber:" + "/".join(rows)]
    if len(rows) == 1:
        # A strip is the sum of its '.'-separated pieces; a piece longer than 8 is laid
        # out as a snake (see snake()).
        return ["clobber:" + snake(p) for p in rows[0].split(".") if p]
    raise Unsupported("clobber board %dx%d over %dx%d"
                      % (len(rows), len(rows[0]), CLOBBER_MAX, CLOBBER_MAX))


def snake(piece):
    """Lay a row of stones out on an 8-wide board as an induced path.

    Clobber is played on the adjacency graph of the stones: a stone moves only onto an
    orthogonally adjacent stone of the other colour, and empty squares never fill. So a
    strip is the same game on any set of squares whose adjacencies form the same path.
    The path runs along rows 0, 2, 4, 6 (left to right, then right to left, ...) joined
    by single squares in rows 1, 3, 5 at the turning column; every other square is empty,
    so no two squares of the path are adjacent unless they are consecutive. Capacity
    4 * 8 + 3 = 35 stones on 8x8.
    """
    if len(piece) <= CLOBBER_MAX:
        return piece
    w = CLOBBER_MAX
    cells = []
    r = 0
    while len(cells) < len(piece):
        cols = range(w) if (r // 2) % 2 == 0 else range(w - 1, -1, -1)
        if r % 2 == 0:
            cells.extend((r, c) for c in cols)
        else:
            cells.append((r, w - 1 if (r // 2) % 2 == 0 else 0))
        r += 1
    cells = cells[:len(piece)]
    h = cells[-1][0] + 1
    if h > CLOBBER_MAX:
        raise Unsupported("clobber strip piece longer than 35")
    board = [["."] * w for _ in range(h)]
    for (rr, cc), ch in zip(cells, piece):
        board[rr][cc] = ch
    return "/".join("".join(row) for row in board)


CONVERT = {
    "amazons": conv_amazons,
    "domineering": conv_domineering,
    "clobber": conv_clobber,
    "clobber_1xn": conv_clobber,
}

TOKEN = re.compile(r"/\*.*?\*/|\[[^\]]*\]|\([^)]*\)|\{[^}]*\}|[^\s\[\](){}]+", re.S)


def tokens(text):
    """Yield (kind, value, line) for MCGS input text."""
    for m in TOKEN.finditer(text):
        s = m.group(0)
        line = text.count("\n", 0, m.start()) + 1
        if s.startswith("/*"):
            continue
        if s.startswith("["):
            yield "section", " ".join(s[1:-1].split()), line
        elif s.startswith("("):
            yield "game", s[1:-1].strip(), line
        elif s.startswith("{"):
            yield "commands", s[1:-1], line
        else:
            yield "game", s, line


def mcgs_commit(path):
    d = os.path.dirname(os.path.abspath(path))
    try:
        out = subprocess.run(["git", "-C", d, "rev-parse", "HEAD"], capture_output=True,
                             text=True, timeout=10)
        if out.returncode == 0:
            return out.stdout.strip()
    except (OSError, subprocess.SubprocessError):
        pass
    return "unknown"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("file", help="an MCGS .test file")
    ap.add_argument("--mcgs", action="store_true",
                    help="add the case in MCGS's notation and its source line")
    ap.add_argument("--games", default=",".join(GAMES),
                    help="comma-separated MCGS section names to convert (default: %(default)s)")
    args = ap.parse_args()
    wanted = set(g.strip() for g in args.games.split(",") if g.strip())

    with open(args.file, encoding="utf-8") as f:
        text = f.read()

    out = sys.stdout
    out.write("# source: %s\n" % os.path.abspath(args.file))
    out.write("# mcgs commit: %s\n" % mcgs_commit(args.file))
    out.write("# fields: sum<TAB>first(left|right)<TAB>expected winner(left|right)%s\n"
              % ("<TAB>mcgs input<TAB>source line" if args.mcgs else ""))

    section = None
    games = []  # (section, mcgs text)
    n_cases = n_skipped = n_ignored = 0
    for kind, value, line in tokens(text):
        if kind == "section":
            section = value
            continue
        if kind == "game":
            games.append((section, value))
            continue
        # a command block
        cmds = [c.strip() for c in value.split(",") if c.strip()]
        sum_games, games = games, []
        partisan = []
        for c in cmds:
            m = re.fullmatch(r"([BW])\s+(win|loss)", c)
            if m:
                partisan.append((m.group(1), m.group(2)))
        if not partisan:
            continue
        other = sorted(set(str(sec) for sec, _ in sum_games
                           if sec not in CONVERT or sec not in wanted))
        if not sum_games or other:
            # not a question about our games (e.g. [impartial clobber]): ignored
            n_ignored += len(partisan)
            out.write("# ignored line %d: %s\n"
                      % (line, "section [%s]" % "], [".join(other) if other else "empty sum"))
            continue
        why = None
        comps = []
        for sec, g in sum_games:
            try:
                comps.extend(CONVERT[sec](g))
            except Unsupported as e:
                why = str(e)
                break
        if why:
            n_skipped += len(partisan)
            out.write("# skipped line %d (%d cases): %s\n" % (line, len(partisan), why))
            continue
        our_sum = " + ".join(comps)
        mcgs_sum = " ".join("[%s] %s" % (sec, g) for sec, g in sum_games)
        for who, res in partisan:
            first = "left" if who == "B" else "right"
            other = "right" if first == "left" else "left"
            winner = first if res == "win" else other
            fields = [our_sum, first, winner]
            if args.mcgs:
                fields += ["%s {%s %s}" % (mcgs_sum, who, res), str(line)]
            out.write("\t".join(fields) + "\n")
            n_cases += 1
    out.write("# cases: %d, skipped: %d, ignored: %d\n" % (n_cases, n_skipped, n_ignored))


if __name__ == "__main__":
    main()
