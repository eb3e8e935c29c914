// REQUIRES: rewriter
// The command line: --output-dir mirrors the inputs' paths below their common
// directory (a single file lands at DIR/<file name>); --depfile writes a Makefile
// rule for build systems; --quiet drops the summary when all went well; bad
// options are refused with a message naming them, before any file is read.
//
// RUN: rm -rf %t && mkdir -p %t/src/a %t/src/b %t/gcc
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
// A g++ build's database may hold options Clang does not know: each is dropped
// with a note, once; warning options of g++ are no concern (no "unknown warning").
// RUN: printf '[{"directory": "%t/src/a", "file": "unit.cpp", "command": "g++ -std=c++17 -fno-lifetime-dse -Wno-stringop-overflow -DFROM_DATABASE=1 -fconcepts-diagnostics-depth=2 %hotpath_cflags -c unit.cpp"}]' > %t/gcc/compile_commands.json
// RUN: %hotpath_rewrite -p %t/gcc --print %t/src/a/unit.cpp 2> %t/gcc.txt | FileCheck %s --check-prefix=DATABASE
// RUN: FileCheck %s --check-prefix=GCC < %t/gcc.txt
// GCC: clang-hotpath-rewrite: note: ignoring '-fno-lifetime-dse', an option Clang does not know
// GCC-NEXT: clang-hotpath-rewrite: note: ignoring '-fconcepts-diagnostics-depth=2', an option Clang does not know
// GCC-NEXT: clang-hotpath-rewrite: 1 of 1 files done, 1 guard added
//
// Nothing to read is an error, in one line, and a non-zero exit.
// RUN: not %hotpath_rewrite -p /nonexistent --print %t/src/a/unit.cpp 2>&1 | FileCheck %s --check-prefix=NODB
// NODB: clang-hotpath-rewrite: error: -p '/nonexistent': no compilation database (compile_commands.json) there or above
// NODB-NOT: {{.}}
// RUN: not %hotpath_rewrite --print %t/src/missing.cpp -- -std=c++17 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: clang-hotpath-rewrite: error: '{{.*}}missing.cpp': no such file
// MISSING-NEXT: clang-hotpath-rewrite: 0 of 1 files done, 0 guards added; failed: {{.*}}missing.cpp
//
// The rewriter's own output needs no include path to be rewritten again.
// RUN: %hotpath_rewrite --output-dir=%t/first %t/src/a/unit.cpp -- -std=c++17 -DFROM_DATABASE=1 %hotpath_cflags
// RUN: %hotpath_rewrite --in-place %t/first/unit.cpp -- -std=c++17 -DFROM_DATABASE=1 2>&1 | FileCheck %s --check-prefix=AGAIN
// AGAIN: clang-hotpath-rewrite: 1 of 1 files done, 0 guards added
//
// Clang's warnings about the code itself are the build compiler's business: with
// -Wall -Wextra the parse says nothing of the unused parameter below.
// RUN: %hotpath_rewrite --print %t/src/a/unit.cpp -- -std=c++17 -DFROM_DATABASE=1 -Wall \
// RUN:   -Wextra %hotpath_cflags 2>&1 > /dev/null | FileCheck %s --check-prefix=QUIET
// QUIET-NOT: warning:
// QUIET: {{^}}clang-hotpath-rewrite: 1 of 1 files done, 1 guard added
//
// RUN: not %hotpath_rewrite --print --in-place %s -- 2>&1 | FileCheck %s --check-prefix=MODES
// MODES: clang-hotpath-rewrite: error: give exactly one of --print, --diff, --output-dir=<dir>, --output-root=<dir> and --in-place
// RUN: not %hotpath_rewrite --print '--header-filter=(' %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=HEADERS
// HEADERS: clang-hotpath-rewrite: error: --header-filter='(' is not a valid regular expression: {{.+}}
// RUN: not %hotpath_rewrite --print '--measure-all=[' %s -- 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MEASURE
// MEASURE: clang-hotpath-rewrite: error: --measure-all='[' is not a valid regular expression: {{.+}}
// RUN: not %hotpath_rewrite --print --depfile=%t/x.d %s -- 2>&1 | FileCheck %s --check-prefix=DEP
// DEP: clang-hotpath-rewrite: error: --depfile needs --output-dir or --output-root

#include <hotpath/hotpath.hpp>

#ifndef FROM_DATABASE
#error "compiled without its command's -DFROM_DATABASE"
#endif

[[hotpath::measure]] int unit() { return FROM_DATABASE; }

int ignores(int unused_value) { return 0; }
