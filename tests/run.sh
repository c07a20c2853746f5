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
# The Python package (python/tests, pytest): a line like a program's. Not in the
# sanitizer build, whose library an interpreter cannot load without preloading ASan.
if [ "${SANITIZE:-0}" != 1 ]; then
    PYTHON=${PYTHON:-/usr/bin/python3}
    [ -x "$PYTHON" ] || PYTHON=python3
    log=$(mktemp)
    t0=$(date +%s.%N)
    PYTHONDONTWRITEBYTECODE=1 "$PYTHON" -m pytest -q -p no:cacheprovider \
        "$(dirname "$0")/../python/tests" >"$log" 2>&1
    rc=$?
    secs=$(echo "$t0 $(date +%s.%N)" | awk '{ printf "%.1f", $2 - $1 }')
    last=$(tail -n 1 "$log")
    p=$(echo "$last" | grep -o '[0-9]* passed' | cut -d' ' -f1)
    f=$(echo "$last" | grep -o '[0-9]* \(failed\|error\|errors\)' | awk '{ s += $1 } END { print s + 0 }')
    p=${p:-0}
    f=${f:-0}
    [ "$rc" -ne 0 ] && [ "$f" -eq 0 ] && f=1
    [ "$f" -ne 0 ] && cat "$log"
    echo "$label: python (pytest): $p passed, $f failed ($secs s)"
    passed=$((passed + p))
    failed=$((failed + f))
    rm -f "$log"
fi
echo "$label: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
