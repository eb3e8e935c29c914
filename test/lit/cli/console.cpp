// `hotpath console` in a terminal (tmux, 110x24) against a running program: the
// table has the program's functions with their exact call counts, largest total
// first; Down and Enter open a function's histogram and recent calls; / filters;
// s changes the order; t shows the threads; the screen is drawn again at a new
// size; q quits. A URL that is not one is refused before the screen starts.
//
// REQUIRES: live, hotpath-cli, tmux
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags %S/../runtime/Inputs/served_program.cpp -o %t \
// RUN:   %hotpath_libs
// RUN: %python %S/Inputs/console_check.py %hotpath %t %t.stop | FileCheck %s
//
// CHECK: start: app::slow 3, app::medium 7, app::fast 40
// CHECK-NEXT: detail: app::medium, histogram rows {{[1-9]}}, recent calls 7
// CHECK-NEXT: filter: app::fast 40
// CHECK-NEXT: order by calls: app::fast, app::medium, app::slow
// CHECK-NEXT: threads: main {{running|sleeping}}
// CHECK-NEXT: resized to 80x20: widest line 80 columns
// CHECK-NEXT: quit: the console ended
//
// RUN: not %hotpath console ftp://x 2>&1 | FileCheck %s --check-prefix=BAD
// BAD: hotpath console: "ftp://x" is not an http:// URL (for example http://127.0.0.1:6770)
