#!/usr/bin/env bash
# Builds the benchmarks (Release, in their own build directory), runs the programs
# with 5 repetitions each, and prints the headline figures computed from the medians
# by summarize.py. The allocation benchmark is one source built twice, with and
# without hotpath-alloc; the two programs take turns, 10 runs each. Safe to re-run: it reconfigures, rebuilds what
# changed and overwrites the previous results.
#
#   bench/run_benchmarks.sh [build-dir]      (default: build-bench at the repo root)
#
# HOTPATH_BENCH_JOBS sets the build parallelism (default 2).
set -euo pipefail

repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
build="${1:-$repo/build-bench}"
jobs="${HOTPATH_BENCH_JOBS:-2}"
results="$build/bench-results"

mkdir -p "$build"
cmake -S "$repo" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release -DHOTPATH_BUILD_TESTS=OFF \
  >"$build/configure.log" 2>&1 || {
  cat "$build/configure.log" >&2
  exit 1
}
cmake --build "$build" -j "$jobs" \
  --target hotpath_guard_overhead_bench hotpath_memory_bench hotpath_report_bench \
  hotpath_alloc_baseline_bench hotpath_alloc_overhead_bench

mkdir -p "$results"
for name in guard_overhead memory report; do
  echo "running hotpath_${name}_bench ..." >&2
  # The runtime's own exit report is not wanted here; the JSON goes to the file,
  # stdout keeps a copy for inspection.
  HOTPATH_OUTPUT_FORMAT=none "$build/bench/hotpath_${name}_bench" \
    --benchmark_repetitions=5 \
    --benchmark_report_aggregates_only=true \
    --benchmark_min_time=0.2 \
    --benchmark_format=json \
    --benchmark_out="$results/$name.json" \
    >"$results/$name.stdout.json"
done

# The two allocation programs take turns, so that a change in the machine's speed
# affects both alike; summarize.py compares their fastest runs.
echo "running hotpath_alloc_baseline_bench and hotpath_alloc_overhead_bench, in turn ..." >&2
rm -f "$results"/alloc_*.json
for round in 1 2 3 4 5 6 7 8 9 10; do
  for name in alloc_baseline alloc_overhead; do
    HOTPATH_OUTPUT_FORMAT=none "$build/bench/hotpath_${name}_bench" \
      --benchmark_min_time=0.1 \
      --benchmark_format=json \
      --benchmark_out="$results/$name.$round.json" \
      >/dev/null
  done
done

python3 "$repo/bench/summarize.py" "$results"
