// Loading the live server on demand (see the header). HOTPATH_LIVE=1 starts it
// when libhotpath loads, before main.
#include "live/live_loading.hpp"

#include <dlfcn.h>

#include <cstdint>
#include <cstdio>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "core/call_log.hpp"
#include "env_config.hpp"
#include "hotpath/detail/recording.hpp"
#include "live/live_reports.hpp"
#include "live/live_runtime.hpp"
#include "live/threads_monitor.hpp"

namespace hotpath::detail {
namespace {

constexpr const char* kLiveLibrary = "libhotpath-live.so";
constexpr std::uint16_t kDefaultPort = 6770;
constexpr const char* kDefaultHost = "127.0.0.1";
constexpr std::uint32_t kDefaultLogsLimit = 50;

using LiveStart = int (*)(const char* host, unsigned port, const char* token,
                          const LiveRuntime* runtime, char* error, std::size_t error_size) noexcept;

// The server's calls into the runtime: what they allocate is not the program's.
std::shared_ptr<const ReportNow> report_for_server(ReportNeed need) {
  RuntimeScope runtime;
  return live_report(need);
}
bool recent_calls_for_server(const ReportNow& now, const std::string& name,
                             std::vector<RecentCall>& calls) {
  RuntimeScope runtime;
  return recent_calls_of(now, name, calls);
}
bool durations_for_server(const ReportNow& now, const std::string& name, std::uint64_t& calls,
                          DurationBuckets& buckets) {
  RuntimeScope runtime;
  return durations_of(now, name, calls, buckets);
}
constexpr LiveRuntime kLiveRuntime{report_for_server, durations_for_server,
                                   recent_calls_for_server};

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
  std::string token_problem;
  const std::string token = env_metrics_auth_token(token_problem).value_or("");
  // A token that is wrong keeps the server closed: serving without it would open the
  // metrics to whoever can connect.
  if (!token_problem.empty()) {
    std::fprintf(stderr, "hotpath: live metrics are off: %s\n", token_problem.c_str());
    return;
  }
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
  const int bound = start(host.c_str(), port, token.c_str(), &kLiveRuntime, error, sizeof error);
  if (bound <= 0) {
    std::fprintf(stderr, "hotpath: live metrics are off: %s\n", error);
    return;
  }
  start_threads_monitor();
  enable_call_logs(env_logs_limit().value_or(kDefaultLogsLimit));
  std::fprintf(stderr, "hotpath: live metrics at http://%s:%u/%s\n", host.c_str(),
               static_cast<unsigned>(bound), token.empty() ? "" : " (bearer token required)");
}

__attribute__((constructor)) void start_from_environment() noexcept {
  keep_process_only_variables();
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
