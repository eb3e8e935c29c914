#!/usr/bin/env bash
# What the hotpath plugin costs at compile time. Generates one translation unit in
# three versions (generate.py: 200 functions marked [[hotpath::measure]], the same
# with the plugin's guards written by hand, and none), checks that the plugin
# measures every annotated function and nothing in the unannotated version, then
# times `clang++ -O2 -c` of
#   a  plugin     annotated.cpp
#   b  no plugin  guarded.cpp   (the same guards, written into the source)
#   c  plugin     plain.cpp     (no attributes)
#   d  no plugin  plain.cpp
# RUNS times each (default 10), interleaved (measure.py), and prints the medians and
# the ratios a/b (the plugin's own cost over the guards' codegen; target <= 1.03)
# and c/d (the plugin on code without attributes; about 1.00). All four compile with
# -include hotpath/hotpath.hpp, so within each pair only -fplugin differs.
#
#   bench/compile_time/run.sh [BUILD_DIR]     (default: build at the repo root)
#
# With INSTRUCTIONS=1 (and valgrind installed) it also counts the instructions each
# compilation executes, once each under callgrind: exact and repeatable where a
# shared machine makes the timings noisy, but slow (minutes per compilation).
#
# The plugin is BUILD_DIR/clang-plugin/hotpath.so (build it first, or set
# HOTPATH_PLUGIN); the compiler is the clang++ it was built for (HOTPATH_CLANGXX in
# BUILD_DIR's cache; CLANGXX overrides). Files go to BUILD_DIR/bench/compile_time.
set -euo pipefail

repo=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
build=$(cd "${1:-$repo/build}" && pwd)
runs=${RUNS:-10}
plugin=${HOTPATH_PLUGIN:-$build/clang-plugin/hotpath.so}
clangxx=${CLANGXX:-$(sed -n 's/^HOTPATH_CLANGXX:[A-Z]*=//p' "$build/CMakeCache.txt" 2> /dev/null)}
clangxx=${clangxx:-clang++-19}
work=$build/bench/compile_time

[[ -f $plugin ]] || {
  echo "run.sh: no plugin at $plugin (cmake --build $build --target hotpath_plugin)" >&2
  exit 1
}
mkdir -p "$work"
cd "$work"
python3 "$repo/bench/compile_time/generate.py" .

flags=(-std=c++17 -O2 -I"$repo/include" -include hotpath/hotpath.hpp -c)
with_plugin=("${flags[@]}" -fplugin="$plugin")

# Sanity checks: every version compiles; the plugin measures the 200 annotated
# functions (220 guards: the templates are instantiated for two types each) and
# nothing else.
"$clangxx" "${flags[@]}" -Wall -Wextra -Werror guarded.cpp -o guarded.o
"$clangxx" "${flags[@]}" -Wall -Wextra -Werror plain.cpp -o plain.o
count_measured() {
  "$clangxx" "${with_plugin[@]}" -fplugin-arg-hotpath-verbose -Wall -Wextra -Werror \
    "$1" -o /dev/null 2>&1 | grep -c "remark: hotpath: measuring" || true
}
measured=$(count_measured annotated.cpp)
[[ $measured == 220 ]] || { echo "run.sh: the plugin measured $measured functions in annotated.cpp, expected 220" >&2; exit 1; }
measured=$(count_measured plain.cpp)
[[ $measured == 0 ]] || { echo "run.sh: the plugin measured $measured functions in plain.cpp, expected 0" >&2; exit 1; }
echo "checked: the plugin measures 220 functions (200 annotations) in annotated.cpp, none in plain.cpp"

command_line() { printf '%q ' "$@"; }
echo "$clangxx ${flags[*]} [-fplugin=$plugin] FILE, $runs interleaved runs each:"
extra=()
if [[ ${INSTRUCTIONS:-0} == 1 ]]; then
  command -v valgrind > /dev/null || { echo "run.sh: INSTRUCTIONS=1 needs valgrind" >&2; exit 1; }
  extra=(--instructions)
fi
python3 "$repo/bench/compile_time/measure.py" --runs "$runs" "${extra[@]}" \
  "a=$(command_line "$clangxx" "${with_plugin[@]}" annotated.cpp -o a.o)" \
  "b=$(command_line "$clangxx" "${flags[@]}" guarded.cpp -o b.o)" \
  "c=$(command_line "$clangxx" "${with_plugin[@]}" plain.cpp -o c.o)" \
  "d=$(command_line "$clangxx" "${flags[@]}" plain.cpp -o d.o)"
