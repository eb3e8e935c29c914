#!/usr/bin/env bash
# How long clang-hotpath-rewrite takes on a project, compared with parsing the same
# project with clang++. Generates FILES translation units of about LINES lines each
# (generate_project.py: standard headers, about 40% of the functions, classes and
# templates marked with hotpath attributes), checks that the rewriter adds guards
# and that its copies compile, then times
#   a  clang-hotpath-rewrite -j 1 --output-dir   (one process, one file after another)
#   b  clang++ -fsyntax-only                     (one driver, one file after another)
#   c  clang-hotpath-rewrite -j 2 --output-dir   (for information)
#   d  clang++ -fsyntax-only on FILES empty files (for information, see below)
# N times each (default 5), interleaved a,b,c,d,a,b,c,d (compare.py), and prints the
# medians and their ratios to b, for wall and for CPU time. Target for a/b: at most
# 1.2. a, b and d are pinned to one core (taskset), so none can use a second one.
#
#   bench/rewrite_time/run.sh BUILD_DIR      (BUILD_DIR/rewriter/clang-hotpath-rewrite)
#
# Given more than one input, clang's driver runs each cc1 in a process of its own,
# while the rewriter parses every file in its one process. d is what b spends on
# starting those processes, so the ratios to b-d compare the parsing alone (b-d
# still pays for each process's heap starting cold).
#
# Both tools get the same flags. Those include -Wno-unknown-attributes and
# -Wno-c++23-lambda-attributes: clang++ without the plugin warns about every hotpath
# attribute and the rewriter does not, so printing those warnings would count only
# against b. CLANGXX overrides the compiler, CPU the core a, b and d run on (default:
# the last one). The generated sources and the rewritten copies go to a temporary
# directory, removed at exit.
set -euo pipefail

[[ $# == 1 ]] || { echo "usage: bench/rewrite_time/run.sh BUILD_DIR" >&2; exit 2; }
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
repo=$(cd "$here/../.." && pwd)
rewriter=$(cd "$1" && pwd)/rewriter/clang-hotpath-rewrite
clangxx=${CLANGXX:-/usr/lib/llvm-19/bin/clang++}
runs=${N:-5}
files=${FILES:-100}
lines=${LINES:-1000}
cpu=${CPU:-$(($(nproc) - 1))}

[[ -x $rewriter ]] || {
  echo "run.sh: no rewriter at $rewriter (cmake --build $1 --target clang-hotpath-rewrite)" >&2
  exit 1
}
work=$(mktemp -d "${TMPDIR:-/tmp}/hotpath-rewrite-time.XXXXXX")
trap 'rm -rf "$work"' EXIT
src=$work/src
python3 "$here/generate_project.py" "$src" --files "$files" --lines "$lines"
sources=("$src"/unit_*.cpp)
mkdir "$work/empty"
for source in "${sources[@]}"; do : > "$work/empty/${source##*/}"; done
empties=("$work/empty"/unit_*.cpp)

flags=(-std=c++17 -I"$repo/include" -Wno-unknown-attributes -Wno-c++23-lambda-attributes)
pin=(taskset -c "$cpu")
# Sets the measured commands, on the files given.
set_commands() {
  rewrite_j1=("${pin[@]}" "$rewriter" --output-dir="$work/out1" -j 1 "$@" -- "${flags[@]}")
  syntax_only=("${pin[@]}" "$clangxx" -fsyntax-only "${flags[@]}" "$@")
  rewrite_j2=("$rewriter" --output-dir="$work/out2" -j 2 "$@" -- "${flags[@]}")
}
# Printed with the glob that expands to the file list, to keep the lines short.
set_commands "$src/unit_*.cpp"
echo "commands measured ($files files, unit_*.cpp expands to them in order):"
echo "  a: ${rewrite_j1[*]}"
echo "  b: ${syntax_only[*]}"
echo "  c: ${rewrite_j2[*]}"
echo "  d: ${pin[*]} $clangxx -fsyntax-only ${flags[*]} $work/empty/unit_*.cpp"
set_commands "${sources[@]}"
empty_syntax_only=("${pin[@]}" "$clangxx" -fsyntax-only "${flags[@]}" "${empties[@]}")

# Sanity checks: every file is rewritten, with guards, and a rewritten copy compiles
# (it includes <hotpath/hotpath.hpp>, which the originals do not need).
log=$("${rewrite_j1[@]}" 2>&1 > /dev/null) || { echo "run.sh: the rewriter failed:" >&2; echo "$log" >&2; exit 1; }
summary=$(tail -n 1 <<< "$log")
guards=$(sed -n "s/^.*: $files of $files files done, \([0-9]*\) guards\? added$/\1/p" <<< "$summary")
[[ -n $guards && $guards -gt 0 ]] || { echo "run.sh: unexpected rewriter summary: $summary" >&2; exit 1; }
"$clangxx" -fsyntax-only "${flags[@]}" "$work/out1/unit_000.cpp"
echo "checked: $summary; the rewritten unit_000.cpp compiles"

command_line() { printf '%q ' "$@"; }
python3 "$here/compare.py" --runs "$runs" --baseline b --overhead d --target a=1.2 \
  "a=$(command_line "${rewrite_j1[@]}")" \
  "b=$(command_line "${syntax_only[@]}")" \
  "c=$(command_line "${rewrite_j2[@]}")" \
  "d=$(command_line "${empty_syntax_only[@]}")"
