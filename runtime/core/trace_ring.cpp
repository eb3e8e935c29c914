// The trace rings: mapping, reading while the owner writes, and the slow path of a
// traced call.
#include "core/trace_ring.hpp"

#include <sys/mman.h>
#include <unistd.h>

#include <algorithm>
#include <new>

#include "core/registry.hpp"

namespace hotpath::detail {

HOTPATH_API bool g_tracing = false;

namespace {

std::atomic<std::size_t> g_ring_bytes{kDefaultTraceRingBytes};
// Set on a thread whose ring could not be mapped: its calls are not traced, and
// the mapping is not tried again on every call.
thread_local bool t_no_ring = false;

}  // namespace

void set_trace_ring_bytes(std::size_t bytes) noexcept {
  g_ring_bytes.store(bytes, std::memory_order_relaxed);
}

std::size_t trace_ring_bytes() noexcept { return g_ring_bytes.load(std::memory_order_relaxed); }

TraceRing* TraceRing::create(std::size_t bytes, long tid) noexcept {
  const std::size_t capacity = std::max<std::size_t>(bytes / sizeof(Slot), 1);
  const std::size_t mapped = capacity * sizeof(Slot);
  void* memory = ::mmap(nullptr, mapped, PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (memory == MAP_FAILED) return nullptr;
  // Fresh anonymous pages are zero: the slots need no construction to be read.
  return new (std::nothrow) TraceRing(static_cast<Slot*>(memory), capacity, mapped, tid);
}

TraceRing::~TraceRing() { ::munmap(slots_, mapped_bytes_); }

ThreadTrace TraceRing::read() const {
  ThreadTrace trace;
  trace.tid = tid_;
  const std::uint64_t written = written_.load(std::memory_order_acquire);
  const std::uint64_t first = written > capacity_ ? written - capacity_ : 0;
  trace.calls.reserve(written - first);
  for (std::uint64_t index = first; index < written; ++index) {
    const Slot& slot = slots_[index % capacity_];
    trace.calls.push_back(TracedCall{slot.start_ticks.load(std::memory_order_relaxed),
                                     slot.end_ticks.load(std::memory_order_relaxed),
                                     slot.site.load(std::memory_order_relaxed),
                                     slot.instance.load(std::memory_order_relaxed)});
  }
  // Calls the owner wrapped over while they were copied may be torn: drop them.
  // `writing` counts the call being appended, if any, whose slot is that of the
  // call `writing - 1 - capacity`.
  std::atomic_thread_fence(std::memory_order_acquire);
  const std::uint64_t writing = writing_.load(std::memory_order_relaxed);
  const std::uint64_t still_whole = writing > capacity_ ? writing - capacity_ : 0;
  if (still_whole > first) {
    const std::uint64_t torn = std::min<std::uint64_t>(still_whole - first, trace.calls.size());
    trace.calls.erase(trace.calls.begin(), trace.calls.begin() + static_cast<std::ptrdiff_t>(torn));
  }
  trace.dropped = written - trace.calls.size();
  return trace;
}

namespace {

/// The thread's ring, mapped on its first traced call; null when it cannot be.
TraceRing* ring_of(ThreadState& state) noexcept {
  auto* ring = static_cast<TraceRing*>(state.trace_ring);
  if (HOTPATH_LIKELY(ring != nullptr)) return ring;
  if (t_no_ring) return nullptr;
  RuntimeScope runtime;
  ring = TraceRing::create(g_ring_bytes.load(std::memory_order_relaxed), ::gettid());
  if (ring == nullptr) {
    // The calls stay in the report; the trace says how many it lacks.
    t_no_ring = true;
    Registry::instance().note_untraced_thread();
    return nullptr;
  }
  Registry::instance().attach_trace_ring(state, ring);
  return ring;
}

}  // namespace

void trace_call(ThreadState& state, const Frame& frame, std::uint64_t end_ticks) noexcept {
  if (TraceRing* ring = ring_of(state))
    ring->append(frame.start_ticks, end_ticks, node_of(frame.call_edge)->site);
}

void trace_coroutine(ThreadState& state, std::uint64_t start_ticks, std::uint64_t end_ticks,
                     std::uint32_t site, std::uint32_t instance) noexcept {
  if (TraceRing* ring = ring_of(state)) ring->append(start_ticks, end_ticks, site, instance);
}

}  // namespace hotpath::detail
