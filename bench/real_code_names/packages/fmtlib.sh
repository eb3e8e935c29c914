# {fmt} 9.1 (Debian source package fmtlib): the library (src/format.cc, os.cc), its
# headers (include/fmt/*.h: nearly all of {fmt} is templates and inline functions)
# and its GoogleTest suite, built against Debian's googletest sources
# (/usr/src/googletest, debian/patches/0001). Workload: every test executable.
# shellcheck shell=bash disable=SC2034  # PKG_DEPS is read by run.sh

# Build-Depends-Arch of the source package (Build-Depends-Indep is the docs).
PKG_DEPS=(cmake googletest)

pkg_configure() {
  # Unlike debian/rules: no docs, a static library (the default) and FMT_PEDANTIC off
  # (its extra warnings and compile-only checks measure nothing).
  cmake_configure "$1" "$2" -DFMT_DOC=OFF -DFMT_TEST=ON -DFMT_INSTALL=OFF -DFMT_PEDANTIC=OFF \
    -DFMT_WERROR=OFF
}

pkg_workload() {
  local build=$1 test
  # The executables that ctest would run (add_fmt_test and posix-mock-test).
  for test in "$build"/bin/*-test; do
    [[ -x $test ]] || continue
    (cd "$build" && measure "$(basename "$test")" "$test")
  done
}
