// REQUIRES: plugin
// The timeline in speedscope's format (HOTPATH_SPEEDSCOPE, which turns the timeline
// on by itself): one evented profile per thread whose frames open and close
// strictly nested, and as many frames of each function as the Chrome trace of the
// same run has calls of it (HOTPATH_TRACE), coroutine segments included.
//
// RUN: %clangxx -std=c++20 -O2 -g -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags -I%S/../../shared %S/Inputs/coroutine_program.cpp -o %t \
// RUN:   %hotpath_libs -pthread
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_SPEEDSCOPE=%t.speedscope.json \
// RUN:   HOTPATH_TRACE=%t.trace.json %t 2> /dev/null
// RUN: %python %S/Inputs/speedscope_check.py %t.speedscope.json %t.trace.json main \
// RUN:   app::busy app::fetch app::hop | FileCheck %s
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_SPEEDSCOPE=%t.alone.json %t 2> /dev/null
// RUN: %python %S/Inputs/speedscope_check.py %t.alone.json %t.trace.json main | FileCheck %s --check-prefix=ALONE
//
// busy: twice in each fetch (3), once in each of hop's 5 hops (8 x 5), once in each
// fail (3): 49.
// CHECK:      main: opened 1, traced 1
// CHECK-NEXT: app::busy: opened 49, traced 49
// CHECK-NEXT: app::fetch: opened 6, traced 6
// CHECK-NEXT: app::hop: opened 48, traced 48
// CHECK-NEXT: nested
// ALONE:      main: opened 1, traced 1
// ALONE-NEXT: nested
