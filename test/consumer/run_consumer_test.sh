#!/usr/bin/env bash
# Installs a build tree into a fresh prefix, then builds the consumer program against
# that prefix twice, through find_package(hotpath) and through pkg-config, runs each,
# and checks its JSON report. Also checks that hotpath.pc's `plugin` and `clangxx`
# variables are absolute paths.
# Usage: run_consumer_test.sh BUILD_DIR CONSUMER_SRC WORK_DIR CMAKE GENERATOR CXX PYTHON
set -euo pipefail

build_dir=$1 src_dir=$2 work=$3 cmake=$4 generator=$5 cxx=$6 python=$7
prefix=$work/prefix

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# Runs a consumer binary with a JSON report and checks it; $1 = binary, $2 = report.
check_report() {
  local program=$1 report=$2
  # The program must use the installed library, not the build tree's.
  local lib
  lib=$(ldd "$program" | awk '/libhotpath\.so/ { print $3 }')
  [[ $lib == "$prefix"/* ]] || fail "$program loads libhotpath from '$lib', not from $prefix"
  rm -f "$report"
  HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=$report "$program" ||
    fail "$program exited with status $?"
  [[ -s $report ]] || fail "$program wrote no report to $report"
  "$python" - "$report" <<'PY'
import json, sys
path = sys.argv[1]
with open(path) as f:
    report = json.load(f)
assert report["schema_version"] == 1, report.get("schema_version")
timing = report["functions_timing"]
assert timing["caller_name"] == "consumer", timing["caller_name"]
rows = {row["name"]: row for row in timing["data"]}
assert "consumer::step" in rows, sorted(rows)
assert rows["consumer::step"]["calls"] == 42, rows["consumer::step"]
print(path + ": consumer::step has 42 calls")
PY
}

rm -rf "$work"
mkdir -p "$work"

echo "== install into $prefix"
"$cmake" --install "$build_dir" --prefix "$prefix" > "$work/install.log" ||
  { cat "$work/install.log"; fail "cmake --install failed"; }
[[ -f $prefix/include/hotpath/hotpath.hpp ]] || fail "headers not installed"

echo "== find_package(hotpath)"
"$cmake" -S "$src_dir" -B "$work/cmake-build" -G "$generator" \
  -DCMAKE_CXX_COMPILER="$cxx" -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix"
"$cmake" --build "$work/cmake-build"
check_report "$work/cmake-build/hotpath_consumer" "$work/cmake-report.json"

echo "== pkg-config hotpath"
pc_file=$(find "$prefix" -name hotpath.pc -path '*/pkgconfig/*' | head -n 1)
[[ -n $pc_file ]] || fail "no hotpath.pc under $prefix"
[[ $pc_file == "$prefix/lib/pkgconfig/hotpath.pc" ]] ||
  echo "note: hotpath.pc is at $pc_file (CMAKE_INSTALL_LIBDIR is not lib)"
# PKG_CONFIG_LIBDIR replaces the default search path: no other hotpath.pc can answer.
export PKG_CONFIG_LIBDIR=${pc_file%/*}
export PKG_CONFIG_PATH=
flags=$(pkg-config --cflags --libs hotpath) || fail "pkg-config --cflags --libs hotpath failed"
echo "flags: $flags"
# shellcheck disable=SC2086 # the flags are a list of words
"$cxx" -O2 "$src_dir/consumer.cpp" -o "$work/pkgconfig-consumer" $flags
check_report "$work/pkgconfig-consumer" "$work/pkgconfig-report.json"

if grep -q '^plugin=' "$pc_file"; then
  for variable in plugin clangxx; do
    value=$(pkg-config --variable="$variable" hotpath)
    [[ $value == /* ]] || fail "hotpath.pc: $variable='$value' is not an absolute path"
    echo "$variable=$value"
  done
  [[ -x $(pkg-config --variable=clangxx hotpath) ]] || fail "hotpath.pc: clangxx is not executable"
else
  fail "hotpath.pc has no plugin variable (a full build must define plugin and clangxx)"
fi

echo "PASS: installed hotpath works through find_package and pkg-config"
