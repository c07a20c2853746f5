#!/usr/bin/env python3
"""Side-by-side outcome solving: `sumgame solve` against MCGS on the same cases.

Run through bench/outcome/run.sh, which sets the defaults from the environment. Each set
is a list of cases (our sum, first player, expected winner or '?', the case in MCGS's
input language), made at run time by mcgs_cases.py from MCGS's own autotest files or by
extra_sets.py. Ours: one `sumgame solve SUM --first F --json [OURS_ARGS]` process per
case. MCGS: one process per set in its own test mode (`--run-tests --test-dir D
--test-timeout MS --no-use-db`) on a .test file written from the cases (one sum and one
command per line, in the set's order), so both solve exactly the same cases.

CPU seconds are user+system of the child processes (getrusage(RUSAGE_CHILDREN) before
and after each one). The per-case timeout is wall-clock for both programs (MCGS's
--test-timeout is wall-clock; ours is killed after the same wall time, and also has
RLIMIT_CPU of the same number of seconds). MCGS's CPU includes its start-up (it clears a
2^28-entry transposition table, about 2 s of system time, once per set); the start-up
is measured separately and printed under the table.

Prints a Markdown table, then every disagreement (ours vs the file's expected answer,
MCGS vs the expected answer, ours vs MCGS) and every unsolved case. With --log FILE each
case is also written as one JSON line.
"""

import argparse
import csv
import json
import os
import re
import resource
import signal
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))

# name -> (label, kind, spec). kind "mcgs": files relative to MCGS's input/autotests
# (a trailing '/' means every .test file of that directory); kind "extra": an
# extra_sets.py set.
SETS = {
    "amazons-3x3": ("MCGS autotests, Amazons 3x3", "mcgs", ["amazons_autotests/3x3.test"]),
    "amazons-3x4": ("MCGS autotests, Amazons 3x4", "mcgs", ["amazons_autotests/3x4.test"]),
    "amazons-4x4": ("MCGS autotests, Amazons 4x4", "mcgs", ["amazons_autotests/4x4.test"]),
    "domineering-4x4": ("MCGS autotests, Domineering 4x4", "mcgs",
                        ["domineering_autotests/4x4_easy.test"]),
    "domineering-6x6": ("MCGS autotests, Domineering 6x6 with blocked squares", "mcgs",
                        ["domineering_autotests/6x6.test"]),
    "domineering-7x7-15": ("MCGS autotests, Domineering 7x7 with 15 blocked squares", "mcgs",
                           ["domineering_autotests/7x7_15_stones.test"]),
    "domineering-7x7-20": ("MCGS autotests, Domineering 7x7 with 20 blocked squares", "mcgs",
                           ["domineering_autotests/7x7_20_stones.test"]),
    "clobber": ("MCGS autotests, Clobber (clobber_autotests, partisan cases)", "mcgs",
                ["clobber_autotests/"]),
    "clobber-1xn": ("MCGS autotests, linear Clobber (clobber_1xn_autotests)", "mcgs",
                    ["clobber_1xn_autotests/"]),
    "open-room": ("open room `amazons:B..W/..../..../W..B`, both first players", "extra",
                  "open-room"),
    "amazons-4x4-random": ("random 4x4 rooms with 10-14 empty squares (seed 26)", "extra",
                           "amazons-4x4-random"),
    "amazons-3x3-sums4": ("sums of four random 3x3 Amazons rooms (seed 26)", "extra",
                          "amazons-3x3-sums4"),
    "domineering-sums": ("sums of 2-4 random Domineering boards (seed 26)", "extra",
                         "domineering-sums"),
}


def children_cpu():
    r = resource.getrusage(resource.RUSAGE_CHILDREN)
    return r.ru_utime + r.ru_stime


def limiter(cpu_s, mem_mb, nice):
    def pre():
        os.setsid()
        if nice is not None:
            os.setpriority(os.PRIO_PROCESS, 0, nice)
        if cpu_s:
            c = int(cpu_s + 0.999)
            resource.setrlimit(resource.RLIMIT_CPU, (c, c + 5))
        if mem_mb:
            b = mem_mb * 1024 * 1024
            resource.setrlimit(resource.RLIMIT_AS, (b, b))
    return pre


