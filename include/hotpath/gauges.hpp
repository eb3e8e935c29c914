// Gauges and counters: values a program records next to its timings, reported in
// the "gauges" section (table, JSON, live /gauges and /metrics). See docs/gauges.md.
// With HOTPATH_DISABLE defined every call compiles to nothing.
#ifndef HOTPATH_GAUGES_HPP
#define HOTPATH_GAUGES_HPP

#include <atomic>
#include <cstdint>
#include <string>

#include "hotpath/detail/platform.hpp"

namespace hotpath {

namespace detail {
struct GaugeCell;
}  // namespace detail

/// A handle to a named gauge: a signed 64-bit value that goes up and down. The
/// report shows its last value, the least and the greatest it held, and its
/// updates (set and add calls). A handle is a pointer: copy it freely.
///
///     static auto& depth = hotpath::gauge("queue_depth");
///     depth.set(queue.size());
///     depth.add(-1);
class Gauge {
 public:
  /// Makes `value` the gauge's value. Safe from any thread, at any time.
  void set(std::int64_t value) const noexcept;
  /// Adds `delta` (negative to lower it) to the gauge's value, which starts at 0.
  void add(std::int64_t delta) const noexcept;

#if !defined(HOTPATH_DISABLE)
  /// For the runtime: the handle of `cell`.
  explicit Gauge(detail::GaugeCell* cell) noexcept : cell_(cell) {}

 private:
  detail::GaugeCell* cell_;
#endif
};

/// A handle to a named counter: an unsigned 64-bit total that only grows, exact
/// however many threads add to it. A handle is a pointer: copy it freely.
///
///     hotpath::counter("cache_miss").add();
class Counter {
 public:
  /// Adds `amount` (1 by default) to the counter's total. Safe from any thread.
  void add(std::uint64_t amount = 1) const noexcept;

#if !defined(HOTPATH_DISABLE)
  /// For the runtime: the handle of `cell`.
  explicit Counter(detail::GaugeCell* cell) noexcept : cell_(cell) {}

