// REQUIRES: rewriter
// The command line: --output-dir mirrors the inputs' paths below their common
// directory (a single file lands at DIR/<file name>); --depfile writes a Makefile
// rule for build systems; --quiet drops the summary when all went well; bad
// options are refused with a message naming them, before any file is read.
//
// RUN: rm -rf %t && mkdir -p %t/src/a %t/src/b
// RUN: cp %s %t/src/a/unit.cpp && cp %s %t/src/b/unit.cpp
// RUN: %hotpath_rewrite --output-dir=%t/both %t/src/a/unit.cpp %t/src/b/unit.cpp -- \
// RUN:   -std=c++17 -DFROM_DATABASE=1 %hotpath_cflags
// RUN: ls %t/both/a/unit.cpp %t/both/b/unit.cpp
// RUN: %hotpath_rewrite --output-dir=%t/single %t/src/b/unit.cpp -- -std=c++17 -DFROM_DATABASE=1 %hotpath_cflags
// RUN: ls %t/single/unit.cpp
//
// RUN: %hotpath_rewrite --quiet --output-dir=%t/dep --depfile=%t/dep/unit.d %t/src/a/unit.cpp \
// RUN:   -- -std=c++17 -DFROM_DATABASE=1 %hotpath_cflags 2> %t/quiet.txt
// RUN: count 0 < %t/quiet.txt
// RUN: FileCheck %s --check-prefix=DEPFILE < %t/dep/unit.d
// DEPFILE: {{.*}}/dep/unit.cpp: \
// DEPFILE: {{.*}}/src/a/unit.cpp
// DEPFILE: {{.*}}/include/hotpath/hotpath.hpp
//
// The flags can come from a compilation database, as with clang-tidy; the file is
// parsed with its own command (here: the define it needs).
// RUN: printf '[{"directory": "%t/src/a", "file": "unit.cpp", "command": "g++ -std=c++17 -DFROM_DATABASE=1 %hotpath_cflags -c unit.cpp"}]' > %t/compile_commands.json
// RUN: %hotpath_rewrite -p %t --print %t/src/a/unit.cpp | FileCheck %s --check-prefix=DATABASE
// DATABASE: int unit() { static ::hotpath::Site __hotpath_site("unit",
//
// RUN: not %hotpath_rewrite --print --in-place %s -- 2>&1 | FileCheck %s --check-prefix=MODES
// MODES: clang-hotpath-rewrite: error: give exactly one of --print, --diff, --output-dir=<dir> and --in-place
// RUN: not %hotpath_rewrite --print '--header-filter=(' %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HEADERS
// HEADERS: clang-hotpath-rewrite: error: --header-filter='(' is not a valid regular expression: {{.+}}
// RUN: not %hotpath_rewrite --print '--measure-all=[' %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MEASURE
// MEASURE: clang-hotpath-rewrite: error: --measure-all='[' is not a valid regular expression: {{.+}}
// RUN: not %hotpath_rewrite --print --depfile=%t/x.d %s -- 2>&1 | FileCheck %s --check-prefix=DEP
// DEP: clang-hotpath-rewrite: error: --depfile needs --output-dir

#include <hotpath/hotpath.hpp>

#ifndef FROM_DATABASE
#error "compiled without its command's -DFROM_DATABASE"
#endif

[[hotpath::measure]] int unit() { return FROM_DATABASE; }
