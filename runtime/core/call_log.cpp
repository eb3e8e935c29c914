// Logging finished calls (see the header), and the guard's slow path for every
// call recorded one by one: in the timeline, in the log of recent calls.
#include "core/call_log.hpp"

#include <unistd.h>

#include <algorithm>
#include <new>

#include "core/registry.hpp"

namespace hotpath::detail {

HOTPATH_API bool g_records_calls = false;

namespace {

std::atomic<std::uint32_t> g_capacity{0};

/// The calling thread's log of `slot`, made on its first logged call.
CallLog* log_of(ThreadState& state, FunctionSlot& slot, std::uint32_t capacity) {
  CallLog* log = slot.call_log.load(std::memory_order_relaxed);
  if (log != nullptr) return log;
  RuntimeScope runtime;  // the runtime's memory, no allocation of the program's
  void* memory = nullptr;
  try {
    memory = arena_allocate(state, CallLog::bytes_for(capacity));
  } catch (const std::bad_alloc&) {
    return nullptr;  // no log of this function on this thread; the call is counted
  }
  log = new (memory) CallLog();
  log->tid = static_cast<std::uint64_t>(::gettid());
  log->capacity = capacity;
  log->written.store(0, std::memory_order_relaxed);
  // Published after its fields: the live server may read it at once.
  slot.call_log.store(log, std::memory_order_release);
  return log;
}

void log_call(ThreadState& state, FunctionSlot& slot, std::uint64_t end_ticks,
              std::uint64_t duration_ticks) noexcept {
  const std::uint32_t capacity = g_capacity.load(std::memory_order_relaxed);
  CallLog* log = log_of(state, slot, capacity);
  if (log == nullptr) return;
  const std::uint64_t written = log->written.load(std::memory_order_relaxed);
  CallLog::Entry& entry = log->entries[written % log->capacity];
  entry.end_ticks.store(end_ticks, std::memory_order_relaxed);
  entry.duration_ticks.store(duration_ticks, std::memory_order_relaxed);
  log->written.store(written + 1, std::memory_order_release);
}

}  // namespace

std::size_t CallLog::bytes_for(std::uint32_t capacity) noexcept {
  return sizeof(CallLog) + (capacity > 1 ? capacity - 1 : 0) * sizeof(Entry);
}

void CallLog::read(std::vector<LoggedCall>& calls) const {
  const std::uint64_t before = written.load(std::memory_order_acquire);
  const std::uint64_t first = before > capacity ? before - capacity : 0;
  const std::size_t start = calls.size();
  for (std::uint64_t index = first; index < before; ++index) {
    const Entry& entry = entries[index % capacity];
    calls.push_back({entry.end_ticks.load(std::memory_order_relaxed),
                     entry.duration_ticks.load(std::memory_order_relaxed), tid});
  }
  // Entries the owner went on to overwrite while they were read are dropped.
  std::atomic_thread_fence(std::memory_order_acquire);
  const std::uint64_t after = written.load(std::memory_order_relaxed);
  const std::uint64_t still_valid = after > capacity ? after - capacity : 0;
  if (still_valid > first) {
    const auto overwritten = static_cast<std::ptrdiff_t>(std::min(still_valid, before) - first);
    calls.erase(calls.begin() + static_cast<std::ptrdiff_t>(start),
                calls.begin() + static_cast<std::ptrdiff_t>(start) + overwritten);
  }
}

std::uint32_t call_log_capacity() noexcept { return g_capacity.load(std::memory_order_relaxed); }

void enable_call_logs(std::uint32_t capacity) noexcept {
  g_capacity.store(std::max<std::uint32_t>(capacity, 1), std::memory_order_relaxed);
  __atomic_store_n(&g_records_calls, true, __ATOMIC_RELAXED);
}

void disable_call_logs() noexcept {
  g_capacity.store(0, std::memory_order_relaxed);
  __atomic_store_n(&g_records_calls, g_tracing, __ATOMIC_RELAXED);
}

void keep_latest(std::vector<LoggedCall>& calls, std::size_t limit) {
  std::sort(calls.begin(), calls.end(),
            [](const LoggedCall& a, const LoggedCall& b) { return a.end_ticks > b.end_ticks; });
  if (calls.size() > limit) calls.resize(limit);
}

void record_finished_call(ThreadState& state, const Frame& frame,
                          std::uint64_t end_ticks) noexcept {
  if (g_tracing) trace_call(state, frame, end_ticks);
  if (g_capacity.load(std::memory_order_relaxed) == 0) return;
  // The call's duration as finish_frame recorded it: measured, less the overhead.
  const std::uint64_t measured = end_ticks - frame.start_ticks;
  const std::uint64_t overhead = state.own_overhead_ticks + frame.child_overhead;
  log_call(state, *frame.slot, end_ticks, measured > overhead ? measured - overhead : 0);
}

}  // namespace hotpath::detail
