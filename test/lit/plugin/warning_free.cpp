// REQUIRES: plugin
// Instrumented code builds warning-free wherever the original did: a varied
// annotated file compiles with -Wall -Wextra -Wshadow -pedantic -Werror from C++11
// to C++23, with and without exceptions and RTTI, with and without the plugin.
// (Parts a standard lacks are left out: attributes on namespaces before C++17,
// coroutines and measured constexpr functions before C++20, attributes on
// lambdas before C++23.)
//
// DEFINE: %{warn} = -Wall -Wextra -Wshadow -pedantic -Werror -include hotpath/hotpath.hpp \
// DEFINE:   %hotpath_cflags -fplugin=%hotpath_plugin -c %s -o %t.o
//
// RUN: %clangxx -std=c++11 %{warn}
// RUN: %clangxx -std=c++14 %{warn}
// RUN: %clangxx -std=c++17 %{warn}
// RUN: %clangxx -std=c++20 %{warn}
// RUN: %clangxx -std=c++2b %{warn}
// RUN: %clangxx -std=c++11 -fno-exceptions -fno-rtti %{warn}
// RUN: %clangxx -std=c++17 -fno-exceptions -fno-rtti %{warn}
// RUN: %clangxx -std=c++20 -fno-exceptions -fno-rtti -O2 %{warn}
// RUN: %clangxx -std=c++2b -fno-exceptions -fno-rtti -O2 %{warn}
// RUN: %clangxx -std=c++2b -O2 -g %{warn}
//
// Something was instrumented in each mode (the remark is not a warning).
// RUN: %clangxx -std=c++11 -fno-exceptions -fno-rtti %{warn} -fplugin-arg-hotpath-verbose 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CXX11
// RUN: %clangxx -std=c++2b %{warn} -fplugin-arg-hotpath-verbose 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CXX23
// CXX11: remark: hotpath: measuring 'app::Widget::Widget'
// CXX11: remark: hotpath: measuring 'main'
// CXX23: remark: hotpath: measuring 'app::Widget::Widget'
// CXX23: remark: hotpath: measuring 'app::countdown'
// CXX23: remark: hotpath: measuring 'main'
//
// The same file links and runs, and reports.
// RUN: %clangxx -std=c++2b -Wall -Wextra -Wshadow -pedantic -Werror -include hotpath/hotpath.hpp \
// RUN:   %hotpath_cflags -fplugin=%hotpath_plugin %s %hotpath_libs -o %t
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t | FileCheck %s --check-prefix=RUN23
// RUN: %clangxx -std=c++11 -fno-exceptions -fno-rtti -Wall -Wextra -Wshadow -pedantic -Werror \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags -fplugin=%hotpath_plugin %s \
// RUN:   %hotpath_libs -o %t.11
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t.11 | FileCheck %s --check-prefix=RUN11
// RUN11: {"name":"app::twice<int>","signature":"app::twice<int>(int)","calls":1,
// RUN23: {"name":"app::countdown","signature":"app::countdown(int)","calls":1,

#include <cstddef>
#include <string>
#include <vector>
#if __cplusplus >= 202002L
#include <coroutine>
#endif

namespace app {

int global_counter = 0;

[[hotpath::measure]] int plain(int value) { return value + global_counter; }

[[hotpath::measure("custom label")]] int labelled(int value) { return value * 2; }

__attribute__((hotpath_measure)) int gnu_spelled(int value) { return value - 1; }

[[hotpath::measure]] void no_return_value() { ++global_counter; }

[[hotpath::measure]] int overloaded(int value) { return value; }
[[hotpath::measure]] double overloaded(double value) { return value; }

namespace {
[[hotpath::measure]] int hidden(int value) { return value + 3; }
}  // namespace

template <typename T>
[[hotpath::measure]] T twice(T value) {
  return value + value;
}

// A guard in a function whose parameter and locals have the usual names.
[[hotpath::measure]] int shadowing(int site, int guard) {
  int value = site + guard;
  {
    int inner = value;
    value = inner + 1;
  }
  return value;
}

class Widget {
 public:
  [[hotpath::measure]] explicit Widget(int value) : value_(value) {}
  [[hotpath::measure]] ~Widget() { global_counter += value_; }
  [[hotpath::measure]] int value() const { return value_; }
  [[hotpath::measure]] virtual int area() const { return value_ * value_; }
  [[hotpath::measure]] static int make() { return 7; }
  [[hotpath::measure]] Widget& operator+=(int delta) {
    value_ += delta;
    return *this;
  }
  [[hotpath::measure]] explicit operator bool() const { return value_ != 0; }

