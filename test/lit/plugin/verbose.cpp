// REQUIRES: plugin
// -fplugin-arg-hotpath-verbose: one remark per instrumented function, at the
// function, with its report name; none for functions that are not measured.
// Without the option, no remark.
//
// RUN: %clangxx -std=c++20 -fsyntax-only -Wno-c++2b-extensions -fplugin=%hotpath_plugin \
// RUN:   -fplugin-arg-hotpath-verbose -include hotpath/hotpath.hpp %hotpath_cflags %s -Xclang -verify
// RUN: %clangxx -std=c++20 -fsyntax-only -Wno-c++2b-extensions -fplugin=%hotpath_plugin \
// RUN:   -fplugin-arg-hotpath-verbose -fno-caret-diagnostics -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %s > %t.remarks 2>&1
// RUN: FileCheck %s < %t.remarks
// RUN: FileCheck %s --check-prefix=ABSENT < %t.remarks
// RUN: %clangxx -std=c++20 -fsyntax-only -Wno-c++2b-extensions -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %s 2>&1 | count 0
//
// The checks refer to lines and their layout: clang-format must leave it alone.
// clang-format off

namespace app {

[[hotpath::measure]] int f(int x) { return x; }  // expected-remark {{hotpath: measuring 'app::f'}}
// CHECK: verbose.cpp:[[@LINE-1]]:26: remark: hotpath: measuring 'app::f'

int unannotated(int x) { return x; }

[[hotpath::measure("label")]] int labelled(int x) { return x; }  // expected-remark {{hotpath: measuring 'label'}}

template <typename T>
[[hotpath::measure]] T twice(T x) {  // expected-remark {{hotpath: measuring 'app::twice<int>'}} expected-remark {{hotpath: measuring 'app::twice<double>'}}
  return x + x;
}

class [[hotpath::measure_all]] Worker {
 public:
  void run() {}  // expected-remark {{hotpath: measuring 'app::Worker::run'}}
  [[hotpath::skip]] void tiny() {}
};

}  // namespace app

[[hotpath::main]] int main() {  // expected-remark {{hotpath: measuring 'main'}}
  auto lambda = [] [[hotpath::measure]] (int x) { return x; };  // expected-remark-re {{hotpath: measuring 'main::(lambda at verbose.cpp:{{[0-9]+}})'}}
  // CHECK: verbose.cpp:[[@LINE-1]]:{{[0-9]+}}: remark: hotpath: measuring 'main::(lambda at verbose.cpp:[[@LINE-1]])'
  auto plain_lambda = [](int x) { return x; };
  app::Worker worker;
  worker.run();
  worker.tiny();
  return app::f(1) + app::unannotated(2) + app::labelled(3) + app::twice(4) +
         static_cast<int>(app::twice(5.0)) + lambda(6) + plain_lambda(7);
}
// ABSENT-NOT: unannotated
// ABSENT-NOT: tiny
// ABSENT-NOT: plain_lambda
