// The live server: cpp-httplib on a few background threads, answering the routes of
// live_routes.hpp from the reports the runtime takes (live_reports.hpp).
#ifndef HOTPATH_RUNTIME_LIVE_LIVE_SERVER_HPP
#define HOTPATH_RUNTIME_LIVE_LIVE_SERVER_HPP

#include <cstdint>
#include <string>

#include "live/live_runtime.hpp"

namespace hotpath::live {

/// Where the server listens and whom it answers.
struct LiveSettings {
  std::string host = "127.0.0.1";
  std::uint16_t port = 6770;  ///< 0: any free port
  std::string token;  ///< when set, every request must carry "Authorization: Bearer <token>"
  detail::LiveRuntime runtime{};  ///< where the reports come from
};

/// Binds and starts serving from background threads named "hotpath-live"; returns
/// the port (the one the system chose for port 0). 0 with `error` when the address
/// cannot be listened on, or when a server is running.
std::uint16_t start_server(const LiveSettings& settings, std::string& error);

/// Stops the server and waits for its thread (at exit).
void stop_server() noexcept;

}  // namespace hotpath::live

#endif  // HOTPATH_RUNTIME_LIVE_LIVE_SERVER_HPP
