"""A notebook session with the sumgame Python package, as a script (docs/python.md walks
through it). Run it from anywhere: python3 docs/examples/session.py [OUT_DIR]; in a
notebook, paste the cells and leave out the prints: the thermograph and the report's
plot draw themselves (SVG) and canonical forms print in CGT notation (LaTeX)."""

import os
import statistics
import sys
import tempfile
from fractions import Fraction

try:
    import sumgame
except ImportError:  # run from a source tree without `make install`
    sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)),
                                    "..", "..", "python"))
    import sumgame

out_dir = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp(prefix="sumgame-session-")
os.makedirs(out_dir, exist_ok=True)

# %% 1. The TDS paper's Figure 2: Black (Left) on c3, White on a2, Black to move.
room = "amazons:x.xx/.xBx/W.xx/xxxx"
a = sumgame.analyze(room, canonical=True)
print("Figure 2:", "mean", a.mean, "temperature", a.temperature,
      "stops", a.left_stop, a.right_stop)
print("  best moves:", a.best_left, "(Left)", a.best_right, "(Right)")
print("  canonical form:", a.canonical, "  LaTeX:", a.canonical._repr_latex_())
assert (a.mean, a.temperature) == (Fraction(3, 4), Fraction(5, 4))

# The same by Temperature Discovery Search, an approximate method beside the exact one.
t = sumgame.analyze(room, "tds", delta="1/4")
print("  tds: mean", t.mean, "temperature", t.temperature, "exact:", t.exact)

# %% 2. Its thermograph: exact walls; in a notebook, `th` alone draws it.
th = sumgame.thermograph(room)
print("thermograph:", th)
print("  left wall: ", [(str(t), str(x), s) for t, x, s in th.left_wall])
print("  right wall:", [(str(t), str(x), s) for t, x, s in th.right_wall])
print("  at t = 1/2: Left", th.left(Fraction(1, 2)), "Right", th.right(Fraction(1, 2)))
svg = os.path.join(out_dir, "figure2.svg")
th.save_svg(svg)
print("  SVG:", len(th._repr_svg_()), "characters, saved as", os.path.basename(svg))

# %% 3. A mixed sum: an rcg tree, the room, and a Domineering strip.
s = sumgame.parse("rcg:114|66||49|0") + room + "domineering:...."
print("sum:", s)
sol = sumgame.solve(s)
print("  Left first: stop", sol.left_first, "winner", sol.left_first_winner,
      "best", sol.best_move_left_first)
print("  Right first: stop", sol.right_first, "winner", sol.right_first_winner,
      "best", sol.best_move_right_first)
whole = sumgame.analyze(s)
for c in whole.components:
    print("  %-30s mean %-6s temperature %s" % (c.game + ":" + c.position, c.mean,
                                                c.temperature))
print("  the sum: mean", whole.mean, "temperature", whole.temperature)

# %% 4. A short head-to-head: Hotstrat+ against exact alpha-beta on rcg(2, 50) sums,
# each position played twice with colours swapped; node budgets, so the same everywhere.
config = {
    "match": {"left": "hotstrat", "right": "alphabeta", "games": 6, "seed": 3,
              "nodes_per_move": 100000, "first": "left"},
    "sum": {"generator": "rcg", "components": 4, "levels": 2, "size": 50},
    "strategy.hotstrat": {"plugin": "hotstrat", "mode": "plus"},
    "strategy.alphabeta": {"plugin": "alphabeta"},
}
m = sumgame.match(config)
print("match:", m)
scores = [r["score"] for r in m.records]  # Fractions, hotstrat's view
pairs = {}
for r in m.records:  # each position's two games, colours swapped
    pairs[r["pair"]] = pairs.get(r["pair"], 0) + r["score"]
print("  %d games: mean %.2f, sd %.2f, wins %d, draws %d, losses %d" % (
    m.games, statistics.mean(scores), statistics.stdev(scores), m.wins, m.draws, m.losses))
print("  pair sums (0: hotstrat did as well as alpha-beta with both colours):",
      [str(pairs[p]) for p in sorted(pairs)])
report = m.report()
print("  report:", repr(report), "- its first table row:")
print("  " + [l for l in report.markdown.splitlines() if l.startswith("| games")][0])
with open(os.path.join(out_dir, "report.svg"), "w") as f:
    f.write(report._repr_svg_())

# %% 5. Errors are exceptions with the library's line; limits stop as on the command line.
try:
    sumgame.solve("amazons:....../....../..B.W./....../......", nodes=5000)
except sumgame.LimitReached as e:
    print("limit:", e)
try:
    sumgame.analyze("rcg:{3|")
except sumgame.SumgameError as e:
    print("error:", e)
