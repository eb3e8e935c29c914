// The review of adaptive timing: after each kAdaptiveReviewCalls timed calls of a
// function on a thread, on that thread.
#include "core/adaptive_timing.hpp"

#include <atomic>

#include "core/call_tree.hpp"
#include "core/registry.hpp"
#include "hotpath/detail/recording.hpp"

namespace hotpath::detail {
namespace {

std::atomic<std::uint64_t> g_threshold_ticks{0};
/// Functions that turned adaptive, on any thread: each starts its count elsewhere.
std::atomic<std::uint64_t> g_adaptive_functions{0};
constexpr std::uint64_t kAdaptiveOriginStride = 83;

/// Makes the function's calls adaptive: the mark the guards and the readers go by.
/// `recursive`: it was active below the call that ended.
void make_adaptive(FunctionSlot& slot, bool recursive) noexcept {
  // Functions that turn adaptive one after the other start at places of the period
  // far apart (83 and the period are coprime): each a call, a caller and its callee
  // do not both choose the same calls, which would time the caller with a fenced
  // callee in it every time.
  const std::uint64_t origin =
      (g_adaptive_functions.fetch_add(1, std::memory_order_relaxed) * kAdaptiveOriginStride) %
      kAdaptivePeriod;
  slot.adaptive_calls_origin.store(origin, std::memory_order_relaxed);
  restart_adaptive_count(slot, origin);
  slot.adaptive.store(recursive ? kAdaptiveRecursive : kAdaptiveLeaf, std::memory_order_relaxed);
}

}  // namespace

void set_adaptive_threshold(std::uint64_t ticks) noexcept {
  g_threshold_ticks.store(ticks, std::memory_order_relaxed);
}

std::uint64_t adaptive_threshold() noexcept {
  return g_threshold_ticks.load(std::memory_order_relaxed);
}

std::uint64_t adaptive_threshold_for(const GuardOverhead& overhead) noexcept {
  return kAdaptiveGuardMultiple * (overhead.own_ticks + overhead.nested_ticks);
}

AdaptiveTiming adaptive_timing_of(const TickConverter& ticks) noexcept {
  AdaptiveTiming settings;
  const std::uint64_t threshold = adaptive_threshold();
  settings.enabled = threshold != 0;
  settings.threshold_ns = static_cast<double>(threshold) * ticks.ns_per_tick();
  settings.review_calls = kAdaptiveReviewCalls;
  settings.period = kAdaptivePeriod;
  return settings;
}

void record_sampled_call(const ThreadState& state, FunctionSlot& slot, std::uint64_t inclusive,
                         std::uint64_t self, std::uint64_t overhead) noexcept {
  add_owned(slot.sampled_calls, 1);
  // A recursive function's chosen calls hold others, and are long by right.
  const bool held_up = inclusive / kAdaptiveHeldUpMultiple >= state.adaptive_threshold_ticks &&
                       slot.adaptive.load(std::memory_order_relaxed) != kAdaptiveRecursive;
  if (!held_up) {
    add_owned(slot.sampled_total_ticks, inclusive);
    add_owned(slot.sampled_self_ticks, self);
    add_owned(slot.sampled_overhead_ticks, overhead);
  } else {
    // Far longer than the calls that made the function adaptive: most likely a
    // call the scheduler or an interrupt held up. It stands for itself only, as
    // the untimed calls held up likewise go unseen.
    add_owned(slot.held_up_calls, 1);
    add_owned(slot.total_ticks, inclusive);
    add_owned(slot.self_ticks, self);
    add_owned(slot.overhead_ticks, overhead);
  }
  const std::uint64_t value = g_exclusive_time ? self : inclusive;
  record_extremes(slot, value);
  add_to_histogram(slot.rows, value);
}

void finish_chosen_call(ThreadState& state, Frame& frame, std::uint64_t end_ticks) noexcept {
  const PoppedCall call = pop_frame(state, frame, end_ticks, state.fenced_own_overhead_ticks,
                                    state.fenced_nested_overhead_ticks);
  record_sampled_call(state, *frame.slot, call.inclusive, call.self,
                      call.measured - call.inclusive);
  record_call_node(frame.call_edge, call.inclusive, call.self);
  record_allocations(state, frame);
  if (HOTPATH_UNLIKELY(g_records_calls)) record_finished_call(state, frame, end_ticks);
}

void review_timing(ThreadState& state, FunctionSlot& slot) noexcept {
  const std::uint64_t total = slot.total_ticks.load(std::memory_order_relaxed);
  const std::uint64_t window = total - slot.reviewed_total_ticks;
  slot.reviewed_total_ticks = total;
  // Off; or a private shadow stack (the overhead calibration's), which has no tree;
  // or time sampling, which already leaves calls untimed, by a rate of its own.
  if (state.adaptive_threshold_ticks == 0 || state.call_tree == nullptr ||
      __atomic_load_n(&state.untimed_between, __ATOMIC_RELAXED) != 0 ||
      slot.adaptive.load(std::memory_order_relaxed) != 0)
    return;
  // The window is the kAdaptiveReviewCalls calls since the last review (a forked
  // child's cleared counts make it wrap: no switch then).
  if (window >= state.adaptive_threshold_ticks * kAdaptiveReviewCalls) return;
  RuntimeScope runtime;
  // The function recursed when a call of it is active below the one that ended:
  // on the path of measured calls to the thread's innermost one.
  const CallNode* innermost =
      state.top != nullptr ? node_of(state.top->call_edge) : state.call_root;
  const bool recursive = innermost != nullptr && active_node(*innermost, slot) != nullptr;
  if (!state.adaptive_overhead_loaded) Registry::instance().load_adaptive_overhead(state);
  make_adaptive(slot, recursive);
}

}  // namespace hotpath::detail
