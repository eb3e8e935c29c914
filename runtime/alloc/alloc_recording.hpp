// Allocation tracking, the runtime's side: what hotpath-alloc switches on, and the
// modes the report describes. The hooks themselves are in runtime/alloc/.
#ifndef HOTPATH_RUNTIME_ALLOC_RECORDING_HPP
#define HOTPATH_RUNTIME_ALLOC_RECORDING_HPP

#include "hotpath/detail/platform.hpp"

namespace hotpath::detail {

/// Called once by hotpath-alloc when it is loaded: allocations are tracked from
/// then on (and the report has its allocation sections).
HOTPATH_API void install_alloc_tracking() noexcept;

/// True when hotpath-alloc is loaded.
bool alloc_hooks_installed() noexcept;
/// True in cumulative mode (HOTPATH_ALLOC_CUMULATIVE=1).
bool alloc_cumulative() noexcept;
/// Attribution to functions stops (a report is being produced) or resumes (a new
/// session opens); nothing happens without hotpath-alloc.
void set_alloc_attribution(bool on) noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_ALLOC_RECORDING_HPP
