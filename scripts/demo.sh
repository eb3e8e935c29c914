#!/usr/bin/env bash
# Builds and installs hotpath, then profiles the CPU-bound example and shows its
# report. Steps: install missing Debian packages, configure build/ (Ninja, Release
# unless build/ already exists: its settings are kept), build, install into
# build/install, compile examples/profile_cpu.cpp (marked with [[hotpath::measure]])
# with the clang++ and the flags of the installed hotpath.pc, which load the hotpath
# plugin, and of hotpath-cpu.pc (CPU sampling), run it: the report shows wall time
# and CPU samples per function, and the CPU flame graph is written next to the
# program. Safe to run again; reruns only rebuild what changed.
#
# Environment: HOTPATH_BUILD_DIR (default build), HOTPATH_BUILD_TYPE (default
# Release) for a new build directory, JOBS (default: number of cores), CXX (compiler
# for the example; default: the clang++ the plugin was built for, `pkg-config
# --variable=clangxx hotpath`).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build=${HOTPATH_BUILD_DIR:-build}
case $build in
  /*) prefix=$build/install ;;
  *) prefix=$root/$build/install ;;
esac
jobs=${JOBS:-$(nproc 2> /dev/null || echo 2)}

step() { printf '\n==> %s\n' "$*"; }

step "Checking Debian packages"
"$root/scripts/install-deps.sh"

step "Configuring $build/"
if [[ -f $build/CMakeCache.txt ]]; then
  cmake -S . -B "$build"
else
  cmake -S . -B "$build" -G Ninja -DCMAKE_BUILD_TYPE="${HOTPATH_BUILD_TYPE:-Release}"
fi

step "Building with $jobs jobs"
cmake --build "$build" -j "$jobs"

step "Installing into $prefix"
cmake --install "$build" --prefix "$prefix" > "$build/install.log" ||
  { cat "$build/install.log"; exit 1; }
echo "installed: headers, libhotpath, libhotpath-alloc, libhotpath-cpu, the plugin, clang-hotpath-rewrite, hotpath-cxx (hotpath-g++), the hotpath command, CMake package, pkg-config files (log: $build/install.log)"

step "Compiling examples/profile_cpu.cpp with the installed hotpath plugin"
pc_file=$(find "$prefix" -path '*/pkgconfig/hotpath.pc' | head -n 1)
[[ -n $pc_file ]] || { echo "demo: no hotpath.pc under $prefix" >&2; exit 1; }
export PKG_CONFIG_PATH="${pc_file%/*}${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
flags=$(pkg-config --cflags --libs hotpath-cpu hotpath)
cxx=${CXX:-$(pkg-config --variable=clangxx hotpath)}
demo=$build/demo/profile_cpu
mkdir -p "${demo%/*}"
echo "$cxx -std=c++17 -O2 examples/profile_cpu.cpp -o $demo $flags"
# shellcheck disable=SC2086 # the flags are a list of words
"$cxx" -std=c++17 -O2 examples/profile_cpu.cpp -o "$demo" $flags

step "Running $demo"
HOTPATH_FLAMEGRAPH="$demo.svg" "$demo"

cat << EOF

Its CPU flame graph:       $demo.svg (open it in a browser)
The same program as JSON:  HOTPATH_OUTPUT_FORMAT=json-pretty $demo
Any program's flame graph: $prefix/bin/hotpath flamegraph -- ./my_program args
Build your own code:       export PKG_CONFIG_PATH=${pc_file%/*}
                           \$(pkg-config --variable=clangxx hotpath) -O2 my_program.cpp \\
                             \$(pkg-config --cflags --libs hotpath-cpu hotpath)
A project built with g++:  make CXX=$prefix/bin/hotpath-g++   (CMake, Meson: docs/rewriter.md)
The plugin's guide:        docs/plugin.md; CPU sampling: docs/cpu-sampling.md
EOF
