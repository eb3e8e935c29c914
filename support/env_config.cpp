// Parsing and validation of the HOTPATH_* environment variables.
#include "env_config.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <iterator>

namespace hotpath::detail {
namespace {

/// The variables that ask something of one process only (the live server, the dump
/// signal), with their values as this process had them; see
/// keep_process_only_variables(). Written once, before main.
struct KeptVariable {
  const char* name;
  std::optional<std::string> value;  ///< set once removed from the environment
};
KeptVariable g_kept[] = {{"HOTPATH_LIVE", std::nullopt}, {"HOTPATH_DUMP_SIGNAL", std::nullopt}};
bool g_kept_taken = false;

/// Reads a set variable, or nothing when unset.
std::optional<std::string_view> getenv_view(const char* name) {
  for (const KeptVariable& kept : g_kept) {
    if (kept.value && std::string_view(kept.name) == name) return std::string_view(*kept.value);
  }
  const char* value = std::getenv(name);
  if (value == nullptr) return std::nullopt;
  return std::string_view(value);
}

template <typename T, typename Parser>
std::optional<T> read_env(const char* name, Parser parse, std::string_view expected) {
  const std::optional<std::string_view> raw = getenv_view(name);
  if (!raw) return std::nullopt;
  std::optional<T> value = parse(*raw);
  if (!value) warn_invalid_env(name, *raw, expected);
  return value;
}

/// A whole number from `min` to `max`, as a T.
template <typename T>
std::optional<T> read_whole_number(const char* name, std::uint64_t min, std::uint64_t max,
                                   std::string_view expected) {
  return read_env<T>(
      name,
      [min, max](std::string_view text) -> std::optional<T> {
        if (auto value = parse_whole_number(text, min, max)) return static_cast<T>(*value);
        return std::nullopt;
      },
      expected);
}

std::optional<std::string> parse_path(std::string_view text) {
  if (text.empty()) return std::nullopt;
  return std::string(text);
}

std::optional<std::string> read_path(const char* name) {
  return read_env<std::string>(name, parse_path, "a file path");
}

std::optional<bool> read_flag(const char* name) {
  return read_env<bool>(name, parse_flag, kFlagExpected);
}

// Every variable a part of hotpath reads: the runtime, hotpath-alloc, hotpath-cpu,
// the `hotpath` command, and the project's scripts.
constexpr std::string_view kKnownVariables[] = {
    "HOTPATH_OUTPUT_FORMAT",
    "HOTPATH_OUTPUT_PATH",
    "HOTPATH_LIMIT",
    "HOTPATH_NAME_WIDTH",
    "HOTPATH_PERCENTILES",
    "HOTPATH_TIME_EXCLUSIVE",
    "HOTPATH_ALLOC_CUMULATIVE",
    "HOTPATH_CPU",
    "HOTPATH_CPU_FREQ",
    "HOTPATH_CPU_INCLUSIVE",
    "HOTPATH_CPU_SIGNAL",
    "HOTPATH_FLAMEGRAPH",
    "HOTPATH_FOLDED",
    "HOTPATH_CPU_LOG",
    "HOTPATH_CPU_CHILDREN",
    "HOTPATH_CPU_FOLLOW_EXEC",
    "HOTPATH_CPU_LIBRARY",
    "HOTPATH_CLOCK",
    "HOTPATH_BUILD_TYPE",
    "HOTPATH_PREFIX",
    "HOTPATH_REPORT",
    "HOTPATH_FLAMEGRAPH_WALL",
    "HOTPATH_FOLDED_WALL",
    "HOTPATH_FLAMEGRAPH_COROUTINES",
    "HOTPATH_FOLDED_COROUTINES",
    "HOTPATH_PPROF",
    "HOTPATH_SPEEDSCOPE",
    "HOTPATH_CALL_TREE_NODES",
    "HOTPATH_TRACE",
    "HOTPATH_TRACE_MB",
    "HOTPATH_COMPENSATE",
    "HOTPATH_ADAPTIVE",
    "HOTPATH_TIME_SAMPLING_RATE",
    "HOTPATH_LIVE",
    "HOTPATH_LIVE_CHILDREN",
    "HOTPATH_METRICS_PORT",
    "HOTPATH_METRICS_HOST",
    "HOTPATH_METRICS_AUTH_TOKEN",
    "HOTPATH_DUMP_SIGNAL",
    "HOTPATH_THREADS_INTERVAL_MS",
    "HOTPATH_LOGS_LIMIT",
    "HOTPATH_METRICS_LIMIT",
    "HOTPATH_METRICS_THREADS",
    "HOTPATH_FLAMEGRAPH_OFFCPU",
    "HOTPATH_FOLDED_OFFCPU",
    "HOTPATH_OFFCPU_LOG",
    "HOTPATH_OFFCPU_MIN_US",
    "HOTPATH_WAIT_LIBRARY",
};

/// For each known variable, a hash of the value last warned about (0: none). A
/// variable is read by several parts of hotpath and again by every session, but its
/// value deserves one warning per process. Atomics, not a lock: readers run on any
/// thread, and a child forked while another thread warns must not inherit a held
/// lock; the child inherits what was warned about and does not repeat it.
std::atomic<std::size_t> g_warned_value_hash[std::size(kKnownVariables)];

/// Whether `value` of `name` has not been warned about yet in this process (and
/// from now on, has).
bool first_warning_about(std::string_view name, std::string_view value) {
  const auto* known = std::find(std::begin(kKnownVariables), std::end(kKnownVariables), name);
  if (known == std::end(kKnownVariables)) return true;
  const std::size_t hash = std::hash<std::string_view>()(value) | 1;  // never 0
  std::atomic<std::size_t>& warned = g_warned_value_hash[known - std::begin(kKnownVariables)];
  return warned.exchange(hash, std::memory_order_relaxed) != hash;
}

/// Levenshtein distance, for "did you mean".
std::size_t edit_distance(std::string_view a, std::string_view b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diagonal = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      const std::size_t above = row[j];
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diagonal + (a[i - 1] == b[j - 1] ? 0 : 1)});
      diagonal = above;
    }
  }
  return row[b.size()];
}

}  // namespace

