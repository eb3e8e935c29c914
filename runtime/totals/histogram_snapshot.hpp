// Plain (non-atomic) copies of recorded data, merged across threads for reading:
// a histogram with the same log-linear geometry as the live one, and the totals of
// one function.
#ifndef HOTPATH_RUNTIME_HISTOGRAM_SNAPSHOT_HPP
#define HOTPATH_RUNTIME_HISTOGRAM_SNAPSHOT_HPP

#include <array>
#include <cstdint>
#include <limits>
#include <memory>
#include <vector>

#include "hotpath/detail/coroutine_recording.hpp"
#include "hotpath/detail/recording.hpp"

namespace hotpath::detail {

/// Smallest value of a bucket.
std::uint64_t bucket_lower_bound(unsigned row, unsigned sub) noexcept;
/// Number of distinct values in a bucket (1 for exact buckets).
std::uint64_t bucket_width(unsigned row) noexcept;

/// `value - earlier`, or 0: a snapshot read while its threads were recording can be
/// a little ahead of a later one in a counter or two.
std::uint64_t since(std::uint64_t value, std::uint64_t earlier) noexcept;

/// A merged histogram; rows exist only where values were recorded.
class HistogramCounts {
 public:
  /// Adds one live row (loaded with relaxed atomics; its owner may be writing).
  void add_live_row(unsigned row, const HistogramRow& live) noexcept;
  /// Adds a live slot's rows and its pending value (the latest one, binned late).
  void add_live_rows(const HistogramRows& rows, const Counter& pending);
  void add(std::uint64_t value, std::uint64_t count = 1);
  void merge(const HistogramCounts& other);
  /// Removes the counts of `earlier`, a snapshot of the same histogram taken
  /// before: what remains is what was recorded since.
  void subtract(const HistogramCounts& earlier) noexcept;
  std::uint64_t total_count() const noexcept;
  /// Narrows [min, max] to the buckets that hold values: exact extremes are not
  /// known of the values recorded since a snapshot, their buckets are.
  void narrow_to_counts(std::uint64_t& min, std::uint64_t& max) const noexcept;

  /// The nearest-rank percentile (p in [0, 100]): the midpoint of the bucket that
  /// holds the ceil(p% * count)-th smallest value, clamped to [min, max] so that
  /// P0 and P100 are exact. 0 when empty.
  std::uint64_t percentile(double p, std::uint64_t min, std::uint64_t max) const noexcept;

  /// For each of `bounds` (ascending), how many values are at most that bound, a
  /// value standing at its bucket's midpoint as in percentile(): cumulative counts
  /// for a histogram with those bucket bounds.
  std::vector<std::uint64_t> counts_at_most(const std::vector<std::uint64_t>& bounds) const;

 private:
  using Row = std::array<std::uint64_t, kSubBuckets>;
  Row& row_at(unsigned row);
  std::array<std::unique_ptr<Row>, kHistogramRows> rows_;
};

/// A function's allocations, summed over threads (hotpath-alloc).
struct AllocTotals {
  std::uint64_t calls = 0;  ///< calls with a per-call record
  std::uint64_t alloc_bytes = 0;
  std::uint64_t alloc_count = 0;
  std::uint64_t dealloc_bytes = 0;
  std::uint64_t dealloc_count = 0;
  std::uint64_t min_bytes = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t max_bytes = 0;
  HistogramCounts histogram;  ///< bytes allocated by one call

  void add_live_slot(const AllocSlot& slot);
  void merge(const AllocTotals& other);
  /// Keeps what was recorded since `earlier`, a snapshot of the same function.
  void subtract(const AllocTotals& earlier) noexcept;
};

/// One cause of a function's waits (hotpath-wait), summed over threads.
struct WaitCauseTotals {
  std::uint64_t count = 0;  ///< waits with the function on the stack
  std::uint64_t ticks = 0;
  std::uint64_t self_count = 0;  ///< waits with the function innermost
  std::uint64_t self_ticks = 0;
};

/// A function's waits (hotpath-wait), summed over threads.
struct WaitTotals {
  WaitCauseTotals causes[kWaitCauses];
  std::uint64_t io_bytes = 0;
  std::uint64_t self_io_bytes = 0;

