#!/usr/bin/env python3
"""Markdown tables from `sumgame experiment ... --json` output of kind = solve-time.

    python3 docs/results/data/ml-exact-tables.py docs/results/data/ml-table4.json [--what cpu|wall|nodes]
    python3 docs/results/data/ml-exact-tables.py --ini conf/experiments/ml-table4.ini LOG

Prints one table: rows = methods, columns = numbers of components; a cell is the total
for its instances (CPU seconds by default), "> cap" for the cell that passed the cap,
"N/C" out of memory, "N/A" not run, "-" a column the row skips. With --ini, the input is
the stderr log of a run ("experiment: cell {...}" lines; a run that was stopped keeps
them), and the labels and caps come from the INI file; --to-json prints that as the JSON
the first form reads. --merge puts the rows of all the files into one table;
FILE.json:LABEL takes only the row of that label from a file.

    python3 docs/results/data/ml-exact-tables.py --merge docs/results/data/ml-table2.json:TEMP \
        docs/results/data/ml-table4-temp-inc.json ..."""
import configparser
import json
import sys


def from_log(path, ini):
    cfg = configparser.ConfigParser(inline_comment_prefixes=(";",))
    cfg.read(ini)
    exp = cfg["experiment"]
    rows = []
    for name in [m.strip() for m in exp["methods"].split(",")]:
        sec = cfg["method." + name]
        cap = float(sec.get("cap", exp.get("cap", "600")))
        rows.append({"method": name, "label": sec.get("label", name), "cap": cap, "cells": []})
    by_name = {r["method"]: r for r in rows}
    with open(path) as f:
        for line in f:
            if line.startswith("experiment: cell "):
                c = json.loads(line[len("experiment: cell "):])
                by_name[c["method"]]["cells"].append(c)
    return {"rows": rows}


def fmt(s):
    if s >= 100:
        return "%.0f" % s
    if s >= 10:
        return "%.1f" % s
    if s >= 1:
        return "%.2f" % s
    return "%.3f" % s


def load(path, ini):
    label = None
    if not ini and ":" in path:
        path, label = path.split(":", 1)
    if ini:
        data = from_log(path, ini)
    else:
        with open(path) as f:
            data = json.load(f)
    if label:
        data["rows"] = [r for r in data["rows"] if r["label"] == label]
    return data


def table(data, what):
    cols = sorted({c["components"] for r in data["rows"] for c in r["cells"]})
    print("| Method | " + " | ".join(str(c) for c in cols) + " |")
    print("| --- |" + " ---: |" * len(cols))
    for r in data["rows"]:
        cells = {c["components"]: c for c in r["cells"]}
        out = []
        for k in cols:
            c = cells.get(k)
            stopped = any(x["components"] < k and x["status"] != "ok" for x in r["cells"])
            if c is None:
                out.append("N/A" if stopped or k > max(cells, default=0) else "-")
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


def main():
    args = sys.argv[1:]
    merge = "--merge" in args
    to_json = "--to-json" in args
    args = [a for a in args if a not in ("--merge", "--to-json")]
    what = "cpu"
    ini = None
    if "--what" in args:
        i = args.index("--what")
        what = args[i + 1]
        del args[i:i + 2]
    if "--ini" in args:
        i = args.index("--ini")
        ini = args[i + 1]
        del args[i:i + 2]
    datas = [load(p, ini) for p in args]
    if to_json:
        for d in datas:
            print(json.dumps(d))
        return
    if merge:
        datas = [{"rows": [r for d in datas for r in d["rows"]]}]
    for d in datas:
        table(d, what)


if __name__ == "__main__":
    main()
