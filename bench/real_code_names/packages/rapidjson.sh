# RapidJSON 1.1.0 (Debian source package rapidjson): a header-only library of
# templates (a SAX reader recursing on values, templated on its flags, the stream
# and the handler; writers; the DOM) and its GoogleTest unit tests, against Debian's
# googletest sources (/usr/src/googletest).
# Only the unit tests and the example condense are built: perftest needs
# bin/data/sample.json, which the Debian sources do not have, and the other examples
# add nothing to the workload.
# Workload:
#  - unittest, as ctest runs it (in bin/ of the sources, which has its data);
#  - condense: the package's example (SAX Reader into a Writer, validating UTF-8),
#    reading a generated document of 1,000,000 records (documents.py, about 230 MB) on
#    its standard input. Single-threaded on a fixed document: the same calls in
#    every run, the process checked by bench/real_code_cost (PKG_EXACT).
# PKG_DEPS and PKG_EXACT are read by the scripts; $here and $PKGDIR are run.sh's.
# shellcheck shell=bash disable=SC2034,SC2154

PKG_DEPS=(cmake googletest python3)
PKG_EXACT=condense

pkg_configure() {
  # The tests and the examples build with -Werror, and under Clang with -Weverything:
  # Clang 19's warnings on code of 2016 (thousands, from -Wunsafe-buffer-usage to
  # -Wc++98-compat) would stop the build. Both are left out in all four builds; the
  # other warnings stay, to be compared by warnings.py.
  sed -i -e 's/ -Werror\b//g' -e 's/ -Weverything\b//g' \
    "$1/CMakeLists.txt" "$1/test/unittest/CMakeLists.txt" "$1/example/CMakeLists.txt"
  # GenericStringRef's copy assignment assigns its const members: never instantiated,
  # g++ lets it be, Clang 19 rejects it wherever document.h is included. Declared
  # without a definition in all four builds (as nothing uses it, the same program).
  sed -i 's/\(GenericStringRef& operator=(const GenericStringRef& rhs)\) { s = rhs.s; length = rhs.length; }/\1;/' \
    "$1/include/rapidjson/document.h"
  grep -q 'GenericStringRef& operator=(const GenericStringRef& rhs);' "$1/include/rapidjson/document.h" ||
    { echo "rapidjson.sh: GenericStringRef::operator= not found in document.h" >&2; return 1; }
  # CCACHE_FOUND=OFF: where ccache is installed, RapidJSON compiles through it (which
  # does not know the plugin's version) and with -fcolor-diagnostics in the logs.
  cmake_configure "$1" "$2" -DRAPIDJSON_BUILD_DOC=OFF -DRAPIDJSON_BUILD_EXAMPLES=ON \
    -DRAPIDJSON_BUILD_TESTS=ON -DGTEST_SOURCE_DIR=/usr/src/googletest/googletest -DCCACHE_FOUND=OFF
}

pkg_build() { cmake --build "$1" -j "$JOBS" --target unittest condense -- -k 0; }

pkg_workload() {
  local build=$1 src=$2 data=$PKGDIR/workload-data/json-1000000
  [[ -x $build/bin/unittest ]] && (cd "$src/bin" && measure unittest "$build/bin/unittest")
  [[ -x $build/bin/condense ]] || return 0
  mkdir -p "$data"
  [[ -f $data/records.json ]] || python3 "$here/documents.py" json 1000000 "$data/records.json"
  # condense reads its standard input, which measure gives /dev/null: the shell
  # replaces itself with condense, reading the document.
  # shellcheck disable=SC2016  # the inner shell expands its own arguments
  measure condense sh -c 'exec "$1" < "$2" > /dev/null' sh "$build/bin/condense" "$data/records.json"
}
