"""The package gives the command line's values on the suites' positions, exactly, and
the values theory gives."""
from fractions import Fraction

import pytest

import sumgame

FIGURE2 = "amazons:x.xx/.xBx/W.xx/xxxx"

# Components from the unit tests and the docs: Amazons rooms, rcg trees (the Müller–Li
# examples), explicit games, Domineering, Clobber, a Go region.
COMPONENTS = [
    FIGURE2,
    "amazons:..x/.x./.WB",
    "amazons:.B./.Wx/..x",
    "rcg:114|66||49|0",
    "rcg:237|191||145|124|||97|57||32|0",
    "rcg:{3,1|0,-2}",
    "rcg:5/2",
    "rcg:{4|0}",
    "domineering:..../..../....",
    "clobber:xoxo",
]

SUMS = [
    "rcg:{114|66}|{49|0} + rcg:{237|191}|{145|124}||{97|57}|{32|0}",
    "amazons:..x/.x./.WB + amazons:.B./.Wx/..x + rcg:{4|0}",
    "rcg:114|66||49|0 + " + FIGURE2,
    "clobber:xoxo + domineering:../..",
]

VALUE_KEYS = ("mean", "temperature", "pseudo_left", "pseudo_right", "left_stop",
              "right_stop")


def test_figure2_theory():
    # The TDS paper's Figure 2: mean 3/4, temperature 5/4; canonical form {2 | ±1, -1/2}
    # (its stops 2 and -1/2).
    a = sumgame.analyze(FIGURE2, canonical=True)
    assert (a.mean, a.temperature) == (Fraction(3, 4), Fraction(5, 4))
    assert (a.left_stop, a.right_stop) == (2, Fraction(-1, 2))
    assert a.exact is True
    assert str(a.canonical) == "{2|±1,-1/2}"


def test_rcg_theory():
    # 114|66||49|0: Left's option {114|66} has mean 90, temperature 24; Right's {49|0}
    # mean 49/2, temperature 49/2; the thermograph meets at mean 229/4, t = 131/4.
    a = sumgame.analyze("rcg:114|66||49|0")
    assert (a.mean, a.temperature) == (Fraction(229, 4), Fraction(131, 4))
    assert (a.left_stop, a.right_stop) == (66, 49)


@pytest.mark.parametrize("component", COMPONENTS)
def test_analyze_exact_matches_cli(host, component):
    want = host.json("analyze", component, "--canonical")
    got = sumgame.analyze(component, canonical=True)
    for k in VALUE_KEYS:
        assert getattr(got, k) == Fraction(want[k]), k
    assert (got.best_left, got.best_right) == (want["best_left"], want["best_right"])
    assert got.exact == want["exact"]
    assert str(got.canonical) == want["canonical"]


@pytest.mark.parametrize("component", COMPONENTS[:8])
def test_thermograph_matches_cli(host, component):
    want = host.json("analyze", component)
    th = sumgame.thermograph(component)
    assert th.mean == Fraction(want["mean"])
    assert th.temperature == Fraction(want["temperature"])
    # The walls at t = 0 are the stops; above the temperature both are the mast.
    assert th.left(0) == Fraction(want["left_stop"])
    assert th.right(0) == Fraction(want["right_stop"])
    above = th.temperature + 3
    assert th.left(above) == th.right(above) == th.mean
    assert th.svg.lstrip().startswith(("<svg", "<?xml"))


def test_thermograph_of_switch():
    # {4|0} = 2 ± 2: walls 4 - t and t from t = -1 up to 2, then the mast at 2.
    th = sumgame.thermograph("rcg:{4|0}")
    assert (th.mean, th.temperature) == (2, 2)
    for t in (Fraction(-1), Fraction(0), Fraction(1, 2), Fraction(2)):
        assert th.left(t) == 4 - t and th.right(t) == t
    assert th.left(7) == th.right(7) == 2


@pytest.mark.parametrize("text", SUMS)
def test_solve_matches_cli(host, text):
    want = host.json("solve", text)
    got = sumgame.solve(text)
    assert got.left_first == Fraction(want["left_first"])
    assert got.right_first == Fraction(want["right_first"])
    for k in ("left_first_winner", "right_first_winner", "best_move_left_first",
              "best_move_right_first", "exact"):
        assert getattr(got, k) == want[k], k


