# pugixml 1.13 (Debian source package pugixml): the XML library (src/pugixml.cpp,
# one file: a parser whose scanners are templates over the parse options, the DOM
# and an XPath evaluator that recurses on its expression tree) and its test suite
# (tests/*.cpp, its own framework, one executable).
# Workload:
#  - pugixml-check, as ctest runs it (in the source directory, which has tests/data);
#  - xpath_select: the package's sample docs/samples/xpath_select.cpp, built with the
#    library (pkg_configure adds it to the copy's CMakeLists.txt), run on a generated
#    xgconsole.xml of 1,200,000 tools (documents.py, about 240 MB): it loads the document
#    and runs its two XPath queries (attribute predicates on every Tool, then
#    contains() on every Description, the match being the last one). Single-threaded
#    on a fixed document: the same calls in every run, the process checked by
#    bench/real_code_cost (PKG_EXACT).
# PKG_DEPS and PKG_EXACT are read by the scripts; $here and $PKGDIR are run.sh's.
# shellcheck shell=bash disable=SC2034,SC2154

PKG_DEPS=(cmake python3)
PKG_EXACT=xpath_select

pkg_configure() {
  cat >> "$1/CMakeLists.txt" << 'CMAKE'

# bench/real_code_names: the XPath sample as the hot workload.
add_executable(xpath_select docs/samples/xpath_select.cpp)
target_link_libraries(xpath_select PRIVATE pugixml::pugixml)
CMAKE
  # As debian/rules: a shared library, and the tests.
  cmake_configure "$1" "$2" -DBUILD_SHARED_LIBS=ON -DPUGIXML_BUILD_TESTS=ON
}

pkg_workload() {
  local build=$1 src=$2 data=$PKGDIR/workload-data/xml-1200000
  [[ -x $build/pugixml-check ]] && (cd "$src" && measure pugixml-check "$build/pugixml-check")
  mkdir -p "$data"
  [[ -f $data/xgconsole.xml ]] || python3 "$here/documents.py" xml 1200000 "$data/xgconsole.xml"
  [[ -x $build/xpath_select ]] && (cd "$data" && measure xpath_select "$build/xpath_select")
  return 0
}