def run_limited(cmd, wall_s, cpu_s, mem_mb, nice, cwd=None):
    """Run cmd; return (returncode or None on wall timeout, stdout, stderr, cpu s, wall s)."""
    c0 = children_cpu()
    t0 = time.monotonic()
    p = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                         cwd=cwd, preexec_fn=limiter(cpu_s, mem_mb, nice))
    try:
        out, err = p.communicate(timeout=wall_s)
        rc = p.returncode
    except subprocess.TimeoutExpired:
        os.killpg(p.pid, signal.SIGKILL)
        out, err = p.communicate()
        rc = None
    return rc, out, err, children_cpu() - c0, time.monotonic() - t0


def load_cases(name, mcgs_src):
    label, kind, spec = SETS[name]
    files = []
    if kind == "mcgs":
        base = os.path.join(mcgs_src, "input", "autotests")
        for s in spec:
            p = os.path.join(base, s)
            if s.endswith("/"):
                files += sorted(os.path.join(p, f) for f in os.listdir(p) if f.endswith(".test"))
            else:
                files.append(p)
        cmds = [[sys.executable, os.path.join(HERE, "mcgs_cases.py"), "--mcgs", f] for f in files]
    else:
        cmds = [[sys.executable, os.path.join(HERE, "extra_sets.py"), spec]]
    cases, skipped = [], []
    for cmd in cmds:
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout
        src = os.path.basename(cmd[-1])
        for line in out.splitlines():
            m = re.match(r"# skipped line (\d+) \((\d+) cases\): (.*)", line)
            if m:
                skipped.append(("%s:%s" % (src, m.group(1)), int(m.group(2)), m.group(3)))
            if not line or line.startswith("#"):
                continue
            f = line.split("\t")
            cases.append({"sum": f[0], "first": f[1], "expected": f[2], "mcgs": f[3],
                          "where": "%s:%s" % (src, f[4]) if kind == "mcgs" else f[4]})
    return label, files, cases, skipped


def ours_accepts_outcome(ours):
    try:
        h = subprocess.run([ours, "solve", "--help"], capture_output=True, text=True,
                           timeout=30)
        if "--outcome" in h.stdout + h.stderr:
            return True
        t = subprocess.run([ours, "solve", "amazons:B.", "--first", "left", "--outcome",
                            "--json"], capture_output=True, text=True, timeout=30)
        return t.returncode == 0 and '"left_first_winner"' in t.stdout
    except (OSError, subprocess.SubprocessError):
        return False


def run_ours(case, a):
    cmd = [a.ours, "solve", case["sum"], "--first", case["first"], "--json"] + a.ours_args
    rc, out, err, cpu, wall = run_limited(cmd, a.timeout, a.timeout, a.mem_mb, a.nice)
    res = {"cpu": cpu, "wall": wall, "winner": None}
    if rc is None:
        res["status"] = "timeout (wall)"
        return res
    if rc < 0 and -rc in (signal.SIGXCPU, signal.SIGKILL):
        res["status"] = "timeout (cpu)"
        return res
    try:
        j = json.loads(out.strip().splitlines()[-1]) if out.strip() else {}
    except ValueError:
        j = {}
    w = j.get("%s_first_winner" % case["first"])
    if rc == 0 and w in ("left", "right") and j.get("exact", True) is not False:
        res["status"] = "ok"
        res["winner"] = w
    else:
        msg = (err.strip().splitlines() or ["exit %s" % rc])[-1]
        res["status"] = "error: " + msg[:160]
    return res


def run_ours_batch(name, cases, a):
    """All cases of a set in `solve --batch` processes, one per first player, as MCGS
    runs a set in one process. Each case keeps the per-case limit (--time); a case's CPU
    is its own seconds from the JSON, the rest of its process's CPU (start-up, loading)
    going to the group's first case, so the set's total is the processes' CPU."""
    res = [None] * len(cases)
    for first in ("left", "right"):
        idx = [i for i, c in enumerate(cases) if c["first"] == first]
        if not idx:
            continue
        path = os.path.join(a.work, "%s-%s.batch" % (name, first))
        with open(path, "w") as f:
            for i in idx:
                f.write(cases[i]["sum"] + "\n")
        cmd = [a.ours, "solve", "--batch", path, "--first", first, "--json",
               "--time", "%g" % a.timeout] + a.ours_args
        guard = len(idx) * a.timeout * 2 + 60
        rc, out, err, cpu, wall = run_limited(cmd, guard, 0, a.mem_mb, a.nice)
        got = {}
        for line in (out or "").splitlines():
            try:
                j = json.loads(line)
            except ValueError:
                continue
            if isinstance(j, dict) and "line" in j:
                got[j["line"]] = j
        spent = 0.0
        for k, i in enumerate(idx):
            j = got.get(k + 1)
            r = {"cpu": 0.0, "wall": None, "winner": None}
            if j is None:
                r["status"] = "missing (batch exit %s)" % rc
            elif "error" in j:
                r["status"] = "error: " + j["error"][:160]
            elif j.get("stopped"):
                r["status"] = "timeout (--time)" if "time" in j["stopped"] else "stopped: " + j["stopped"][:120]
            else:
                w = j.get("%s_first_winner" % first)
                if w in ("left", "right") and j.get("exact", True) is not False:
                    r["status"] = "ok"
                    r["winner"] = w
                else:
                    r["status"] = "error: no winner"
            if j is not None and "seconds" in j:
                r["cpu"] = r["wall"] = float(j["seconds"])
            spent += r["cpu"]
            res[i] = r
        res[idx[0]]["cpu"] += cpu - spent
    return res


