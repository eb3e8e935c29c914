// REQUIRES: rewriter, plugin
// Lambdas inside templates are written once for every instantiation; their rows
// are still named after the instantiation they run in, as the plugin names them:
// the guard refers to the enclosing function's __PRETTY_FUNCTION__, and a generic
// lambda adds its own template arguments. Built with g++ and with Clang, the
// rewritten program reports exactly the plugin build's rows, warning-free with
// -Wshadow (nested guards have names of their own).
//
// RUN: rm -rf %t && mkdir -p %t/rw
// RUN: %clangxx -std=c++23 -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags %s %hotpath_libs -o %t/plugin
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/plugin > %t/plugin.json
// RUN: %hotpath_rewrite --output-dir=%t/rw %s -- -std=c++23 %hotpath_cflags
// RUN: %gxx -std=c++23 -Wall -Wextra -Wshadow -Werror -Wno-attributes -Wno-comment \
// RUN:   %hotpath_cflags %t/rw/lambdas_in_templates.cpp %hotpath_libs -o %t/gxx
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/gxx > %t/gxx.json
// RUN: %python %S/Inputs/compare_rows.py %t/plugin.json %t/gxx.json | FileCheck %s
// RUN: %clangxx -std=c++23 -Wall -Wextra -Wshadow-all -Werror -Wno-unknown-attributes \
// RUN:   -Wno-comment %hotpath_cflags %t/rw/lambdas_in_templates.cpp %hotpath_libs -o %t/clang
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/clang > %t/clang.json
// RUN: %python %S/Inputs/compare_rows.py %t/plugin.json %t/clang.json
//
// Rewriting the output again changes nothing.
// RUN: cp %t/rw/lambdas_in_templates.cpp %t/again.cpp
// RUN: %hotpath_rewrite --in-place %t/again.cpp -- -std=c++23 %hotpath_cflags
// RUN: diff %t/rw/lambdas_in_templates.cpp %t/again.cpp
//
// CHECK-DAG: main 1
// CHECK-DAG: app::apply<int>::(lambda at lambdas_in_templates.cpp:[[#@LINE+12]]) 1
// CHECK-DAG: app::apply<double>::(lambda at lambdas_in_templates.cpp:[[#@LINE+11]]) 1
// CHECK-DAG: app::apply<int>::(lambda at lambdas_in_templates.cpp:[[#@LINE+11]])<int> 2
// CHECK-DAG: app::apply<double>::(lambda at lambdas_in_templates.cpp:[[#@LINE+10]])<double> 1
// CHECK-DAG: app::apply<double>::(lambda at lambdas_in_templates.cpp:[[#@LINE+9]])<int> 1
// CHECK-DAG: app::Runner<long>::run<char>::(lambda at lambdas_in_templates.cpp:[[#@LINE+16]]) 1
// CHECK-DAG: app::Runner<long>::plain 1
// CHECK-DAG: app::Runner<long>::plain::(lambda at lambdas_in_templates.cpp:[[#@LINE+17]]) 1
// clang-format off
namespace app {
template <typename T>
T apply(T x) {
  auto add_one = [] [[hotpath::measure]] (T v) { return v + 1; };
  auto twice = [] [[hotpath::measure]] (auto v) { return v * 2; };
  return add_one(x) + twice(x) + twice(1);
}

template <typename A>
struct Runner {
  template <typename U>
  int run(U u) {
    return [&] [[hotpath::measure]] () { return int(u); }();
  }
  [[hotpath::measure]] int plain() {
    return [] [[hotpath::measure]] () { return 1; }();
  }
};
}  // namespace app
// clang-format on

volatile int sink = 0;

[[hotpath::main]] int main() {
  app::Runner<long> runner;
  sink = app::apply(1) + static_cast<int>(app::apply(2.0)) + runner.run('c') + runner.plain();
  return 0;
}
