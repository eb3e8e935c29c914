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

std::string lowercase(std::string_view text) {
  std::string out(text);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

std::string_view trim(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

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

std::optional<Format> parse_format(std::string_view text) {
  const std::string value = lowercase(trim(text));
  if (value == "table") return Format::Table;
  if (value == "json") return Format::Json;
  if (value == "json-pretty") return Format::JsonPretty;
  if (value == "none") return Format::None;
  return std::nullopt;
}

std::optional<std::size_t> parse_limit(std::string_view text) {
  text = trim(text);
  std::size_t value = 0;
  const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value);
  if (error != std::errc() || end != text.data() + text.size() || text.empty()) return std::nullopt;
  return value;
}

std::optional<std::vector<double>> parse_percentiles(std::string_view text) {
  std::vector<double> values;
  while (true) {
    const std::size_t comma = text.find(',');
    const std::string item(trim(text.substr(0, comma)));
    if (item.empty()) return std::nullopt;
    char* end = nullptr;
    const double value = std::strtod(item.c_str(), &end);
    if (end != item.c_str() + item.size() || !std::isfinite(value) || value < 0 || value > 100)
      return std::nullopt;
    if (std::find(values.begin(), values.end(), value) == values.end()) values.push_back(value);
    if (comma == std::string_view::npos) break;
    text.remove_prefix(comma + 1);
  }
  return values;
}

std::optional<bool> parse_flag(std::string_view text) {
  const std::string value = lowercase(trim(text));
  if (value == "1" || value == "true" || value == "yes" || value == "on") return true;
  if (value == "0" || value == "false" || value == "no" || value == "off") return false;
  return std::nullopt;
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
