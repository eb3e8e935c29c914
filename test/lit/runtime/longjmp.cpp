// A longjmp out of measured calls ends them there: each counts as one call that
// ended at the jump, the shadow stack is what the jump's target left, and the
// report at the end appears (it used to spin forever on the stale frames). Through
// longjmp, the fortified __longjmp_chk (g++ -O2 -D_FORTIFY_SOURCE=2), and
// siglongjmp out of a signal handler.
//
// RUN: %clangxx -std=c++17 -O1 %hotpath_cflags %s -o %t %hotpath_libs
// RUN: env HOTPATH_OUTPUT_FORMAT=json timeout 60 %t | FileCheck %s
// RUN: %gxx -std=c++17 -O2 -D_FORTIFY_SOURCE=2 %hotpath_cflags %s -o %t.fortified %hotpath_libs
// RUN: nm -D %t.fortified | FileCheck %s --check-prefix=FORTIFIED
// RUN: env HOTPATH_OUTPUT_FORMAT=json timeout 60 %t.fortified | FileCheck %s

#include <hotpath/hotpath.hpp>

#include <setjmp.h>
#include <signal.h>

#include <cstdio>

namespace {

jmp_buf g_jump;
sigjmp_buf g_signal_jump;

}  // namespace

namespace app {

// Recursion puts several frames of one function between the jump and its target.
void inner(int depth) {
  HOTPATH_MEASURE();
  if (depth == 0) longjmp(g_jump, 1);
  inner(depth - 1);
}

void outer() {
  HOTPATH_MEASURE();
  inner(2);
}

void interrupted() {
  HOTPATH_MEASURE();
  raise(SIGUSR1);
}

// Called after the jumps, from the same stack depth their frames had.
int after(int value) {
  HOTPATH_MEASURE();
  char scratch[256];
  std::snprintf(scratch, sizeof scratch, "%d", value);
  return scratch[0] - '0';
}

}  // namespace app

extern "C" void leave_by_jump(int) { siglongjmp(g_signal_jump, 1); }

int main() {
  auto session = hotpath::GuardBuilder("main").build();
  {
    HOTPATH_MEASURE_BLOCK("main_block");
    for (int round = 0; round < 2; ++round) {
      if (setjmp(g_jump) == 0) app::outer();
    }
  }
  signal(SIGUSR1, leave_by_jump);
  if (sigsetjmp(g_signal_jump, 1) == 0) app::interrupted();
  int sum = 0;
  for (int i = 0; i < 5; ++i) sum += app::after(i);
  return sum == 10 ? 0 : 1;
}

// FORTIFIED: __longjmp_chk

// CHECK-DAG: {"name":"app::outer","signature":"{{[^"]*}}","calls":2,
// CHECK-DAG: {"name":"app::inner","signature":"{{[^"]*}}","calls":6,
// CHECK-DAG: {"name":"app::interrupted","signature":"{{[^"]*}}","calls":1,
// CHECK-DAG: {"name":"app::after","signature":"{{[^"]*}}","calls":5,
// CHECK-DAG: {"name":"main_block","signature":"{{[^"]*}}","calls":1,
// CHECK-DAG: {"name":"main","signature":"{{[^"]*}}","calls":1,
