#!/usr/bin/env python3
"""Müller-Li Tables 6 and 7 beside ours: reads the cells that `sumgame experiment
conf/experiments/ml-table{6,7}.ini --out CELLS.jsonl` wrote and prints Markdown tables,
each cell "ours (paper)", and the row totals. Usage: ml-loss-table.py 6|7 CELLS.jsonl"""
import json
import sys

# The paper's numbers (Müller and Li, "Locally informed global search for sums of
# combinatorial games", Computers and Games 2004, LNCS 3846, §4.5).
# Table 6 row "Hotstrat+ (2nd)", 4 subgames, reads "-88" in the text we have: an
# extraction artefact (a loss against a perfect player cannot be negative); 88 here.
PAPER = {
    6: {
        "counts": list(range(2, 14)),
        "Hotstrat (1st)": [66, 68, 100, 94, 151, 207, 194, 205, 211, 186, 195, 194],
        "Hotstrat (2nd)": [79, 111, 123, 185, 137, 148, 166, 176, 190, 251, 169, 208],
        "Hotstrat+ (1st)": [68, 65, 93, 84, 136, 180, 158, 171, 199, 176, 178, 184],
        "Hotstrat+ (2nd)": [68, 82, 88, 147, 115, 118, 126, 138, 158, 215, 147, 188],
        "Thermostrat (1st)": [44, 104, 121, 106, 165, 181, 190, 224, 217, 193, 183, 192],
        "Thermostrat (2nd)": [79, 110, 120, 183, 135, 146, 157, 174, 188, 248, 161, 192],
        "3-ply αβ, SE (1st)": [26, 62, 68, 62, 122, 142, 148, 167, 189, 201, 183, 212],
        "3-ply αβ, SE (2nd)": [0, 69, 42, 103, 102, 110, 130, 134, 143, 178, 202, 189],
        "3-ply αβ, HR (1st)": [0, 0, 8, 21, 22, 36, 47, 55, 70, 89, 120, 99],
        "3-ply αβ, HR (2nd)": [0, 0, 1, 13, 18, 20, 51, 33, 67, 86, 79, 92],
        "TEMP-αβ, SE (1st)": [46, 87, 103, 150, 325, 348, 322, 378, 501, 552, 538, 601],
        "TEMP-αβ, SE (2nd)": [33, 33, 93, 164, 202, 212, 288, 368, 432, 512, 542, 621],
        "TEMP-αβ, HR (1st)": [0, 0, 5, 17, 19, 25, 45, 43, 53, 61, 78, 81],
        "TEMP-αβ, HR (2nd)": [0, 2, 17, 11, 10, 19, 39, 36, 54, 62, 59, 71],
    },
    7: {
        "counts": list(range(2, 10)),
        "Hotstrat (1st)": [56, 135, 183, 251, 195, 315, 330, 366],
        "Hotstrat (2nd)": [71, 187, 262, 260, 268, 274, 258, 291],
        "Hotstrat+ (1st)": [55, 111, 152, 232, 182, 281, 295, 331],
        "Hotstrat+ (2nd)": [67, 162, 218, 229, 232, 212, 215, 248],
        "Thermostrat (1st)": [70, 285, 282, 334, 231, 386, 334, 349],
        "Thermostrat (2nd)": [93, 159, 246, 248, 241, 247, 252, 280],
        "3-ply αβ, SE (1st)": [54, 111, 120, 212, 202, 265, 278, 294],
        "3-ply αβ, SE (2nd)": [4, 89, 135, 168, 181, 221, 234, 262],
        "3-ply αβ, HR (1st)": [0, 7, 31, 88, 93, 142, 160, 148],
        "3-ply αβ, HR (2nd)": [0, 23, 30, 63, 88, 174, 202, 195],
        "TEMP-αβ, SE (1st)": [57, 192, 262, 387, 531, 662, 780, 902],
        "TEMP-αβ, SE (2nd)": [26, 121, 202, 248, 431, 601, 735, 886],
        "TEMP-αβ, HR (1st)": [0, 8, 30, 85, 72, 132, 189, 148],
        "TEMP-αβ, HR (2nd)": [0, 22, 15, 72, 56, 118, 168, 158],
    },
}


def main():
    table = int(sys.argv[1])
    paper = PAPER[table]
    counts = paper["counts"]
    rows = {}
    order = []
    for line in open(sys.argv[2]):
        c = json.loads(line)
        for side, tag in (("first", "1st"), ("second", "2nd")):
            name = f"{c['label']} ({tag})"
            if name not in rows:
                rows[name] = {}
                order.append(name)
            loss = c[f"loss_{side}"]
            games = c[f"games_{side}"]
            text = loss if games == c["instances"] else f"{loss} [{games} games]"
            rows[name][c["components"]] = (text, float(eval(loss)), c[f"cpu_{side}"])
    print("| Method | " + " | ".join(str(n) for n in counts) + " | total |")
    print("| --- |" + " ---: |" * (len(counts) + 1))
    for name in order:
        cells = []
        ours_total = 0.0
        paper_total = 0
        theirs = paper.get(name)
        for i, n in enumerate(counts):
            if n not in rows[name]:
                cells.append("–")
                continue
            text, value, _ = rows[name][n]
            ours_total += value
            if theirs:
                paper_total += theirs[i]
                cells.append(f"{text} ({theirs[i]})")
            else:
                cells.append(text)
        total = f"{ours_total:g}" + (f" ({paper_total})" if theirs else "")
        print(f"| {name} | " + " | ".join(cells) + f" | {total} |")
    print()
    print("CPU seconds of the method's own moves per cell (100 games):")
    print()
    print("| Method | " + " | ".join(str(n) for n in counts) + " |")
    print("| --- |" + " ---: |" * len(counts))
    for name in order:
        cells = [f"{rows[name][n][2]:.3g}" if n in rows[name] else "–" for n in counts]
        print(f"| {name} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
