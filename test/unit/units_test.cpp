// Tests for the shared formatting of durations, byte counts, percentages and
// percentile names, at every unit boundary and for the rounding that crosses one.
#include <cstdint>
#include <limits>

#include <gtest/gtest.h>

#include "units.hpp"

namespace hotpath::detail {
namespace {

TEST(FormatDuration, NanosecondsAreIntegers) {
  EXPECT_EQ(format_duration(0), "0 ns");
  EXPECT_EQ(format_duration(1), "1 ns");
  EXPECT_EQ(format_duration(123), "123 ns");
  EXPECT_EQ(format_duration(999), "999 ns");
}

TEST(FormatDuration, Microseconds) {
  EXPECT_EQ(format_duration(1000), "1.00 \u00b5s");
  EXPECT_EQ(format_duration(1234), "1.23 \u00b5s");
  EXPECT_EQ(format_duration(169'910), "169.91 \u00b5s");
  EXPECT_EQ(format_duration(999'994), "999.99 \u00b5s");
}

TEST(FormatDuration, MicroSignIsUtf8) { EXPECT_EQ(format_duration(1000), "1.00 \xC2\xB5s"); }

TEST(FormatDuration, RoundsHalfUp) {
  EXPECT_EQ(format_duration(1004), "1.00 \u00b5s");
  EXPECT_EQ(format_duration(1005), "1.01 \u00b5s");
  EXPECT_EQ(format_duration(1'234'500), "1.23 ms");
  EXPECT_EQ(format_duration(12'345'000), "12.35 ms");
  EXPECT_EQ(format_duration(12'344'999), "12.34 ms");
  EXPECT_EQ(format_duration(2'495'000'000), "2.50 s");
}

TEST(FormatDuration, RoundingToThousandMovesToNextUnit) {
  EXPECT_EQ(format_duration(999'995), "1.00 ms");
  EXPECT_EQ(format_duration(999'999), "1.00 ms");
  EXPECT_EQ(format_duration(999'994'999), "999.99 ms");
  EXPECT_EQ(format_duration(999'995'000), "1.00 s");
  EXPECT_EQ(format_duration(999'999'999), "1.00 s");
}

TEST(FormatDuration, Milliseconds) {
  EXPECT_EQ(format_duration(1'000'000), "1.00 ms");
  EXPECT_EQ(format_duration(210'020'000), "210.02 ms");
}

TEST(FormatDuration, Seconds) {
  EXPECT_EQ(format_duration(1'000'000'000), "1.00 s");
  EXPECT_EQ(format_duration(2'500'000'000), "2.50 s");
  EXPECT_EQ(format_duration(3'600'000'000'000), "3600.00 s");
}

TEST(FormatDuration, LargestValueDoesNotOverflow) {
  EXPECT_EQ(format_duration(std::numeric_limits<std::uint64_t>::max()), "18446744073.71 s");
}

TEST(FormatBytes, BytesAreIntegers) {
  EXPECT_EQ(format_bytes(0), "0 B");
  EXPECT_EQ(format_bytes(1), "1 B");
  EXPECT_EQ(format_bytes(512), "512 B");
  EXPECT_EQ(format_bytes(1023), "1023 B");
}

TEST(FormatBytes, BinaryUnits) {
  EXPECT_EQ(format_bytes(1024), "1.00 KiB");
  EXPECT_EQ(format_bytes(1536), "1.50 KiB");
  EXPECT_EQ(format_bytes(1'572'864), "1.50 MiB");
  EXPECT_EQ(format_bytes(std::uint64_t{1} << 30), "1.00 GiB");
  EXPECT_EQ(format_bytes(std::uint64_t{3} << 39), "1.50 TiB");
  EXPECT_EQ(format_bytes(std::uint64_t{1} << 50), "1.00 PiB");
}

TEST(FormatBytes, RoundsHalfUp) {
  // 1152 B is exactly 1.125 KiB; 1151 B is just below it.
  EXPECT_EQ(format_bytes(1152), "1.13 KiB");
  EXPECT_EQ(format_bytes(1151), "1.12 KiB");
  EXPECT_EQ(format_bytes(1029), "1.00 KiB");
}

TEST(FormatBytes, RoundingTo1024MovesToNextUnit) {
  EXPECT_EQ(format_bytes(1'048'524), "1023.95 KiB");
  EXPECT_EQ(format_bytes(1'048'570), "1023.99 KiB");
  EXPECT_EQ(format_bytes(1'048'571), "1.00 MiB");
  EXPECT_EQ(format_bytes(1'048'575), "1.00 MiB");
  EXPECT_EQ(format_bytes((std::uint64_t{1} << 30) - 1), "1.00 GiB");
}

TEST(FormatBytes, LargestValueStaysInPebibytes) {
  EXPECT_EQ(format_bytes(std::numeric_limits<std::uint64_t>::max()), "16384.00 PiB");
}

TEST(FormatByteDifference, SignedMagnitude) {
  EXPECT_EQ(format_byte_difference(32, 16), "16 B");
  EXPECT_EQ(format_byte_difference(16, 16), "0 B");
  EXPECT_EQ(format_byte_difference(4096, 4112), "-16 B");
  EXPECT_EQ(format_byte_difference(0, 1536), "-1.50 KiB");
  EXPECT_EQ(format_byte_difference(0, std::numeric_limits<std::uint64_t>::max()), "-16384.00 PiB");
}

TEST(FormatPercent, TwoDecimals) {
  EXPECT_EQ(format_percent(80.94), "80.94%");
  EXPECT_EQ(format_percent(100.0), "100.00%");
  EXPECT_EQ(format_percent(0.0), "0.00%");
  EXPECT_EQ(format_percent(12.3456), "12.35%");
  EXPECT_EQ(format_percent(99.999), "100.00%");
}

TEST(PercentileLabel, ShortestDecimalWithoutTrailingZeros) {
  EXPECT_EQ(percentile_label(95), "P95");
  EXPECT_EQ(percentile_label(99.9), "P99.9");
  EXPECT_EQ(percentile_label(99.99), "P99.99");
  EXPECT_EQ(percentile_label(50.0), "P50");
  EXPECT_EQ(percentile_label(0), "P0");
  EXPECT_EQ(percentile_label(100), "P100");
  EXPECT_EQ(percentile_label(0.5), "P0.5");
}

TEST(PercentileJsonKey, PrefixedAndSuffixed) {
  EXPECT_EQ(percentile_json_key(95), "p95_ns");
  EXPECT_EQ(percentile_json_key(99.9), "p99.9_ns");
  EXPECT_EQ(percentile_json_key(50), "p50_ns");
  EXPECT_EQ(percentile_json_key(0), "p0_ns");
  EXPECT_EQ(percentile_json_key(100), "p100_ns");
}

TEST(PercentileBytesJsonKey, PrefixedAndSuffixed) {
  EXPECT_EQ(percentile_bytes_json_key(95), "p95_bytes");
  EXPECT_EQ(percentile_bytes_json_key(99.9), "p99.9_bytes");
  EXPECT_EQ(percentile_bytes_json_key(0), "p0_bytes");
}

}  // namespace
}  // namespace hotpath::detail
