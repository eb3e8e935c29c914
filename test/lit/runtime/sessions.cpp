// Only one session may be alive at a time: a second one is refused with an error on
// stderr and an inactive guard, the first still reports, and the program exits 0.
//
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t %hotpath_libs
// RUN: %t > %t.out 2> %t.err
// RUN: FileCheck %s < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t 2> /dev/null | FileCheck %s --check-prefix=JSON

#include <hotpath/hotpath.hpp>

#include <cstdio>

namespace app {

int work(int value) {
  HOTPATH_MEASURE();
  return value * 2;
}

}  // namespace app

int main() {
  auto session = hotpath::GuardBuilder("main").build();
  int sum = app::work(1);
  {
    auto second = hotpath::GuardBuilder("second").build();
    sum += app::work(2);
    std::printf("second session active: %d\n", second.active() ? 1 : 0);
  }
  std::printf("first session active: %d\n", session.active() ? 1 : 0);
  std::fflush(stdout);
  return sum == 6 ? 0 : 1;
}

// CHECK:      second session active: 0
// CHECK-NEXT: first session active: 1
// CHECK-NEXT: [hotpath] timing - execution duration of functions (inclusive).
// CHECK-NEXT: {{^}}main: {{[0-9.]+ [^ ]+$}}
// CHECK:      {{^}}| app::work | 2 |
// CHECK-NOT:  second

// ERR: already

// JSON: {"schema_version":1,"functions_timing":{"caller_name":"main",
// JSON-SAME: {"name":"app::work","signature":"app::work(int)","calls":2,
