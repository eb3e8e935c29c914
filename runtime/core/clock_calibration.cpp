// Tick source selection and tick-to-nanosecond calibration.
#include "core/clock_calibration.hpp"

#include <chrono>
#include <cmath>
#include <thread>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

#include "hotpath/detail/clock.hpp"

namespace hotpath::detail {

HOTPATH_API bool g_cycle_counter_ticks = false;

namespace {

ClockPair g_origin;

// A pair is as exact as half the time between its two clock reads: tens of
// nanoseconds, unless the thread was preempted or interrupted in between. Such a
// pair is read again, and the tightest of a few kept.
constexpr std::uint64_t kTightPairNs = 1'000;
constexpr int kPairAttempts = 8;

// With both ends exact to well under a microsecond, a span of 1 ms fixes the ratio
// to about 0.01%. A program that ends sooner waits for the rest of it; one that
// runs longer waits for nothing (a wait of 20 ms made a test suite of many short
// processes take seconds longer).
constexpr std::uint64_t kMinimumCalibrationNs = 1'000'000;

}  // namespace

ClockPair read_clock_pair() noexcept {
  ClockPair best;
  std::uint64_t best_gap = UINT64_MAX;
  for (int attempt = 0; attempt < kPairAttempts && best_gap > kTightPairNs; ++attempt) {
    const std::uint64_t before = monotonic_ns();
    const std::uint64_t ticks = cycle_counter();
    const std::uint64_t after = monotonic_ns();
    if (after - before < best_gap) {
      best_gap = after - before;
      best = {ticks, before + (after - before) / 2};
    }
  }
  return best;
}

bool cycle_counter_is_reliable() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  if (__get_cpuid(0x80000000u, &eax, &ebx, &ecx, &edx) == 0 || eax < 0x80000007u) return false;
  if (__get_cpuid(0x80000007u, &eax, &ebx, &ecx, &edx) == 0) return false;
  return (edx & (1u << 8)) != 0;  // invariant TSC
#elif defined(__aarch64__)
  return true;  // the generic timer's virtual count runs at a fixed frequency
#else
  return false;
#endif
}

void select_tick_source(TickSource source) noexcept {
  g_cycle_counter_ticks = source == TickSource::CycleCounter;
  if (g_cycle_counter_ticks) {
    g_origin = read_clock_pair();
  } else {
    g_origin.ns = monotonic_ns();
    g_origin.ticks = g_origin.ns;
  }
}

std::uint64_t start_ticks() noexcept { return g_origin.ticks; }

TickConverter TickConverter::calibrate() noexcept {
  if (!g_cycle_counter_ticks) return TickConverter(1.0);
  std::uint64_t ns = monotonic_ns();
  if (ns - g_origin.ns < kMinimumCalibrationNs) {
    std::this_thread::sleep_for(
        std::chrono::nanoseconds(kMinimumCalibrationNs - (ns - g_origin.ns)));
  }
  return between(g_origin, read_clock_pair());
}

TickConverter TickConverter::between(const ClockPair& earlier, const ClockPair& later) noexcept {
  if (later.ticks <= earlier.ticks || later.ns <= earlier.ns) return TickConverter(1.0);
  return TickConverter(static_cast<double>(later.ns - earlier.ns) /
                       static_cast<double>(later.ticks - earlier.ticks));
}

std::uint64_t TickConverter::to_ns(std::uint64_t ticks) const noexcept {
  return static_cast<std::uint64_t>(std::llround(static_cast<double>(ticks) * ns_per_tick_));
}

}  // namespace hotpath::detail
