#!/bin/sh
# Runs every test program in $BUILD/tests and the Python package's pytest suite, TEST_JOBS
# at a time (default: the cores, at most 4), prints a line for each as it ends and one
# closing line: "tests: N passed, N failed". Exits non-zero when anything failed.
#
# The programs can share the cores because no test depends on the wall clock (budgets are
# checked on CPU time or with wide margins), and each keeps its files apart (mkstemp or
# the pid in the name). The slowest start first, so the lanes end at about the same time.
BUILD=${BUILD:-build}
export SUMGAME_BUILD="$(cd "$BUILD" && pwd)"
unset SUMGAME_PLUGIN_PATH
label=tests
[ "${SANITIZE:-0}" = 1 ] && label=asan-ubsan
export label

# One program (a path, or "python" for pytest): its line now, its counts and log in $out.
if [ "${1:-}" = --one ]; then
    t=$2
    name=$(basename "$t")
    log="$out/$name.log"
    t0=$(date +%s.%N)
    if [ "$name" = python ]; then
        # Not in the sanitizer build, whose library an interpreter cannot load without
        # preloading ASan.
        PYTHON=${PYTHON:-/usr/bin/python3}
        [ -x "$PYTHON" ] || PYTHON=python3
        PYTHONDONTWRITEBYTECODE=1 "$PYTHON" -m pytest -q -p no:cacheprovider \
            "$(dirname "$0")/../python/tests" >"$log" 2>&1
        rc=$?
        last=$(tail -n 1 "$log")
        p=$(echo "$last" | grep -o '[0-9]* passed' | cut -d' ' -f1)
        f=$(echo "$last" | grep -o '[0-9]* \(failed\|error\|errors\)' | awk '{ s += $1 } END { print s + 0 }')
        name="python (pytest)"
    else
        "$t" >"$log" 2>&1
        rc=$?
        p=$(sed -n 's/^\[  PASSED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
        f=$(sed -n 's/^\[  FAILED  \] \([0-9]*\) test.*/\1/p' "$log" | tail -n 1)
    fi
    secs=$(echo "$t0 $(date +%s.%N)" | awk '{ printf "%.1f", $2 - $1 }')
    p=${p:-0}
    f=${f:-0}
    if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
        f=1 # crashed before its runner could count
    fi
    echo "$p $f" >"$out/$(basename "$t").res"
    # The seconds say where the suite's time goes (it should stay under 15 minutes).
    echo "$label: $name: $p passed, $f failed ($secs s)"
    exit 0
fi

jobs=${TEST_JOBS:-$(nproc 2>/dev/null || echo 1)}
[ "$jobs" -gt 4 ] 2>/dev/null && jobs=4
out=$(mktemp -d)
export out
trap 'rm -rf "$out"' EXIT

# Slowest first (measured, slowest under ASan first); the rest in name order.
slow="test_gthermo test_tdsplus test_search test_exact_limits test_exact_sums test_tds_grid
      test_normal_play test_amazons_grid_db test_strategy_clock test_solve_random
      test_match_durable"
list=$out/list
: >"$list"
for s in $slow; do
    [ -x "$BUILD/tests/$s" ] && echo "$BUILD/tests/$s" >>"$list"
done
[ "$label" = tests ] && echo python >>"$list"
for t in "$BUILD"/tests/test_*; do
    [ -x "$t" ] || continue
    grep -qxF "$t" "$list" || echo "$t" >>"$list"
done

tr '\n' '\0' <"$list" | xargs -0 -P "$jobs" -n 1 sh "$0" --one

passed=0
failed=0
while read -r t; do
    name=$(basename "$t")
    if [ -f "$out/$name.res" ]; then
        read -r p f <"$out/$name.res"
    else
        p=0 f=1
        echo "$label: $name: did not finish"
    fi
    [ "$f" -ne 0 ] && cat "$out/$name.log"
    passed=$((passed + p))
    failed=$((failed + f))
done <"$list"
echo "$label: $passed passed, $failed failed"
[ "$failed" -eq 0 ] && [ "$passed" -gt 0 ]
