// Time sampling (HOTPATH_TIME_SAMPLING_RATE, or the session's time_sampling_rate):
// one call in k of each function on each thread is timed, the first one first;
// call counts stay exact, each row says how many calls were timed, totals are the
// timed calls' scaled to all calls, and the report states the rate. The
// environment overrides the session's option; a bad value is ignored with a
// warning that names it.
//
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t.clang %hotpath_libs
// RUN: %gxx -std=c++17 -O1 %hotpath_cflags %s -o %t.gxx %hotpath_libs
// RUN: %gxx -std=c++17 -O1 %hotpath_cflags %s -o %t.options %hotpath_libs \
// RUN:   '-DMAIN_OPTIONS="time_sampling_rate=4"'
//
// RUN: env HOTPATH_TIME_SAMPLING_RATE=4 HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t.clang \
// RUN:   | FileCheck %s --check-prefix=JSON
// RUN: env HOTPATH_TIME_SAMPLING_RATE=4 HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t.gxx \
// RUN:   | FileCheck %s --check-prefix=JSON
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t.options | FileCheck %s --check-prefix=JSON
//
// RUN: env HOTPATH_TIME_SAMPLING_RATE=4 HOTPATH_REPORT=timing,tree HOTPATH_LIMIT=0 %t.clang \
// RUN:   | FileCheck %s --check-prefix=TABLE
//
// The environment's rate wins over the session's; every call timed.
// RUN: env HOTPATH_TIME_SAMPLING_RATE=1 HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t.options \
// RUN:   | FileCheck %s --check-prefix=EVERY --implicit-check-not=time_sampling_rate \
// RUN:     --implicit-check-not=timed_calls
// RUN: env HOTPATH_TIME_SAMPLING_RATE=0 HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t.clang \
// RUN:   2> %t.stderr | FileCheck %s --check-prefix=EVERY --implicit-check-not=time_sampling_rate \
// RUN:     --implicit-check-not=timed_calls
// RUN: FileCheck %s --check-prefix=BAD < %t.stderr

// JSON-DAG: {"name":"leaf","signature":"leaf()","calls":108,{{.*}},"timed_calls":27,"timing":"sampled"}
// JSON-DAG: {"name":"work","signature":"work(int)","calls":10,{{.*}},"timed_calls":3,"timing":"sampled"}
// Two timed calls of at least 2 ms stand for five.
// JSON-DAG: {"name":"sleeper","signature":"sleeper()","calls":5,"avg_ns":{{[2-9][0-9][0-9][0-9][0-9][0-9][0-9]|[0-9]+[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]}},"p95_ns":{{[0-9]+}},"total_ns":{{[1-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]+}},{{.*}},"timed_calls":2,"timing":"sampled"}
// JSON-DAG: "time_sampling_rate":4
// Paths of timed calls, scaled to all calls of their function.
// JSON-DAG: {"name":"work","parent":0,"calls":10,

// TABLE:      [hotpath] timing - execution duration of functions (inclusive).
// TABLE-NEXT: main: {{.*}}
// TABLE-NEXT: time sampling: 1 call in 4 timed per function and thread; calls are exact, times estimated from the timed calls
// TABLE:      | leaf {{ *}}| 108 {{ *}}|

// EVERY:      {"name":"leaf","signature":"leaf()","calls":108,

// BAD: hotpath: ignoring HOTPATH_TIME_SAMPLING_RATE="0": expected a whole number k from 1 to 1000000 (time one call in k)

#include <hotpath/hotpath.hpp>

#include <chrono>
#include <thread>

void leaf() { HOTPATH_MEASURE(); }

void work(int leaves) {
  HOTPATH_MEASURE();
  for (int i = 0; i < leaves; ++i) leaf();
}

void sleeper() {
  HOTPATH_MEASURE();
  std::this_thread::sleep_for(std::chrono::milliseconds(2));
}

int main() {
#ifdef MAIN_OPTIONS
  hotpath::MainGuard session("main", MAIN_OPTIONS, __FILE__, __LINE__);
#else
  auto session = hotpath::GuardBuilder("main").build();
#endif
  // 100 leaves on this thread (25 timed), 8 on another (2 timed).
  for (int i = 0; i < 10; ++i) work(10);
  std::thread([] {
    for (int i = 0; i < 8; ++i) leaf();
  }).join();
  for (int i = 0; i < 5; ++i) sleeper();
}
