// The report session: measurements are reported when the session guard built by
// GuardBuilder is destroyed. Environment variables override the builder.
#ifndef HOTPATH_SESSION_HPP
#define HOTPATH_SESSION_HPP

#include <chrono>
#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <vector>

#include "hotpath/detail/platform.hpp"
#include "hotpath/report.hpp"

namespace hotpath {

/// Output format of the built-in reporters (`HOTPATH_OUTPUT_FORMAT`).
enum class Format {
  Table,       ///< `table`: the box-drawn table (default)
  Json,        ///< `json`: one line of JSON
  JsonPretty,  ///< `json-pretty`: indented JSON
  None,        ///< `none`: measure, but print nothing
};

/// Reports when destroyed. Move-only; an inactive guard (moved-from, or refused
/// because another session was alive) does nothing.
class HOTPATH_API SessionGuard {
 public:
  struct State;

  SessionGuard() noexcept;
  explicit SessionGuard(std::unique_ptr<State> state) noexcept;
  SessionGuard(SessionGuard&& other) noexcept;
  SessionGuard& operator=(SessionGuard&& other) noexcept;
  ~SessionGuard();

  /// True when this guard will produce the report.
  bool active() const noexcept { return state_ != nullptr; }
  /// Produces the report now (once); the destructor then does nothing.
  void finish() noexcept;

 private:
  std::unique_ptr<State> state_;
};

/// Configures and opens the report session.
///
///   auto session = hotpath::GuardBuilder("main")
///                      .percentiles({50, 95, 99.9})
///                      .format(hotpath::Format::JsonPretty)
///                      .build();
///
/// Only one session may be alive at a time; a second one is refused with an
/// error on stderr and an inactive guard.
class HOTPATH_API GuardBuilder {
 public:
  /// `session_name` names the session and its own row (usually `main`).
  explicit GuardBuilder(std::string session_name);
  ~GuardBuilder();
  GuardBuilder(GuardBuilder&&) noexcept;
  GuardBuilder& operator=(GuardBuilder&&) noexcept;

  /// Percentile columns, each in [0, 100]; default {95}.
  GuardBuilder& percentiles(std::initializer_list<double> values);
  GuardBuilder& percentiles(const std::vector<double>& values);
  /// Rows shown; default 15; 0 = all.
  GuardBuilder& limit(std::size_t rows);
  GuardBuilder& format(Format output_format);
  /// Writes the report to this file instead of stdout (`%p` is the pid, `%t` the
  /// time in Unix seconds): a regular file is replaced atomically, a FIFO or a
  /// device is written to as it is.
  GuardBuilder& output_path(std::string path);
  /// With hotpath-cpu: writes the CPU flame graph (SVG) of the program to this file
  /// when sampling ends (`%p` is the pid). HOTPATH_FLAMEGRAPH takes precedence.
  GuardBuilder& flamegraph(std::string path);
  /// With hotpath-cpu: writes the folded stacks (`a;b;c 42`) to this file.
  /// HOTPATH_FOLDED takes precedence.
  GuardBuilder& folded(std::string path);
  /// Writes the wall-clock flame graph (SVG) of the measured calls to this file
  /// when the session reports: the call tree, weighed in measured nanoseconds, so
  /// sleeps and waits inside measured functions show. HOTPATH_FLAMEGRAPH_WALL takes
  /// precedence.
  GuardBuilder& wall_flamegraph(std::string path);
  /// Writes the call tree's folded stacks (`main;parse;lex 1200`, nanoseconds of
  /// self time) to this file. HOTPATH_FOLDED_WALL takes precedence.
  GuardBuilder& wall_folded(std::string path);
  /// The sections of the table report, comma-separated: timing, alloc, threads,
  /// cpu, waits, locks, coroutines, gauges, tree (the call tree's hottest paths,
  /// callers and callees, and the coroutine tree), or all; default
  /// "timing,alloc,threads,cpu,waits,locks,coroutines,gauges" (those the program has
  /// data for). HOTPATH_REPORT takes precedence.
  GuardBuilder& report_sections(const std::string& sections);
  /// Time sampling: times one call in `rate` (1 to 1000000) of each function on each
  /// thread, from the session's opening; the others cost a counter increment, and
  /// the timed calls' durations are scaled to all calls. Call counts stay exact.
  /// Default 1: every call.
  /// HOTPATH_TIME_SAMPLING_RATE takes precedence.
  GuardBuilder& time_sampling_rate(std::uint32_t rate);
  /// Live metrics: serves the report over HTTP while the program runs, from the
  /// session's opening (docs/live.md). Off by default. HOTPATH_LIVE takes precedence.
  GuardBuilder& live(bool on = true);
  /// Replaces the built-in reporter.
  GuardBuilder& reporter(std::unique_ptr<Reporter> custom);
  /// Source location shown for the session's own row (`file` must outlive it).
  GuardBuilder& location(const char* file, std::uint32_t line);

  /// Opens the session; the report is produced when the guard is destroyed.
  HOTPATH_NODISCARD SessionGuard build();
  /// Opens the session, reports after `duration` from a background thread, then
  /// ends the process with status 0.
  void build_with_timeout(std::chrono::nanoseconds duration);

 private:
  struct Options;
  std::unique_ptr<Options> options_;
};

/// The report of what has been measured so far, without waiting for the end: the
/// open session's report as it would be if the session ended now, or, with no
/// session open, the report of everything measured since the program started.
/// Calls still running are not in it (a call is recorded when it returns), nor is
/// the open session's own row. Measuring and CPU sampling go on. Safe from any
/// thread; the report's settings (percentiles, limit, sections) are the session's,
/// or the environment's.
HOTPATH_API Report snapshot();

/// One of a function's recent calls, as live metrics keep them.
struct RecentCall {
  std::uint64_t duration_ns;  ///< inclusive, the guards' overhead removed
  /// When it returned, from where Report::wall_ns begins (the session's opening).
  std::uint64_t end_ns;
  std::uint64_t tid;  ///< the kernel's id of the thread that made it
};

/// The latest calls of the function whose report row is named `name`, newest
/// first: at most HOTPATH_LOGS_LIMIT (default 50) over all threads, each thread
/// keeping that many of each function. Calls are logged only while live metrics
/// are on; before, the list is empty. False when the report has no such function.
HOTPATH_API bool recent_calls(const std::string& name, std::vector<RecentCall>& calls);

/// The session opened by `[[hotpath::main]]`: the Clang plugin injects one into the
/// function, which reports when it returns. `options` holds the attribute's
/// arguments joined with ';' ("limit=20;percentiles=50,95;format=json;output=p.json";
/// also "name=...", "time_sampling_rate=...", "live"), already checked at compile time; environment
/// variables still override them.
class HOTPATH_API MainGuard {
 public:
  MainGuard(const char* function_name, const char* options, const char* file, std::uint32_t line);

  MainGuard(const MainGuard&) = delete;
  MainGuard& operator=(const MainGuard&) = delete;

 private:
  SessionGuard session_;
};

}  // namespace hotpath

#endif  // HOTPATH_SESSION_HPP