def test_solve_theory():
    # {114|66}|{49|0}: Left moves to the switch {114|66} and Right answers to 66; Right
    # moves to {49|0} and Left answers to 49.
    s = sumgame.solve("rcg:{114|66}|{49|0}")
    assert (s.left_first, s.right_first) == (66, 49)
    assert s.left_first_winner == "left" and s.right_first_winner == "left"


@pytest.mark.parametrize("method,opts", [
    ("tds", {}),
    ("tdsplus", {"delta": "1/2"}),
    ("mcdual", {"playouts": 200, "seed": 3}),
])
def test_approximate_methods_match_cli(host, method, opts):
    comp = "rcg:114|66||49|0"
    args = ["analyze", comp, "--method", method]
    for k, v in opts.items():
        args += ["--" + k, str(v)]
    want = host.json(*args)
    got = sumgame.analyze(comp, method, **opts)
    for k in VALUE_KEYS:
        assert getattr(got, k) == Fraction(want[k]), k
    assert got.method == method


def test_go_region_by_mcdual_matches_cli(host):
    comp = "go:.XO./XO.O/.XO."
    want = host.json("analyze", comp, "--method", "mcdual", "--playouts", "300",
                     "--seed", "5")
    got = sumgame.analyze(comp, "mcdual", playouts=300, seed=5)
    for k in VALUE_KEYS:
        assert getattr(got, k) == Fraction(want[k]), k


def test_ko_thermograph_method(host):
    comp = "ko:M={1|N}; N={M|-1}"
    want = host.json("analyze", comp, "--method", "thermograph")
    got = sumgame.analyze(comp, "thermograph")
    assert got.mean == Fraction(want["mean"]) == Fraction(1, 3)


def test_sum_analysis_has_components(host):
    text = "rcg:{114|66}|{49|0} + " + FIGURE2
    want = host.json("analyze", text, "--canonical")
    got = sumgame.analyze(text, canonical=True)
    assert got.mean == Fraction(want["mean"])
    assert [c.mean for c in got.components] == [Fraction(229, 4), Fraction(3, 4)]
    assert str(got.canonical) == want["canonical"]


def test_gen_matches_cli(host):
    r = host.run("gen", "rcg", "--count", "3", "--seed", "7", "levels=2", "size=50")
    got = sumgame.gen("rcg", 3, seed=7, levels=2, size=50)
    assert [c.position for c in got] == r.stdout.split()
    assert all(c.game == "rcg" for c in got)


def test_parse_splits_and_freezes():
    s = sumgame.parse("rcg:{4|0} + rcg:3 + rcg:-1/2")
    # 3 is settled into frozen; -1/2 is a number the game reports, kept in real play.
    assert s.frozen == 3
    assert [c.game for c in s] == ["rcg"] * (len(s))
    assert str(s.components[0]) == "rcg:4|0"


def test_perft_matches_cli(host):
    want = host.json("perft", "amazons:..x/.x./.WB", "2")
    assert sumgame.perft("amazons:..x/.x./.WB", 2) == want["leaves"]


def test_canonical_forms_display():
    up = sumgame.canonical("rcg:{0|{0|0}}")
    assert str(up) == "^" and up._repr_latex_() == r"${\uparrow}$"
    star = sumgame.canonical("rcg:{0|0}")
    assert str(star) == "*" and star._repr_latex_() == r"${\ast}$"
    assert not star.is_number
    half = sumgame.canonical("rcg:{0|1}")
    assert half.is_number and half.value == Fraction(1, 2)


def test_thermograph_svg_is_the_clis(host, tmp_path):
    svg = tmp_path / "room.svg"
    r = host.run("analyze", FIGURE2, "--svg", str(svg))
    assert r.returncode == 0, r.stderr
    th = sumgame.thermograph(FIGURE2)
    assert th._repr_svg_() == svg.read_text(encoding="utf-8")


def test_thermograph_of_a_sum_is_the_clis(host, tmp_path):
    text = "rcg:{114|66}|{49|0} + " + FIGURE2
    svg = tmp_path / "sum.svg"
    want = host.json("analyze", text, "--canonical", "--svg", str(svg))
    th = sumgame.thermograph(text)
    assert (th.mean, th.temperature) == (Fraction(want["mean"]), Fraction(want["temperature"]))
    assert th.mean == Fraction(229, 4) + Fraction(3, 4)
    assert str(th.canonical) == want["canonical"]
    assert th._repr_svg_() == svg.read_text(encoding="utf-8")
