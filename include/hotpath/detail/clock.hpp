// The tick source read on every guard entry and exit. Ticks are cycle-counter
// values (invariant TSC on x86-64, CNTVCT_EL0 on AArch64) or, when no reliable
// counter exists, CLOCK_MONOTONIC nanoseconds. The runtime picks the source once,
// before the first measurement, and converts ticks to nanoseconds at report time.
#ifndef HOTPATH_DETAIL_CLOCK_HPP
#define HOTPATH_DETAIL_CLOCK_HPP

#include <time.h>

#include <cstdint>

#include "hotpath/detail/platform.hpp"

namespace hotpath {
namespace detail {

/// True when ticks come from the cycle counter. Written once by the runtime before
/// any thread can reach a guard's clock read (registration happens first).
extern HOTPATH_API bool g_cycle_counter_ticks;

/// CLOCK_MONOTONIC in nanoseconds.
HOTPATH_ALWAYS_INLINE std::uint64_t monotonic_ns() noexcept {
  timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return static_cast<std::uint64_t>(ts.tv_sec) * 1000000000u +
         static_cast<std::uint64_t>(ts.tv_nsec);
}

/// The raw cycle counter; only meaningful when the runtime selected it.
HOTPATH_ALWAYS_INLINE std::uint64_t cycle_counter() noexcept {
#if defined(__x86_64__) || defined(__i386__)
  return __builtin_ia32_rdtsc();
#elif defined(__aarch64__)
  std::uint64_t value;
  __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(value));
  return value;
#else
  return monotonic_ns();
#endif
}

/// One timestamp in ticks.
HOTPATH_ALWAYS_INLINE std::uint64_t now_ticks() noexcept {
  return HOTPATH_LIKELY(g_cycle_counter_ticks) ? cycle_counter() : monotonic_ns();
}

}  // namespace detail
}  // namespace hotpath

#endif  // HOTPATH_DETAIL_CLOCK_HPP
