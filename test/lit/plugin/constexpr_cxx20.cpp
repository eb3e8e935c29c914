// REQUIRES: plugin
// C++20: a measured constexpr function still works in constant expressions
// (static_assert, array bounds, constexpr variables) and is measured when it runs
// at run time; calls evaluated at compile time are not counted. A consteval
// function is never measured: the attribute is ignored with a warning.
//
// RUN: %clangxx -std=c++20 -O1 -Wall -Wextra -Wno-c++2b-extensions \
// RUN:   -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp %hotpath_cflags %s \
// RUN:   %hotpath_libs -o %t 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t > %t.json
// RUN: FileCheck %s < %t.json
// RUN: FileCheck %s --check-prefix=ABSENT < %t.json
//
// The consteval warning is the only diagnostic.
// RUN: grep -c 'warning:' %t.err | FileCheck %s --check-prefix=ONE
// ONE: {{^1$}}
//
// CHECK: "total_functions":7,

volatile int sink = 0;

namespace app {

[[hotpath::measure]] constexpr int square(int x) { return x * x; }

[[hotpath::measure]] constexpr int factorial(int n) { return n <= 1 ? 1 : n * factorial(n - 1); }

template <typename T>
[[hotpath::measure]] constexpr T cube(T x) {
  return x * x * x;
}

struct Point {
  int x = 0;
  int y = 0;
  [[hotpath::measure]] constexpr int dot(const Point& other) const {
    return x * other.x + y * other.y;
  }
};

[[hotpath::measure]] consteval int compile_time_only(int x) { return x + 1; }
// WARN: constexpr_cxx20.cpp:[[@LINE-1]]:36: warning: 'hotpath::measure' ignored on consteval
// function 'app::compile_time_only': it runs only at compile time, so it is not measured

// Lambdas are constexpr too: this one works in static_assert and at run time.
constexpr auto twice = [] [[hotpath::measure]] (int x) { return 2 * x; };
// CHECK-DAG: {"name":"app::(lambda at constexpr_cxx20.cpp:[[@LINE-1]])","signature":"app::(lambda at constexpr_cxx20.cpp:[[@LINE-1]])(int)","calls":4,

}  // namespace app

static_assert(app::square(4) == 16);
static_assert(app::factorial(5) == 120);
static_assert(app::cube(2) == 8);
static_assert(app::Point{1, 2}.dot(app::Point{3, 4}) == 11);
static_assert(app::compile_time_only(1) == 2);
static_assert(app::twice(21) == 42);

[[hotpath::main("limit=0")]] int main() {
  // Constant-evaluated: not counted.
  constexpr int at_compile_time = app::square(3) + app::factorial(4) + app::twice(1);
  int array[app::square(2)] = {};
  int total = at_compile_time + array[0] + app::compile_time_only(5);
  // At run time: counted.
  const int n = sink + 3;
  total += app::square(n) + app::square(n + 1);
  total += app::factorial(n);  // 3 calls: 3, 2, 1
  total += app::cube(n) + static_cast<int>(app::cube(1.5 + n));
  app::Point p{n, n + 1};
  total += p.dot(p);
  total += app::twice(n) + app::twice(n) + app::twice(n) + app::twice(n);
  return total > 0 ? 0 : 1;
}

// CHECK-DAG: {"name":"main","signature":"main","calls":1,
// CHECK-DAG: {"name":"app::square","signature":"app::square(int)","calls":2,
// CHECK-DAG: {"name":"app::factorial","signature":"app::factorial(int)","calls":3,
// CHECK-DAG: {"name":"app::cube<int>","signature":"app::cube<int>(int)","calls":1,
// CHECK-DAG: {"name":"app::cube<double>","signature":"app::cube<double>(double)","calls":1,
// CHECK-DAG: {"name":"app::Point::dot","signature":"app::Point::dot(const app::Point &) const","calls":1,
// ABSENT-NOT: compile_time_only