def run_mcgs(name, cases, a):
    d = os.path.join(a.work, name)
    os.makedirs(d, exist_ok=True)
    for f in os.listdir(d):
        os.remove(os.path.join(d, f))
    with open(os.path.join(d, name + ".test"), "w") as f:
        f.write("{version 1.7}\n")
        for c in cases:
            f.write(c["mcgs"] + "\n")
    csv_path = os.path.join(a.work, name + ".csv")
    if os.path.exists(csv_path):
        os.remove(csv_path)
    cmd = [a.mcgs, "--no-use-db", "--run-tests", "--test-dir", d, "--out-file", csv_path,
           "--test-timeout", str(int(a.timeout * 1000))] + a.mcgs_args
    guard = len(cases) * a.timeout * 3 + 120
    rc, out, err, cpu, wall = run_limited(cmd, guard, 0, a.mem_mb, a.nice, cwd=a.work)
    rows = []
    if os.path.exists(csv_path):
        with open(csv_path, newline="") as f:
            rows = list(csv.DictReader(f))
    results = []
    for i, c in enumerate(cases):
        r = {"winner": None, "status": "missing"}
        if i < len(rows):
            row = rows[i]
            r["ms"] = row.get("Time (ms)")
            got = row.get("Result")
            who = row.get("Player")
            if got in ("Win", "Loss") and who in ("B", "W"):
                first = "left" if who == "B" else "right"
                other = "right" if first == "left" else "left"
                r["winner"] = first if got == "Win" else other
                r["status"] = "ok"
            else:
                r["status"] = (row.get("Status") or "?").lower()
            r["mcgs_status"] = row.get("Status")
        results.append(r)
    info = {"rc": rc, "cpu": cpu, "wall": wall, "rows": len(rows),
            "err": (err or "").strip().splitlines()[-3:]}
    return results, info


def mcgs_startup(a):
    d = os.path.join(a.work, "_startup")
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "empty.test"), "w") as f:
        f.write("{version 1.7}\n")
    cmd = [a.mcgs, "--no-use-db", "--run-tests", "--test-dir", d, "--out-file",
           os.path.join(a.work, "_startup.csv")] + a.mcgs_args
    rc, out, err, cpu, wall = run_limited(cmd, 600, 0, a.mem_mb, a.nice, cwd=a.work)
    return cpu if rc == 0 else None


