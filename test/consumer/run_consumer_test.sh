#!/usr/bin/env bash
# Installs a build tree into a fresh prefix, then uses that prefix the way users do:
#   runtime only    consumer.cpp (HOTPATH_MEASURE) built with CXX through
#                   find_package(hotpath) + hotpath::runtime and through hotpath-runtime.pc
#   allocations     alloc_consumer.cpp built with CXX through hotpath::alloc and through
#                   hotpath-alloc.pc: the exact bytes of its measured function
#   CPU sampling    cpu_consumer.cpp built with CXX through hotpath::cpu and through
#                   hotpath-cpu.pc: the samples of its measured function; the installed
#                   `hotpath flamegraph` profiles a program
#   with the plugin attributes.cpp ([[hotpath::...]], no include of hotpath.hpp) built
#                   with CLANGXX through hotpath_instrument() and through hotpath.pc;
#                   stack.cpp + stack_ops.cpp through hotpath_instrument()
#   with the        the same two programs built with CXX (and another installed Clang)
#   rewriter        through hotpath_instrument(), whose compiles run through hotpath-cxx
#                   and clang-hotpath-rewrite: same reports as with the plugin; editing
#                   a source or a header it includes compiles it again, a build with no
#                   change does nothing
#   refusals        hotpath_instrument() with CXX and an installation without the
#                   rewriter fails at configure time with a message saying so
#   no plugin       HOTPATH_INSTRUMENT=OFF builds both programs warning-free with CXX
#                   and with CLANGXX, and measures nothing
# Every program is run and its JSON report checked: exact row names and call counts.
# Also checks the plugin's place and hotpath.pc's `plugin` and `clangxx` variables,
# hotpath-clang-N.pc for each Clang version with a plugin, and with the plugin of
# each older version, attributes.cpp built with that Clang through
# hotpath_instrument() and through hotpath-clang-N.pc.
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
# REPORT as JSON, and checks the rows expected of KIND (runtime | attributes | stack |
# stack-edited, after run_consumer_test.sh changed a count in its copy of stack.cpp |
# filtered | filtered-edited, after it emptied its copy of filtered/filtered.filter).
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
# Instrumented copies of the sources are compiled in place of the originals (in a
# private directory hotpath-XXXXXX); the report names the originals.
files = {row["location"]["file"] for row in timing["data"] if "location" in row}
assert not any("/hotpath-" in file for file in files), files
if kind == "runtime":
    assert timing["caller_name"] == "consumer", timing["caller_name"]
    assert calls.get("consumer::step") == 42, calls
elif kind == "attributes":
    # [[hotpath::main("format=json", "percentiles=50,95", "limit=0")]]
    assert timing["caller_name"] == "main", timing["caller_name"]
    assert timing["percentiles"] == [50, 95], timing["percentiles"]
    expected = {"main": 1, "consumer::step": 42, "consumer::Counter::add": 7,
                "consumer::twice<int>": 5, "consumer::twice<double>": 3}
    assert calls == expected, f"rows {calls}, expected {expected}"
    assert all("p50_ns" in row and "p95_ns" in row for row in timing["data"]), timing["data"]
elif kind.startswith("filtered"):
    # hotpath_instrument(MEASURE_ALL_FILES "^src/" MIN_TOKENS 0 FILTER filtered.filter)
    assert timing["caller_name"] == "main", timing["caller_name"]
    expected = {"main": 1, "work::kept": 2, "work::tiny": 7}
    if kind == "filtered-edited":
        expected["work::noisy"] = 5
    assert calls == expected, f"rows {calls}, expected {expected}"
elif kind.startswith("stack"):
    assert timing["caller_name"] == "main", timing["caller_name"]
    expected = {"main": 1, "app::Stack<int>::push": 11, "app::drain": 1,
                "app::Stack<double>::push": 5 if kind == "stack-edited" else 2}
    assert calls == expected, f"rows {calls}, expected {expected}"
else:
    raise SystemExit(f"unknown kind {kind}")
