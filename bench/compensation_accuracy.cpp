// How close the reported times are to the truth: a recursive fib(27), a leaf
// function of about 1 ns, and a caller of 100 such leaves, each timed
// uninstrumented in the same run, against what the report says of their measured
// twins. Run it as it is (compensation and adaptive timing on), with
// HOTPATH_COMPENSATE=0 or HOTPATH_ADAPTIVE=0; the truth goes to stderr, the report
// to stdout. bench/compensation_runs.py runs it on a quiet and a loaded machine.
//
//   build/bench/hotpath_compensation_accuracy
//   HOTPATH_COMPENSATE=0 build/bench/hotpath_compensation_accuracy
#include <chrono>
#include <cstdio>

#include "hotpath/hotpath.hpp"

namespace {

constexpr int kFib = 27;
constexpr int kLeafCalls = 1'000'000;

void barrier() { __asm__ __volatile__("" ::: "memory"); }

HOTPATH_NOINLINE int fib_plain(int n) {
  barrier();
  return n < 2 ? n : fib_plain(n - 1) + fib_plain(n - 2);
}

HOTPATH_NOINLINE int fib(int n) {
  HOTPATH_MEASURE();
  barrier();
  return n < 2 ? n : fib(n - 1) + fib(n - 2);
}

HOTPATH_NOINLINE void leaf_plain(volatile int& x) { x = x + 1; }

HOTPATH_NOINLINE void leaf(volatile int& x) {
  HOTPATH_MEASURE();
  x = x + 1;
}

constexpr int kLeavesPerCaller = 100;
constexpr int kCallerCalls = 20'000;

HOTPATH_NOINLINE void caller_plain(volatile int& x) {
  for (int i = 0; i < kLeavesPerCaller; ++i) leaf_plain(x);
}

// Its leaves turn adaptive: 99 of its 100 callees' calls, on average, are untimed.
HOTPATH_NOINLINE void caller(volatile int& x) {
  HOTPATH_MEASURE();
  for (int i = 0; i < kLeavesPerCaller; ++i) leaf(x);
}

double nanoseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
}

/// The average inclusive duration of the calls fib(kFib) makes, uninstrumented: each
/// fib(k) timed alone, weighed by how many times fib(kFib) calls it.
double true_fib_average() {
  double calls_of[kFib + 1] = {};
  calls_of[kFib] = 1;
  for (int k = kFib - 1; k >= 0; --k) {
    // fib(k + 1) calls fib(k) when it recurses (k + 1 >= 2); fib(k + 2) always does.
    calls_of[k] = (k + 1 >= 2 ? calls_of[k + 1] : 0) + (k + 2 <= kFib ? calls_of[k + 2] : 0);
  }
  double total = 0;
  double calls = 0;
  for (int k = 0; k <= kFib; ++k) {
    const int repetitions = k < 15 ? 2000 : 20;
    const auto start = std::chrono::steady_clock::now();
    for (int i = 0; i < repetitions; ++i) {
      volatile int result = fib_plain(k);
      (void)result;
    }
    total += calls_of[k] * nanoseconds_since(start) / repetitions;
    calls += calls_of[k];
  }
  return total / calls;
}

}  // namespace

int main() {
  std::fprintf(stderr, "true average of fib(%d)'s calls: %.1f ns\n", kFib, true_fib_average());
  volatile int x = 0;
  const auto start = std::chrono::steady_clock::now();
  for (int i = 0; i < kLeafCalls; ++i) leaf_plain(x);
  std::fprintf(stderr, "true leaf call: %.2f ns\n", nanoseconds_since(start) / kLeafCalls);
  const auto callers_start = std::chrono::steady_clock::now();
  for (int i = 0; i < kCallerCalls; ++i) caller_plain(x);
  std::fprintf(stderr, "true caller of %d leaves: %.1f ns\n", kLeavesPerCaller,
               nanoseconds_since(callers_start) / kCallerCalls);
  volatile int result = fib(kFib);
  (void)result;
  for (int i = 0; i < kLeafCalls; ++i) leaf(x);
  for (int i = 0; i < kCallerCalls; ++i) caller(x);
}
