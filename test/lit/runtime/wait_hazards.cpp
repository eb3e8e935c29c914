// hotpath-wait in a program whose own allocator and signal handler take locks
// (Inputs/hazards_program.cpp): the program runs to its end (no deadlock, no
// recursion) with every wait's stack kept, its report has the workers' lock and
// sleep waits and the contended allocator's mutex by its variable's name, and its
// off-CPU stacks have the workers' waits under app::worker.
//
// REQUIRES: waits
// RUN: %gxx -std=c++17 -O2 -g %hotpath_cflags %S/Inputs/hazards_program.cpp -o %t \
// RUN:   %hotpath_wait_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json HOTPATH_OFFCPU_MIN_US=0 \
// RUN:   HOTPATH_FOLDED_OFFCPU=%t.folded timeout 120 %t | FileCheck %s
// CHECK: counter {{[0-9]+}}, handler ran yes
// RUN: %python -c "import json; r = json.load(open('%t.json')); \
// RUN:   w = {x['name']: x for x in r['functions_wait']['data']}['app::worker']['causes']; \
// RUN:   print('worker waits:', w['lock']['count'] > 0, w['sleep']['count'] >= 4 * 40); \
// RUN:   print('locks:', sorted(x['name'] for x in r['locks']['data'] if x['name'].startswith('app::')))" \
// RUN:   | FileCheck %s --check-prefix=REPORT
// REPORT: worker waits: True True
// REPORT: locks: ['app::g_counter_mutex']
// RUN: grep -c "app::worker(int);.*usleep [0-9]*$" %t.folded | FileCheck %s --check-prefix=STACKS
// STACKS: {{[1-9][0-9]*}}
