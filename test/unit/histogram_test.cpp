// Histogram geometry and percentile accuracy against exact percentiles.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "hotpath/detail/recording.hpp"
#include "test_support.hpp"
#include "totals/histogram_snapshot.hpp"

namespace hotpath::detail {
namespace {

TEST(HistogramGeometry, EveryValueFallsInsideItsBucket) {
  std::vector<std::uint64_t> values;
  for (std::uint64_t v = 0; v < 5000; ++v) values.push_back(v);
  for (unsigned bit = 12; bit < 64; ++bit) {
    const std::uint64_t power = std::uint64_t{1} << bit;
    values.insert(values.end(), {power - 1, power, power + 1, power + power / 3});
  }
  values.push_back(~std::uint64_t{0});
  for (std::uint64_t value : values) {
    const BucketIndex bucket = bucket_of(value);
    ASSERT_LT(bucket.row, kHistogramRows) << value;
    ASSERT_LT(bucket.sub, kSubBuckets) << value;
    const std::uint64_t low = bucket_lower_bound(bucket.row, bucket.sub);
    ASSERT_LE(low, value);
    ASSERT_LE(value - low, bucket_width(bucket.row) - 1) << value;
  }
}

TEST(HistogramGeometry, SmallValuesAreExactAndBucketsStayWithinOnePercent) {
  for (std::uint64_t v = 0; v < 128; ++v) EXPECT_EQ(bucket_width(bucket_of(v).row), 1u) << v;
  for (unsigned row = 1; row < kHistogramRows; ++row) {
    const double relative_width =
        static_cast<double>(bucket_width(row)) / static_cast<double>(bucket_lower_bound(row, 0));
    EXPECT_LE(relative_width, 1.0 / 64.0) << row;
  }
}

std::uint64_t exact_percentile(std::vector<std::uint64_t> sorted, double p) {
  std::sort(sorted.begin(), sorted.end());
  const auto rank = std::max<std::size_t>(
      1, static_cast<std::size_t>(std::ceil(p / 100.0 * static_cast<double>(sorted.size()))));
  return sorted[rank - 1];
}

void expect_within_one_percent(const std::vector<std::uint64_t>& data) {
  HistogramCounts histogram;
  for (std::uint64_t value : data) histogram.add(value);
  const auto [min, max] = std::minmax_element(data.begin(), data.end());
  for (double p : {50.0, 95.0, 99.0, 99.9}) {
    const double exact = static_cast<double>(exact_percentile(data, p));
    const double estimate = static_cast<double>(histogram.percentile(p, *min, *max));
    EXPECT_LE(std::abs(estimate - exact) / exact, 0.01)
        << "P" << p << " exact " << exact << " estimate " << estimate;
  }
  EXPECT_EQ(histogram.percentile(0, *min, *max), *min);
  EXPECT_EQ(histogram.percentile(100, *min, *max), *max);
  EXPECT_EQ(histogram.total_count(), data.size());
}

TEST(HistogramAccuracy, UniformDurations) {
  std::mt19937_64 random(1);
  std::uniform_int_distribution<std::uint64_t> uniform(1'000, 1'000'000);
  std::vector<std::uint64_t> data(200'000);
  for (auto& value : data) value = uniform(random);
  expect_within_one_percent(data);
}

TEST(HistogramAccuracy, LogNormalDurations) {
  std::mt19937_64 random(2);
  std::lognormal_distribution<double> lognormal(std::log(50'000.0), 1.0);
  std::vector<std::uint64_t> data(200'000);
  for (auto& value : data) value = static_cast<std::uint64_t>(lognormal(random)) + 1;
  expect_within_one_percent(data);
}

TEST(HistogramAccuracy, BimodalDurations) {
  std::mt19937_64 random(3);
  std::normal_distribution<double> fast(2'000.0, 150.0);
  std::normal_distribution<double> slow(400'000.0, 20'000.0);
  std::bernoulli_distribution is_slow(0.1);
  std::vector<std::uint64_t> data(200'000);
  for (auto& value : data) {
    value =
        static_cast<std::uint64_t>(std::max(1.0, is_slow(random) ? slow(random) : fast(random)));
  }
  expect_within_one_percent(data);
}

TEST(HistogramAccuracy, LiveSlotsMergedAcrossThreadsMatchOneHistogram) {
  static Site site("histogram.live", nullptr, __FILE__, __LINE__);
  std::mt19937_64 random(4);
  std::lognormal_distribution<double> lognormal(std::log(20'000.0), 0.8);
  std::vector<std::uint64_t> data(50'000);
  for (auto& value : data) value = static_cast<std::uint64_t>(lognormal(random)) + 1;

  FunctionSlot* slot = slot_for(t_thread_state, site);
  for (std::uint64_t value : data) record_call(*slot, value, value);

  const FunctionTotals totals = test::totals_for(site);
  ASSERT_EQ(totals.calls, data.size());
  HistogramCounts reference;
  for (std::uint64_t value : data) reference.add(value);
  for (double p : {50.0, 95.0, 99.0}) {
    EXPECT_EQ(totals.histogram.percentile(p, totals.min_value, totals.max_value),
              reference.percentile(p, totals.min_value, totals.max_value));
  }
}

TEST(HistogramCumulative, CountsAtMostEachBoundAreExactWhereTheBucketsAre) {
  HistogramCounts histogram;
  EXPECT_EQ(histogram.counts_at_most({1, 1000}), (std::vector<std::uint64_t>{0, 0}));
  histogram.add(5, 3);
  histogram.add(100, 2);
  histogram.add(1000, 4);
  histogram.add(1'000'000);
  // Values under 128 have buckets of their own; 1000 and 1000000 are placed within
  // 1% of themselves, so bounds 1% away tell them apart.
  EXPECT_EQ(histogram.counts_at_most({4, 5, 99, 100, 990, 1010, 990'000, 1'010'000}),
            (std::vector<std::uint64_t>{0, 3, 3, 5, 5, 9, 9, 10}));
  EXPECT_EQ(histogram.counts_at_most({}), std::vector<std::uint64_t>{});
}

TEST(HistogramSince, SubtractingAnEarlierSnapshotLeavesTheLaterValues) {
  FunctionTotals earlier;
  for (std::uint64_t value : {5u, 7u, 1000u}) {
    earlier.calls += 1;
    earlier.total_ticks += value;
    earlier.histogram.add(value);
  }
  earlier.min_value = 5;
  earlier.max_value = 1000;
  FunctionTotals later;
  later.merge(earlier);
  for (std::uint64_t value : {200u, 300u}) {
    later.calls += 1;
    later.total_ticks += value;
    later.histogram.add(value);
  }
  later.min_value = 5;
  later.max_value = 1000;
  later.subtract(earlier);
  EXPECT_EQ(later.calls, 2u);
  EXPECT_EQ(later.total_ticks, 500u);
  EXPECT_EQ(later.histogram.total_count(), 2u);
  // The extremes are those of the buckets of 200 and 300, not 5 and 1000.
  EXPECT_LE(later.min_value, 200u);
  EXPECT_GE(later.min_value, 200u - bucket_width(bucket_of(200).row));
  EXPECT_GE(later.max_value, 300u);
  EXPECT_LE(later.max_value, 300u + bucket_width(bucket_of(300).row));
  EXPECT_EQ(later.histogram.percentile(0, later.min_value, later.max_value), later.min_value);
}

TEST(HistogramMemory, ThreeDecadesOfDurationsFitInEightKibPerFunctionAndThread) {
  static Site site("histogram.memory", nullptr, __FILE__, __LINE__);
  FunctionSlot* slot = slot_for(t_thread_state, site);
  // 1 µs to 1 ms at up to 4 ticks per nanosecond.
  for (std::uint64_t value = 1'000; value <= 4'000'000; value = value * 21 / 20) {
    record_call(*slot, value, value);
  }
  std::size_t rows = 0;
  for (const auto& row : slot->rows) rows += row.load() != nullptr ? 1 : 0;
  const std::size_t bytes = sizeof(FunctionSlot) + rows * sizeof(HistogramRow);
  EXPECT_LE(bytes, 8u * 1024u) << rows << " rows";
  EXPECT_GE(rows, 10u);  // the values really span 12 powers of two
}

}  // namespace
}  // namespace hotpath::detail
