// Live metrics of a program with hotpath-wait preloaded: /functions_wait answers
// the wait section, and /metrics has the wait families, which promtool accepts,
// with app::setup's five sleeps exact. The program is live.cpp's.
//
// REQUIRES: live, waits
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags %S/live.cpp -o %t %hotpath_libs
// RUN: env LD_PRELOAD=%hotpath_wait_lib %python %S/Inputs/live_check.py %t %t.stop \
// RUN:   | FileCheck %s
// CHECK: metrics: 200 text/plain; version=0.0.4; charset=utf-8, promtool exit 0
// CHECK: metrics: hotpath_function_waits_total{function="app::setup",cause="sleep"} 5
//
// RUN: %python %S/Inputs/live_check.py --once %t %t.stop /functions_wait HOTPATH_LIVE=1 \
// RUN:   LD_PRELOAD=%hotpath_wait_lib | FileCheck %s --check-prefix=ROUTE
// ROUTE: /functions_wait: 200
// RUN: %python %S/Inputs/live_check.py --once %t %t.stop /functions_wait HOTPATH_LIVE=1 \
// RUN:   | FileCheck %s --check-prefix=NO-ROUTE
// NO-ROUTE: /functions_wait: 404
