// REQUIRES: rewriter
// The coroutine program of the runtime's tests, rewritten and built with g++ (and
// Clang): the same exact counts as with the plugin (runtime/coroutines.cpp), except
// for the generator, whose co_yield text cannot route through the guard: it is
// measured from first resume to completion only, with no coroutine row. The eager
// coroutine whose exception leaves it is counted once.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %hotpath_rewrite --output-dir=%t/out %S/../runtime/Inputs/coroutine_program.cpp -- \
// RUN:   -std=c++20 -I%S/../../shared %hotpath_cflags 2> /dev/null
// RUN: %gxx -std=c++20 -O2 -Wall -Wextra -Werror -Wno-attributes -I%S/../../shared %hotpath_cflags \
// RUN:   %t/out/coroutine_program.cpp -o %t/gxx %hotpath_libs -pthread
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/gxx > %t/gxx.json
// RUN: %python %S/../runtime/Inputs/coroutine_report_check.py %t/gxx.json \
// RUN:   "suspended>=app::fetch=150" "running<app::fetch=10" | FileCheck %s
// RUN: %python -c "import json,sys; rows={r['name']: r['calls'] for r in json.load(open(sys.argv[1]))['functions_timing']['data']}; print('count_to calls', rows['app::count_to'])" %t/gxx.json | FileCheck %s --check-prefix=GENERATOR
// RUN: %clangxx -std=c++20 -O2 -Wall -Wextra -Werror -Wno-unknown-attributes \
// RUN:   -I%S/../../shared %hotpath_cflags \
// RUN:   %t/out/coroutine_program.cpp -o %t/clang %hotpath_libs -pthread
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/clang > %t/clang.json
// RUN: %python %S/../runtime/Inputs/coroutine_report_check.py %t/clang.json | FileCheck %s
//
// CHECK:      app::fail: 3 instances, 3 completed, 0 destroyed, 3 resumes, calls 3
// CHECK-NEXT: app::fetch: 3 instances, 3 completed, 0 destroyed, 6 resumes, calls 3
// CHECK-NEXT: app::hop: 8 instances, 8 completed, 0 destroyed, 48 resumes, calls 8
// CHECK-NEXT: app::serve: 3 instances, 3 completed, 0 destroyed, 6 resumes, calls 3
// CHECK-NEXT: app::straight: 2 instances, 2 completed, 0 destroyed, 2 resumes, calls 2
// CHECK-NEXT: running + suspended = logical for every row
// Without the plugin's hook on initial suspensions, fetch still goes under serve:
// serve's co_await hands over to it (symmetric transfer).
// CHECK-NEXT: tree: app::fail: 3 instances
// CHECK-NEXT: tree: app::hop: 8 instances
// CHECK-NEXT: tree: app::serve: 3 instances
// CHECK-NEXT: tree: app::serve > app::fetch: 3 instances
// CHECK-NEXT: tree: app::straight: 2 instances
// GENERATOR: count_to calls 3
