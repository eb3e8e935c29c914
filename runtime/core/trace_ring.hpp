// A thread's timeline of measured calls (HOTPATH_TRACE): a ring of fixed size that
// only its thread writes, the oldest calls overwritten when it is full, and what
// the trace is made of once read.
#ifndef HOTPATH_RUNTIME_TRACE_RING_HPP
#define HOTPATH_RUNTIME_TRACE_RING_HPP

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "hotpath/detail/recording.hpp"

namespace hotpath::detail {

/// Marks the record of a coroutine instance's end in TracedCall::instance: its
/// start and end ticks are the instance's logical life, not a call's.
constexpr std::uint32_t kInstanceEnd = 0x8000'0000u;

/// One finished call, in ticks, or one piece of a coroutine instance.
struct TracedCall {
  std::uint64_t start_ticks = 0;
  std::uint64_t end_ticks = 0;
  std::uint32_t site = 0;
  /// 0 for a call; for a coroutine, its instance's trace id: a segment, or with
  /// kInstanceEnd set, the instance's whole life, recorded when it ended.
  std::uint32_t instance = 0;
};

/// The calls of one thread, read for the trace.
struct ThreadTrace {
  long tid = 0;
  std::string name;               ///< as in the report's thread rows
  std::vector<TracedCall> calls;  ///< oldest first
  std::uint64_t dropped = 0;      ///< calls overwritten by newer ones
};

/// Ring bytes per thread unless HOTPATH_TRACE_MB says otherwise.
constexpr std::size_t kDefaultTraceRingBytes = std::size_t{16} << 20;

/// The ring of one thread. Its memory is mapped when made and only touched as
/// calls fill it, so a thread that makes few calls costs a page.
class TraceRing {
 public:
  /// A ring of `bytes` (rounded down to whole calls) for the thread `tid`; null
  /// when the memory cannot be mapped.
  static TraceRing* create(std::size_t bytes, long tid) noexcept;
  ~TraceRing();
  TraceRing(const TraceRing&) = delete;
  TraceRing& operator=(const TraceRing&) = delete;

  /// Owner only.
  void append(std::uint64_t start_ticks, std::uint64_t end_ticks, std::uint32_t site,
              std::uint32_t instance = 0) noexcept {
    const std::uint64_t index = written_.load(std::memory_order_relaxed);
    // Announced before the slot is overwritten: a reader that sees any part of
    // this call also sees the announcement, and knows the slot may be torn (see
    // read()). The fence is no instruction on x86-64.
    writing_.store(index + 1, std::memory_order_relaxed);
    std::atomic_thread_fence(std::memory_order_release);
    Slot& slot = slots_[index % capacity_];
    slot.start_ticks.store(start_ticks, std::memory_order_relaxed);
    slot.end_ticks.store(end_ticks, std::memory_order_relaxed);
    slot.site.store(site, std::memory_order_relaxed);
    slot.instance.store(instance, std::memory_order_relaxed);
    written_.store(index + 1, std::memory_order_release);
  }

  /// The calls in the ring, read from any thread: while the owner writes, the
  /// calls it may be overwriting are left out (and counted as dropped).
  ThreadTrace read() const;
  /// Forgets every call (a forked child starts afresh).
  void clear() noexcept {
    written_.store(0, std::memory_order_relaxed);
    writing_.store(0, std::memory_order_relaxed);
  }
  long tid() const noexcept { return tid_; }

 private:
  struct Slot {
    Counter start_ticks;
    Counter end_ticks;
    std::atomic<std::uint32_t> site;
    std::atomic<std::uint32_t> instance;  ///< in what would be the slot's padding
  };
  TraceRing(Slot* slots, std::size_t capacity, std::size_t mapped_bytes, long tid) noexcept
      : slots_(slots), capacity_(capacity), mapped_bytes_(mapped_bytes), tid_(tid) {}

  Slot* slots_;
  std::size_t capacity_;
  std::size_t mapped_bytes_;
  long tid_;
  std::atomic<std::uint64_t> written_{0};  ///< calls appended
  std::atomic<std::uint64_t> writing_{0};  ///< calls appended or being appended
};

/// Records a piece of a coroutine instance in the calling thread's timeline (when
/// g_tracing): a segment, or with kInstanceEnd in `instance`, its whole life.
void trace_coroutine(ThreadState& state, std::uint64_t start_ticks, std::uint64_t end_ticks,
                     std::uint32_t site, std::uint32_t instance) noexcept;

/// The ring bytes of the threads that make their first traced call from now on.
void set_trace_ring_bytes(std::size_t bytes) noexcept;
std::size_t trace_ring_bytes() noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_TRACE_RING_HPP
