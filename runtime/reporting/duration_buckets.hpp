// A function's calls on the fixed grid of duration buckets (DurationBuckets), from
// the histogram behind its percentiles: what /metrics writes as a Prometheus
// histogram, with bounds close enough that a quantile interpolated in one agrees
// with the report's percentile (docs/live.md#prometheus).
#ifndef HOTPATH_RUNTIME_REPORTING_DURATION_BUCKETS_HPP
#define HOTPATH_RUNTIME_REPORTING_DURATION_BUCKETS_HPP

#include <cstdint>

#include "core/clock_calibration.hpp"
#include "hotpath/report.hpp"
#include "totals/histogram_snapshot.hpp"
#include "totals/untimed_scale.hpp"

namespace hotpath::detail {

/// The grid index of the bucket that holds a call of `ns` nanoseconds: the least k
/// with DurationBuckets::bound_ns(k) >= ns (0 for 0 and 1 ns).
int duration_bucket_index(std::uint64_t ns) noexcept;

/// The timed calls of `histogram` (in ticks, within [min_ticks, max_ticks]) on the
/// grid, each counted where HistogramCounts::percentile() puts it (its bucket's
/// midpoint, clamped to the extremes) and converted with `ticks` as the
/// percentiles are, then scaled to all calls with `scale`; the last count is
/// `calls`. Empty when the histogram is.
DurationBuckets duration_buckets(const HistogramCounts& histogram, std::uint64_t min_ticks,
                                 std::uint64_t max_ticks, const TickConverter& ticks,
                                 const UntimedScale& scale, std::uint64_t calls);

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_REPORTING_DURATION_BUCKETS_HPP
