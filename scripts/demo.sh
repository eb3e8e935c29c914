#!/usr/bin/env bash
# Builds and installs hotpath, then profiles the CPU-bound example and shows its
# report. Steps: install missing Debian packages, configure build/ (Ninja, Release
# unless build/ already exists: its settings are kept), build, install into
# build/install, compile examples/profile_cpu.cpp with the flags of the installed
# hotpath.pc, run it. Safe to run again; reruns only rebuild what changed.
#
# Environment: HOTPATH_BUILD_TYPE (default Release) for a new build/, JOBS (default:
# number of cores), CXX (compiler for the example, default c++).
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
build=build
prefix=$root/$build/install
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
echo "installed: headers, libhotpath, CMake package, pkg-config file (log: $build/install.log)"

step "Compiling examples/profile_cpu.cpp against the installed hotpath"
pc_file=$(find "$prefix" -path '*/pkgconfig/hotpath.pc' | head -n 1)
[[ -n $pc_file ]] || { echo "demo: no hotpath.pc under $prefix" >&2; exit 1; }
export PKG_CONFIG_PATH="${pc_file%/*}${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}"
flags=$(pkg-config --cflags --libs hotpath)
demo=$build/demo/profile_cpu
mkdir -p "${demo%/*}"
echo "${CXX:-c++} -std=c++17 -O2 examples/profile_cpu.cpp -o $demo $flags"
# shellcheck disable=SC2086 # the flags are a list of words
"${CXX:-c++}" -std=c++17 -O2 examples/profile_cpu.cpp -o "$demo" $flags

step "Running $demo"
"$demo"

cat << EOF

The same program as JSON:  HOTPATH_OUTPUT_FORMAT=json-pretty $demo
Build your own code:       PKG_CONFIG_PATH=${pc_file%/*} pkg-config --cflags --libs hotpath
EOF
