#!/usr/bin/env bash
# hotpath side by side with other profilers (docs/performance.md, "Peers side by
# side"): one workload (workload.cpp: a 1 ns leaf, a recursive fib, a 1 us function,
# a std::map/std::string function), built uninstrumented and for each tool, all with
# the same Clang at -O2 (functions and loops aligned to 64 bytes):
#   baseline     no instrumentation
#   hotpath      the plugin: $(pkg-config --cflags --libs hotpath), the functions marked
#   uftrace      -pg, run under `uftrace record`, read with `uftrace report`
#   xray         -fxray-instrument -fxray-instruction-threshold=1, basic mode, read
#                with `llvm-xray account`
#   gprof        -pg (the same program as uftrace's), read with `gprof -b -p` and -q
#   finstrument  -finstrument-functions with empty hooks (empty_hooks.c): the cost of
#                the hook calls alone; it reports nothing
# The programs take turns, ROUNDS rounds, each round in another order, so that the
# machine's noise falls on all of them alike; summarize.py prints the medians as
# Markdown tables.
#
#   bench/peers/run.sh [work-dir]      (default: build/peers; its runs/ is replaced)
#
# ROUNDS (default 5) sets the rounds, HOTPATH_PREFIX the hotpath installation
# (default build/install), CLANGXX the compiler (default /usr/lib/llvm-19/bin/clang++).
# Run as root, the script installs uftrace with apt-get when it is missing. A tool
# that cannot be built or run here is reported as such, in the terminal and in the
# tables.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
work=${1:-$repo/build/peers}
rounds=${ROUNDS:-5}
prefix=${HOTPATH_PREFIX:-$repo/build/install}
clangxx=${CLANGXX:-/usr/lib/llvm-19/bin/clang++}
source_dir=$repo/bench/peers
tools=(baseline hotpath uftrace xray gprof finstrument)

mkdir -p "$work"
work=$(cd "$work" && pwd)
bin=$work/bin
runs=$work/runs
rm -rf "$bin" "$runs" "$work/scratch"
mkdir -p "$bin" "$runs" "$work/scratch"
: >"$work/tools"

declare -A missing=()
unavailable() {  # tool, reason...
  missing[$1]=${*:2}
  echo "run.sh: $1 is not available: ${*:2}" >&2
}

# Functions and loops aligned to 64 bytes in every build: where the loop calling the
# 1 ns leaf lands moves that call by a third (1.35 against 1.9 ns here).
compile() {  # output, extra flags...
  local output=$1
  shift
  "$clangxx" -std=c++17 -O2 -falign-functions=64 -falign-loops=64 "$source_dir/workload.cpp" \
    -o "$bin/$output" "$@" >>"$work/build.log" 2>&1
}

echo "building with $clangxx ..." >&2
: >"$work/build.log"
if ! compile baseline; then
  echo "run.sh: the uninstrumented build failed, see $work/build.log" >&2
  exit 1
fi

export PKG_CONFIG_PATH=$prefix/lib/pkgconfig
if ! pkg-config --exists hotpath 2>/dev/null; then
  unavailable hotpath "no hotpath.pc in $PKG_CONFIG_PATH (set HOTPATH_PREFIX)"
else
  read -ra hotpath_flags <<<"$(pkg-config --cflags --libs hotpath)"
  compile hotpath "${hotpath_flags[@]}" ||
    unavailable hotpath "the build failed, see $work/build.log"
fi

if ! command -v uftrace >/dev/null 2>&1 && [[ $EUID -eq 0 ]] &&
  command -v apt-get >/dev/null 2>&1; then
  echo "installing uftrace with apt-get ..." >&2
  apt-get install -y uftrace >>"$work/build.log" 2>&1 || true
fi
pg_built=false
compile pg -pg && pg_built=true
if ! command -v uftrace >/dev/null 2>&1; then
  unavailable uftrace "the uftrace command is missing (Debian package uftrace)"
elif ! $pg_built; then
  unavailable uftrace "the -pg build failed, see $work/build.log"
fi

xray_account=""
for candidate in "$(dirname "$clangxx")/llvm-xray" llvm-xray-19 llvm-xray; do
  if command -v "$candidate" >/dev/null 2>&1; then
    xray_account=$(command -v "$candidate")
    break
  fi
done
if [[ -z $xray_account ]]; then
  unavailable xray "llvm-xray is missing (Debian package llvm-19)"
