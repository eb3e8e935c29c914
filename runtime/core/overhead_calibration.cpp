// Measuring the guard overhead on a private shadow stack: a caller measured with
// measured callees against the same caller with plain ones.
#include "core/overhead_calibration.hpp"

#include <algorithm>
#include <atomic>
#include <limits>
#include <memory>

#include "core/adaptive_timing.hpp"
#include "core/registry.hpp"
#include "hotpath/detail/clock.hpp"
#include "hotpath/detail/recording.hpp"
#include "hotpath/scope_guard.hpp"
#include "hotpath/site.hpp"
#include "own_threads/own_thread.hpp"

namespace hotpath::detail {
namespace {

std::atomic<std::uint64_t> g_own_ticks{0};
std::atomic<std::uint64_t> g_nested_ticks{0};
std::atomic<std::uint64_t> g_untimed_fractions{0};
std::atomic<std::uint64_t> g_fenced_own_ticks{0};
std::atomic<std::uint64_t> g_fenced_nested_ticks{0};
std::atomic<bool> g_adaptive_measured{false};

constexpr std::uint32_t kCallerSite = 1;
constexpr std::uint32_t kCalleeSite = 2;
constexpr std::uint32_t kLeafSite = 3;
constexpr int kRounds = 7;
constexpr int kCallsPerRound = 100;
// Each call of the caller makes a binary tree of calls of this depth, as recursive
// code does: 2 + 4 + 8 callees, the 8 at the bottom leaves.
constexpr int kTreeDepth = 3;
constexpr int kCalleesPerCall = (2 << kTreeDepth) - 2;
// The calibration's averages are kept in 1/kFraction of a tick until the figures
// are rounded to whole ticks, to the nearest (the untimed call's stays in them).
constexpr std::uint64_t kFraction = kOverheadFraction;

std::uint64_t nearest_tick(std::uint64_t fractions) noexcept {
  return (fractions + kFraction / 2) / kFraction;
}

/// A shadow stack of its own: a root, a caller and a callee node with their edges
/// cached, and slots whose histogram rows all exist, so that no guard on it leaves
/// the inline path (which would register with the runtime).
struct PrivateStack {
  ThreadState state{};
  CallNode root{};
  CallNode caller{};
  CallNode callee{};
  CallNode leaf{};
  FunctionSlot caller_slot{};
  FunctionSlot callee_slot{};
  FunctionSlot leaf_slot{};
  /// The slots by site id, as the thread's table has them.
  FunctionSlot* slot_table[kLeafSite + 1] = {nullptr, &caller_slot, &callee_slot, &leaf_slot};
  std::unique_ptr<HistogramRow[]> rows{new HistogramRow[3 * kHistogramRows]()};
  Site caller_site{"hotpath calibration caller", nullptr, __FILE__, __LINE__};
  Site callee_site{"hotpath calibration callee", nullptr, __FILE__, __LINE__};
  Site leaf_site{"hotpath calibration leaf", nullptr, __FILE__, __LINE__};

  PrivateStack() {
    caller_site.assign_id(kCallerSite);
    callee_site.assign_id(kCalleeSite);
    leaf_site.assign_id(kLeafSite);
    for (CallNode* node : {&root, &caller, &callee, &leaf}) {
      for (std::uint32_t& site : node->edge_sites) site = kNoCallSite;
    }
    link(root, caller, kCallerSite, 0);
    link(caller, callee, kCalleeSite, 0);
    link(callee, callee, kCalleeSite, kReenteringEdge);
    link(callee, leaf, kLeafSite, 0);
    caller.slot = &caller_slot;
    callee.slot = &callee_slot;
    leaf.slot = &leaf_slot;
    state.call_root = &root;
    state.slots = slot_table;
    state.slot_capacity = kLeafSite + 1;
    FunctionSlot* slots[] = {&caller_slot, &callee_slot, &leaf_slot};
    for (unsigned slot = 0; slot < 3; ++slot) {
      for (unsigned row = 0; row < kHistogramRows; ++row)
        slots[slot]->rows[row].store(&rows[slot * kHistogramRows + row], std::memory_order_relaxed);
    }
  }

