// Fuzzes the parsers of what a user types: the HOTPATH_* values, the
// [[hotpath::main]] options, path patterns and the names of variables in an
// environment. None may crash, hang or read out of bounds; what they accept must
// be what they say.
#include <cmath>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "env_config.hpp"
#include "value_parsers.hpp"

using namespace hotpath::detail;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  std::string error;
  if (const auto options = parse_main_options(text, error)) {
    if (options->percentiles) {
      for (double p : *options->percentiles) {
        if (!(p >= 0 && p <= 100)) __builtin_trap();
      }
    }
  } else if (error.empty()) {
    __builtin_trap();  // a refusal always says why
  }
  if (const auto percentiles = parse_percentiles(text)) {
    for (double p : *percentiles) {
      if (!std::isfinite(p) || p < 0 || p > 100) __builtin_trap();
    }
  }
  parse_format(text);
  parse_limit(text);
  parse_flag(text);
  expand_path_pattern(text, 4242, 1700000000);
  // The input as an environment: entries separated by NUL bytes.
  std::vector<std::string> entries;
  std::string entry;
  for (char c : text) {
    if (c == '\0') {
      entries.push_back(entry);
      entry.clear();
    } else {
      entry += c;
    }
  }
  entries.push_back(entry);
  std::vector<const char*> environment;
  for (const std::string& each : entries) environment.push_back(each.c_str());
  environment.push_back(nullptr);
  for (const auto& [name, meant] : unknown_variables(environment.data())) {
    if (name.rfind("HOTPATH_", 0) != 0) __builtin_trap();
  }
  return 0;
}
