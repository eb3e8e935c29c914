// The report of a program that ends abnormally. SIGINT, SIGTERM and SIGHUP (when
// the program leaves them to their default action) and std::terminate (an uncaught
// exception) would otherwise end the process before the report at exit.
//
// Nothing is done in the signal handler but writing the signal's number to a pipe:
// a watcher thread reads it, produces the report from an ordinary context, restores
// the default action and sends the signal again, so the process still ends killed
// by it. A second signal while the report is written ends the process at once. A
// forked child has no watcher (no thread can safely be started there): its signals
// end it without a report.
#ifndef HOTPATH_RUNTIME_TERMINATION_REPORT_HPP
#define HOTPATH_RUNTIME_TERMINATION_REPORT_HPP

namespace hotpath::detail {

/// Installs the handlers and the terminate handler, once; called when there is
/// something to report (the first site registered). The report is the one
/// report_at_termination() makes, at most once a process.
void install_termination_report() noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_TERMINATION_REPORT_HPP
