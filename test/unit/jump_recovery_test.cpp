// Ending the calls a longjmp leaves: which frames end, in which order, with what
// times, and where the walk must stop.
#include "core/jump_recovery.hpp"

#include <gtest/gtest.h>

#include <memory>

#include "hotpath/scope_guard.hpp"
#include "test_support.hpp"

namespace hotpath::detail {
namespace {

// Sites stay registered for the life of the process.
Site g_outer_site("jump.outer", nullptr, __FILE__, __LINE__);
Site g_inner_site("jump.inner", nullptr, __FILE__, __LINE__);
Site g_other_stack_site("jump.other_stack", nullptr, __FILE__, __LINE__);
Site g_off_stack_site("jump.off_stack", nullptr, __FILE__, __LINE__);
Site g_registers_site("jump.registers", nullptr, __FILE__, __LINE__);

/// Frames as a stack holds them: index 0 at the lowest address, the innermost call.
struct FakeStack {
  Frame frames[4]{};
  StackRange range() const {
    return StackRange{reinterpret_cast<std::uintptr_t>(&frames[0]),
                      reinterpret_cast<std::uintptr_t>(&frames[4])};
  }
  std::uintptr_t address_of(int index) const {
    return reinterpret_cast<std::uintptr_t>(&frames[index]);
  }
};

void push(ThreadState& state, Frame& frame, const Site& site, std::uint64_t start) {
  push_frame(state, frame, site);
  frame.start_ticks = start;
}

TEST(JumpRecovery, EndsTheFramesBelowTheTargetInnermostFirst) {
  const test::WithoutCompensation exact_ticks;
  ThreadState& state = t_thread_state;
  Frame* const before = state.top;
  FakeStack stack;
  push(state, stack.frames[2], g_outer_site, 100);
  push(state, stack.frames[1], g_inner_site, 200);
  push(state, stack.frames[0], g_inner_site, 300);

  EXPECT_EQ(end_calls_below(state, stack.range(), stack.address_of(2), 1000), 2u);

  EXPECT_EQ(state.top, &stack.frames[2]);
  const FunctionTotals ended = test::totals_for(g_inner_site);
  EXPECT_EQ(ended.calls, 2u);
  EXPECT_EQ(ended.total_ticks, 700u + 800u);
  EXPECT_EQ(ended.self_ticks, 700u + 100u);  // the outer of the two includes the inner
  EXPECT_EQ(stack.frames[2].child_ticks, 800u);
  finish_frame(state, stack.frames[2], 1000);
  EXPECT_EQ(state.top, before);
  EXPECT_EQ(test::totals_for(g_outer_site).self_ticks, 100u);
}

TEST(JumpRecovery, AJumpToAnotherStackEndsNothing) {
  ThreadState& state = t_thread_state;
  Frame* const before = state.top;
  FakeStack stack;
  push(state, stack.frames[0], g_other_stack_site, 0);
  // User-level threads switch stacks with longjmp: the calls on this one go on.
  EXPECT_EQ(end_calls_below(state, stack.range(), stack.range().high + 4096, 10), 0u);
  EXPECT_EQ(state.top, &stack.frames[0]);
  finish_frame(state, stack.frames[0], 10);
  EXPECT_EQ(state.top, before);
}

TEST(JumpRecovery, StopsAtAFrameThatLivesOffTheStack) {
  ThreadState& state = t_thread_state;
  Frame* const before = state.top;
  FakeStack stack;
  auto elsewhere = std::make_unique<Frame>();  // a session's, a coroutine's
  push(state, stack.frames[3], g_off_stack_site, 0);
  push(state, *elsewhere, g_off_stack_site, 0);
  push(state, stack.frames[0], g_off_stack_site, 0);

  EXPECT_EQ(end_calls_below(state, stack.range(), stack.address_of(3), 10), 1u);

  EXPECT_EQ(state.top, elsewhere.get());
  finish_frame(state, *elsewhere, 10);
  finish_frame(state, stack.frames[3], 10);
  EXPECT_EQ(state.top, before);
}

TEST(JumpRecovery, AThreadRemembersItsStackWhenItRegisters) {
  { ScopeGuard guard(g_registers_site); }
  // The frame's address, not a local's: AddressSanitizer may keep locals on a stack
  // of its own.
  EXPECT_TRUE(remembered_thread_stack().contains(
      reinterpret_cast<std::uintptr_t>(__builtin_frame_address(0))));
}

}  // namespace
}  // namespace hotpath::detail
