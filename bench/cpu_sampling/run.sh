#!/usr/bin/env bash
# The CPU sampler's figures (docs/performance.md, "CPU sampling"), each measured in
# one run against a baseline of the same run:
#   1. overhead: the CPU time of a fixed CPU-bound workload (workload.cpp) with
#      hotpath-cpu, attribution only and with native stacks for a flame graph,
#      against the same program without it; the programs take turns, ROUNDS runs
#      each, and the fastest runs are compared (a run can only be slowed down by
#      the rest of the machine);
#   2. rate: samples per second of CPU time, asked at 997 Hz;
#   3. agreement: examples/profile_cpu's CPU split against its wall-clock split;
#   4. `hotpath flamegraph -- workload` end to end against perf record (DWARF call
#      graphs) + perf script + collapse + render, and their top-5 self frames; both
#      also less the workload's own run time (the fastest of 3 runs alone): what
#      recording and processing add.
#
#   bench/cpu_sampling/run.sh [build-dir]     (default: build; it must be built)
#
# ROUNDS (default 10) sets the turns of part 1, ITERATIONS the workload's size
# (default 1000000000: about 1 s of CPU here). Part 1 also times the workload under
# `perf record -F 997` (no call graph), the cheapest sampling perf does, when perf
# can record here: the cost of interrupting a program 997 times a second on this
# machine, whoever does it.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=$(cd "${1:-$repo/build}" && pwd)
rounds=${ROUNDS:-10}
iterations=${ITERATIONS:-1000000000}
work=$(mktemp -d "${TMPDIR:-/tmp}/hotpath-cpu-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

hotpath=$build/cli/hotpath
cpu_dir=$build/runtime/cpu
runtime_dir=$build/runtime
for needed in "$hotpath" "$cpu_dir/libhotpath-cpu.so" "$build/examples/profile_cpu"; do
  [[ -e $needed ]] || { echo "run.sh: $needed is missing: build $build first" >&2; exit 1; }
done

source=$repo/bench/cpu_sampling/workload.cpp
common=(-std=c++17 -O2 -g "-I$repo/include")
runtime_libs=("-L$runtime_dir" "-Wl,-rpath,$runtime_dir" -lhotpath -pthread)
g++ "${common[@]}" "$source" -o "$work/plain"
g++ "${common[@]}" -DHOTPATH_BENCH_MEASURED "$source" -o "$work/base" "${runtime_libs[@]}"
g++ "${common[@]}" -DHOTPATH_BENCH_MEASURED "$source" -o "$work/sampled" \
  "-L$cpu_dir" "-Wl,-rpath,$cpu_dir" -Wl,--push-state,--no-as-needed -lhotpath-cpu -Wl,--pop-state \
  "${runtime_libs[@]}"

cpu_seconds() { "$@" 2>&1 >/dev/null | awk '/^cpu_seconds/ {print $2}'; }
perf_records=false
if command -v perf >/dev/null 2>&1 && perf record -q -o /dev/null -- true >/dev/null 2>&1; then
  perf_records=true
fi

echo "1. overhead: $rounds rounds of base / attribution / stacks ..." >&2
: >"$work/overhead.txt"
for ((round = 1; round <= rounds; round++)); do
  {
    echo "base $(HOTPATH_OUTPUT_FORMAT=none cpu_seconds "$work/base" "$iterations")"
    echo "attribution $(HOTPATH_OUTPUT_FORMAT=none cpu_seconds "$work/sampled" "$iterations")"
    echo "stacks $(HOTPATH_OUTPUT_FORMAT=none HOTPATH_FOLDED="$work/w.folded" \
      cpu_seconds "$work/sampled" "$iterations")"
    if $perf_records; then
      echo "perf $(HOTPATH_OUTPUT_FORMAT=none cpu_seconds perf record -q -F 997 -e cpu-clock:u \
        -o "$work/overhead.data" -- "$work/base" "$iterations")"
    fi
  } >>"$work/overhead.txt"
done

echo "2. rate ..." >&2
HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH="$work/rate.json" "$work/sampled" "$iterations" \
  2>/dev/null

echo "3. profile_cpu ..." >&2
HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH="$work/profile_cpu.json" \
  "$build/examples/profile_cpu"

echo "4. hotpath flamegraph against perf ..." >&2
for _ in 1 2 3; do
  start=$(date +%s.%N)
  "$work/plain" "$iterations" 2>/dev/null
  end=$(date +%s.%N)
  echo "alone $(echo "$end - $start" | bc)" >>"$work/end_to_end.txt"
done
start=$(date +%s.%N)
"$hotpath" flamegraph -o "$work/hotpath.svg" --post-process "tee $work/hotpath.folded" \
  -- "$work/plain" "$iterations" 2>/dev/null
end=$(date +%s.%N)
echo "hotpath $(echo "$end - $start" | bc)" >>"$work/end_to_end.txt"
if $perf_records; then
  start=$(date +%s.%N)
  # User-space samples only (:u), as the sampler takes them, so that the top
  # frames compare like with like.
  perf record -q -F 997 -e cpu-clock:u --call-graph dwarf -o "$work/perf.data" \
    -- "$work/plain" "$iterations" 2>/dev/null
  "$hotpath" flamegraph --perfdata "$work/perf.data" -o "$work/perf.svg" \
    --post-process "tee $work/perf.folded" 2>/dev/null
  end=$(date +%s.%N)
  echo "perf $(echo "$end - $start" | bc)" >>"$work/end_to_end.txt"
fi

python3 "$repo/bench/cpu_sampling/summarize.py" "$work"
