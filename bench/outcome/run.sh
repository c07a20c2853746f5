#!/usr/bin/env bash
# Side-by-side outcome solving: `sumgame solve` against MCGS (issue #26, item 5).
#
#   MCGS=/work/mcgs bench/outcome/run.sh [SET ...]
#
# Environment (defaults in brackets):
#   MCGS        MCGS's build: the MCGS executable, or the directory holding it [/work/mcgs]
#   MCGS_SRC    MCGS checkout with input/autotests [MCGS's directory, or its parent]
#   MCGS_ARGS   extra MCGS flags, e.g. --clear-tt [none; --no-use-db is always given]
#   OURS        our build directory (holding sumgame, games/) [build/ of this tree]; a
#               copy of it elsewhere works too (its games/ go first on the plugin path)
#   OURS_ARGS   extra `solve` flags [--outcome when `solve` accepts it, else none]
#   TIMEOUT     per-case timeout, seconds, wall-clock for both programs [60]
#   MEM_MB      address-space limit of every process, MB [8192]
#   NICE        niceness of every process [19]
#   WORK        scratch directory (MCGS .test copies, CSVs, logs) [/tmp/sumgame-outcome]
#   ONLY        both | ours | mcgs [both]
#   DEADLINE    UTC HH:MM after which no new set is started [none]
#   BATCH       1: ours solves a set in `solve --batch` processes (one per first player),
#               as MCGS solves a set in one process [0: one process per case]
# SETs (default: every set of the issue's table that can run here):
#   amazons-3x4 amazons-4x4 domineering-7x7-15 clobber clobber-1xn open-room
#   amazons-4x4-random amazons-3x3-sums4 domineering-sums
#   (also: amazons-3x3 domineering-4x4 domineering-6x6 domineering-7x7-20)
# The Clobber sets are left out when the clobber plugin is not built.
#
# Prints a Markdown table (set, cases, ours solved / agreeing / CPU s, MCGS solved /
# agreeing / CPU s, ours = MCGS) and every disagreement and unsolved case. Exit status 1
# when any answer disagrees with the expected one or with the other program. Per-case
# records go to $WORK/cases.jsonl (re-print: python3 bench/outcome/harness.py --report
# $WORK/cases.jsonl). MCGS itself: bench/outcome/build_mcgs.sh. See bench/outcome/README.md.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)

MCGS=${MCGS:-/work/mcgs}
if [ -d "$MCGS" ]; then mcgs_bin=$MCGS/MCGS; else mcgs_bin=$MCGS; fi
mcgs_dir=$(cd "$(dirname "$mcgs_bin")" && pwd)
if [ -z "${MCGS_SRC:-}" ]; then
    for d in "$mcgs_dir" "$mcgs_dir/.."; do
        if [ -d "$d/input/autotests" ]; then MCGS_SRC=$(cd "$d" && pwd); break; fi
    done
fi
[ -x "$mcgs_bin" ] || { echo "run.sh: no MCGS executable at $mcgs_bin (set MCGS)" >&2; exit 2; }
[ -d "${MCGS_SRC:-}/input/autotests" ] || { echo "run.sh: no input/autotests under MCGS_SRC='${MCGS_SRC:-}'" >&2; exit 2; }

OURS=${OURS:-$root/build}
ours_bin=$OURS/sumgame
[ -x "$ours_bin" ] || { echo "run.sh: no sumgame at $ours_bin (set OURS)" >&2; exit 2; }

# plugins from the same build as the host (also when OURS is a copy of a build dir)
if [ -d "$OURS/games" ]; then
    export SUMGAME_PLUGIN_PATH=$OURS${SUMGAME_PLUGIN_PATH:+:$SUMGAME_PLUGIN_PATH}
fi

WORK=${WORK:-/tmp/sumgame-outcome}
mkdir -p "$WORK"

if [ $# -gt 0 ]; then
    sets=$(IFS=,; echo "$*")
else
    sets=amazons-3x4,amazons-4x4,domineering-7x7-15
    if [ -e "$OURS/games/clobber.so" ] || [ -e "$OURS/plugins/clobber.so" ]; then
        sets=$sets,clobber,clobber-1xn
    else
        echo "run.sh: no clobber plugin in $OURS: Clobber sets left out" >&2
    fi
    sets=$sets,open-room,amazons-4x4-random,amazons-3x3-sums4,domineering-sums
fi

echo "date: $(date -u '+%Y-%m-%d %H:%M UTC'), host: $(uname -n), $(nproc) CPUs, load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "MCGS: $mcgs_bin, commit $(git -C "$MCGS_SRC" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)"
echo "ours: $ours_bin (md5 $(md5sum < "$ours_bin" | cut -c1-12)), tree $(git -C "$root" rev-parse --short=12 HEAD 2>/dev/null || echo unknown)$(git -C "$root" diff --quiet HEAD 2>/dev/null || echo ' (with uncommitted changes)')"

args=(--sets "$sets" --mcgs "$mcgs_bin" --mcgs-src "$MCGS_SRC" "--mcgs-args=${MCGS_ARGS:-}"
      --ours "$ours_bin" --timeout "${TIMEOUT:-60}" --mem-mb "${MEM_MB:-8192}"
      --nice "${NICE:-19}" --work "$WORK" --only "${ONLY:-both}" --log "$WORK/cases.jsonl")
if [ -n "${OURS_ARGS+x}" ]; then args+=("--ours-args=$OURS_ARGS"); fi
if [ -n "${DEADLINE:-}" ]; then args+=(--deadline "$DEADLINE"); fi
if [ "${BATCH:-0}" = 1 ]; then args+=(--ours-batch); fi
: > "$WORK/cases.jsonl"
exec python3 "$here/harness.py" "${args[@]}"
