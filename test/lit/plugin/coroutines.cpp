// REQUIRES: plugin
// Coroutines (C++20): a measured coroutine counts one call per coroutine instance,
// however often it suspends, from its first resume to its completion or its
// destruction (a generator abandoned while suspended still counts once; one never
// resumed does not run and is not counted). Measured functions called while a
// coroutine is suspended, or from inside it, are counted exactly: the coroutine's
// guard does not disturb the thread's shadow stack. A coroutine resumed on
// another thread is counted once, and what it calls there is counted too.
//
// RUN: %clangxx -std=c++20 -O1 -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp -I%S/../../shared %hotpath_cflags %s %hotpath_libs -o %t
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t > %t.json
// RUN: FileCheck %s < %t.json
// RUN: FileCheck %s --check-prefix=ABSENT < %t.json
// Exclusive time subtracts measured callees along the shadow stack: a corrupted
// stack would show up as wrong counts, a crash or an absurd (wrapped) duration.
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_TIME_EXCLUSIVE=1 %t > %t.excl.json
// RUN: FileCheck %s --check-prefixes=CHECK,EXCL < %t.excl.json
// RUN: FileCheck %s --check-prefix=ABSENT < %t.excl.json
//
// EXCL: "time_mode":"exclusive"
// CHECK: "total_functions":7,

#include <coroutine>
#include <thread>

// test/shared/
#include "coroutine_kinds.hpp"

volatile int sink = 0;

namespace app {

using coroutine_kinds::Generator;
// A fire-and-forget task, started eagerly; the caller waits with join().
using Task = coroutine_kinds::Detached;

/// Resumes the awaiting coroutine on a new thread, stored in `*thread`.
struct ResumeOnNewThread {
  std::thread* thread;
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> handle) {
    // Once the new thread runs, the coroutine (and this awaiter in its frame)
    // may finish and be destroyed at any time: touch no member after that.
    std::thread& target = *thread;
    target = std::thread([handle] { handle.resume(); });
  }
  void await_resume() const noexcept {}
};

[[hotpath::measure]] int inside(int x) { return x * 2 + sink; }

[[hotpath::measure]] int between(int x) { return x + 1 + sink; }

[[hotpath::measure]] Generator count_to(int n) {
  for (int i = 1; i <= n; ++i) co_yield inside(i);
}

[[hotpath::measure]] Task hop_threads(std::thread* first, std::thread* second, int* out) {
  int sum = inside(1);
  co_await ResumeOnNewThread{first};
  sum += inside(2);
  co_await ResumeOnNewThread{second};
  sum += inside(3);
  *out = sum;
}

// Creates a generator, resumes it, and lets the caller resume it later.
[[hotpath::measure]] Generator start_generator() {
  Generator generator = count_to(3);
  generator.next();
  return generator;
}

[[hotpath::measure]] int drive(Generator& generator) {
  int total = 0;
  while (generator.next()) total += generator.value() + between(generator.value());
  return total;
}

}  // namespace app

[[hotpath::main("limit=0")]] int main() {
  int total = 0;
  // Two complete runs of five values each, interleaved with measured calls.
  for (int run = 0; run < 2; ++run) {
    app::Generator generator = app::count_to(5);
    while (generator.next()) total += app::between(generator.value());
  }
  // Started in one measured function, resumed to the end in another.
  {
    app::Generator generator = app::start_generator();
    total += app::drive(generator);
  }
  // Abandoned after two values: destroyed while suspended, counted once.
  {
    app::Generator generator = app::count_to(100);
    generator.next();
    generator.next();
    total += generator.value();
  }
  // Never resumed: never ran.
  { app::Generator generator = app::count_to(7); }
  // Resumed on other threads, twice each.
  for (int run = 0; run < 2; ++run) {
    std::thread first;
    std::thread second;
    int out = 0;
    app::hop_threads(&first, &second, &out);
    first.join();
    second.join();
    total += out + app::between(out);
  }
  return total > 0 ? 0 : 1;
}

// count_to: 2 full runs + 1 (start_generator/drive) + 1 abandoned = 4 instances.
// CHECK-DAG: {"name":"main","signature":"main","calls":1,
// CHECK-DAG: {"name":"app::count_to","signature":"app::count_to(int)","calls":4,
// inside: 5 + 5 (full runs) + 3 (driven) + 2 (abandoned) from count_to; 3 + 3 from hop_threads.
// CHECK-DAG: {"name":"app::inside","signature":"app::inside(int)","calls":21,
// between: 5 + 5 in main's loops, 2 in drive, 2 after hop_threads.
// CHECK-DAG: {"name":"app::between","signature":"app::between(int)","calls":14,
// CHECK-DAG: {"name":"app::start_generator","signature":"app::start_generator()","calls":1,
// CHECK-DAG: {"name":"app::drive","signature":"app::drive(coroutine_kinds::Generator &)","calls":1,
// CHECK-DAG: {"name":"app::hop_threads","signature":"app::hop_threads(std::thread *, std::thread *, int *)","calls":2,
// No duration of 10^13 ns (nearly three hours) or more:
// ABSENT-NOT: "total_ns":{{[0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9][0-9]}}
