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

// A cycle counter read is not ordered with the instructions around it: a short
// function's work can run while the reads at its ends are being taken, and its
// measured duration then misses it. Fenced reads keep the measured work between
// them, at the price of waiting for the work before them to finish: they time the
// calls adaptive timing chooses, one in many.

/// A timestamp taken after the instructions before it have run, and before those
/// after it start: either end of a call timed with fences. (lfence waits for the
/// instructions before it on x86-64, as Linux configures AMD processors too.)
HOTPATH_ALWAYS_INLINE std::uint64_t fenced_ticks() noexcept {
  if (HOTPATH_UNLIKELY(!g_cycle_counter_ticks)) return monotonic_ns();
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_lfence();
  const std::uint64_t ticks = __builtin_ia32_rdtsc();
  __builtin_ia32_lfence();
  return ticks;
#elif defined(__aarch64__)
  std::uint64_t value;
  __asm__ __volatile__("isb\n\tmrs %0, cntvct_el0\n\tisb" : "=r"(value)::"memory");
  return value;
#else
  return monotonic_ns();
#endif
}

}  // namespace detail
}  // namespace hotpath

#endif  // HOTPATH_DETAIL_CLOCK_HPP
