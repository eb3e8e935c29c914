// The entry point libhotpath finds with dlsym after loading this library.
#include <cstdio>
#include <string>

#include "live_server.hpp"

/// Starts the live server, whose thread also calls `background_work` (the runtime's
/// periodic work); returns its port, or 0 with the reason in `error`.
extern "C" __attribute__((visibility("default"))) int hotpath_live_start(
    const char* host, unsigned port, const char* token, void (*background_work)() noexcept,
    char* error, std::size_t error_size) noexcept {
  try {
    hotpath::live::LiveSettings settings;
    settings.host = host;
    settings.port = static_cast<std::uint16_t>(port);
    settings.token = token;
    settings.background_work = background_work;
    std::string why;
    if (const std::uint16_t bound = hotpath::live::start_server(settings, why)) return bound;
    std::snprintf(error, error_size, "%s", why.c_str());
  } catch (const std::exception& failure) {
    std::snprintf(error, error_size, "%s", failure.what());
  }
  return 0;
}
