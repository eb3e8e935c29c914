#!/bin/bash
# Builds corpus.cpp in every standard from C++11 to C++23 under the strict warning
# list: with g++ plainly and through hotpath-g++; with Clang plainly, with the
# plugin, and through hotpath-clang++. Each instrumented build's warnings are
# compared with the plain build's of the same compiler and standard; each program
# must run.
# Usage: build_both_ways.sh GXX CLANGXX PLUGIN LAUNCHER_DIR CFLAGS LIBS OUTPUT_DIR
set -u
gxx=$1 clangxx=$2 plugin=$3 launcher_dir=$4 cflags=$5 libs=$6 out=$7
here=$(cd "$(dirname "$0")" && pwd)
mkdir -p "$out"
common=(-Wall -Wextra -Wpedantic -Weffc++ -Wshadow -Wconversion -Wsign-conversion
  -Wold-style-cast -Wzero-as-null-pointer-constant -Wnon-virtual-dtor -Wundef -Wcast-qual
  -Wredundant-decls)
gcc_only=(-Wuseless-cast)
status=0
# compile LOG COMPILER ARGS...: compiles and links the corpus, keeping the output.
compile() {
  local log=$1
  shift
  # shellcheck disable=SC2086
  "$@" "$here/corpus.cpp" $libs -o "$log.program" > "$log" 2>&1 || {
    echo "FAILED: $*" >&2
    cat "$log" >&2
    status=1
  }
}
for std in 11 14 17 20 23; do
  compile "$out/gxx-$std-plain" "$gxx" "-std=c++$std" "${common[@]}" "${gcc_only[@]}" $cflags
  compile "$out/gxx-$std-launcher" "$launcher_dir/hotpath-g++" "-std=c++$std" "${common[@]}" \
    "${gcc_only[@]}" $cflags
  compile "$out/clang-$std-plain" "$clangxx" "-std=c++$std" "${common[@]}" $cflags
  compile "$out/clang-$std-plugin" "$clangxx" "-std=c++$std" "${common[@]}" $cflags \
    "-fplugin=$plugin" -include hotpath/hotpath.hpp
  compile "$out/clang-$std-launcher" env "HOTPATH_CXX=$clangxx" "$launcher_dir/hotpath-clang++" \
    "-std=c++$std" "${common[@]}" $cflags
  python3 "$here/compare_warnings.py" "g++ c++$std hotpath-g++" "$out/gxx-$std-plain" \
    "$out/gxx-$std-launcher" || status=1
  for build in plugin launcher; do
    python3 "$here/compare_warnings.py" "clang c++$std $build" "$out/clang-$std-plain" \
      "$out/clang-$std-$build" || status=1
  done
  for program in "$out"/*-"$std"-*.program; do
    HOTPATH_OUTPUT_FORMAT=none "$program" > /dev/null || {
      echo "FAILED: $program exited with status $?" >&2
      status=1
    }
  done
done
exit $status
