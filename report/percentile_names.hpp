// Percentiles as options name them ("p95", "p99.9"), shared by `hotpath report
// --sort` and `hotpath diff --metric`, which must pick one of a report's own.
#ifndef HOTPATH_REPORT_PERCENTILE_NAMES_HPP
#define HOTPATH_REPORT_PERCENTILE_NAMES_HPP

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>

#include "hotpath/report.hpp"

namespace hotpath::detail {

/// Reads "p<N>" (or "P<N>"): N a decimal number from 0 to 100 without exponent,
/// "p95" → 95, "p99.9" → 99.9.
std::optional<double> parse_percentile_name(std::string_view text);

/// The name of a percentile: 95 → "p95", 99.9 → "p99.9".
std::string percentile_name(double percentile);

/// The index of `percentile` in report.percentiles.
std::optional<std::size_t> find_percentile(const Report& report, double percentile);

/// Why `option` ("--sort") cannot use `percentile`, which `report` lacks:
/// "--sort p90: the report has no such percentile (it has p50, p95)".
std::string missing_percentile_message(std::string_view option, double percentile,
                                       const Report& report);

}  // namespace hotpath::detail

#endif  // HOTPATH_REPORT_PERCENTILE_NAMES_HPP
