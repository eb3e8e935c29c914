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
/// during exit. One cache line of its own: an update owns it once, and updates of
/// two gauges on two threads do not contend.
struct alignas(64) GaugeCell {
  std::atomic<std::int64_t> value{0};     ///< a gauge's value, a counter's total (as unsigned)
  std::atomic<std::uint64_t> updates{0};  ///< set and add calls
  std::atomic<std::int64_t> min{INT64_MAX};
  std::atomic<std::int64_t> max{INT64_MIN};
};

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
  cell.updates.fetch_add(1, std::memory_order_relaxed);
  widen_bound(cell.min, value, false);
  widen_bound(cell.max, value, true);
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
  cell_->value.fetch_add(static_cast<std::int64_t>(amount), std::memory_order_relaxed);
  cell_->updates.fetch_add(1, std::memory_order_relaxed);
}

#endif

}  // namespace hotpath

#endif  // HOTPATH_GAUGES_HPP