  static void link(CallNode& from, CallNode& to, std::uint32_t site, CallEdge flags) {
    from.edge_sites[first_edge_way(site)] = site;
    from.edges[first_edge_way(site)] = reinterpret_cast<CallEdge>(&to) | flags;
  }

  /// Makes the callees and the leaves adaptive (`untimed`: see restart_untimed), or
  /// timed.
  void set_callees_untimed(bool untimed) {
    const std::uint32_t adaptive = untimed ? kAdaptiveLeaf : 0;
    callee_slot.adaptive.store(adaptive, std::memory_order_relaxed);
    leaf_slot.adaptive.store(adaptive, std::memory_order_relaxed);
  }

  /// Restarts the adaptive callees' counts: the kCalleesPerCall calls of one call
  /// of the caller are then all untimed (the first timed one would be the
  /// kAdaptivePeriod-th).
  void restart_untimed() {
    static_assert(kCalleesPerCall < kAdaptivePeriod, "a caller's callees are all untimed");
    restart_adaptive_count(callee_slot, 0);
    restart_adaptive_count(leaf_slot, 0);
  }

  /// The average of the durations summed in `total` over the `calls` counted since
  /// the last reset, in 1/kFraction of a tick: the figures are differences of such
  /// averages divided by the callees, and each tick truncated away would be
  /// multiplied, in the report, by the calls nested in a call.
  static std::uint64_t average_and_reset(Counter& calls, Counter& total) {
    const std::uint64_t count = calls.load(std::memory_order_relaxed);
    const std::uint64_t sum = total.load(std::memory_order_relaxed);
    calls.store(0, std::memory_order_relaxed);
    total.store(0, std::memory_order_relaxed);
    return count == 0 ? 0 : sum * kFraction / count;
  }

  /// The average measured duration of the timed calls of `slot`.
  static std::uint64_t average_and_reset(FunctionSlot& slot) {
    return average_and_reset(slot.calls, slot.total_ticks);
  }

  /// The same for the calls adaptive timing chose to time.
  static std::uint64_t chosen_average_and_reset(FunctionSlot& slot) {
    return average_and_reset(slot.sampled_calls, slot.sampled_total_ticks);
  }
};

/// The guard of a call adaptive timing chose to time, without the count that
/// chooses it: every call of the calibration's is one. Its timed path is the
/// guard's own (start_timed_call, end_timed_call), calls and all.
class ChosenGuard {
 public:
  HOTPATH_ALWAYS_INLINE explicit ChosenGuard(const Site& site) noexcept : state_(&t_thread_state) {
    Frame* const parent = state_->top;
    start_timed_call(*state_, frame_, parent, call_edge_for(*state_, parent, site) | kAdaptiveEdge);
  }
  HOTPATH_ALWAYS_INLINE ~ChosenGuard() { end_timed_call(*state_, frame_); }

  ChosenGuard(const ChosenGuard&) = delete;
  ChosenGuard& operator=(const ChosenGuard&) = delete;

