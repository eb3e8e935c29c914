// `hotpath flamegraph --report FILE` draws the call tree of a saved JSON report: a
// wall-clock flame graph in measured nanoseconds, where a function that sleeps
// 100 ms is at least 100 ms wide, under its caller (compute, a few microseconds, is
// too narrow to be drawn). A report that is not one, or
// holds no call tree, writes nothing: status 2 for bad input.
//
// REQUIRES: hotpath-cli
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t %hotpath_libs
// RUN: rm -f %t.json %t.svg %t.bad.svg
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t
// RUN: %hotpath flamegraph --report %t.json -o %t.svg 2> %t.err
// RUN: FileCheck %s --check-prefix=WROTE < %t.err
// RUN: FileCheck %s --check-prefix=SVG < %t.svg
// RUN: %python %S/Inputs/svg_frames.py %t.svg upright main@1 wait_for_disk@2 \
// RUN:   "wait_for_disk>=100000000" "main>=100000000"
//
// RUN: printf '{"schema_version": 2, "functions_timing": {}}\n' > %t.v2.json
// RUN: sh -c '%hotpath flamegraph --report %t.v2.json -o %t.bad.svg; echo "status $?"' \
// RUN:   > %t.v2.out 2>&1
// RUN: FileCheck %s --check-prefix=VERSION < %t.v2.out
// RUN: printf '{"schema_version": 1,\n  "functions_timing": {' > %t.cut.json
// RUN: sh -c '%hotpath flamegraph --report %t.cut.json -o %t.bad.svg; echo "status $?"' \
// RUN:   > %t.cut.out 2>&1
// RUN: FileCheck %s --check-prefix=TRUNCATED < %t.cut.out
// RUN: test ! -e %t.bad.svg

// WROTE: hotpath: wrote {{.*}}.svg ({{[0-9,]+}} ns)
// SVG: Wall-Clock Flame Graph
// VERSION: hotpath flamegraph: {{.*}}.v2.json:1: /schema_version: {{.*}}
// VERSION-NEXT: status 2
// TRUNCATED: hotpath flamegraph: {{.*}}.cut.json:2:{{[0-9]+}}: {{.*}}
// TRUNCATED-NEXT: status 2

#include <hotpath/hotpath.hpp>

#include <chrono>
#include <thread>

void wait_for_disk() {
  HOTPATH_MEASURE();
  std::this_thread::sleep_for(std::chrono::milliseconds(100));
}

int compute() {
  HOTPATH_MEASURE();
  int sum = 0;
  for (int i = 0; i < 1000; ++i) sum += i * i;
  return sum;
}

int main() {
  auto session = hotpath::GuardBuilder("main").build();
  wait_for_disk();
  volatile int result = compute();
  (void)result;
}