elif ! compile xray -fxray-instrument -fxray-instruction-threshold=1; then
  unavailable xray "the -fxray-instrument build failed (XRay's runtime is in" \
    "libclang-rt-19-dev), see $work/build.log"
fi

if ! command -v gprof >/dev/null 2>&1; then
  unavailable gprof "the gprof command is missing (Debian package binutils)"
elif ! $pg_built; then
  unavailable gprof "the -pg build failed, see $work/build.log"
fi

hooks=$work/scratch/empty_hooks.o
if ! { "$clangxx" -x c -O2 -c "$source_dir/empty_hooks.c" -o "$hooks" >>"$work/build.log" 2>&1 &&
  compile finstrument -finstrument-functions "$hooks"; }; then
  unavailable finstrument "the -finstrument-functions build failed, see $work/build.log"
fi

for tool in "${tools[@]}"; do
  printf '%s\t%s\n' "$tool" "${missing[$tool]:-available}" >>"$work/tools"
done

# One run of a tool's program, with its report read into runs/; returns non-zero
# when the program or the tool failed.
run_tool() {  # tool, round
  local tool=$1 round=$2
  local out=$runs/$tool.$round
  local scratch=$work/scratch/$tool
  rm -rf "$scratch"
  mkdir -p "$scratch"
  case $tool in
    baseline)
      "$bin/baseline" --truth >"$out.phases" 2>"$out.stderr" ;;
    hotpath)
      HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH="$out.json" HOTPATH_LIMIT=0 \
        "$bin/hotpath" >"$out.phases" 2>"$out.stderr" ;;
    uftrace)
      uftrace record -d "$scratch/uftrace.data" "$bin/pg" >"$out.phases" 2>"$out.stderr" &&
        uftrace report -d "$scratch/uftrace.data" -f total-avg,self-avg,call \
          >"$out.report" 2>>"$out.stderr" ;;
    xray)
      # func_duration_threshold_us=0: basic mode otherwise drops calls shorter than
      # 5 us from its log, and the report would miss most calls.
      local options="patch_premain=true xray_mode=xray-basic verbosity=0"
      XRAY_OPTIONS="$options xray_logfile_base=$scratch/xray-log." \
        XRAY_BASIC_OPTIONS="func_duration_threshold_us=0" \
        "$bin/xray" >"$out.phases" 2>"$out.stderr" &&
        "$xray_account" account -instr_map="$bin/xray" -format=csv "$scratch"/xray-log.* \
          >"$out.csv" 2>>"$out.stderr" ;;
    gprof)
      # gmon.out is written to the working directory.
      (cd "$scratch" && "$bin/pg" >"$out.phases" 2>"$out.stderr") &&
        gprof -b -p "$bin/pg" "$scratch/gmon.out" >"$out.flat" 2>>"$out.stderr" &&
        gprof -b -q "$bin/pg" "$scratch/gmon.out" >"$out.graph" 2>>"$out.stderr" ;;
    finstrument)
      "$bin/finstrument" >"$out.phases" 2>"$out.stderr" ;;
  esac
}

available=()
for tool in "${tools[@]}"; do
  [[ -z ${missing[$tool]:-} ]] && available+=("$tool")
done
for ((round = 1; round <= rounds; round++)); do
  echo "round $round of $rounds ..." >&2
  for ((turn = 0; turn < ${#available[@]}; turn++)); do
    tool=${available[(round - 1 + turn) % ${#available[@]}]}
    if ! run_tool "$tool" "$round"; then
      echo "run.sh: $tool failed in round $round, see $runs/$tool.$round.stderr" >&2
      rm -f "$runs/$tool.$round.phases"
    fi
  done
done
rm -rf "$work/scratch"

{
  echo "date $(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "rounds $rounds"
  echo "cpus $(nproc)"
  echo "cpu $(sed -n 's/^model name[[:space:]]*: //p' /proc/cpuinfo | head -n 1)"
  echo "load $(cut -d ' ' -f 1-3 /proc/loadavg)"
  echo "compiler $("$clangxx" --version | head -n 1)"
  if command -v uftrace >/dev/null 2>&1; then echo "uftrace $(uftrace --version | head -n 1)"; fi
} >"$work/info"
python3 "$source_dir/summarize.py" "$work" | tee "$work/table.md"