 private:
  detail::GaugeCell* cell_;
#endif
};

#if defined(HOTPATH_DISABLE)

inline void Gauge::set(std::int64_t) const noexcept {}
inline void Gauge::add(std::int64_t) const noexcept {}
inline void Counter::add(std::uint64_t) const noexcept {}

/// Without hotpath: a handle that records nothing.
inline Gauge& gauge(const char*) noexcept {
  static Gauge none;
  return none;
}
/// Without hotpath: a handle that records nothing.
inline Gauge& gauge(const std::string&) noexcept { return gauge(""); }
/// Without hotpath: a handle that records nothing.
inline Counter& counter(const char*) noexcept {
  static Counter none;
  return none;
}
/// Without hotpath: a handle that records nothing.
inline Counter& counter(const std::string&) noexcept { return counter(""); }

#else

/// The gauge named `name` (any UTF-8 text; the same name anywhere in the program is
/// the same gauge), created on first use. The handle lives until the process ends.
/// A call looks the name up in a small per-thread cache (a few nanoseconds); keep
/// the handle in a hot loop. A name already used by a counter is an error, said
/// once on stderr: the handle returned then records nothing.
HOTPATH_API Gauge& gauge(const char* name) noexcept;
/// The same for a name held in a std::string (which may hold any bytes but NUL).
HOTPATH_API Gauge& gauge(const std::string& name) noexcept;
/// The counter named `name`, as gauge() does; a name already used by a gauge is an
/// error, said once on stderr, and the handle returned records nothing.
HOTPATH_API Counter& counter(const char* name) noexcept;
/// The same for a name held in a std::string.
HOTPATH_API Counter& counter(const std::string& name) noexcept;

namespace detail {

/// A gauge's or counter's shared state. Never freed, so that handles stay valid
/// during exit. Two cache lines of its own: a gauge's value, written by every
/// update, apart from what updates only read, and from other gauges.
struct alignas(64) GaugeCell {
  /// A gauge's value; for a counter, the adds of threads that ended (as unsigned).
  std::atomic<std::int64_t> value{0};
  /// Updates of threads that ended (and of a misused name's handle).
  alignas(64) std::atomic<std::uint64_t> updates{0};
  std::atomic<std::int64_t> min{INT64_MAX};
  std::atomic<std::int64_t> max{INT64_MIN};
  /// The cell's slot in every thread's shards; kNoShardSlot for the handle of a
  /// misused name. Set before the handle is published.
  std::uint32_t shard_slot = UINT32_MAX;
};

/// GaugeCell::shard_slot of a cell that has none.
constexpr std::uint32_t kNoShardSlot = UINT32_MAX;

/// A counter's total (0 for a gauge) and a cell's updates on one thread: written
/// only by that thread, summed over the threads when a report is made.
struct UpdateShard {
  std::atomic<std::uint64_t> total;
  std::atomic<std::uint64_t> updates;
};

/// A thread's shards, one per cell by GaugeCell::shard_slot; null until the thread
/// first updates a gauge or counter, and again once it has ended.
struct UpdateShards {
  std::uint32_t capacity;  ///< cells it has a shard for
  UpdateShard* shards;
};
extern HOTPATH_API __thread UpdateShards* t_update_shards
    __attribute__((tls_model("initial-exec")));

/// count_update() when the thread has no shard for the cell yet (its first update,
/// or a cell newer than its shards), or has ended (the update goes to the cell).
HOTPATH_API void count_update_slowly(GaugeCell& cell, std::uint64_t amount) noexcept;

/// Counts an update of `cell` (and for a counter, adds `amount` to its total) in
/// the calling thread's own shard: no read-modify-write, no cache line shared with
/// other threads, and still exact, since only this thread writes it.
HOTPATH_ALWAYS_INLINE void count_update(GaugeCell& cell, std::uint64_t amount) noexcept {
  UpdateShards* const own = t_update_shards;
  const std::uint32_t slot = cell.shard_slot;
  if (HOTPATH_LIKELY(own != nullptr && slot < own->capacity)) {
    UpdateShard& shard = own->shards[slot];
    shard.total.store(shard.total.load(std::memory_order_relaxed) + amount,
                      std::memory_order_relaxed);
    shard.updates.store(shard.updates.load(std::memory_order_relaxed) + 1,
                        std::memory_order_relaxed);
    return;
  }
  count_update_slowly(cell, amount);
}

/// Lowers `bound` to `value` (or raises it, with `greater`); the load alone when
/// `value` is inside the bounds already, as it is for most updates.
HOTPATH_ALWAYS_INLINE void widen_bound(std::atomic<std::int64_t>& bound, std::int64_t value,
                                       bool greater) noexcept {
  std::int64_t seen = bound.load(std::memory_order_relaxed);
  while (greater ? value > seen : value < seen) {
    if (bound.compare_exchange_weak(seen, value, std::memory_order_relaxed)) return;
  }
}

HOTPATH_ALWAYS_INLINE void note_gauge_value(GaugeCell& cell, std::int64_t value) noexcept {
  // Bounds first: a report that sees the update counted sees them widened.
  widen_bound(cell.min, value, false);
  widen_bound(cell.max, value, true);
  count_update(cell, 0);
}

}  // namespace detail

// The value's modification order is the gauge's time order: the last value is
// that of the update last in it, whichever thread made it.
inline void Gauge::set(std::int64_t value) const noexcept {
  cell_->value.store(value, std::memory_order_relaxed);
  detail::note_gauge_value(*cell_, value);
}

inline void Gauge::add(std::int64_t delta) const noexcept {
  // Wraps around as unsigned arithmetic does rather than overflow.
  const std::int64_t value = static_cast<std::int64_t>(
      static_cast<std::uint64_t>(cell_->value.fetch_add(delta, std::memory_order_relaxed)) +
      static_cast<std::uint64_t>(delta));
  detail::note_gauge_value(*cell_, value);
}

inline void Counter::add(std::uint64_t amount) const noexcept {
  detail::count_update(*cell_, amount);
}

#endif

}  // namespace hotpath

#endif  // HOTPATH_GAUGES_HPP
