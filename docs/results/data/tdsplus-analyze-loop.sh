#!/bin/sh
# One complete (exact) TDS search per test-set position by `sumgame analyze`, each in a
# process of its own killed after LIMIT wall-clock seconds (analyze has no wall limit for
# tds: its --time makes the search heuristic). Used for run (a) and (b) of
# docs/results/tdsplus-coverage.md before the coverage experiment kind existed.
# usage: tdsplus-analyze-loop.sh SUMGAME METHOD ENHANCEMENTS DELTA LIMIT OUT.jsonl
#   DELTA: a value, or "exact" for 2^-e (e = empty squares)
# Positions already in OUT are skipped (resume).
set -u
S=$1 METHOD=$2 ENH=$3 DELTA=$4 LIMIT=$5 OUT=$6
SET=$(dirname "$0")/../../../conf/data/amazons-4x4-test-set.txt
i=0
grep -v '^#' "$SET" | while read -r pos mean temp; do
    i=$((i + 1))
    grep -qF "\"position\":\"$pos\"" "$OUT" 2>/dev/null && continue
    e=$(printf %s "$pos" | tr -cd . | wc -c)
    if [ "$DELTA" = exact ]; then d="1/$((1 << e))"; else d=$DELTA; fi
    t0=$(date +%s.%N)
    res=$(timeout -s KILL "$LIMIT" "$S" analyze "amazons:$pos" --method "$METHOD" \
          --enhancements "$ENH" --delta "$d" --json 2>/dev/null)
    rc=$?
    t1=$(date +%s.%N)
    wall=$(echo "$t1 $t0" | awk '{printf "%.6f", $1 - $2}')
    [ -n "$res" ] || res=null
    printf '{"index":%d,"position":"%s","empties":%d,"db_mean":"%s","db_temperature":"%s","delta":"%s","rc":%d,"wall":%s,"result":%s}\n' \
        "$i" "$pos" "$e" "$mean" "$temp" "$d" "$rc" "$wall" "$res" >> "$OUT"
    echo "$i $pos e=$e rc=$rc wall=$wall" >&2
done