 private:
  ThreadState* state_;
  Frame frame_;
};

/// A callee measured by `Guard` (the guard every measured call has, or the chosen
/// call's), calling two more down to the leaves.
template <typename Guard>
HOTPATH_NOINLINE void guarded_callee(PrivateStack& stack, int depth) {
  if (depth == 0) {
    Guard guard(stack.leaf_site);
    __asm__ __volatile__("" ::: "memory");
    return;
  }
  Guard guard(stack.callee_site);
  guarded_callee<Guard>(stack, depth - 1);
  guarded_callee<Guard>(stack, depth - 1);
}

HOTPATH_NOINLINE void plain_callee(PrivateStack& stack, int depth) {
  __asm__ __volatile__("" ::: "memory");
  if (depth == 0) return;
  plain_callee(stack, depth - 1);
  plain_callee(stack, depth - 1);
}

template <void (*Callee)(PrivateStack&, int)>
HOTPATH_NOINLINE void caller(PrivateStack& stack) {
  ScopeGuard guard(stack.caller_site);
  Callee(stack, kTreeDepth - 1);
  Callee(stack, kTreeDepth - 1);
}

/// The calling thread's state swapped for the private stack's while it lives. The
/// guards then run as user code's do, on the calling thread's state. The thread's
/// own signal handlers (CPU samples, dumps) read its state: they wait meanwhile.
class OnPrivateStack {
 public:
  explicit OnPrivateStack(PrivateStack& stack) noexcept : saved_(t_thread_state) {
    t_thread_state = stack.state;
    // No chosen call counts as held up: each stands for others.
    t_thread_state.adaptive_threshold_ticks = ~std::uint64_t{0} / kFraction;
    // Anything allocated meanwhile is the runtime's.
    t_thread_state.runtime_depth = 1;
  }
  ~OnPrivateStack() {
    // What the calls carved from the private state's arena (logs of recent calls,
    // when live metrics keep them) goes with it.
    arena_release(t_thread_state);
    t_thread_state = saved_;
  }

  OnPrivateStack(const OnPrivateStack&) = delete;
  OnPrivateStack& operator=(const OnPrivateStack&) = delete;

