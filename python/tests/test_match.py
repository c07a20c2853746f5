"""Matches from an INI file or a dict: the command's summary and records, as Python
data, and the report's plot as SVG."""
import json
import os
import statistics
from fractions import Fraction

import pytest

import sumgame

SMALL = {
    "match": {"left": "hot", "right": "ab", "games": 3, "seed": 11,
              "nodes_per_move": 20000, "first": "left"},
    "sum": {"generator": "rcg", "components": 3, "levels": 2, "size": 30},
    "strategy.hot": {"plugin": "hotstrat", "mode": "plus"},
    "strategy.ab": {"plugin": "alphabeta"},
}


def test_match_from_ini_file_matches_cli(host, root, tmp_path):
    out = tmp_path / "cli.jsonl"
    want = host.json("match", "conf/default.ini", "--games", "2", "--out", str(out))
    got = sumgame.match(os.path.join(root, "conf", "default.ini"), games=2)
    for k in ("left", "right", "games", "mean", "stddev", "win_rate", "wins", "draws",
              "losses", "forfeits"):
        assert got.summary[k] == want[k], k
    with open(out) as f:
        cli_records = [json.loads(l) for l in f]
    assert len(got.records) == len(cli_records) == 4
    for mine, theirs in zip(sorted(got.records, key=lambda r: r["game"]),
                            sorted(cli_records, key=lambda r: r["game"])):
        assert mine["sum"] == theirs["sum"] and mine["moves"] == theirs["moves"]
        assert mine["score"] == Fraction(theirs["score"])


def test_match_from_dict(tmp_path):
    r = sumgame.match(SMALL, jobs=1)
    assert r.summary["games"] == 6 and len(r.records) == 6
    # The summary is the statistics of the records' scores (each from the view of the
    # match's left =, here "hot"; final_score is Left's view of the board).
    scores = [float(x["score"]) for x in r.records]
    for x in r.records:
        sign = 1 if x["left_player"] == "hot" else -1
        assert x["score"] == sign * x["final_score"]
    assert r.summary["mean"] == pytest.approx(statistics.mean(scores), abs=0.006)
    assert r.summary["wins"] + r.summary["draws"] + r.summary["losses"] == 6
    # Colours are swapped within each pair.
    firsts = sorted((x["pair"], x["left_player"]) for x in r.records)
    assert firsts[0][1] != firsts[1][1]


def test_match_dict_errors_name_the_key():
    bad = {k: dict(v) for k, v in SMALL.items()}
    bad["strategy.hot"]["detla"] = "1/2"
    with pytest.raises(sumgame.SumgameError) as e:
        sumgame.match(bad)
    assert "<dict>" in str(e.value) and "detla" in str(e.value)


def test_report_plots_are_svg():
    r = sumgame.match(SMALL)
    rep = r.report()
    assert rep.plots and rep.plots[0].startswith("<svg")
    assert r._repr_svg_() == rep.plots[0]
    assert "| cell |" in rep.markdown
