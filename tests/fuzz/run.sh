#!/bin/sh
# Runs each named libFuzzer target of $BUILD/fuzzers for $FUZZ_SECONDS seconds, from its
# seed corpus tests/fuzz/corpus/NAME plus what earlier runs found ($BUILD/corpus/NAME).
# A crash (or leak, sanitizer report, timeout of one input) stops that target and leaves
# its input in $BUILD/crashes/NAME/; the full log is $BUILD/logs/NAME.log. Prints one line
# per target and exits non-zero when any target crashed.
BUILD=${BUILD:-build/fuzz}
FUZZ_SECONDS=${FUZZ_SECONDS:-60}
failed=0
for t in "$@"; do
    bin=$BUILD/fuzzers/$t
    if [ ! -x "$bin" ]; then
        echo "fuzz: $t: no such target ($bin)"
        failed=$((failed + 1))
        continue
    fi
    mkdir -p "$BUILD/corpus/$t" "$BUILD/crashes/$t" "$BUILD/logs"
    log=$BUILD/logs/$t.log
    SUMGAME_BUILD="$BUILD" "$bin" -max_total_time="$FUZZ_SECONDS" -timeout=10 \
        -print_final_stats=1 -artifact_prefix="$BUILD/crashes/$t/" \
        "$BUILD/corpus/$t" "tests/fuzz/corpus/$t" >"$log" 2>&1
    rc=$?
    runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
    secs=$(sed -n 's/^Done [0-9]* runs in \([0-9]*\) second.*/\1/p' "$log" | tail -n 1)
    if [ "$rc" -eq 0 ]; then
        echo "fuzz: $t: ${runs:-?} runs in ${secs:-?} s, no crash"
    else
        failed=$((failed + 1))
        crash=$(sed -n 's/.*Test unit written to \(.*\)$/\1/p' "$log" | tail -n 1)
        echo "fuzz: $t: CRASH (exit $rc) after ${runs:-?} runs: ${crash:-see $log}"
        grep -m 3 'ERROR\|contract broken\|runtime error' "$log" | sed 's/^/    /'
    fi
done
[ "$failed" -eq 0 ]
