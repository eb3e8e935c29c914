// Writing the timeline when the report is made: the Chrome trace (HOTPATH_TRACE)
// and the speedscope profile (HOTPATH_SPEEDSCOPE).
#ifndef HOTPATH_RUNTIME_TRACE_OUTPUT_HPP
#define HOTPATH_RUNTIME_TRACE_OUTPUT_HPP

#include <string>
#include <vector>

#include "core/clock_calibration.hpp"

namespace hotpath::detail {

/// Where the timeline goes, as given (`%p` the pid, `%t` the time); empty when not
/// wanted.
struct TimelinePaths {
  std::string trace;       ///< Chrome trace-event JSON
  std::string speedscope;  ///< speedscope's file format
};

/// Writes the calls traced so far by every thread to each wanted path, atomically,
/// and says on stderr how many calls full rings dropped. `site_names[id - 1]` names
/// site `id`. Failures are explained on stderr.
void write_trace(const TimelinePaths& paths, const std::vector<std::string>& site_names,
                 const TickConverter& ticks) noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_TRACE_OUTPUT_HPP
