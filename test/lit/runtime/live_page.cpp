// The live page at /, as a person sees it: loaded in headless Chromium against a
// running program, its table has the program's functions, largest total first,
// with their exact call counts; a link to a function opens its detail with the
// histogram and the recent calls; the threads tab lists the threads; the waits
// tab, in a program without hotpath-wait, is greyed and says what the server said
// instead of showing a table; a program without coroutines has no Coroutines tab;
// nothing is fetched from anywhere but the program; a screenshot is taken.
//
// REQUIRES: live, chromium
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags %S/Inputs/served_program.cpp -o %t %hotpath_libs
// RUN: %python %S/Inputs/live_page_check.py %t %t.stop %t.png | FileCheck %s
//
// CHECK: page: 200 text/html, no address outside the program: True
// CHECK-NEXT: table: app::slow 3, app::medium 7, app::fast 40
// CHECK-NEXT: detail: app::medium, histogram bars {{[1-9][0-9]*}}, recent calls 7
// CHECK-NEXT: threads tab: main {{running|sleeping}}
// CHECK-NEXT: waits tab: greyed, open: True, table hidden: True, says: no waits recorded in this program: link hotpath-wait (-lhotpath-wait) or preload it
// CHECK-NEXT: coroutines tab: hidden
// CHECK-NEXT: screenshot: PNG 1280x800
