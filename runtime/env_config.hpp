// The environment variables that configure a run. Each reader returns the parsed
// value, or nothing when the variable is unset or invalid; an invalid value also
// prints one warning on stderr that names the variable, what it held and what was
// expected, so a typo never silently changes a report.
#ifndef HOTPATH_RUNTIME_ENV_CONFIG_HPP
#define HOTPATH_RUNTIME_ENV_CONFIG_HPP

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "hotpath/session.hpp"
#include "value_parsers.hpp"

namespace hotpath::detail {

/// HOTPATH_OUTPUT_FORMAT: table, json, json-pretty, none.
std::optional<Format> env_output_format();
/// HOTPATH_OUTPUT_PATH: a file to write the report to (non-empty).
std::optional<std::string> env_output_path();
/// HOTPATH_LIMIT: rows shown, 0 = all.
std::optional<std::size_t> env_limit();
/// HOTPATH_PERCENTILES: e.g. 50,95,99.9.
std::optional<std::vector<double>> env_percentiles();
/// HOTPATH_TIME_EXCLUSIVE: 1 reports self time instead of inclusive time.
std::optional<bool> env_time_exclusive();
/// HOTPATH_ALLOC_CUMULATIVE: 1 counts a function's allocations with its callees'.
std::optional<bool> env_alloc_cumulative();
/// HOTPATH_CLOCK: "cycles" (default where reliable) or "monotonic".
std::optional<bool> env_prefer_cycle_counter();

/// Prints "hotpath: ignoring NAME=\"value\": <expected>" on stderr.
void warn_invalid_env(const char* name, std::string_view value, std::string_view expected);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_ENV_CONFIG_HPP
