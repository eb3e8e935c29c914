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

// test/shared/
#include "coroutine_kinds.hpp"

volatile long sink = 0;

namespace app {

using coroutine_kinds::After;
using coroutine_kinds::Detached;
using coroutine_kinds::Generator;

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
