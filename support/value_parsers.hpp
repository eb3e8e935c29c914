// Parsers for the values that configure a session (formats, limits, percentile
// lists, flags, and the options of [[hotpath::main]]). Pure functions without any
// dependency on the rest of the runtime, so the Clang plugin compiles them too.
#ifndef HOTPATH_RUNTIME_VALUE_PARSERS_HPP
#define HOTPATH_RUNTIME_VALUE_PARSERS_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hotpath/session.hpp"

namespace hotpath::detail {

std::string lowercase(std::string_view text);
std::string_view trim(std::string_view text);

/// table, json, json-pretty, none (any case).
std::optional<Format> parse_format(std::string_view text);
/// A whole number of rows; 0 means all.
std::optional<std::size_t> parse_limit(std::string_view text);
/// Comma-separated values in [0, 100], e.g. "50,95,99.9"; duplicates are dropped.
std::optional<std::vector<double>> parse_percentiles(std::string_view text);
/// "1", "true", "yes", "on" / "0", "false", "no", "off" (any case).
std::optional<bool> parse_flag(std::string_view text);
/// What parse_flag() takes, for messages.
constexpr const char* kFlagExpected = "1/true/yes/on or 0/false/no/off (any case)";
/// A whole number from `min` to `max`.
std::optional<std::uint64_t> parse_whole_number(std::string_view text, std::uint64_t min,
                                                std::uint64_t max);

/// The largest time sampling rate: one call timed in a million.
constexpr std::uint32_t kMaxTimeSamplingRate = 1000000;
/// A time sampling rate: time one call in `k`, from 1 (every call) to kMaxTimeSamplingRate.
std::optional<std::uint32_t> parse_time_sampling_rate(std::string_view text);
/// What parse_time_sampling_rate() takes, for messages.
constexpr const char* kTimeSamplingRateExpected =
    "a whole number k from 1 to 1000000 (time one call in k)";

/// The sections of a table report.
struct ReportSections {
  bool timing = true;
  bool alloc = true;       ///< functions' allocations (with hotpath-alloc)
  bool threads = true;     ///< threads' allocations (with hotpath-alloc)
  bool cpu = true;         ///< CPU samples (with hotpath-cpu)
  bool tree = false;       ///< the call tree's hottest paths, callers and callees
  bool waits = true;       ///< time blocked, by cause (with hotpath-wait)
  bool locks = true;       ///< the contended locks (with hotpath-wait)
  bool coroutines = true;  ///< coroutine instances, running and suspended (once one ran)
  bool gauges = true;      ///< gauges and counters (once one was used)
};
/// Comma-separated section names: timing, alloc, threads, cpu, tree, waits, locks,
/// coroutines, gauges; "all" is every one of them.
std::optional<ReportSections> parse_report_sections(std::string_view text);
/// The names parse_report_sections() takes, for messages.
constexpr const char* kReportSectionNames =
    "timing, alloc, threads, cpu, tree, waits, locks, coroutines, gauges, all";

/// Session options of [[hotpath::main("limit=20", "format=json")]], joined with ';'.
struct MainOptions {
  std::optional<std::string> name;
  std::optional<std::vector<double>> percentiles;
  std::optional<std::size_t> limit;
  std::optional<Format> format;
  std::optional<std::string> output_path;
  std::optional<std::string> flamegraph_path;  ///< with hotpath-cpu
  std::optional<std::string> folded_path;      ///< with hotpath-cpu
  std::optional<std::string> wall_flamegraph_path;
  std::optional<std::string> wall_folded_path;
  std::optional<std::string> report_sections;  ///< checked by parse_report_sections()
  std::optional<std::uint32_t> time_sampling_rate;
  std::optional<bool> live;  ///< serve live metrics ("live", "live=1"; "live=0")
};

/// What HOTPATH_DUMP_SIGNAL accepts.
constexpr const char* kDumpSignalExpected = "SIGUSR1, SIGUSR2, SIGHUP or SIGQUIT (or USR1, 10...)";
/// A signal the report may be written on: SIGUSR1, SIGUSR2, SIGHUP or SIGQUIT, by
/// name (with or without "SIG", any case) or number. Others are the program's, the
/// system's or the CPU sampler's.
std::optional<int> parse_dump_signal(std::string_view text);

/// A signal the CPU sampler's perf events may send: SIGPROF, or a real-time signal
/// from `rtmin` to `rtmax` (SIGRTMIN and SIGRTMAX, which the C library sets at run
/// time) as SIGRTMIN+N, SIGRTMAX-N or its number ("SIG" optional, any case).
std::optional<int> parse_cpu_signal(std::string_view text, int rtmin, int rtmax);
/// What parse_cpu_signal() takes, for messages.
std::string cpu_signal_expected(int rtmin, int rtmax);
/// A signal's name as parse_cpu_signal() reads it: "SIGPROF", "SIGRTMIN+3",
/// "SIGRTMAX-1" (a real-time signal counted from the nearer end); other signals are
/// "signal N".
std::string cpu_signal_name(int signal, int rtmin, int rtmax);

/// Parses "key=value;key=value" (keys: name, percentiles, limit, format, output,
/// report, flamegraph, folded, wall_flamegraph, wall_folded, time_sampling_rate,
/// live; "live" alone is "live=1").
/// On failure returns nothing and sets `error` to what was expected.
std::optional<MainOptions> parse_main_options(std::string_view text, std::string& error);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_VALUE_PARSERS_HPP
