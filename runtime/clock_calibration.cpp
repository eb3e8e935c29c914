// Tick source selection and tick-to-nanosecond calibration.
#include "clock_calibration.hpp"

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

struct CalibrationOrigin {
  std::uint64_t ticks = 0;
  std::uint64_t ns = 0;
};
CalibrationOrigin g_origin;

// Below this span the ratio would carry more than ~0.1% of clock_gettime jitter.
constexpr std::uint64_t kMinimumCalibrationNs = 20'000'000;

}  // namespace

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
  g_origin.ns = monotonic_ns();
  g_origin.ticks = now_ticks();
}

std::uint64_t start_ticks() noexcept { return g_origin.ticks; }

TickConverter TickConverter::calibrate() noexcept {
  if (!g_cycle_counter_ticks) return TickConverter(1.0);
  std::uint64_t ns = monotonic_ns();
  if (ns - g_origin.ns < kMinimumCalibrationNs) {
    std::this_thread::sleep_for(
        std::chrono::nanoseconds(kMinimumCalibrationNs - (ns - g_origin.ns)));
  }
  // Read the counter between two clock reads and take the middle, so that a
  // preemption between the reads is averaged out.
  const std::uint64_t before = monotonic_ns();
  const std::uint64_t ticks = cycle_counter();
  const std::uint64_t after = monotonic_ns();
  ns = before + (after - before) / 2;
  const double elapsed_ticks = static_cast<double>(ticks - g_origin.ticks);
  if (elapsed_ticks <= 0) return TickConverter(1.0);
  return TickConverter(static_cast<double>(ns - g_origin.ns) / elapsed_ticks);
}

std::uint64_t TickConverter::to_ns(std::uint64_t ticks) const noexcept {
  return static_cast<std::uint64_t>(std::llround(static_cast<double>(ticks) * ns_per_tick_));
}

}  // namespace hotpath::detail