 private:
  int value_;
};

class [[hotpath::measure_all]] Everything {
 public:
  Everything() = default;
  int get() const { return value_; }
  void set(int value);
  // Implied, not explicit: constexpr members are left alone before C++20, silently.
  constexpr int constant() const { return 4; }
  [[hotpath::skip]] int tiny() const { return value_; }

 private:
  int value_ = 0;
  std::string name_;
};

void Everything::set(int value) { value_ = value; }

template <typename T>
class [[hotpath::measure_all]] Stack {
 public:
  void push(const T& value) { items_.push_back(value); }
  std::size_t size() const { return items_.size(); }

 private:
  std::vector<T> items_;
};

[[hotpath::measure]] int recursive(int depth) { return depth <= 0 ? 0 : 1 + recursive(depth - 1); }

#if defined(__cpp_exceptions)
[[hotpath::measure]] int function_try_block(int value) try { return value; } catch (...) {
  return -1;
}
#endif

#if __cplusplus >= 201402L
[[hotpath::measure]] auto deduced(int value) { return value * 3; }
#endif

#if __cplusplus >= 202002L
[[hotpath::measure]] constexpr int square(int value) { return value * value; }
static_assert(square(3) == 9, "still a constant expression");

struct Countdown {
  struct promise_type {
    int current = 0;
    Countdown get_return_object() {
      return Countdown{std::coroutine_handle<promise_type>::from_promise(*this)};
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int value) noexcept {
      current = value;
      return {};
    }
    void return_void() noexcept {}
    void unhandled_exception() noexcept {}
  };
  std::coroutine_handle<promise_type> handle;
};

[[hotpath::measure]] Countdown countdown(int from) {
  for (int i = from; i > 0; --i) co_yield i;
}

int drain(int from) {
  Countdown counter = countdown(from);
  int total = 0;
  for (counter.handle.resume(); !counter.handle.done(); counter.handle.resume())
    total += counter.handle.promise().current;
  counter.handle.destroy();
  return total;
}
#endif

int use_lambdas(int value) {
#if __cplusplus > 202002L
  auto outer = [value] [[hotpath::measure]] (int x) {
    auto inner = [] [[hotpath::measure]] (int y) { return y + 1; };
    return inner(x) + value;
  };
  auto generic = [] [[hotpath::measure]] (auto x) { return x + x; };
  return outer(value) + generic(value);
#else
  auto plain_lambda = [value](int x) { return x + value; };
  return plain_lambda(value);
#endif
}

}  // namespace app

// Attributes on namespaces are C++17.
#if __cplusplus >= 201703L
namespace [[hotpath::measure_all]] tools {
#else
namespace tools {
#endif
inline int helper(int value) { return value + 1; }
}  // namespace tools

[[hotpath::main("limit=0", "percentiles=50,99")]] int main() {
  int total = app::plain(1) + app::labelled(2) + app::gnu_spelled(3);
  app::no_return_value();
  total += app::overloaded(1) + static_cast<int>(app::overloaded(2.0)) + app::hidden(1);
  total += app::twice(1) + static_cast<int>(app::twice(1.5)) + app::shadowing(1, 2);
  {
    app::Widget widget(3);
    widget += 1;
    if (widget) total += widget.value() + widget.area() + app::Widget::make();
  }
  app::Everything everything;
  everything.set(2);
  total += everything.get() + everything.constant() + everything.tiny();
  app::Stack<int> stack;
  stack.push(1);
  total += static_cast<int>(stack.size()) + app::recursive(3) + tools::helper(1);
#if defined(__cpp_exceptions)
  total += app::function_try_block(1);
#endif
#if __cplusplus >= 201402L
  total += app::deduced(1);
#endif
#if __cplusplus >= 202002L
  total += app::square(total % 5) + app::drain(3);
#endif
  total += app::use_lambdas(2);
  return total > 0 ? 0 : 1;
}
