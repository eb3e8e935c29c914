// Live metrics: HOTPATH_LIVE=1 serves the report over HTTP while the program runs.
// Inputs/live_check.py starts this program on a free port, waits for /healthz and
// asks every route: exact call counts from a running program, Prometheus text that
// promtool accepts, 400 and 404 with a JSON body for what is wrong, 401 without
// the bearer token, 403 for a Host other than this machine's, a second program on
// a taken port that warns and runs on, and no listening socket left behind in a
// forked child once the parent has exited.
//
// REQUIRES: live
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags %s -o %t %hotpath_libs
// RUN: %python %S/Inputs/live_check.py %t %t.stop | FileCheck %s
//
// CHECK: healthz: 200 ok, pid of the program
// CHECK-NEXT: functions_timing: 200, app::setup 5 calls, app::poll calls > 0
// CHECK-NEXT: limit=1: 200, 1 row of total_functions 2
// CHECK-NEXT: focus=setup: 200, rows app::setup
// CHECK-NEXT: report: 200, sections call_tree functions_timing schema_version
// CHECK-NEXT: report to a browser: 200, content encoding none, sections call_tree functions_timing schema_version
// CHECK-NEXT: call_tree: 200, app::setup under main
// CHECK-NEXT: metrics: 200 text/plain; version=0.0.4; charset=utf-8, promtool exit 0
// CHECK-NEXT: metrics: hotpath_function_calls_total{function="app::setup"} 5
// CHECK-NEXT: metrics: app::setup buckets: first count 0, last count 5, first le over 90 us True
// CHECK-NEXT: metrics: hotpath_function_duration_seconds_bucket{function="app::setup",le="+Inf"} 5
// CHECK-NEXT: metrics: hotpath_function_duration_seconds_count{function="app::setup"} 5
// CHECK-NEXT: logs: 200, 5 calls, newest first True, all of the main thread True, each >= 100 us True
// CHECK-NEXT: threads: 200, interval_ms 250, main found, status {{running|sleeping}}
// CHECK-NEXT: functions_alloc: 404 no allocation tracking in this program: link hotpath-alloc (-lhotpath-alloc)
// CHECK-NEXT: limit=abc: 400 limit='abc': expected a whole number of rows (0 = all)
// CHECK-NEXT: focus=(: 400 focus='(': not a regular expression{{.*}}
// CHECK-NEXT: other=1: 400 unknown query parameter 'other' (limit and focus are known)
// CHECK-NEXT: /nothing: 404 no such route: '/nothing'{{.*}}
// CHECK-NEXT: POST /report: 405 only GET and HEAD requests are answered
// CHECK-NEXT: Host evil.example:PORT: 403 forbidden: Host 'evil.example:PORT' is not this machine (localhost, 127.0.0.1 or [::1]): the server listens on the loopback interface only, and without HOTPATH_METRICS_AUTH_TOKEN answers no page of another site
// CHECK-NEXT: Host 127.0.0.1.evil.example: 403 forbidden: Host '127.0.0.1.evil.example' is not this machine {{.*}}
// CHECK-NEXT: Host localhost:PORT: 200{{$}}
// CHECK-NEXT: Host 127.0.0.1:PORT: 200{{$}}
// CHECK-NEXT: Host [::1]:PORT: 200{{$}}
// CHECK-NEXT: huge header: 4{{[0-9][0-9]}}
// CHECK-NEXT: taken port: warned "hotpath: live metrics are off: cannot listen on 127.0.0.1:{{[0-9]+}}: Address already in use (HOTPATH_METRICS_PORT and HOTPATH_METRICS_HOST choose another address)", exit 0, report printed
// CHECK-NEXT: token, none sent: 401 missing or wrong bearer token (Authorization: Bearer <token>)
// CHECK-NEXT: token, wrong: 401
// CHECK-NEXT: token, right: 200
// CHECK-NEXT: token, right, Host profiler.example: 200
// CHECK-NEXT: after the parent exits, its forked child does not listen: connection refused
// CHECK-NEXT: final report: app::setup 5 calls
//
// A token that cannot be one (a space in it, or set but empty) keeps the server
// closed, on any host, with one line that says why; the program runs as it does
// without live metrics.
// RUN: %python %S/Inputs/live_check.py --once %t %t.stop /healthz \
// RUN:   | FileCheck %s --check-prefix=UNSERVED
// RUN: %python %S/Inputs/live_check.py --once %t %t.stop /healthz HOTPATH_LIVE=1 \
// RUN:   'HOTPATH_METRICS_AUTH_TOKEN=two words' | FileCheck %s --check-prefixes=SPACE,UNSERVED
// RUN: %python %S/Inputs/live_check.py --once %t %t.stop /healthz HOTPATH_LIVE=1 \
// RUN:   'HOTPATH_METRICS_AUTH_TOKEN=two words' HOTPATH_METRICS_HOST=0.0.0.0 \
// RUN:   | FileCheck %s --check-prefixes=SPACE,UNSERVED
// RUN: %python %S/Inputs/live_check.py --once %t %t.stop /healthz HOTPATH_LIVE=1 \
// RUN:   HOTPATH_METRICS_AUTH_TOKEN= HOTPATH_METRICS_HOST=0.0.0.0 \
// RUN:   | FileCheck %s --check-prefixes=EMPTY,UNSERVED
// UNSERVED: /healthz: nothing listens
// SPACE-NEXT: stderr: hotpath: live metrics are off: HOTPATH_METRICS_AUTH_TOKEN has a space at character 4 (a token is printable ASCII characters without spaces; unset the variable for a server without one)
// EMPTY-NEXT: stderr: hotpath: live metrics are off: HOTPATH_METRICS_AUTH_TOKEN is set but empty (a token is printable ASCII characters without spaces; unset the variable for a server without one)
// UNSERVED-NEXT: exit 0
// UNSERVED-NEXT: stdout: a report of app::poll app::setup

#include <sys/wait.h>
#include <unistd.h>
#include <hotpath/hotpath.hpp>

#include <chrono>
#include <cstdlib>
#include <fstream>
#include <thread>

namespace app {

HOTPATH_NOINLINE void setup() {
  HOTPATH_MEASURE();
  std::this_thread::sleep_for(std::chrono::microseconds(100));
}

HOTPATH_NOINLINE bool poll(const char* stop_file) {
  HOTPATH_MEASURE();
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
  return std::ifstream(stop_file).good();
}

}  // namespace app

// argv[1]: the file whose existence ends the program; argv[2], when given: fork a
// child that outlives the parent by that many milliseconds.
int main(int argc, char** argv) {
  auto session = hotpath::GuardBuilder("main").build();
  for (int i = 0; i < 5; ++i) app::setup();
  if (argc > 2 && fork() == 0) {
    std::this_thread::sleep_for(std::chrono::milliseconds(std::atoi(argv[2])));
    _exit(0);
  }
  // Bounded: a test that never creates the file still ends.
  for (int i = 0; i < 2000 && !app::poll(argv[1]); ++i) {
  }
}
