// Ending the measured calls that a longjmp leaves (see the header).
#include "core/jump_recovery.hpp"

#include <pthread.h>

#include "hotpath/detail/clock.hpp"

namespace hotpath::detail {
namespace {

// Plain thread-local data: read from the longjmp interposers, which may run in a
// signal handler.
__thread StackRange t_stack;

}  // namespace

void remember_thread_stack() noexcept {
  pthread_attr_t attributes;
  if (pthread_getattr_np(pthread_self(), &attributes) != 0) return;
  void* low = nullptr;
  std::size_t size = 0;
  if (pthread_attr_getstack(&attributes, &low, &size) == 0) {
    t_stack.low = reinterpret_cast<std::uintptr_t>(low);
    t_stack.high = t_stack.low + size;
  }
  pthread_attr_destroy(&attributes);
}

StackRange remembered_thread_stack() noexcept { return t_stack; }

unsigned end_calls_below(ThreadState& state, const StackRange& stack,
                         std::uintptr_t target_stack_pointer, std::uint64_t end_ticks) noexcept {
  if (!stack.contains(target_stack_pointer)) return 0;
  unsigned ended = 0;
  // The frames of one stack are nested: each one's parent is at a higher address,
  // so the walk stops at the target or at a frame that lives elsewhere.
  for (Frame* top = state.top; top != nullptr; top = state.top) {
    const auto address = reinterpret_cast<std::uintptr_t>(top);
    if (address < stack.low || address >= target_stack_pointer) break;
    finish_frame(state, *top, end_ticks);
    ++ended;
  }
  return ended;
}

unsigned end_calls_left_by_jump(std::uintptr_t target_stack_pointer) noexcept {
  ThreadState& state = t_thread_state;
  if (state.top == nullptr) return 0;
  return end_calls_below(state, t_stack, target_stack_pointer, now_ticks());
}

}  // namespace hotpath::detail
