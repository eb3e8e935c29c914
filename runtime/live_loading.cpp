// Loading the live server on demand (see the header). HOTPATH_LIVE=1 starts it
// when libhotpath loads, before main.
#include "live_loading.hpp"

#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <mutex>
#include <string>

#include "background_work.hpp"
#include "call_log.hpp"
#include "env_config.hpp"
#include "hotpath/detail/recording.hpp"
#include "threads_monitor.hpp"

namespace hotpath::detail {
namespace {

constexpr const char* kLiveLibrary = "libhotpath-live.so";
constexpr std::uint16_t kDefaultPort = 6770;
constexpr const char* kDefaultHost = "127.0.0.1";
constexpr std::uint32_t kDefaultLogsLimit = 50;

using LiveStart = int (*)(const char* host, unsigned port, const char* token,
                          void (*background_work)() noexcept, char* error,
                          std::size_t error_size) noexcept;

/// The directory this library was loaded from, with a final '/'; empty if unknown.
std::string own_directory() {
  Dl_info info{};
  if (::dladdr(reinterpret_cast<void*>(&start_live_metrics), &info) == 0 ||
      info.dli_fname == nullptr)
    return "";
  const std::string path = info.dli_fname;
  const std::size_t slash = path.rfind('/');
  return slash == std::string::npos ? "" : path.substr(0, slash + 1);
}

void start_once() {
  const std::string host = env_metrics_host().value_or(kDefaultHost);
  const std::uint16_t port = env_metrics_port().value_or(kDefaultPort);
  const std::string token = env_metrics_auth_token().value_or("");
  const std::string library = own_directory() + kLiveLibrary;
  void* module = ::dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (module == nullptr) {
    std::fprintf(stderr, "hotpath: live metrics are off: cannot load %s: %s\n", library.c_str(),
                 ::dlerror());
    return;
  }
  const auto start = reinterpret_cast<LiveStart>(::dlsym(module, "hotpath_live_start"));
  if (start == nullptr) {
    std::fprintf(stderr, "hotpath: live metrics are off: %s has no hotpath_live_start\n",
                 library.c_str());
    return;
  }
  char error[512] = {};
  const int bound =
      start(host.c_str(), port, token.c_str(), run_background_work, error, sizeof error);
  if (bound <= 0) {
    std::fprintf(stderr, "hotpath: live metrics are off: %s\n", error);
    return;
  }
  hand_background_work_over();
  start_threads_monitor();
  enable_call_logs(env_logs_limit().value_or(kDefaultLogsLimit));
  std::fprintf(stderr, "hotpath: live metrics at http://%s:%u/%s\n", host.c_str(),
               static_cast<unsigned>(bound), token.empty() ? "" : " (bearer token required)");
}

__attribute__((constructor)) void start_from_environment() noexcept {
  if (env_live().value_or(false)) start_live_metrics();
}

}  // namespace

void start_live_metrics() noexcept {
  RuntimeScope runtime;
  static std::once_flag started;
  try {
    std::call_once(started, start_once);
  } catch (const std::exception& failure) {
    std::fprintf(stderr, "hotpath: live metrics are off: %s\n", failure.what());
  }
}

}  // namespace hotpath::detail
