// REQUIRES: plugin
// A program of three files compiled by one clang invocation (the plugin sees
// three translation units in one process): a class declared in a header with its
// members defined in two files, a measure_all class likewise, inline functions
// and templates instantiated in both files. Exactly one row per function, with
// the calls of both files summed.
//
// RUN: %clangxx -std=c++20 -O1 -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags -I%S/Inputs \
// RUN:   %S/Inputs/multi_a.cpp %S/Inputs/multi_b.cpp %s %hotpath_libs -o %t
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t | FileCheck %s
//
// The same, compiled separately and linked.
// RUN: rm -rf %t.dir && mkdir -p %t.dir
// RUN: cd %t.dir && %clangxx -std=c++20 -O1 -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags -I%S/Inputs -c \
// RUN:   %S/Inputs/multi_a.cpp %S/Inputs/multi_b.cpp %s
// RUN: %clangxx %t.dir/multi_a.o %t.dir/multi_b.o %t.dir/multi_file.o %hotpath_libs -o %t.linked
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.linked | FileCheck %s
//
// CHECK: "total_functions":12,

#include "multi_shapes.h"

[[hotpath::main("limit=0")]] int main() {
  int total = app::run_a() + app::run_b();
  app::Shape local(4);
  total += local.area() + app::twice(3);
  return total > 0 ? 0 : 1;
}

// CHECK-DAG: {"name":"main","signature":"main","calls":1,
// CHECK-DAG: {"name":"app::Shape::Shape","signature":"app::Shape::Shape(int)","calls":4,
// CHECK-DAG: {"name":"app::Shape::area","signature":"app::Shape::area() const","calls":3,
// CHECK-DAG: {"name":"app::Shape::perimeter","signature":"app::Shape::perimeter() const","calls":2,
// CHECK-DAG: {"name":"app::Registry::add","signature":"app::Registry::add(int)","calls":3,
// CHECK-DAG: {"name":"app::Registry::sum","signature":"app::Registry::sum() const","calls":2,
// CHECK-DAG: {"name":"app::Registry::size","signature":"app::Registry::size() const","calls":2,
// CHECK-DAG: {"name":"app::shared_inline","signature":"app::shared_inline(int)","calls":3,
// CHECK-DAG: {"name":"app::twice<int>","signature":"app::twice<int>(int)","calls":3,
// CHECK-DAG: {"name":"app::twice<double>","signature":"app::twice<double>(double)","calls":1,
// CHECK-DAG: {"name":"app::Stack<int>::push","signature":"app::Stack<int>::push(int)","calls":3,
// CHECK-DAG: {"name":"app::Stack<double>::push","signature":"app::Stack<double>::push(double)","calls":1,