 private:
  const SignalsBlocked blocked_;  // before the swap, after the restore
  const ThreadState saved_;
};

/// The caller's average measured duration over kCallsPerRound calls with
/// `Callee`s, in 1/kFraction of a tick. `restart_untimed`: each call's adaptive
/// callees are all untimed.
template <void (*Callee)(PrivateStack&, int)>
std::uint64_t caller_average(PrivateStack& stack, bool restart_untimed = false) {
  for (int call = 0; call < kCallsPerRound; ++call) {
    if (restart_untimed) stack.restart_untimed();
    caller<Callee>(stack);
  }
  return PrivateStack::average_and_reset(stack.caller_slot);
}

/// What each callee added to its caller's average in `with_callees`, against
/// `with_plain`, the same caller's average with plain callees.
std::uint64_t per_callee(std::uint64_t with_callees, std::uint64_t with_plain) noexcept {
  return with_callees > with_plain ? (with_callees - with_plain) / kCalleesPerCall : 0;
}

/// The median of the rounds' figures (each is the difference of two averages, and
/// an interrupt can disturb either).
std::uint64_t median(std::uint64_t (&rounds)[kRounds]) noexcept {
  std::nth_element(rounds, rounds + kRounds / 2, rounds + kRounds);
  return rounds[kRounds / 2];
}

}  // namespace

GuardOverhead measure_timed_guard_overhead() noexcept {
  PrivateStack stack;
  const OnPrivateStack on_stack(stack);
  std::uint64_t own = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t measured_callee[kRounds];
  for (int round = 0; round < kRounds; ++round) {
    const std::uint64_t with_plain = caller_average<plain_callee>(stack);
    const std::uint64_t with_measured = caller_average<guarded_callee<ScopeGuard>>(stack);
    own = std::min(own, PrivateStack::average_and_reset(stack.leaf_slot));
    PrivateStack::average_and_reset(stack.callee_slot);
    measured_callee[round] = per_callee(with_measured, with_plain);
  }
  // A clock read's worth: the smallest seen.
  GuardOverhead overhead;
  overhead.own_ticks = nearest_tick(own);
  // Less the callee's own measured duration, which its own compensation removes.
  const std::uint64_t nested = median(measured_callee);
  overhead.nested_ticks = nested > own ? nearest_tick(nested - own) : 0;
  return overhead;
}

void measure_adaptive_guard_overhead(GuardOverhead& overhead) noexcept {
  PrivateStack stack;
  const OnPrivateStack on_stack(stack);
  std::uint64_t fenced_own = std::numeric_limits<std::uint64_t>::max();
  std::uint64_t untimed_callee[kRounds];
  std::uint64_t chosen_callee[kRounds];
  for (int round = 0; round < kRounds; ++round) {
    const std::uint64_t with_plain = caller_average<plain_callee>(stack);
    stack.set_callees_untimed(true);
    const std::uint64_t with_untimed = caller_average<guarded_callee<ScopeGuard>>(stack, true);
    stack.set_callees_untimed(false);
    const std::uint64_t with_chosen = caller_average<guarded_callee<ChosenGuard>>(stack);
    fenced_own = std::min(fenced_own, PrivateStack::chosen_average_and_reset(stack.leaf_slot));
    PrivateStack::chosen_average_and_reset(stack.callee_slot);
    untimed_callee[round] = per_callee(with_untimed, with_plain);
    chosen_callee[round] = per_callee(with_chosen, with_plain);
  }
  overhead.untimed_fractions = median(untimed_callee);
  overhead.fenced_own_ticks = nearest_tick(fenced_own);
  const std::uint64_t chosen = median(chosen_callee);
  overhead.fenced_nested_ticks = chosen > fenced_own ? nearest_tick(chosen - fenced_own) : 0;
  overhead.adaptive_measured = true;
}

void set_guard_overhead(const GuardOverhead& overhead) noexcept {
  g_own_ticks.store(overhead.own_ticks, std::memory_order_relaxed);
  g_nested_ticks.store(overhead.nested_ticks, std::memory_order_relaxed);
  g_untimed_fractions.store(overhead.untimed_fractions, std::memory_order_relaxed);
  g_fenced_own_ticks.store(overhead.fenced_own_ticks, std::memory_order_relaxed);
  g_fenced_nested_ticks.store(overhead.fenced_nested_ticks, std::memory_order_relaxed);
  g_adaptive_measured.store(overhead.adaptive_measured, std::memory_order_relaxed);
}

GuardOverhead guard_overhead() noexcept {
  GuardOverhead overhead;
  overhead.own_ticks = g_own_ticks.load(std::memory_order_relaxed);
  overhead.nested_ticks = g_nested_ticks.load(std::memory_order_relaxed);
  overhead.untimed_fractions = g_untimed_fractions.load(std::memory_order_relaxed);
  overhead.fenced_own_ticks = g_fenced_own_ticks.load(std::memory_order_relaxed);
  overhead.fenced_nested_ticks = g_fenced_nested_ticks.load(std::memory_order_relaxed);
  overhead.adaptive_measured = g_adaptive_measured.load(std::memory_order_relaxed);
  return overhead;
}

Compensation compensation_of(const GuardOverhead& overhead, const TickConverter& ticks) noexcept {
  Compensation compensation;
  compensation.enabled = overhead.own_ticks != 0 || overhead.nested_ticks != 0;
  compensation.per_call_ns = static_cast<double>(overhead.own_ticks) * ticks.ns_per_tick();
  compensation.per_nested_call_ns =
      static_cast<double>(overhead.own_ticks + overhead.nested_ticks) * ticks.ns_per_tick();
  compensation.adaptive_measured = overhead.adaptive_measured;
  compensation.per_untimed_call_ns =
      static_cast<double>(overhead.untimed_fractions) / kOverheadFraction * ticks.ns_per_tick();
  compensation.per_chosen_call_ns =
      static_cast<double>(overhead.fenced_own_ticks) * ticks.ns_per_tick();
  compensation.per_nested_chosen_call_ns =
      static_cast<double>(overhead.fenced_own_ticks + overhead.fenced_nested_ticks) *
      ticks.ns_per_tick();
  return compensation;
}

}  // namespace hotpath::detail
