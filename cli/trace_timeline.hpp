// A trace file as HOTPATH_TRACE writes it (Chrome's trace event format) read back as
// a timeline: each thread's complete events ("X") as calls, the threads' and the
// process's names from the metadata events ("M").
#ifndef HOTPATH_CLI_TRACE_TIMELINE_HPP
#define HOTPATH_CLI_TRACE_TIMELINE_HPP

#include <optional>
#include <string>

#include "speedscope_document.hpp"

namespace hotpath::cli {

/// The trace in `text` (from `source`, named in errors) as speedscope's input:
/// names, threads, and "process [pid]" as its name. std::nullopt with `error`
/// when it is no trace: not JSON, no traceEvents, or an event without the fields
/// its kind needs.
std::optional<SpeedscopeInput> read_trace_timeline(const std::string& text,
                                                   const std::string& source, std::string& error);

/// True when `text` looks like a trace (a JSON object with traceEvents) rather than
/// a report, without parsing it whole.
bool looks_like_trace(const std::string& text);

}  // namespace hotpath::cli

#endif  // HOTPATH_CLI_TRACE_TIMELINE_HPP
