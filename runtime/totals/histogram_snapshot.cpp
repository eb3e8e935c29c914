// Merged histograms and per-function totals, and the percentile query.
#include "totals/histogram_snapshot.hpp"

#include <algorithm>
#include <cmath>

namespace hotpath::detail {

std::uint64_t bucket_lower_bound(unsigned row, unsigned sub) noexcept {
  if (row == 0) return sub;
  return static_cast<std::uint64_t>(kSubBuckets + sub) << (row - 1);
}

std::uint64_t bucket_width(unsigned row) noexcept {
  return row == 0 ? 1 : std::uint64_t{1} << (row - 1);
}

HistogramCounts::Row& HistogramCounts::row_at(unsigned row) {
  if (!rows_[row]) rows_[row] = std::make_unique<Row>(Row{});
  return *rows_[row];
}

void HistogramCounts::add_live_row(unsigned row, const HistogramRow& live) noexcept {
  Row* target = nullptr;
  for (unsigned sub = 0; sub < kSubBuckets; ++sub) {
    const std::uint64_t count = live.counts[sub].load(std::memory_order_relaxed);
    if (count == 0) continue;
    if (target == nullptr) target = &row_at(row);
    (*target)[sub] += count;
  }
}

void HistogramCounts::add(std::uint64_t value, std::uint64_t count) {
  const BucketIndex bucket = bucket_of(value);
  row_at(bucket.row)[bucket.sub] += count;
}

void HistogramCounts::merge(const HistogramCounts& other) {
  for (unsigned row = 0; row < kHistogramRows; ++row) {
    if (!other.rows_[row]) continue;
    Row& target = row_at(row);
    for (unsigned sub = 0; sub < kSubBuckets; ++sub) target[sub] += (*other.rows_[row])[sub];
  }
}

void HistogramCounts::subtract(const HistogramCounts& earlier) noexcept {
  for (unsigned row = 0; row < kHistogramRows; ++row) {
    if (!earlier.rows_[row] || !rows_[row]) continue;
    Row& target = *rows_[row];
    for (unsigned sub = 0; sub < kSubBuckets; ++sub)
      target[sub] -= std::min(target[sub], (*earlier.rows_[row])[sub]);
  }
}

void HistogramCounts::narrow_to_counts(std::uint64_t& min, std::uint64_t& max) const noexcept {
  bool found = false;
  std::uint64_t highest = 0;
  for (unsigned row = 0; row < kHistogramRows; ++row) {
    if (!rows_[row]) continue;
    for (unsigned sub = 0; sub < kSubBuckets; ++sub) {
      if ((*rows_[row])[sub] == 0) continue;
      if (!found) min = std::max(min, bucket_lower_bound(row, sub));
      found = true;
      highest = bucket_lower_bound(row, sub) + (bucket_width(row) - 1);
    }
  }
  if (found) max = std::min(max, highest);
}

std::uint64_t HistogramCounts::total_count() const noexcept {
  std::uint64_t total = 0;
  for (const auto& row : rows_) {
    if (!row) continue;
    for (std::uint64_t count : *row) total += count;
  }
  return total;
}

std::uint64_t HistogramCounts::percentile(double p, std::uint64_t min,
                                          std::uint64_t max) const noexcept {
  const std::uint64_t total = total_count();
  if (total == 0) return 0;
  if (p <= 0) return min;
  if (p >= 100) return max;
  const auto rank = std::max<std::uint64_t>(
      1, static_cast<std::uint64_t>(std::ceil(p / 100.0 * static_cast<double>(total))));
  std::uint64_t seen = 0;
  for (unsigned row = 0; row < kHistogramRows; ++row) {
    if (!rows_[row]) continue;
    for (unsigned sub = 0; sub < kSubBuckets; ++sub) {
      seen += (*rows_[row])[sub];
      if (seen >= rank) {
        const std::uint64_t midpoint = bucket_lower_bound(row, sub) + bucket_width(row) / 2;
        return std::clamp(midpoint, min, max);
      }
    }
  }
  return max;
}

std::vector<std::uint64_t> HistogramCounts::counts_at_most(
    const std::vector<std::uint64_t>& bounds) const {
  std::vector<std::uint64_t> counts(bounds.size(), 0);
  std::size_t next = 0;
  std::uint64_t seen = 0;
  for (unsigned row = 0; row < kHistogramRows; ++row) {
    if (!rows_[row]) continue;
    for (unsigned sub = 0; sub < kSubBuckets; ++sub) {
      const std::uint64_t count = (*rows_[row])[sub];
      if (count == 0) continue;
      const std::uint64_t midpoint = bucket_lower_bound(row, sub) + bucket_width(row) / 2;
      while (next < bounds.size() && bounds[next] < midpoint) counts[next++] = seen;
      seen += count;
    }
  }
  while (next < bounds.size()) counts[next++] = seen;
  return counts;
}

void HistogramCounts::add_live_rows(const HistogramRows& rows, const Counter& pending) {
  for (unsigned row = 0; row < kHistogramRows; ++row) {
    const HistogramRow* live = rows[row].load(std::memory_order_acquire);
    if (live != nullptr) add_live_row(row, *live);
  }
  // While the owner is recording, this can count its latest value twice or not at
  // all; once it has stopped (and always at thread exit) the count is exact.
  add(pending.load(std::memory_order_relaxed));
}

void FunctionTotals::add_live_slot(const FunctionSlot& slot, bool with_histogram) {
  // A call still running has CPU samples before it counts as a call.
  cpu_self_samples += slot.cpu_self_samples.load(std::memory_order_relaxed);
  cpu_samples += slot.cpu_samples.load(std::memory_order_relaxed);
  if (const WaitSlot* live_waits = slot.waits.load(std::memory_order_acquire))
    waits.add_live_slot(*live_waits);
  // Segments, like samples, come before an instance ends.
  if (const CoroutineSlot* live_coroutine = slot.coroutine.load(std::memory_order_acquire))
    coroutine.add_live_slot(*live_coroutine);
  const std::uint64_t sampled_untimed = slot.untimed_calls.load(std::memory_order_relaxed);
  untimed_calls += sampled_untimed;
  const std::uint64_t slot_calls = slot.calls.load(std::memory_order_relaxed);
  const bool slot_adaptive = slot.adaptive.load(std::memory_order_relaxed) != 0;
  if (slot_calls == 0) return;
  const std::uint64_t slot_total = slot.total_ticks.load(std::memory_order_relaxed);
  const std::uint64_t slot_self = slot.self_ticks.load(std::memory_order_relaxed);
  const std::uint64_t slot_overhead = slot.overhead_ticks.load(std::memory_order_relaxed);
  calls += slot_calls;
  total_ticks += slot_total;
  self_ticks += slot_self;
  overhead_ticks += slot_overhead;
  // The calls timed because they were calls stand for themselves only, unless time
  // sampling left others untimed; those adaptive timing chose, for kAdaptivePeriod,
  // except those held up.
  std::uint64_t held_up = 0;
  std::uint64_t sampled = 0;
  if (slot_adaptive) {
    adaptive = true;
    sampled = slot.sampled_calls.load(std::memory_order_relaxed);
    held_up = slot.held_up_calls.load(std::memory_order_relaxed);
    // Read after the chosen calls: a chosen call still running counts as untimed.
    const std::uint64_t since = slot.adaptive_calls.load(std::memory_order_relaxed) -
                                slot.adaptive_calls_origin.load(std::memory_order_relaxed);
    calls += sampled;
    untimed_calls += since > sampled ? since - sampled : 0;
    total_ticks += slot.sampled_total_ticks.load(std::memory_order_relaxed);
    self_ticks += slot.sampled_self_ticks.load(std::memory_order_relaxed);
    overhead_ticks += slot.sampled_overhead_ticks.load(std::memory_order_relaxed);
  }
  if (sampled_untimed == 0) {
    exact_calls += slot_calls + held_up;
    exact_total_ticks += slot_total;
    exact_self_ticks += slot_self;
    exact_overhead_ticks += slot_overhead;
  }
  min_value = std::min(min_value, slot.min_value.load(std::memory_order_relaxed));
  max_value = std::max(max_value, slot.max_value.load(std::memory_order_relaxed));
  if (with_histogram) histogram.add_live_rows(slot.rows, slot.pending_value);
  if (const AllocSlot* live_alloc = slot.alloc.load(std::memory_order_acquire))
    alloc.add_live_slot(*live_alloc);
}

bool WaitTotals::empty() const noexcept {
  for (const WaitCauseTotals& cause : causes) {
    if (cause.count != 0 || cause.self_count != 0) return false;
  }
  return true;
}

void WaitTotals::add_live_slot(const WaitSlot& slot) {
  for (unsigned index = 0; index < kWaitCauses; ++index) {
    const WaitCounters& live = slot.causes[index];
    WaitCauseTotals& cause = causes[index];
    cause.count += live.count.load(std::memory_order_relaxed);
    cause.ticks += live.ticks.load(std::memory_order_relaxed);
    cause.self_count += live.self_count.load(std::memory_order_relaxed);
    cause.self_ticks += live.self_ticks.load(std::memory_order_relaxed);
  }
  io_bytes += slot.io_bytes.load(std::memory_order_relaxed);
  self_io_bytes += slot.self_io_bytes.load(std::memory_order_relaxed);
}

void WaitTotals::merge(const WaitTotals& other) {
  for (unsigned index = 0; index < kWaitCauses; ++index) {
    causes[index].count += other.causes[index].count;
    causes[index].ticks += other.causes[index].ticks;
    causes[index].self_count += other.causes[index].self_count;
    causes[index].self_ticks += other.causes[index].self_ticks;
  }
  io_bytes += other.io_bytes;
  self_io_bytes += other.self_io_bytes;
}

void CoroutineTotals::add_live_slot(const CoroutineSlot& slot) {
  started += slot.started.load(std::memory_order_relaxed);
  completed += slot.completed.load(std::memory_order_relaxed);
  destroyed += slot.destroyed.load(std::memory_order_relaxed);
  resumes += slot.resumes.load(std::memory_order_relaxed);
  running_ticks += slot.running_ticks.load(std::memory_order_relaxed);
  suspended_ticks += slot.suspended_ticks.load(std::memory_order_relaxed);
  min_running = std::min(min_running, slot.min_running.load(std::memory_order_relaxed));
  max_running = std::max(max_running, slot.max_running.load(std::memory_order_relaxed));
  min_suspended = std::min(min_suspended, slot.min_suspended.load(std::memory_order_relaxed));
  max_suspended = std::max(max_suspended, slot.max_suspended.load(std::memory_order_relaxed));
  for (unsigned row = 0; row < kHistogramRows; ++row) {
    if (const HistogramRow* live = slot.running_rows[row].load(std::memory_order_acquire))
      running.add_live_row(row, *live);
    if (const HistogramRow* live = slot.suspended_rows[row].load(std::memory_order_acquire))
      suspended.add_live_row(row, *live);
  }
}

void CoroutineTotals::merge(const CoroutineTotals& other) {
  started += other.started;
  completed += other.completed;
  destroyed += other.destroyed;
  resumes += other.resumes;
  running_ticks += other.running_ticks;
  suspended_ticks += other.suspended_ticks;
  min_running = std::min(min_running, other.min_running);
  max_running = std::max(max_running, other.max_running);
  min_suspended = std::min(min_suspended, other.min_suspended);
  max_suspended = std::max(max_suspended, other.max_suspended);
  running.merge(other.running);
  suspended.merge(other.suspended);
}

void CoroutineTotals::subtract(const CoroutineTotals& earlier) noexcept {
  started = since(started, earlier.started);
  completed = since(completed, earlier.completed);
  destroyed = since(destroyed, earlier.destroyed);
  resumes = since(resumes, earlier.resumes);
  running_ticks = since(running_ticks, earlier.running_ticks);
  suspended_ticks = since(suspended_ticks, earlier.suspended_ticks);
  running.subtract(earlier.running);
  running.narrow_to_counts(min_running, max_running);
  suspended.subtract(earlier.suspended);
  suspended.narrow_to_counts(min_suspended, max_suspended);
}

void AllocTotals::add_live_slot(const AllocSlot& slot) {
  const std::uint64_t slot_calls = slot.calls.load(std::memory_order_relaxed);
  if (slot_calls == 0) return;
  calls += slot_calls;
  alloc_bytes += slot.alloc_bytes.load(std::memory_order_relaxed);
  alloc_count += slot.alloc_count.load(std::memory_order_relaxed);
  dealloc_bytes += slot.dealloc_bytes.load(std::memory_order_relaxed);
  dealloc_count += slot.dealloc_count.load(std::memory_order_relaxed);
  min_bytes = std::min(min_bytes, slot.min_bytes.load(std::memory_order_relaxed));
  max_bytes = std::max(max_bytes, slot.max_bytes.load(std::memory_order_relaxed));
  histogram.add_live_rows(slot.rows, slot.pending_bytes);
}

void AllocTotals::merge(const AllocTotals& other) {
  if (other.calls == 0) return;
  calls += other.calls;
  alloc_bytes += other.alloc_bytes;
  alloc_count += other.alloc_count;
  dealloc_bytes += other.dealloc_bytes;
  dealloc_count += other.dealloc_count;
  min_bytes = std::min(min_bytes, other.min_bytes);
  max_bytes = std::max(max_bytes, other.max_bytes);
  histogram.merge(other.histogram);
}

void FunctionTotals::merge(const FunctionTotals& other, bool with_histogram) {
  // Waits, like samples, come before a call ends: a call still running has them.
  waits.merge(other.waits);
  coroutine.merge(other.coroutine);
  cpu_self_samples += other.cpu_self_samples;
  cpu_samples += other.cpu_samples;
  untimed_calls += other.untimed_calls;
  if (other.calls == 0) return;
  calls += other.calls;
  exact_calls += other.exact_calls;
  exact_total_ticks += other.exact_total_ticks;
  exact_self_ticks += other.exact_self_ticks;
  exact_overhead_ticks += other.exact_overhead_ticks;
  adaptive = adaptive || other.adaptive;
  total_ticks += other.total_ticks;
  self_ticks += other.self_ticks;
  overhead_ticks += other.overhead_ticks;
  min_value = std::min(min_value, other.min_value);
  max_value = std::max(max_value, other.max_value);
  if (with_histogram) histogram.merge(other.histogram);
  alloc.merge(other.alloc);
}

std::uint64_t since(std::uint64_t value, std::uint64_t earlier) noexcept {
  return value > earlier ? value - earlier : 0;
}

void AllocTotals::subtract(const AllocTotals& earlier) noexcept {
  if (earlier.calls == 0) return;
  calls = since(calls, earlier.calls);
  alloc_bytes = since(alloc_bytes, earlier.alloc_bytes);
  alloc_count = since(alloc_count, earlier.alloc_count);
  dealloc_bytes = since(dealloc_bytes, earlier.dealloc_bytes);
  dealloc_count = since(dealloc_count, earlier.dealloc_count);
  histogram.subtract(earlier.histogram);
  histogram.narrow_to_counts(min_bytes, max_bytes);
}

void WaitTotals::subtract(const WaitTotals& earlier) noexcept {
  for (unsigned index = 0; index < kWaitCauses; ++index) {
    WaitCauseTotals& cause = causes[index];
    cause.count = since(cause.count, earlier.causes[index].count);
    cause.ticks = since(cause.ticks, earlier.causes[index].ticks);
    cause.self_count = since(cause.self_count, earlier.causes[index].self_count);
    cause.self_ticks = since(cause.self_ticks, earlier.causes[index].self_ticks);
  }
  io_bytes = since(io_bytes, earlier.io_bytes);
  self_io_bytes = since(self_io_bytes, earlier.self_io_bytes);
}

void FunctionTotals::subtract(const FunctionTotals& earlier, bool with_histogram) noexcept {
  untimed_calls = since(untimed_calls, earlier.untimed_calls);
  waits.subtract(earlier.waits);
  coroutine.subtract(earlier.coroutine);
  if (earlier.calls == 0) return;
  calls = since(calls, earlier.calls);
  total_ticks = since(total_ticks, earlier.total_ticks);
  self_ticks = since(self_ticks, earlier.self_ticks);
  overhead_ticks = since(overhead_ticks, earlier.overhead_ticks);
  exact_calls = since(exact_calls, earlier.exact_calls);
  exact_total_ticks = since(exact_total_ticks, earlier.exact_total_ticks);
  exact_self_ticks = since(exact_self_ticks, earlier.exact_self_ticks);
  exact_overhead_ticks = since(exact_overhead_ticks, earlier.exact_overhead_ticks);
  if (with_histogram) subtract_histogram(earlier);
  alloc.subtract(earlier.alloc);
}

void FunctionTotals::subtract_histogram(const FunctionTotals& earlier) noexcept {
  if (earlier.calls == 0) return;
  histogram.subtract(earlier.histogram);
  histogram.narrow_to_counts(min_value, max_value);
}

}  // namespace hotpath::detail
