#!/usr/bin/env bash
# Installs a build tree into a fresh prefix, then uses that prefix the way users do:
#   runtime only    consumer.cpp (HOTPATH_MEASURE) built with CXX through
#                   find_package(hotpath) + hotpath::runtime and through hotpath-runtime.pc
#   with the plugin attributes.cpp ([[hotpath::...]], no include of hotpath.hpp) built
#                   with CLANGXX through hotpath_instrument() and through hotpath.pc
#   refusals        hotpath_instrument() with CXX (not the plugin's Clang) fails at
#                   configure time with a message naming the compiler to select
#   no plugin       HOTPATH_INSTRUMENT=OFF builds attributes.cpp warning-free with CXX
#                   and with CLANGXX, and measures nothing
# Every program is run and its JSON report checked: exact row names and call counts.
# Also checks the plugin's place and hotpath.pc's `plugin` and `clangxx` variables.
# Usage: run_consumer_test.sh BUILD_DIR CONSUMER_SRC WORK_DIR CMAKE GENERATOR CXX PYTHON
#                             CLANGXX CLANG_VERSION_MAJOR
set -euo pipefail

build_dir=$1 src_dir=$2 work=$3 cmake=$4 generator=$5 cxx=$6 python=$7 clangxx=$8
clang_major=$9
prefix=$work/prefix

fail() {
  echo "FAIL: $*" >&2
  exit 1
}

