#!/bin/sh
# Runs each named libFuzzer target of $BUILD/fuzzers for $FUZZ_SECONDS seconds, from its
# seed corpus tests/fuzz/corpus/NAME plus what earlier runs found ($BUILD/corpus/NAME),
# $FUZZ_JOBS targets at a time (default 1). With $FUZZ_TOTAL_SECONDS set (the smoke run of
# `make test`), each target gets that total times FUZZ_JOBS over the number of targets
# (at least 1 s), so the whole run takes about FUZZ_TOTAL_SECONDS. With $FUZZ_FRESH=1 a
# target starts from its seeds alone and what it learns goes to a scratch folder,
# $BUILD/smoke/NAME, emptied first: a run whose length does not grow with the learnt
# corpus (replaying that one alone can take longer than the smoke run's share).
# A crash (or leak, sanitizer report, timeout of one input) stops that target and leaves
# its input in $BUILD/crashes/NAME/; the full log is $BUILD/logs/NAME.log. Prints one line
# per target and exits non-zero when any target crashed.
BUILD=${BUILD:-build/fuzz}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
FUZZ_JOBS=${FUZZ_JOBS:-1}
if [ -n "$FUZZ_TOTAL_SECONDS" ] && [ "$#" -gt 0 ]; then
    FUZZ_SECONDS=$((FUZZ_TOTAL_SECONDS * FUZZ_JOBS / $#))
    [ "$FUZZ_SECONDS" -ge 1 ] || FUZZ_SECONDS=1
fi

# One target; its summary line on stdout, its exit status in $BUILD/logs/NAME.rc.
run_one() {
    t=$1
    bin=$BUILD/fuzzers/$t
    mkdir -p "$BUILD/logs"
    if [ ! -x "$bin" ]; then
        echo "fuzz: $t: no such target ($bin)"
        echo 1 >"$BUILD/logs/$t.rc"
        return
    fi
    corpus=$BUILD/corpus/$t
    if [ "${FUZZ_FRESH:-0}" = 1 ]; then
        corpus=$BUILD/smoke/$t
        rm -rf "$corpus"
    fi
    mkdir -p "$corpus" "$BUILD/crashes/$t"
    log=$BUILD/logs/$t.log
    SUMGAME_BUILD="$BUILD" "$bin" -max_total_time="$FUZZ_SECONDS" -timeout=10 \
        -print_final_stats=1 -artifact_prefix="$BUILD/crashes/$t/" \
        "$corpus" "tests/fuzz/corpus/$t" >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -n 1)
    if [ "$rc" -eq 0 ]; then
        echo "fuzz: $t: ${runs:-?} runs in ${secs:-?} s, no crash"
    else
        crash=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
        # one write, so that lines of targets running side by side do not interleave
        msg=$(printf 'fuzz: %s: CRASH (exit %s) after %s runs: %s\n' "$t" "$rc" "${runs:-?}" \
            "${crash:-see $log}"
            grep -m 3 'ERROR\|contract broken\|runtime error' "$log" | sed 's/^/    /')
        echo "$msg"
    fi
    echo "$rc" >"$BUILD/logs/$t.rc"
}

# FUZZ_JOBS at a time: a batch starts when the one before it has ended (the targets of a
# batch run equally long).
rm -f "$BUILD"/logs/*.rc
while [ "$#" -gt 0 ]; do
    i=0
    while [ "$i" -lt "$FUZZ_JOBS" ] && [ "$#" -gt 0 ]; do
        run_one "$1" &
        shift
        i=$((i + 1))
    done
    wait
done
failed=0
for f in "$BUILD"/logs/*.rc; do
    [ -f "$f" ] || continue
    [ "$(cat "$f")" -eq 0 ] || failed=$((failed + 1))
    rm -f "$f"
done
[ "$failed" -eq 0 ]
