// The reports the live server answers from. Taking one reads every function on
// every thread, which in a large program takes a while; the server does not wait
// for it while it has one recent enough: the runtime's background thread takes the
// next report, and requests are answered from the last until it is there. Only a
// server that was idle for a while waits for a fresh one.
//
// A report reads the durations' histograms (percentiles, buckets) of the rows the
// routes show by default only: the session's row limit, and /metrics' functions
// (HOTPATH_METRICS_LIMIT). A request for more rows asks for a report with every
// row's; while such requests keep coming, the background thread takes those.
#ifndef HOTPATH_RUNTIME_LIVE_REPORTS_HPP
#define HOTPATH_RUNTIME_LIVE_REPORTS_HPP

#include <memory>

#include "live/report_now.hpp"

namespace hotpath::detail {

/// What a request needs of the report it is answered from.
enum class ReportNeed {
  Recent,    ///< the rows the routes show by default
  EveryRow,  ///< every row's durations (a higher limit, a focus)
  Names,     ///< only its names, to find a function by: the latest, however old
  /// Its names, when the latest lacks one: a new report unless the latest is recent
  /// (taken for a function called since, but not once per unknown name).
  Fresh,
};

/// The report to answer a request from: the latest when it is recent (and for
/// EveryRow, has every row's durations); when it is getting old, the latest still,
/// while the background thread takes the next; otherwise (none yet, or the server
/// was idle) one taken now, on this thread.
std::shared_ptr<const ReportNow> live_report(ReportNeed need = ReportNeed::Recent);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_LIVE_REPORTS_HPP
