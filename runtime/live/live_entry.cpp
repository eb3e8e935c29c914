// The entry point libhotpath finds with dlsym after loading this library.
#include <cstdio>
#include <string>

#include "live/live_runtime.hpp"
#include "live/live_server.hpp"

/// Starts the live server, which answers from what `runtime` gives; returns its
/// port, or 0 with the reason in `error`.
extern "C" __attribute__((visibility("default"))) int hotpath_live_start(
    const char* host, unsigned port, const char* token, const hotpath::detail::LiveRuntime* runtime,
    char* error, std::size_t error_size) noexcept {
  try {
    hotpath::live::LiveSettings settings;
    settings.host = host;
    settings.port = static_cast<std::uint16_t>(port);
    settings.token = token;
    settings.runtime = *runtime;
    std::string why;
    if (const std::uint16_t bound = hotpath::live::start_server(settings, why)) return bound;
    std::snprintf(error, error_size, "%s", why.c_str());
  } catch (const std::exception& failure) {
    std::snprintf(error, error_size, "%s", failure.what());
  }
  return 0;
}
