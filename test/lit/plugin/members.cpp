// REQUIRES: plugin
// Member functions: defined in and out of the class, static and virtual members
// (called through a base pointer: the row is the overrider that ran), constructors,
// destructors, operators and conversion functions. Names are qualified with the
// class, exact call counts.
//
// RUN: %clangxx -std=c++20 -O1 -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %s %hotpath_libs -o %t
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t > %t.json
// RUN: FileCheck %s < %t.json
// RUN: FileCheck %s --check-prefix=ABSENT < %t.json
//
// The checks refer to lines and their layout: clang-format must leave it alone.
// clang-format off

#include <memory>
#include <vector>

volatile int sink = 0;

namespace app {

class Widget {
 public:
  [[hotpath::measure]] explicit Widget(int value) : value_(value) { sink = sink + 1; }
  [[hotpath::measure]] ~Widget() { sink = sink + value_; }

  [[hotpath::measure]] int inline_member() const { return value_ + sink; }
  [[hotpath::measure]] int out_of_class(int x) const;
  [[hotpath::measure]] static int static_member(int x) { return x * 3 + sink; }
  static int static_out_of_class(int x);
  int not_measured() const { return value_ - sink; }

 private:
  int value_;
};

int Widget::out_of_class(int x) const { return value_ * x + sink; }
// The attribute may also be written on the out-of-class definition only.
[[hotpath::measure]] int Widget::static_out_of_class(int x) { return x - 1 + sink; }

struct Shape {
  virtual ~Shape() = default;
  [[hotpath::measure]] virtual int area() const { return 0 + sink; }
};

struct Square : Shape {
  explicit Square(int side) : side(side) {}
  [[hotpath::measure]] int area() const override { return side * side + sink; }
  int side;
};

struct Circle : Shape {
  explicit Circle(int r) : r(r) {}
  [[hotpath::measure]] int area() const override;
  int r;
};
int Circle::area() const { return 3 * r * r + sink; }

struct Vec {
  int x = 0;
  int y = 0;
  [[hotpath::measure]] Vec operator+(const Vec& other) const {
    return Vec{x + other.x + sink, y + other.y};
  }
  [[hotpath::measure]] bool operator==(const Vec& other) const;
  [[hotpath::measure]] int operator()(int scale) const { return (x + y) * scale + sink; }
  [[hotpath::measure]] explicit operator bool() const { return (x != 0 || y != 0) && sink >= 0; }
  [[hotpath::measure]] Vec& operator+=(const Vec& other) {
    x += other.x;
    y += other.y + sink;
    return *this;
  }
};
bool Vec::operator==(const Vec& other) const { return x == other.x && y == other.y + sink; }

// A free operator in the namespace.
[[hotpath::measure]] Vec operator-(const Vec& a, const Vec& b) { return Vec{a.x - b.x, a.y - b.y + sink}; }

}  // namespace app

[[hotpath::main("limit=0")]] int main() {
  int total = 0;
  {
    app::Widget first(1);
    app::Widget second(2);
    total += first.inline_member() + second.inline_member() + first.inline_member();
    for (int i = 0; i < 4; ++i) total += second.out_of_class(i);
    total += second.not_measured();
  }
  {
    app::Widget third(3);
    total += third.inline_member();
  }
  for (int i = 0; i < 5; ++i) total += app::Widget::static_member(i);
  for (int i = 0; i < 6; ++i) total += app::Widget::static_out_of_class(i);

  std::vector<std::unique_ptr<app::Shape>> shapes;
  shapes.push_back(std::make_unique<app::Square>(2));
  shapes.push_back(std::make_unique<app::Square>(3));
  shapes.push_back(std::make_unique<app::Circle>(1));
  shapes.push_back(std::make_unique<app::Shape>());
  for (int round = 0; round < 2; ++round) {
    for (const auto& shape : shapes) {
      const app::Shape* base = shape.get();
      total += base->area();
    }
  }

  app::Vec a{1, 2};
  app::Vec b{3, 4};
  app::Vec c = a + b;
  c = c + a;
  c = c + b;
  if (a == b) total += 1;
  if (c == c) total += 2;
  total += c(2);
  if (c) total += 3;
  c += a;
  c += a;
  app::Vec d = c - a;
  total += d.x;
  return total > 0 ? 0 : 1;
}

// CHECK: "total_functions":16,
// CHECK-DAG: {"name":"main","signature":"main","calls":1,
// CHECK-DAG: {"name":"app::Widget::Widget","signature":"app::Widget::Widget(int)","calls":3,
// CHECK-DAG: {"name":"app::Widget::~Widget","signature":"app::Widget::~Widget()","calls":3,
// CHECK-DAG: {"name":"app::Widget::inline_member","signature":"app::Widget::inline_member() const","calls":4,
// CHECK-DAG: {"name":"app::Widget::out_of_class","signature":"app::Widget::out_of_class(int) const","calls":4,
// CHECK-DAG: {"name":"app::Widget::static_member","signature":"app::Widget::static_member(int)","calls":5,
// CHECK-DAG: {"name":"app::Widget::static_out_of_class","signature":"app::Widget::static_out_of_class(int)","calls":6,
// CHECK-DAG: {"name":"app::Shape::area","signature":"app::Shape::area() const","calls":2,
// CHECK-DAG: {"name":"app::Square::area","signature":"app::Square::area() const","calls":4,
// CHECK-DAG: {"name":"app::Circle::area","signature":"app::Circle::area() const","calls":2,
// CHECK-DAG: {"name":"app::Vec::operator+","signature":"app::Vec::operator+(const app::Vec &) const","calls":3,
// CHECK-DAG: {"name":"app::Vec::operator==","signature":"app::Vec::operator==(const app::Vec &) const","calls":2,
// CHECK-DAG: {"name":"app::Vec::operator()","signature":"app::Vec::operator()(int) const","calls":1,
// CHECK-DAG: {"name":"app::Vec::operator bool","signature":"app::Vec::operator bool() const","calls":1,
// CHECK-DAG: {"name":"app::Vec::operator+=","signature":"app::Vec::operator+=(const app::Vec &)","calls":2,
// CHECK-DAG: {"name":"app::operator-","signature":"app::operator-(const app::Vec &, const app::Vec &)","calls":1,
// ABSENT-NOT: not_measured
