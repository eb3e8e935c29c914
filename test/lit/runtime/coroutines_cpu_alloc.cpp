// REQUIRES: plugin
// What a coroutine's segments do is the coroutine's: the allocations made while a
// segment runs count for the coroutine (one record per instance, all its
// segments' bytes), and in cumulative mode for whatever resumed it too; the CPU
// samples taken while a segment runs count for the coroutine, not for the
// function that resumed it.
//
// RUN: %clangxx -std=c++20 -O1 -g -Wall -Wextra -Werror -fplugin=%hotpath_plugin \
// RUN:   -include hotpath/hotpath.hpp %hotpath_cflags %s -o %t %hotpath_alloc_libs \
// RUN:   %hotpath_cpu_libs %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json %t > %t.json
// RUN: FileCheck %s --check-prefixes=ALLOC,EXCLUSIVE < %t.json
// RUN: %python -c "import json,sys; cpu={r['name']: r['samples'] for r in json.load(open(sys.argv[1]))['functions_cpu']['data']}; total=sum(cpu.values()); print('crunch has most samples' if cpu.get('app::crunch', 0) >= total / 2 else 'crunch has %%s of %%s' %% (cpu.get('app::crunch', 0), total)); print('resume_all has %%s' %% cpu.get('app::resume_all', 0))" %t.json | FileCheck %s --check-prefix=CPU
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_ALLOC_CUMULATIVE=1 %t \
// RUN:   | FileCheck %s --check-prefixes=ALLOC,CUMULATIVE
//
// One instance, 20 segments of 4096 bytes each; resume_all allocates nothing of
// its own, and in cumulative mode gets the 20 segments it resumed.
// ALLOC: "functions_alloc":{
// ALLOC-DAG: {"name":"app::crunch","signature":"app::crunch(int)","calls":1,"alloc_bytes":81920,"alloc_count":20,"dealloc_bytes":{{[0-9]+}},"dealloc_count":20,
// EXCLUSIVE-DAG: {"name":"app::resume_all","signature":"app::resume_all(Pump &)","calls":1,"alloc_bytes":0,
// CUMULATIVE-DAG: {"name":"app::resume_all","signature":"app::resume_all(Pump &)","calls":1,"alloc_bytes":81920,"alloc_count":20,
//
// CPU: crunch has most samples
// CPU: resume_all has 0
#include <coroutine>
#include <exception>
#include <utility>

/// A coroutine resumed by hand until it finishes.
class Pump {
 public:
  struct promise_type {
    Pump get_return_object() {
      return Pump(std::coroutine_handle<promise_type>::from_promise(*this));
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  explicit Pump(std::coroutine_handle<promise_type> handle) : handle_(handle) {}
  Pump(Pump&& other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
  Pump(const Pump&) = delete;
  Pump& operator=(const Pump&) = delete;
  ~Pump() {
    if (handle_) handle_.destroy();
  }
  bool resume() {
    handle_.resume();
    return !handle_.done();
  }

 private:
  std::coroutine_handle<promise_type> handle_;
};

volatile unsigned long sink = 0;
char* volatile kept = nullptr;

namespace app {

// 20 segments, each allocating and freeing 4096 bytes and spinning for a while.
[[hotpath::measure]] Pump crunch(int segments) {
  for (int i = 0; i < segments; ++i) {
    // Through a volatile pointer: the compiler may not drop the pair.
    kept = new char[4096];
    delete[] kept;
    for (unsigned long n = 0; n < 20'000'000; ++n) sink = sink + n;
    if (i + 1 < segments) co_await std::suspend_always{};
  }
}

[[hotpath::measure]] void resume_all(Pump& pump) {
  while (pump.resume()) {
  }
}

}  // namespace app

[[hotpath::main]] int main() {
  Pump pump = app::crunch(20);
  app::resume_all(pump);
  return 0;
}
