// The locks table end to end: a program linked with hotpath-wait, whose locks are
// contended a known number of times while known measured functions hold them,
// gets one row per contended lock: its name (given with hotpath::name_lock, the
// variable's for a lock with static storage, "mutex #1" otherwise), its waits
// exactly and their time within 5% of the program's own timer, where it was first
// waited for (function and source line), and its holders with exactly the waits
// each caused. Built with g++ and with Clang.
//
// REQUIRES: waits
// RUN: %gxx -std=c++17 -O2 -g %hotpath_cflags %S/Inputs/locking_program.cpp \
// RUN:   -o %t.gcc %hotpath_wait_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.gcc.json %t.gcc > %t.gcc.expected
// RUN: %python %S/Inputs/lock_check.py %t.gcc.expected %t.gcc.json | FileCheck %s
//
// RUN: %clangxx -std=c++17 -O2 -g %hotpath_cflags %S/Inputs/locking_program.cpp \
// RUN:   -o %t.clang %hotpath_wait_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.clang.json %t.clang > %t.clang.expected
// RUN: %python %S/Inputs/lock_check.py %t.clang.expected %t.clang.json | FileCheck %s
// CHECK: locks: 4 as the program measured them
//
// The table: after the waits section, longest total wait first. HOTPATH_REPORT
// names it `locks`.
// RUN: %t.gcc | FileCheck %s --check-prefix=TABLE
// RUN: env HOTPATH_REPORT=locks %t.gcc | FileCheck %s --check-prefix=TABLE
// RUN: env HOTPATH_REPORT=locks %t.gcc | FileCheck %s --check-prefix=ALONE
// RUN: env HOTPATH_REPORT=timing,waits %t.gcc | FileCheck %s --check-prefix=NO-LOCKS
// ALONE-NOT: [hotpath] waits
// NO-LOCKS-NOT: [hotpath] locks
// TABLE: [hotpath] locks - contended locks: time threads waited for each, and who held it meanwhile.
// TABLE-NEXT: +---
// TABLE-NEXT: | Lock {{ *}}| Kind {{ *}}| Waits | Total {{ *}}| Max {{ *}}| First contended {{ *}}| Held by {{ *}}|
// TABLE-NEXT: +---
// TABLE-NEXT: | jobs {{ *}}| mutex  | 5 {{ *}}| {{[0-9.]+}} ms {{ *}}| {{[0-9.]+}} ms {{ *}}| app::take_jobs (locking_program.cpp:{{[0-9]+}}) {{ *}}| app::hold_long {{[0-9]+}}%, app::hold_short {{[0-9]+}}% {{ *}}|
// TABLE: | mutex #1 {{ *}}| mutex  | 1 {{ *}}|
//
// A saved report shows the table again.
// RUN: %hotpath report %t.gcc.json --format markdown | FileCheck %s --check-prefix=SAVED
// SAVED: ### hotpath locks (contended)
// SAVED: | Lock | Kind | Waits | Total | Max | First contended | Held by |
// SAVED: | `jobs` | mutex | 5 | {{[0-9.]+}} ms | {{[0-9.]+}} ms | app::take\_jobs (locking\_program.cpp:{{[0-9]+}}) | app::hold\_long {{[0-9]+}}%, app::hold\_short {{[0-9]+}}% |
//
// Without the library: no locks section.
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags %S/Inputs/locking_program.cpp -o %t.plain %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.none.json %t.plain > /dev/null
// RUN: %python -c "import json,sys; sys.exit('locks' in json.load(open('%t.none.json')))"
