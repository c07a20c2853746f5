#!/usr/bin/env python3
"""Markdown tables from `sumgame experiment ... --json` output of kind = solve-time.

    python3 docs/results/data/ml-exact-tables.py docs/results/data/ml-table4.json [--what cpu|wall|nodes]

Prints one table: rows = methods, columns = numbers of components; a cell is the total
for its instances (CPU seconds by default), "> cap" for the cell that passed the cap,
"N/C" out of memory, "N/A" not run."""
import json
import sys


def fmt(s):
    if s >= 100:
        return "%.0f" % s
    if s >= 10:
        return "%.1f" % s
    if s >= 1:
        return "%.2f" % s
    return "%.3f" % s


def main():
    args = sys.argv[1:]
    what = "cpu"
    if "--what" in args:
        i = args.index("--what")
        what = args[i + 1]
        del args[i:i + 2]
    for path in args:
        with open(path) as f:
            data = json.load(f)
        cols = sorted({c["components"] for r in data["rows"] for c in r["cells"]})
        print("| Method | " + " | ".join(str(c) for c in cols) + " |")
        print("| --- |" + " ---: |" * len(cols))
        for r in data["rows"]:
            cells = {c["components"]: c for c in r["cells"]}
            out = []
            for k in cols:
                c = cells.get(k)
                if c is None:
                    out.append("N/A")
                elif c["status"] == "over_cap":
                    out.append("> %g" % r["cap"])
                elif c["status"] == "out_of_memory":
                    out.append("N/C")
                elif c["status"] != "ok":
                    out.append(c["status"])
                elif what == "nodes":
                    out.append(str(c["nodes"]))
                else:
                    out.append(fmt(c["cpu_seconds"] if what == "cpu" else c["seconds"]))
            print("| %s | %s |" % (r["label"], " | ".join(out)))
        print()


if __name__ == "__main__":
    main()
