// Parsing and validation of the HOTPATH_* environment variables.
#include "env_config.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>

namespace hotpath::detail {
namespace {

/// Reads a set variable, or nothing when unset.
std::optional<std::string_view> getenv_view(const char* name) {
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

std::optional<std::string> parse_path(std::string_view text) {
  if (text.empty()) return std::nullopt;
  return std::string(text);
}

std::optional<std::string> read_path(const char* name) {
  return read_env<std::string>(name, parse_path, "a file path");
}

std::optional<bool> read_flag(const char* name) {
  return read_env<bool>(name, parse_flag, "1 or 0");
}

}  // namespace

void warn_invalid_env(const char* name, std::string_view value, std::string_view expected) {
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
std::optional<bool> env_alloc_cumulative() { return read_flag("HOTPATH_ALLOC_CUMULATIVE"); }
std::optional<bool> env_cpu_inclusive() { return read_flag("HOTPATH_CPU_INCLUSIVE"); }
std::optional<bool> env_cpu_enabled() { return read_flag("HOTPATH_CPU"); }
std::optional<bool> env_cpu_children() { return read_flag("HOTPATH_CPU_CHILDREN"); }
std::optional<bool> env_cpu_follow_exec() { return read_flag("HOTPATH_CPU_FOLLOW_EXEC"); }
std::optional<std::string> env_flamegraph_path() { return read_path("HOTPATH_FLAMEGRAPH"); }
std::optional<std::string> env_folded_path() { return read_path("HOTPATH_FOLDED"); }
std::optional<std::string> env_cpu_log_path() { return read_path("HOTPATH_CPU_LOG"); }

std::optional<unsigned> env_cpu_frequency() {
  return read_env<unsigned>(
      "HOTPATH_CPU_FREQ",
      [](std::string_view text) -> std::optional<unsigned> {
        const std::string_view digits = trim(text);
        unsigned value = 0;
        const auto [end, error] =
            std::from_chars(digits.data(), digits.data() + digits.size(), value);
        if (error != std::errc() || end != digits.data() + digits.size()) return std::nullopt;
        if (value < 1 || value > 100000) return std::nullopt;
        return value;
      },
      "a sampling frequency in Hz from 1 to 100000");
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
