// End to end: this program, measured with HOTPATH_MEASURE(), is built twice, the
// second time with one of its three functions twice as slow (-DSLOW); each run
// writes a JSON report, and `hotpath diff` flags exactly that function as a
// regression and fails. The functions' time is dominated by sleeps of 2 ms (4 ms
// when slow), so that a busy machine cannot move the others past the threshold.
//
// REQUIRES: hotpath-cli
// RUN: rm -rf %t && mkdir %t
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t/base %hotpath_libs
// RUN: %clangxx -std=c++17 -O1 -DSLOW %hotpath_cflags %s -o %t/head %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/base.json %t/base
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t/head.json %t/head
//
// RUN: cd %t && %hotpath diff base.json head.json --threshold 30% --fail-on-regression \
// RUN:   > %t/diff.txt; test $? -eq 1
// RUN: FileCheck %s --input-file %t/diff.txt
// RUN: cd %t && %hotpath diff base.json head.json --threshold 30% --format markdown \
// RUN:   | FileCheck %s --check-prefix=MARKDOWN

// CHECK:      hotpath diff: average time per call, threshold 30%
// CHECK-NEXT: base: base.json
// CHECK-NEXT: head: head.json
// CHECK-NEXT: 1 regression, 0 improvements, 2 unchanged
// CHECK:      | app::transform | {{ *}}30 | {{.*}} | ▲ regression |
// CHECK-NOT:  regression
// CHECK-NOT:  improvement
// CHECK-NOT:  note:

// MARKDOWN:      **1 regression, 0 improvements**, 2 unchanged
// MARKDOWN:      | `app::transform` | 30 | {{.*}} | :red_circle: regression |
// MARKDOWN-EMPTY:
// MARKDOWN-NEXT: <details>
// MARKDOWN-NEXT: <summary>2 unchanged</summary>

#include <hotpath/hotpath.hpp>

#include <chrono>
#include <thread>

namespace app {

void pause_ms(int milliseconds) {
  std::this_thread::sleep_for(std::chrono::milliseconds(milliseconds));
}

void parse() {
  HOTPATH_MEASURE();
  pause_ms(2);
}

void transform() {
  HOTPATH_MEASURE();
#ifdef SLOW
  pause_ms(4);
#else
  pause_ms(2);
#endif
}

void write() {
  HOTPATH_MEASURE();
  pause_ms(2);
}

}  // namespace app

int main() {
  for (int i = 0; i < 30; ++i) {
    app::parse();
    app::transform();
    app::write();
  }
}
