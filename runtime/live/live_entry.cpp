// The entry point libhotpath finds with dlsym after loading this library.
#include <cstdio>
#include <string>

#include "live_server.hpp"

/// Starts the live server; 1 on success, 0 with the reason in `error`.
extern "C" __attribute__((visibility("default"))) int hotpath_live_start(
    const char* host, unsigned port, const char* token, char* error,
    std::size_t error_size) noexcept {
  try {
    hotpath::live::LiveSettings settings;
    settings.host = host;
    settings.port = static_cast<std::uint16_t>(port);
    settings.token = token;
    std::string why;
    if (hotpath::live::start_server(settings, why)) return 1;
    std::snprintf(error, error_size, "%s", why.c_str());
  } catch (const std::exception& failure) {
    std::snprintf(error, error_size, "%s", failure.what());
  }
  return 0;
}