void keep_process_only_variables() noexcept {
  if (g_kept_taken) return;
  try {
    g_kept_taken = true;
    if (read_flag("HOTPATH_LIVE_CHILDREN").value_or(false)) return;
    for (KeptVariable& kept : g_kept) {
      const char* value = std::getenv(kept.name);
      if (value == nullptr) continue;
      kept.value = value;
      ::unsetenv(kept.name);
    }
  } catch (...) {
    // Out of memory before main: the variables stay where they are.
  }
}

std::vector<std::pair<std::string, std::string>> unknown_variables(const char* const* environment) {
  std::vector<std::pair<std::string, std::string>> unknown;
  for (; environment != nullptr && *environment != nullptr; ++environment) {
    const std::string_view entry = *environment;
    const std::string_view name = entry.substr(0, entry.find('='));
    if (name.substr(0, 8) != "HOTPATH_") continue;
    if (std::find(std::begin(kKnownVariables), std::end(kKnownVariables), name) !=
        std::end(kKnownVariables))
      continue;
    std::string_view closest;
    std::size_t best = 3;  // further than 2 edits is not a typo
    for (std::string_view known : kKnownVariables) {
      const std::size_t distance = edit_distance(name, known);
      if (distance < best) {
        best = distance;
        closest = known;
      }
    }
    unknown.emplace_back(std::string(name), std::string(closest));
  }
  return unknown;
}

void warn_unknown_variables() {
  for (const auto& [name, meant] : unknown_variables(environ)) {
    if (meant.empty()) {
      std::fprintf(stderr, "hotpath: ignoring %s: no such variable\n", name.c_str());
    } else {
      std::fprintf(stderr, "hotpath: ignoring %s: no such variable; did you mean %s?\n",
                   name.c_str(), meant.c_str());
    }
  }
}

void warn_invalid_env(const char* name, std::string_view value, std::string_view expected) {
  if (!first_warning_about(name, value)) return;
  std::fprintf(stderr, "hotpath: ignoring %s=\"%.*s\": expected %.*s\n", name,
               static_cast<int>(value.size()), value.data(), static_cast<int>(expected.size()),
               expected.data());
}

std::optional<Format> env_output_format() {
  return read_env<Format>("HOTPATH_OUTPUT_FORMAT", parse_format,
                          "one of table, json, json-pretty, none");
}

