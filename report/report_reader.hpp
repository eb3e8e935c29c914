// Reading a JSON report (schema version 1, docs/json-schema.md) back into a Report:
// every section JsonReporter writes, checked field by field, so that a tool working
// on saved reports can trust what it gets and points at the first thing wrong.
#ifndef HOTPATH_REPORT_REPORT_READER_HPP
#define HOTPATH_REPORT_REPORT_READER_HPP

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "hotpath/report.hpp"

namespace hotpath {

/// A report read back from its JSON. A report written with a row limit holds only
/// the first `limit` rows of each function section: `report` has those, and the
/// counts below say how many functions the program had measured.
struct SavedReport {
  Report report;
  std::size_t timing_functions = 0;     ///< functions_timing.total_functions
  std::size_t alloc_functions = 0;      ///< functions_alloc.total_functions (0 without it)
  std::size_t cpu_functions = 0;        ///< functions_cpu.total_functions (0 without it)
  std::size_t wait_functions = 0;       ///< functions_wait.total_functions (0 without it)
  std::size_t coroutine_functions = 0;  ///< coroutines.total_functions (0 without it)

  /// True when the row limit left timing rows out of the file.
  bool timing_truncated() const noexcept { return timing_functions > report.rows.size(); }
  /// True when the row limit left allocation rows out of the file.
  bool alloc_truncated() const noexcept { return alloc_functions > report.alloc_rows.size(); }
  /// True when the row limit left CPU rows out of the file.
  bool cpu_truncated() const noexcept { return cpu_functions > report.cpu_rows.size(); }
  /// True when the row limit left wait rows out of the file.
  bool wait_truncated() const noexcept { return wait_functions > report.wait_rows.size(); }
  /// True when the row limit left coroutine rows out of the file.
  bool coroutine_truncated() const noexcept {
    return coroutine_functions > report.coroutine_rows.size();
  }
};

/// Why a text is not a report, and where.
struct ReportReadError {
  /// What the text is instead: something invalid, nothing at all, or a timeline.
  enum class Kind {
    Invalid,  ///< not JSON, or not the schema: see the fields below
    Empty,    ///< nothing but white space
    Trace,    ///< a Chrome trace-event file, such as HOTPATH_TRACE writes
  };
  Kind kind = Kind::Invalid;
  std::size_t line = 0;    ///< 1-based; 0 when the error is about the whole file
  std::size_t column = 0;  ///< 1-based, for syntax errors; 0 otherwise
  std::string pointer;     ///< JSON pointer of the value at fault, e.g. "/functions_timing/limit"
  std::string message;

  /// The error as one line about `file`: "run.json:3:15: <message>" for a syntax
  /// error, "run.json:12: /functions_timing/limit: <message>" for a schema error,
  /// "run.json is empty: ..." and "trace.json is a trace, not a report: ...".
  std::string describe(const std::string& file) const;
};

/// Reads the text of a JSON report. Unknown keys are ignored, as the schema asks;
/// missing fields, wrong types, a schema_version other than 1 and sections that
/// contradict each other are errors.
std::optional<SavedReport> read_report_json(std::string_view text, ReportReadError& error);

/// Reads the JSON report in the file at `path`. On failure, nullopt and `error` is
/// one line naming the file: "cannot read ..." or ReportReadError::describe.
std::optional<SavedReport> read_report_file(const std::string& path, std::string& error);

}  // namespace hotpath

#endif  // HOTPATH_REPORT_REPORT_READER_HPP
