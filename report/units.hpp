// Text formatting of durations, byte counts, percentages and percentile names shared
// by the reporters, so the table and the JSON spell the same values the same way.
#ifndef HOTPATH_RUNTIME_UNITS_HPP
#define HOTPATH_RUNTIME_UNITS_HPP

#include <cstdint>
#include <string>

namespace hotpath::detail {

/// A duration for people: "123 ns", "1.23 µs", "12.35 ms", "2.50 s" (two decimals,
/// rounded half up, micro sign in UTF-8). A value that rounds to 1000.00 of a unit is
/// shown in the next unit instead ("1.00 ms", never "1000.00 µs").
std::string format_duration(std::uint64_t ns);

/// A byte count for people: "512 B", "1.50 KiB", "12.35 MiB" (binary units up to PiB,
/// two decimals, rounded half up). A value that rounds to 1024.00 of a unit is shown in
/// the next unit instead ("1.00 MiB", never "1024.00 KiB").
std::string format_bytes(std::uint64_t bytes);

/// `plus - minus` bytes, signed: format_bytes of the magnitude, with a leading "-"
/// when `minus` is larger ("-16 B"). Exact for any two counts, unlike a subtraction.
std::string format_byte_difference(std::uint64_t plus, std::uint64_t minus);

/// A percentage with two decimals and a percent sign: "80.94%", "100.00%".
std::string format_percent(double percent);

/// The table column header of a percentile: 95 → "P95", 99.9 → "P99.9", 0 → "P0".
std::string percentile_label(double p);

/// The JSON key of a percentile: 95 → "p95_ns", 99.9 → "p99.9_ns".
std::string percentile_json_key(double p);

/// The JSON key of a percentile of byte counts: 95 → "p95_bytes", 99.9 → "p99.9_bytes".
std::string percentile_bytes_json_key(double p);

/// The JSON keys of a coroutine's percentiles of one instance's running and
/// suspended time: 95 → "running_p95_ns", "suspended_p95_ns".
std::string running_percentile_json_key(double p);
std::string suspended_percentile_json_key(double p);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_UNITS_HPP
