// Internal side of the report session: producing a report now, and the report
// made at exit when no session reported.
#ifndef HOTPATH_RUNTIME_SESSION_HPP
#define HOTPATH_RUNTIME_SESSION_HPP

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "hotpath/session.hpp"
#include "registry.hpp"
#include "report_now.hpp"
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
  ReportSections sections;           ///< of the table
  /// The sections were asked for with `threads` in them: the threads monitor runs.
  bool monitor_threads = false;
  std::string trace_path;  ///< HOTPATH_TRACE
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

/// Builds the report of what was measured since `baseline` (a snapshot taken when
/// a session opened; null: since the program started) and writes it as
/// `settings` says. Never throws; failures are explained on stderr.
void produce_report(const SessionSettings& settings, std::uint64_t wall_ticks,
                    const RegistrySnapshot* baseline) noexcept;

/// Writes the report so far where the report at the end goes (the open session's
/// settings, or the environment's), without ending anything: HOTPATH_DUMP_SIGNAL.
/// Never throws; failures are explained on stderr.
void dump_report() noexcept;

/// The report of a program that is being killed (termination_report.hpp): the
/// active session's, or the report at exit when no session was opened.
void report_at_termination() noexcept;

/// Whether the report at exit is made when no session was ever opened (tests
/// turn it off).
void set_exit_report_enabled(bool enabled) noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_SESSION_HPP
