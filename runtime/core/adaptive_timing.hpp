// Adaptive timing (HOTPATH_ADAPTIVE): a function whose calls on a thread prove both
// numerous and short stops being timed on every call there. The guard's side is in
// detail/recording.hpp (the slot's adaptive mark and count, the kAdaptiveEdge bit a
// chosen call's frame has); this is the review that decides, and the thresholds.
#ifndef HOTPATH_RUNTIME_ADAPTIVE_TIMING_HPP
#define HOTPATH_RUNTIME_ADAPTIVE_TIMING_HPP

#include <cstdint>

#include "core/overhead_calibration.hpp"

namespace hotpath::detail {

/// A function turns adaptive when its calls averaged less than this many times
/// what the guard of a timed call costs: the guard was then more than a tenth of
/// the call, and the calls around it carry it too.
constexpr std::uint64_t kAdaptiveGuardMultiple = 10;

/// A call adaptive timing chose to time that lasted more than this many times the
/// threshold was held up (preempted, interrupted): it stands for itself only,
/// unless its function recursed.
constexpr std::uint64_t kAdaptiveHeldUpMultiple = 1000;

/// FunctionSlot::adaptive: a function that turned adaptive while no call of it was
/// active below (a leaf, or a caller of others), or while one was (it recursed).
constexpr std::uint32_t kAdaptiveLeaf = 1;
constexpr std::uint32_t kAdaptiveRecursive = 2;

/// The average, in ticks, under which the functions of threads that register from
/// now on turn adaptive: kAdaptiveGuardMultiple times the guard of a timed call as
/// `overhead` measured it; 0 turns adaptive timing off.
void set_adaptive_threshold(std::uint64_t ticks) noexcept;
std::uint64_t adaptive_threshold() noexcept;

/// The threshold for the measured guard `overhead`.
std::uint64_t adaptive_threshold_for(const GuardOverhead& overhead) noexcept;

/// The settings a report states.
AdaptiveTiming adaptive_timing_of(const TickConverter& ticks) noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_ADAPTIVE_TIMING_HPP
