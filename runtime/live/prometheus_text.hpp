// A report in the Prometheus text exposition format (version 0.0.4), for the live
// server's /metrics.
#ifndef HOTPATH_RUNTIME_LIVE_PROMETHEUS_TEXT_HPP
#define HOTPATH_RUNTIME_LIVE_PROMETHEUS_TEXT_HPP

#include <cstddef>
#include <string>

#include "hotpath/report.hpp"

namespace hotpath::live {

/// The Content-Type of prometheus_text().
constexpr const char* kPrometheusContentType = "text/plain; version=0.0.4; charset=utf-8";

/// The functions /metrics writes unless told otherwise (HOTPATH_METRICS_LIMIT).
constexpr std::size_t kDefaultMetricsLimit = 50;

/// What prometheus_text() writes besides the program's own figures.
struct MetricsOptions {
  /// The functions written: the first that many of Report::rows (the largest total
  /// times), in every per-function family; 0 = all.
  std::size_t limit = kDefaultMetricsLimit;
  /// Per-thread families (one series per thread of the process): off by default.
  bool threads = false;
};

/// The report's functions cut by `options` (see MetricsOptions::limit), labelled by
/// name: calls (counter), durations (histogram on the fixed grid of
/// DurationBuckets, sparse, in seconds), and when the report has them,
/// allocations (counters), CPU samples (counter), waits by cause (counters) and
/// coroutines' instances, resumes, running and suspended seconds (counters); the
/// first `limit` contended locks (counters); with MetricsOptions::threads, each
/// monitored thread's CPU time; the program's counters (hotpath_counters_total) and
/// gauges (hotpath_gauges, its _min and _max, and updates), labelled by name
/// (plural: a family named after its type fails promtool's lint); and the
/// session's elapsed time.
std::string prometheus_text(const Report& report, const MetricsOptions& options = {});

}  // namespace hotpath::live

#endif  // HOTPATH_RUNTIME_LIVE_PROMETHEUS_TEXT_HPP
