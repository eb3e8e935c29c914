// The report so far, as hotpath::snapshot() gives it, with what finds its rows'
// recent calls: what the live server answers from.
#ifndef HOTPATH_RUNTIME_REPORT_NOW_HPP
#define HOTPATH_RUNTIME_REPORT_NOW_HPP

#include <cstddef>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/clock_calibration.hpp"
#include "hotpath/report.hpp"
#include "hotpath/session.hpp"

namespace hotpath::detail {

/// The report so far (the open session's, or with none open, everything measured
/// since the program started) and what finds its rows' recent calls.
struct ReportNow {
  Report report;
  std::vector<std::string> site_names;  ///< each site's row name, by site id - 1
  /// The ids of each row's sites, by row name: what finds a function's recent
  /// calls without going through every site.
  std::unordered_map<std::string, std::vector<std::uint32_t>> site_ids_by_name;
  /// The rows that have their percentiles and duration buckets: the first this
  /// many by total time (0: every row).
  std::size_t rows_with_durations = 0;
  std::uint64_t start_ticks = 0;  ///< where the report's wall time begins
  TickConverter ticks{1.0};
};

/// Takes the report so far (hotpath::snapshot()). Percentiles and duration buckets
/// are read for every row when `rows_with_durations` is 0; otherwise for the rows
/// the settings' reporter shows and at least the first `rows_with_durations`.
ReportNow report_now(std::size_t rows_with_durations = 0);

/// The calls of the row of `now` named `name` read now, since the report's start:
/// how many, and by duration on the grid of DurationBuckets, as the report's row
/// would have them; false when `now` has no such row.
bool durations_of(const ReportNow& now, const std::string& name, std::uint64_t& calls,
                  DurationBuckets& buckets);

/// The recent calls of the row of `now` named `name`, as hotpath::recent_calls()
/// gives them; false when `now` has no such row.
bool recent_calls_of(const ReportNow& now, const std::string& name, std::vector<RecentCall>& calls);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_REPORT_NOW_HPP
