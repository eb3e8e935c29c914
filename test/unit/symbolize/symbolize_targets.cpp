// Symbolizer test targets: a function that is never inlined, and a function with two
// levels of inlined callees whose last instruction is a call, the case where a return
// address belongs to the instruction after the inlined blocks.
#include "symbolize_targets.hpp"

namespace symbolize_test {
namespace {

// volatile: every store stays where the source puts it, on its own line.
volatile std::uintptr_t g_return_address = 0;
volatile unsigned g_outer_call_line = 0;
volatile unsigned g_middle_call_line = 0;
volatile unsigned g_inner_call_line = 0;
volatile unsigned g_after_call_line = 0;

[[gnu::noinline]] void record_return_address(unsigned line) {
  g_inner_call_line = line;
  g_return_address = reinterpret_cast<std::uintptr_t>(__builtin_return_address(0));
  // Whatever the callers keep in memory may have changed: nothing moves across the call.
  asm volatile("" ::: "memory");
}

}  // namespace

const unsigned kTargetFunctionLine = __LINE__ + 1;
[[gnu::noinline]] double target_function(int count, double scale) { return count * scale; }

[[gnu::always_inline]] inline void inner_callee(unsigned caller_line) {
  g_middle_call_line = caller_line;
  record_return_address(__LINE__);
}

[[gnu::always_inline]] inline void middle_callee(unsigned caller_line) {
  g_outer_call_line = caller_line;
  inner_callee(__LINE__);
}

[[gnu::noinline]] void outer_function(int value) {
  if (value < 0) return;
  middle_callee(__LINE__);
  g_after_call_line = __LINE__;
}

InlinedCall last_inlined_call() {
  return {g_return_address, g_outer_call_line, g_middle_call_line, g_inner_call_line,
          g_after_call_line};
}

}  // namespace symbolize_test

extern "C" [[gnu::noinline]] int symbolize_test_c_function(int value) { return value * 5 + 3; }
