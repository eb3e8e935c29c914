// REQUIRES: plugin
// [[hotpath::measure_all]] on a class measures every member function with a body
// (in and out of the class, static ones too) except [[hotpath::skip]] ones;
// implicit and defaulted members are not measured, nor are lambdas in the
// members. On a class template, every member of every instantiation. On a
// namespace block, the functions written in that block only: another block of
// the same namespace without the attribute is not measured. [[hotpath::skip]] on
// a class or a nested namespace opts them out; [[hotpath::measure]] always wins.
// Nothing implied is diagnosed (a consteval member is silently left alone).
//
// RUN: %clangxx -std=c++20 -O1 -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %s %hotpath_libs -o %t
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t > %t.json
// RUN: FileCheck %s < %t.json
// RUN: FileCheck %s --check-prefix=ABSENT < %t.json
//
// CHECK: "total_functions":19,
//
// The checks refer to lines and their layout: clang-format must leave it alone.
// clang-format off

#include <string>

volatile int sink = 0;

namespace app {

class [[hotpath::measure_all]] Worker {
 public:
  Worker() = default;
  explicit Worker(int id) : id_(id) { sink = sink + id; }
  Worker(const Worker&) = default;

  int run(int x) const { return x + id_ + sink; }
  int run_out_of_class(int x) const;
  static int make_id(int x) { return x * 10 + sink; }
  [[hotpath::skip]] int tiny() const { return id_ + sink; }
  [[hotpath::skip]] int tiny_out_of_class() const;
  int with_lambda(int x) const {
    auto add = [this](int y) { return y + id_; };
    return add(x) + sink;
  }
  consteval static int compile_time() { return 42; }
  constexpr int constexpr_member(int x) const { return x * 2; }

 private:
  int id_ = 0;
  std::string label_ = "worker";  // makes the implicit destructor non-trivial
};

int Worker::run_out_of_class(int x) const { return x - id_ + sink; }
int Worker::tiny_out_of_class() const { return id_ - sink; }

template <typename T>
class [[hotpath::measure_all]] Box {
 public:
  explicit Box(T value) : value_(value) {}
  T get() const { return value_; }
  void set(T value);

 private:
  T value_;
};

template <typename T>
void Box<T>::set(T value) {
  value_ = value;
}

class [[hotpath::skip]] Skipped {
 public:
  int quiet() const { return sink; }
};

class Plain {
 public:
  int unmeasured() const { return sink; }
  [[hotpath::measure]] int measured() const { return sink + 1; }
};

}  // namespace app

namespace [[hotpath::measure_all]] ns {

int alpha(int x) { return x + 1 + sink; }

template <typename T>
T beta(T x) {
  return x + static_cast<T>(sink);
}

struct Helper {
  int help(int x) const { return x * 3 + sink; }
};

[[hotpath::skip]] int gamma_skipped(int x) { return x + sink; }

namespace [[hotpath::skip]] quiet {
int silent(int x) { return x + sink; }
[[hotpath::measure]] int loud(int x) { return x + 2 + sink; }
}  // namespace quiet

namespace nested {
int deep(int x) { return x + 3 + sink; }
}  // namespace nested

// Declared here, defined in the block below: not in this block, not measured.
int declared_here(int x);

}  // namespace ns

namespace ns {

int other_block(int x) { return x + 4 + sink; }
int declared_here(int x) { return x + 5 + sink; }

}  // namespace ns

[[hotpath::main("limit=0")]] int main() {
  int total = 0;
  app::Worker idle;
  app::Worker worker(1);
  app::Worker copy = worker;
  total += worker.run(1) + worker.run(2) + copy.run(3) + idle.run(0);
  total += worker.run_out_of_class(1) + worker.run_out_of_class(2);
  total += app::Worker::make_id(1);
  total += worker.tiny() + worker.tiny_out_of_class();
  total += worker.with_lambda(5) + worker.with_lambda(6);
  static_assert(app::Worker::compile_time() == 42);
  total += app::Worker::compile_time();
  total += worker.constexpr_member(sink + 1);

  app::Box<int> int_box(1);
  int_box.set(2);
  int_box.set(3);
  total += int_box.get();
  app::Box<double> double_box(1.5);
  total += static_cast<int>(double_box.get() + double_box.get());

  app::Skipped skipped;
  total += skipped.quiet();
  app::Plain plain;
  total += plain.unmeasured() + plain.measured();

  total += ns::alpha(1) + ns::alpha(2);
  total += ns::beta(1) + static_cast<int>(ns::beta(2.0)) + ns::beta(3);
  ns::Helper helper;
  total += helper.help(1);
  total += ns::gamma_skipped(1);
  total += ns::quiet::silent(1) + ns::quiet::loud(1);
  total += ns::nested::deep(1) + ns::nested::deep(2) + ns::nested::deep(3);
  total += ns::other_block(1) + ns::declared_here(1);
  return total > 0 ? 0 : 1;
}

// CHECK-DAG: {"name":"main","signature":"main","calls":1,
// CHECK-DAG: {"name":"app::Worker::Worker","signature":"app::Worker::Worker(int)","calls":1,
// CHECK-DAG: {"name":"app::Worker::run","signature":"app::Worker::run(int) const","calls":4,
// CHECK-DAG: {"name":"app::Worker::run_out_of_class","signature":"app::Worker::run_out_of_class(int) const","calls":2,
// CHECK-DAG: {"name":"app::Worker::make_id","signature":"app::Worker::make_id(int)","calls":1,
// CHECK-DAG: {"name":"app::Worker::with_lambda","signature":"app::Worker::with_lambda(int) const","calls":2,
// CHECK-DAG: {"name":"app::Worker::constexpr_member","signature":"app::Worker::constexpr_member(int) const","calls":1,
// CHECK-DAG: {"name":"app::Box<int>::Box","signature":"app::Box<int>::Box(int)","calls":1,
// CHECK-DAG: {"name":"app::Box<int>::set","signature":"app::Box<int>::set(int)","calls":2,
// CHECK-DAG: {"name":"app::Box<int>::get","signature":"app::Box<int>::get() const","calls":1,
// CHECK-DAG: {"name":"app::Box<double>::Box","signature":"app::Box<double>::Box(double)","calls":1,
// CHECK-DAG: {"name":"app::Box<double>::get","signature":"app::Box<double>::get() const","calls":2,
// CHECK-DAG: {"name":"app::Plain::measured","signature":"app::Plain::measured() const","calls":1,
// CHECK-DAG: {"name":"ns::alpha","signature":"ns::alpha(int)","calls":2,
// CHECK-DAG: {"name":"ns::beta<int>","signature":"ns::beta<int>(int)","calls":2,
// CHECK-DAG: {"name":"ns::beta<double>","signature":"ns::beta<double>(double)","calls":1,
// CHECK-DAG: {"name":"ns::Helper::help","signature":"ns::Helper::help(int) const","calls":1,
// CHECK-DAG: {"name":"ns::quiet::loud","signature":"ns::quiet::loud(int)","calls":1,
// CHECK-DAG: {"name":"ns::nested::deep","signature":"ns::nested::deep(int)","calls":3,
// ABSENT-NOT: tiny
// ABSENT-NOT: (lambda at
// ABSENT-NOT: compile_time
// ABSENT-NOT: quiet::silent
// ABSENT-NOT: gamma_skipped
// ABSENT-NOT: Skipped
// ABSENT-NOT: unmeasured
// ABSENT-NOT: other_block
// ABSENT-NOT: declared_here
// ABSENT-NOT: ~Worker
