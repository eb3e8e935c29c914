// What a measured coroutine pays per resume and suspension, in guard costs. A
// coroutine suspends and is resumed in a loop (co_await std::suspend_always, the
// driver resuming it), three ways: unmeasured; with the guard that measures its
// logical life only; and with every suspension point reporting to the guard, as
// the plugin and clang-hotpath-rewrite instrument it (each pair ends a segment and
// begins the next). The guard cost is that of a measured call, in the same run:
//   (BM_WatchedResume - BM_UnmeasuredResume) / (BM_MeasuredCall - BM_UnmeasuredCall)
// is the cost of a resume/suspend pair in guard costs.
#include <benchmark/benchmark.h>

#include "bench_main.hpp"

#include <coroutine>
#include <cstdint>
#include <exception>
#include <utility>

#include "hotpath/hotpath.hpp"

namespace {

/// A coroutine the benchmark resumes by hand; it never finishes on its own.
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
  Pump(const Pump&) = delete;
  Pump& operator=(const Pump&) = delete;
  ~Pump() { handle_.destroy(); }
  HOTPATH_NOINLINE void resume() { handle_.resume(); }

 private:
  std::coroutine_handle<promise_type> handle_;
};

Pump unmeasured(std::uint64_t& value) {
  for (;;) {
    co_await std::suspend_always{};
    benchmark::DoNotOptimize(++value);
  }
}

Pump logical(std::uint64_t& value) {
  static hotpath::Site site("logical", nullptr, __FILE__, __LINE__);
  hotpath::CoroutineGuard guard(site);
  for (;;) {
    co_await std::suspend_always{};
    benchmark::DoNotOptimize(++value);
  }
}

// As clang-hotpath-rewrite writes it; the plugin wraps the same awaiter.
Pump watched(std::uint64_t& value) {
  static hotpath::Site site("watched", nullptr, __FILE__, __LINE__);
  hotpath::CoroutineGuard guard(site, true);
  for (;;) {
    co_await hotpath::detail::watch_operand(guard, std::suspend_always{});
    benchmark::DoNotOptimize(++value);
  }
}

HOTPATH_NOINLINE void unmeasured_call(std::uint64_t& value) { benchmark::DoNotOptimize(++value); }

HOTPATH_NOINLINE void measured_call(std::uint64_t& value) {
  HOTPATH_MEASURE();
  benchmark::DoNotOptimize(++value);
}

/// Times every call on this thread: adaptive timing would otherwise stop timing
/// the measured call after a few thousand calls.
void time_every_call() {
  std::uint64_t value = 0;
  measured_call(value);
  hotpath::detail::t_thread_state.adaptive_threshold_ticks = 0;
}

void BM_UnmeasuredCall(benchmark::State& state) {
  std::uint64_t value = 0;
  for (auto _ : state) unmeasured_call(value);
}
BENCHMARK(BM_UnmeasuredCall);

void BM_MeasuredCall(benchmark::State& state) {
  std::uint64_t value = 0;
  time_every_call();
  for (auto _ : state) measured_call(value);
}
BENCHMARK(BM_MeasuredCall);

template <Pump (*Coroutine)(std::uint64_t&)>
void resume_loop(benchmark::State& state) {
  std::uint64_t value = 0;
  time_every_call();
  Pump pump = Coroutine(value);
  for (auto _ : state) pump.resume();
}

void BM_UnmeasuredResume(benchmark::State& state) { resume_loop<unmeasured>(state); }
BENCHMARK(BM_UnmeasuredResume);

void BM_LogicalResume(benchmark::State& state) { resume_loop<logical>(state); }
BENCHMARK(BM_LogicalResume);

void BM_WatchedResume(benchmark::State& state) { resume_loop<watched>(state); }
BENCHMARK(BM_WatchedResume);

}  // namespace

int main(int argc, char** argv) { return run_benchmarks(argc, argv); }
