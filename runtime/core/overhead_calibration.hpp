// Overhead compensation (HOTPATH_COMPENSATE): what the guards themselves add to the
// durations they measure, measured once, so that every recorded duration can have
// it removed: the timed guard's when the runtime starts, the guards of adaptive
// timing's calls when a function first turns adaptive (most short processes never
// get there). A call's own guard adds the part of its
// clock reads that falls inside the measured interval; a measured callee adds to
// its caller its whole guard: push, two clock reads, records.
#ifndef HOTPATH_RUNTIME_OVERHEAD_CALIBRATION_HPP
#define HOTPATH_RUNTIME_OVERHEAD_CALIBRATION_HPP

#include <cstdint>

#include "core/clock_calibration.hpp"
#include "hotpath/report.hpp"

namespace hotpath::detail {

/// Guard overhead, in ticks.
struct GuardOverhead {
  /// Added to a call's measured duration by its own guard: the measured duration of
  /// an empty measured function.
  std::uint64_t own_ticks = 0;
  /// Added to a caller's measured duration by a call of an empty measured function,
  /// beyond that function's own measured duration.
  std::uint64_t nested_ticks = 0;
  /// Added to a caller's measured duration by a call that adaptive timing leaves
  /// untimed (its count, no clock read), in 1/kOverheadFraction of a tick.
  std::uint64_t untimed_fractions = 0;
  // own_ticks and nested_ticks of the calls adaptive timing chooses to time, whose
  // clock reads are fenced.
  std::uint64_t fenced_own_ticks = 0;
  std::uint64_t fenced_nested_ticks = 0;
  /// True once untimed_fractions and the fenced figures are measured.
  bool adaptive_measured = false;
};

/// Measures the overhead of the timed guard on this machine (own_ticks and
/// nested_ticks): the guard code as the runtime is compiled, run on a private shadow
/// stack that the calling thread's state is swapped for meanwhile (nothing is
/// registered or reported). The smallest or the median of several rounds, so that
/// an interrupt during one does not count. Takes about half a millisecond.
GuardOverhead measure_timed_guard_overhead() noexcept;

/// Measures the overhead of adaptive timing's calls, the untimed and the chosen
/// ones, into `overhead` in the same way. No other thread may read the calling
/// thread's state meanwhile (its own signals wait).
void measure_adaptive_guard_overhead(GuardOverhead& overhead) noexcept;

/// The overhead removed from the calls of threads that register from now on
/// (zero: compensation off).
void set_guard_overhead(const GuardOverhead& overhead) noexcept;
GuardOverhead guard_overhead() noexcept;

/// The figures a report states: zero overhead is compensation off.
Compensation compensation_of(const GuardOverhead& overhead, const TickConverter& ticks) noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_OVERHEAD_CALIBRATION_HPP
