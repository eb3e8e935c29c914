// A program served live that ends at once: its server's thread may not have begun
// to listen when the program stops it at exit, and the program must end all the
// same (it once waited in the thread's accept() for ever). 60 runs at once, so
// that some threads wait for a core, each bounded.
//
// REQUIRES: live
// RUN: %gxx -std=c++17 -O2 %hotpath_cflags %s -o %t %hotpath_libs
// RUN: %python %S/Inputs/quick_exit_runs.py %t 60 | FileCheck %s
//
// CHECK: runs 60 ended with ['0']
#include <hotpath/hotpath.hpp>

HOTPATH_NOINLINE int measured() {
  HOTPATH_MEASURE();
  return 0;
}

int main() { return measured(); }
