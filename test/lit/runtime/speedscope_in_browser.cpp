// REQUIRES: plugin, chromium, speedscope
// speedscope itself (npm package speedscope, its page in headless Chromium) opens
// HOTPATH_SPEEDSCOPE's file: on the main thread, whose calls span the longest, and
// its sandwich view lists app::render, the function with the most self time, first.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++17 -O1 -g -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %S/../cli/Inputs/pprof_program.cpp -o %t/program %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_SPEEDSCOPE=%t/profile.json %t/program 2> /dev/null
// RUN: %python %S/Inputs/speedscope_in_browser.py %speedscope_page %t/profile.json \
// RUN:   %t/flame.png | FileCheck %s
//
// CHECK:      opened: main ({{[0-9]+}})
// CHECK-NEXT: first function: app::render
// CHECK-NEXT: screenshot: PNG
//
// A program of five threads (the coroutine program: a pool resumes them): one
// profile each, and speedscope opens on main, which waits for the others.
// RUN: %clangxx -std=c++20 -O2 -g -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags -I%S/../../shared %S/Inputs/coroutine_program.cpp -o %t/threads \
// RUN:   %hotpath_libs -pthread
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_SPEEDSCOPE=%t/threads.json %t/threads 2> /dev/null
// RUN: %python %S/Inputs/speedscope_in_browser.py %speedscope_page %t/threads.json \
// RUN:   %t/threads.png | FileCheck %s --check-prefix=THREADS
// THREADS:      opened: main ({{[0-9]+}})
// THREADS-NEXT: first function: main
