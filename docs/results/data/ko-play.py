#!/usr/bin/env python3
"""Rows of docs/results/ko-play.md from match records: per file, the left player's
(hot_ko's) mean margin over colour-swapped pairs with a 95% interval, its wins, and the
pairs where the two games' results differ from a mirror of each other.
Usage: ko-play.py FILE.jsonl..."""
import json, statistics, sys

print("| opponent | pairs | hot_ko's margin a pair (95% interval) | hot_ko's wins / games | "
      "pairs not even | forfeits | CPU s/game hot_ko / opponent |")
print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
for path in sys.argv[1:]:
    recs = [json.loads(line) for line in open(path)]
    pairs, wins, forfeits, cpu_me, cpu_them = {}, 0, 0, [], []
    opponent = None
    for r in recs:
        me_left = r["left_player"] == "hot_ko"
        opponent = r["right_player"] if me_left else r["left_player"]
        if r["forfeit"]:
            forfeits += 1
        score = int(r["final_score"]) if r["final_score"] is not None else 0
        mine = score if me_left else -score
        wins += r["result"] == "win"  # results are the match's left strategy's, hot_ko's
        pairs.setdefault(r["pair"], []).append(mine)
        cpu_me.append(r["cpu_left"] if me_left else r["cpu_right"])
        cpu_them.append(r["cpu_right"] if me_left else r["cpu_left"])
    margins = [sum(v) / 2 for v in pairs.values() if len(v) == 2]
    n = len(margins)
    m = statistics.mean(margins)
    half = 1.96 * statistics.stdev(margins) / n ** 0.5 if n > 1 else 0.0
    print("| %s | %d | %+.2f [%+.2f, %+.2f] | %d / %d | %d | %d | %.2f / %.2f |" % (
        opponent, n, m, m - half, m + half, wins, len(recs), sum(1 for x in margins if x),
        forfeits, statistics.mean(cpu_me), statistics.mean(cpu_them)))
