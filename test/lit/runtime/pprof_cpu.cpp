// REQUIRES: plugin, cpu
// The CPU samples in the pprof profile (HOTPATH_PPROF of a program linked with
// hotpath-cpu), read by `go tool pprof`: as many samples, and as much CPU time, as
// the report's CPU section counts; each measured function innermost on as many
// native stacks as the report gives it samples (a sample or two apart, for those
// taken inside a guard); the same hottest function; the thread's name as a label;
// the program's mapping with its build id, marked as symbolized.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++17 -O2 -g -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %S/Inputs/pprof_cpu_program.cpp -o %t/program %hotpath_cpu_libs \
// RUN:   %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/report.json \
// RUN:   HOTPATH_PPROF=%t/profile.pb.gz %t/program 2> /dev/null
// RUN: %python %S/Inputs/pprof_cpu_check.py %t/profile.pb.gz %t/report.json %t/program \
// RUN:   | FileCheck %s
//
// CHECK:      samples: pprof [[SAMPLES:[1-9][0-9]+]], report [[SAMPLES]]
// CHECK-NEXT: cpu: pprof [[CPU:[0-9]+]], samples x period [[CPU]]
// CHECK-NEXT: period: cpu nanoseconds {{[1-9][0-9]+}}
// CHECK-NOT:  far apart
// CHECK:      app::background: close
// CHECK-NEXT: app::heavy: close
// CHECK-NOT:  far apart
// CHECK:      top: pprof app::heavy, report app::heavy
// CHECK-NEXT: worker's top: app::background
// CHECK-NEXT: mapping: the program, with its build id, symbolized
