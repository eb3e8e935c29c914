// Text formatting of durations, byte counts, percentages and percentile names for the reporters.
#include "units.hpp"

#include <cstddef>

#include <fmt/format.h>

namespace hotpath::detail {

namespace {

struct DurationUnit {
  std::uint64_t ns_per_hundredth;
  const char* symbol;
};

constexpr DurationUnit kFractionalUnits[] = {
    {10, "\xC2\xB5s"},  // spelled as UTF-8 bytes, whatever the execution character set
    {10'000, "ms"},
    {10'000'000, "s"},
};

struct ByteUnit {
  unsigned shift;  // log2 of the unit's size in bytes
  const char* symbol;
};

// PiB is the last unit: its fractional part times 100 still fits in 64 bits
// (below 2^57), and no real allocation total comes near 1024 PiB.
constexpr ByteUnit kByteUnits[] = {
    {10, "KiB"}, {20, "MiB"}, {30, "GiB"}, {40, "TiB"}, {50, "PiB"},
};

// From quotient and remainder because `ns + divisor / 2` can overflow near the top
// of the uint64 range.
std::uint64_t divide_rounding_half_up(std::uint64_t ns, std::uint64_t divisor) {
  return ns / divisor + (ns % divisor >= (divisor + 1) / 2 ? 1 : 0);
}

// fmt's "{}" is the shortest round-trip spelling: 95.0 → "95", 99.9 → "99.9".
std::string percentile_number(double p) { return fmt::format("{}", p); }

}  // namespace

std::string format_duration(std::uint64_t ns) {
  if (ns < 1000) return fmt::format("{} ns", ns);
  // Integer arithmetic rounds exact decimal ties up (1005 ns → "1.01 µs"); a double
  // would hold 1.005 as 1.00499… and round it down.
  constexpr std::size_t kUnitCount = sizeof(kFractionalUnits) / sizeof(kFractionalUnits[0]);
  for (std::size_t i = 0;; ++i) {
    const DurationUnit& unit = kFractionalUnits[i];
    const std::uint64_t hundredths = divide_rounding_half_up(ns, unit.ns_per_hundredth);
    if (hundredths < 100'000 || i + 1 == kUnitCount) {
      return fmt::format("{}.{:02} {}", hundredths / 100, hundredths % 100, unit.symbol);
    }
  }
}

std::string format_bytes(std::uint64_t bytes) {
  if (bytes < 1024) return fmt::format("{} B", bytes);
  constexpr std::size_t kUnitCount = sizeof(kByteUnits) / sizeof(kByteUnits[0]);
  for (std::size_t i = 0;; ++i) {
    const ByteUnit& unit = kByteUnits[i];
    const bool last = i + 1 == kUnitCount;
    const std::uint64_t whole = bytes >> unit.shift;
    // Skipped before multiplying: whole * 100 could overflow in the small units.
    if (whole >= 1024 && !last) continue;
    const std::uint64_t unit_bytes = std::uint64_t{1} << unit.shift;
    const std::uint64_t hundredths =
        whole * 100 + divide_rounding_half_up((bytes & (unit_bytes - 1)) * 100, unit_bytes);
    if (hundredths < 102'400 || last) {
      return fmt::format("{}.{:02} {}", hundredths / 100, hundredths % 100, unit.symbol);
    }
  }
}

std::string format_byte_difference(std::uint64_t plus, std::uint64_t minus) {
  return plus >= minus ? format_bytes(plus - minus) : "-" + format_bytes(minus - plus);
}

std::string format_percent(double percent) { return fmt::format("{:.2f}%", percent); }

std::string percentile_label(double p) { return "P" + percentile_number(p); }

std::string percentile_json_key(double p) { return "p" + percentile_number(p) + "_ns"; }

std::string percentile_bytes_json_key(double p) { return "p" + percentile_number(p) + "_bytes"; }

std::string running_percentile_json_key(double p) { return "running_" + percentile_json_key(p); }

std::string suspended_percentile_json_key(double p) {
  return "suspended_" + percentile_json_key(p);
}

}  // namespace hotpath::detail