std::optional<std::string> env_output_path() { return read_path("HOTPATH_OUTPUT_PATH"); }

std::optional<std::size_t> env_limit() {
  return read_env<std::size_t>("HOTPATH_LIMIT", parse_limit,
                               "a whole number of rows (0 shows all)");
}

std::optional<std::size_t> env_name_width() {
  return read_env<std::size_t>("HOTPATH_NAME_WIDTH", parse_limit,
                               "a whole number of columns (0 never abbreviates names)");
}

std::optional<std::vector<double>> env_percentiles() {
  return read_env<std::vector<double>>("HOTPATH_PERCENTILES", parse_percentiles,
                                       "comma-separated numbers from 0 to 100, e.g. 50,95,99.9");
}

std::optional<bool> env_time_exclusive() { return read_flag("HOTPATH_TIME_EXCLUSIVE"); }
std::optional<bool> env_compensate() { return read_flag("HOTPATH_COMPENSATE"); }
std::optional<bool> env_adaptive() { return read_flag("HOTPATH_ADAPTIVE"); }
std::optional<bool> env_alloc_cumulative() { return read_flag("HOTPATH_ALLOC_CUMULATIVE"); }
std::optional<bool> env_cpu_inclusive() { return read_flag("HOTPATH_CPU_INCLUSIVE"); }
std::optional<bool> env_cpu_enabled() { return read_flag("HOTPATH_CPU"); }
std::optional<bool> env_cpu_children() { return read_flag("HOTPATH_CPU_CHILDREN"); }
std::optional<bool> env_cpu_follow_exec() { return read_flag("HOTPATH_CPU_FOLLOW_EXEC"); }
std::optional<std::string> env_flamegraph_path() { return read_path("HOTPATH_FLAMEGRAPH"); }
std::optional<std::string> env_folded_path() { return read_path("HOTPATH_FOLDED"); }
std::optional<std::string> env_cpu_log_path() { return read_path("HOTPATH_CPU_LOG"); }
std::optional<std::string> env_wall_flamegraph_path() {
  return read_path("HOTPATH_FLAMEGRAPH_WALL");
}
std::optional<std::string> env_wall_folded_path() { return read_path("HOTPATH_FOLDED_WALL"); }
std::optional<std::string> env_coroutine_flamegraph_path() {
  return read_path("HOTPATH_FLAMEGRAPH_COROUTINES");
}
std::optional<std::string> env_pprof_path() { return read_path("HOTPATH_PPROF"); }
std::optional<std::string> env_speedscope_path() { return read_path("HOTPATH_SPEEDSCOPE"); }
std::optional<std::string> env_coroutine_folded_path() {
  return read_path("HOTPATH_FOLDED_COROUTINES");
}

std::optional<std::string> env_offcpu_flamegraph_path() {
  return read_path("HOTPATH_FLAMEGRAPH_OFFCPU");
}
std::optional<std::string> env_offcpu_folded_path() { return read_path("HOTPATH_FOLDED_OFFCPU"); }
std::optional<std::string> env_offcpu_log_path() { return read_path("HOTPATH_OFFCPU_LOG"); }
std::optional<std::uint32_t> env_offcpu_min_us() {
  return read_whole_number<std::uint32_t>("HOTPATH_OFFCPU_MIN_US", 0, 60'000'000,
                                          "a whole number of microseconds up to 60000000");
}

std::optional<std::string> env_trace_path() { return read_path("HOTPATH_TRACE"); }

std::optional<bool> env_live() { return read_flag("HOTPATH_LIVE"); }

std::optional<std::uint16_t> env_metrics_port() {
  return read_whole_number<std::uint16_t>("HOTPATH_METRICS_PORT", 0, 65535,
                                          "a TCP port from 1 to 65535, or 0 for any free port");
}

std::optional<std::string> env_metrics_host() {
  return read_env<std::string>(
      "HOTPATH_METRICS_HOST",
      [](std::string_view text) -> std::optional<std::string> {
        if (text.empty()) return std::nullopt;
        return std::string(text);
      },
      "an address to listen on, e.g. 127.0.0.1 or 0.0.0.0");
}

