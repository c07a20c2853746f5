#!/usr/bin/env python3
"""Share of the Hotstrat player's moves at each reported depth in match records
(docs/results/tdsplus-sum-games.md, "Cheaper thermographic leaves"): the records' "depths"
list one entry per move, the first player's moves at even places. Depths of 9 and more are
counted together. Usage: python3 docs/results/data/hotstrat-depths.py FILE.jsonl..."""
import json, sys
from collections import Counter

for path in sys.argv[1:]:
    count = Counter()
    for line in open(path):
        r = json.loads(line)
        hot = "left" if r["left_player"].startswith("hotstrat") else "right"
        other = "right" if r["first"] == "left" else "left"
        for i, d in enumerate(r.get("depths", [])):
            if (r["first"] if i % 2 == 0 else other) == hot:
                count[min(d, 9)] += 1
    total = sum(count.values())
    shares = ", ".join(f"{d}: {count[d] / total:.0%}" for d in sorted(count))
    print(f"{path}: {total} moves; {shares}")
