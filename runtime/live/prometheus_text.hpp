// A report in the Prometheus text exposition format (version 0.0.4), for the live
// server's /metrics.
#ifndef HOTPATH_RUNTIME_LIVE_PROMETHEUS_TEXT_HPP
#define HOTPATH_RUNTIME_LIVE_PROMETHEUS_TEXT_HPP

#include <string>

#include "hotpath/report.hpp"

namespace hotpath::live {

/// The Content-Type of prometheus_text().
constexpr const char* kPrometheusContentType = "text/plain; version=0.0.4; charset=utf-8";

/// Every function of `report` (its limit does not apply: a scraper wants them all),
/// labelled by name: calls (counter), durations (histogram over
/// Report::duration_bucket_bounds_ns, in seconds), and when the report has them,
/// allocations (counters), CPU samples (counter), waits by cause and the contended
/// locks (counters), and coroutines' instances, resumes, running and suspended
/// seconds (counters); the program's counters (hotpath_counters_total) and gauges
/// (hotpath_gauges, its _min and _max, and updates), labelled by name (plural: a
/// family named after its type fails promtool's lint); and the
/// session's elapsed time.
std::string prometheus_text(const Report& report);

}  // namespace hotpath::live

#endif  // HOTPATH_RUNTIME_LIVE_PROMETHEUS_TEXT_HPP
