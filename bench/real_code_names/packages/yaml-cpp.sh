# yaml-cpp 0.7.0 (Debian source package yaml-cpp): the YAML library (a scanner and
# parser that turn a stream into events, the emitter, and the Node tree whose
# conversions are templates, YAML::convert<T> and Node::as<T>) and its GoogleTest
# suite (test/: the spec examples, the emitter's tests generated from them, the
# node and parser tests), against Debian's /usr/src/googletest
# (debian/patches/use-archive-googletest.patch), and its tools (util/: read, parse).
# Workload:
#  - yaml-cpp-tests, as ctest runs it;
#  - read (util/read.cpp: parses a document into events, no tree) 5 times on a
#    generated YAML document of 20,000 records (block mappings and sequences,
#    plain, quoted and literal scalars, anchors and aliases; 7.6 MB), held in
#    memory (-c). Single-threaded on a fixed document: the same calls in every run,
#    the process checked by bench/real_code_cost (PKG_EXACT).
# PKG_DEPS and PKG_EXACT are read by the scripts; $PKGDIR is run.sh's.
# shellcheck shell=bash disable=SC2034,SC2154

PKG_DEPS=(cmake python3 googletest libgtest-dev libgmock-dev)
PKG_EXACT=read

pkg_configure() {
  # As debian/rules (its shared build): the tools and the tests, the shared library.
  cmake_configure "$1" "$2" -DYAML_BUILD_SHARED_LIBS=ON -DYAML_CPP_BUILD_TOOLS=ON \
    -DYAML_CPP_BUILD_TESTS=ON -DINSTALL_GTEST=OFF -DYAML_CPP_INSTALL=OFF
}

# yaml_document RECORDS FILE: a YAML document of RECORDS records, the same bytes
# for the same RECORDS.
yaml_document() {
  python3 - "$1" "$2" << 'EOF'
import sys

records, path = int(sys.argv[1]), sys.argv[2]
with open(path + ".tmp", "w") as out:
    out.write("defaults: &defaults\n  retries: 3\n  timeout: 2.5\n  tags: [a, b, c]\n")
    out.write("records:\n")
    for i in range(records):
        out.write("  - id: %d\n" % i)
        out.write("    name: \"record %d: \\\"quoted\\\"\"\n" % i)
        out.write("    enabled: %s\n" % ("true" if i % 3 else "false"))
        out.write("    ratio: %d.%03d\n" % (i % 97, i % 1000))
        out.write("    settings: *defaults\n")
        out.write("    values: [%s]\n" % ", ".join(str(i * 7 + k) for k in range(8)))
        out.write("    children:\n")
        for k in range(3):
            out.write("      - {key: child-%d-%d, weight: %d}\n" % (i, k, (i + k) % 13))
        out.write("    note: |\n      line one of %d\n      line two, 'single' quotes\n" % i)
import os
os.replace(path + ".tmp", path)
EOF
}

pkg_workload() {
  local build=$1 data=$PKGDIR/workload-data/yaml-20000
  [[ -x $build/test/yaml-cpp-tests ]] && (cd "$build/test" && measure yaml-cpp-tests "$build/test/yaml-cpp-tests")
  mkdir -p "$data"
  [[ -f $data/records.yaml ]] || yaml_document 20000 "$data/records.yaml"
  [[ -x $build/util/read ]] && (cd "$data" && measure read "$build/util/read" -n 5 -c records.yaml)
  return 0
}
