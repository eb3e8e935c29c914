// /metrics sized for monitoring: the functions of the largest total time
// (HOTPATH_METRICS_LIMIT, 50 by default), ?limit= and ?focus= as on the JSON
// routes with the same 400s, per-thread series only when asked for, and each
// function's durations on the fixed grid of bounds 2^(k/8) ns, from the bound just
// below its shortest call to the one holding its longest.
// Inputs/metrics_check.py starts this program, asks /metrics and the JSON routes,
// and prints one line per check.
//
// REQUIRES: live
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags %s -o %t %hotpath_libs
// RUN: %python %S/Inputs/metrics_check.py %t %t.stop HOTPATH_METRICS_LIMIT=2 | FileCheck %s
// RUN: %python %S/Inputs/metrics_check.py %t %t.stop HOTPATH_METRICS_THREADS=1 \
// RUN:   | FileCheck %s --check-prefix=THREADS
//
// app::large takes 3 x 20 ms, app::medium 3 x 5 ms, app::small 3 x 1 ms: with
// HOTPATH_METRICS_LIMIT=2, the two largest in every family.
// CHECK: metrics: 200, promtool exit 0
// CHECK-NEXT: functions: app::large app::medium
// CHECK-NEXT: families with app::large: hotpath_function_calls_total hotpath_function_duration_seconds_bucket hotpath_function_duration_seconds_count hotpath_function_duration_seconds_sum
// CHECK-NEXT: threads: none
// CHECK-NEXT: limit=0: app::large app::medium app::small
// CHECK-NEXT: limit=1: app::large
// CHECK-NEXT: focus=small: app::small
// CHECK-NEXT: focus=app&limit=1: app::large
// CHECK-NEXT: threads=1: main among {{[0-9]+}}
// CHECK-NEXT: limit=abc: 400 limit='abc': expected a whole number of rows (0 = all), as /functions_timing: True
// CHECK-NEXT: focus=(: 400 focus='(': not a regular expression{{.*}}, as /functions_timing: True
// CHECK-NEXT: other=1: 400 unknown query parameter 'other' (limit, focus and threads are known)
// CHECK-NEXT: threads=2: 400 threads='2': expected 0 or 1
//
// The buckets of each function (limit=0), against the report's exact extremes
// (p0, p100) and its p95.
// CHECK-NEXT: app::large: 3 calls, le on the grid True, consecutive True, first le below the shortest call True, first count 0, last le holds the longest call True, last count 3, +Inf 3, the same text twice True, histogram_quantile(0.95) within 10% of p95 True
// CHECK-NEXT: app::medium: 3 calls, le on the grid True, consecutive True, first le below the shortest call True, first count 0, last le holds the longest call True, last count 3, +Inf 3, the same text twice True, histogram_quantile(0.95) within 10% of p95 True
// CHECK-NEXT: app::small: 3 calls, le on the grid True, consecutive True, first le below the shortest call True, first count 0, last le holds the longest call True, last count 3, +Inf 3, the same text twice True, histogram_quantile(0.95) within 10% of p95 True
//
// THREADS: metrics: 200, promtool exit 0
// THREADS-NEXT: functions: app::large app::medium app::small
// THREADS: threads: main among {{[0-9]+}}
// THREADS-NEXT: limit=0: app::large app::medium app::small

#include <hotpath/hotpath.hpp>

#include <chrono>
#include <fstream>
#include <thread>

namespace app {

HOTPATH_NOINLINE void large() {
  HOTPATH_MEASURE();
  std::this_thread::sleep_for(std::chrono::milliseconds(20));
}

HOTPATH_NOINLINE void medium() {
  HOTPATH_MEASURE();
  std::this_thread::sleep_for(std::chrono::milliseconds(5));
}

HOTPATH_NOINLINE void small() {
  HOTPATH_MEASURE();
  std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

}  // namespace app

// argv[1]: the file whose existence ends the program. Waits unmeasured: the
// totals stay those of the three functions' calls.
int main(int, char** argv) {
  auto session = hotpath::GuardBuilder("main").build();
  for (int i = 0; i < 3; ++i) {
    app::small();
    app::medium();
    app::large();
  }
  std::ofstream(std::string(argv[1]) + ".ready").put('\n');
  // Bounded: a test that never creates the file still ends.
  for (int i = 0; i < 6000 && !std::ifstream(argv[1]).good(); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
}
