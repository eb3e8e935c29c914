// Functions of the test program whose addresses the symbolizer tests look up. They are
// compiled with -g -O2, so inlining is real, and they report their own source lines so
// that the tests compare exact values.
#ifndef HOTPATH_TEST_UNIT_SYMBOLIZE_SYMBOLIZE_TARGETS_HPP
#define HOTPATH_TEST_UNIT_SYMBOLIZE_SYMBOLIZE_TARGETS_HPP

#include <cstdint>

namespace symbolize_test {

/// Never inlined; its whole definition is on line kTargetFunctionLine.
double target_function(int count, double scale);
extern const unsigned kTargetFunctionLine;

/// Lines and return address recorded by the last outer_function() call.
struct InlinedCall {
  std::uintptr_t return_address;  ///< right after the call that ends the inlined blocks
  unsigned outer_call_line;       ///< in outer_function: the call of middle_callee
  unsigned middle_call_line;      ///< in middle_callee: the call of inner_callee
  unsigned inner_call_line;       ///< in inner_callee: the call that records the address
  unsigned after_call_line;       ///< in outer_function: the statement after the inlined call,
                                  ///< the last of the function
};

/// Calls middle_callee(), which calls inner_callee(), both always inlined; the last
/// instruction of both inlined blocks is a call.
void outer_function(int value);
/// What the last outer_function() call recorded.
InlinedCall last_inlined_call();

}  // namespace symbolize_test

/// A C function, never inlined: its symbol is not mangled.
extern "C" int symbolize_test_c_function(int value);

#endif  // HOTPATH_TEST_UNIT_SYMBOLIZE_SYMBOLIZE_TARGETS_HPP
