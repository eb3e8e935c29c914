// The tick-to-nanosecond ratio: a span of a millisecond, each end read between
// two clock reads, agrees with one of a hundred times that.
#include <gtest/gtest.h>

#include "core/clock_calibration.hpp"
#include "hotpath/detail/clock.hpp"

namespace hotpath {
namespace {

using detail::ClockPair;
using detail::TickConverter;

/// Waits, without sleeping, until `ns` nanoseconds after `from`.
void spin_until(const ClockPair& from, std::uint64_t ns) {
  while (detail::monotonic_ns() - from.ns < ns) {
  }
}

TEST(ClockCalibration, AMillisecondGivesTheRatioOfAHundredMilliseconds) {
  if (!detail::cycle_counter_is_reliable()) GTEST_SKIP() << "no invariant cycle counter";
  // Plain reads of both clocks, apart from the pairs: what the ratio must be, to
  // 1% over 100 ms whatever came between two of them.
  const std::uint64_t plain_ticks = detail::cycle_counter();
  const std::uint64_t plain_ns = detail::monotonic_ns();
  const ClockPair origin = detail::read_clock_pair();
  spin_until(origin, 1'000'000);
  const ClockPair short_end = detail::read_clock_pair();
  spin_until(origin, 100'000'000);
  const ClockPair long_end = detail::read_clock_pair();
  const double plain_ratio = static_cast<double>(detail::monotonic_ns() - plain_ns) /
                             static_cast<double>(detail::cycle_counter() - plain_ticks);

  const double short_ratio = TickConverter::between(origin, short_end).ns_per_tick();
  const double long_ratio = TickConverter::between(origin, long_end).ns_per_tick();
  EXPECT_NEAR(long_ratio / plain_ratio, 1.0, 0.01);
  // Each end is exact to within a microsecond, so 0.2% of a millisecond bounds it.
  EXPECT_NEAR(short_ratio / long_ratio, 1.0, 0.002);
}

TEST(ClockCalibration, MomentsOutOfOrderGiveOneNanosecondATick) {
  const ClockPair later{2000, 5000};
  const ClockPair earlier{1000, 4000};
  EXPECT_EQ(TickConverter::between(later, earlier).ns_per_tick(), 1.0);
  EXPECT_EQ(TickConverter::between(earlier, later).ns_per_tick(), 1.0);
  EXPECT_EQ(TickConverter::between(earlier, ClockPair{3000, 8000}).ns_per_tick(), 2.0);
}

}  // namespace
}  // namespace hotpath
