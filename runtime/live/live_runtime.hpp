// What libhotpath hands the live server (libhotpath-live) when it starts it: the
// runtime's functions the server calls, as pointers, since the module sees only
// libhotpath's public symbols.
#ifndef HOTPATH_RUNTIME_LIVE_RUNTIME_HPP
#define HOTPATH_RUNTIME_LIVE_RUNTIME_HPP

#include <memory>
#include <string>
#include <vector>

#include "live/live_reports.hpp"
#include "live/report_now.hpp"

namespace hotpath::detail {

struct LiveRuntime {
  /// The report to answer a request from (live_reports.hpp).
  std::shared_ptr<const ReportNow> (*report)(ReportNeed need);
  /// A row's calls by duration, read now (durations_of()).
  bool (*durations)(const ReportNow& now, const std::string& name, std::uint64_t& calls,
                    DurationBuckets& buckets);
  /// A row's recent calls (recent_calls_of()).
  bool (*recent_calls)(const ReportNow& now, const std::string& name,
                       std::vector<RecentCall>& calls);
};

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_LIVE_RUNTIME_HPP
