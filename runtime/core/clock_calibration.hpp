// Chooses the tick source once and converts ticks to nanoseconds. Calibration
// compares the tick counter with CLOCK_MONOTONIC over the longest span available
// (from start-up to the moment of the report), which costs nothing at start-up and
// is more precise than a short calibration loop. Each end is read between two
// clock reads, so that even a 1 ms span fixes the ratio.
#ifndef HOTPATH_RUNTIME_CLOCK_CALIBRATION_HPP
#define HOTPATH_RUNTIME_CLOCK_CALIBRATION_HPP

#include <cstdint>

namespace hotpath::detail {

/// Which counter guards read.
enum class TickSource { CycleCounter, Monotonic };

/// True when this CPU has a cycle counter that runs at a constant rate in every
/// power state and on every core (x86-64 invariant TSC; AArch64 generic timer).
bool cycle_counter_is_reliable() noexcept;

/// Selects the tick source (call once, before any guard reads the clock) and
/// records the calibration origin.
void select_tick_source(TickSource source) noexcept;

/// The tick count when the runtime started (the start of an implicit session).
std::uint64_t start_ticks() noexcept;

/// One moment read on both clocks: the cycle counter, and the monotonic time at
/// the middle of two clock reads around it.
struct ClockPair {
  std::uint64_t ticks = 0;
  std::uint64_t ns = 0;
};

/// Reads the cycle counter between two monotonic clock reads, again when
/// something came between them, and keeps the tightest pair.
ClockPair read_clock_pair() noexcept;

/// Converts tick differences to nanoseconds.
class TickConverter {
 public:
  /// Calibrated from the origin up to now; when the process started less than a
  /// millisecond ago, waits for the rest of it.
  static TickConverter calibrate() noexcept;
  /// The ratio of the two clocks between two moments (1 when they are not in order).
  static TickConverter between(const ClockPair& earlier, const ClockPair& later) noexcept;
  /// A converter with a known ratio (tests).
  explicit TickConverter(double ns_per_tick) noexcept : ns_per_tick_(ns_per_tick) {}

  std::uint64_t to_ns(std::uint64_t ticks) const noexcept;
  double ns_per_tick() const noexcept { return ns_per_tick_; }

 private:
  double ns_per_tick_;
};

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_CLOCK_CALIBRATION_HPP
