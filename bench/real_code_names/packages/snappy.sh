# Snappy 1.1.9 (Debian source package snappy): the compression library (snappy.cc,
# the sink/source and C bindings) and its GoogleTest suite, against Debian's gtest
# and gmock (debian/patches/use_packaged_testing.patch). Snappy adds -Wall -Wextra
# itself, and -Werror under Clang.
# Workload: snappy_unittest, as ctest runs it (in the source directory, which has
# testdata/). Its random tests use a fixed seed, so it calls the same functions the
# same number of times in every run: the process whose counts are checked
# (PKG_EXACT). The benchmarks are not built: their iterations depend on time.
# shellcheck shell=bash disable=SC2034  # PKG_DEPS and PKG_EXACT are read by the scripts

PKG_DEPS=(cmake libgtest-dev libgmock-dev)
PKG_EXACT=snappy_unittest

pkg_configure() {
  # As debian/rules: a shared library (debian/patches/build_static_lib.patch adds the
  # static one, named like the default's) and RTTI; but no benchmarks, no install.
  cmake_configure "$1" "$2" -DBUILD_SHARED_LIBS=ON -DSNAPPY_ENABLE_RTTI=ON \
    -DSNAPPY_BUILD_TESTS=ON -DSNAPPY_BUILD_BENCHMARKS=OFF -DSNAPPY_INSTALL=OFF
}

pkg_workload() {
  local build=$1 src=$2
  [[ -x $build/snappy_unittest ]] || return 0
  (cd "$src" && measure snappy_unittest "$build/snappy_unittest")
}
