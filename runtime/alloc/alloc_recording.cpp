// Per-call allocation records. A call's bytes are collected in its Frame by the
// hooks while it runs (note_allocation); when it ends they go to the function's
// AllocSlot: the per-call value into a histogram like durations, the counts into
// the totals. In cumulative mode a call also hands its counts to its caller, and
// only the outermost active call of a function adds to that function's totals,
// so that an allocation made during recursion counts once.
#include "alloc/alloc_recording.hpp"

#include <new>

#include "core/coroutine_allocations.hpp"
#include "core/registry.hpp"
#include "env_config.hpp"
#include "hotpath/detail/coroutine_recording.hpp"
#include "hotpath/detail/recording.hpp"

namespace hotpath::detail {

HOTPATH_API bool g_alloc_tracking = false;

namespace {

bool g_hooks_installed = false;
bool g_cumulative = false;

AllocSlot& alloc_slot_of(ThreadState& state, FunctionSlot& slot) {
  AllocSlot* alloc = slot.alloc.load(std::memory_order_relaxed);
  if (alloc == nullptr) {
    alloc = new (arena_allocate(state, sizeof(AllocSlot))) AllocSlot();
    alloc->min_bytes.store(~std::uint64_t{0}, std::memory_order_relaxed);
    // Release: a reader that sees the slot also sees it initialized.
    slot.alloc.store(alloc, std::memory_order_release);
  }
  return *alloc;
}

/// True when no caller of `frame` on its thread is a call of the same function.
bool outermost_call(const Frame& frame) noexcept {
  unsigned visited = 0;
  for (const Frame* caller = frame.parent; caller != nullptr && visited < kShadowStackWalkLimit;
       caller = caller->parent, ++visited) {
    if (caller->slot == frame.slot) return false;
  }
  return true;
}

}  // namespace

void install_alloc_tracking() noexcept {
  RuntimeScope runtime;
  g_cumulative = env_alloc_cumulative().value_or(false);
  g_hooks_installed = true;
  g_alloc_tracking = true;
}

bool alloc_hooks_installed() noexcept { return g_hooks_installed; }
bool alloc_cumulative() noexcept { return g_cumulative; }
void set_alloc_attribution(bool on) noexcept { g_alloc_tracking = on && g_hooks_installed; }

namespace {

/// Records one call's (or coroutine instance's) bytes in the function's AllocSlot:
/// the per-call value always, the totals when `add_totals`.
void record_call_bytes(ThreadState& state, FunctionSlot& slot, const AllocTally& allocated,
                       const AllocTally& freed, bool add_totals) noexcept {
  RuntimeScope runtime;
  try {
    AllocSlot& alloc = alloc_slot_of(state, slot);
    const std::uint64_t bytes = allocated.bytes;
    const std::uint64_t previous_calls = alloc.calls.load(std::memory_order_relaxed);
    alloc.calls.store(previous_calls + 1, std::memory_order_relaxed);
    if (bytes < alloc.min_bytes.load(std::memory_order_relaxed))
      alloc.min_bytes.store(bytes, std::memory_order_relaxed);
    if (bytes > alloc.max_bytes.load(std::memory_order_relaxed))
      alloc.max_bytes.store(bytes, std::memory_order_relaxed);
    if (previous_calls != 0)
      add_to_histogram(alloc.rows, alloc.pending_bytes.load(std::memory_order_relaxed));
    alloc.pending_bytes.store(bytes, std::memory_order_relaxed);

    if (add_totals) {
      add_owned(alloc.alloc_bytes, allocated.bytes);
      add_owned(alloc.alloc_count, allocated.count);
      add_owned(alloc.dealloc_bytes, freed.bytes);
      add_owned(alloc.dealloc_count, freed.count);
    }
  } catch (...) {
    // Out of memory for the record: the call's bytes are lost, the program goes on.
  }
}

/// In cumulative mode, `frame`'s caller gets the bytes of the call that ended.
void hand_to_caller(const Frame& frame) noexcept {
  if (!g_cumulative || frame.parent == nullptr) return;
  Frame& caller = *frame.parent;
  caller.allocated.bytes += frame.allocated.bytes;
  caller.allocated.count += frame.allocated.count;
  caller.freed.bytes += frame.freed.bytes;
  caller.freed.count += frame.freed.count;
}

void add_tally(AllocTally& to, const AllocTally& from) noexcept {
  to.bytes += from.bytes;
  to.count += from.count;
}

}  // namespace

void record_alloc_call(ThreadState& state, Frame& frame) noexcept {
  record_call_bytes(state, *frame.slot, frame.allocated, frame.freed,
                    !g_cumulative || outermost_call(frame));
  hand_to_caller(frame);
}

void keep_segment_allocations(CoroutineInstance& instance) noexcept {
  const Frame& segment = instance.segment;
  if ((segment.allocated.count | segment.freed.count) == 0) return;
  add_tally(instance.allocated, segment.allocated);
  add_tally(instance.freed, segment.freed);
  hand_to_caller(segment);
}

void record_instance_allocations(ThreadState& state, FunctionSlot& slot,
                                 const CoroutineInstance& instance) noexcept {
  if ((instance.allocated.count | instance.freed.count) == 0) return;
  record_call_bytes(state, slot, instance.allocated, instance.freed, true);
}

}  // namespace hotpath::detail
