// REQUIRES: plugin, chromium, speedscope
// `hotpath speedscope` from a saved trace and from a saved report. The trace
// (HOTPATH_TRACE) gives the same evented profiles as the file the program writes
// itself (HOTPATH_SPEEDSCOPE), strictly nested, a frame per traced call; the report
// gives its call tree as one sampled profile, each function's stacks weighing its
// self time, which speedscope itself (in headless Chromium) opens, listing
// app::render first.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++17 -O1 -g -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %S/Inputs/pprof_program.cpp -o %t/program %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/report.json \
// RUN:   HOTPATH_TRACE=%t/trace.json HOTPATH_SPEEDSCOPE=%t/runtime.json %t/program 2> /dev/null
// RUN: %hotpath speedscope %t/trace.json -o %t/from_trace.json
// RUN: %python %S/Inputs/speedscope_compare.py timeline %t/runtime.json %t/from_trace.json \
// RUN:   | FileCheck %s --check-prefix=TRACE
// RUN: %python %S/../runtime/Inputs/speedscope_check.py %t/from_trace.json %t/trace.json \
// RUN:   main app::parse app::lex app::render | FileCheck %s --check-prefix=NESTED
// TRACE:      threads: main
// TRACE-NEXT: same events: {{[1-9][0-9]+}}
// NESTED:      main: opened 1, traced 1
// NESTED-NEXT: app::parse: opened 10, traced 10
// NESTED-NEXT: app::lex: opened 100, traced 100
// NESTED-NEXT: app::render: opened 3, traced 3
// NESTED-NEXT: nested
//
// RUN: %hotpath speedscope %t/report.json > %t/from_report.json
// RUN: %python %S/Inputs/speedscope_compare.py tree %t/from_report.json %t/report.json \
// RUN:   | FileCheck %s --check-prefix=TREE
// TREE:      profiles: call tree (wall time) (sampled)
// TREE-NEXT: app::lex: equal
// TREE-NEXT: app::parse: equal
// TREE-NEXT: app::render: equal
// TREE-NEXT: main: equal
// RUN: %python %S/../runtime/Inputs/speedscope_in_browser.py %speedscope_page \
// RUN:   %t/from_report.json %t/tree.png | FileCheck %s --check-prefix=BROWSER
// BROWSER:      opened: call tree (wall time)
// BROWSER-NEXT: first function: app::render
// BROWSER-NEXT: screenshot: PNG
//
// Errors name the file and what is wrong; nothing is written.
// RUN: not %hotpath speedscope %t/missing.json -o %t/out.json 2>&1 | FileCheck %s --check-prefix=MISSING
// MISSING: hotpath speedscope: cannot read "{{.*}}missing.json": No such file or directory
// RUN: echo '{"traceEvents": [{"ph": "X", "name": "f"}]}' > %t/broken_trace.json
// RUN: not %hotpath speedscope %t/broken_trace.json -o %t/out.json 2>&1 | FileCheck %s --check-prefix=BROKEN-TRACE
// BROKEN-TRACE: hotpath speedscope: {{.*}}broken_trace.json: event 1 is a complete event ("X") without name, tid, ts and dur
// RUN: echo '{"rows": []}' > %t/neither.json
// RUN: not %hotpath speedscope %t/neither.json -o %t/out.json 2>&1 | FileCheck %s --check-prefix=NEITHER
// NEITHER: hotpath speedscope: {{.*}}neither.json{{.*}}schema_version{{.*}}(nor is it a trace)
// RUN: test ! -e %t/out.json
// RUN: not %hotpath speedscope 2>&1 | FileCheck %s --check-prefix=NOTHING
// NOTHING: hotpath speedscope: no trace or report given (hotpath speedscope FILE.json)
