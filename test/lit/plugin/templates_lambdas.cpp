// REQUIRES: plugin
// Templates are measured per instantiation, each its own row named with its
// template arguments: function templates, members of class templates, member
// templates of class templates, functions with a deduced return type. Lambdas are
// named `<enclosing>::(lambda at <file>:<line>)`; a lambda inside a function
// template gets one row per instantiation of the template; a generic lambda is
// measured per instantiation of its call operator.
//
// RUN: %clangxx -std=c++20 -Wno-c++2b-extensions -O1 -Wall -Wextra -Werror \
// RUN:   -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp %hotpath_cflags %s \
// RUN:   %hotpath_libs -o %t
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t | FileCheck %s
// RUN: %clangxx -std=c++2b -O1 -Wall -Wextra -Werror \
// RUN:   -fplugin=%hotpath_plugin -include hotpath/hotpath.hpp %hotpath_cflags %s \
// RUN:   %hotpath_libs -o %t.23
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.23 | FileCheck %s
//
// CHECK: "total_functions":22,

#include <vector>

volatile int sink = 0;

namespace app {

template <typename T>
[[hotpath::measure]] T twice(T value) {
  return value + value + static_cast<T>(sink);
}

template <typename T>
class Stack {
 public:
  [[hotpath::measure]] void push(const T& value) { items_.push_back(value); }
  [[hotpath::measure]] T pop();
  template <typename U>
  [[hotpath::measure]] void push_converted(const U& value) {
    items_.push_back(static_cast<T>(value));
  }
  int size() const { return static_cast<int>(items_.size()); }

 private:
  std::vector<T> items_;
};

template <typename T>
T Stack<T>::pop() {
  T top = items_.back();
  items_.pop_back();
  return top;
}

// A deduced return type: the body is instantiated early, while deducing it.
[[hotpath::measure]] auto deduced(int x) { return x * 2 + sink; }

template <typename T>
[[hotpath::measure]] auto deduced_template(T x) {
  return x * 3 + static_cast<T>(sink);
}

// A lambda inside a function template: one row per instantiation.
template <typename T>
T apply_lambda(T value) {
  auto add = [] [[hotpath::measure]] (T a, T b) { return a + b; };
  return add(value, value);
}
// CHECK-DAG: {"name":"app::apply_lambda<int>::(lambda at templates_lambdas.cpp:[[@LINE-3]])","signature":"app::apply_lambda<int>::(lambda at templates_lambdas.cpp:[[@LINE-3]])(int, int)","calls":2,
// CHECK-DAG: {"name":"app::apply_lambda<double>::(lambda at templates_lambdas.cpp:[[@LINE-4]])","signature":"app::apply_lambda<double>::(lambda at templates_lambdas.cpp:[[@LINE-4]])(double, double)","calls":1,

// A lambda in a namespace-scope variable.
inline auto ns_lambda = [] [[hotpath::measure]] (int x) { return x + sink; };
// CHECK-DAG: {"name":"app::(lambda at templates_lambdas.cpp:[[@LINE-1]])","signature":"app::(lambda at templates_lambdas.cpp:[[@LINE-1]])(int)","calls":3,

struct Runner {
  int run(int x) {
    auto inner = [x] [[hotpath::measure]] (int y) { return x * y + sink; };
    return inner(2) + inner(3);
  }
};
// CHECK-DAG: {"name":"app::Runner::run::(lambda at templates_lambdas.cpp:[[@LINE-4]])","signature":"app::Runner::run::(lambda at templates_lambdas.cpp:[[@LINE-4]])(int)","calls":4,

}  // namespace app

