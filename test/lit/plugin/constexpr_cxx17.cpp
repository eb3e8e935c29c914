// REQUIRES: plugin
// Before C++20 a measured constexpr function cannot hold a guard: the attribute is
// ignored with a warning, the function stays constexpr (usable in static_assert)
// and is not measured. A measured lambda (implicitly constexpr since C++17) is
// measured: it becomes an ordinary function. Implied (measure_all) constexpr
// functions are skipped without a warning.
//
// RUN: %clangxx -std=c++17 -O1 -Wall -Wextra -Wno-c++2b-extensions \
// RUN:   -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp %hotpath_cflags %s \
// RUN:   %hotpath_libs -o %t 2> %t.err
// RUN: FileCheck %s --check-prefix=WARN < %t.err
// RUN: grep -c 'warning:' %t.err | FileCheck %s --check-prefix=ONE
// ONE: {{^1$}}
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t > %t.json
// RUN: FileCheck %s < %t.json
// RUN: FileCheck %s --check-prefix=ABSENT < %t.json
//
// CHECK: "total_functions":3,

volatile int sink = 0;

namespace app {

[[hotpath::measure]] constexpr int square(int x) { return x * x; }
// WARN: constexpr_cxx17.cpp:[[@LINE-1]]:36: warning: 'hotpath::measure' ignored on constexpr
// function 'app::square' before C++20: it is not measured (compile with -std=c++20 or later to
// measure it)

struct [[hotpath::measure_all]] Shape {
  constexpr int sides() const { return 4; }
  int area() const { return 3 + sink; }
};

}  // namespace app

static_assert(app::square(3) == 9, "still constexpr");
static_assert(app::Shape{}.sides() == 4, "still constexpr");

[[hotpath::main("limit=0")]] int main() {
  auto lambda = [] [[hotpath::measure]] (int x) { return x + sink; };
  // CHECK-DAG: {"name":"main::(lambda at constexpr_cxx17.cpp:[[@LINE-1]])","signature":"main::(lambda at constexpr_cxx17.cpp:[[@LINE-1]])(int)","calls":2,
  const int n = sink + 2;
  app::Shape shape;
  int total =
      app::square(n) + app::square(n + 1) + shape.sides() + shape.area() + lambda(1) + lambda(2);
  return total > 0 ? 0 : 1;
}

// CHECK-DAG: {"name":"main","signature":"main","calls":1,
// CHECK-DAG: {"name":"app::Shape::area","signature":"app::Shape::area() const","calls":1,
// ABSENT-NOT: square
// ABSENT-NOT: sides
