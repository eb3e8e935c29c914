// The live page's Coroutines tab, as a person sees it: in a program whose
// coroutines the plugin measured, a link opens the tab, whose table has each
// coroutine's exact instances, completions, destructions and resumes (a Destroyed
// column, since some instance was destroyed), "-" for the averages of a coroutine
// none of whose instances has ended, and the times /coroutines answers, with the
// totals above it. /metrics has the coroutine families, which promtool accepts. A
// screenshot is taken. Without coroutines the tab is not there: live_page.cpp.
//
// REQUIRES: live, chromium, plugin
// RUN: %clangxx -std=c++20 -O2 -g -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags \
// RUN:   -I%S/../../shared %S/Inputs/live_page_coroutines_program.cpp -o %t %hotpath_libs -pthread
// RUN: %python %S/Inputs/live_page_coroutines_check.py %t %t.stop %t.png | FileCheck %s
//
// CHECK: coroutines tab: open, shown, table shown: True
// CHECK-NEXT: columns: Function, Instances, Completed, Destroyed, Resumes, Running, Avg run, P95 run, Suspended, Avg susp
// CHECK-NEXT: rows: app::nap, app::count_to, app::park
// CHECK-NEXT: app::nap: Instances 2, Completed 2, Destroyed 0, Resumes 6
// CHECK-NEXT: app::count_to: Instances 3, Completed 2, Destroyed 1, Resumes 14
// CHECK-NEXT: app::park: Instances 1, Completed 0, Destroyed 0, Resumes 1
// CHECK-NEXT: app::park: Avg run -, Avg susp -
// CHECK-NEXT: times as /coroutines says: True
// CHECK-NEXT: app::nap suspended 40 ms or more an instance: True
// CHECK-NEXT: summary: {{.+}}: 6 instances, {{[0-9.]+ (ns|µs|ms)}} running and {{[0-9.]+ ms}} suspended; 3 of 3 coroutines
// CHECK-NEXT: metrics: promtool exit 0
// CHECK-NEXT: hotpath_coroutine_instances_total app::count_to: 3
// CHECK-NEXT: hotpath_coroutine_resumes_total app::count_to: 14
// CHECK-NEXT: screenshot: PNG 1280x800
