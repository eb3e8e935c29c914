// Waits by cause end to end: a program linked with hotpath-wait gets a wait
// section in which each function that blocked a known number of times (on a
// contended std::mutex, a condition variable, a pipe read, a sleep, a join) has
// exactly those waits, their time within 5% of the program's own timer around each
// blocking call, and the bytes its reads moved; a function that only computes has
// none; callers have their callees' waits inclusively. Built with g++ and with
// Clang; and with the library preloaded into a program not linked with it.
//
// REQUIRES: waits
// RUN: %gxx -std=c++17 -O2 -g %hotpath_cflags -I%S/Inputs %S/Inputs/waiting_program.cpp \
// RUN:   -o %t.gcc %hotpath_wait_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.gcc.json %t.gcc > %t.gcc.expected
// RUN: %python %S/Inputs/wait_check.py %t.gcc.expected %t.gcc.json
//
// RUN: %clangxx -std=c++17 -O2 -g %hotpath_cflags -I%S/Inputs %S/Inputs/waiting_program.cpp \
// RUN:   -o %t.clang %hotpath_wait_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.clang.json %t.clang > %t.clang.expected
// RUN: %python %S/Inputs/wait_check.py %t.clang.expected %t.clang.json
//
// Preloaded into a program linked with libhotpath alone.
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags -I%S/Inputs %S/Inputs/waiting_program.cpp \
// RUN:   -o %t.plain %hotpath_libs
// RUN: env LD_PRELOAD=%hotpath_wait_lib HOTPATH_OUTPUT_FORMAT=json \
// RUN:   HOTPATH_OUTPUT_PATH=%t.preload.json %t.plain > %t.preload.expected
// RUN: %python %S/Inputs/wait_check.py %t.preload.expected %t.preload.json
//
// Without the library, the report has no wait section.
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.none.json %t.plain > /dev/null
// RUN: %python -c "import json,sys; sys.exit('functions_wait' in json.load(open('%t.none.json')))"
//
// The table: a section after timing, its rows by time blocked, a column for each
// cause that happened (here all five).
// RUN: %t.gcc | FileCheck %s --check-prefix=TABLE
// TABLE: [hotpath] waits - time blocked in functions, by cause (inclusive; Self: innermost).
// TABLE-NEXT: {{.*}}: {{.*}} blocked inside measured calls, against {{.*}} of wall time
// TABLE-NEXT: +---
// TABLE-NEXT: | Function {{ *}}| Waits | Blocked {{ *}}| Self {{ *}}| % Wall | Lock {{ *}}| Condvar {{ *}}| I/O {{ *}}| Sleep {{ *}}| Other {{ *}}| I/O bytes |
// TABLE: | app::wait_for_lock {{ *}}| 10 {{ *}}| {{.*}} | {{[0-9.]+}} ms {{ *}}| - {{ *}}| - {{ *}}| - {{ *}}| {{[0-9.]+ [^ ]+}} {{ *}}| - {{ *}}|
// TABLE: | app::read_pipe {{ *}}| {{.*}} | 300 B {{ *}}|
//
// Saved reports: `hotpath report` shows the section again, `hotpath diff --metric
// wait` compares time blocked per call (the g++ and the Clang runs of the same
// program: the same functions; a wait of 10 ms can take 30 on a busy machine, so
// the verdicts are not checked).
// RUN: %hotpath report %t.gcc.json --format markdown | FileCheck %s --check-prefix=SAVED
// SAVED: ### hotpath waits (inclusive; Self: innermost)
// SAVED: | Function | Waits | Blocked | Self | % Wall | Lock | Condvar | I/O | Sleep | Other | I/O bytes |
// SAVED: | `app::wait_for_lock` | 10 | {{[^|]+}} | {{[^|]+}} | {{[^|]+}} | {{[0-9.]+}} ms | - | - | - | {{[^|]+}} | - |
// RUN: %hotpath diff --metric wait %t.gcc.json %t.clang.json --threshold 50% \
// RUN:   | FileCheck %s --check-prefix=DIFF
// DIFF: hotpath diff: time blocked per call, threshold 50%
// DIFF: {{[0-9]+}} regressions, {{[0-9]+}} improvements, {{[0-9]+}} unchanged
// DIFF: | app::wait_for_lock | 1 | {{[0-9.]+}} ms | {{[0-9.]+}} ms | {{[-+][0-9.]+}}% | {{[^|]*}}|
// RUN: not %hotpath diff --metric wait %t.gcc.json %t.none.json 2>&1 | FileCheck %s --check-prefix=NO-SECTION
// NO-SECTION: --metric wait needs the wait section (functions_wait), which only programs linked with hotpath-wait have
//
// HOTPATH_REPORT leaves it out, or asks for it alone.
// RUN: env HOTPATH_REPORT=timing %t.gcc | FileCheck %s --check-prefix=NO-WAITS
// NO-WAITS-NOT: [hotpath] waits
// RUN: env HOTPATH_REPORT=waits %t.gcc | FileCheck %s --check-prefix=ONLY-WAITS
// ONLY-WAITS-NOT: [hotpath] timing
// ONLY-WAITS: [hotpath] waits
