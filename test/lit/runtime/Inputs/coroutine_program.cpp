// Coroutines with known shapes, for the coroutine tests (built with
// -I test/shared): every count below is exact, and the comments say what each
// function's row must hold.
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <coroutine>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

// test/shared/
#include "coroutine_kinds.hpp"

volatile long sink = 0;

namespace app {

using coroutine_kinds::Eager;
using coroutine_kinds::Generator;
using coroutine_kinds::Pool;
using coroutine_kinds::Task;

/// Declines to suspend: await_suspend returns false.
struct NotSuspending {
  bool await_ready() const noexcept { return false; }
  bool await_suspend(std::coroutine_handle<>) const noexcept { return false; }
  int await_resume() const noexcept { return 1; }
};

/// An awaitable whose operator co_await gives the awaiter.
struct Ready {
  struct Awaiter {
    bool await_ready() const noexcept { return true; }
    void await_suspend(std::coroutine_handle<>) const noexcept {}
    int await_resume() const noexcept { return 2; }
  };
  Awaiter operator co_await() const noexcept { return {}; }
};

[[hotpath::measure]] void busy(int n) {
  for (int i = 0; i < n; ++i) sink = sink + i;
}

// 3 instances, 6 resumes (the first, and after its 50 ms wait); suspended >= 150 ms.
[[hotpath::measure]] Task<int> fetch(Pool& pool, int id) {
  busy(1000);
  co_await pool.after(50);
  busy(1000);
  co_return id;
}

// 3 instances, 6 resumes: the first, and when fetch hands back.
[[hotpath::measure]] Task<int> serve(Pool& pool, int id) {
  const int value = co_await fetch(pool, id);
  co_return value * 2;
}

// 8 instances, 48 resumes: 5 hops from worker to worker each.
[[hotpath::measure]] Task<int> hop(Pool& pool, int id) {
  for (int i = 0; i < 5; ++i) {
    co_await pool.schedule();
    busy(200);
  }
  co_return id;
}

// 2 instances, 2 resumes: neither a declined suspension nor a ready awaiter resumes.
[[hotpath::measure]] Task<int> straight() {
  int total = 0;
  total += co_await NotSuspending{};
  total += co_await Ready{};
  co_return total;
}

// 3 instances, 2 completed (6 resumes each: one per value and the last), 1
// destroyed after 2 values (2 resumes): 14 resumes.
[[hotpath::measure]] Generator count_to(int n) {
  for (int i = 1; i <= n; ++i) co_yield i;
}

// 3 instances, 3 completed by their exception, 3 resumes.
[[hotpath::measure]] Eager fail(int id) {
  busy(100);
  if (id >= 0) throw std::runtime_error("failed");
  co_return;
}

/// Runs `task` to its end on the pool; returns its result.
template <typename T>
T run(Task<T> task) {
  std::mutex mutex;
  std::condition_variable finished;
  bool done = false;
  task.start([&] {
    std::lock_guard<std::mutex> lock(mutex);
    done = true;
    finished.notify_one();
  });
  std::unique_lock<std::mutex> lock(mutex);
  finished.wait(lock, [&] { return done; });
  return task.result();
}

}  // namespace app

[[hotpath::main]] int main() {
  long checksum = 0;
  {
    app::Pool pool(4);
    for (int id = 0; id < 3; ++id) checksum += app::run(app::serve(pool, id));
    std::vector<app::Task<int>> hops;
    for (int id = 0; id < 8; ++id) hops.push_back(app::hop(pool, id));
    std::atomic<int> left{8};
    for (app::Task<int>& task : hops) task.start([&left] { left.fetch_sub(1); });
    while (left.load() != 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    for (app::Task<int>& task : hops) checksum += task.result();
  }
  for (int i = 0; i < 2; ++i) checksum += app::run(app::straight());
  for (int i = 0; i < 2; ++i) {
    app::Generator numbers = app::count_to(5);
    while (numbers.next()) checksum += numbers.value();
  }
  {
    app::Generator abandoned = app::count_to(5);
    for (int i = 0; i < 2 && abandoned.next(); ++i) checksum += abandoned.value();
  }
  for (int id = 0; id < 3; ++id) {
    try {
      app::fail(id);
    } catch (const std::runtime_error&) {
      checksum += 1;
    }
  }
  std::fprintf(stderr, "checksum %ld\n", checksum);
  return 0;
}
