#!/usr/bin/env python3
"""Small Go regions whose generalized thermographs differ between the two komaster rules
(docs/results/ko-catalogue.md, "Go regions the rule changes"; issue #29).

Draws random regions (2x4, 2x5, 3x3, 3x4, 1x5 and 1x6, points empty, Black, White or
off the region), values each by `analyze --method thermograph` under Berlekamp's
convention and under komonster power (go parameters cycles = yes, selfatari = no, 20 s
each), and prints one JSON line for every loopy region whose masts or temperatures
differ; a progress line every 50 draws and a summary line go to standard error.

    docs/results/data/go-komaster-rules.py build/sumgame 1 3000
"""
import json
import random
import subprocess
import sys


def run(exe, pos, rule):
    r = subprocess.run([exe, "analyze", "go:" + pos, "--method", "thermograph", "--json",
                        "--komaster-rule", rule, "--params", "cycles=yes,selfatari=no",
                        "--time", "20"], capture_output=True, text=True)
    if r.returncode:
        return None
    j = json.loads(r.stdout)
    return {k["komaster"]: (k["mean"], k["temperature"]) for k in j["komasters"]}, j.get("class")


def main():
    exe, seed, count = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    rng = random.Random(seed)
    seen = set()
    tried = loopy = differ = 0
    for k in range(count):
        if k and k % 50 == 0:
            print("%d of %d drawn: %d regions, %d loopy, %d differ" % (k, count, tried, loopy,
                                                                       differ),
                  file=sys.stderr, flush=True)
        w, h = rng.choice([(4, 2), (5, 2), (3, 3), (4, 3), (6, 1), (5, 1)])
        cells = [rng.choice(".....XXOO#") for _ in range(w * h)]
        pos = "/".join("".join(cells[y * w:(y + 1) * w]) for y in range(h))
        if pos in seen:
            continue
        seen.add(pos)
        tried += 1
        a = run(exe, pos, "berlekamp")
        if not a or a[1] in (None, "loop-free"):
            continue
        b = run(exe, pos, "komonster")
        if not b:
            continue
        loopy += 1
        if a[0] != b[0]:
            differ += 1
            print(json.dumps({"pos": pos, "class": a[1], "berlekamp": a[0], "komonster": b[0],
                              "komonster_class": b[1]}), flush=True)
    print("%d regions drawn, %d valued loopy under both rules, %d differ" % (tried, loopy, differ),
          file=sys.stderr)


if __name__ == "__main__":
    main()
