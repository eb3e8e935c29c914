// REQUIRES: plugin
// Coroutines built with the plugin (Inputs/coroutine_program.cpp says what each
// does): exact instances, completions, destructions and resumes, for lazy tasks
// awaiting each other, coroutines hopping between the threads of a pool, a
// generator consumed and one abandoned, suspensions declined, and an eager
// coroutine whose exception leaves it (counted once, not twice); running +
// suspended = the logical durations of the timing rows; a coroutine waiting on a
// 50 ms timer is suspended, not running. The timeline has each segment on its
// thread, each instance as an async track, and a flow through its segments. At
// -O0 too, and with exclusive time.
//
// RUN: %clangxx -std=c++20 -O2 -g -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags -I%S/../../shared %S/Inputs/coroutine_program.cpp \
// RUN:   -o %t %hotpath_libs -pthread
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_TRACE=%t.trace.json %t > %t.json
// RUN: %python %S/Inputs/coroutine_report_check.py %t.json "suspended>=app::fetch=150" \
// RUN:   "running<app::fetch=10" | FileCheck %s
// RUN: %python %S/Inputs/coroutine_trace_check.py %t.trace.json app::serve app::fetch \
// RUN:   app::hop app::straight app::count_to app::fail | FileCheck %s --check-prefix=TRACE
//
// RUN: %clangxx -std=c++20 -O0 -g -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags -I%S/../../shared %S/Inputs/coroutine_program.cpp \
// RUN:   -o %t.O0 %hotpath_libs -pthread
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_TIME_EXCLUSIVE=1 %t.O0 > %t.O0.json
// RUN: %python %S/Inputs/coroutine_report_check.py %t.O0.json "suspended>=app::fetch=150" \
// RUN:   | FileCheck %s
//
// CHECK:      app::count_to: 3 instances, 2 completed, 1 destroyed, 14 resumes, calls 3
// CHECK-NEXT: app::fail: 3 instances, 3 completed, 0 destroyed, 3 resumes, calls 3
// CHECK-NEXT: app::fetch: 3 instances, 3 completed, 0 destroyed, 6 resumes, calls 3
// CHECK-NEXT: app::hop: 8 instances, 8 completed, 0 destroyed, 48 resumes, calls 8
// CHECK-NEXT: app::serve: 3 instances, 3 completed, 0 destroyed, 6 resumes, calls 3
// CHECK-NEXT: app::straight: 2 instances, 2 completed, 0 destroyed, 2 resumes, calls 2
// CHECK-NEXT: running + suspended = logical for every row; bounds hold
// Each coroutine under the one that created it: fetch under serve, whose
// co_await starts it (the initial suspension saw serve's segment).
// CHECK-NEXT: tree: app::count_to: 3 instances
// CHECK-NEXT: tree: app::fail: 3 instances
// CHECK-NEXT: tree: app::hop: 8 instances
// CHECK-NEXT: tree: app::serve: 3 instances
// CHECK-NEXT: tree: app::serve > app::fetch: 3 instances
// CHECK-NEXT: tree: app::straight: 2 instances
//
// serve and fetch start on the main thread and go on on the pool; hop hops.
// A declined suspension splits straight's segment in two (no resume counted).
// TRACE:      app::serve: 3 instances, 6 segments, 6 flow steps, 2 to {{[2-5]}} threads an instance
// TRACE-NEXT: app::fetch: 3 instances, 6 segments, 6 flow steps, 2 to {{[2-5]}} threads an instance
// TRACE-NEXT: app::hop: 8 instances, 48 segments, 48 flow steps, {{[1-5]}} to {{[1-5]}} threads an instance
// TRACE-NEXT: app::straight: 2 instances, 4 segments, 4 flow steps, 1 to 1 threads an instance
// TRACE-NEXT: app::count_to: 3 instances, 14 segments, 14 flow steps, 1 to 1 threads an instance
// TRACE-NEXT: app::fail: 3 instances, 3 segments, 0 flow steps, 1 to 1 threads an instance
