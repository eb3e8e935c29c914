// The program that hotpath and the other profilers compared in docs/performance.md
// ("Peers side by side") all measure: four kinds of function, each called in its own
// timed phase. The same source is built uninstrumented, with the hotpath plugin and
// with each other tool's flags; every build times its phases with std::chrono, so
// what a tool adds to a call is measured the same way for all of them.
//
//   workload [--truth]
//
// A phase is timed in 41 slices of equal work, each about a millisecond or less
// uninstrumented. Its line is `phase <kind> <calls> <nanoseconds> <per-call
// nanoseconds>`: the calls of the kind's function (fib's recursive calls included),
// the phase's wall time, and the wall time per call of its median slice. On a busy
// machine the scheduler interrupts many slices, and the first runs with cold caches;
// the median slice is one that ran undisturbed. With --truth (meant for the uninstrumented build)
// it also prints `fib_inclusive_ns <average>`: the average inclusive duration of the
// calls fib(21) makes, each fib(k) timed on its own and weighed by how often fib(21)
// calls it, which is what a profiler that reports inclusive times should report for
// fib.
#include <algorithm>
#include <array>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstring>
#include <map>
#include <string>

// The hotpath plugin answers __has_cpp_attribute for its attributes; every other
// build (another tool's, g++, Clang without the plugin) sees no attribute at all.
#if defined(__has_cpp_attribute)
#if __has_cpp_attribute(hotpath::measure)
#define WORKLOAD_MEASURED [[hotpath::measure]]
#endif
#endif
#ifndef WORKLOAD_MEASURED
#define WORKLOAD_MEASURED
#endif

