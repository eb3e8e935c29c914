// A measured coroutine's instance and segments (hotpath/detail/coroutine_recording.hpp).
// Each step is out of line: a resume and a suspension cost one call each, about
// what a measured call's guard costs.
#include <atomic>
#include <new>

#include "core/coroutine_allocations.hpp"
#include "core/coroutine_paths.hpp"
#include "core/registry.hpp"
#include "core/trace_ring.hpp"
#include "hotpath/detail/clock.hpp"
#include "hotpath/detail/coroutine_recording.hpp"
#include "hotpath/detail/recording.hpp"

namespace hotpath::detail {
namespace {

/// The trace id of the next instance: ids run from 1 below kInstanceEnd, then wrap.
std::atomic<std::uint32_t> g_next_trace_id{1};

std::uint32_t new_trace_id() noexcept {
  for (;;) {
    const std::uint32_t id =
        g_next_trace_id.fetch_add(1, std::memory_order_relaxed) & (kInstanceEnd - 1);
    if (id != 0) return id;
  }
}

CoroutineSlot& coroutine_slot_of(ThreadState& state, FunctionSlot& slot) noexcept {
  CoroutineSlot* coroutine = slot.coroutine.load(std::memory_order_relaxed);
  if (HOTPATH_UNLIKELY(coroutine == nullptr)) {
    RuntimeScope runtime;
    coroutine = new (arena_allocate(state, sizeof(CoroutineSlot))) CoroutineSlot();
    coroutine->min_running.store(~std::uint64_t{0}, std::memory_order_relaxed);
    coroutine->min_suspended.store(~std::uint64_t{0}, std::memory_order_relaxed);
    // Release: a reader that sees the slot also sees it initialized.
    slot.coroutine.store(coroutine, std::memory_order_release);
  }
  return *coroutine;
}

void widen(Counter& min, Counter& max, std::uint64_t value) noexcept {
  if (value < min.load(std::memory_order_relaxed)) min.store(value, std::memory_order_relaxed);
  if (value > max.load(std::memory_order_relaxed)) max.store(value, std::memory_order_relaxed);
}

/// Records the instance's logical life, running and suspended time.
void record_instance(ThreadState& state, CoroutineInstance& instance, bool completed,
                     std::uint64_t end_ticks) noexcept {
  FunctionSlot& slot = *slot_for(state, *instance.site);
  const std::uint64_t measured = end_ticks - instance.start_ticks;
  const std::uint64_t own = state.own_overhead_ticks;
  const std::uint64_t logical = measured > own ? measured - own : 0;
  if (!instance.watched) {
    record_call(slot, logical, logical);
    add_owned(slot.overhead_ticks, measured - logical);
    return;
  }
  const std::uint64_t running = instance.running_ticks < logical ? instance.running_ticks : logical;
  const std::uint64_t suspended = logical - running;
  record_call(slot, logical, instance.self_ticks < logical ? instance.self_ticks : logical);
  add_owned(slot.overhead_ticks, measured - logical);
  CoroutineSlot& coroutine = coroutine_slot_of(state, slot);
  add_owned(completed ? coroutine.completed : coroutine.destroyed, 1);
  add_owned(coroutine.running_ticks, running);
  add_owned(coroutine.suspended_ticks, suspended);
  widen(coroutine.min_running, coroutine.max_running, running);
  widen(coroutine.min_suspended, coroutine.max_suspended, suspended);
  add_to_histogram(coroutine.running_rows, running);
  add_to_histogram(coroutine.suspended_rows, suspended);
  add_to_coroutine_path(instance.path, logical, running);
  if (HOTPATH_UNLIKELY(g_alloc_tracking)) record_instance_allocations(state, slot, instance);
}

}  // namespace

void begin_coroutine(CoroutineInstance& instance, const Site& site, bool watched) noexcept {
  instance.site = &site;
  instance.running_ticks = 0;
  instance.self_ticks = 0;
  instance.allocated = AllocTally{0, 0};
  instance.freed = AllocTally{0, 0};
  instance.running = false;
  instance.watched = watched;
  instance.trace_id = g_tracing ? new_trace_id() : 0;
  instance.path = 0;
  instance.resumed_over = nullptr;
  ThreadState& state = t_thread_state;
  // Registers the thread and the site on first use, before the clock is read.
  FunctionSlot& slot = *slot_for(state, site);
  if (!watched) {
    instance.state = &state;
    instance.start_ticks = now_ticks();
    return;
  }
  add_owned(coroutine_slot_of(state, slot).started, 1);
  // Created under the coroutine whose segment runs here (an eager start), or
  // under the one its initial suspension saw (a lazy start).
  std::uint32_t parent = state.starting_path;
  state.starting_path = 0;
  if (parent == 0) parent = running_coroutine_path();
  instance.path = coroutine_path(parent != 0 ? parent - 1 : 0, site.id());
  begin_segment(instance, true);
  instance.start_ticks = instance.segment.start_ticks;
}

void begin_segment(CoroutineInstance& instance, bool counted) noexcept {
  ThreadState& state = t_thread_state;
  instance.state = &state;
  // Left for a coroutine starting here: this one did not start.
  state.starting_path = 0;
  if (counted) add_owned(coroutine_slot_of(state, *slot_for(state, *instance.site)).resumes, 1);
  Frame* const parent = state.top;
  push_frame(state, instance.segment, parent, call_edge_for(state, parent, *instance.site));
  instance.resumed_over = static_cast<CoroutineInstance*>(state.running_coroutine);
  state.running_coroutine = &instance;
  instance.running = true;
  instance.segment.start_ticks = now_ticks();
}

void end_segment(CoroutineInstance& instance) noexcept {
  const std::uint64_t end_ticks = now_ticks();
  if (!instance.running) return;
  ThreadState& state = *instance.state;
  Frame& segment = instance.segment;
  instance.running = false;
  state.starting_path = 0;
  if (state.running_coroutine == &instance) state.running_coroutine = instance.resumed_over;
  // Only a measured scope left open across a suspension point (a hand-written
  // guard around a co_await) leaves another frame on top: that stack is no longer
  // the segment's to pop.
  if (HOTPATH_UNLIKELY(state.top != &segment)) return;
  const PoppedCall call =
      pop_frame(state, segment, end_ticks, state.own_overhead_ticks, state.nested_overhead_ticks);
  instance.running_ticks += call.inclusive;
  instance.self_ticks += call.self;
  record_call_node(segment.call_edge, call.inclusive, call.self);
  if (HOTPATH_UNLIKELY(g_alloc_tracking)) keep_segment_allocations(instance);
  if (HOTPATH_UNLIKELY(instance.trace_id != 0)) {
    trace_coroutine(state, segment.start_ticks, end_ticks, node_of(segment.call_edge)->site,
                    instance.trace_id);
  }
}

void end_coroutine(CoroutineInstance& instance) noexcept {
  const bool completed = instance.running;
  if (completed) end_segment(instance);
  ThreadState& state = t_thread_state;
  const std::uint64_t end_ticks = now_ticks();
  record_instance(state, instance, completed, end_ticks);
  if (HOTPATH_UNLIKELY(instance.trace_id != 0)) {
    trace_coroutine(state, instance.start_ticks, end_ticks, instance.site->id(),
                    instance.trace_id | kInstanceEnd);
  }
}

}  // namespace hotpath::detail
