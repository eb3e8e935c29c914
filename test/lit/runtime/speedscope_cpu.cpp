// REQUIRES: plugin, cpu, chromium, speedscope
// The CPU samples in HOTPATH_SPEEDSCOPE's file (a program linked with hotpath-cpu):
// a sampled profile per thread next to the evented ones, whose weights add up to
// the report's samples times the period, each with its thread's hottest function;
// and speedscope itself (its page in headless Chromium) opens the main thread's,
// its sandwich view listing app::heavy first.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++17 -O2 -g -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %S/Inputs/pprof_cpu_program.cpp -o %t/program %hotpath_cpu_libs \
// RUN:   %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/report.json \
// RUN:   HOTPATH_SPEEDSCOPE=%t/profile.json %t/program 2> /dev/null
// RUN: %python %S/Inputs/speedscope_cpu_check.py %t/profile.json %t/report.json | FileCheck %s
// RUN: %python %S/Inputs/speedscope_in_browser.py %speedscope_page %t/profile.json \
// RUN:   %t/cpu.png "program CPU samples" | FileCheck %s --check-prefix=BROWSER
//
// CHECK:      sampled: program CPU samples, worker CPU samples
// CHECK-NEXT: well formed
// CHECK-NEXT: weight: [[WEIGHT:[1-9][0-9]+]], report [[WEIGHT]]
// CHECK-NEXT: program CPU samples: app::heavy()
// CHECK-NEXT: worker CPU samples: app::background()
//
// BROWSER:      opened: program CPU samples
// BROWSER-NEXT: first function: app::heavy()
// BROWSER-NEXT: screenshot: PNG
