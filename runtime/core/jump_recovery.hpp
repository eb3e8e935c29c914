// Measured calls that a longjmp leaves. Their guards' destructors never run, so
// their frames would stay on the thread's shadow stack, pointing into stack memory
// that later calls reuse. The longjmp interposers end them instead: each is recorded
// as a call that ended at the jump, innermost first, and the shadow stack is left
// exactly as the jump's target found it.
#ifndef HOTPATH_RUNTIME_JUMP_RECOVERY_HPP
#define HOTPATH_RUNTIME_JUMP_RECOVERY_HPP

#include <cstdint>

#include "hotpath/detail/recording.hpp"

namespace hotpath::detail {

/// The addresses of a thread's stack: [low, high).
struct StackRange {
  std::uintptr_t low = 0;
  std::uintptr_t high = 0;

  bool contains(std::uintptr_t address) const noexcept { return address >= low && address < high; }
};

/// Remembers the calling thread's stack; called when the thread registers (its
/// first measured call), where asking the C library is safe.
void remember_thread_stack() noexcept;

/// The calling thread's stack as remembered; empty before it registered.
StackRange remembered_thread_stack() noexcept;

/// Ends the calls on `state`'s shadow stack whose frames lie on `stack` below
/// `target_stack_pointer`, recording each as a call that ended at `end_ticks`.
/// Stops at the first frame that is not on `stack` (a session's, a coroutine's):
/// its lifetime cannot be told from addresses. Nothing when the target is not on
/// `stack` (a jump to another stack, as user-level threads do, leaves no call).
/// Returns the number of calls ended.
unsigned end_calls_below(ThreadState& state, const StackRange& stack,
                         std::uintptr_t target_stack_pointer, std::uint64_t end_ticks) noexcept;

/// end_calls_below for the calling thread, its remembered stack and now.
unsigned end_calls_left_by_jump(std::uintptr_t target_stack_pointer) noexcept;

}  // namespace hotpath::detail

#endif  // HOTPATH_RUNTIME_JUMP_RECOVERY_HPP
