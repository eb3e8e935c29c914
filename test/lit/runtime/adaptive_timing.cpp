// Adaptive timing (on unless HOTPATH_ADAPTIVE=0): a function whose calls on a
// thread prove numerous and short is timed from then on 1 call in 127 there; its
// calls stay exact, its row says how many were timed and is marked "adaptive", and
// the report states the thresholds. Functions whose calls are long keep every call
// timed; tracing times every call.
//
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t.clang %hotpath_libs
// RUN: %gxx -std=c++17 -O1 %hotpath_cflags %s -o %t.gxx %hotpath_libs
//
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t.clang | FileCheck %s --check-prefix=JSON
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t.gxx | FileCheck %s --check-prefix=JSON
// RUN: env HOTPATH_LIMIT=0 %t.clang | FileCheck %s --check-prefix=TABLE
//
// With every call timed, no call is left untimed: the figures of such calls are not
// measured, and the report has none.
// RUN: env HOTPATH_ADAPTIVE=0 HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t.clang \
// RUN:   | FileCheck %s --check-prefix=EVERY --implicit-check-not='"adaptive' --implicit-check-not='"timing"' \
// RUN:     --implicit-check-not=timed_calls --implicit-check-not=per_untimed_call_ns
// RUN: env HOTPATH_TRACE=%t.trace.json HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t.gxx \
// RUN:   | FileCheck %s --check-prefix=EVERY --implicit-check-not='"adaptive' --implicit-check-not='"timing"' \
// RUN:     --implicit-check-not=timed_calls --implicit-check-not=per_untimed_call_ns
// Time sampling leaves calls untimed from the start: it has them.
// RUN: env HOTPATH_TIME_SAMPLING_RATE=10 HOTPATH_OUTPUT_FORMAT=json HOTPATH_LIMIT=0 %t.clang \
// RUN:   | FileCheck %s --check-prefix=SAMPLED

// 1,300,000 calls on two threads, of which 4,096 on each are timed before the
// function turns adaptive there, then 1 in 127: about 12,000 and 6,500 when the first
// review finds the calls short (a machine that holds one of them up may delay it).
// JSON-DAG: {"name":"tiny","signature":"tiny(int)","calls":1300000,{{.*}},"timed_calls":{{[1-9][0-9][0-9][0-9][0-9]}},"timing":"adaptive"}
// Recursive too: the calls active when it turned adaptive are timed, each counts once.
// JSON-DAG: {"name":"recursive","signature":"recursive(int)","calls":11000,{{.*}},"timed_calls":{{[1-9][0-9][0-9][0-9]}},"timing":"adaptive"}
// Long calls: every call timed.
// JSON-DAG: {"name":"slow","signature":"slow()","calls":5000,"avg_ns":{{[0-9]+}},"p95_ns":{{[0-9]+}},"total_ns":{{[0-9]+}},"percent_total":{{[0-9.]+}},"location":{"file":"{{[^"]+}}","line":{{[0-9]+}}},"measured_total_ns":{{[0-9]+}}}
// JSON-DAG: "adaptive_timing":{"threshold_ns":{{[0-9.]+}},"review_calls":4096,"period":127}
// The untimed calls' overhead is removed from their caller like the timed ones'.
// JSON-DAG: "per_untimed_call_ns":{{[0-9.]+}}

// TABLE:      main: {{.*}}
// TABLE-NEXT: guard overhead removed: {{.*}}
// TABLE-NEXT: ~ adaptive timing: a function whose calls on a thread average under {{[0-9]+}} ns over 4096 calls is timed 1 call in 127 there; calls exact, times estimated (HOTPATH_ADAPTIVE=0 times every call)
// TABLE:      | tiny {{ *}}| 1300000 {{ *}}| ~{{[0-9.]+}} {{n|µ}}s

// SAMPLED: "compensation":{"per_call_ns":{{[0-9.]+}},"per_nested_call_ns":{{[0-9.]+}},"per_untimed_call_ns":{{[0-9.]+}},"per_chosen_call_ns":{{[0-9.]+}},"per_nested_chosen_call_ns":{{[0-9.]+}}}

// EVERY-DAG: {"name":"tiny","signature":"tiny(int)","calls":1300000,"avg_ns":{{[0-9]+}},"p95_ns":{{[0-9]+}},"total_ns":{{[0-9]+}},"percent_total":{{[0-9.]+}},"location":{"file":"{{[^"]+}}","line":{{[0-9]+}}},"measured_total_ns":{{[0-9]+}}}
// EVERY-DAG: {"name":"recursive","signature":"recursive(int)","calls":11000,

#include <hotpath/hotpath.hpp>

#include <chrono>
#include <thread>

volatile int g_sink;

void tiny(int value) {
  HOTPATH_MEASURE();
  g_sink = g_sink + value;
}

void caller(int calls) {
  HOTPATH_MEASURE();
  for (int i = 0; i < calls; ++i) tiny(i);
}

int recursive(int depth) {
  HOTPATH_MEASURE();
  g_sink = depth;
  return depth == 0 ? 0 : 1 + recursive(depth - 1);
}

void slow() {
  HOTPATH_MEASURE();
  const auto until = std::chrono::steady_clock::now() + std::chrono::microseconds(2);
  while (std::chrono::steady_clock::now() < until) {
  }
}

int main() {
  auto session = hotpath::GuardBuilder("main").build();
  for (int i = 0; i < 1000; ++i) caller(1000);
  std::thread([] {
    for (int i = 0; i < 300; ++i) caller(1000);
  }).join();
  for (int i = 0; i < 1000; ++i) recursive(10);
  for (int i = 0; i < 5000; ++i) slow();
}