print(f"{path}: {', '.join(f'{name} x{count}' for name, count in calls.items())}")
PY
}

# run_with_reporter PROGRAM LIBRARY: checks that PROGRAM loads LIBRARY (e.g.
# libhotpath-alloc) from the install prefix, runs it and sets `output` to what its
# own reporter printed.
run_with_reporter() {
  local program=$1 library=$2
  local lib
  lib=$(ldd "$program" | awk -v name="$library.so" 'index($1, name) == 1 { print $3 }')
  [[ $lib == "$prefix"/* ]] || fail "$program loads $library from '$lib', not from $prefix"
  # A format from the environment would replace the program's reporter.
  output=$(env -u HOTPATH_OUTPUT_FORMAT -u HOTPATH_OUTPUT_PATH "$program") ||
    fail "$program exited with status $?"
}

# check_alloc PROGRAM: runs PROGRAM (alloc_consumer.cpp), which prints the allocation
# row of its measured function through its own reporter, and checks the figures.
check_alloc() {
  local program=$1 output
  run_with_reporter "$program" libhotpath-alloc
  local expected="consumer::allocate calls=3 alloc_bytes=12288 alloc_count=3"
  expected+=" dealloc_bytes=12288 dealloc_count=3"
  [[ $output == "$expected" ]] || fail "$program printed '$output', expected '$expected'"
  echo "$program: $output"
}

# check_cpu PROGRAM: runs PROGRAM (cpu_consumer.cpp), which prints the CPU row of its
# measured function (0.2 s of CPU at 997 Hz) through its own reporter.
check_cpu() {
  local program=$1 output
  run_with_reporter "$program" libhotpath-cpu
  [[ $output =~ ^consumer::burn\ samples=([0-9]+)$ ]] ||
    fail "$program printed '$output', expected 'consumer::burn samples=N'"
  local samples=${BASH_REMATCH[1]}
  ((samples >= 150 && samples <= 250)) ||
    fail "$program: $samples samples for 0.2 s of CPU at 997 Hz (expected 150 to 250)"
  echo "$program: $output"
}

# build_with_pkgconfig OUTPUT SOURCE PACKAGE...: compiles SOURCE with CXX and the flags
# of the installed PACKAGEs, which it prints (in `flags`).
build_with_pkgconfig() {
  local output=$1 source=$2
  shift 2
  flags=$(pkg-config --cflags --libs "$@") || fail "pkg-config --cflags --libs $* failed"
  echo "flags: $flags"
  # shellcheck disable=SC2086 # the flags are a list of words
  "$cxx" -O2 "$source" -o "$output" $flags
}

# check_optional_library NAME WHAT CHECK: the program of NAME (alloc, cpu), built
# through find_package(hotpath) + hotpath::NAME and through hotpath-NAME.pc, whose
# library must come before libhotpath on the link line; CHECK runs each program.
check_optional_library() {
  local name=$1 what=$2 check=$3
  echo "== $what: find_package(hotpath) + hotpath::$name with $cxx"
  [[ -x $work/runtime/hotpath_${name}_consumer ]] ||
    fail "hotpath::$name is not in the CMake package"
  "$check" "$work/runtime/hotpath_${name}_consumer"

  echo "== $what: pkg-config hotpath-$name with $cxx"
  build_with_pkgconfig "$work/pkgconfig-$name-consumer" "$src_dir/${name}_consumer.cpp" \
    "hotpath-$name"
  [[ " $flags " == *" -lhotpath-$name "*" -lhotpath "* ]] ||
    fail "hotpath-$name.pc: -lhotpath-$name must come first in '$flags'"
  "$check" "$work/pkgconfig-$name-consumer"
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
[[ -f $pc_dir/hotpath-alloc.pc ]] || fail "no hotpath-alloc.pc next to hotpath.pc"
[[ -f $pc_dir/hotpath-cpu.pc ]] || fail "no hotpath-cpu.pc next to hotpath.pc"
[[ -x $prefix/bin/hotpath ]] || fail "the hotpath command is not installed in $prefix/bin"
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
# A plugin for each Clang version built, and hotpath-clang-N.pc with its plugin and clang++.
older_versions=()
for older in "$prefix"/lib/hotpath/clang-*/hotpath.so; do
  [[ -f $older ]] || continue
  version=${older%/hotpath.so}
  older_versions+=("${version##*/clang-}")
done
mapfile -t all_versions < <(printf '%s\n' "${older_versions[@]}" "$clang_major" | sort -n)
# "14, 16 or 19", as hotpath_instrument() says it.
plugin_versions=""
for ((i = 0; i < ${#all_versions[@]}; ++i)); do
  if ((i == 0)); then
    plugin_versions=${all_versions[i]}
  elif ((i == ${#all_versions[@]} - 1)); then
    plugin_versions+=" or ${all_versions[i]}"
  else
    plugin_versions+=", ${all_versions[i]}"
  fi
done
echo "plugins installed for Clang $plugin_versions"
for version in "${all_versions[@]}"; do
  expected_plugin=$prefix/lib/hotpath/clang-$version/hotpath.so
  [[ $version != "$clang_major" ]] || expected_plugin=$prefix/lib/hotpath/hotpath.so
  [[ $(pkg-config --variable=plugin "hotpath-clang-$version") == "$expected_plugin" ]] ||
    fail "hotpath-clang-$version.pc: plugin is not $expected_plugin"
  version_clangxx=$(pkg-config --variable=clangxx "hotpath-clang-$version")
  [[ -x $version_clangxx && $("$version_clangxx" -dumpversion) == "$version".* ]] ||
    fail "hotpath-clang-$version.pc: clangxx $version_clangxx is not the clang++ of Clang $version"
done

runtime_cflags=$(pkg-config --cflags hotpath-runtime)
[[ $runtime_cflags != *-fplugin* && $runtime_cflags != *-include* ]] ||
  fail "hotpath-runtime.pc: Cflags '$runtime_cflags' must not need the plugin"

echo "== runtime only: find_package(hotpath) with $cxx"
configure runtime -DCMAKE_CXX_COMPILER="$cxx"
"$cmake" --build "$work/runtime"
check_report "$work/runtime/hotpath_consumer" "$work/runtime-report.json" runtime \
  HOTPATH_OUTPUT_FORMAT=json

echo "== runtime only: pkg-config hotpath-runtime with $cxx"
build_with_pkgconfig "$work/pkgconfig-runtime-consumer" "$src_dir/consumer.cpp" hotpath-runtime
check_report "$work/pkgconfig-runtime-consumer" "$work/pkgconfig-runtime-report.json" runtime \
  HOTPATH_OUTPUT_FORMAT=json

check_optional_library alloc allocations check_alloc
check_optional_library cpu "CPU sampling" check_cpu

# The same program linked without hotpath-cpu: the installed command preloads it, so
# its report gets the CPU row, and the flame graph has its function.
echo "== the installed hotpath command: hotpath flamegraph -- program"
build_with_pkgconfig "$work/preloaded-cpu-consumer" "$src_dir/cpu_consumer.cpp" hotpath-runtime
output=$(env -u HOTPATH_OUTPUT_FORMAT -u HOTPATH_OUTPUT_PATH "$prefix/bin/hotpath" flamegraph \
  -o "$work/consumer.svg" -- "$work/preloaded-cpu-consumer" 2> "$work/flamegraph.log") || { cat "$work/flamegraph.log"; fail "hotpath flamegraph failed"; }
[[ $output =~ ^consumer::burn\ samples=[0-9]+$ ]] ||
  fail "the program run by hotpath flamegraph printed '$output': the sampler was not preloaded"
grep -q "consumer::burn()" "$work/consumer.svg" || fail "the flame graph has no consumer::burn()"
echo "$prefix/bin/hotpath flamegraph: $output; $(tail -n 1 "$work/flamegraph.log")"

# The attribute programs choose JSON themselves, with [[hotpath::main("format=json")]].
echo "== plugin: find_package(hotpath) + hotpath_instrument() with $clangxx"
configure instrumented -DCMAKE_CXX_COMPILER="$clangxx" -DHOTPATH_CONSUMER_INSTRUMENTED=ON
"$cmake" --build "$work/instrumented"
check_report "$work/instrumented/hotpath_consumer" "$work/instrumented-runtime-report.json" \
  runtime HOTPATH_OUTPUT_FORMAT=json
check_report "$work/instrumented/hotpath_attributes_consumer" \
  "$work/instrumented-report.json" attributes
check_report "$work/instrumented/hotpath_stack_consumer" "$work/instrumented-stack-report.json" \
  stack HOTPATH_OUTPUT_FORMAT=json
check_report "$work/instrumented/filtered/hotpath_filtered_consumer" \
  "$work/instrumented-filtered-report.json" filtered HOTPATH_OUTPUT_FORMAT=json

echo "== plugin: \$(pkg-config --variable=clangxx hotpath) \$(pkg-config --cflags --libs hotpath)"
flags=$(pkg-config --cflags --libs hotpath) || fail "pkg-config --cflags --libs hotpath failed"
echo "flags: $flags"
# shellcheck disable=SC2086 # the flags are a list of words
"$(pkg-config --variable=clangxx hotpath)" -std=c++17 -O2 -Wall -Wextra -Wshadow -pedantic \
  -Werror "$src_dir/attributes.cpp" -o "$work/pkgconfig-attributes-consumer" $flags
check_report "$work/pkgconfig-attributes-consumer" "$work/pkgconfig-attributes-report.json" \
  attributes

# The plugin of each older Clang, picked by hotpath_instrument() and hotpath-clang-N.pc:
# the same report as with the newest.
for version in "${older_versions[@]}"; do
  version_clangxx=$(pkg-config --variable=clangxx "hotpath-clang-$version")
  echo "== plugin for Clang $version: find_package(hotpath) + hotpath_instrument() with $version_clangxx"
  configure "instrumented-clang-$version" -DCMAKE_CXX_COMPILER="$version_clangxx" \
    -DHOTPATH_CONSUMER_INSTRUMENTED=ON > "$work/instrumented-clang-$version.log" 2>&1 || {
    cat "$work/instrumented-clang-$version.log"
    fail "configuring with $version_clangxx failed"
  }
  ! grep -qF 'through clang-hotpath-rewrite' "$work/instrumented-clang-$version.log" ||
    fail "hotpath_instrument() with $version_clangxx chose the rewriter, not the plugin of Clang $version"
  "$cmake" --build "$work/instrumented-clang-$version"
  check_report "$work/instrumented-clang-$version/hotpath_attributes_consumer" \
    "$work/instrumented-clang-$version-report.json" attributes

  echo "== plugin for Clang $version: \$(pkg-config --cflags --libs hotpath-clang-$version)"
  flags=$(pkg-config --cflags --libs "hotpath-clang-$version") ||
    fail "pkg-config --cflags --libs hotpath-clang-$version failed"
  # shellcheck disable=SC2086 # the flags are a list of words
  "$version_clangxx" -std=c++17 -O2 -Wall -Wextra -Wshadow -pedantic -Werror \
    "$src_dir/attributes.cpp" -o "$work/pkgconfig-clang-$version-consumer" $flags
  check_report "$work/pkgconfig-clang-$version-consumer" \
    "$work/pkgconfig-clang-$version-report.json" attributes
done

# build NAME: builds $work/NAME, shows the output and keeps it in $work/NAME.log.
build() {
  "$cmake" --build "$work/$1" > "$work/$1.log" 2>&1 || {
    cat "$work/$1.log"
    fail "building $1 failed"
  }
  cat "$work/$1.log"
}

# Compilers the plugin cannot load into instrument through clang-hotpath-rewrite, and
# measure exactly what the plugin does. The project is a copy that the checks of
# rebuilds below edit.
cp -r "$src_dir" "$work/rewritten-src"
rewrite_compilers=("$cxx")
# Another major version of Clang without a plugin, when one is installed.
for candidate in /usr/bin/clang++-[0-9]*; do
  [[ -x $candidate && $(readlink -f "$candidate") != "$(readlink -f "$clangxx")" ]] || continue
  candidate_major=$("$candidate" -dumpversion)
  [[ " ${all_versions[*]} " == *" ${candidate_major%%.*} "* ]] || {
    rewrite_compilers+=("$candidate")
    break
  }
done
for compiler in "${rewrite_compilers[@]}"; do
  name=rewritten-$(basename "$compiler" | tr -c 'a-zA-Z0-9\n' '_')
  echo "== clang-hotpath-rewrite: find_package(hotpath) + hotpath_instrument() with $compiler"
  "$cmake" -S "$work/rewritten-src" -B "$work/$name" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_COMPILER="$compiler" \
    -DHOTPATH_CONSUMER_INSTRUMENTED=ON > "$work/$name-configure.log" 2>&1 || {
    cat "$work/$name-configure.log"
    fail "configuring with $compiler failed"
  }
  said="hotpath: hotpath_stack_consumer is instrumented through clang-hotpath-rewrite, which"
  said+=" hotpath-cxx runs at each compile, because the C++ compiler is "
  tr -s ' \n' ' ' < "$work/$name-configure.log" | grep -F "$said" |
    grep -qF "($compiler)" || {
    cat "$work/$name-configure.log"
    fail "configuring with $compiler does not say that the rewriter instruments the sources"
  }
  grep -F 'instrumented through clang-hotpath-rewrite' "$work/$name-configure.log"
  build "$name"
  check_report "$work/$name/hotpath_attributes_consumer" "$work/$name-report.json" attributes
  check_report "$work/$name/hotpath_stack_consumer" "$work/$name-stack-report.json" stack \
    HOTPATH_OUTPUT_FORMAT=json
  check_report "$work/$name/filtered/hotpath_filtered_consumer" \
    "$work/$name-filtered-report.json" filtered HOTPATH_OUTPUT_FORMAT=json
done

# The rebuilds, in the build with CXX: through hotpath-cxx, the build tool follows
# the sources and headers themselves.
name=rewritten-$(basename "$cxx" | tr -c 'a-zA-Z0-9\n' '_')
grep -qF "$prefix/bin/hotpath-cxx" "$work/$name/CMakeFiles/rules.ninja" ||
  fail "the compiles of $name do not run through the installed hotpath-cxx"

echo "== hotpath-cxx: a build with no change does nothing"
build "$name"
grep -qF 'ninja: no work to do.' "$work/$name.log" || fail "a build with no change did some work"

echo "== hotpath-cxx: an edited source is compiled again, instrumented"
sed -i 's/i < 2; ++i) halves.push/i < 5; ++i) halves.push/' "$work/rewritten-src/stack.cpp"
grep -qF 'i < 5; ++i) halves.push' "$work/rewritten-src/stack.cpp" ||
  fail "the edit of stack.cpp did not apply"
build "$name"
grep -qF 'stack.cpp.o' "$work/$name.log" || fail "the edited stack.cpp was not compiled again"
check_report "$work/$name/hotpath_stack_consumer" "$work/$name-edited-report.json" \
  stack-edited HOTPATH_OUTPUT_FORMAT=json

echo "== hotpath-cxx: the sources that include an edited header are compiled again"
echo "// Edited by run_consumer_test.sh" >> "$work/rewritten-src/stack.h"
build "$name"
grep -qF 'stack_ops.cpp.o' "$work/$name.log" ||
  fail "stack_ops.cpp includes the edited stack.h but was not compiled again"
! grep -qF 'attributes.cpp.o' "$work/$name.log" ||
  fail "attributes.cpp does not include stack.h but was compiled again"

echo "== hotpath_instrument(FILTER): a changed filter file builds the sources again"
# The plugin's build of the same copy, built before the edit.
"$cmake" -S "$work/rewritten-src" -B "$work/instrumented-copy" -G "$generator" \
  -DCMAKE_BUILD_TYPE=Release -DCMAKE_PREFIX_PATH="$prefix" -DCMAKE_CXX_COMPILER="$clangxx" \
  -DHOTPATH_CONSUMER_INSTRUMENTED=ON > "$work/instrumented-copy-configure.log" 2>&1 || {
  cat "$work/instrumented-copy-configure.log"
  fail "configuring the copy with $clangxx failed"
}
build instrumented-copy
printf '# emptied by run_consumer_test.sh\n' > "$work/rewritten-src/filtered/filtered.filter"
for rebuilt in "$name" instrumented-copy; do
  build "$rebuilt"
  check_report "$work/$rebuilt/filtered/hotpath_filtered_consumer" \
    "$work/$rebuilt-filtered-edited-report.json" filtered-edited HOTPATH_OUTPUT_FORMAT=json
done

# Installations without the rewriter: with the runtime alone, and with the plugin too.
for components in "hotpath_runtime hotpath_development" \
  "hotpath_runtime hotpath_development hotpath_plugin"; do
  partial=$work/prefix-$(echo "$components" | awk '{ print NF }')
  echo "== refusal: hotpath_instrument() with $cxx, installed components: $components"
  for component in $components; do
    "$cmake" --install "$build_dir" --prefix "$partial" --component "$component" \
      > "$work/install-$component.log" || fail "cmake --install --component $component failed"
  done
  [[ ! -e $partial/bin/clang-hotpath-rewrite ]] || fail "$partial has clang-hotpath-rewrite"
  log=$partial-configure.log
  if "$cmake" -S "$src_dir" -B "$partial-build" -G "$generator" -DCMAKE_PREFIX_PATH="$partial" \
    -DCMAKE_CXX_COMPILER="$cxx" -DHOTPATH_CONSUMER_INSTRUMENTED=ON > "$log" 2>&1; then
    cat "$log"
    fail "configuring hotpath_instrument() with $cxx and no rewriter succeeded; it must fail"
  fi
  # CMake wraps long messages: compare without line breaks and indentation.
  message=$(tr -s ' \n' ' ' < "$log")
  if [[ $components == *hotpath_plugin* ]]; then
    expected=("the hotpath Clang plugin needs Clang $plugin_versions"
      "the C++ compiler of this project is GNU"
      "has no clang-hotpath-rewrite" "-DCMAKE_CXX_COMPILER=$clangxx")
  else
    expected=("is runtime-only: it has neither the Clang plugin nor clang-hotpath-rewrite")
  fi
  for text in "${expected[@]}" "hotpath_instrument(hotpath_attributes_consumer)" \
    "-DHOTPATH_INSTRUMENT=OFF"; do
    [[ $message == *"$text"* ]] || {
      cat "$log"
      fail "the refusal does not say: $text"
    }
  done
  sed -n '/CMake Error/,/Call Stack/p' "$log"
done

# Without the plugin the attributes are ignored: -Werror builds pass, nothing is measured.
for compiler in "$cxx" "$clangxx"; do
  name=uninstrumented-$(basename "$compiler" | tr -c 'a-zA-Z0-9\n' '_')
  echo "== HOTPATH_INSTRUMENT=OFF with $compiler"
  configure "$name" -DCMAKE_CXX_COMPILER="$compiler" -DHOTPATH_CONSUMER_INSTRUMENTED=ON \
    -DHOTPATH_INSTRUMENT=OFF
  "$cmake" --build "$work/$name"
  for program in hotpath_attributes_consumer hotpath_stack_consumer; do
    report=$work/$name-$program-report.json
    rm -f "$report"
    HOTPATH_OUTPUT_PATH=$report "$work/$name/$program" > /dev/null ||
      fail "$name: $program exited with status $?"
    [[ ! -e $report ]] || fail "$name: the uninstrumented $program wrote a report: $(cat "$report")"
  done
done

echo "PASS: installed hotpath works through find_package and pkg-config, with the plugin," \
  "with clang-hotpath-rewrite and without either"
