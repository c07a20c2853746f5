#!/bin/sh
# Runs every test program in $BUILD/tests and prints one closing line:
# "tests: N passed, N failed". Exits non-zero when anything failed.
BUILD=${BUILD:-build}
export SUMGAME_BUILD="$(cd "$BUILD" && pwd)"
unset SUMGAME_PLUGIN_PATH
label=tests
[ "${SANITIZE:-0}" = 1 ] && label=asan-ubsan
passed=0
failed=0
for t in "$BUILD"/tests/test_*; do
    [ -x "$t" ] || continue
    log=$(mktemp)
    t0=$(date +%s.%N)
    "$t" >"$log" 2>&1
    rc=$?
    secs=$(echo "$t0 $(date +%s.%N)" | awk '{ printf "%.1f", $2 - $1 }')
    p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
    f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
    p=${p:-0}
    f=${f:-0}
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1 # crashed before cmocka could count
    fi
    if [ "$f" -ne 0 ]; then
        cat "$log"
    fi
    # The seconds say where the suite's time goes (it should stay under 15 minutes).
    echo "$label: $(basename "$t"): $p passed, $f failed ($secs s)"
    passed=$((passed + p))
    failed=$((failed + f))
    rm -f "$log"
done
echo "$label: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
