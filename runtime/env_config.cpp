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

std::optional<std::string> env_output_path() {
  return read_env<std::string>(
      "HOTPATH_OUTPUT_PATH",
      [](std::string_view text) -> std::optional<std::string> {
        if (text.empty()) return std::nullopt;
        return std::string(text);
      },
      "a file path");
}

std::optional<std::size_t> env_limit() {
  return read_env<std::size_t>("HOTPATH_LIMIT", parse_limit,
                               "a whole number of rows (0 shows all)");
}

std::optional<std::vector<double>> env_percentiles() {
  return read_env<std::vector<double>>("HOTPATH_PERCENTILES", parse_percentiles,
                                       "comma-separated numbers from 0 to 100, e.g. 50,95,99.9");
}

std::optional<bool> env_time_exclusive() {
  return read_env<bool>("HOTPATH_TIME_EXCLUSIVE", parse_flag, "1 or 0");
}

std::optional<bool> env_alloc_cumulative() {
  return read_env<bool>("HOTPATH_ALLOC_CUMULATIVE", parse_flag, "1 or 0");
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
