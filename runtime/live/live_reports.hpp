// The reports the live server answers from. Taking one reads every function's
// histogram on every thread, which in a large program takes a while; the server
// does not wait for it while it has one recent enough: the runtime's background
// thread takes the next report, and requests are answered from the last until it
// is there. Only a server that was idle for a while waits for a fresh one.
#ifndef HOTPATH_RUNTIME_LIVE_REPORTS_HPP
#define HOTPATH_RUNTIME_LIVE_REPORTS_HPP

#include <memory>

#include "live/report_now.hpp"

namespace hotpath::detail {

/// The report to answer a request from: the latest when it is recent; when it is
/// getting old, the latest still, while the background thread takes the next;
/// otherwise (none yet, or the server was idle) one taken now, on this thread.
std::shared_ptr<const ReportNow> live_report();

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_LIVE_REPORTS_HPP