namespace workload {

// Sized so that a tool that records every call (uftrace, XRay) writes a few hundred
// megabytes at most, and the uninstrumented program runs for about 0.1 s.
constexpr int kSlices = 41;
constexpr int kFibArgument = 21;
constexpr long kTinyCallsPerSlice = 50'000;
constexpr long kMicrosecondCallsPerSlice = 1'000;
constexpr long kMapCallsPerSlice = 60;

// Each function is kept out of line, so that it exists as a function in every build
// and every tool sees the same calls, and its result passes through an empty asm
// statement, so that the optimizer can neither drop a call nor fold it away. A macro,
// not a function: -finstrument-functions instruments inline functions too, and a
// helper would add hook calls of its own to the loops.
#define WORKLOAD_OPAQUE(value) __asm__ __volatile__("" : "+r"(value))

/// About a nanosecond: a multiply and a shift.
WORKLOAD_MEASURED [[gnu::noinline]] std::uint64_t tiny(std::uint64_t value) {
  std::uint64_t result = value * 0x9E3779B97F4A7C15u ^ (value >> 29);
  WORKLOAD_OPAQUE(result);
  return result;
}

/// Recursive Fibonacci: about a nanosecond of its own per call.
WORKLOAD_MEASURED [[gnu::noinline]] std::uint64_t fib(int n) {
  std::uint64_t result = n < 2 ? static_cast<std::uint64_t>(n) : fib(n - 1) + fib(n - 2);
  // After the second call, so that neither call is in tail position: Clang would
  // otherwise turn one of them into a loop.
  WORKLOAD_OPAQUE(result);
  return result;
}

/// About a microsecond of dependent multiplies and adds.
WORKLOAD_MEASURED [[gnu::noinline]] std::uint64_t microsecond(std::uint64_t seed) {
  std::uint64_t value = seed;
  for (int i = 0; i < 1000; ++i) {
    value = value * 6364136223846793005u + 1442695040888963407u;
    WORKLOAD_OPAQUE(value);
  }
  return value;
}

/// Builds 64 keys, inserts them into a map, looks up 64 others and joins some keys.
WORKLOAD_MEASURED [[gnu::noinline]] std::uint64_t map_and_strings(std::uint64_t seed) {
  std::map<std::string, int> table;
  std::string key;
  for (int i = 0; i < 64; ++i) {
    key = "key-";
    key += std::to_string((seed * 31 + static_cast<std::uint64_t>(i) * 17) % 100);
    table[key] += i;
  }
  std::uint64_t found = 0;
  for (int i = 0; i < 64; ++i) found += table.count("key-" + std::to_string(i * 3));
  std::string joined;
  for (const auto& entry : table) {
    if (joined.size() < 256) joined += entry.first + ',';
  }
  return found + joined.size();
}

double nanoseconds_since(std::chrono::steady_clock::time_point start) {
  return std::chrono::duration<double, std::nano>(std::chrono::steady_clock::now() - start).count();
}

/// How many calls fib(n) makes, itself included: calls(n) = calls(n - 1) + calls(n - 2) + 1.
/// Worked out at compile time, so that no build has calls of its own to count.
constexpr long calls_of_fib(int n) {
  long before = 1;  // calls(k - 1)
  long calls = 1;   // calls(k)
  for (int k = 2; k <= n; ++k) {
    const long next = calls + before + 1;
    before = calls;
    calls = next;
  }
  return calls;
}

/// The average inclusive duration of fib(kFibArgument)'s calls, uninstrumented: fib(k)
/// timed on its own for each k, weighed by how many times fib(kFibArgument) calls it.
/// Each fib(k) is timed in five batches of about 100,000 calls and the median batch
/// kept, so that a batch the scheduler interrupted does not count.
double fib_inclusive_average() {
  double weight[kFibArgument + 1] = {};
  weight[kFibArgument] = 1;
  for (int k = kFibArgument - 1; k >= 0; --k) {
    // fib(k + 1) calls fib(k) when it recurses (k + 1 >= 2); fib(k + 2) always does.
    weight[k] = (k + 1 >= 2 ? weight[k + 1] : 0) + (k + 2 <= kFibArgument ? weight[k + 2] : 0);
  }
  double total = 0;
  double calls = 0;
  std::uint64_t sink = 0;
  for (int k = 0; k <= kFibArgument; ++k) {
    const long repetitions = std::max(1L, 100'000 / calls_of_fib(k));
    std::array<double, 5> batches{};
    for (double& batch : batches) {
      const auto start = std::chrono::steady_clock::now();
      for (long i = 0; i < repetitions; ++i) {
        int argument = k;
        WORKLOAD_OPAQUE(argument);
        sink += fib(argument);
      }
      batch = nanoseconds_since(start) / static_cast<double>(repetitions);
    }
    std::nth_element(batches.begin(), batches.begin() + 2, batches.end());
    total += weight[k] * batches[2];
    calls += weight[k];
  }
  WORKLOAD_OPAQUE(sink);
  return total / calls;
}

/// Runs `call(i)` for i in [0, kSlices * iterations_per_slice), timing each slice,
/// and prints the phase's line.
template <typename Call>
std::uint64_t phase(const char* kind, long iterations_per_slice, long calls_per_iteration,
                    Call call) {
  std::uint64_t sink = 0;
  std::array<double, kSlices> slices{};
  std::uint64_t i = 0;
  for (double& slice : slices) {
    const auto start = std::chrono::steady_clock::now();
    for (long j = 0; j < iterations_per_slice; ++j) sink += call(i++);
    slice = nanoseconds_since(start);
  }
  double total = 0;
  for (double slice : slices) total += slice;
  std::nth_element(slices.begin(), slices.begin() + kSlices / 2, slices.end());
  const long calls_per_slice = iterations_per_slice * calls_per_iteration;
  std::printf("phase %s %ld %.0f %.3f\n", kind, kSlices * calls_per_slice, total,
              slices[kSlices / 2] / static_cast<double>(calls_per_slice));
  return sink;
}

}  // namespace workload

int main(int argc, char** argv) {
  using namespace workload;
  std::uint64_t sink = 0;
  sink += phase("tiny", kTinyCallsPerSlice, 1, tiny);
  sink += phase("fib", 1, calls_of_fib(kFibArgument), [](std::uint64_t) {
    int argument = kFibArgument;
    WORKLOAD_OPAQUE(argument);
    return fib(argument);
  });
  sink += phase("microsecond", kMicrosecondCallsPerSlice, 1, microsecond);
  sink += phase("map", kMapCallsPerSlice, 1, map_and_strings);
  if (argc > 1 && std::strcmp(argv[1], "--truth") == 0) {
    std::printf("fib_inclusive_ns %.2f\n", fib_inclusive_average());
  }
  std::fprintf(stderr, "checksum %llu\n", static_cast<unsigned long long>(sink));
}
