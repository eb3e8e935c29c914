# LevelDB 1.23 (Debian source package leveldb): the library (db/, table/, util/,
# helpers/memenv), its GoogleTest tests and db_bench, against Debian's gtest, gmock,
# benchmark and snappy (debian/patches/0120).
# Workload (about 100 s per build on 2 cores): the test executables, as ctest runs
# them, but for the slowest parts, and db_bench on a small database:
#  - issue178_test and issue320_test (regression stress tests, 55-105 s each) are
#    not run;
#  - db_test runs without DBTest.MultiThreaded and DBTest.Randomized (40 s and 26 s;
#    MultiThreaded runs for a fixed time) and without its benchmark BM_LogAndApply,
#    whose number of iterations depends on how long they take.
# Calls still vary from run to run wherever a background compaction thread or the
# tests' own threads race (most of db/ and the concurrent skiplist tests).
# shellcheck shell=bash disable=SC2034  # PKG_DEPS and PKG_EXACT are read by the scripts

PKG_DEPS=(cmake libsnappy-dev libgtest-dev libgmock-dev libbenchmark-dev)
# Single-threaded, its random records from fixed seeds: the same calls in every run.
PKG_EXACT=log_test

pkg_configure() {
  # Under Clang, LevelDB compiles itself and its users with -Werror (for
  # -Wthread-safety): the warnings of its own code under -Wall -Wextra (CXXFLAGS)
  # stay warnings, as they are with g++, so that both compilers build it whole.
  local HP_CXXFLAGS="$HP_CXXFLAGS -Wno-error=unused-parameter -Wno-error=sign-compare"
  HP_CXXFLAGS+=" -Wno-error=unused-but-set-variable -Wno-error=unused-const-variable"
  cmake_configure "$1" "$2" -DLEVELDB_BUILD_TESTS=ON -DLEVELDB_BUILD_BENCHMARKS=ON \
    -DLEVELDB_INSTALL=OFF
}

pkg_workload() {
  local build=$1 test name tmp args
  tmp=$build/workload-tmp
  rm -rf "$tmp"
  mkdir -p "$tmp"
  for test in "$build"/*_test; do
    [[ -x $test ]] || continue
    name=$(basename "$test")
    args=()
    case $name in
      issue178_test | issue320_test) continue ;;
      db_test) args=(--gtest_filter=-DBTest.MultiThreaded:DBTest.Randomized) ;;
    esac
    # The tests' databases go under TEST_TMPDIR (testing::TempDir()), which must
    # exist. BENCHMARK_FILTER=NONE: db_test runs no benchmark.
    mkdir -p "$tmp/$name"
    (cd "$build" && TEST_TMPDIR=$tmp/$name BENCHMARK_FILTER=NONE measure "$name" "$test" "${args[@]}")
  done
  if [[ -x $build/db_bench ]]; then
    (cd "$build" && measure db_bench "$build/db_bench" --num=20000 --db="$tmp/db_bench")
  fi
  rm -rf "$tmp"
}
