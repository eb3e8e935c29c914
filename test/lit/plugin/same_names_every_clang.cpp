// Row names do not depend on the Clang version: one program built with the plugin
// of every Clang version built gives reports with the same rows, the same names
// and the same calls (Inputs/same_rows_every_clang.py compares them).
//
// RUN: %python %S/Inputs/same_rows_every_clang.py "%hotpath_plugins_by_clang" %t -- \
// RUN:   -std=c++20 -Wno-c++2b-extensions -O1 -Wall -Wextra -Werror \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %s %hotpath_libs | FileCheck %s
//
// CHECK:      built with the plugin of Clang {{.*}}19
// CHECK-NEXT: row: (anonymous namespace)::helper 1
// CHECK-NEXT: row: app::Matrix<2>::Matrix 1
// CHECK-NEXT: row: app::Matrix<2>::trace 2
// CHECK-NEXT: row: app::Matrix<2>::~Matrix 1
// CHECK-NEXT: row: app::Vec::operator+ 3
// CHECK-NEXT: row: app::fill<2> 1
// CHECK-NEXT: row: app::outer::Inner::run 1
// CHECK-NEXT: row: app::scale(double) 1
// CHECK-NEXT: row: app::scale(int) 2
// CHECK-NEXT: row: app::sum<std::vector<int>> 1
// CHECK-NEXT: row: app::with_lambda 1
// CHECK-NEXT: row: app::with_lambda::(lambda at same_names_every_clang.cpp:{{[0-9]+}}) 4
// CHECK-NEXT: row: labelled work 1
// CHECK-NEXT: row: main 1
// CHECK-NEXT: identical: yes

#include <cstddef>
#include <vector>

namespace {
[[hotpath::measure]] int helper(int x) { return x + 1; }
}  // namespace

namespace app {

struct Vec {
  int x;
  [[hotpath::measure]] Vec operator+(const Vec& other) const { return {x + other.x}; }
};

template <int N, typename T = double>
struct Matrix {
  [[hotpath::measure]] Matrix() : cells(N * N, T(1)) {}
  [[hotpath::measure]] ~Matrix() { cells.clear(); }
  [[hotpath::measure]] T trace() const {
    T total{};
    for (int i = 0; i < N; ++i) total += cells[static_cast<std::size_t>(i * N + i)];
    return total;
  }
  std::vector<T> cells;
};

template <std::size_t Size>
[[hotpath::measure]] std::vector<int> fill(int value) {
  return std::vector<int>(Size, value);
}

template <typename Container>
[[hotpath::measure]] int sum(const Container& values) {
  int total = 0;
  for (int value : values) total += value;
  return total;
}

[[hotpath::measure]] int scale(int x) { return 2 * x; }
[[hotpath::measure]] double scale(double x) { return 2 * x; }

namespace outer {
struct Inner {
  [[hotpath::measure]] int run(int x) const { return x * 3; }
};
}  // namespace outer

[[hotpath::measure]] int with_lambda() {
  auto twice = [] [[hotpath::measure]] (int x) { return 2 * x; };
  int total = 0;
  for (int i = 0; i < 4; ++i) total += twice(i);
  return total;
}

[[hotpath::measure("labelled work")]] int labelled(int x) { return x - 1; }

}  // namespace app

[[hotpath::main]] int main() {
  int total = helper(1);
  app::Vec a{1}, b{2};
  for (int i = 0; i < 3; ++i) a = a + b;
  {
    app::Matrix<2> matrix;
    total += static_cast<int>(matrix.trace() + matrix.trace());
  }
  total += app::sum(app::fill<2>(3));
  total += app::scale(1) + app::scale(2) + static_cast<int>(app::scale(1.5));
  total += app::outer::Inner{}.run(2) + app::with_lambda() + app::labelled(4) + a.x;
  return total == 0 ? 1 : 0;
}
