// The live page's Waits tab, as a person sees it: in a program linked with
// hotpath-wait, a link opens the tab, whose table has a column for each cause
// that happened (here I/O, Sleep and Other; no Lock, no Condvar), each function's
// exact count of waits (3 sleeps; 4 reads of a pipe and a join), each cause's
// count when its cell is hovered, the bytes the reads moved, the times
// /functions_wait answers, and no row for a function that only computes. A
// screenshot is taken. Without hotpath-wait: live_page.cpp.
//
// REQUIRES: live, chromium, waits
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags %S/Inputs/live_page_waits_program.cpp -o %t \
// RUN:   %hotpath_wait_libs %hotpath_libs
// RUN: %python %S/Inputs/live_page_waits_check.py %t %t.stop %t.png | FileCheck %s
//
// CHECK: waits tab: open, not greyed, table shown: True
// CHECK-NEXT: columns: Function, Waits, Blocked, Self, % Wall, I/O, Sleep, Other, I/O bytes
// CHECK-NEXT: rows: main, app::nap, app::read_pipe
// CHECK-NEXT: app::nap: Waits 3, I/O -, Sleep 3 waits, Other -, I/O bytes -
// CHECK-NEXT: app::read_pipe: Waits 5, I/O 4 waits, Sleep -, Other 1 wait, I/O bytes 400 B
// CHECK-NEXT: times as /functions_wait says: True
// CHECK-NEXT: summary: main: {{[0-9.]+ (ms|s)}} blocked inside measured calls, against {{[0-9.]+ (ms|s)}} of wall time; 3 of 3 functions
// CHECK-NEXT: screenshot: PNG 1280x800