  /// True when nothing was recorded.
  bool empty() const noexcept;
  void add_live_slot(const WaitSlot& slot);
  void merge(const WaitTotals& other);
  /// Keeps what was recorded since `earlier`, a snapshot of the same function.
  void subtract(const WaitTotals& earlier) noexcept;
};

/// A coroutine function's instances and segments, summed over threads. Instance
/// figures are of the instances that ended.
struct CoroutineTotals {
  std::uint64_t started = 0;
  std::uint64_t completed = 0;
  std::uint64_t destroyed = 0;  ///< destroyed while suspended, before completing
  std::uint64_t resumes = 0;
  std::uint64_t running_ticks = 0;
  std::uint64_t suspended_ticks = 0;
  std::uint64_t min_running = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t max_running = 0;
  std::uint64_t min_suspended = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t max_suspended = 0;
  HistogramCounts running;    ///< running time of one instance
  HistogramCounts suspended;  ///< suspended time of one instance

  /// True when no instance of the function ran a segment.
  bool empty() const noexcept { return started == 0 && resumes == 0; }
  /// Instances that ended: completed or destroyed.
  std::uint64_t ended() const noexcept { return completed + destroyed; }
  void add_live_slot(const CoroutineSlot& slot);
  void merge(const CoroutineTotals& other);
  /// Keeps what was recorded since `earlier`, a snapshot of the same function.
  void subtract(const CoroutineTotals& earlier) noexcept;
};

/// Everything recorded for one function, summed over threads. Values in ticks.
struct FunctionTotals {
  std::uint64_t calls = 0;          ///< timed calls: the durations below are theirs
  std::uint64_t untimed_calls = 0;  ///< calls that time sampling left untimed
  std::uint64_t total_ticks = 0;
  std::uint64_t self_ticks = 0;
  std::uint64_t overhead_ticks = 0;  ///< guard overhead removed from total_ticks
  std::uint64_t min_value = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t max_value = 0;
  HistogramCounts histogram;
  AllocTotals alloc;
  WaitTotals waits;
  CoroutineTotals coroutine;
  std::uint64_t cpu_self_samples = 0;  ///< CPU samples with the function innermost
  std::uint64_t cpu_samples = 0;       ///< CPU samples with the function on the stack
  /// Timed calls that stand for themselves only: on threads where no call went
  /// untimed, and on those where adaptive timing set in, the calls timed before it
  /// did. Their sums: the exact part of the totals above.
  std::uint64_t exact_calls = 0;
  std::uint64_t exact_total_ticks = 0;
  std::uint64_t exact_self_ticks = 0;
  std::uint64_t exact_overhead_ticks = 0;
  /// True when adaptive timing timed only some of the calls on some thread.
  bool adaptive = false;

  /// Every call, timed or not.
  std::uint64_t all_calls() const noexcept { return calls + untimed_calls; }

  /// Adds what a thread recorded so far in `slot` (which it may still be writing);
  /// the durations' histogram only when `with_histogram` (reading it is most of the
  /// cost, and a report needs it only for the rows it shows).
  void add_live_slot(const FunctionSlot& slot, bool with_histogram = true);
  void merge(const FunctionTotals& other, bool with_histogram = true);
  /// Keeps the calls recorded since `earlier`, a snapshot of the same function.
  /// CPU samples are left whole: the CPU section describes the whole sampling.
  /// Without `with_histogram`, the durations' histogram is left for
  /// subtract_histogram().
  void subtract(const FunctionTotals& earlier, bool with_histogram = true) noexcept;
  /// The histogram part of subtract(), for a histogram read after the rest.
  void subtract_histogram(const FunctionTotals& earlier) noexcept;
};

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_HISTOGRAM_SNAPSHOT_HPP
