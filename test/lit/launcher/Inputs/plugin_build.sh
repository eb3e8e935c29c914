#!/bin/sh
# The reference build: the project of Inputs/project built with the plugin, its
# generated header made by hand.
# Usage: plugin_build.sh CLANGXX PLUGIN CFLAGS LIBS... -- OUTPUT
set -e
clangxx=$1 plugin=$2 cflags=$3
shift 3
libs=""
while [ "$1" != "--" ]; do
  libs="$libs $1"
  shift
done
output=$2
project=$(dirname "$0")/project
generated=$(mktemp -d)
trap 'rm -rf "$generated"' EXIT
cp "$project/version.hpp.in" "$generated/version.hpp"
# shellcheck disable=SC2086
"$clangxx" -std=c++17 -fplugin="$plugin" -include hotpath/hotpath.hpp $cflags \
  -I"$project/include" -I"$generated" "$project/src/main.cpp" "$project/src/area.cpp" $libs \
  -o "$output"
