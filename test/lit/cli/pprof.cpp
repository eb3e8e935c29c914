// REQUIRES: plugin
// A report as a pprof profile, read by `go tool pprof` (Debian golang-go): written
// at exit (HOTPATH_PPROF) and by `hotpath pprof` from the saved JSON report, the
// two byte for byte the same. Per function and sample type, the sums of the
// samples where it is innermost equal hotpath's own report: self wall time and
// calls from its call tree, allocations from its rows; and `go tool pprof -top`
// lists first the function with the most self time.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++17 -O1 -g -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %S/Inputs/pprof_program.cpp -o %t/program %hotpath_alloc_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/report.json HOTPATH_LIMIT=0 \
// RUN:   HOTPATH_PPROF=%t/exit.pb.gz %t/program 2> /dev/null
// RUN: %hotpath pprof %t/report.json -o %t/command.pb.gz
// RUN: cmp %t/exit.pb.gz %t/command.pb.gz
// RUN: %python %S/Inputs/pprof_against_report.py %t/exit.pb.gz %t/report.json | FileCheck %s
//
// CHECK-NOT: mismatch
// CHECK: calls app::lex: 100
// CHECK: calls app::parse: 10
// CHECK: calls app::render: 3
// CHECK: calls main: 1
// CHECK: wall app::lex: {{[1-9][0-9]+}}
// CHECK: wall app::render: {{[1-9][0-9]+}}
// CHECK: alloc_objects app::lex: 100
// CHECK: alloc_space app::lex: 25600
// CHECK: wall total: pprof [[TOTAL:[0-9]+]], report [[TOTAL]]
// CHECK: top: pprof app::render, report app::render
//
// Errors: no output file, a file that is no report; nothing is written.
// RUN: not %hotpath pprof %t/report.json 2>&1 | FileCheck %s --check-prefix=NO-OUTPUT
// NO-OUTPUT: hotpath pprof: no output file given: -o FILE (a profile is binary)
// RUN: echo '{"schema_version": 1}' > %t/broken.json
// RUN: not %hotpath pprof %t/broken.json -o %t/broken.pb.gz 2>&1 | FileCheck %s --check-prefix=BROKEN
// RUN: test ! -e %t/broken.pb.gz
// BROKEN: hotpath pprof: {{.*}}broken.json{{.*}}functions_timing
