"""docs/examples/session.py, the notebook-style session of docs/python.md, runs and
prints the values theory and the command line give."""
import os
import subprocess
import sys


def test_session_script(tmp_path, root, host):
    out = tmp_path / "out"
    r = subprocess.run([sys.executable, os.path.join(root, "docs", "examples", "session.py"),
                        str(out)], capture_output=True, text=True, timeout=120,
                       cwd=str(tmp_path))
    assert r.returncode == 0, r.stderr
    lines = r.stdout.splitlines()
    # The TDS paper's Figure 2.
    assert lines[0] == "Figure 2: mean 3/4 temperature 5/4 stops 2 -1/2"
    # The mixed sum, as the command line solves it.
    s = "rcg:114|66||49|0 + amazons:x.xx/.xBx/W.xx/xxxx + domineering:...."
    want = host.json("solve", s)
    assert "  Left first: stop %s winner %s best %s" % (
        want["left_first"], want["left_first_winner"], want["best_move_left_first"]) in lines
    assert "  Right first: stop %s winner %s best %s" % (
        want["right_first"], want["right_first_winner"], want["best_move_right_first"]) in lines
    # 229/4 + 3/4 - 2 (a 1x4 Domineering strip is -2).
    assert "  the sum: mean 56 temperature 131/4" in lines
    assert (out / "figure2.svg").read_text().lstrip().startswith(("<svg", "<?xml"))
    assert "<svg" in (out / "report.svg").read_text()
