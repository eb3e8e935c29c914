// The timeline trace as a file: the Chrome trace-event JSON format, which
// ui.perfetto.dev and chrome://tracing open. One complete event ("X") per traced
// call, one track per thread. A coroutine's segments are complete events on the
// threads that ran them; each instance is also an async track ("b"/"e", category
// hotpath.coroutine) over its logical life, and a flow ("s", "t", "f") links its
// segments in order, from thread to thread.
#ifndef HOTPATH_RUNTIME_TRACE_WRITER_HPP
#define HOTPATH_RUNTIME_TRACE_WRITER_HPP

#include <cstdint>
#include <string>
#include <vector>

#include "core/clock_calibration.hpp"
#include "core/trace_ring.hpp"

namespace hotpath::detail {

/// What the trace file says besides the calls.
struct TraceFacts {
  long pid = 0;
  std::string process_name;
  std::uint64_t origin_ticks = 0;  ///< time 0 of the trace (the runtime's start)
  std::size_t ring_bytes = 0;      ///< per thread
  std::size_t untraced_threads = 0;
};

/// The trace document. `site_names[id - 1]` names the calls of site `id` (a call
/// of a site without a name is named "site <id>").
std::string chrome_trace_json(const std::vector<ThreadTrace>& threads,
                              const std::vector<std::string>& site_names,
                              const TickConverter& ticks, const TraceFacts& facts);

/// Calls left out of the trace: overwritten by newer ones in full rings.
std::uint64_t dropped_calls(const std::vector<ThreadTrace>& threads) noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_TRACE_WRITER_HPP
