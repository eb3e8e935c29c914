// Counting on the grid through HistogramCounts::counts_at_most(): each grid bound
// becomes the largest tick count that converts to at most that many nanoseconds.
#include "reporting/duration_buckets.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

namespace hotpath::detail {
namespace {

/// The largest tick count whose duration in ns (TickConverter::to_ns) is at most
/// `bound_ns`: a call counted at t ticks is within the bound exactly when t is at
/// most this.
std::uint64_t ticks_at_most(double bound_ns, const TickConverter& ticks) {
  const double estimate = bound_ns / ticks.ns_per_tick();
  if (!(estimate < 1.8e19)) return UINT64_MAX;
  auto t = static_cast<std::uint64_t>(std::max(0.0, std::floor(estimate)));
  // The estimate is off by a tick or two at most (to_ns rounds).
  while (t > 0 && static_cast<double>(ticks.to_ns(t)) > bound_ns) --t;
  while (t < UINT64_MAX && static_cast<double>(ticks.to_ns(t + 1)) <= bound_ns) ++t;
  return t;
}

}  // namespace

int duration_bucket_index(std::uint64_t ns) noexcept {
  if (ns <= 1) return 0;
  const double value = static_cast<double>(ns);
  auto index = static_cast<int>(std::ceil(DurationBuckets::kPerDoubling * std::log2(value)));
  // log2 may round either way: settle on the exact bounds.
  while (DurationBuckets::bound_ns(index - 1) >= value) --index;
  while (DurationBuckets::bound_ns(index) < value) ++index;
  return index;
}

DurationBuckets duration_buckets(const HistogramCounts& histogram, std::uint64_t min_ticks,
                                 std::uint64_t max_ticks, const TickConverter& ticks,
                                 const UntimedScale& scale, std::uint64_t calls) {
  DurationBuckets buckets;
  const std::uint64_t timed = histogram.total_count();
  if (timed == 0 || min_ticks > max_ticks) return buckets;
  buckets.first_index = duration_bucket_index(ticks.to_ns(min_ticks)) - 1;
  const int last_index = duration_bucket_index(ticks.to_ns(max_ticks));
  // A call counts at its bucket's midpoint m clamped to [min, max]: for a bound b
  // with min <= b < max, clamp(m) <= b exactly when m <= b, which counts_at_most()
  // counts; below min nothing is, from max on everything is.
  std::vector<std::uint64_t> bounds;
  for (int index = buckets.first_index; index < last_index; ++index)
    bounds.push_back(ticks_at_most(DurationBuckets::bound_ns(index), ticks));
  const std::vector<std::uint64_t> at_most = histogram.counts_at_most(bounds);
  for (std::size_t i = 0; i < bounds.size(); ++i) {
    const std::uint64_t counted = bounds[i] < min_ticks    ? 0
                                  : bounds[i] >= max_ticks ? timed
                                                           : at_most[i];
    buckets.cumulative.push_back(std::min(scale(counted), calls));
  }
  buckets.cumulative.push_back(calls);
  return buckets;
}

}  // namespace hotpath::detail
