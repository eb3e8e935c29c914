// REQUIRES: rewriter
// --print writes the guard right after each planned body's `{`, on the same line,
// and the prologue that keeps the original's line numbers and file name.
//
// RUN: %hotpath_rewrite --print %s -- -std=c++20 %hotpath_cflags > %t.out
// RUN: FileCheck %s --strict-whitespace < %t.out
// RUN: FileCheck %s --check-prefix=ABSENT < %t.out
// RUN: grep "^#include <hotpath/hotpath.hpp>" %t.out | count 1
// The registrations for the names of rows come after the source's last line, and a blank one.
// RUN: sed '/^\/\/ Default template arguments, for the names of rows/,$d' %t.out > %t.lines
// RUN: test $(wc -l < %t.lines) -eq $(( $(wc -l < %s) + 3 ))
//
// CHECK:      #include <hotpath/hotpath.hpp>
// CHECK-NEXT: {{^}}#line 1{{$}}
// ABSENT-NOT: "app::{{p}}lain()"
//
// The checks refer to lines and their layout: clang-format must leave it alone.
// clang-format off

#include <coroutine>

namespace app {

[[hotpath::measure]] int add(int a, int b) { return a + b; }
// CHECK: int add(int a, int b) { static ::hotpath::Site __hotpath_site(nullptr, "app::add(int, int)", "{{.*}}print.cpp", [[@LINE-1]]); ::hotpath::ScopeGuard __hotpath_guard(__hotpath_site); return a + b; }

[[hotpath::measure("custom row")]] void named() {
}
// CHECK: void named() { static ::hotpath::Site __hotpath_site("custom row", nullptr, "{{.*}}print.cpp", [[@LINE-2]]); ::hotpath::ScopeGuard __hotpath_guard(__hotpath_site);
// CHECK-NEXT: }

void plain() {}
// CHECK: {{^}}void plain() {}{{$}}

template <typename T>
struct Box {
  [[hotpath::measure]] T get() const { return value; }
  T value;
};
// CHECK: T get() const { static ::hotpath::Site __hotpath_site(nullptr, "${types=T}app::Box<${T}>::get() const", "{{.*}}print.cpp", [[@LINE-3]], __PRETTY_FUNCTION__, nullptr, ::hotpath::TypeArguments<T, void>::text(), ::hotpath::TypeArguments<T, void>::types()); ::hotpath::ScopeGuard __hotpath_guard(__hotpath_site); return value; }

template <typename T>
[[hotpath::measure]] T twice(T x) { return x + x; }
// CHECK: T twice(T x) { static ::hotpath::Site __hotpath_site(nullptr, "${types=T}app::twice<${T}>(${T})", "{{.*}}print.cpp", [[@LINE-1]], __PRETTY_FUNCTION__, nullptr, ::hotpath::TypeArguments<T, void>::text(), ::hotpath::TypeArguments<T, void>::types()); ::hotpath::ScopeGuard __hotpath_guard(__hotpath_site); return x + x; }

[[hotpath::measure]] constexpr int square(int x) { return x * x; }
// CHECK: constexpr int square(int x) { ::hotpath::ConstexprScopeGuard __hotpath_guard([](__attribute__((unused)) const char* __hotpath_pretty) -> const ::hotpath::Site& { static ::hotpath::Site __hotpath_site(nullptr, "app::square(int)", "{{.*}}print.cpp", [[@LINE-1]]); return __hotpath_site; }, __PRETTY_FUNCTION__); return x * x; }

struct Task {
  struct promise_type {
    Task get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};
[[hotpath::measure]] Task job() { co_return; }
// CHECK: Task job() { static ::hotpath::Site __hotpath_site(nullptr, "app::job()", "{{.*}}print.cpp", [[@LINE-1]]); ::hotpath::CoroutineGuard __hotpath_guard(__hotpath_site, true); co_return; }
// Each co_await's operand goes through the guard, which applies operator co_await.
[[hotpath::measure]] Task waits() { co_await std::suspend_never{}; }
// CHECK: Task waits() { static ::hotpath::Site __hotpath_site(nullptr, "app::waits()", "{{.*}}print.cpp", [[@LINE-1]]); ::hotpath::CoroutineGuard __hotpath_guard(__hotpath_site, true); co_await ::hotpath::detail::watch_operand(__hotpath_guard, std::suspend_never{}); }
// A promise with await_transform sees the operand: text cannot wrap the awaiter it
// returns, and the guard measures the logical life only.
struct Transforming {
  struct promise_type {
    Transforming get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    std::suspend_never await_transform(int) { return {}; }
    void return_void() {}
    void unhandled_exception() {}
  };
};
[[hotpath::measure]] Transforming transformed() { co_await 1; }
// CHECK: Transforming transformed() { static ::hotpath::Site __hotpath_site(nullptr, "app::transformed()", "{{.*}}print.cpp", [[@LINE-1]]); ::hotpath::CoroutineGuard __hotpath_guard(__hotpath_site); co_await 1; }

}  // namespace app

[[hotpath::measure]] int tried() try { return 1; } catch (...) { return 0; }
// CHECK: int tried() try { static ::hotpath::Site __hotpath_site(nullptr, "tried()", "{{.*}}print.cpp", [[@LINE-1]]); ::hotpath::ScopeGuard __hotpath_guard(__hotpath_site); return 1; } catch (...) { return 0; }

[[hotpath::main("format=json")]] int main() {
  app::Box<int> box{1};
  app::job();
  return app::add(1, 2) + app::twice(2) + app::twice(2L) + app::square(3) + box.get() + tried();
}
// CHECK: int main() { ::hotpath::MainGuard __hotpath_guard("main", "format=json", "{{.*}}print.cpp", [[@LINE-5]]);
