// The off-CPU flame graph end to end: a program linked with hotpath-wait and run
// with HOTPATH_FOLDED_OFFCPU and HOTPATH_FLAMEGRAPH_OFFCPU writes the native stack
// of every wait of at least HOTPATH_OFFCPU_MIN_US, weighted in microseconds. Each
// function that blocked a known way has its waits under its own frame, ending in
// the C library function it blocked in, within 5% of its own timer; the graph
// shows the same counts in headless Chromium. Waits outside measured calls count
// too (the threads the program starts). With every wait kept, each function's
// stacks add up to its own time blocked in the report; the blocking I/O example's
// waits end where they should, and its graph shows them so in the browser.
//
// REQUIRES: waits, chromium
// RUN: %gxx -std=c++17 -O2 -g %hotpath_cflags -I%S/Inputs %S/Inputs/waiting_program.cpp \
// RUN:   -o %t %hotpath_wait_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_FOLDED_OFFCPU=%t.folded \
// RUN:   HOTPATH_FLAMEGRAPH_OFFCPU=%t.svg %t > %t.expected
// RUN: %python %S/Inputs/offcpu_check.py %t.expected %t.folded %t.svg %t.png | FileCheck %s
// CHECK: off-CPU stacks: 7 functions under their frames, drawn by the browser
//
// The threads the program starts are not measured: their waits are there all the same.
// RUN: grep -c "^[^;]*;clone3;start_thread;.*nanosleep [0-9]*$" %t.folded | FileCheck %s --check-prefix=THREADS
// THREADS: {{[1-9][0-9]*}}
//
// Every wait kept: the stacks against the report's wait section.
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json HOTPATH_OFFCPU_MIN_US=0 \
// RUN:   HOTPATH_FOLDED_OFFCPU=%t.all.folded %t > /dev/null
// RUN: %python %S/Inputs/offcpu_against_report.py %t.json %t.all.folded \
// RUN:   app::wait_for_lock=pthread_mutex_lock app::nap=nanosleep app::join_worker=pthread_join \
// RUN:   | FileCheck %s --check-prefix=ALL
// ALL: off-CPU stacks: {{[0-9]+}} functions' waits as the report has them
//
// The seeds' blocking I/O example, built with the plugin.
// REQUIRES: plugin
// RUN: %clangxx -std=c++17 -O2 -g -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %S/../../../examples/profile_blocking_io.cpp -o %t.example \
// RUN:   %hotpath_wait_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.example.json HOTPATH_OFFCPU_MIN_US=0 \
// RUN:   HOTPATH_FOLDED_OFFCPU=%t.example.folded HOTPATH_FLAMEGRAPH_OFFCPU=%t.example.svg \
// RUN:   %t.example > /dev/null
// RUN: %python %S/Inputs/offcpu_against_report.py %t.example.json %t.example.folded \
// RUN:   profile_blocking_io::wait_for_lock=pthread_mutex_lock profile_blocking_io::nap=nanosleep \
// RUN:   | FileCheck %s --check-prefix=EXAMPLE
// EXAMPLE: off-CPU stacks: {{[0-9]+}} functions' waits as the report has them
// Its graph in the browser: the lock (held 30 ms), the nap (20 ms) and the file's
// creation (its fsync) each under its function, as the folded stacks have them.
// RUN: %python %S/Inputs/flamegraph_in_browser.py %t.example.svg %t.example.folded %t.example.png \
// RUN:   profile_blocking_io::wait_for_lock profile_blocking_io::nap \
// RUN:   profile_blocking_io::create_test_file | FileCheck %s --check-prefix=EXAMPLE-DRAWN
// EXAMPLE-DRAWN: title: Off-CPU Flame Graph
// EXAMPLE-DRAWN-NEXT: profile_blocking_io::wait_for_lock: drawn [[LOCK:[1-9][0-9]{4}]], folded [[LOCK]]
// EXAMPLE-DRAWN-NEXT: profile_blocking_io::nap: drawn [[NAP:[1-9][0-9]{4}]], folded [[NAP]]
// EXAMPLE-DRAWN-NEXT: profile_blocking_io::create_test_file: drawn [[FILE:[1-9][0-9]*]], folded [[FILE]]
// EXAMPLE-DRAWN-NEXT: screenshot: PNG
//
// A bad threshold is named, and the program runs on with the default.
// RUN: env HOTPATH_OUTPUT_FORMAT=none HOTPATH_OFFCPU_MIN_US=fast HOTPATH_FOLDED_OFFCPU=%t.bad.folded \
// RUN:   %t 2>&1 >/dev/null | FileCheck %s --check-prefix=BAD
// BAD: HOTPATH_OFFCPU_MIN_US
// RUN: test -s %t.bad.folded
