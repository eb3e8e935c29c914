// Live metrics, the runtime's side: libhotpath-live (the HTTP server and what it
// links: cpp-httplib, OpenSSL, zlib) is loaded only by a program that asks for it.
#ifndef HOTPATH_RUNTIME_LIVE_LOADING_HPP
#define HOTPATH_RUNTIME_LIVE_LOADING_HPP

namespace hotpath::detail {

/// Loads libhotpath-live from libhotpath's own directory and starts its server on
/// HOTPATH_METRICS_HOST:HOTPATH_METRICS_PORT (127.0.0.1:6770 by default). Once
/// per process; says on stderr where it serves, or why it does not (the program
/// runs on either way).
void start_live_metrics() noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_LIVE_LOADING_HPP
