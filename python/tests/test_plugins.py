"""Plugins: one built out of tree loads from Python as it does in the host; a refused
or crashing plugin is an exception with the host's line, and the interpreter lives."""
import os
import shutil
import subprocess
from fractions import Fraction

import pytest

import sumgame


@pytest.fixture(scope="module", params=["linked", "unlinked"])
def cutcake_dir(request, tmp_path_factory, root, build):
    """docs/examples/cutcake.c compiled out of tree against the headers alone, as
    docs/writing-a-game.md does it, into DIR/games/cutcake.so: linked to libsumgame, and
    not (as the ABI 1.4 compat test builds it: its symbols then come from the host's
    global scope)."""
    cc = shutil.which(os.environ.get("CC", "cc")) or shutil.which("gcc")
    if not cc:
        pytest.fail("no C compiler to build the example plugin")
    d = tmp_path_factory.mktemp("outoftree")
    (d / "games").mkdir()
    subprocess.run([cc, "-std=c17", "-Wall", "-Wextra", "-Werror", "-shared", "-fPIC",
                    "-I", os.path.join(root, "include"),
                    os.path.join(root, "docs", "examples", "cutcake.c"),
                    "-o", str(d / "games" / "cutcake.so")] +
                   (["-L", build, "-lsumgame"] if request.param == "linked" else []),
                   check=True)
    return str(d)


def cutcake_values(side):
    """Cutcake by its definition: Left cuts a piece vertically, Right horizontally; the
    value is the simplest number between the options (every Cutcake value is an
    integer, Winning Ways ch. 2). Independent of the plugin."""
    v = {}
    for w in range(1, side + 1):
        for h in range(1, side + 1):
            left = [v[k, h] + v[w - k, h] for k in range(1, w)]
            right = [v[w, k] + v[w, h - k] for k in range(1, h)]
            lo = max(left) if left else None
            hi = min(right) if right else None
            x = 0
            if lo is not None and x <= lo:
                x = lo + 1
            if hi is not None and x >= hi:
                x = hi - 1
            v[w, h] = x
    return v


def test_cutcake_theory():
    v = cutcake_values(8)
    assert (v[2, 1], v[1, 3], v[3, 2], v[8, 3]) == (1, -2, 0, 3)


def test_out_of_tree_plugin_by_path(cutcake_dir, host):
    s = sumgame.Session()
    p = s.load(os.path.join(cutcake_dir, "games", "cutcake.so"))
    assert p.name == "cutcake" and p.kind == "game"
    want = host.json("list", "--plugin-path", cutcake_dir)
    listed = [g for g in want["games"] if g["name"] == "cutcake"][0]
    assert p.version == listed["version"] and p.params == listed["params"]
    v = cutcake_values(8)
    for w, h in [(2, 1), (1, 3), (3, 2), (8, 3), (4, 4)]:
        a = s.analyze("cutcake:%dx%d" % (w, h))
        assert a.mean == v[w, h] and a.temperature < 0  # an integer: temperature -1
        assert a.mean == Fraction(host.json("analyze", "cutcake:%dx%d" % (w, h),
                                            "--plugin-path", cutcake_dir)["mean"])


def test_out_of_tree_plugin_by_search_path(cutcake_dir, host):
    s = sumgame.Session(plugin_path=[cutcake_dir])
    text = "cutcake:4x3,2x5 + rcg:{5|-5}"
    got = s.solve(text)
    want = host.json("solve", text, "--plugin-path", cutcake_dir)
    assert got.left_first == Fraction(want["left_first"])
    assert got.right_first == Fraction(want["right_first"])
    assert got.best_move_left_first == want["best_move_left_first"]
    gens = s.gen("cutcake", 3, seed=4, width=6)
    r = host.run("gen", "cutcake", "--count", "3", "--seed", "4", "width=6",
                 "--plugin-path", cutcake_dir)
    assert [c.position for c in gens] == r.stdout.split()


def test_refused_plugin_gives_the_loaders_line(build):
    s = sumgame.Session()
    with pytest.raises(sumgame.SumgameError) as e:
        s.load(os.path.join(build, "tests", "plugins", "abi_major.so"))
    assert "plugin ABI" in str(e.value) and "abi_major.so" in str(e.value)


def test_crashing_plugin_is_an_exception(build, host):
    s = sumgame.Session()
    s.load(os.path.join(build, "tests", "plugins", "crashing_subtract.so"))
    with pytest.raises(sumgame.PluginCrash) as e:
        s.solve("crashing_subtract:5")
    assert e.value.plugin == "crashing_subtract" and e.value.function == "play"
    # The host says the same.
    r = host.run("solve", "crashing_subtract:5", "--plugin-path", s.plugin_path[0])
    assert r.returncode != 0 and r.stderr.strip() == str(e.value)
    with pytest.raises(sumgame.PluginCrash):
        s.thermograph("crashing_subtract:4")
    # The interpreter goes on, and so does the plugin where it does not crash: from a
    # heap of 2 Left takes 1 or 2 (to the integers 1, 0), Right takes 2 (to 0): {1, 0 | 0}
    # = {1|0}.
    assert s.canonical("crashing_subtract:2").text == "{1|0}"


def test_errors_carry_the_cli_line(host):
    bad = "go:.XO./XO.O/.XO."
    r = host.run("analyze", bad)
    with pytest.raises(sumgame.SumgameError) as e:
        sumgame.analyze(bad)
    assert str(e.value) == r.stderr.strip() and e.value.status == r.returncode
    with pytest.raises(sumgame.SumgameError) as e:
        sumgame.solve("nosuchgame:1")
    assert str(e.value).startswith("sumgame: solve: ")


def test_limits_stop_as_on_the_command_line(host):
    room = "amazons:....../....../..B.W./....../......"
    for opt, val in (("nodes", 2000), ("time", "0.2"), ("memory", "1M")):
        r = host.run("solve", room, "--" + opt, str(val))
        assert r.returncode == 3, r.stderr
        with pytest.raises(sumgame.LimitReached) as e:
            sumgame.solve(room, **{opt: val})
        assert e.value.status == 3
        assert str(e.value).split(" after ")[0] == r.stderr.strip().split(" after ")[0]


def test_interrupt_kills_the_child():
    # Ctrl-C in a notebook: the exception leaves the call at once and the child is gone.
    import signal
    import time

    class Stop(Exception):
        pass

    def stop(*_):
        raise Stop()

    old = signal.signal(signal.SIGALRM, stop)
    try:
        signal.setitimer(signal.ITIMER_REAL, 0.3)
        t0 = time.monotonic()
        with pytest.raises(Stop):
            sumgame.solve("amazons:....../....../..B.W./....../......", time=60)
        assert time.monotonic() - t0 < 10
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    with pytest.raises(ChildProcessError):
        os.waitpid(-1, os.WNOHANG)


def test_plugins_by_name_are_the_hosts(host):
    want = host.json("list")
    got = sumgame.plugins()
    assert [p.name for p in got["games"]] == [p["name"] for p in want["games"]]
    assert [p.name for p in got["strategies"]] == [p["name"] for p in want["strategies"]]
    amazons = sumgame.load("amazons")
    listed = [p for p in want["games"] if p["name"] == "amazons"][0]
    assert (amazons.path, amazons.version) == (listed["path"], listed["version"])
    assert sumgame.load("hotstrat", kind="strategy").name == "hotstrat"
    with pytest.raises(sumgame.SumgameError) as e:
        sumgame.load("nosuchgame")
    assert "no game plugin 'nosuchgame'" in str(e.value)
