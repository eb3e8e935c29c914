// Comparing two saved reports function by function, as `hotpath diff` does: rows
// are matched by name, one value per function (average, total or a percentile of
// its time, bytes allocated or time blocked per call, or a coroutine's resumes,
// running or suspended time) is compared, and each function is classified against
// a threshold. A function missing from a report that was written
// with a row limit is unknown rather than new or removed: it may be just below the
// limit.
#ifndef HOTPATH_REPORT_REPORT_DIFF_HPP
#define HOTPATH_REPORT_REPORT_DIFF_HPP

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "report_reader.hpp"

namespace hotpath {

/// The value compared per function.
struct DiffMetric {
  enum class Kind {
    Average,     ///< avg_ns: time per call
    Total,       ///< total_ns: time of all calls
    Percentile,  ///< p<N>_ns: a percentile of the time per call
    Alloc,       ///< avg_bytes of functions_alloc: bytes allocated per call
    Wait,        ///< total_ns of functions_wait over calls: time blocked per call
    Resumes,     ///< resumes of coroutines: segments run by all instances
    Running,     ///< running_ns of coroutines: time of all instances' segments
    Suspended,   ///< suspended_ns of coroutines: time all instances spent suspended
  };
  Kind kind = Kind::Average;
  double percentile = 0;  ///< for Kind::Percentile, e.g. 99.9
};

/// Parses a --metric value: "avg", "total", "alloc", "wait", "resumes", "running",
/// "suspended" or "p<N>" ("p95", "p99.9").
std::optional<DiffMetric> parse_diff_metric(const std::string& text);

/// The spelling parse_diff_metric reads: "avg", "total", "p95", "alloc", "wait",
/// "resumes", "running", "suspended".
std::string diff_metric_name(const DiffMetric& metric);

/// True for the metrics of the coroutines section (resumes, running, suspended):
/// they compare coroutines, whose MeasuredValue::calls are their instances.
bool is_coroutine_metric(const DiffMetric& metric);

/// The metric for people: "average time per call", "p95 time per call", ...
std::string diff_metric_description(const DiffMetric& metric);

/// `value` of `metric` for people: a duration ("2.05 ms"), a byte count ("48 B") or
/// a number of resumes ("120").
std::string format_metric_value(const DiffMetric& metric, std::uint64_t value);

/// How the comparison is made.
struct DiffSettings {
  DiffMetric metric;
  double threshold_percent = 10;  ///< a change larger than this is a regression or improvement
  std::uint64_t min_calls = 0;    ///< functions with fewer calls in either report are ignored
};

/// What became of a function.
enum class ChangeKind {
  Regression,   ///< its value grew by more than the threshold
  Improvement,  ///< its value shrank by more than the threshold
  Unchanged,    ///< within the threshold
  New,          ///< only in head, whose base holds every function
  Removed,      ///< only in base, whose head holds every function
  Unknown,      ///< missing from a report that holds only its first rows
};

/// The name of a kind in the outputs: "regression", "improvement", "unchanged",
/// "new", "removed", "unknown".
const char* change_kind_name(ChangeKind kind);

/// A function's calls and compared value in one report.
struct MeasuredValue {
  std::uint64_t calls = 0;  ///< for a coroutine metric, the coroutine's instances
  std::uint64_t value = 0;
};

/// One function of the comparison.
struct FunctionChange {
  std::string name;
  ChangeKind kind = ChangeKind::Unchanged;
  std::optional<MeasuredValue> base;  ///< unset when base does not have it
  std::optional<MeasuredValue> head;  ///< unset when head does not have it
  /// 100 * (head - base) / base (0 when both are 0); unset unless both reports have
  /// the function, and for a value that grows from 0: a regression of no finite
  /// percentage.
  std::optional<double> change_percent;
};

/// One of the two reports, as the outputs name and describe it.
struct DiffSide {
  std::string label;                   ///< its file name
  std::size_t saved_functions = 0;     ///< rows in the compared section
  std::size_t measured_functions = 0;  ///< the section's total_functions

  /// True when the report holds only its first rows.
  bool truncated() const noexcept { return measured_functions > saved_functions; }
};

/// The comparison of two reports.
struct ReportDiff {
  DiffSettings settings;
  DiffSide base;
  DiffSide head;
  /// Regressions (largest change first), improvements (largest first), unchanged,
  /// new, removed and unknown functions (largest value first); ties by name.
  std::vector<FunctionChange> functions;
  std::size_t ignored = 0;  ///< functions left out by min_calls
  /// The reports seem to come from different programs: each has a function other
  /// than `main` (which most programs measure), and they have none of those in common.
  bool unrelated = false;
  /// Sentences (no final period) that qualify the comparison: truncated reports,
  /// different time modes, functions ignored.
  std::vector<std::string> notes;

  /// How many functions are of `kind`.
  std::size_t count(ChangeKind kind) const;
};

/// Compares `head` with `base` (named by their labels in notes and errors). False
/// with `error` (one line naming the report) when a report lacks what the metric
/// needs: the percentile, or the allocation or wait section. A report without the
/// coroutines section has no coroutine to compare (a note says so).
bool diff_reports(const SavedReport& base, const std::string& base_label, const SavedReport& head,
                  const std::string& head_label, const DiffSettings& settings, ReportDiff& diff,
                  std::string& error);

/// "1 regression, 0 improvements": the counts a reviewer looks for first.
std::string diff_summary(const ReportDiff& diff);

/// The other counts, those that are not 0: "2 unchanged, 1 new, 1 unknown".
std::string diff_other_counts(const ReportDiff& diff);

/// A change in percent for people: "+97.6%", "-50.0%", "+0.0%"; "+inf%" for growth from 0.
std::string format_change(const std::optional<double>& change_percent);

/// A percentage as given on the command line: "10%", "2.5%".
std::string format_threshold(double percent);

}  // namespace hotpath

#endif  // HOTPATH_REPORT_REPORT_DIFF_HPP
