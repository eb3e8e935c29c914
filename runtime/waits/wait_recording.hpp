// Waits by cause, the runtime's side: what hotpath-wait switches on, and where a
// wait is recorded. The interposers themselves (locks, condition variables, I/O,
// sleeps, joins) are in the rest of runtime/waits/, built into hotpath-wait.
#ifndef HOTPATH_RUNTIME_WAITS_WAIT_RECORDING_HPP
#define HOTPATH_RUNTIME_WAITS_WAIT_RECORDING_HPP

#include <cstdint>

#include "hotpath/detail/platform.hpp"
#include "hotpath/detail/recording.hpp"

namespace hotpath::detail {

/// True while waits are attributed to functions: set when hotpath-wait is loaded,
/// cleared when the report is produced. The interposers read it before any clock.
extern HOTPATH_API bool g_wait_tracking;

/// Called once by hotpath-wait when it is loaded: waits are recorded from then on
/// (and the report has its wait section).
HOTPATH_API void install_wait_tracking() noexcept;

/// True when hotpath-wait is loaded.
bool wait_tracking_installed() noexcept;
/// Attribution to functions stops (a report is being produced) or resumes (a new
/// session opens); nothing happens without hotpath-wait.
void set_wait_attribution(bool on) noexcept;

/// Records a wait of `ticks` for `cause` on the calling thread, which moved `bytes`
/// (I/O): for the innermost measured call (self) and for every measured function
/// on the thread's stack (inclusive, once each). Nothing when no measured call is
/// active, or when the runtime itself waited.
HOTPATH_API HOTPATH_NOINLINE void record_wait(WaitCause cause, std::uint64_t ticks,
                                              std::uint64_t bytes) noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_WAITS_WAIT_RECORDING_HPP
