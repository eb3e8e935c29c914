// What a report contains, and the interface that turns it into output. The
// built-in table and JSON reporters and custom reporters all receive the same Report.
#ifndef HOTPATH_REPORT_HPP
#define HOTPATH_REPORT_HPP

#include <cstddef>
#include <cstdint>
#include <ostream>
#include <string>
#include <vector>

#include "hotpath/detail/platform.hpp"

namespace hotpath {

/// Which duration the rows and percentiles describe.
enum class TimeMode {
  Inclusive,  ///< a call's whole duration, callees included (the default)
  Exclusive,  ///< a call's duration minus the measured functions it called
};

/// One function (or labelled block) in a report. Durations are in nanoseconds.
struct FunctionRow {
  std::string name;        ///< fully qualified, e.g. `app::Worker::run`
  std::string file;        ///< source file of the measured function
  std::uint32_t line = 0;  ///< line of the measured function
  std::uint64_t calls = 0;
  std::uint64_t total_ns = 0;
  std::uint64_t avg_ns = 0;
  std::vector<std::uint64_t> percentile_ns;  ///< one per Report::percentiles, same order
  double percent_total = 0;                  ///< total_ns against Report::wall_ns, in percent
};

/// A finished measurement session: every measured function, sorted by total time
/// (descending), plus the settings the reporters need.
struct Report {
  std::string session_name;         ///< e.g. `main`
  std::uint64_t wall_ns = 0;        ///< wall time of the session
  std::vector<double> percentiles;  ///< e.g. {50, 95, 99.9}
  std::size_t limit = 15;           ///< rows a reporter shows; 0 = all
  TimeMode time_mode = TimeMode::Inclusive;
  std::vector<FunctionRow> rows;  ///< all rows, sorted by total_ns descending

  /// How many rows a reporter shows: `limit` of them, or all when limit is 0.
  std::size_t visible_row_count() const noexcept {
    return limit == 0 || limit > rows.size() ? rows.size() : limit;
  }
};

/// Turns a Report into output. Implement it to send metrics elsewhere
/// (a log, a CI artifact, a database) and pass it to GuardBuilder::reporter().
class HOTPATH_API Reporter {
 public:
  virtual ~Reporter();
  /// Writes `report` to `out` (stdout, or the session's output file). Failures of
  /// the stream are detected by the caller and reported on stderr.
  virtual void write(const Report& report, std::ostream& out) = 0;
};

/// The ASCII table of the default report.
class HOTPATH_API TableReporter : public Reporter {
 public:
  void write(const Report& report, std::ostream& out) override;
};

/// The JSON report (schema in docs/json-schema.md), compact or indented.
class HOTPATH_API JsonReporter : public Reporter {
 public:
  explicit JsonReporter(bool pretty = false) : pretty_(pretty) {}
  void write(const Report& report, std::ostream& out) override;

 private:
  bool pretty_;
};

}  // namespace hotpath

#endif  // HOTPATH_REPORT_HPP
