# JsonCpp 1.9.5 (Debian source package libjsoncpp): the JSON library (src/lib_json:
# a recursive-descent reader, the Value tree with its std::map of members, the
# writers), its unit tests (jsoncpp_test) and jsontestrunner.
# Workload:
#  - jsoncpp_test, the unit tests;
#  - test/runjsontests.py with jsontestrunner over test/data, as ctest's
#    jsoncpp_readerwriter runs it: a Python script starting one jsontestrunner per
#    document and writer (63 documents, 3 writers); they write no report
#    (HOTPATH_OUTPUT_FORMAT=none), as they would all write to the script's file;
#  - jsontestrunner on a generated document of 100,000 records (documents.py, about
#    23 MB): it parses it, prints the value tree, writes it back as JSON, parses
#    that and prints it again. Single-threaded on a fixed document: the same calls
#    in every run, the process checked by bench/real_code_cost (PKG_EXACT).
# PKG_DEPS and PKG_EXACT are read by the scripts; $here and $PKGDIR are run.sh's.
# shellcheck shell=bash disable=SC2034,SC2154

PKG_DEPS=(cmake python3)
PKG_EXACT=jsontestrunner

pkg_configure() {
  # The unit tests run at the end of the build unless told not to: the workload runs
  # them. No object library (a third compile of the library), no install files.
  # CCACHE_EXECUTABLE=OFF: where ccache is installed, JsonCpp compiles through it,
  # which does not know the plugin's version.
  cmake_configure "$1" "$2" -DJSONCPP_WITH_TESTS=ON -DJSONCPP_WITH_POST_BUILD_UNITTEST=OFF \
    -DBUILD_OBJECT_LIBS=OFF -DJSONCPP_WITH_PKGCONFIG_SUPPORT=OFF -DJSONCPP_WITH_CMAKE_PACKAGE=OFF \
    -DCCACHE_EXECUTABLE=OFF
}

pkg_workload() {
  local build=$1 src=$2 data=$PKGDIR/workload-data/json-100000 runner=$1/bin/jsontestrunner_exe
  [[ -x $build/bin/jsoncpp_test ]] && measure jsoncpp_test "$build/bin/jsoncpp_test"
  [[ -x $runner ]] || return 0
  (cd "$src/test/data" &&
    measure runjsontests env HOTPATH_OUTPUT_FORMAT=none python3 -B ../runjsontests.py "$runner" .)
  mkdir -p "$data"
  [[ -f $data/records.json ]] || python3 "$here/documents.py" json 100000 "$data/records.json"
  (cd "$data" && measure jsontestrunner "$runner" records.json)
}
