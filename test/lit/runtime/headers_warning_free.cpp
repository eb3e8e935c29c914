// The public headers and macros compile warning-free under the flags real projects
// use with -Werror, with clang++ and g++, C++11 through C++23, with and without
// exceptions and RTTI. With HOTPATH_DISABLE the macros vanish and the program links
// and runs without the runtime.
//
// DEFINE: %{warn} = -Wall -Wextra -Wshadow -pedantic -Werror %hotpath_cflags -c %s
//
// RUN: %clangxx -std=c++11 %{warn} -o %t.o
// RUN: %clangxx -std=c++14 %{warn} -o %t.o
// RUN: %clangxx -std=c++17 %{warn} -o %t.o
// RUN: %clangxx -std=c++20 %{warn} -o %t.o
// RUN: %clangxx -std=c++23 %{warn} -o %t.o
// RUN: %clangxx -std=c++11 -fno-exceptions -fno-rtti %{warn} -o %t.o
// RUN: %clangxx -std=c++23 -fno-exceptions -fno-rtti -O2 %{warn} -o %t.o
// RUN: %clangxx -std=c++17 -DHOTPATH_DISABLE %{warn} -o %t.o
//
// RUN: %gxx -std=c++11 %{warn} -o %t.o
// RUN: %gxx -std=c++14 %{warn} -o %t.o
// RUN: %gxx -std=c++17 %{warn} -o %t.o
// RUN: %gxx -std=c++20 %{warn} -o %t.o
// RUN: %gxx -std=c++2b %{warn} -o %t.o
// RUN: %gxx -std=c++11 -fno-exceptions -fno-rtti %{warn} -o %t.o
// RUN: %gxx -std=c++2b -fno-exceptions -fno-rtti -O2 %{warn} -o %t.o
// RUN: %gxx -std=c++17 -DHOTPATH_DISABLE %{warn} -o %t.o
// Some projects add g++'s -Weffc++ (RapidJSON's tests do).
// RUN: %gxx -std=c++20 -Weffc++ %{warn} -o %t.o
// RUN: %clangxx -std=c++20 -Weffc++ %{warn} -o %t.o
//
// Linked and run from a C++11 build of each compiler (names are checked in
// manual_macros.cpp).
// RUN: %clangxx -std=c++11 -fno-exceptions -fno-rtti %hotpath_cflags %s -o %t.clang %hotpath_libs
// RUN: env HOTPATH_LIMIT=0 %t.clang | FileCheck %s
// RUN: %gxx -std=c++11 -fno-exceptions -fno-rtti %hotpath_cflags %s -o %t.gxx %hotpath_libs
// RUN: env HOTPATH_LIMIT=0 %t.gxx | FileCheck %s
//
// Disabled: no runtime on the link line, no report.
// RUN: %clangxx -std=c++11 -DHOTPATH_DISABLE %hotpath_cflags %s -o %t.disabled.clang
// RUN: %t.disabled.clang | count 0
// RUN: %gxx -std=c++11 -DHOTPATH_DISABLE %hotpath_cflags %s -o %t.disabled.gxx
// RUN: %t.disabled.gxx | count 0

#include <hotpath/hotpath.hpp>

namespace {

int measured(int value) {
  HOTPATH_MEASURE();
  int result = value;
  {
    HOTPATH_MEASURE_BLOCK("outer block");
    {
      HOTPATH_MEASURE_BLOCK("inner block");
      result += 1;
    }
  }
  return result;
}

struct Widget {
  int value;
  explicit Widget(int initial) : value(initial) { HOTPATH_MEASURE(); }
  void touch() {
    HOTPATH_MEASURE();
    ++value;
  }
};

template <typename T>
T twice(T value) {
  HOTPATH_MEASURE();
  return value + value;
}

#if !defined(HOTPATH_DISABLE)
// What the rewriter writes into a function: a static Site and a guard.
int manual(int value) {
  static hotpath::Site site("manual", __PRETTY_FUNCTION__, __FILE__, __LINE__);
  const hotpath::ScopeGuard guard(site);
  return value * 2;
}
#else
int manual(int value) { return value * 2; }
#endif

}  // namespace

int main() {
#if !defined(HOTPATH_DISABLE)
  hotpath::SessionGuard session = hotpath::GuardBuilder("main").build();
#endif
  const auto lambda = [](int value) {
    HOTPATH_MEASURE();
    return value + 1;
  };
  Widget widget(1);
  widget.touch();
  const int result =
      measured(1) + twice(2) + static_cast<int>(twice(1.5)) + manual(3) + lambda(4) + widget.value;
  return result == 2 + 4 + 3 + 6 + 5 + 2 ? 0 : 1;
}

// CHECK: [hotpath] timing - execution duration of functions (inclusive).
// CHECK-DAG: {{^}}| main | 1 |
// CHECK-DAG: {{^}}| manual | 1 |
// CHECK-DAG: {{^}}| outer block | 1 |
// CHECK-DAG: {{^}}| inner block | 1 |
// CHECK-DAG: {{^}}| (anonymous namespace)::measured | 1 |
// CHECK-DAG: {{^}}| (anonymous namespace)::Widget::Widget | 1 |
// CHECK-DAG: {{^}}| (anonymous namespace)::Widget::touch | 1 |
