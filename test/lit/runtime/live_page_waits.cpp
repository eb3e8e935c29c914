// The live page's Waits tab, as a person sees it: in a program linked with
// hotpath-wait, a link opens the tab, whose table has a column for each cause
// that happened (here I/O, Sleep and Other; no Lock, no Condvar), each function's
// exact count of waits (3 sleeps; 4 reads of a pipe and a join), each cause's
// count when its cell is hovered, the bytes the reads moved, the times
// /functions_wait answers, and no row for a function that only computes; under it
// the contended locks, with the lock's name, where it was first waited for and its
// holder. A screenshot is taken. Without hotpath-wait: live_page.cpp.
//
// REQUIRES: live, chromium, waits
// RUN: %gxx -std=c++17 -O2 -g %hotpath_cflags %S/Inputs/live_page_waits_program.cpp -o %t \
// RUN:   %hotpath_wait_libs %hotpath_libs
// RUN: %python %S/Inputs/live_page_waits_check.py %t %t.stop %t.png | FileCheck %s
//
// CHECK: waits tab: open, not greyed, table shown: True
// CHECK-NEXT: columns: Function, Waits, Blocked, Self, % Wall, Lock, I/O, Sleep, Other, I/O bytes
// CHECK-NEXT: rows: main, app::nap, app::read_pipe, app::take_lock
// CHECK-NEXT: app::nap: Waits 3, Lock -, I/O -, Sleep 3 waits, Other -, I/O bytes -
// CHECK-NEXT: app::read_pipe: Waits 5, Lock -, I/O 4 waits, Sleep -, Other 1 wait, I/O bytes 400 B
// CHECK-NEXT: times as /functions_wait says: True
// CHECK-NEXT: summary: main: {{[0-9.]+ (ms|s)}} blocked inside measured calls, against {{[0-9.]+ (ms|s)}} of wall time; 4 of 4 functions
// CHECK-NEXT: locks shown: True
// CHECK-NEXT: lock columns: Lock, Kind, Waits, Total, Max, First contended, Held by
// CHECK-NEXT: lock: jobs | mutex | 1 | {{[0-9.]+}} ms | {{[0-9.]+}} ms | app::take_lock (live_page_waits_program.cpp:{{[0-9]+}}) | (not measured) 100%
// CHECK-NEXT: screenshot: PNG 1280x800
