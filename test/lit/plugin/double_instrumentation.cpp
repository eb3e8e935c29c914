// REQUIRES: plugin, rewriter
// One function, one guard. A source that clang-hotpath-rewrite instrumented, built
// again with the plugin, is measured once (one session, not a second one refused),
// and a function with both the attribute and HOTPATH_MEASURE() is measured once,
// with a warning. A block guard measures a region of its own: the function around
// it is still measured.
//
// RUN: rm -rf %t && mkdir -p %t
// RUN: %clangxx -std=c++17 -fsyntax-only -Xclang -verify -fplugin=%hotpath_plugin \
// RUN:   %hotpath_cflags %s
// RUN: %clangxx -std=c++17 -O1 -fplugin=%hotpath_plugin %hotpath_cflags %s -o %t/plugin \
// RUN:   %hotpath_libs 2> /dev/null
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/plugin 2> %t/plugin.err | FileCheck %s
// RUN: count 0 < %t/plugin.err
// RUN: cp %s %t/rewritten.cpp
// RUN: %hotpath_rewrite --in-place %t/rewritten.cpp -- -std=c++17 %hotpath_cflags 2> /dev/null
// RUN: %clangxx -std=c++17 -O1 -fplugin=%hotpath_plugin %hotpath_cflags %t/rewritten.cpp \
// RUN:   -o %t/both %hotpath_libs 2> /dev/null
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t/both 2> %t/both.err | FileCheck %s
// RUN: count 0 < %t/both.err

#include <hotpath/hotpath.hpp>

namespace app {

[[hotpath::measure]] int work(int value) { return value * 2; }

struct [[hotpath::measure_all]] Box {
  int get() const { return 3; }
};

// clang-format off
// expected-warning@+2 {{'hotpath::measure' on 'app::both' has no effect: HOTPATH_MEASURE() in its body measures it already, and it is measured once}}
// clang-format on
[[hotpath::measure]] int both(int value) {
  HOTPATH_MEASURE();
  return value + 1;
}

[[hotpath::measure]] int with_block(int value) {
  HOTPATH_MEASURE_BLOCK("block");
  return value;
}

template <typename T>
[[hotpath::measure]] T twice(T value) {
  return value + value;
}

}  // namespace app

[[hotpath::main]] int main() {
  int sum = 0;
  for (int i = 0; i < 3; ++i)
    sum += app::work(i) + app::Box{}.get() + app::both(i) + app::with_block(i) + app::twice(i);
  return sum == 30 ? 0 : 1;
}

// CHECK-DAG: {"name":"main","signature":"main","calls":1,
// CHECK-DAG: {"name":"app::work","signature":"app::work(int)","calls":3,
// CHECK-DAG: {"name":"app::Box::get","signature":"app::Box::get() const","calls":3,
// CHECK-DAG: {"name":"app::both","signature":"app::both(int)","calls":3,
// CHECK-DAG: {"name":"app::with_block","signature":"app::with_block(int)","calls":3,
// CHECK-DAG: {"name":"block","signature":"block","calls":3,
// CHECK-DAG: {"name":"app::twice<int>","signature":"app::twice<int>(int)","calls":3,