[[hotpath::main("limit=0")]] int main() {
  int total = 0;
  total += app::twice(1) + app::twice(2) + app::twice(3);
  total += static_cast<int>(app::twice(1.5) + app::twice(2.5));

  app::Stack<int> ints;
  ints.push(1);
  ints.push(2);
  ints.push_converted(3.5);
  ints.push_converted(4L);
  ints.push_converted(5L);
  total += ints.pop();
  app::Stack<double> doubles;
  doubles.push(1.0);
  doubles.push_converted(2);
  total += static_cast<int>(doubles.pop() + doubles.pop());

  total += app::deduced(1) + app::deduced(2);
  total += app::deduced_template(1) + static_cast<int>(app::deduced_template(2.0));

  total += app::apply_lambda(1) + app::apply_lambda(2) + static_cast<int>(app::apply_lambda(0.5));

  total += app::ns_lambda(1) + app::ns_lambda(2) + app::ns_lambda(3);
  app::Runner runner;
  total += runner.run(1) + runner.run(2);

  auto local = [] [[hotpath::measure]] (int x) { return x * 5 + sink; };
  // CHECK-DAG: {"name":"main::(lambda at templates_lambdas.cpp:[[@LINE-1]])","signature":"main::(lambda at templates_lambdas.cpp:[[@LINE-1]])(int)","calls":2,
  total += local(1) + local(2);

  auto unmeasured = [](int x) { return x - sink; };
  total += unmeasured(1);

  auto generic = [] [[hotpath::measure]] (auto x) { return x + static_cast<decltype(x)>(sink); };
  total += generic(1) + generic(2) + generic(3) + static_cast<int>(generic(1.5) + generic(2.5));
  // Each instantiation of a generic lambda's call operator is its own row, named
  // with its template arguments.
  // CHECK-DAG: {"name":"main::(lambda at templates_lambdas.cpp:[[@LINE-4]])<int>","signature":"main::(lambda at templates_lambdas.cpp:[[@LINE-4]])<int>(int)","calls":3,
  // CHECK-DAG: {"name":"main::(lambda at templates_lambdas.cpp:[[@LINE-5]])<double>","signature":"main::(lambda at templates_lambdas.cpp:[[@LINE-5]])<double>(double)","calls":2,

  auto outer = [] [[hotpath::measure]] (int x) {
    auto nested = [] [[hotpath::measure]] (int y) { return y + sink; };
    return nested(x) + nested(x + 1);
  };
  // CHECK-DAG: {"name":"main::(lambda at templates_lambdas.cpp:[[@LINE-4]])","signature":"main::(lambda at templates_lambdas.cpp:[[@LINE-4]])(int)","calls":1,
  // CHECK-DAG: {"name":"main::(lambda at templates_lambdas.cpp:[[@LINE-5]])::(lambda at templates_lambdas.cpp:[[@LINE-4]])","signature":"main::(lambda at templates_lambdas.cpp:[[@LINE-5]])::(lambda at templates_lambdas.cpp:[[@LINE-4]])(int)","calls":2,
  total += outer(1);
  return total > 0 ? 0 : 1;
}

// CHECK-DAG: {"name":"main","signature":"main","calls":1,
// CHECK-DAG: {"name":"app::twice<int>","signature":"app::twice<int>(int)","calls":3,
// CHECK-DAG: {"name":"app::twice<double>","signature":"app::twice<double>(double)","calls":2,
// CHECK-DAG: {"name":"app::Stack<int>::push","signature":"app::Stack<int>::push(const int &)","calls":2,
// CHECK-DAG: {"name":"app::Stack<double>::push","signature":"app::Stack<double>::push(const double &)","calls":1,
// CHECK-DAG: {"name":"app::Stack<int>::pop","signature":"app::Stack<int>::pop()","calls":1,
// CHECK-DAG: {"name":"app::Stack<double>::pop","signature":"app::Stack<double>::pop()","calls":2,
// CHECK-DAG: {"name":"app::Stack<int>::push_converted<double>","signature":"app::Stack<int>::push_converted<double>(const double &)","calls":1,
// CHECK-DAG: {"name":"app::Stack<int>::push_converted<long>","signature":"app::Stack<int>::push_converted<long>(const long &)","calls":2,
// CHECK-DAG: {"name":"app::Stack<double>::push_converted<int>","signature":"app::Stack<double>::push_converted<int>(const int &)","calls":1,
// CHECK-DAG: {"name":"app::deduced","signature":"app::deduced(int)","calls":2,
// CHECK-DAG: {"name":"app::deduced_template<int>","signature":"app::deduced_template<int>(int)","calls":1,
// CHECK-DAG: {"name":"app::deduced_template<double>","signature":"app::deduced_template<double>(double)","calls":1,
