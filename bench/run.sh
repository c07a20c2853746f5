#!/bin/sh
# `make bench`: every benchmark, each printing its ratio against a baseline measured in
# the same run. Every time is the process's CPU time (bench_util.h), one thread each;
# timings on a shared 2-core machine are still noisy: read medians and ratios.
BUILD=${BUILD:-build}
set -e
"$BUILD/bench/bench_exact" "$BUILD" 2000 5
"$BUILD/bench/bench_cgt" "$BUILD" 3
"$BUILD/bench/bench_amazons" "$BUILD" 3
"$BUILD/bench/bench_tds" "$BUILD" 3
"$BUILD/bench/bench_tds_rate" "$BUILD" 1
"$BUILD/bench/bench_solve" "$BUILD" 100 60
"$BUILD/bench/bench_go" "$BUILD" 5 1
"$BUILD/bench/bench_gthermo" "$BUILD" 3
