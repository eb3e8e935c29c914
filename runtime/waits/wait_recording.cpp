// Per-function wait records. A wait is charged where it happened: to the innermost
// measured call as its own (self), and once to each function on the thread's
// shadow stack (inclusive), as CPU samples are. A wait is rare next to the calls
// around it (it costs a system call at least), so walking the stack here keeps
// the guard free of any wait bookkeeping.
#include "waits/wait_recording.hpp"

#include <new>

#include "core/registry.hpp"

namespace hotpath::detail {

HOTPATH_API bool g_wait_tracking = false;

namespace {

bool g_installed = false;

/// The calling thread's count of recorded waits: the id of its latest wait.
__thread std::uint64_t t_waits __attribute__((tls_model("initial-exec")));

WaitSlot& wait_slot_of(ThreadState& state, FunctionSlot& slot) {
  WaitSlot* waits = slot.waits.load(std::memory_order_relaxed);
  if (waits == nullptr) {
    waits = new (arena_allocate(state, sizeof(WaitSlot))) WaitSlot();
    // Release: a reader that sees the slot also sees it initialized.
    slot.waits.store(waits, std::memory_order_release);
  }
  return *waits;
}

}  // namespace

void install_wait_tracking() noexcept {
  g_installed = true;
  g_wait_tracking = true;
}

bool wait_tracking_installed() noexcept { return g_installed; }
void set_wait_attribution(bool on) noexcept { g_wait_tracking = on && g_installed; }

void record_wait(WaitCause cause, std::uint64_t ticks, std::uint64_t bytes) noexcept {
  ThreadState& state = t_thread_state;
  if (!g_wait_tracking || state.runtime_depth != 0 || state.top == nullptr) return;
  RuntimeScope runtime;
  const unsigned index = static_cast<unsigned>(cause);
  const std::uint64_t wait = ++t_waits;
  try {
    WaitSlot& innermost = wait_slot_of(state, *state.top->slot);
    add_owned(innermost.causes[index].self_count, 1);
    add_owned(innermost.causes[index].self_ticks, ticks);
    add_owned(innermost.self_io_bytes, bytes);
    unsigned visited = 0;
    for (const Frame* frame = state.top; frame != nullptr && visited < kShadowStackWalkLimit;
         frame = frame->parent, ++visited) {
      WaitSlot& waits = wait_slot_of(state, *frame->slot);
      if (waits.last_wait == wait) continue;
      waits.last_wait = wait;
      add_owned(waits.causes[index].count, 1);
      add_owned(waits.causes[index].ticks, ticks);
      add_owned(waits.io_bytes, bytes);
    }
  } catch (...) {
    // Out of memory for the record: this wait is lost, the program goes on.
  }
}

}  // namespace hotpath::detail
