// Writing the timeline trace (HOTPATH_TRACE) when the report is made.
#ifndef HOTPATH_RUNTIME_TRACE_OUTPUT_HPP
#define HOTPATH_RUNTIME_TRACE_OUTPUT_HPP

#include <string>
#include <vector>

#include "core/clock_calibration.hpp"

namespace hotpath::detail {

/// Writes the calls traced so far by every thread to `pattern` (`%p` the pid, `%t`
/// the time), atomically, and says on stderr how many calls full rings dropped.
/// `site_names[id - 1]` names site `id`. Failures are explained on stderr.
void write_trace(const std::string& pattern, const std::vector<std::string>& site_names,
                 const TickConverter& ticks) noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_TRACE_OUTPUT_HPP
