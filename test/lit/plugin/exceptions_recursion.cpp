// REQUIRES: plugin
// A measured function that throws is counted, and so is the measured caller that
// catches: the guards unwind with the exception. Function-try-blocks are measured.
// A recursive measured function counts every level.
//
// RUN: %clangxx -std=c++20 -O1 -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %s %hotpath_libs -o %t
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t > %t.json
// RUN: FileCheck %s < %t.json
// RUN: FileCheck %s --check-prefix=ABSENT < %t.json
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_TIME_EXCLUSIVE=1 %t | FileCheck %s
//
// CHECK: "total_functions":10,

#include <stdexcept>

volatile int sink = 0;

namespace app {

[[hotpath::measure]] int may_throw(int x) {
  if (x % 2 == 1) throw std::runtime_error("odd");
  return x + sink;
}

// Calls a measured function that throws through an unmeasured one.
int relay(int x) { return may_throw(x) + 1; }

[[hotpath::measure]] int catcher(int x) {
  try {
    return relay(x);
  } catch (const std::runtime_error&) {
    return -1;
  }
}

// Lets the exception through: its caller catches.
[[hotpath::measure]] int passes_through(int x) { return may_throw(x) * 2; }

// A function-try-block.
[[hotpath::measure]] int function_try_block(int x) try {
  return may_throw(x);
} catch (const std::exception&) {
  return 0;
}

// A constructor's row measures its body: member and base initializers run
// before the body (and so before the guard), so a constructor whose initializer
// throws is not counted, while one whose body throws is.
struct BodyThrower {
  [[hotpath::measure]] explicit BodyThrower(int x) { value = may_throw(x); }
  int value = 0;
};
struct InitThrower {
  [[hotpath::measure]] explicit InitThrower(int x) : value(may_throw(x)) {}
  int value;
};

[[hotpath::measure]] int depth(int n) { return n <= 1 ? 1 + sink : 1 + depth(n - 1); }

// Mutual recursion.
[[hotpath::measure]] bool is_odd(int n);
[[hotpath::measure]] bool is_even(int n) { return n == 0 ? true : is_odd(n - 1); }
bool is_odd(int n) { return n == 0 ? false : is_even(n - 1); }

}  // namespace app

[[hotpath::main("limit=0")]] int main() {
  int total = 0;
  for (int i = 0; i < 4; ++i) total += app::catcher(i);  // 2 throw, 2 return
  for (int i = 0; i < 3; ++i) {
    try {
      total += app::passes_through(i);  // i = 1 throws
    } catch (const std::runtime_error&) {
      total += 100;
    }
  }
  total += app::function_try_block(1) + app::function_try_block(2);
  try {
    app::BodyThrower thrower(3);
    total += thrower.value;
  } catch (const std::runtime_error&) {
    total += 1;
  }
  app::BodyThrower body_ok(4);
  total += body_ok.value;
  try {
    app::InitThrower thrower(3);
    total += thrower.value;
  } catch (const std::runtime_error&) {
    total += 1;
  }
  app::InitThrower init_ok(4);
  total += init_ok.value;
  total += app::depth(10);
  total += app::is_even(5) ? 1 : 2;  // is_even(5), is_odd(4), ..., is_odd(0)
  return total > 0 ? 0 : 1;
}

// may_throw: 4 from catcher, 3 from passes_through, 2 from function_try_block,
// 2 + 2 from the constructors.
// CHECK-DAG: {"name":"main","signature":"main","calls":1,
// CHECK-DAG: {"name":"app::may_throw","signature":"app::may_throw(int)","calls":13,
// CHECK-DAG: {"name":"app::catcher","signature":"app::catcher(int)","calls":4,
// CHECK-DAG: {"name":"app::passes_through","signature":"app::passes_through(int)","calls":3,
// CHECK-DAG: {"name":"app::function_try_block","signature":"app::function_try_block(int)","calls":2,
// CHECK-DAG: {"name":"app::BodyThrower::BodyThrower","signature":"app::BodyThrower::BodyThrower(int)","calls":2,
// CHECK-DAG: {"name":"app::InitThrower::InitThrower","signature":"app::InitThrower::InitThrower(int)","calls":1,
// CHECK-DAG: {"name":"app::depth","signature":"app::depth(int)","calls":10,
// CHECK-DAG: {"name":"app::is_even","signature":"app::is_even(int)","calls":3,
// CHECK-DAG: {"name":"app::is_odd","signature":"app::is_odd(int)","calls":3,
// ABSENT-NOT: relay
