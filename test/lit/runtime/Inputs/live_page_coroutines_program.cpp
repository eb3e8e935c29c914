// The program the live page's Coroutines tab is tested with, built with the plugin:
// app::count_to, a generator, has 3 instances: 2 consumed to their end (6 segments
// each: one per value and the last) and 1 destroyed after 2 values (2 segments);
// app::nap waits twice for 20 ms on a timer thread: 2 instances, 3 segments each;
// app::park's one instance stays suspended until the program ends (no instance of
// it has ended while the test looks). Then it waits for the file argv[1] names (at
// most a minute) while the test looks at it.
#include <unistd.h>

#include <atomic>
#include <chrono>
#include <coroutine>
#include <cstdio>
#include <exception>
#include <fstream>
#include <thread>
#include <utility>

volatile long sink = 0;

namespace app {

/// A generator of ints.
class Generator {
 public:
  struct promise_type {
    int current = 0;
    Generator get_return_object() {
      return Generator(std::coroutine_handle<promise_type>::from_promise(*this));
    }
    std::suspend_always initial_suspend() noexcept { return {}; }
    std::suspend_always final_suspend() noexcept { return {}; }
    std::suspend_always yield_value(int value) noexcept {
      current = value;
      return {};
    }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
  explicit Generator(std::coroutine_handle<promise_type> handle) : handle_(handle) {}
  Generator(Generator&& other) noexcept : handle_(std::exchange(other.handle_, nullptr)) {}
  Generator(const Generator&) = delete;
  Generator& operator=(const Generator&) = delete;
  ~Generator() {
    if (handle_) handle_.destroy();
  }
  bool next() {
    handle_.resume();
    return !handle_.done();
  }
  int value() const { return handle_.promise().current; }

 private:
  std::coroutine_handle<promise_type> handle_;
};

/// A coroutine that starts at once and frees itself when it ends.
struct Detached {
  struct promise_type {
    Detached get_return_object() { return {}; }
    std::suspend_never initial_suspend() noexcept { return {}; }
    std::suspend_never final_suspend() noexcept { return {}; }
    void return_void() noexcept {}
    void unhandled_exception() { std::terminate(); }
  };
};

/// co_await After{ms}: the coroutine goes on on a thread of its own after `ms`.
struct After {
  int ms;
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> handle) const {
    std::thread([handle, ms = ms] {
      std::this_thread::sleep_for(std::chrono::milliseconds(ms));
      handle.resume();
    }).detach();
  }
  void await_resume() const noexcept {}
};

std::atomic<int> naps_done{0};
std::coroutine_handle<> parked;

/// co_await Park{}: the coroutine stays suspended; `parked` is its handle.
struct Park {
  bool await_ready() const noexcept { return false; }
  void await_suspend(std::coroutine_handle<> handle) const noexcept { parked = handle; }
  void await_resume() const noexcept {}
};

[[hotpath::measure]] Generator count_to(int n) {
  for (int i = 1; i <= n; ++i) co_yield i;
}

[[hotpath::measure]] Detached nap() {
  for (int i = 0; i < 2; ++i) co_await After{20};
  naps_done.fetch_add(1);
}

[[hotpath::measure]] Detached park() {
  co_await Park{};
  sink = sink + 1;
}

}  // namespace app

int main(int argc, char** argv) {
  if (argc != 2) return 2;
  long checksum = 0;
  for (int i = 0; i < 2; ++i) {
    app::Generator numbers = app::count_to(5);
    while (numbers.next()) checksum += numbers.value();
  }
  {
    app::Generator abandoned = app::count_to(5);
    for (int i = 0; i < 2 && abandoned.next(); ++i) checksum += abandoned.value();
  }
  for (int i = 0; i < 2; ++i) app::nap();
  app::park();
  while (app::naps_done.load() != 2) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  for (int i = 0; i < 600 && !std::ifstream(argv[1]); ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
  app::parked.destroy();
  std::fprintf(stderr, "checksum %ld\n", checksum);
  return 0;
}