def summarize(order, records, setinfo, startup, extra_notes):
    """Print the table and the notes from per-case records; return the exit status."""
    problems = list(extra_notes)
    rows = []
    for name in order:
        info = setinfo.get(name)
        if info is None:
            continue
        for where, k, why in info["skipped"]:
            problems.append("%s: %s: %d case(s) not in our notation: %s" % (name, where, k, why))
        recs = [r for r in records if r["set"] == name]
        ran_o = info["ran_ours"]
        ran_m = info["ran_mcgs"]
        ok = lambda r: r is not None and r.get("status") == "ok"
        known = [r for r in recs if r["expected"] in ("left", "right")]
        row = {
            "label": info["label"], "n": len(recs), "skip": sum(k for _, k, _ in info["skipped"]),
            "known": len(known),
            "o_solved": sum(1 for r in recs if ok(r["ours"])),
            "o_agree": sum(1 for r in known if ok(r["ours"]) and r["ours"]["winner"] == r["expected"]),
            "o_cpu": sum(r["ours"]["cpu"] for r in recs if r["ours"]),
            "m_solved": sum(1 for r in recs if ok(r["mcgs"])),
            "m_agree": sum(1 for r in known if ok(r["mcgs"]) and r["mcgs"]["winner"] == r["expected"]),
            "m_cpu": info.get("mcgs_cpu"),
            "both": sum(1 for r in recs if ok(r["ours"]) and ok(r["mcgs"])),
            "both_agree": sum(1 for r in recs if ok(r["ours"]) and ok(r["mcgs"])
                              and r["ours"]["winner"] == r["mcgs"]["winner"]),
        }
        rows.append((row, ran_o, ran_m))
        if info.get("mcgs_rc") not in (None, 0):
            problems.append("%s: MCGS exited %s %s" % (name, info["mcgs_rc"], info.get("mcgs_err")))
        for r in recs:
            o, m = r["ours"], r["mcgs"]
            tag = "%s %s (%s) first %s" % (name, r["where"], r["sum"], r["first"])
            if o and not ok(o):
                problems.append("ours unsolved: %s: %s" % (tag, o["status"]))
            if m and not ok(m):
                problems.append("MCGS unsolved: %s: %s" % (tag, m["status"]))
            if r["expected"] in ("left", "right"):
                if ok(o) and o["winner"] != r["expected"]:
                    problems.append("DISAGREE ours/expected: %s: ours %s, expected %s"
                                    % (tag, o["winner"], r["expected"]))
                if ok(m) and m["winner"] != r["expected"]:
                    problems.append("DISAGREE MCGS/expected: %s: MCGS %s, expected %s"
                                    % (tag, m["winner"], r["expected"]))
            if ok(o) and ok(m) and o["winner"] != m["winner"]:
                problems.append("DISAGREE ours/MCGS: %s: ours %s, MCGS %s"
                                % (tag, o["winner"], m["winner"]))
    print()
    print("| set | cases | ours solved | ours agreeing with expected | ours CPU s "
          "| MCGS solved | MCGS agreeing with expected | MCGS CPU s | ours = MCGS |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    for r, ran_o, ran_m in rows:
        exp = lambda k: ("%d/%d" % (r[k], r["known"])) if r["known"] else "n/a"
        print("| %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
            r["label"], ("%d (+%d skipped)" % (r["n"], r["skip"])) if r["skip"] else r["n"],
            r["o_solved"] if ran_o else "-",
            exp("o_agree") if ran_o else "-",
            "%.1f" % r["o_cpu"] if ran_o else "-",
            r["m_solved"] if ran_m else "-",
            exp("m_agree") if ran_m else "-",
            "%.1f" % r["m_cpu"] if ran_m and r["m_cpu"] is not None else "-",
            "%d/%d" % (r["both_agree"], r["both"]) if ran_o and ran_m else "-"))
    print()
    if startup is not None:
        print("MCGS start-up alone (one process, an empty test directory): %.1f CPU s. Each "
              "set's MCGS figure includes its own start-up, mostly system time zeroing its "
              "table, which varies from run to run: this figure is not a constant to "
              "subtract." % startup)
    print("cases: one per (position, first player); 'agreeing' counts solved cases whose "
          "winner is the file's expected one; 'ours = MCGS': same winner / both solved.")
    if problems:
        print()
        print("Notes (%d):" % len(problems))
        for p in problems:
            print("- " + p)
    return 1 if any(p.startswith("DISAGREE") for p in problems) else 0