# check_report PROGRAM REPORT KIND [ENV...]: runs PROGRAM with its report written to
# REPORT as JSON, and checks the rows expected of KIND (runtime | attributes).
check_report() {
  local program=$1 report=$2 kind=$3
  shift 3
  # The program must use the installed library, not the build tree's.
  local lib
  lib=$(ldd "$program" | awk '/libhotpath\.so/ { print $3 }')
  [[ $lib == "$prefix"/* ]] || fail "$program loads libhotpath from '$lib', not from $prefix"
  rm -f "$report"
  env "$@" HOTPATH_OUTPUT_PATH="$report" "$program" > "$report.stdout" ||
    fail "$program exited with status $?"
  [[ -s $report ]] || fail "$program wrote no report to $report"
  "$python" - "$report" "$kind" << 'PY'
import json, sys
path, kind = sys.argv[1], sys.argv[2]
with open(path) as f:
    report = json.load(f)
assert report["schema_version"] == 1, report.get("schema_version")
timing = report["functions_timing"]
calls = {row["name"]: row["calls"] for row in timing["data"]}
if kind == "runtime":
    assert timing["caller_name"] == "consumer", timing["caller_name"]
    assert calls.get("consumer::step") == 42, calls
else:
    # [[hotpath::main("format=json", "percentiles=50,95", "limit=0")]]
    assert timing["caller_name"] == "main", timing["caller_name"]
    assert timing["percentiles"] == [50, 95], timing["percentiles"]
    expected = {"main": 1, "consumer::step": 42, "consumer::Counter::add": 7,
                "consumer::twice<int>": 5, "consumer::twice<double>": 3}
    assert calls == expected, f"rows {calls}, expected {expected}"
    assert all("p50_ns" in row and "p95_ns" in row for row in timing["data"]), timing["data"]
print(f"{path}: {', '.join(f'{name} x{count}' for name, count in calls.items())}")
PY
}

# configure NAME [CMAKE ARGS...]: configures the consumer project in $work/NAME.
configure() {
  local name=$1
  shift
  "$cmake" -S "$src_dir" -B "$work/$name" -G "$generator" -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$prefix" "$@"
}

rm -rf "$work"
mkdir -p "$work"

echo "== install into $prefix"
"$cmake" --install "$build_dir" --prefix "$prefix" > "$work/install.log" ||
  { cat "$work/install.log"; fail "cmake --install failed"; }
[[ -f $prefix/include/hotpath/hotpath.hpp ]] || fail "headers not installed"
[[ -f $prefix/lib/hotpath/hotpath.so ]] || fail "plugin not installed at $prefix/lib/hotpath/hotpath.so"

echo "== pkg-config files"
pc_dir=$(find "$prefix" -name hotpath.pc -path '*/pkgconfig/*' -printf '%h\n' | head -n 1)
[[ -n $pc_dir ]] || fail "no hotpath.pc under $prefix"
[[ $pc_dir == "$prefix/lib/pkgconfig" ]] ||
  echo "note: the .pc files are in $pc_dir (CMAKE_INSTALL_LIBDIR is not lib)"
[[ -f $pc_dir/hotpath-runtime.pc ]] || fail "no hotpath-runtime.pc next to hotpath.pc"
# PKG_CONFIG_LIBDIR replaces the default search path: no other hotpath.pc can answer.
export PKG_CONFIG_LIBDIR=$pc_dir
export PKG_CONFIG_PATH=
for variable in plugin clangxx; do
  value=$(pkg-config --variable="$variable" hotpath)
  [[ $value == /* ]] || fail "hotpath.pc: $variable='$value' is not an absolute path"
  echo "$variable=$value"
done
plugin=$(pkg-config --variable=plugin hotpath)
[[ $plugin == "$prefix/lib/hotpath/hotpath.so" && -f $plugin ]] ||
  fail "hotpath.pc: plugin=$plugin is not the installed plugin"
[[ $(pkg-config --variable=clangxx hotpath) == "$clangxx" ]] ||
  fail "hotpath.pc: clangxx is not $clangxx"
[[ -x $clangxx ]] || fail "hotpath.pc: clangxx $clangxx is not executable"
cflags=$(pkg-config --cflags hotpath)
[[ $cflags == *"-fplugin=$plugin -include hotpath/hotpath.hpp"* ]] ||
  fail "hotpath.pc: Cflags '$cflags' do not load the plugin and include hotpath.hpp"
runtime_cflags=$(pkg-config --cflags hotpath-runtime)
[[ $runtime_cflags != *-fplugin* && $runtime_cflags != *-include* ]] ||
  fail "hotpath-runtime.pc: Cflags '$runtime_cflags' must not need the plugin"

echo "== runtime only: find_package(hotpath) with $cxx"
configure runtime -DCMAKE_CXX_COMPILER="$cxx"
"$cmake" --build "$work/runtime"
check_report "$work/runtime/hotpath_consumer" "$work/runtime-report.json" runtime \
  HOTPATH_OUTPUT_FORMAT=json

echo "== runtime only: pkg-config hotpath-runtime with $cxx"
flags=$(pkg-config --cflags --libs hotpath-runtime) ||
  fail "pkg-config --cflags --libs hotpath-runtime failed"
echo "flags: $flags"
# shellcheck disable=SC2086 # the flags are a list of words
"$cxx" -O2 "$src_dir/consumer.cpp" -o "$work/pkgconfig-runtime-consumer" $flags
check_report "$work/pkgconfig-runtime-consumer" "$work/pkgconfig-runtime-report.json" runtime \
  HOTPATH_OUTPUT_FORMAT=json

# The attribute programs choose JSON themselves, with [[hotpath::main("format=json")]].
echo "== plugin: find_package(hotpath) + hotpath_instrument() with $clangxx"
configure instrumented -DCMAKE_CXX_COMPILER="$clangxx" -DHOTPATH_CONSUMER_INSTRUMENTED=ON
"$cmake" --build "$work/instrumented"
check_report "$work/instrumented/hotpath_consumer" "$work/instrumented-runtime-report.json" \
  runtime HOTPATH_OUTPUT_FORMAT=json
check_report "$work/instrumented/hotpath_attributes_consumer" \
  "$work/instrumented-report.json" attributes

echo "== plugin: \$(pkg-config --variable=clangxx hotpath) \$(pkg-config --cflags --libs hotpath)"
flags=$(pkg-config --cflags --libs hotpath) || fail "pkg-config --cflags --libs hotpath failed"
echo "flags: $flags"
# shellcheck disable=SC2086 # the flags are a list of words
"$(pkg-config --variable=clangxx hotpath)" -std=c++17 -O2 -Wall -Wextra -Wshadow -pedantic \
  -Werror "$src_dir/attributes.cpp" -o "$work/pkgconfig-attributes-consumer" $flags
check_report "$work/pkgconfig-attributes-consumer" "$work/pkgconfig-attributes-report.json" \
  attributes

echo "== refusal: hotpath_instrument() with $cxx"
if configure refused -DCMAKE_CXX_COMPILER="$cxx" -DHOTPATH_CONSUMER_INSTRUMENTED=ON \
  > "$work/refused.log" 2>&1; then
  cat "$work/refused.log"
  fail "configuring hotpath_instrument() with $cxx succeeded; it must fail"
fi
# CMake wraps long messages: compare without line breaks and indentation.
message=$(tr -s ' \n' ' ' < "$work/refused.log")
for expected in \
  "hotpath_instrument(hotpath_attributes_consumer): the hotpath Clang plugin needs Clang $clang_major" \
  "the C++ compiler of this project is GNU" \
  "-DCMAKE_CXX_COMPILER=$clangxx" \
  "-DHOTPATH_INSTRUMENT=OFF"; do
  [[ $message == *"$expected"* ]] || {
    cat "$work/refused.log"
    fail "the refusal does not say: $expected"
  }
done
sed -n '/CMake Error/,/Call Stack/p' "$work/refused.log"

# A Clang of another major version is refused too (when one is installed).
other_clang=
for candidate in /usr/bin/clang++-[0-9]*; do
  [[ -x $candidate && $(readlink -f "$candidate") != "$(readlink -f "$clangxx")" ]] || continue
  [[ $("$candidate" -dumpversion) == "$clang_major".* ]] || { other_clang=$candidate && break; }
done
if [[ -n $other_clang ]]; then
  echo "== refusal: hotpath_instrument() with $other_clang"
  if configure refused-clang -DCMAKE_CXX_COMPILER="$other_clang" \
    -DHOTPATH_CONSUMER_INSTRUMENTED=ON > "$work/refused-clang.log" 2>&1; then
    cat "$work/refused-clang.log"
    fail "configuring hotpath_instrument() with $other_clang succeeded; it must fail"
  fi
  message=$(tr -s ' \n' ' ' < "$work/refused-clang.log")
  [[ $message == *"the C++ compiler of this project is Clang $("$other_clang" -dumpversion)"* &&
    $message == *"-DCMAKE_CXX_COMPILER=$clangxx"* ]] || {
    cat "$work/refused-clang.log"
    fail "the refusal of $other_clang does not name it and $clangxx"
  }
  echo "refused, naming Clang $("$other_clang" -dumpversion) and $clangxx"
fi

# Without the plugin the attributes are ignored: -Werror builds pass, nothing is measured.
for compiler in "$cxx" "$clangxx"; do
  name=uninstrumented-$(basename "$compiler" | tr -c 'a-zA-Z0-9\n' '_')
  echo "== HOTPATH_INSTRUMENT=OFF with $compiler"
  configure "$name" -DCMAKE_CXX_COMPILER="$compiler" -DHOTPATH_CONSUMER_INSTRUMENTED=ON \
    -DHOTPATH_INSTRUMENT=OFF
  "$cmake" --build "$work/$name"
  report=$work/$name-report.json
  rm -f "$report"
  HOTPATH_OUTPUT_PATH=$report "$work/$name/hotpath_attributes_consumer" > /dev/null ||
    fail "$name: the program exited with status $?"
  [[ ! -e $report ]] || fail "$name: the uninstrumented program wrote a report: $(cat "$report")"
done

echo "PASS: installed hotpath works through find_package and pkg-config, with and without the plugin"
