// The report so far, as hotpath::snapshot() gives it, with what finds its rows'
// recent calls: what the live server answers from.
#ifndef HOTPATH_RUNTIME_REPORT_NOW_HPP
#define HOTPATH_RUNTIME_REPORT_NOW_HPP

#include <cstdint>
#include <string>
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
  std::uint64_t start_ticks = 0;        ///< where the report's wall time begins
  TickConverter ticks{1.0};
};

/// Takes the report so far (hotpath::snapshot()).
ReportNow report_now();

/// The recent calls of the row of `now` named `name`, as hotpath::recent_calls()
/// gives them; false when `now` has no such row.
bool recent_calls_of(const ReportNow& now, const std::string& name, std::vector<RecentCall>& calls);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_REPORT_NOW_HPP