def report(path):
    """Re-print the table of a run from its log (run.sh's $WORK/cases.jsonl)."""
    records, setinfo, order, startup, notes = [], {}, [], None, []
    with open(path) as f:
        for line in f:
            j = json.loads(line)
            if "set_info" in j:
                setinfo[j["set"]] = j["set_info"]
                order.append(j["set"])
            elif "startup" in j:
                startup = j["startup"]
            elif "note" in j:
                notes.append(j["note"])
            else:
                records.append(j)
    return summarize(order, records, setinfo, startup, notes)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--report", metavar="LOG",
                    help="only re-print the table of an earlier run from its log")
    ap.add_argument("--sets", default="amazons-3x4,amazons-4x4,domineering-7x7-15,clobber,"
                    "clobber-1xn,open-room,amazons-4x4-random,amazons-3x3-sums4,"
                    "domineering-sums")
    ap.add_argument("--mcgs", help="the MCGS executable")
    ap.add_argument("--mcgs-src", help="MCGS checkout (with input/autotests)")
    ap.add_argument("--mcgs-args", default="", help="extra MCGS flags (space-separated)")
    ap.add_argument("--ours", help="the sumgame executable")
    ap.add_argument("--ours-args", default=None,
                    help="extra solve flags (default: --outcome when accepted)")
    ap.add_argument("--timeout", type=float, default=60, help="seconds per case")
    ap.add_argument("--mem-mb", type=int, default=8192, help="address-space limit per process")
    ap.add_argument("--nice", type=int, default=19)
    ap.add_argument("--work", help="scratch directory (outside the tree)")
    ap.add_argument("--only", choices=["both", "ours", "mcgs"], default="both")
    ap.add_argument("--ours-batch", action="store_true",
                    help="run ours with solve --batch, one process per set and first player")
    ap.add_argument("--log", default=None, help="write one JSON line per case here")
    ap.add_argument("--deadline", default=None,
                    help="UTC time HH:MM (its next occurrence) after which no new set is started")
    a = ap.parse_args()
    if a.report:
        return report(a.report)
    for need in ("mcgs", "mcgs_src", "ours", "work"):
        if getattr(a, need) is None:
            ap.error("--%s is required" % need.replace("_", "-"))
    a.mcgs_args = a.mcgs_args.split()
    if a.ours_args is None:
        a.ours_args = ["--outcome"] if ours_accepts_outcome(a.ours) else []
    else:
        a.ours_args = a.ours_args.split()
    os.makedirs(a.work, exist_ok=True)
    sets = [s for s in a.sets.split(",") if s]
    for s in sets:
        if s not in SETS:
            sys.exit("harness: unknown set %r (known: %s)" % (s, ", ".join(SETS)))

    log = open(a.log, "a") if a.log else None

    def logline(obj):
        if log:
            log.write(json.dumps(obj) + "\n")
            log.flush()

    if a.ours_batch:
        print("ours: %s solve --batch SET-F.batch --first F --json --time %g %s"
              % (a.ours, a.timeout, " ".join(a.ours_args)))
    else:
        print("ours: %s solve SUM --first F --json %s" % (a.ours, " ".join(a.ours_args)))
    print("mcgs: %s --no-use-db --run-tests --test-timeout %d %s"
          % (a.mcgs, a.timeout * 1000, " ".join(a.mcgs_args)))
    print("per-case timeout %g s (wall), nice %d, address space %d MB" %
          (a.timeout, a.nice, a.mem_mb))
    deadline = None
    if a.deadline:
        # the next HH:MM UTC after the start
        hh, mm = (int(x) for x in a.deadline.split(":"))
        now = time.time()
        day = now - now % 86400
        deadline = day + hh * 3600 + mm * 60
        if deadline <= now:
            deadline += 86400
    startup = mcgs_startup(a) if a.only != "ours" else None
    logline({"startup": startup})
    records, setinfo, notes = [], {}, []
    for name in sets:
        if deadline is not None and time.time() >= deadline:
            notes.append("%s: not run (deadline %s UTC reached)" % (name, a.deadline))
            logline({"note": notes[-1]})
            continue
        label, files, cases, skipped = load_cases(name, a.mcgs_src)
        n_skip = sum(k for _, k, _ in skipped)
        print("set %s: %d cases%s" % (name, len(cases),
                                      ", %d skipped" % n_skip if skipped else ""),
              file=sys.stderr, flush=True)
        ours = [None] * len(cases)
        mc = [None] * len(cases)
        minfo = None
        if a.only != "mcgs" and a.ours_batch:
            ours = run_ours_batch(name, cases, a)
        elif a.only != "mcgs":
            for i, c in enumerate(cases):
                ours[i] = run_ours(c, a)
        if a.only != "ours":
            mc, minfo = run_mcgs(name, cases, a)
        for i, c in enumerate(cases):
            rec = {"set": name, "case": i, **c, "ours": ours[i], "mcgs": mc[i]}
            records.append(rec)
            logline(rec)
        setinfo[name] = {"label": label, "skipped": skipped, "ran_ours": a.only != "mcgs",
                         "ran_mcgs": a.only != "ours",
                         "mcgs_cpu": minfo["cpu"] if minfo else None,
                         "mcgs_rc": minfo["rc"] if minfo else None,
                         "mcgs_err": minfo["err"] if minfo else None}
        logline({"set": name, "set_info": setinfo[name]})
    return summarize(sets, records, setinfo, startup, notes)


if __name__ == "__main__":
    sys.exit(main())
