// Without any session the report is still printed when the program exits, named
// after the program; measurements from a thread that has exited are included.
//
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t.dir/nosession %hotpath_libs
// RUN: %t.dir/nosession | FileCheck %s
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.dir/nosession | FileCheck %s --check-prefix=JSON
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.dir/nosession | %python -m json.tool > /dev/null

#include <hotpath/hotpath.hpp>

#include <thread>

namespace app {

int work(int value) {
  HOTPATH_MEASURE();
  return value + 1;
}

}  // namespace app

int main() {
  int sum = 0;
  for (int i = 0; i < 3; ++i) sum = app::work(sum);
  std::thread helper([] {
    int local = 0;
    for (int i = 0; i < 4; ++i) local = app::work(local);
  });
  helper.join();
  return sum == 3 ? 0 : 1;
}

// CHECK:      [hotpath] timing - execution duration of functions (inclusive).
// CHECK-NEXT: {{^}}nosession: {{[0-9.]+ [^ ]+$}}
// CHECK:      {{^}}| Function | Calls | Avg | P95 | Total | % Total |{{$}}
// CHECK:      {{^}}| app::work | 7 |

// JSON: {"schema_version":1,"functions_timing":{"caller_name":"nosession",
// JSON-SAME: {"name":"app::work","signature":"app::work(int)","calls":7,
