// A session's settings: what GuardBuilder, [[hotpath::main]] and the HOTPATH_*
// variables ask of its report, the variables last (the person running the program
// decides).
#ifndef HOTPATH_RUNTIME_SESSION_SETTINGS_HPP
#define HOTPATH_RUNTIME_SESSION_SETTINGS_HPP

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "hotpath/session.hpp"
#include "value_parsers.hpp"

namespace hotpath::detail {

/// A session's settings after environment overrides.
struct SessionSettings {
  std::string name = "main";
  std::vector<double> percentiles{95};
  std::size_t limit = 15;
  std::size_t name_width = kNameWidthToFit;
  Format format = Format::Table;
  std::string output_path;
  std::string flamegraph_path;       ///< with hotpath-cpu
  std::string folded_path;           ///< with hotpath-cpu
  std::string wall_flamegraph_path;  ///< the call tree's flame graph (SVG)
  std::string wall_folded_path;      ///< the call tree's folded stacks
  /// The logical tree of coroutines' flame graph (SVG) and folded stacks.
  std::string coroutine_flamegraph_path;
  std::string coroutine_folded_path;
  std::string pprof_path;   ///< the report as a pprof profile (gzipped profile.proto)
  ReportSections sections;  ///< of the table
  /// The sections were asked for with `threads` in them: the threads monitor runs.
  bool monitor_threads = false;
  std::string trace_path;       ///< HOTPATH_TRACE
  std::string speedscope_path;  ///< the timeline in speedscope's format (HOTPATH_SPEEDSCOPE)
  /// Time one call in this many from the session's opening; 0 keeps the rate in
  /// effect (HOTPATH_TIME_SAMPLING_RATE, or every call).
  std::uint32_t time_sampling_rate = 0;
  bool live = false;  ///< serve live metrics from the session's opening
  std::unique_ptr<Reporter> custom_reporter;
  const char* file = "";  ///< location of the session's own row
  std::uint32_t line = 0;
};

/// Applies the HOTPATH_* environment variables on top of `settings`.
void apply_environment(SessionSettings& settings);

/// The name of the report made without a session: the program's.
std::string program_name();

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_SESSION_SETTINGS_HPP
