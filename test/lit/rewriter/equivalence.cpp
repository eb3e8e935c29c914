// REQUIRES: rewriter, plugin
// The rewriter's output, built with g++ and with Clang, measures exactly what the
// plugin measures, under the same names and signatures: free functions, overloads,
// a custom-named row, a class template member (one row per instantiation, named by
// the compiler at build time), a measure_all class and main.
//
// RUN: rm -rf %t && mkdir -p %t/rw
// RUN: %clangxx -std=c++17 -O1 -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %s %hotpath_libs -o %t/plugin
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/plugin > %t/plugin.json
// RUN: %hotpath_rewrite --output-dir=%t/rw %s -- -std=c++17 %hotpath_cflags
// RUN: %gxx -std=c++17 -O1 -Wno-attributes %hotpath_cflags %t/rw/equivalence.cpp \
// RUN:   %hotpath_libs -o %t/rewritten
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/rewritten > %t/rewritten.json
// RUN: %python %S/Inputs/compare_rows.py %t/plugin.json %t/rewritten.json | FileCheck %s
// Built with Clang, the same rows again.
// RUN: %clangxx -std=c++17 -O1 -Wall -Wextra -Werror -Wno-unknown-attributes %hotpath_cflags \
// RUN:   %t/rw/equivalence.cpp %hotpath_libs -o %t/rewritten-clang
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/rewritten-clang > %t/rewritten-clang.json
// RUN: %python %S/Inputs/compare_rows.py %t/plugin.json %t/rewritten-clang.json
//
// CHECK-DAG: app::Box<int>::get 3
// CHECK-DAG: app::Box<long>::get 1
// CHECK-DAG: app::Worker::run 2
// CHECK-DAG: app::Worker::step 2
// CHECK-DAG: app::add(double, double) 1
// CHECK-DAG: app::add(int, int) 2
// CHECK-DAG: custom row 1
// CHECK-DAG: main 1

volatile int sink = 0;

namespace app {

[[hotpath::measure]] int add(int a, int b) { return a + b; }
[[hotpath::measure]] double add(double a, double b) { return a + b; }
[[hotpath::measure("custom row")]] void named() { sink = sink + 1; }

template <typename T>
struct Box {
  [[hotpath::measure]] T get() const { return value; }
  T value;
};

class [[hotpath::measure_all]] Worker {
 public:
  void run() { step(); }
  void step() { sink = sink + 1; }
};

}  // namespace app

[[hotpath::main]] int main() {
  app::Box<int> small{1};
  app::Box<long> large{2};
  app::Worker worker;
  worker.run();
  worker.run();
  sink = app::add(1, 2) + app::add(3, 4) + static_cast<int>(app::add(1.0, 2.0));
  sink = small.get() + small.get() + small.get() + static_cast<int>(large.get());
  app::named();
  return 0;
}
