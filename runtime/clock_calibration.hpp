// Chooses the tick source once and converts ticks to nanoseconds. Calibration
// compares the tick counter with CLOCK_MONOTONIC over the longest span available
// (from start-up to the moment of the report), which costs nothing at start-up and
// is more precise than a short calibration loop.
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

/// Converts tick differences to nanoseconds.
class TickConverter {
 public:
  /// Calibrated from the origin up to now; waits briefly when the span is too short.
  static TickConverter calibrate() noexcept;
  /// A converter with a known ratio (tests).
  explicit TickConverter(double ns_per_tick) noexcept : ns_per_tick_(ns_per_tick) {}

  std::uint64_t to_ns(std::uint64_t ticks) const noexcept;
  double ns_per_tick() const noexcept { return ns_per_tick_; }

 private:
  double ns_per_tick_;
};

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_CLOCK_CALIBRATION_HPP