std::optional<std::string> env_metrics_auth_token(std::string& problem) {
  problem.clear();
  const std::optional<std::string_view> token = getenv_view("HOTPATH_METRICS_AUTH_TOKEN");
  if (!token) return std::nullopt;
  // The value is a secret: the problem says where it is wrong, never what it holds.
  if (token->empty()) {
    problem = "HOTPATH_METRICS_AUTH_TOKEN is set but empty";
  } else {
    for (std::size_t i = 0; i < token->size() && problem.empty(); ++i) {
      const char c = (*token)[i];
      if (c <= ' ' || c > '~') {
        problem = "HOTPATH_METRICS_AUTH_TOKEN has " +
                  std::string(c == ' ' ? "a space" : "a control or non-ASCII character") +
                  " at character " + std::to_string(i + 1);
      }
    }
  }
  if (problem.empty()) return std::string(*token);
  problem +=
      " (a token is printable ASCII characters without spaces; unset the variable for "
      "a server without one)";
  return std::nullopt;
}

std::optional<std::uint32_t> env_threads_interval_ms() {
  return read_whole_number<std::uint32_t>("HOTPATH_THREADS_INTERVAL_MS", 10, 60000,
                                          "a whole number of milliseconds from 10 to 60000");
}

std::optional<std::uint32_t> env_logs_limit() {
  return read_whole_number<std::uint32_t>("HOTPATH_LOGS_LIMIT", 1, 1000,
                                          "a whole number of calls from 1 to 1000");
}

std::optional<std::uint32_t> env_metrics_limit() {
  return read_whole_number<std::uint32_t>("HOTPATH_METRICS_LIMIT", 0, 1'000'000'000,
                                          "a whole number of functions (0 = all)");
}

std::optional<bool> env_metrics_threads() { return read_flag("HOTPATH_METRICS_THREADS"); }

std::optional<int> env_dump_signal() {
  return read_env<int>("HOTPATH_DUMP_SIGNAL", parse_dump_signal, kDumpSignalExpected);
}

std::optional<std::size_t> env_trace_megabytes() {
  return read_whole_number<std::size_t>("HOTPATH_TRACE_MB", 1, 65536,
                                        "a whole number of MiB per thread from 1 to 65536");
}

std::optional<ReportSections> env_report_sections() {
  return read_env<ReportSections>(
      "HOTPATH_REPORT", parse_report_sections,
      std::string("comma-separated sections among ") + kReportSectionNames);
}

std::optional<std::uint32_t> env_call_tree_node_limit() {
  return read_whole_number<std::uint32_t>(
      "HOTPATH_CALL_TREE_NODES", 1, kMaxCallTreeNodes,
      "a number of call-tree nodes per thread from 1 to 16777216");
}

std::optional<unsigned> env_cpu_frequency() {
  return read_whole_number<unsigned>("HOTPATH_CPU_FREQ", 1, 100000,
                                     "a sampling frequency in Hz from 1 to 100000");
}

std::optional<int> env_cpu_signal() {
  return read_env<int>(
      "HOTPATH_CPU_SIGNAL",
      [](std::string_view text) { return parse_cpu_signal(text, SIGRTMIN, SIGRTMAX); },
      cpu_signal_expected(SIGRTMIN, SIGRTMAX));
}

std::optional<std::uint32_t> env_time_sampling_rate() {
  return read_env<std::uint32_t>("HOTPATH_TIME_SAMPLING_RATE", parse_time_sampling_rate,
                                 kTimeSamplingRateExpected);
}

std::string expand_path_pattern(std::string_view path, long pid, long long unix_seconds) {
  std::string result;
  for (std::size_t i = 0; i < path.size(); ++i) {
    const char next = i + 1 < path.size() ? path[i + 1] : '\0';
    if (path[i] != '%' || (next != 'p' && next != 't' && next != '%')) {
      result += path[i];
      continue;
    }
    result += next == 'p' ? std::to_string(pid) : next == 't' ? std::to_string(unix_seconds) : "%";
    ++i;
  }
  return result;
}

std::optional<bool> env_prefer_cycle_counter() {
  return read_env<bool>(
      "HOTPATH_CLOCK",
      [](std::string_view text) -> std::optional<bool> {
        const std::string value = lowercase(trim(text));
        if (value == "cycles") return true;
        if (value == "monotonic") return false;
        return std::nullopt;
      },
      "cycles or monotonic");
}

}  // namespace hotpath::detail
