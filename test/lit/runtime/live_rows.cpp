// The live server reads the durations (percentiles, buckets) of the rows its routes
// show by default only: the session's limit and /metrics' functions. A request for
// more rows (a higher limit, limit=0, a focus, the histogram of a row past them)
// is answered from a report with every row's. A function's recent calls and its
// histogram are found by name without a new report, and read at once.
// Inputs/live_rows_check.py starts this program and prints one line per check.
//
// REQUIRES: live
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags %s -o %t %hotpath_libs
// RUN: %python %S/Inputs/live_rows_check.py %t %t.stop | FileCheck %s
//
// 60 functions, app::work<N> taking N + 1 calls of about 50 us, so that the
// largest totals are those of the highest N; HOTPATH_METRICS_LIMIT=20 and the
// default row limit (15): the first 20 rows have their durations.
// CHECK: default: 15 rows, with p95 15, the largest totals True
// CHECK-NEXT: limit=20: 20 rows, with p95 20
// CHECK-NEXT: limit=0: 60 rows, with p95 60
// CHECK-NEXT: focus=work<[0-9]>$: 10 rows, with p95 10
// CHECK-NEXT: limit=25: 25 rows, with p95 25
// CHECK-NEXT: histogram of app::work<0>: 200, 1 calls, counts add up to 1
// CHECK-NEXT: metrics: 20 functions, each with buckets True
// CHECK-NEXT: metrics?limit=0: 60 functions, each with buckets True
// CHECK-NEXT: logs of app::work<3>: 200, 4 calls
// CHECK-NEXT: logs of app::later: 404 before its first call, 200 and 1 call after
// CHECK-NEXT: histogram of app::later: 404 before its first call, 200 and 1 call after
// CHECK-NEXT: histogram of app::later after 5 more calls: 200, 6 calls, counts add up to 6

#include <hotpath/hotpath.hpp>

#include <chrono>
#include <fstream>
#include <string>
#include <thread>
#include <utility>

namespace app {

void spin_for(std::chrono::microseconds duration) {
  const auto end = std::chrono::steady_clock::now() + duration;
  while (std::chrono::steady_clock::now() < end) {
  }
}

template <int N>
HOTPATH_NOINLINE void work() {
  HOTPATH_MEASURE();
  spin_for(std::chrono::microseconds(50));
}

HOTPATH_NOINLINE void later() { HOTPATH_MEASURE(); }

template <int... N>
void call_each(std::integer_sequence<int, N...>) {
  (
      (void)[] {
        for (int call = 0; call <= N; ++call) work<N>();
      }(),
      ...);
}

}  // namespace app

bool exists(const std::string& path) { return std::ifstream(path).good(); }

// argv[1]: the file whose existence ends the program; `argv[1].later` asks for
// app::later's first call, `argv[1].again` for 5 more. Waits unmeasured.
int main(int, char** argv) {
  const std::string stop = argv[1];
  app::call_each(std::make_integer_sequence<int, 60>());
  std::ofstream(stop + ".ready").put('\n');
  bool called_later = false;
  bool called_again = false;
  // Bounded: a test that never creates the file still ends.
  for (int i = 0; i < 6000 && !exists(stop); ++i) {
    if (!called_later && exists(stop + ".later")) {
      app::later();
      called_later = true;
      std::ofstream(stop + ".later.done").put('\n');
    }
    if (!called_again && exists(stop + ".again")) {
      for (int call = 0; call < 5; ++call) app::later();
      called_again = true;
      std::ofstream(stop + ".again.done").put('\n');
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
}
