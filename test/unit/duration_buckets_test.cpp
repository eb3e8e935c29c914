// The grid of /metrics' duration buckets: its bounds, which bucket a duration
// falls in, a function's calls counted on it exactly, and what a Prometheus server
// computes from them: histogram_quantile() within 10% of the report's percentile,
// from a microsecond to past a minute.
#include "reporting/duration_buckets.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>
#include <random>
#include <vector>

namespace hotpath::detail {
namespace {

double bound(int index) { return DurationBuckets::bound_ns(index); }

TEST(DurationBucketGrid, EightBoundsPerDoublingExactly) {
  EXPECT_EQ(bound(0), 1.0);
  EXPECT_EQ(bound(80), 1024.0);
  EXPECT_EQ(bound(-8), 0.5);
  EXPECT_EQ(bound(4), std::sqrt(2.0));
  for (int index = -16; index < 520; ++index) {
    EXPECT_EQ(bound(index + 8), 2 * bound(index)) << index;
    EXPECT_LT(bound(index), bound(index + 1)) << index;
    EXPECT_NEAR(bound(index + 1) / bound(index), std::exp2(0.125), 1e-15) << index;
  }
}

TEST(DurationBucketGrid, ADurationFallsInTheFirstBucketNotBelowIt) {
  EXPECT_EQ(duration_bucket_index(0), 0);
  EXPECT_EQ(duration_bucket_index(1), 0);
  EXPECT_EQ(duration_bucket_index(2), 8);
  EXPECT_EQ(duration_bucket_index(939), 79);  // 2^(79/8) = 939.01
  EXPECT_EQ(duration_bucket_index(940), 80);
  EXPECT_EQ(duration_bucket_index(1024), 80);
  EXPECT_EQ(duration_bucket_index(1025), 81);
  EXPECT_EQ(duration_bucket_index(45'000'000'000), 284);  // 45 s: no last bucket at 10 s
  EXPECT_EQ(duration_bucket_index(std::numeric_limits<std::uint64_t>::max()), 512);
  for (std::uint64_t ns = 2; ns < 100'000; ns += 1 + ns / 1000) {
    const int index = duration_bucket_index(ns);
    EXPECT_LT(bound(index - 1), static_cast<double>(ns)) << ns;
    EXPECT_GE(bound(index), static_cast<double>(ns)) << ns;
  }
}

const UntimedScale kEveryCallTimed{};

TEST(DurationBuckets, CallsOfOneDurationFromTheBoundBelow) {
  HistogramCounts histogram;
  histogram.add(1000, 10);
  const DurationBuckets buckets =
      duration_buckets(histogram, 1000, 1000, TickConverter(1.0), kEveryCallTimed, 10);
  EXPECT_EQ(buckets.first_index, 79);  // 939.01 ns, then 1024 ns holds them all
  EXPECT_EQ(buckets.cumulative, (std::vector<std::uint64_t>{0, 10}));
}

TEST(DurationBuckets, CountsAreCumulativeAndExact) {
  HistogramCounts histogram;
  histogram.add(1000, 5);           // bucket 80 (up to 1024 ns)
  histogram.add(1100, 3);           // bucket 81 (up to 1116.68 ns)
  histogram.add(1'000'000'000, 2);  // 1 s: bucket 240 (up to 1.0737 s)
  const DurationBuckets buckets =
      duration_buckets(histogram, 1000, 1'000'000'000, TickConverter(1.0), kEveryCallTimed, 10);
  EXPECT_EQ(buckets.first_index, 79);
  ASSERT_EQ(buckets.cumulative.size(), 240u - 79u + 1u);
  EXPECT_EQ(buckets.cumulative[0], 0u);
  EXPECT_EQ(buckets.cumulative[1], 5u);
  for (std::size_t i = 2; i + 1 < buckets.cumulative.size(); ++i)
    EXPECT_EQ(buckets.cumulative[i], 8u) << i;
  EXPECT_EQ(buckets.cumulative.back(), 10u);
}

// Ticks are converted as the percentiles are: 2 ticks a nanosecond here.
TEST(DurationBuckets, TicksBecomeNanosecondsFirst) {
  HistogramCounts histogram;
  histogram.add(2000, 4);  // 1000 ns
  const DurationBuckets buckets =
      duration_buckets(histogram, 2000, 2000, TickConverter(0.5), kEveryCallTimed, 4);
  EXPECT_EQ(buckets.first_index, 79);
  EXPECT_EQ(buckets.cumulative, (std::vector<std::uint64_t>{0, 4}));
}

// Under time sampling the timed calls stand for all: one in ten timed here.
TEST(DurationBuckets, TimeSamplingScalesToAllCalls) {
  HistogramCounts histogram;
  histogram.add(1000, 3);
  histogram.add(1100, 1);
  const DurationBuckets buckets =
      duration_buckets(histogram, 1000, 1100, TickConverter(1.0), UntimedScale{40, 4}, 40);
  EXPECT_EQ(buckets.first_index, 79);
  EXPECT_EQ(buckets.cumulative, (std::vector<std::uint64_t>{0, 30, 40}));
}

TEST(DurationBuckets, NoTimedCallNoBuckets) {
  const DurationBuckets buckets =
      duration_buckets(HistogramCounts(), std::numeric_limits<std::uint64_t>::max(), 0,
                       TickConverter(1.0), UntimedScale{5, 0}, 5);
  EXPECT_TRUE(buckets.cumulative.empty());
}

/// What Prometheus' histogram_quantile() answers for these cumulative buckets and
/// +Inf = `count` (promql/quantile.go, bucketQuantile): linear inside the bucket
/// that holds the rank, from the bound of the bucket below.
double prometheus_quantile(double q, const DurationBuckets& buckets, std::uint64_t count) {
  const double rank = q * static_cast<double>(count);
  for (std::size_t b = 0; b < buckets.cumulative.size(); ++b) {
    const auto cumulative = static_cast<double>(buckets.cumulative[b]);
    if (cumulative < rank) continue;
    const double end = bound(buckets.first_index + static_cast<int>(b));
    if (b == 0) return end * (rank / cumulative);
    const double start = bound(buckets.first_index + static_cast<int>(b) - 1);
    const auto below = static_cast<double>(buckets.cumulative[b - 1]);
    return start + (end - start) * ((rank - below) / (cumulative - below));
  }
  return bound(buckets.first_index + static_cast<int>(buckets.cumulative.size()) - 1);
}

/// The largest relative distance between Prometheus' quantile of the buckets and
/// the report's percentile, over 50, 90, 95 and 99, for calls of `durations_ns`.
double worst_quantile_error(const std::vector<std::uint64_t>& durations_ns, double ns_per_tick) {
  const TickConverter ticks(ns_per_tick);
  HistogramCounts histogram;
  std::uint64_t min = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t max = 0;
  for (std::uint64_t ns : durations_ns) {
    const auto recorded =
        static_cast<std::uint64_t>(std::llround(static_cast<double>(ns) / ns_per_tick));
    histogram.add(recorded);
    min = std::min(min, recorded);
    max = std::max(max, recorded);
  }
  const std::uint64_t calls = durations_ns.size();
  const DurationBuckets buckets =
      duration_buckets(histogram, min, max, ticks, kEveryCallTimed, calls);
  double worst = 0;
  for (double p : {50.0, 90.0, 95.0, 99.0}) {
    const auto report = static_cast<double>(ticks.to_ns(histogram.percentile(p, min, max)));
    const double prometheus = prometheus_quantile(p / 100, buckets, calls);
    worst = std::max(worst, std::abs(prometheus - report) / report);
  }
  return worst;
}

#ifdef HOTPATH_TEST_SANITIZED
constexpr int kDistributions = 300;
#else
constexpr int kDistributions = 3000;
#endif

// Every call of one duration, from 1 us to 100 s, some right at a grid bound or a
// nanosecond off it: the worst case of interpolation, a whole bucket's width.
TEST(DurationBucketsInPrometheus, QuantilesOfOneDurationWithinTenPercent) {
  double worst = 0;
  for (double ns_per_tick : {1.0, 0.37, 3.3}) {
    for (int i = 0; i < kDistributions; ++i) {
      const double ns = 1e3 * std::pow(1e8, static_cast<double>(i) / kDistributions);
      worst = std::max(worst, worst_quantile_error({static_cast<std::uint64_t>(ns)}, ns_per_tick));
      const int index = duration_bucket_index(static_cast<std::uint64_t>(ns));
      for (double off : {-2.0, -1.0, 0.0, 1.0, 2.0}) {
        const auto near_bound = static_cast<std::uint64_t>(bound(index) + off);
        worst = std::max(
            worst, worst_quantile_error(std::vector<std::uint64_t>(20, near_bound), ns_per_tick));
      }
    }
  }
  std::printf("worst relative error, one duration: %.4f\n", worst);
  RecordProperty("worst_relative_error_one_duration", std::to_string(worst));
  EXPECT_LT(worst, 0.10);
}

// Log-normal, uniform and two-valued calls between 1 us and 2 min.
TEST(DurationBucketsInPrometheus, QuantilesOfSpreadDurationsWithinTenPercent) {
  std::mt19937_64 random(42);
  double worst = 0;
  for (int i = 0; i < kDistributions / 10; ++i) {
    const double median = 1e3 * std::pow(1e8, std::uniform_real_distribution<>(0, 1)(random));
    std::lognormal_distribution<> lognormal(std::log(median),
                                            std::uniform_real_distribution<>(0.01, 1.5)(random));
    std::uniform_real_distribution<> uniform(median, median * 1.3);
    std::vector<std::uint64_t> spread, flat, two;
    for (int call = 0; call < 400; ++call) {
      spread.push_back(static_cast<std::uint64_t>(std::min(lognormal(random), 1.2e11)));
      flat.push_back(static_cast<std::uint64_t>(uniform(random)));
      two.push_back(static_cast<std::uint64_t>(call % 20 == 0 ? median * 7 : median));
    }
    for (double ns_per_tick : {1.0, 0.37}) {
      worst = std::max({worst, worst_quantile_error(spread, ns_per_tick),
                        worst_quantile_error(flat, ns_per_tick),
                        worst_quantile_error(two, ns_per_tick)});
    }
  }
  std::printf("worst relative error, spread durations: %.4f\n", worst);
  RecordProperty("worst_relative_error_spread", std::to_string(worst));
  EXPECT_LT(worst, 0.10);
}

}  // namespace
}  // namespace hotpath::detail
